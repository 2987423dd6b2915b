"""Capture, open-board game 3: move your elements and remove as many of your opponent's
as you can (docs/rules.md, Capture)."""
from __future__ import annotations

from game.i18n import N_, _

from typing import ClassVar

from ..options import Option, Options
from .board import SHAPE
from .game import RAYS, MovingGame, limit_option, start_option
from .moves import ElementMove

# Games 1 and 3 share their first paragraphs (each rules text is one text to translate).
RULES_TEXT = N_("""\
Capture is played by two players on an 8x8 board. Each has 16 elements (dominoes \
standing upright on one square each) on their two home ranks: the south player on ranks \
1-2, the north player on ranks 7-8. The two groups come from one set of 32 (the 28 tiles \
and a second 0-0, 2-2, 4-4 and 6-6), 96 pips each.

On your turn move one of your elements one square in any of the eight directions to an \
empty square. Elements do not turn: the south player's elements show their upper number \
toward the north player and the other way round.

Two elements touch only when they stand one behind the other on the same file; side by \
side and corner to corner do not count. When the element you move comes to touch an \
opponent's element and the two touching numbers are equal, that opponent's element is \
removed: one to the north and one to the south can go in the same move. Equal numbers \
between your own elements do nothing.

The game ends when no removal can ever happen again (no element of one side has a number \
that could face an equal number of the other side), after the limit of moves each \
without a removal (40 each unless chosen otherwise), or when the player to move has no \
element or cannot move. Then the player with more elements left wins; equal is a draw. \
The score shown is the elements each player has removed.

Goals (option goal): most (as above); captures:1, captures:3 or captures:5 (the first to \
remove that many elements wins at once); pips:48 (the first whose removed elements add \
up to 48 pips or more wins); exact:48 (exactly 48 wins, more than 48 loses at once); \
targets (reaching exactly 12, 24, 36 or 48 wins, more than 48 loses at once). Under a \
pip goal the score is the pips removed, and a game that ends otherwise goes to the \
player with more pips removed.

Options: slide (an element moves any distance in a straight line over empty squares, \
like a chess queen; it removes only where it stops), set (halves; or 0-4 or 0-5: each \
player has their own reduced set, 0 to 5 on three home ranks), limit, start (a starting \
board from the levels folder, or random).""")

# The sliding moves, made once: every square a ray reaches.
SLIDES = {(s, t): ElementMove((s, t)) for s in range(SHAPE.size) for ray in RAYS[s] for t in ray}
GOALS = ("most", "captures:1", "captures:3", "captures:5", "pips:48", "exact:48", "targets")
TARGETS = (12, 24, 36, 48)


class CaptureGame(MovingGame):
    variant = "open3"
    title = N_("Capture")
    how_to_win = (
        N_("Move an element so that it comes to touch an opponent's on the same file "
        "with equal facing numbers, and that element is removed. When no removal can "
        "happen any more, the player with more elements left wins (the option goal "
        "sets other aims)."))
    notation = N_("from and to squares, `c2-c3` (sliding: `c2-c6`)")
    score_counts = N_("score")      # captures, or pips under a pip goal: "score" covers both
    rules_text = RULES_TEXT
    sets = ("halves", "0-4", "0-5")
    options_declared: ClassVar[Options] = (
        Option("goal", "most", N_("how the game is won"), choices=GOALS, changes_play=True),
        Option("slide", False, N_("elements move any distance in a straight line")),
        Option("set", "halves", N_("the elements: halves of one set of 32, or a reduced set "
                                "each"), choices=sets),
        limit_option(),
        start_option(),
    )

    def __init__(self, options: dict, *args, **kwargs):
        super().__init__(options, *args, **kwargs)
        self.slide = options.get("slide", False)    # (a game built on this one may drop it)

    @property
    def pip_goal(self) -> bool:
        return self.options["goal"] in ("pips:48", "exact:48", "targets")

    def _goal(self, player: int):
        kind, _, amount = self.options["goal"].partition(":")
        pips = self.pips[player]
        if kind == "captures":
            return (player, "goal") if self.captures[player] >= int(amount) else None
        if kind == "pips":
            return (player, "goal") if pips >= 48 else None
        if kind in ("exact", "targets"):
            if pips > 48:
                return 1 - player, "overshot"
            if pips == 48 or (kind == "targets" and pips in TARGETS):
                return player, "goal"
        return None

    def _judge(self) -> int | None:
        mine, theirs = self.pips if self.pip_goal else self.board.counts
        return None if mine == theirs else (0 if mine > theirs else 1)

    def scores(self) -> tuple[int, int]:
        return tuple(self.pips if self.pip_goal else self.captures)

    def _stops(self) -> str | None:
        return None if self.board.capture_possible() else "no captures left"

    def _element_moves(self, square: int, element) -> list[ElementMove]:
        if not self.slide:
            return super()._element_moves(square, element)
        cells, moves = self.board.cells, []
        for ray in RAYS[square]:
            for target in ray:
                if cells[target] is not None:
                    break
                moves.append(SLIDES[square, target])
        return moves

    def movement_refusal(self, move: ElementMove) -> str:
        if not self.slide:
            return super().movement_refusal(move)
        (f1, r1), (f2, r2) = SHAPE.file_rank(move.start), SHAPE.file_rank(move.end)
        if f1 != f2 and r1 != r2 and abs(f1 - f2) != abs(r1 - r2):
            return _("an element slides in a straight line: along a file, a rank or a diagonal")
        step = ((f2 > f1) - (f2 < f1), (r2 > r1) - (r2 < r1))
        cells = self.board.cells
        # The squares from start to end are on the board: step finds each (never None).
        square = SHAPE.step(move.start, step)
        while square != move.end and cells[square] is None:     # type: ignore[index]
            square = SHAPE.step(square, step)                   # type: ignore[arg-type]
        return _("the way is blocked on {square}").format(
            square=SHAPE.names[square])                         # type: ignore[index]

    def view_facts(self) -> dict:
        return {"goal": self.options["goal"], "slide": self.slide}
