"""What a Dominox player may see, and the greedy computer player's judgement of a move.

A view is a frozen snapshot: agents run on views in a worker thread while the game goes
on, so nothing in it refers to the live state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .core import PASS, Tile
from .dominox_moves import (ALL_NUMBERS, FIRST_IN, SECOND_IN, TILE_INDEX, TILES, Placement,
                            oriented, tile_bits, tiles_of)
from .grid import EMPTY, BoardShape, board_shape


@dataclass(frozen=True)
class DominoxView:
    variant: str
    player: int                        # 0 White, 1 Black: also the player's colour
    current_player: int | None         # None once the game is over
    width: int
    height: int
    blocked: frozenset[int]            # square indices (rank * width + file)
    numbers: tuple[int, ...]           # per square: the number shown, or -1 when empty
    accepts: tuple[int, ...]           # per square: 7-bit mask of numbers it accepts
    placed: tuple[Placement, ...]      # in the order they were laid
    hand: tuple[Tile, ...]
    opponent_hand_size: int
    stock_size: int
    last_move: object                  # a Placement, "pass" or None
    passes: int                        # passes in a row with the stock empty
    opening: Tile | None               # the double the first move must be
    moves: tuple = ()                  # legal moves, on this player's turn only
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def legal_moves(self) -> list:
        return list(self.moves)

    @property
    def shape(self) -> BoardShape:
        return board_shape(self.width, self.height, self.blocked)

    def number_at(self, square: str) -> int | None:
        number = self.numbers[self.shape.square(square)]
        return None if number == EMPTY else number

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """Tiles neither on the board nor in this hand: the opponent's and the stock's."""
        known = tile_bits(self.hand) | tile_bits(p.tile for p in self.placed)
        return tiles_of(((1 << 28) - 1) & ~known)


def view_of(game, player: int) -> DominoxView:
    names = game.shape.names
    opening = TILES[game.opening] if game.opening >= 0 and game.to_move == player else None
    last = game.history[-1] if game.history else None
    return DominoxView(
        variant=game.variant, player=player, current_player=game.current_player,
        width=game.shape.width, height=game.shape.height, blocked=game.shape.blocked,
        numbers=tuple(game.numbers), accepts=tuple(game.accepts),
        placed=tuple(Placement(x, y, names[s1], names[s2]) for s1, x, s2, y in game.placed),
        hand=tiles_of(game.hands[player]), opponent_hand_size=game.hands[1 - player].bit_count(),
        stock_size=len(game.stock) - game.drawn,
        last_move=game._move_of(*last[1:5]) if last else None, passes=game.passes,
        opening=opening,
        moves=tuple(game.legal_moves()) if game.current_player == player else ())


# ----- the greedy player's judgement -----

FLEX_WEIGHT = 0.3       # below 1: only breaks ties, keeping the tiles that fit many places


def heuristic(view: DominoxView, move) -> float:
    """The change `move` makes to the mover's likely final territory margin.

    Likely final territory: the squares no tile still in play can ever cover ("dead"
    squares) are sure to stay empty, so the areas they form are scored as at the end of
    the game; live squares are assumed to be covered sooner or later. A move gains by
    sealing lone squares of the mover's colour and by spoiling the opponent's (a dead
    square beside a dead square of the other colour scores nothing). Among equal moves it
    prefers laying a tile that fits few places, keeping the flexible ones in hand.
    """
    if move == PASS:
        return 0.0
    base = view._cache.get("base")
    if base is None:
        base = view._cache["base"] = _Judge(view)
    return base.gain(move)


class _Judge:
    """The per-view work of `heuristic`, done once for all the moves it rates."""

    def __init__(self, view: DominoxView):
        self.view = view
        self.shape = view.shape
        board = tile_bits(p.tile for p in view.placed)
        self.loose = oriented(((1 << 28) - 1) & ~board)    # tiles that may still be laid
        self.support = [self._support(s, view.numbers, view.accepts, self.loose)
                        for s in range(self.shape.size)]
        self.dead = [self.shape.playable[s] and view.numbers[s] == EMPTY and not self.support[s]
                     for s in range(self.shape.size)]
        self.only_by: dict[int, list[int]] = {}      # tile -> squares only it can cover
        self.before = self._value(self.dead)
        self.fits: dict[Tile, int] = {}
        for other in view.moves:
            if other != PASS:
                self.fits[other.tile] = self.fits.get(other.tile, 0) + 1

    def _support(self, square: int, numbers, accepts, loose: int) -> int:
        """The oriented `loose` tiles that could cover the empty `square` (0: it is dead)."""
        found = 0
        for other in self.shape.neighbours[square]:
            if numbers[other] == EMPTY:
                low, high = (square, other) if square < other else (other, square)
                found |= FIRST_IN[accepts[low]] & SECOND_IN[accepts[high]] & loose
        return found

    def _is_dead(self, square: int, numbers, accepts, loose: int) -> bool:
        return (numbers[square] == EMPTY and self.shape.playable[square]
                and not self._support(square, numbers, accepts, loose))

    def _value(self, dead: list[bool]) -> int:
        """The mover's margin in the areas that the dead squares form."""
        shape, me = self.shape, self.view.player
        total = 0
        for region in shape.regions([EMPTY if d else 0 for d in dead]):
            lead = len(region) - 2 * sum(shape.colours[s] for s in region)   # > 0: White leads
            if lead:
                total += len(region) if (lead > 0) == (me == 0) else -len(region)
        return total

    def gain(self, move: Placement) -> float:
        shape, view = self.shape, self.view
        s1, s2 = shape.index[move.first], shape.index[move.second]
        numbers = list(view.numbers)
        numbers[s1], numbers[s2] = move.x, move.y
        accepts = list(view.accepts)
        near = set(shape.neighbours[s1]) | set(shape.neighbours[s2])
        for t in near:
            shown = [numbers[u] for u in shape.neighbours[t] if numbers[u] != EMPTY]
            accepts[t] = sum(1 << n for n in set(shown)) if shown else ALL_NUMBERS
        tile = TILE_INDEX[move.tile]
        loose = self.loose & ~oriented(1 << tile)
        if tile not in self.only_by:
            self.only_by[tile] = [s for s, bits in enumerate(self.support)
                                  if bits and not bits & loose]
        dead = list(self.dead)
        for s in self.only_by[tile]:
            dead[s] = True
        dead[s1] = dead[s2] = False
        for t in near | {u for t in near for u in shape.neighbours[t]}:
            dead[t] = self._is_dead(t, numbers, accepts, loose)
        flexibility = FLEX_WEIGHT / self.fits.get(move.tile, 1)
        return self._value(dead) - self.before + flexibility
