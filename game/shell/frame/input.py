"""Raw pygame events -> named Actions, from data tables of bindings.

Keyboard, mouse and gamepads (hot-plugged, tracked by instance id) all end up as the
action names of scene.py, so scenes never look at key codes. Printable characters also
arrive as `text` actions. While the top scene edits text (`wants_text`), letter keys
give nothing: the text comes from TEXTINPUT events (accents and composed characters
too), and Backspace and Delete give the text characters "\\b" and "\\x7f" instead.
"""
from __future__ import annotations

import time

import pygame

from game.shell.frame.scene import Action

KEY_BINDINGS: dict[int, str] = {
    pygame.K_UP: "up", pygame.K_w: "up",
    pygame.K_DOWN: "down", pygame.K_s: "down",
    pygame.K_LEFT: "left", pygame.K_a: "left",
    pygame.K_RIGHT: "right",
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm", pygame.K_SPACE: "confirm",
    pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back",
    pygame.K_p: "pause",
    pygame.K_TAB: "next",
    pygame.K_r: "rotate", pygame.K_f: "flip",
    pygame.K_d: "draw",
    pygame.K_n: "end_turn",
    pygame.K_t: "announce_turn", pygame.K_e: "read_ends",
    pygame.K_h: "hint",
    pygame.K_v: "scoring",
    pygame.K_c: "coach",
    pygame.K_g: "take_advice",
    pygame.K_u: "undo",
    pygame.K_F11: "fullscreen",
}
# Keys that keep their action while text is being typed.
TEXT_MODE_KEYS = {pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
                  pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_F11}

# Keys that edit the text being typed: (action name, its fields).
TEXT_EDIT_KEYS: dict[int, tuple] = {
    pygame.K_BACKSPACE: ("text", {"char": "\b"}), pygame.K_DELETE: ("text", {"char": "\x7f"}),
    pygame.K_HOME: ("home", {}), pygame.K_END: ("end", {}),
}

# Standard (XInput-style) button numbers.
PAD_BUTTONS: dict[int, str] = {
    0: "confirm",   # A
    1: "back",      # B
    2: "rotate",    # X
    3: "draw",      # Y (in blank tiles, where nobody draws: end the turn)
    4: "prev",      # left shoulder
    5: "next",      # right shoulder
    6: "hint",      # Back / Select
    7: "pause",     # Start
    9: "undo",      # left stick pressed
    10: "coach",    # right stick pressed
}
PAD_HAT = {(0, 1): "up", (0, -1): "down", (-1, 0): "left", (1, 0): "right"}
STICK_THRESHOLD = 0.6
# Keys whose held repeats count (the app turns key repeat on): moving a focus. A held
# Enter, Esc or D acts once, so nothing is played or skipped by holding it.
REPEATING_KEYS = {pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_w,
                  pygame.K_a, pygame.K_s, pygame.K_TAB}
PAD_REPEAT = (0.35, 0.07)   # a held d-pad or stick repeats after 0.35 s, then every 0.07 s

MOUSE_BUTTONS = {1: "click", 3: "rclick"}


