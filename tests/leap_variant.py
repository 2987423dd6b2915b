"""Leap, a variant the game does not ship, made as docs/adding-a-game.md says: Capture
whose elements leap like chess knights. Tests register it for a while
(`game.logic.variants.registered(leap_entry(folder))`), under a name beginning `zz_`,
which the doc keeps for test variants (so a real Leap may ship as `leap`), to show that
the menus, records, computers, statistics and the rules document find a game through
its registry entry alone. Its level folder is one the test fills: the entry names it,
nothing else does."""
from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from game.logic.elements.board import SHAPE
from game.logic.elements.moves import ElementMove
from game.logic.elements.open3 import CaptureGame
from game.logic.options import Options
from game.logic.variants import VariantEntry
from game.shell.variants.open3 import Adapter as CaptureAdapter

RESERVED = "zz_"            # names beginning so are kept for test variants: none ships
NAME = RESERVED + "leap"
LEAPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KNIGHT_RULE = ("an element leaps like a chess knight: two squares along a file or a rank "
               "and one across, over anything between")


# Per square, the moves of a knight's leap from it (made once: moves are compared often).
TARGETS = tuple(tuple(ElementMove((s, t)) for t in (SHAPE.step(s, leap) for leap in LEAPS)
                      if t is not None) for s in range(SHAPE.size))


class LeapGame(CaptureGame):
    variant = NAME
    title = "Leap (test)"
    rules_text = ("Leap is Capture (open-board game 3) but for how elements move: on your "
                  "turn one of your elements leaps like a chess knight to an empty square, "
                  "two squares along a file or a rank and one across, over anything "
                  "between. Equal facing numbers capture as in Capture, and the same goals "
                  "win.")
    notation = "from and to squares, `b1-c3`"
    options_declared: ClassVar[Options] = tuple(o for o in CaptureGame.options_declared
                                                if o.name != "slide")

    def _element_moves(self, square: int, element) -> list[ElementMove]:
        cells = self.board.cells
        return [move for move in TARGETS[square] if cells[move.end] is None]

    def movement_refusal(self, move) -> str:
        return KNIGHT_RULE


class CarelessLeapGame(LeapGame):
    """Leap as a contributor might first write it: the refusal Capture's class inherits,
    which speaks of steps of one square."""

    variant = "zz_careless_leap"

    def movement_refusal(self, move) -> str:
        return CaptureGame.movement_refusal(self, move)


class Adapter(CaptureAdapter):
    """The board scene's part: Capture's, with a word on how elements move."""

    def goal_text(self) -> str:
        return "Elements leap like knights. " + super().goal_text()


def leap_entry(levels: Path, name: str = NAME, rules: str = "LeapGame") -> VariantEntry:
    """Leap's one registry line, its level folder at `levels` (an absolute path)."""
    return VariantEntry(name, f"leap_variant:{rules}", "board", levels=str(levels),
                        legend="as Capture's: '...' an empty square, else s or n and the "
                               "south and north numbers (s35)",
                        adapter="leap_variant:Adapter")
