"""Scenes and the actions they receive (the contract between the app and every screen).

The app maps raw input (keys, mouse, gamepad) to named `Action`s, so a scene reacts to
`confirm` or `back` rather than to K_RETURN. Positions are in logical pixels: every scene
draws on a LOGICAL_SIZE surface that the app scales to the window.
"""
from __future__ import annotations

from dataclasses import dataclass

LOGICAL_SIZE = (1920, 1080)

# Action names a scene may receive:
#   up down left right      arrows / d-pad, W A S too (D draws) (focus movement)
#   confirm back            Enter/Space/gamepad A, Escape/Backspace/gamepad B
#   pause                   P or Escape in a match / gamepad Start
#   next prev               Tab / Shift-Tab / shoulder buttons (cycle focus)
#   rotate flip             R / F / right click / wheel (tile orientation)
#   draw                    D (draw from the boneyard)
#   end_turn                N (end a turn a double would let go on: blank tiles)
#   announce_turn read_ends T / E (accessibility captions)
#   hint                    H (toggle legal-move highlights)
#   undo                    U / Ctrl+Z / left stick press (take back a move)
#   redo                    Shift+U / Ctrl+Y / Ctrl+Shift+Z (the level editor's redo)
#   coach                   C / right stick press (the coach's advice; on the final
#                           results, the review)
#   take_advice             G (play the move the coach suggests; Enter too while it shows)
#   point                   mouse moved (pos)
#   click release rclick    left press / left release / right press (pos)
#   wheel                   mouse wheel (amount: +1 up, -1 down; pos)
#   text                    a typed character (char), for name entry ("\b" and "\x7f":
#                           Backspace and Delete while typing)
#   home end                Home / End while typing (the text cursor)
#   save                    Ctrl+S (the level editor's Save)
#   fullscreen              F11 (handled by the app itself)
ACTION_NAMES = frozenset("""up down left right confirm back pause next prev rotate flip
draw end_turn announce_turn read_ends hint scoring undo redo coach take_advice point click
release rclick wheel text home end save fullscreen""".split())


@dataclass(frozen=True)
class Action:
    name: str
    pos: tuple[int, int] | None = None   # logical pixels, for pointer actions
    amount: int = 0                      # wheel steps
    char: str = ""                       # for `text`

    def __post_init__(self):
        if self.name not in ACTION_NAMES:
            raise ValueError(f"unknown action {self.name!r}")


class Scene:
    """One screen on the app's stack. Overlays (`overlay = True`) let the scene below
    them draw first and keep it paused underneath."""

    overlay = False
    backdrop_dim = 0     # overlays: how much to darken the scenes below (0-255 alpha)

    def __init__(self, app):
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed or uncovered)."""

    def leave(self) -> None:
        """Called when the scene stops being the top (covered or popped)."""

    def handle(self, action: Action) -> None:
        """React to one input action."""

    def update(self, dt: float) -> None:
        """Advance one fixed step of `dt` seconds (only the top scene is updated)."""

    def draw(self, surface) -> None:
        """Draw onto the logical surface."""

    def animating(self) -> bool:
        """Whether the picture may change with no input (something moves or counts
        down): the app then draws every frame; otherwise it idles (pacing.py)."""
        return False
