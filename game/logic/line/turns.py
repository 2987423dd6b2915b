"""The legal moves of a turn in the line games and what each move does, in tables made once.

One table per pair of open ends (-1: a blank end, or no line yet). The legal moves of a
turn are a tuple in canonical text order (tiles in canonical order, L before R): those
of the low half of the hand (elements 0-13) then those of the high half (14-27), each
kept in the table (`low`, `high`) by the tiles of that half that fit the ends, filled as
hands are met. By halves rather than by whole hands: 150,000 random 4-player rounds meet
some 79,000 hands on their ends but 14,500 halves, and tables that small stay in the
processor's caches, where the tables by hand missed them about twice a move (cachegrind,
a 1 MB last-level cache: 58 misses a random round, now 6). Its `effects` say what each
move that can be played on those ends does: the tuple (the bit of the element laid, 0
for pass and stop, ANY for a blank tile; the table of the line's ends after the move;
whether the tile is a double; the move itself, so that an equal object or its text finds
the one move). So a move is played with two lookups instead of being worked out, and the
tables stay as small as lists of moves: an effect depends on the ends alone, not on the
hand. A round's state holds the table of its ends, which also says what the two numbers
are (`ends`) and whether the line has begun.

Plain dicts and tuples where every move looks (indexing a subclass of dict goes through
a Python-level method lookup). The tables are shared by every round: a copy of a round
(clone, pickle) keeps them, not copies of them.
"""
from __future__ import annotations

from typing import TypeAlias

from ..core import PASS
from .moves import (ALL, BITS, BLANK_LEFT, BLANK_OPENING, BLANK_RIGHT, LEFT_MOVES, NUMBER_MASK,
                    OPENINGS, RIGHT_MOVES, STOP, TILES, TurnMove, bits_of)

ANY = -1                # an effect's bit for a blank tile: the lowest element held is laid
LOW = (1 << 14) - 1     # the low half of a hand
NO_MOVES: tuple[TurnMove, ...] = ()     # a round that is over
ONLY_PASS: tuple[TurnMove, ...] = (PASS,)


class _SharedTable:
    """A table every round uses: copying a round (clone, pickle) keeps it."""

    __slots__ = ()

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class TileMoves(_SharedTable):
    """The moves of turns and their effects while the line's ends show `ends`."""

    __slots__ = ("ends", "begun", "left", "right", "fits", "low", "high", "effects")

    def __init__(self, left: int, right: int):
        self.ends = (left, right)
        self.begun = left >= 0 or right >= 0       # (-1, -1): the line is empty
        self.left, self.right = NUMBER_MASK[left], NUMBER_MASK[right]
        self.fits = self.left | self.right
        self.low: dict[int, Moves] = {}     # the fitting tiles of a half -> their moves
        self.high: dict[int, Moves] = {}    # (at most 2 ** 10 keys each)
        self.effects: dict[TurnMove, Effect] = {}   # filled once every table exists

    def turn(self, hit: int) -> Moves:
        """The legal moves of a hand whose tiles `hit` fit these ends (hit is not 0)."""
        low, high = hit & LOW, hit >> 14
        if low not in self.low:
            self.low[low] = tile_moves(low & self.left, low & self.right)
        if high not in self.high:
            high_bits = high << 14
            self.high[high] = tile_moves(high_bits & self.left, high_bits & self.right)
        return self.low[low] + self.high[high]

    def _fill(self) -> None:
        left, right = self.ends
        self.effects.update(_words(self))
        if left < 0 and right < 0:          # no line yet: any tile opens it alone
            for i, tile in enumerate(TILES):
                self.effects[OPENINGS[i]] = _laid(i, tile.a, tile.b, OPENINGS[i])
        if left < 0 or right < 0:   # the empty line, or one end -1 (never met: blank
            return                  # tiles have tables of their own)
        for i in bits_of(self.fits):
            pips = TILES[i].a + TILES[i].b  # the end a tile covers turns to its other number
            if self.left >> i & 1:
                self.effects[LEFT_MOVES[i]] = _laid(i, pips - left, right, LEFT_MOVES[i])
            if self.right >> i & 1:
                self.effects[RIGHT_MOVES[i]] = _laid(i, left, pips - right, RIGHT_MOVES[i])

    def __reduce__(self):
        return (table_of, self.ends)


