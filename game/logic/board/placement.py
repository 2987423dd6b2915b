"""Two-square tiles on a board as bits and as text: the tile tables and the Placement
move (Dominox, Spread and Dominid write moves this way).

A tile laid on a slot (s1, s2) is one of 56 "oriented tiles": j < 28 is TILES[j] as
(a on s1, b on s2), j >= 28 is TILES[j - 28] the other way round (doubles have only the
first). `FIRST_IN[mask]` / `SECOND_IN[mask]` are the 56-bit sets of oriented tiles whose
first or second number a 7-bit mask of accepted numbers allows, so the tiles that fit a
slot are two table lookups ANDed with the hand.
"""
from __future__ import annotations

from game.i18n import _

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import DOUBLE_SIX, Move, Tile
from .shape import BoardShape, board_shape, canonical_pair, parse_square, square_name

TILES = DOUBLE_SIX
_TILE_OF = tuple(Tile.of(x, y) for x in range(7) for y in range(7))   # [x * 7 + y]
TILE_INDEX = {tile: i for i, tile in enumerate(TILES)}
ALL_NUMBERS = 0b1111111
DOUBLES = sum(1 << i for i, t in enumerate(TILES) if t.is_double)
NOT_DOUBLES = ((1 << 28) - 1) & ~DOUBLES
ORIENTED = tuple((t.a, t.b) for t in TILES) + tuple((t.b, t.a) for t in TILES)
# The oriented tiles that exist: the reversed copies of doubles do not.
ORIENTATIONS = tuple(j for j in range(56) if j < 28 or not TILES[j - 28].is_double)
FIRST_IN = tuple(sum(1 << j for j in ORIENTATIONS if m >> ORIENTED[j][0] & 1) for m in range(128))
SECOND_IN = tuple(sum(1 << j for j in ORIENTATIONS if m >> ORIENTED[j][1] & 1) for m in range(128))


def oriented(tiles: int) -> int:
    """A 28-bit tile set as the 56-bit set of its orientations."""
    return tiles | (tiles & NOT_DOUBLES) << 28


def tile_bits(tiles) -> int:
    return sum(1 << TILE_INDEX[t] for t in tiles)


def tiles_of(bits: int) -> tuple[Tile, ...]:
    return tuple(t for i, t in enumerate(TILES) if bits >> i & 1)


_PLACEMENT = re.compile(r"([0-9]+)-([0-9]+)@([a-z][0-9]+)([a-z][0-9]+)")


@dataclass(frozen=True, slots=True)
class Placement(Move):
    """Number `x` on square `first`, `y` on `second`; canonical when `first` is the lower
    (vertical) or left (horizontal) square, which `make` and `parse` guarantee."""

    x: int
    y: int
    first: str
    second: str

    @classmethod
    def make(cls, x: int, first: str, y: int, second: str) -> "Placement":
        if canonical_pair(first, second) == (first, second):
            return cls(x, y, first, second)
        return cls(y, x, second, first)

    @classmethod
    def parse(cls, text: str) -> "Placement":
        match = _PLACEMENT.fullmatch(text.strip().lower())
        if not match:
            raise ValueError(f"{text!r} is not a placement: write it like 5-3@c4c5, or pass")
        x, y = int(match.group(1)), int(match.group(2))
        if x > 6 or y > 6:
            raise ValueError(f"{text!r}: numbers go from 0 to 6")
        # Square names written the canonical way ("a01" is "a1"), so equal moves compare equal.
        first, second = (square_name(*parse_square(match.group(i))) for i in (3, 4))
        return cls.make(x, first, y, second)

    @property
    def tile(self) -> Tile:
        # A table lookup: scenes ask every legal placement's tile (thousands on big boards).
        return _TILE_OF[self.x * 7 + self.y] if 0 <= self.x <= 6 and 0 <= self.y <= 6 \
            else Tile.of(self.x, self.y)

    def __str__(self) -> str:
        return f"{self.x}-{self.y}@{self.first}{self.second}"

    def __repr__(self) -> str:
        return f"Placement.parse({str(self)!r})"


