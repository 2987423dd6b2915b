"""Packs, open-board game 22: turn up the top element of your own face-down pack and place it
on the board, touching your own elements with equal numbers; bring as many as you can
onto your opponent's half (docs/rules.md, Packs).

Placements are written `3-5@c2`: the number at the element's south end, the number at its
north end, its square. The board is 8 x 8, or with `across` 16 files (a-p) by 4 ranks:
the source's cross sectoring, with 16 squares on each home rank and 4 on each file. On
both, elements stand along the files and touch along them, the home ranks are the first
and the last, and each half is half the ranks; only the board's shape differs.
"""
from __future__ import annotations

from game.i18n import N_, _

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from ..board.shape import board_shape, square_name
from ..core import PASS, IllegalMoveError, Tile, View
from ..options import Option, Options
from ..tiles import OPEN_BOARD_SET
from . import packs_positions as files
from .game import ElementGame
from .moves import TextMove, read_move
from .board import SHAPE, SIZE, Element, parse_element

RULES_TEXT = N_("""\
Packs is played by two players on an empty board of 8 x 8 squares. Each has a whole set \
of 32 elements (the 28 tiles and a second 0-0, 2-2, 4-4 and 6-6), shuffled into a \
face-down pack beside the board.

On your turn the top element of your pack is turned up and you place it on an empty \
square, standing along the file, either way round (you choose which number points \
north). On your home rank (rank 1 for the south player, the top rank for the north \
player) it may go anywhere, whatever it touches. Anywhere else it must touch at least one \
of your own elements, and every number it touches must be equal to the number it faces.

Two elements touch only when they stand one behind the other on the same file. An \
opponent's element touched with an equal number is removed, on the home rank too. An \
element that cannot be placed anywhere is set aside for good (the turn is a pass).

When both packs are used up, the player with more elements on the opponent's half of the \
board (ranks 5-8 for the south player, 1-4 for the north player) wins; equal is a draw. \
The score is those elements.

Where the source is unclear, this game chose: the source lets any element onto the \
home rank but forbids unequal numbers face to face, and does not say which rule wins on \
the home rank. Here the home rank wins: an element may go there even facing an unequal \
number; only off the home rank must every touching number be equal.

Option across: the board is laid out the other way, 16 files (a-p) by 4 ranks, as the \
source's cross sectoring has it: 16 squares on each home rank, 4 on each file. The home \
ranks are rank 1 (south player) and rank 4 (north player), each half two ranks (1-2 and \
3-4), and elements still stand along the files and touch only along them. Twice as many \
files to start on, each half as long: two placements reach the far half, so every file \
is a short race. Placements are written as before, like 3-5@p2.""")

_MOVE = re.compile(r"([0-6])-([0-6])@([a-z][0-9]+)")
FORM = "a placement is the turned-up element's numbers and a square, like 3-5@c2 (the " \
       "south number first), or pass"
ACROSS = board_shape(16, 4)              # `across`: 16 files by 4 ranks


def packs_shape(across: bool):
    """The board of a game of Packs: 8 x 8, or 16 x 4 across."""
    return ACROSS if across else SHAPE