class InputMapper:
    """Turns one pygame event into zero or more Actions.

    `to_logical(pos)` converts window pixels to logical pixels (the app's letterbox)."""

    def __init__(self, to_logical=lambda pos: pos, now=time.perf_counter):
        self.to_logical = to_logical
        self.now = now
        self.pads: dict[int, object] = {}              # instance id -> Joystick
        self._stick: dict[tuple[int, int], int] = {}   # (instance, axis) -> -1, 0, +1
        self._held = None          # (direction, time of its next repeat) of a held pad
        self._keys_down: set[int] = set()
        self._key_char = ""          # the last key's character, pressed outside typing

    @property
    def holding(self) -> bool:
        """A d-pad or stick direction is held (its repeats are due in time)."""
        return self._held is not None

    def repeats(self) -> list[Action]:
        """The held pad direction again, when its repeat is due (as a held key repeats)."""
        if self._held is None or self.now() < self._held[1]:
            return []
        name = self._held[0]
        self._held = (name, self.now() + PAD_REPEAT[1])
        return [Action(name)]

    def _hold(self, name: str | None) -> list[Action]:
        self._held = None if name is None else (name, self.now() + PAD_REPEAT[0])
        return [] if name is None else [Action(name)]

    def translate(self, event, text_mode: bool = False) -> list[Action]:
        kind = event.type
        if kind == pygame.KEYUP:
            self._keys_down.discard(event.key)
        elif kind == pygame.WINDOWFOCUSLOST:          # its key-ups go to another window
            self._keys_down.clear()
        if kind == pygame.KEYDOWN:
            # its character, when the key acts as a key (Space that starts typing): the
            # TEXTINPUT after it is not typed
            self._key_char = "" if text_mode else getattr(event, "unicode", "") or ""
            repeat = event.key in self._keys_down
            self._keys_down.add(event.key)
            if repeat and not text_mode and event.key not in REPEATING_KEYS:
                return []
            return self._key(event, text_mode)
        if kind == pygame.TEXTINPUT:      # typed text, composed as the keyboard composes it
            consumed, self._key_char = self._key_char, ""
            if not text_mode or event.text == consumed:   # (the key that began typing)
                return []
            return [Action("text", char=c) for c in event.text if c.isprintable()]
        if kind == pygame.MOUSEMOTION:
            return [Action("point", pos=self.to_logical(event.pos))]
        if kind == pygame.MOUSEBUTTONDOWN and event.button in MOUSE_BUTTONS:
            return [Action(MOUSE_BUTTONS[event.button], pos=self.to_logical(event.pos))]
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return [Action("release", pos=self.to_logical(event.pos))]
        if kind == pygame.MOUSEWHEEL and event.y:
            step = 1 if event.y > 0 else -1
            return [Action("wheel", pos=self.to_logical(pygame.mouse.get_pos()), amount=step)]
        if kind == pygame.JOYDEVICEADDED:
            self._plug(event.device_index)
        elif kind == pygame.JOYDEVICEREMOVED:
            self.pads.pop(event.instance_id, None)
        elif kind == pygame.JOYBUTTONDOWN and event.button in PAD_BUTTONS:
            return [Action(PAD_BUTTONS[event.button])]
        elif kind == pygame.JOYHATMOTION:
            return self._hold(PAD_HAT.get(tuple(event.value)))
        elif kind == pygame.JOYAXISMOTION and event.axis in (0, 1):
            return self._axis(event)
        return []

    def _key(self, event, text_mode: bool) -> list[Action]:
        char = getattr(event, "unicode", "") or ""
        printable = len(char) == 1 and char.isprintable()
        if text_mode:                     # the characters come as TEXTINPUT events
            if event.key in TEXT_EDIT_KEYS:
                name, fields = TEXT_EDIT_KEYS[event.key]
                return [Action(name, **fields)]
            name = KEY_BINDINGS.get(event.key) if event.key in TEXT_MODE_KEYS else None
            return [Action(name)] if name else []
        name = KEY_BINDINGS.get(event.key)
        if name == "next" and event.mod & pygame.KMOD_SHIFT:
            name = "prev"
        elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            return [Action("save")]
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            name = "redo" if event.mod & pygame.KMOD_SHIFT else "undo"
        elif (event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL) or \
                (name == "undo" and event.mod & pygame.KMOD_SHIFT):
            name = "redo"
        actions = [Action(name)] if name else []
        if event.key == pygame.K_BACKSPACE:     # said apart from Esc: a form stays
            actions = [Action("back", char="\b")]
        if printable and event.key != pygame.K_SPACE:
            actions.append(Action("text", char=char))
        return actions

    def _axis(self, event) -> list[Action]:
        # A stick acts like a d-pad: one action each time it crosses the threshold.
        key = (getattr(event, "instance_id", getattr(event, "joy", 0)), event.axis)
        direction = (event.value > STICK_THRESHOLD) - (event.value < -STICK_THRESHOLD)
        previous = self._stick.get(key, 0)
        self._stick[key] = direction
        if direction == previous:
            return []
        names = ("left", "right") if event.axis == 0 else ("up", "down")
        if direction == 0:         # let go: stop repeating this axis's direction
            if self._held is not None and self._held[0] in names:
                self._held = None
            return []
        return self._hold(names[direction > 0])

    def _plug(self, device_index: int) -> None:
        try:
            pad = pygame.joystick.Joystick(device_index)
            pad.init()
            self.pads[pad.get_instance_id()] = pad
        except pygame.error:
            pass    # unplugged again before we got to it
