"""Dominid's opening: who moves first, and how the two turned-up tiles are laid.

The source: "The player with the losing domino must arrange the two side by side in the
center of the table". With the option `arrange = chosen` that player does it as their
first move, `arrange 1-3@h8h9 4-0@i8i9` (the left tile first, each upright on two middle
cells, either tile on the left, either end of each at the bottom: up to 8 ways, fewer
with doubles); with `fixed` the engine lays them (the first player's tile on the left,
each with its smaller number at the bottom) and nobody arranges.

The greedy judgement of an arrangement: the player who arranges moves second, and the
first player's first tile pays its distance to a pair of the opening's numbers. So the
better arrangement leaves that tile dearer: by the expected cost of the cheapest of three
tiles dealt from those the arranger cannot see.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..board.placement import Placement
from ..board.shape import BoardShape, middle_squares
from ..core import Move, Tile
from .stacks import Stacks

ARRANGE = "arrange"
HAND = 3


def first_player(draws) -> int:
    """Who moves first: the higher tile total, then the higher single number."""
    keys = [(t.value, t.b) for t in draws]
    return 0 if keys[0] > keys[1] else 1


def opening_cells(shape: BoardShape) -> tuple[int, int, int, int]:
    """(left lower, left upper, right lower, right upper) cells of the opening: the four
    middle cells of the table (along an odd side, the centre line and the one before it:
    files d and e of a 9-wide table), which its level file keeps open."""
    return middle_squares(shape.width, shape.height)


@dataclass(frozen=True, slots=True)
class Arrangement(Move):
    """The opening as the player with the losing tile lays it: `left` and `right`, two
    upright placements on the middle cells."""

    left: Placement
    right: Placement

    @property
    def placements(self) -> tuple[Placement, Placement]:
        return self.left, self.right

    @property
    def tiles(self) -> tuple[Tile, Tile]:
        return self.left.tile, self.right.tile

    def __str__(self) -> str:
        return f"{ARRANGE} {self.left} {self.right}"

    def __repr__(self) -> str:
        return f"Arrangement.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Arrangement":
        """`arrange 1-3@h8h9 4-0@i8i9`; ValueError saying how to write it otherwise."""
        words = str(text).split()
        if len(words) != 3 or words[0].lower() != ARRANGE:
            raise ValueError(f"{str(text)[:60]!r} is not an arrangement: write it like "
                             f"arrange 1-3@h8h9 4-0@i8i9 (the left tile first)")
        return cls(Placement.parse(words[1]), Placement.parse(words[2]))


def _upright(tile: Tile, low: str, high: str, bottom: int) -> Placement:
    return Placement(bottom, tile.other(bottom), low, high)


def arrangements(shape: BoardShape, draws, first: int) -> list[Arrangement]:
    """Every way to lay the two turned-up tiles (`draws`: player 0's and 1's) on the
    opening cells, in canonical text order."""
    names = [shape.names[c] for c in opening_cells(shape)]
    found = set()
    for left, right in ((draws[first], draws[1 - first]), (draws[1 - first], draws[first])):
        for low_left in {left.a, left.b}:
            for low_right in {right.a, right.b}:
                found.add(Arrangement(_upright(left, names[0], names[1], low_left),
                                      _upright(right, names[2], names[3], low_right)))
    return sorted(found, key=str)


def fixed_arrangement(shape: BoardShape, draws, first: int) -> Arrangement:
    """The engine's opening (`arrange = fixed`): the first player's tile on the left, each
    with its smaller number at the bottom."""
    names = [shape.names[c] for c in opening_cells(shape)]
    left, right = draws[first], draws[1 - first]
    return Arrangement(_upright(left, names[0], names[1], left.a),
                       _upright(right, names[2], names[3], right.a))


def first_tile_costs(shape: BoardShape, move: Arrangement, tiles) -> list[int]:
    """Per tile of `tiles`, the least it would cost as the first tile laid beside (or on)
    the opening `move`, either way round."""
    stacks = Stacks(shape)
    for placement in move.placements:
        stacks.lay(shape.index[placement.first], placement.x,
                   shape.index[placement.second], placement.y)
    pairs = {pair.numbers for slot in stacks.open for pair in stacks.pairs(slot)}
    return [min(min(abs(t.a - p) + abs(t.b - q), abs(t.b - p) + abs(t.a - q))
                for p, q in pairs) for t in tiles]


def expected_cheapest(costs: list[int], hand: int = HAND) -> float:
    """The expected least of `hand` costs drawn at random from `costs` (all equally
    likely): the i-th cheapest is the least when the others come from the dearer ones."""
    costs = sorted(costs)
    n = len(costs)
    if n < hand:
        return float(min(costs, default=0))
    return sum(c * comb(n - 1 - i, hand - 1) for i, c in enumerate(costs)) / comb(n, hand)


def arrangement_rating(shape: BoardShape, move: Arrangement, unseen) -> float:
    """How good `move` is for the player who arranges: the expected cost of the first
    player's cheapest first tile, their hand being three of the `unseen` tiles."""
    return expected_cheapest(first_tile_costs(shape, move, unseen))