@dataclass(frozen=True, repr=False)
class PlaceMove(TextMove):
    low: int            # the south number
    high: int           # the north number
    square: int
    width: int = SIZE   # the board's files (16 across), to name the square
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        name = square_name(self.square % self.width, self.square // self.width)
        object.__setattr__(self, "text", f"{self.low}-{self.high}@{name}")

    @property
    def tile(self) -> Tile:
        return Tile.of(self.low, self.high)


def parse_place_move(text, shape=SHAPE):
    """The placement (or PASS) written `text` on the board `shape`."""
    match = read_move(text, PlaceMove, _MOVE, FORM)
    if not isinstance(match, re.Match):
        return match
    name = match.group(3)
    try:
        square = shape.square(name)
    except ValueError:
        last = "abcdefghijklmnopqrstuvwxyz"[shape.width - 1]
        raise IllegalMoveError(text, f"{name} is not on the board (files a-{last}, ranks "
                                     f"1-{shape.height})") from None
    return PlaceMove(int(match.group(1)), int(match.group(2)), square, shape.width)


class PacksGame(ElementGame):
    variant = "open22"
    title = N_("Packs")
    how_to_win = (
        N_("When both packs are used up, the player with more elements on the opponent's "
        "half wins. Placing an element so that it faces an opponent's with an equal "
        "number removes that element."))
    notation = N_("the turned-up element's south and north numbers and its square, `3-5@c2` "
                  "(across, on squares a1 to p4: `3-5@p2`)")
    score_counts = N_("score")      # the elements on the opponent's half
    hard_hooks = "game.logic.elements.packs_worlds"
    records = files
    rules_text = RULES_TEXT
    cant_pass = N_("you cannot pass: the turned-up element can be placed")
    min_players = max_players = 2
    options_declared: ClassVar[Options] = (
        Option("across", False, N_("play across: a board of 16 files by 4 ranks")),
    )

    def __init__(self, options: dict, seed, packs, cells=None, to_move: int = 0,
                 captures=(0, 0), set_aside=((), ()), removed=None):
        self.players = 2
        self.options = options
        self.seed = seed
        self.across = bool(options["across"])
        self.shape = packs_shape(self.across)
        self.width, self.height = self.shape.width, self.shape.height
        self.packs = [list(p) for p in packs]           # top first, every element of the deal
        self.turned = [0, 0]                            # elements each has turned up so far
        self.cells = list(cells) if cells is not None else [None] * self.shape.size
        self.to_move = to_move
        self.captures = list(captures)
        self.set_aside = [list(a) for a in set_aside]
        # per player their elements the opponent removed (tiles), when known
        self.removed = [list(r) for r in removed] if removed is not None else [[], []]
        self._cache = None
        self._stack = []
        self.start: dict = {}

    @property
    def tiles(self):
        return OPEN_BOARD_SET

    @classmethod
    def shape_for(cls, options: dict):
        return packs_shape(bool(options["across"]))

    # ---- geometry: ranks along the files --------------------------------------------------
    def rank_of(self, square: int) -> int:
        return square // self.width

    def ahead(self, square: int):
        """The square north of `square`, None past the edge."""
        square += self.width
        return square if square < self.shape.size else None

    def behind(self, square: int):
        """The square south of `square`, None past the edge."""
        return square - self.width if square >= self.width else None

    def home_rank(self, owner: int) -> int:
        return 0 if owner == 0 else self.height - 1

    def on_home(self, owner: int, square: int) -> bool:
        return self.rank_of(square) == self.home_rank(owner)

    def on_far_half(self, owner: int, square: int) -> bool:
        return (self.rank_of(square) >= self.height // 2) == (owner == 0)

    def far_counts(self) -> tuple[int, int]:
        counts = [0, 0]
        for square, element in enumerate(self.cells):
            if element is not None and self.on_far_half(element.owner, square):
                counts[element.owner] += 1
        return counts[0], counts[1]

    # ---- creating, records and positions (packs_positions.py) ----------------------------
    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: dict | None = None):
        import random
        cls.require_players(players)
        options = cls.resolve(options)
        rng = random.Random(seed)
        packs = [OPEN_BOARD_SET.shuffled(rng), OPEN_BOARD_SET.shuffled(rng)]
        game = cls(options, seed, packs)
        game.start = {"deal": {"packs": files.pack_texts(packs)}}
        return game

    def position_values(self) -> dict:
        return files.position_values(self)

    def board_texts(self) -> list[str]:
        names = self.shape.names
        return [e.text(names[s]) for s, e in enumerate(self.cells) if e is not None]

    # ---- the rules ---------------------------------------------------------------------
    def turned_up(self) -> Tile | None:
        """The element the player to move has turned up (None when the packs are used up)."""
        pack, at = self.packs[self.to_move], self.turned[self.to_move]
        return pack[at] if at < len(pack) else None

    def contacts(self, square: int, element: Element):
        """(allowed, opponent squares it captures): allowed on the home rank whatever it
        touches, elsewhere only touching an own element with every touching number equal."""
        cells, own, equal, taken = self.cells, False, True, []
        for neighbour, facing, mine in ((self.ahead(square), "south", element.north),
                                        (self.behind(square), "north", element.south)):
            if neighbour is None or cells[neighbour] is None:
                continue
            other = cells[neighbour]
            if getattr(other, facing) != mine:
                equal = False
            elif other.owner == element.owner:
                own = True
            else:
                taken.append(neighbour)
        allowed = self.on_home(element.owner, square) or (own and equal)
        return allowed, taken

    def _position(self):
        if self._cache is None:
            moves, end = [], None
            tile = self.turned_up()
            if tile is None:
                far = self.far_counts()
                end = (None if far[0] == far[1] else (0 if far[0] > far[1] else 1), "packs")
            else:
                me = self.to_move
                ways = {(tile.a, tile.b), (tile.b, tile.a)}
                for low, high in ways:
                    element = Element(me, low, high)
                    for square in range(self.shape.size):
                        if self.cells[square] is None and self.contacts(square, element)[0]:
                            moves.append(PlaceMove(low, high, square, self.width))
                moves.sort(key=lambda m: m.text)
            self._cache = (moves, end)
        return self._cache

    def parse_move(self, text):
        return parse_place_move(text, self.shape)

    def refusal(self, move: PlaceMove) -> str:
        tile = self.turned_up()
        if move.tile != tile:
            return _("you turned up {tile}: place that element").format(tile=tile)
        if self.cells[move.square] is not None:
            return _("{square} is taken").format(square=self.shape.names[move.square])
        element = Element(self.to_move, move.low, move.high)
        for neighbour, facing, mine in ((self.ahead(move.square), "south", element.north),
                                        (self.behind(move.square), "north", element.south)):
            other = None if neighbour is None else self.cells[neighbour]
            if other is not None and getattr(other, facing) != mine:
                return _("its {mine} would touch the {other} of the element on {square}: "
                         "off your home line every touching number must be equal").format(
                    mine=mine, other=getattr(other, facing), square=self.shape.names[neighbour])
        rank = self.home_rank(self.to_move) + 1
        return _("off your home line (rank {rank}) it must touch one of your own "
                 "elements").format(rank=rank)

    def _push(self, move):
        player = self.to_move
        tile = self.turned_up()
        self.turned[player] += 1
        captured = ()
        if move is PASS:
            self.set_aside[player].append(tile)
        else:
            element = Element(player, move.low, move.high)
            taken = self.contacts(move.square, element)[1]
            captured = tuple((s, self.cells[s]) for s in taken)
            for s in taken:
                self.cells[s] = None
            self.removed[1 - player].extend(e.tile for _, e in captured)
            self.cells[move.square] = element
            self.captures[player] += len(captured)
        self.to_move = 1 - player
        self._cache = None
        return captured

    def _pop(self, move, captured) -> None:
        self.to_move = player = 1 - self.to_move
        self.turned[player] -= 1
        if move is PASS:
            self.set_aside[player].pop()
        else:
            self.cells[move.square] = None
            for square, element in captured:
                self.cells[square] = element
            if captured:
                del self.removed[1 - player][-len(captured):]
            self.captures[player] -= len(captured)
        self._cache = None

    def scores(self) -> tuple[int, int]:
        return self.far_counts()

    def last_capture(self) -> tuple:
        return self._stack[-1][2] if self._stack else ()

    # ---- views, records --------------------------------------------------------------------
    def view(self, player: int):
        return view_of(self, player)

    def secret_tiles(self, player: int) -> tuple:
        return ()               # nobody sees the face-down packs, not even their owners

    @staticmethod
    def heuristic(view, move) -> float:
        return rate(view, view.player, parse_place_move(move, view.shape))

    def clone(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.cells = list(self.cells)
        other.captures = list(self.captures)
        other.turned = list(self.turned)
        other.set_aside = [list(a) for a in self.set_aside]
        other.removed = [list(r) for r in self.removed]
        other._stack = list(self._stack)
        other._cache = None
        return other


# ---- what a player sees, and the greedy judgement ------------------------------------------
@dataclass(frozen=True)
class PacksView(View):
    board: tuple                # per square "c2:0:3-5" or None
    to_move: int
    turned_up: str | None       # the element the player to move has turned up ("3-5")
    pack_sizes: tuple           # face-down elements left in each pack (not the turned-up one)
    set_aside: tuple            # per player the texts of the elements set aside
    captures: tuple
    removed: tuple              # per player the texts of their elements the opponent removed
    far_half: tuple             # elements each player has on the opponent's half
    scores: tuple
    across: bool
    last_move: object
    hand: tuple = ()            # nothing is ever in a hand: the packs are face down

    @property
    def shape(self):
        """The board: 8 x 8, or 16 x 4 across."""
        return packs_shape(self.across)

    @cached_property
    def cells(self) -> tuple:
        """Per square the Element standing there, or None."""
        return board_cells(self)

    @cached_property
    def working_game(self) -> "PacksGame":
        """A game in this position to try placements on (each is undone after): made
        once per view, not once per placement rated."""
        return game_of(self)

    def element_at(self, square):
        return self.cells[self.shape.square(square) if isinstance(square, str) else square]

    def targets(self, square) -> list:
        """The legal placements on `square` (name or index) on this player's turn."""
        index = self.shape.square(square) if isinstance(square, str) else square
        return [m for m in self.moves if m is not PASS and m.square == index]


def board_cells(view) -> tuple:
    """The view's elements per square, parsed afresh (not cached on the view, so that a
    view compared field by field stays as it was made)."""
    shape = view.shape
    return tuple(None if t is None else parse_element(t, shape=shape)[1] for t in view.board)


def view_of(game: PacksGame, player: int) -> PacksView:
    current = game.current_player
    last = game._stack[-1][1] if game._stack else None
    tile = game.turned_up() if current is not None else None
    sizes = tuple(len(game.packs[o]) - game.turned[o] - (1 if o == game.to_move and tile else 0)
                  for o in (0, 1))
    return PacksView(
        variant=game.variant, player=player, players=2, current_player=current,
        board=tuple(None if e is None else e.text(game.shape.names[s])
                    for s, e in enumerate(game.cells)),
        to_move=game.to_move, turned_up=None if tile is None else str(tile), pack_sizes=sizes,
        set_aside=tuple(tuple(str(t) for t in a) for a in game.set_aside),
        captures=tuple(game.captures),
        removed=tuple(tuple(str(t) for t in r) for r in game.removed),
        far_half=game.far_counts(), scores=game.scores(),
        across=game.across, last_move=last,
        options=dict(game.options), moves=tuple(game.legal_moves()) if current == player else ())


def game_of(view: PacksView) -> PacksGame:
    """A working game in the view's position; the packs behind it are unknown, so it holds
    only the turned-up element (enough to try each placement)."""
    tile = Tile.parse(view.turned_up) if view.turned_up else None
    packs: list[list[Tile]] = [[], []]
    if tile is not None:
        packs[view.to_move] = [tile]
    removed = [[Tile.parse(t) for t in r] for r in view.removed]
    return PacksGame(dict(view.options), None, packs, view.cells, view.to_move,
                     view.captures, removed=removed)


def rate(view: PacksView, me: int, move) -> float:
    """Removals, elements brought onto the opponent's half, depth toward it, and the
    contacts left open for the next own elements."""
    if move is PASS:
        return 0.0
    game = view.working_game
    before = game.far_counts()[me]
    captured = game._push(move)
    try:
        gained = game.far_counts()[me] - before
        rank = game.rank_of(move.square)
        forward = rank if me == 0 else game.height - 1 - rank
        ahead = game.ahead(move.square) if me == 0 else game.behind(move.square)
        open_end = ahead is not None and game.cells[ahead] is None
        return rating(len(captured), gained, forward, open_end)
    finally:
        game._pop(move, captured)


def rating(captured: int, gained: int, forward: int, open_end: bool) -> float:
    """The greedy judgement of a placement from what it does: elements removed, elements
    gained on the far half, ranks toward it, and an empty square left ahead of it (Hard's
    model of a Medium opponent asks this too)."""
    return 10.0 * captured + 6.0 * gained + 0.5 * forward + 0.5 * open_end
