"""Diagonals, open-board game 4: elements move diagonally like draughts, jumping over
their own elements, and remove opposing elements they come to face with an equal number
(docs/rules.md, Diagonals)."""
from __future__ import annotations

from game.i18n import N_, _

from typing import ClassVar

from ..board.shape import DIAGONAL
from ..core import PASS
from ..options import Option, Options
from .board import SHAPE
from .game import STEPS, MovingGame, limit_option, ray, start_option
from .moves import ElementMove
from .view import race_lead

RULES_TEXT = N_("""\
Diagonals is played by two players on an 8x8 board, each with a reduced set of 12 \
elements (dominoes standing upright on one square each) with the numbers 0 to 3: the \
ten tiles and a second 0-0 and 2-2. The south player's elements stand on the dark \
squares of ranks 1-3 (a1 is dark), the north player's on the light squares of ranks 6-8. \
Elements never change colour, so the two sides never share a square, but they can \
stand one behind the other on a file.

On your turn move one of your elements one square diagonally to an empty square, or \
jump it over one of your own elements next to it diagonally to the empty square just \
beyond, and go on jumping as in draughts if you like; a chain never lands twice on the \
same square. Elements do not turn: the south player's elements show their upper number \
toward the north player and the other way round.

Two elements touch only when they stand one behind the other on the same file. When the \
element you move comes to touch an opponent's element and the two touching numbers are \
equal, that element is removed, and your move stops on that square. Only one element is \
removed in a move: if your element faces two equal numbers at once, the one ahead of it \
(toward your opponent's side) goes.

The game ends when no removal can ever happen again, after the limit of moves each \
without a removal (40 each unless chosen otherwise), or when the player to move has no \
element or cannot move. The player who removed more elements wins; equal is a draw.

Options: race (instead, the first player to have every remaining element past the \
middle line, in the opponent's half, wins at once, even if that is because their last \
elements behind the line were removed; the limit then counts moves without a removal or \
a new best number of elements past the line, and when the game ends otherwise the \
player with more elements past the line wins), set (0-3: a reduced set each; \
0-5-halves: one set with the numbers 0 to 5 and a second 0-0, 2-2 and 4-4, split into \
two groups of 12 of 58 and 59 pips), limit, start (a starting board from the levels \
folder, or random).""")

# Per square, the diagonal jumps (square jumped over, landing square).
JUMPS = tuple(tuple(r[:2] for r in (ray(s, d) for d in DIAGONAL) if len(r) >= 2)
              for s in range(SHAPE.size))


