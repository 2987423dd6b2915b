"""Shift, open-board game 10: lift one of your elements and set it down anywhere it
touches your own elements with equal numbers only; reach past the far edge to win
(docs/rules.md, Shift).

The board holds stacks (a tuple of Elements, bottom first; one element is a stack of one)
so that the `stacks` option needs nothing apart. A move is `c2>e5` (`c2>e5^` with free
arrows: the arrow the element is set down with), or past the far edge `c7>d9` / `e5>c0`.
Records and position files are read and written in shift_positions.py, views and the
greedy judgement made in shift_view.py, starting boards in shift_starts.py.
"""
from __future__ import annotations

from game.i18n import N_, _

import random
import re
from dataclasses import dataclass, field
from typing import ClassVar

from ..core import PASS, IllegalMoveError
from ..options import Option, Options
from ..tiles import OPEN_BOARD_SET
from . import shift_positions, shift_view
from .board import NORTH_ARROW, SHAPE, SIZE, Element
from .game import ElementGame
from .moves import TextMove, read_move
from .shift_starts import (start_from_toml as shift_start_from_toml,
                           start_text as shift_start_text, starting_cells)
from .shifting import arrow_mark, parse_square, parse_stack, square_name, stack_text, turned

RULES_TEXT = N_("""\
Shift is played by two players on an 8x8 board. Each has 16 elements (dominoes standing \
upright on one square each) on their two home ranks: the south player on ranks 1-2, the \
north player on ranks 7-8. The two groups come from one set of 32 (the 28 tiles and a \
second 0-0, 2-2, 4-4 and 6-6).

Two elements touch only when they stand one behind the other on the same file; then the \
upper one's lower number faces the lower one's upper number. Side by side does not \
count.

On your turn lift any one of your elements and set it down on any empty square of the \
board where every number it touches is equal to the number it faces, and at least one \
of the elements it touches is yours. Any opponent's element it touches there (always \
with equal numbers) is removed. Setting it down touching an unequal number is never \
allowed, even if another contact is equal.

You win by setting an element just past the opponent's edge of the board (the imaginary \
rank 9 for the south player, rank 0 for the north player), touching one of your own \
elements on the last rank with equal numbers. The element is lifted first, so it cannot \
serve as its own support. The south player moved first, so their crossing does not win \
at once: the north player has one more move to answer it. If that move crosses too, the \
game is drawn; any other answer (a pass included) and the south player wins. While the \
answer is due, the crossed element waits past the edge out of play and nothing else \
ends the game. A crossing by the north player wins at once. If you cannot move, you \
pass. After the limit of moves each without a removal (40 each unless chosen otherwise) \
the game is drawn; a player with no elements left loses. The score is the elements each \
player has removed.

Options: equalize (on: the answer to the south player's crossing above; off: the first \
crossing always wins at once), arrows (fixed: elements keep their arrows; free: you \
choose the arrow each time you shift an element, and turning it swaps its two numbers; \
the arrows also start at random), stacks (each player has a whole set of 32 in eight \
stacks of four on the home rank; only the top element of a stack moves and touches; \
touching a stack's top with an equal number removes the whole stack), limit, start (a \
starting board from the levels folder, or random). A starting board always holds \
exactly the set: the two halves of one set of 32 with 96 pips each, or with stacks a \
whole set of 32 each; a board that does not is refused.""")

_MOVE = re.compile(r"([a-z][0-9]+)>([a-z][0-9]+)([\^v]?)")
FORM = "a move is a from and a to square like c2>e5 (with ^ or v for the arrow when " \
       "arrows are free), or pass"


@dataclass(frozen=True, repr=False)
class ShiftMove(TextMove):
    start: int
    end: int                    # may lie past an edge: 64..71 (rank 9) or -8..-1 (rank 0)
    arrow: int | None = None    # the arrow it is set down with, when arrows are free
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        mark = "" if self.arrow is None else arrow_mark(self.arrow)
        object.__setattr__(self, "text",
                           f"{square_name(self.start)}>{square_name(self.end)}{mark}")

    @property
    def past_edge(self) -> bool:
        return not 0 <= self.end < SHAPE.size



_MOVES: dict = {}


def shift_move(start: int, end: int, arrow: int | None) -> ShiftMove:
    """The one ShiftMove of (start, end, arrow): move generation makes many."""
    key = (start, end, arrow)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = ShiftMove(start, end, arrow)
    return move