def placement_words(move) -> str:
    """A placement (or its text) as the status line says it: "5-3@c4c5" is "5-3 on c4-c5"
    (the numbers in the order of their squares); ValueError says what is wrong with a
    malformed text."""
    if str(move) == "pass":
        return _("pass")
    move = move if isinstance(move, Placement) else Placement.parse(str(move))
    return _("{tile} on {first}-{second}").format(tile=f"{move.x}-{move.y}", first=move.first,
                                                  second=move.second)


# Oriented tiles in text order: "x-y@..." sorts by x, then y.
TEXT_ORDER = tuple(sorted(ORIENTATIONS, key=ORIENTED.__getitem__))


def sorted_placements(shape: BoardShape, found) -> list[Placement]:
    """The placements of `found` [(slot, 56-bit set of oriented tiles)] in canonical
    text order, from the shape's tables: by tile, then by the squares' text (slots are
    visited in that order, so no placement is compared or sorted)."""
    placements, slot_rank = placement_table(shape)
    slots, names = shape.slots, shape.names
    buckets: dict[int, list] = {}
    for slot, bits in sorted(found, key=lambda item: slot_rank[item[0]]):
        base = slot * 56
        while bits:
            low = bits & -bits
            j = low.bit_length() - 1
            placement = placements[base + j]
            if placement is None:
                s1, s2 = slots[slot]
                x, y = ORIENTED[j]
                placement = placements[base + j] = Placement(x, y, names[s1], names[s2])
            found_j = buckets.get(j)
            if found_j is None:
                buckets[j] = [placement]
            else:
                found_j.append(placement)
            bits ^= low
    return [p for j in TEXT_ORDER if j in buckets for p in buckets[j]]


class LegalPlacements(Sequence):
    """The legal placements of a position as `sorted_placements` lists them, kept as the
    (slot, oriented tiles) bitsets the board found until first read. On a big board a
    view holds thousands of placements: drawing a frame, or sending the view to the
    computer's worker process (it pickles as the bitsets), then costs nothing for them."""

    __slots__ = ("shape", "found", "_moves")
    _moves: tuple[Placement, ...] | None

    def __init__(self, shape: BoardShape, found):
        self.shape, self.found, self._moves = shape, tuple(found), None

    @property
    def moves(self) -> tuple[Placement, ...]:
        if self._moves is None:
            self._moves = tuple(sorted_placements(self.shape, self.found))
        return self._moves

    def __len__(self) -> int:
        return sum(bits.bit_count() for _x, bits in self.found)

    def __getitem__(self, index):
        return self.moves[index]

    def __iter__(self):
        return iter(self.moves)

    def __contains__(self, move) -> bool:
        return move in self.moves

    def __eq__(self, other) -> bool:
        if isinstance(other, LegalPlacements | tuple):
            return self.moves == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.moves)

    def __repr__(self) -> str:
        return repr(self.moves)

    def __reduce__(self):
        shape = self.shape
        return _legal_placements, (shape.width, shape.height, shape.blocked, self.found)


def _legal_placements(width: int, height: int, blocked, found) -> LegalPlacements:
    return LegalPlacements(board_shape(width, height, frozenset(blocked)), found)


PLACEMENT_TABLES: dict[BoardShape, tuple[list, list]] = {}


def placement_table(shape: BoardShape) -> tuple[list, list]:
    """The placements of a board shape, indexed by slot * 56 + oriented tile, and each
    slot's rank in the text order of its two square names. A placement is made the first
    time `sorted_placements` lists it (None until then): making all of a 16 x 16 table's
    23,520 at once took a whole frame, and a game lists only a few of them."""
    table = PLACEMENT_TABLES.get(shape)
    if table is None:
        order = sorted(range(len(shape.slots)),
                       key=lambda k: (shape.names[shape.slots[k][0]]
                                      + shape.names[shape.slots[k][1]]))
        slot_rank = [0] * len(shape.slots)
        for position, slot in enumerate(order):
            slot_rank[slot] = position
        table = PLACEMENT_TABLES[shape] = ([None] * (len(shape.slots) * 56), slot_rank)
    return table