class DiagonalGame(MovingGame):
    variant = "open4"
    title = N_("Diagonals")
    how_to_win = (
        N_("Move an element so that it comes to touch an opponent's on the same file "
        "with equal facing numbers, and that element is removed. When no removal can "
        "happen any more, the player who removed more wins (with race: the first with "
        "every element past the middle line)."))
    notation = N_("from and to squares; a jump chain lists every landing, `c3-e5-c7`")
    captures_win = True
    score_counts = N_("score")      # captures, or elements past the middle in the race
    rules_text = RULES_TEXT
    sets = ("0-3", "0-5-halves")
    coloured = True
    one_capture = True
    options_declared: ClassVar[Options] = (
        Option("race", False, N_("the first to bring every element past the middle line wins")),
        Option("set", "0-3", N_("the elements: a 0-3 set each, or one 0-5 set split in two"),
               choices=sets),
        limit_option(),
        start_option(),
    )

    def __init__(self, options: dict, *args, **kwargs):
        super().__init__(options, *args, **kwargs)
        self.race = options["race"]
        # the race: the most elements each side has had past the middle line
        self.best: tuple[int, ...] = self.past_counts()

    def _element_moves(self, square: int, element) -> list[ElementMove]:
        cells = self.board.cells
        moves = [STEPS[square, t] for t in SHAPE.diagonals[square] if cells[t] is None]
        self._chains(square, element, square, (square,), moves)
        return moves

    def _chains(self, start: int, element, here: int, path: tuple, moves: list) -> None:
        """Jump chains from `here`: over an own element (not the moving one, which has left
        `start`) to an empty square not yet landed on; a chain stops where it captures."""
        cells, board = self.board.cells, self.board
        for over, land in JUMPS[here]:
            jumped = cells[over]
            if (jumped is None or over == start or jumped.owner != element.owner
                    or land in path or cells[land] is not None):
                continue
            chain = path + (land,)
            moves.append(ElementMove(chain))
            if not board.captures_at(land, element, vacated=start, one=True):
                self._chains(start, element, land, chain, moves)

    def _judge(self) -> int | None:
        mine, theirs = self.scores()
        return None if mine == theirs else (0 if mine > theirs else 1)

    def scores(self) -> tuple[int, int]:
        return self.past_counts() if self.race else tuple(self.captures)

    def _stops(self) -> str | None:
        if self.race or self.board.capture_possible():
            return None
        return "no captures left"

    def move_refusal(self, move: ElementMove, element) -> str:
        cells, names, board = self.board.cells, SHAPE.names, self.board
        landed = {move.start}
        for number, (here, there) in enumerate(zip(move.path, move.path[1:]), start=1):
            (f1, r1), (f2, r2) = SHAPE.file_rank(here), SHAPE.file_rank(there)
            if abs(f1 - f2) != abs(r1 - r2) or abs(f1 - f2) not in (1, 2):
                return _("elements move diagonally: one square, or a jump over your own "
                         "element to the square just beyond")
            if abs(f1 - f2) == 1 and len(move.path) > 2:
                return _("a step of one square is a whole move: only jumps chain")
            if abs(f1 - f2) == 2:
                # between two squares of the board: on the board
                over: int = SHAPE.step(  # type: ignore[assignment]
                    here, ((f2 - f1) // 2, (r2 - r1) // 2))
                jumped = cells[over]
                if jumped is None or over == move.start:
                    return _("there is nothing to jump over on {square}").format(
                        square=names[over])
                if jumped.owner != element.owner:
                    return _("you can jump only over your own elements")
            if there in landed:
                return _("a chain never lands twice on the same square")
            if cells[there] is not None:
                return _("{square} is taken").format(square=names[there])
            landed.add(there)
            if number < len(move.path) - 1 and board.captures_at(there, element, move.start,
                                                                  True):
                return _("the move stops on {square}, where it captures").format(
                    square=names[there])
        return _("that move is not legal here")

    # ---- the race -----------------------------------------------------------------------
    def _push(self, move):
        best = self.best
        landed, captured, before = super()._push(move)
        if self.race and move is not PASS:
            self._race_after(1 - self.to_move)
        return landed, captured, (before, best)     # (last_capture reads the second)

    def _pop(self, move, info) -> None:
        landed, captured, (before, self.best) = info
        super()._pop(move, (landed, captured, before))

    def _race_after(self, player: int) -> None:
        """A new best count past the middle line restarts the count of quiet moves; the
        first side with every remaining element past the line wins (the mover first)."""
        past = self.past_counts()
        if past[player] > self.best[player]:
            self.quiet = 0
            self.best = tuple(max(b, p) for b, p in zip(self.best, past))
        for side in (player, 1 - player):
            if self._ended is None and past[side] == self.board.counts[side]:
                self._ended = (side, "race")

    def view_facts(self) -> dict:
        return {"goal": "race" if self.race else "most", "race": self.race}

    def own_counters(self) -> dict:
        return {"best": list(self.best)} if self.race else {}

    def take_own_counters(self, given: dict) -> None:
        self.best = tuple(given["best"]) if self.race else self.past_counts()

    def greedy_value(self, me: int, elements: int, pips: int) -> float:
        if self.race:
            return race_lead(self, me)
        return super().greedy_value(me, elements, pips)