def parse_shift_move(text):
    match = read_move(text, ShiftMove, _MOVE, FORM)
    if not isinstance(match, re.Match):
        return match
    try:
        start = parse_square(match.group(1))
        end = parse_square(match.group(2), past_edges=True)
    except ValueError as exc:
        raise IllegalMoveError(text, str(exc)) from None
    if start == end:
        raise IllegalMoveError(text, "a move must leave its square")
    mark = match.group(3)
    return ShiftMove(start, end, None if not mark else (NORTH_ARROW if mark == "^" else -1))


# ---- the game -----------------------------------------------------------------------------
class ShiftGame(ElementGame):
    variant = "open10"
    title = N_("Shift")
    notation = N_("`from>to` (`c2>e5`), with `^` or `v` for the arrow when arrows are free "
                  "(`c2>e5^`); past the far edge the square names rank 9 or rank 0 (`c7>d9`, "
                  "`e5>c0`)")
    score_counts = N_("captures")
    how_to_win = (
        N_("Set an element just past the opponent's edge, touching one of your own on "
        "the last rank with equal numbers, to win. Setting one down so that it faces "
        "an opponent's with an equal number removes that element."))
    hard_hooks = "game.logic.elements.shift_hard"
    records = shift_positions
    rules_text = RULES_TEXT
    min_players = max_players = 2
    first_player = 0            # docs/rules.md, Shift: the south player moves first
    options_declared: ClassVar[Options] = (
        Option("arrows", "fixed", N_("fixed arrows, or free: choose the arrow when shifting"),
               choices=("fixed", "free"), changes_play=True),
        Option("stacks", False, N_("a whole set each in stacks of four on the home rank")),
        Option("equalize", True, N_("the second player may answer the first player's crossing "
                                 "with one move: crossing too draws")),
        Option("limit", 40, N_("moves each without a capture before the game is drawn"),
               minimum=1, maximum=500),
        Option("start", "first", N_("starting board: a level file's name, 'first' or 'random'")),
    )

    def __init__(self, options: dict, seed, cells, to_move: int = 0, captures=(0, 0),
                 quiet: int = 0, crossed=()):
        self.players = 2
        self.options = options
        self.seed = seed
        self.cells = list(cells)
        self.to_move = to_move
        self.captures = list(captures)
        self.quiet = quiet
        self.limit = options["limit"]
        self.free = options["arrows"] == "free"
        self.equalize = options["equalize"]
        self.crossed = tuple(crossed)       # (square, element) of each set past an edge
        self._ended = None
        self._cache = None
        self._stack = []
        self.start: dict = {}

    @property
    def tiles(self):
        return OPEN_BOARD_SET

    @property
    def per_side(self) -> int:
        return 32 if self.options["stacks"] else 16

    def counts(self) -> list[int]:
        counts = [0, 0]
        for stack in self.cells:
            if stack:
                counts[stack[0].owner] += len(stack)
        return counts

    # ---- creating --------------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: dict | None = None):
        cls.require_players(players)
        options = cls.resolve(options)
        game = cls(options, seed, starting_cells(options, random.Random(seed)))
        game.start = game.start_of(False)
        return game

    def texts(self) -> list[str]:
        return [stack_text(s, stack, self.free) for s, stack in enumerate(self.cells) if stack]

    def start_of(self, position: bool) -> dict:
        return shift_positions.start_of(self, position)

    @classmethod
    def level_from_toml(cls, toml, name: str):
        """The starting board a level file of Shift holds, checked (FileFormatError)."""
        return shift_start_from_toml(toml, name)

    @classmethod
    def level_text(cls, start) -> str:
        """The level file of the start `start` (what `level_from_toml` reads back)."""
        return shift_start_text(start)

    # ---- the rules ---------------------------------------------------------------------
    def _contacts(self, target: int, element: Element, lifted: int):
        """(allowed, touched opponent squares) of `element` set on `target` with the stack
        on `lifted` one element lower: allowed when every touching number is equal and at
        least one touched element is the mover's."""
        cells, own, taken = self.cells, False, []
        north, south = target + SIZE, target - SIZE
        for square, facing, mine in ((north, "south", element.north),
                                     (south, "north", element.south)):
            if not 0 <= square < SHAPE.size:
                continue
            stack = cells[square]
            if square == lifted:
                stack = stack[:-1]
            if not stack:
                continue
            top = stack[-1]
            if getattr(top, facing) != mine:
                return False, ()
            if top.owner == element.owner:
                own = True
            else:
                taken.append(square)
        return own, taken

    def orientations(self, element: Element) -> list:
        return [element, turned(element)] if self.free else [element]

    def _slots(self, loud: bool = False) -> tuple[dict, set]:
        """Every square a shift of the player to move could end on: empty (or past the
        far edge) and next to one of their stacks along the file (lifting takes nothing
        else away, so no legal target lies elsewhere). Returned grouped by what each asks
        of the element set there, {(south, north): [square, ...]} with None where nothing
        touches that side, and as one set. `loud`: only the squares past the edge or
        touching an opponent's element (where a shift wins or captures)."""
        cells, me = self.cells, self.to_move
        edge = range(SIZE * SIZE, SIZE * SIZE + SIZE) if me == 0 else range(-SIZE, 0)
        found = set()
        for square, stack in enumerate(cells):
            if stack and stack[-1].owner == me:
                for target in (square + SIZE, square - SIZE):
                    if target in edge or (0 <= target < SHAPE.size and not cells[target]):
                        found.add(target)
        slots: dict = {}
        for target in sorted(found):
            below, above = target - SIZE, target + SIZE
            south = cells[below][-1] if 0 <= below < SHAPE.size and cells[below] else None
            north = cells[above][-1] if 0 <= above < SHAPE.size and cells[above] else None
            if loud and target not in edge and (south is None or south.owner == me) and (
                    north is None or north.owner == me):
                found.discard(target)
                continue
            key = (south and south.north, north and north.south)
            slots.setdefault(key, []).append(target)
        return slots, found

    def _shifts(self, loud: bool = False) -> list:
        slots, targets = self._slots(loud)
        moves: list[ShiftMove] = []
        if not targets:
            return moves
        for square, stack in enumerate(self.cells):
            if stack and stack[-1].owner == self.to_move:
                moves.extend(self._moves_of(square, slots, targets))
        return moves

    def loud_moves(self) -> list:
        """The legal shifts that win past the edge or capture, found without the rest
        (the search's quiescence asks for these at every leaf)."""
        return [] if self._end() else sorted(self._shifts(loud=True), key=lambda m: m.text)

    def can_cross(self) -> bool:
        """Whether the player to move can set an element past the far edge now."""
        return any(m.past_edge for m in self.loud_moves())

    def _moves_of(self, square: int, slots: dict, targets: set) -> list:
        """The shifts of the top element on `square`. A square away from the lifted stack
        touches one of the mover's stacks, so it takes the element when the numbers asked
        match; the two squares next to the lifted stack are judged by _contacts."""
        element, moves = self.cells[square][-1], []
        near = (square + SIZE, square - SIZE)
        for shown in self.orientations(element):
            arrow = shown.arrow if self.free else None
            south, north = shown.south, shown.north
            for key in ((south, north), (south, None), (None, north)):
                for target in slots.get(key, ()):
                    if target not in near:
                        moves.append(shift_move(square, target, arrow))
            for target in near:
                if target in targets and self._contacts(target, shown, square)[0]:
                    moves.append(shift_move(square, target, arrow))
        return moves

    @property
    def answering(self) -> int | None:
        """The player who has one move to answer the first player's crossing (with
        `equalize`), else None."""
        if len(self.crossed) == 1 and self._ended is None:
            return 1 - self.crossed[0][1].owner
        return None

    def _end(self):
        """(winner, reason) once the game has ended, else None: no move list needed. A
        crossing waiting for its answer holds off every other end."""
        end = self._ended
        if end is None and not self.crossed:
            counts = self.counts()
            if 0 in counts:
                end = (1 - counts.index(0), "no moves")
            elif self.quiet >= 2 * self.limit:
                end = (None, "no captures")
        return end

    def _finished(self):
        return self._cache[1] if self._cache is not None else self._end()

    def _position(self):
        if self._cache is None:
            end = self._end()
            moves = [] if end else sorted(self._shifts(), key=lambda m: m.text)
            self._cache = (moves, end)
        return self._cache

    def parse_move(self, text):
        return parse_shift_move(text)

    def refusal(self, move: ShiftMove) -> str:
        stack = self.cells[move.start]
        where = square_name(move.start)
        if not stack:
            return _("there is no element on {square}").format(square=where)
        element = stack[-1]
        if element.owner != self.to_move:
            return _("the element on {square} is your opponent's").format(square=where)
        if self.free and move.arrow is None:
            return _("arrows are free: add ^ or v for the arrow you set the element down "
                     "with")
        if not self.free and move.arrow is not None:
            return _("arrows are fixed in this game, so no ^ or v")
        if move.past_edge:
            far = SIZE if element.owner == 0 else -1
            if move.end // SIZE != far:
                return _("only past your opponent's edge: rank 9 for the south player, "
                         "rank 0 for the north player")
        elif self.cells[move.end]:
            return _("{square} is taken").format(square=square_name(move.end))
        shown = element
        if self.free and move.arrow != element.arrow:
            shown = turned(element)
        cells = self.cells
        for square, facing, mine in ((move.end + SIZE, "south", shown.north),
                                     (move.end - SIZE, "north", shown.south)):
            if not 0 <= square < SHAPE.size:
                continue
            there = cells[square][:-1] if square == move.start else cells[square]
            if there and getattr(there[-1], facing) != mine:
                return _("its {mine} would touch the {other} of the element on {square}: "
                         "every touching number must be equal").format(
                    mine=mine, other=getattr(there[-1], facing), square=square_name(square))
        if move.past_edge:
            return _("past the edge it must touch your own element on the last rank")
        return _("it must touch at least one of your own elements")

    def _push(self, move):
        player = self.to_move
        before = (self.quiet, self._ended, self.crossed)
        answer = self.answering is not None
        lifted, captured = None, ()
        if move is PASS:
            self.quiet += 1
        else:
            cells = self.cells
            stack = cells[move.start]
            lifted = stack[-1]
            cells[move.start] = stack[:-1]
            shown = lifted if not self.free or move.arrow == lifted.arrow else turned(lifted)
            if move.past_edge:
                self.crossed += ((move.end, shown),)
                self.quiet += 1
            else:
                taken = self._contacts(move.end, shown, -99)[1]
                cells[move.end] = (shown,)
                captured = tuple((s, cells[s]) for s in taken)
                for s in taken:
                    cells[s] = ()
                if captured:
                    self.captures[player] += sum(len(st) for _, st in captured)
                    self.quiet = 0
                else:
                    self.quiet += 1
        crossing = move is not PASS and move.past_edge
        if answer:          # the one move of answer decides: crossing too draws
            self._ended = (None, "both crossed") if crossing else (1 - player, "goal")
        elif crossing and not (self.equalize and player == self.first_player):
            self._ended = (player, "goal")
        self.to_move = 1 - player
        self._cache = None
        return lifted, captured, before

    def _pop(self, move, info) -> None:
        lifted, captured, (self.quiet, self._ended, self.crossed) = info
        self.to_move = player = 1 - self.to_move
        if move is not PASS:
            cells = self.cells
            for square, stack in captured:
                cells[square] = stack
            self.captures[player] -= sum(len(st) for _, st in captured)
            if not move.past_edge:
                cells[move.end] = ()
            cells[move.start] = cells[move.start] + (lifted,)
        self._cache = None

    def scores(self) -> tuple[int, int]:
        return tuple(self.captures)

    # ---- views, records --------------------------------------------------------------------
    def view(self, player: int):
        return shift_view.view_of(self, player)

    def secret_tiles(self, player: int) -> tuple:
        return ()

    def public_facts(self) -> dict:
        return {"start": dict(self.start)}      # nothing is hidden, how it started neither

    @staticmethod
    def heuristic(view, move) -> float:
        game = shift_view.game_of(view)
        return shift_view.rate(game, view.player, game.parse_move(move))

    def clone(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.cells = list(self.cells)
        other.captures = list(self.captures)
        other._stack = list(self._stack)
        other._cache = None
        return other


def shift_game_at(texts, options: dict | None = None, to_move: int = 0,
                  captures=(0, 0), quiet: int = 0) -> ShiftGame:
    """A made-up position of Shift from stack texts (`c2:0:3-5`, `a1:0:1-2/a1:0:3-3`),
    without the accounting of position files: for tutorials, puzzles and tests."""
    options = ShiftGame.resolve(options)
    cells = [()] * SHAPE.size
    for text in texts:
        square, stack = parse_stack(text, options["arrows"] == "free")
        cells[square] = stack
    game = ShiftGame(options, None, cells, to_move, captures, quiet)
    game.start = game.start_of(True)
    return game
