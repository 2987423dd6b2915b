"""The level editor's screen: the board (and for starting boards the tray of the set) on
the left, the side panel on the right (name, description, size, helpers, Save, Play
this board, Delete, Back); every change is read by the game's own reader at once, and
what it says is wrong is marked on the board and said in one line."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.logic.core import FileFormatError, OptionError
from game.logic.elements.board import Element
from game.logic.levels import find_level, layout_folder, list_levels, name_problem
from game.logic.records import new_seed
from game.logic.textfiles import read_text
from game.play import storage
from game.play.config import MatchConfig, Seat
from game.shell.frame import theme
from game.shell.frame.scene import Scene

from game.shell.editor.canvas import TRAY_COLUMNS, Canvas
from game.shell.editor.draft import ELEMENTS, GRID, SIZE, Check, Draft
from game.shell.editor.panel import panel_menu

PANEL = pygame.Rect(1150, 96, 740, 924)
MOVES = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
LEGENDS = {
    "board": "Arrows: move   Enter/Space: block or open   Tab: panel   Esc: back",
    "elements": "Arrows: move   Enter: pick up, set down   R: turn   Tab: tray, panel   "
                "Esc: to the tray, back",
    "tray": "Arrows: choose   Enter: take it to the board   Tab: panel   Esc: board",
    "panel": "Up/Down: choose   Left/Right: change   Enter: select   Tab: board   Esc: back",
    "text": "Type   Enter: keep   Esc: undo the typing",
}


def template_entry(variant: str, name: str | None):
    """The level to start from: `name` if it loads, else the first that does."""
    entries = [e for e in list_levels(variant) if e.level is not None]
    if not entries:
        raise FileFormatError(layout_folder(variant), None, "no level loads to start from")
    return next((e for e in entries if e.name == name), entries[0])


def free_name(variant: str, base: str) -> str:
    """A file name for a copy of `base` that no shipped or own level has yet."""
    for n in range(1, 1000):
        name = f"my-{base[:54]}" + (f"-{n}" if n > 1 else "")
        try:
            find_level(name, variant)
        except OptionError:         # no level has it yet
            return name
    return "my-level"


class EditorScene(Scene):
    """Edit a copy of the level `template` of `variant` (an own level is edited in
    place: saving keeps its name)."""

    def __init__(self, app, variant: str, template: str | None = None):
        super().__init__(app)
        entry = template_entry(variant, template)
        name = entry.name if entry.own else free_name(variant, entry.name)
        self.draft = Draft(variant, entry.level, name)
        self.saved_text = self.draft.text() if entry.own else None
        self.saved_path = self.draft.path() if entry.own else None
        self.canvas = Canvas(self.draft)
        self.zone = "board"
        self.cursor = (0, 0)
        self.held_from: int | None = None         # its square, None from the tray
        self.held_at = None                       # the pointer, while the mouse moves it
        self.dragging = False
        self.painting: bool | None = None         # block (True) or open while dragging
        self.tray_focus = 0
        self.message = f"Editing a copy of {entry.level.title or entry.name}" if not entry.own \
            else f"Editing your level {entry.name}"
        self.deleted: tuple[Path, str] | None = None    # of a deleted level: Undo
        self.leaving = False                      # Esc once with unsaved changes
        self.replacing = False                    # Save once over another own level
        self.checked_text: str | None = None
        self.check: Check                         # (refresh() reads the draft, now and on)
        self.menu = panel_menu(self)
        self.refresh()

    # ---- state ------------------------------------------------------------------------
    @property
    def held(self) -> Element | None:
        """The element in hand (out of the tray while held)."""
        return self.draft.hand

    @held.setter
    def held(self, element: Element | None) -> None:
        self.draft.hand = element

    @property
    def wants_text(self) -> bool:
        return self.menu.editing

    @property
    def unsaved(self) -> bool:
        return self.draft.text() != self.saved_text

    def refresh(self) -> None:
        """Read the draft again (only when its text changed) and lay the board out."""
        text = self.draft.text()
        if text != self.checked_text:
            self.checked_text, self.check = text, self.draft.check()
            self.canvas.layout()
            self.leaving = self.replacing = False
        w, h = self.draft.width, self.draft.height
        self.cursor = (min(self.cursor[0], w - 1), min(self.cursor[1], h - 1))

    def say(self, text: str, sound: str | None = None) -> None:
        self.message = text
        if sound:
            self.app.sounds.play(sound)

    def error_line(self) -> str:
        """The reader's error with the file named without its folder (as the menus do)."""
        error = self.check.error or ""
        return error.replace(str(self.draft.path().parent) + "/", "", 1)

    # ---- the panel's helpers -----------------------------------------------------------
    def changed(self, text: str | None = None) -> None:
        self.refresh()
        if text:
            self.say(text)

    def set_name(self, name: str) -> None:
        self.draft.name = name
        self.changed()

    def set_title(self, title: str) -> None:
        self.draft.title = title
        self.changed()

    def set_description(self, text: str) -> None:
        self.draft.description = text
        self.changed()

    def resize(self, width=None, height=None) -> None:
        self.draft.resize(width or self.draft.width, height or self.draft.height)
        self.changed(f"{self.draft.width} x {self.draft.height} squares")

    def helper(self, action, text: str):
        """A panel button that changes the draft: `action()`, then say `text`."""
        def press():
            self.drop_held()
            action()
            self.changed(text)
            self.menu_sync()
        return press

    def menu_sync(self) -> None:
        """Size selectors follow a quarter turn."""
        for widget in self.menu.widgets:
            value = {"Width": self.draft.width, "Height": self.draft.height}.get(widget.label)
            if value is not None:
                widget.index = value - 2

    def set_set(self, set_name) -> None:
        self.draft.set_name = set_name
        self.changed(f"The {set_name} set: the tray holds its elements")

    def set_stacks(self, stacks) -> None:
        self.draft.stacks = stacks
        self.changed("Stacks of four, a whole set each" if stacks else
                     "One element a square, half of one set each")

    def turn(self) -> None:
        self.transform(self.draft.turned, "Turned end for end")

    def flip(self) -> None:
        if getattr(self.draft.cls, "test_elements", False):
            self.transform(self.draft.flipped, "Turned face down or up (a test element)")

    def transform(self, change, text: str) -> None:
        """Turn or flip the element in hand, else the one under the cursor."""
        if self.held is not None:
            self.held = change(self.held)
        elif self.draft.kind == ELEMENTS and self.draft.top(self.square()) is not None:
            self.draft.cells[self.square()][-1] = change(self.draft.top(self.square()))
        else:
            self.say("Pick an element first: Enter on it, or a click", "invalid")
            return
        self.changed(text)

    # ---- save, play, delete, leave -----------------------------------------------------
    def save(self) -> bool:
        draft = self.draft
        problem = draft.save_problem(self.check)
        if problem:
            self.say(f"Not saved: {self.error_line() if self.check.error else problem}",
                     "invalid")
            return False
        text, path = draft.text(), draft.path()
        if path.exists() and text != self.saved_text and not self.replacing and \
                self.saved_path != path:
            self.replacing = True
            self.say(f"You have a level called {draft.name}: Save again to replace it")
            return False
        try:
            storage.write_atomic(path, text)
        except OSError as error:
            self.say(f"Not saved: {error.strerror or error}", "invalid")
            return False
        self.saved_text, self.saved_path, self.replacing = text, path, False
        self.deleted = None
        self.say(f"Saved as {draft.name}: it is in every list of your levels of "
                 f"{draft.cls.title}", "place")
        return True

    def play(self) -> None:
        """Save the board if it changed, then start a match on it at once."""
        if self.unsaved and not self.save():
            return
        draft, names = self.draft, self.app.settings.player_names
        options: dict[str, object] = {"layout": draft.name}
        if draft.kind == ELEMENTS:
            options = {"start": draft.name, **({"stacks": draft.stacks} if draft.shift
                                                else {"set": draft.set_name})}
        seats = (Seat(names[0]),) + tuple(Seat(names[i], "computer", "greedy")
                                          for i in range(1, draft.cls.min_players))
        self.app.start_match(MatchConfig(draft.variant, seats, options,
                                         new_seed()))

    def delete(self) -> None:
        """Delete the own level of this name (Undo brings it back while here)."""
        if self.deleted is not None:
            self.undo_delete(*self.deleted)
            return
        path, problem = self.draft.path(), name_problem(self.draft.name, self.draft.variant)
        if problem:             # a shipped level's name, or no name a file of ours can have
            self.say(f"Nothing deleted: {problem}", "invalid")
            return
        try:
            text = read_text(path, "level")
            path.unlink()
        except (FileFormatError, OSError) as error:
            self.say(f"Nothing deleted: {getattr(error, 'message', None) or error}", "invalid")
            return
        self.deleted, self.saved_text = (path, text), None
        self.say(f"Deleted {path.name}: U or Undo delete brings it back", "capture")

    def undo_delete(self, path: Path, text: str) -> None:
        """Write back the level deleted from `path` (its `text`)."""
        try:
            storage.write_atomic(path, text)
        except OSError as error:
            self.say(f"Not brought back: {error.strerror or error}", "invalid")
            return
        self.deleted = None
        self.saved_text = text if text == self.draft.text() else self.saved_text
        self.say(f"{path.name} is back", "place")

    def go_back(self) -> None:
        if self.unsaved and not self.leaving:
            self.leaving = True
            self.say("Not saved yet: Back (or Esc) again leaves without saving", "invalid")
            return
        self.app.pop()

    # ---- input ---------------------------------------------------------------------------
    def handle(self, action):
        name = action.name
        if self.menu.editing:
            self.menu.handle(action)
            return
        if name in ("point", "click", "release", "rclick", "wheel"):
            self.pointer(action)
        elif name in ("next", "prev"):
            zones = ["board", "tray", "panel"] if self.draft.kind == ELEMENTS else \
                ["board", "panel"]
            step = 1 if name == "next" else -1
            self.zone = zones[(zones.index(self.zone) + step) % len(zones)]
        elif name == "undo" and self.deleted is not None:
            self.undo_delete(*self.deleted)
        elif name == "back" and self.held is not None:
            self.drop_held()
            self.say("Back in the tray")
        elif name == "back" and self.zone == "tray":
            self.zone = "board"
        elif name == "back":
            self.go_back()
        elif self.zone == "panel":
            self.menu.handle(action)
        elif name == "rotate":
            self.turn()
        elif name == "flip":
            self.flip()
        elif self.zone == "tray":
            self.tray_key(name)
        else:
            self.board_key(name)

    def square(self) -> int:
        return self.cursor[1] * SIZE + self.cursor[0]

    def board_key(self, name: str) -> None:
        self.held_at = None
        if name in MOVES:
            dx, dy = MOVES[name]
            step = 2 if self.draft.kind not in (GRID, ELEMENTS) and dy else 1
            f = min(max(self.cursor[0] + dx, 0), self.draft.width - 1)
            r = min(max(self.cursor[1] + dy * step, 0), self.draft.height - 1)
            self.cursor = (f, r)
        elif name == "confirm":
            self.act_on(self.cursor)

    def act_on(self, square) -> None:
        """Enter or a click on a square: paint it, or pick up / set down an element."""
        draft = self.draft
        if draft.kind != ELEMENTS:
            self.painting = not draft.is_blocked(square)
            draft.paint(square, self.painting)
            self.changed()
            return
        index = square[1] * SIZE + square[0]
        if self.held is not None:
            refusal = draft.put(index, self.held)
            if refusal:
                self.say(refusal, "invalid")
                return
            self.held = None
            self.say("Set down", "place")
        elif draft.top(index) is not None:
            self.held, self.held_from = draft.take(index), index
            self.say("In hand: set it down on a square (Esc puts it back in the tray)")
        else:
            self.zone = "tray"
            self.say("Choose an element from the tray")
            return
        self.changed()

    def drop_held(self) -> None:
        """The element in hand goes back to the tray."""
        if self.held is not None:
            self.held, self.held_at = None, None
            self.changed()

    def tray_key(self, name: str) -> None:
        slots = self.canvas.tray_slots()
        if not slots:
            self.zone = "board"
            return
        steps = {"left": -1, "right": 1, "up": -TRAY_COLUMNS, "down": TRAY_COLUMNS}
        if name in steps:
            self.tray_focus = min(max(self.tray_focus + steps[name], 0), len(slots) - 1)
        elif name == "confirm":
            self.take_from_tray(self.tray_focus)
            self.zone = "board"

    def take_from_tray(self, index: int) -> None:
        _, owner, tile = self.canvas.tray_slots()[index]
        low, high = tile.a, tile.b           # the higher number faces the opponent
        self.held = Element(owner, low, high) if owner == 0 else Element(owner, high, low)
        self.held_from = None
        self.tray_focus = min(index, len(self.canvas.tray_slots()) - 2)
        self.say("In hand: set it down on a square (R turns it, Esc puts it back)")

    def pointer(self, action) -> None:
        name, pos = action.name, action.pos
        square = self.canvas.square_at(pos)
        if name == "release":
            self.painting = None
            if self.dragging and self.held is not None and square is not None and \
                    square[1] * SIZE + square[0] != self.held_from:
                self.act_on(square)
            self.dragging = False
            return
        if self.held is not None:
            self.held_at = pos
        if name in ("rclick", "wheel") and (self.held is not None or square is not None):
            if square is not None:
                self.cursor = square
            self.turn()
            return
        if square is not None:
            if name == "point" and self.painting is not None:
                self.cursor = square
                self.draft.paint(square, self.painting)
                self.changed()
            elif name == "click":
                self.zone, self.cursor = "board", square
                self.act_on(square)
                self.dragging = self.held is not None
            return
        slot = self.canvas.tray_at(pos)
        if name == "click" and slot is not None:
            self.drop_held()
            self.tray_focus = slot
            self.take_from_tray(slot)
            self.held_at, self.dragging = pos, True
        elif PANEL.collidepoint(pos):
            if name == "click":
                self.zone = "panel"
            self.menu.handle(action)
        elif name == "click" and self.held is not None:
            self.drop_held()
            self.say("Back in the tray")

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, surface):
        theme.draw_felt(surface)
        draft = self.draft
        left = 40 + 1080 // 2
        theme.draw_text(surface, f"Level editor: {draft.cls.title}", (left, 52), 52,
                        theme.TITLE, "center", bold=True, shadow=True)
        focus = self.tray_focus if self.zone == "tray" else None
        self.canvas.draw(surface, self.app, self.cursor, self.check.marked, self.held,
                         self.held_at, focus, self.zone == "board")
        name_problem = self.draft.save_problem(self.check)
        if self.check.error:
            status, colour = self.error_line(), theme.ILLEGAL
        elif name_problem:
            status, colour = f"The board is right, but the file name: {name_problem}", \
                theme.HIGHLIGHT
        else:
            status, colour = "No problems: ready to save and to play", theme.LEGAL
        for i, line in enumerate(theme.wrap_text(status, 1080, 28)[:2]):
            theme.draw_text(surface, line, (40, 952 + i * 34), 28, colour, shadow=True)
        theme.draw_panel(surface, PANEL)
        self.menu.draw(surface, focus=self.zone == "panel")
        for i, line in enumerate(theme.wrap_text(self.message, PANEL.w - 60, 28)[:2]):
            theme.draw_text(surface, line, (PANEL.x + 30, 858 + i * 34), 28, theme.HIGHLIGHT)
        zone = "text" if self.menu.editing else self.zone
        if zone == "board" and draft.kind == ELEMENTS:
            zone = "elements"
        theme.draw_legend(surface, self.app, LEGENDS[zone])