class _Always(dict[int, "Moves"]):
    """The same moves whatever the half of the hand."""

    def __init__(self, moves: Moves):
        super().__init__()
        self.moves = moves

    def __missing__(self, half: int) -> Moves:
        return self.moves


class BlankMoves(_SharedTable):
    """A table of blank tiles: any tile fits either end, and the ends stay blank. Two of
    them: the line not begun (BLANK_START), and begun (BLANK_TABLE)."""

    __slots__ = ("begun", "effects")
    ends = (-1, -1)
    fits = ALL
    low = _Always((BLANK_LEFT, BLANK_RIGHT))    # a turn's moves, whatever the hand
    high = _Always(())

    def __init__(self, begun: bool):
        self.begun = begun
        after = self if begun else BLANK_TABLE
        self.effects: dict[TurnMove, Effect] = {move: (ANY, after, True, move) for move in (
            (BLANK_LEFT, BLANK_RIGHT) if begun else (BLANK_OPENING,))}
        self.effects.update(_words(self))

    def turn(self, hit: int) -> Moves:
        return self.low.moves

    def __reduce__(self):
        return (table_of, (-1, -1, True, self.begun))


# The table of a round's ends (a round's state holds it), and what a move does on them:
# (the bit laid, or 0, or ANY; the table after; whether a double; the move).
EndsTable: TypeAlias = TileMoves | BlankMoves
Effect: TypeAlias = tuple[int, EndsTable, bool, TurnMove]
Moves: TypeAlias = tuple[TurnMove, ...]


def table_of(left: int, right: int, blank: bool = False, begun: bool = True) -> EndsTable:
    """The table of the line's ends `left` and `right` (-1: a blank end, or no line)."""
    if blank:
        return BLANK_TABLE if begun else BLANK_START
    return TILE_TABLES[left][right]


def tile_moves(on_left: int, on_right: int) -> Moves:
    """The moves of the tiles fitting the left end and of those fitting the right end,
    in canonical text order: tiles in canonical order, L before R."""
    found: list[TurnMove] = []
    both = on_left | on_right
    while both:
        low = both & -both
        i = low.bit_length() - 1
        if on_left & low:
            found.append(LEFT_MOVES[i])
        if on_right & low:
            found.append(RIGHT_MOVES[i])
        both ^= low
    return tuple(found)


def _laid(i: int, left: int, right: int, move: TurnMove) -> Effect:
    """The effect of `move`, laying element i, when the line's ends become `left` and
    `right`."""
    return (BITS[i], TILE_TABLES[left][right], TILES[i].a == TILES[i].b, move)


def _words(table: EndsTable) -> dict[TurnMove, Effect]:
    """The effects of pass and stop on the ends of `table`: the line stays as it is."""
    return {word: (0, table, False, word) for word in (PASS, STOP)}


def openings(hand: int) -> Moves:
    """Every tile of `hand` played alone (the opening with any tile)."""
    return tuple(OPENINGS[i] for i in bits_of(hand))


# [left][right] -> the table of those ends (index -1: a blank end, or no line).
TILE_TABLES = tuple(tuple(TileMoves(left, right) for right in (*range(7), -1))
                    for left in (*range(7), -1))
for _row in TILE_TABLES:
    for _table in _row:
        _table._fill()
EMPTY_LINE = TILE_TABLES[-1][-1]
BLANK_TABLE = BlankMoves(begun=True)
BLANK_START = BlankMoves(begun=False)
OPENING_MOVES = tuple((move,) for move in OPENINGS)      # per element, the opening with it
BLANK_OPENING_MOVES = (BLANK_OPENING,)
