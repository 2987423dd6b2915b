"""Moves of the line games as bits and as objects: the tables of the double-six set (an
element is its index in DOUBLE_SIX, a hand an int with bit i for each element held), one
`LineMove` object per (tile, end) made once, and `STOP` (the end of a turn a double would
let go on). The legal moves of a turn, with what each does, are in turns.py.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError

from ..core import BLANK, DOUBLE_SIX, PASS, IllegalMoveError, Move, PassMove, Tile, WordMove

LEFT, RIGHT = "L", "R"
_MOVE_HELP = "write a tile (3-5), a tile and an end (3-5L, 3-5R, _L), stop or pass"

# ---- tables of the double-six set (element i is DOUBLE_SIX[i], bit 1 << i) ------------
TILES = DOUBLE_SIX
INDEX = {tile: i for i, tile in enumerate(TILES)}
BITS = tuple(1 << i for i in range(len(TILES)))
ALL = (1 << len(TILES)) - 1
NUMBER_MASK = tuple(sum(BITS[i] for i, t in enumerate(TILES) if n in (t.a, t.b))
                    for n in range(7)) + (ALL,)          # [-1]: every tile fits
DOUBLES = sum(BITS[i] for i, t in enumerate(TILES) if t.is_double)
# Without a double held, the heaviest tile opens: tiles heaviest first.
HEAVIEST_FIRST = tuple(BITS[INDEX[t]] for t in sorted(TILES, key=lambda t: (t.value, t.b),
                                                      reverse=True))


def _slices(of_bit, empty) -> list[list]:
    """Per 7-bit slice s of a hand (elements 7s to 7s + 6): slice mask -> the sum of
    `of_bit(element)` over its bits."""
    slices = []
    for s in range(4):
        table = []
        for m in range(128):
            total = empty
            for j in range(7):
                if m >> j & 1:
                    total = total + of_bit(7 * s + j)
            table.append(total)
        slices.append(table)
    return slices


# Two halves of a hand (elements 0-13 and 14-27) are its first cut: cutting the 28-bit
# hand makes new int objects, cutting a half small cached ones. Pips by half (two tables
# of 16,384 small ints); tiles by 7-bit slice of a half (tables of tuples by half would
# hold 32,768 tuples, 3.5 MB, for every garbage collection to walk).
_P = _slices(lambda i: TILES[i].value, 0)
_PIPS_LOW, _PIPS_HIGH = (tuple(low + high for high in _P[h + 1] for low in _P[h])
                         for h in (0, 2))
_T0, _T1, _T2, _T3 = map(tuple, _slices(lambda i: (TILES[i],), ()))


def hand_tiles(hand: int) -> tuple[Tile, ...]:
    """The double-six tiles of a hand mask, in canonical order."""
    low, high = hand & 16383, hand >> 14
    return _T0[low & 127] + _T1[low >> 7] + _T2[high & 127] + _T3[high >> 7]


def hand_pips(hand: int) -> int:
    return _PIPS_LOW[hand & 16383] + _PIPS_HIGH[hand >> 14]


def pips_and_tiles(hands, seats, players: int) -> tuple[list[int], list[tuple[Tile, ...]]]:
    """hand_pips and hand_tiles of `hands[s]` for each of `seats`, per player (0 and ()
    for the others), in one pass: the end of every round reads them all."""
    pips = [0] * players
    tiles: list[tuple[Tile, ...]] = [()] * players
    for s in seats:
        hand = hands[s]
        low, high = hand & 16383, hand >> 14
        pips[s] = _PIPS_LOW[low] + _PIPS_HIGH[high]
        tiles[s] = _T0[low & 127] + _T1[low >> 7] + _T2[high & 127] + _T3[high >> 7]
    return pips, tiles


def bits_of(mask: int):
    """The element indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ---- moves -----------------------------------------------------------------------------
_SIDES = {"": 0, LEFT: 1, RIGHT: 2}
_INTERNED: dict = {}
_BY_TEXT: dict = {}


class LineMove(Move):
    """A tile played alone (the opening) or on the left/right end (a pass is PASS).

    A small frozen value: `LineMove(tile, end)` returns the one object for that tile and
    end, so equal moves are the same object."""

    __slots__ = ("tile", "end", "_text", "_side")
    tile: Tile
    end: str
    _text: str
    _side: int      # 0 alone, 1 left, 2 right (-1: an end not L or R)

    def __new__(cls, tile: Tile, end: str = "") -> "LineMove":
        key = (tile, end)
        move = _INTERNED.get(key)
        if move is None:
            move = object.__new__(cls)
            for name, value in (("tile", tile), ("end", end), ("_text", f"{tile}{end}"),
                                ("_side", _SIDES.get(end, -1))):
                object.__setattr__(move, name, value)
            move = _INTERNED.setdefault(key, move)      # one object, even made twice at once
        return move

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self):           # the same object again after pickling or copying
        return (LineMove, (self.tile, self.end))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"LineMove.parse({self._text!r})"

    @classmethod
    def parse(cls, text: str) -> "TurnMove":
        """`6-6`, `3-6R`, `0-3L`, `_L`, `pass` -> a move; IllegalMoveError when malformed."""
        move = _BY_TEXT.get(text) if isinstance(text, str) else None
        if move is not None:
            return move
        raw = str(text).strip()
        if raw.lower() in (PASS, STOP):
            return PASS if raw.lower() == PASS else STOP
        end = raw[-1:].upper() if raw[-1:] in ("L", "R", "l", "r") else ""
        body = raw[:-1] if end else raw
        try:
            tile = Tile.parse(body)
        except ValueError:
            raise IllegalMoveError(raw, f"not a move: {_MOVE_HELP}") from None
        if not tile.is_blank and tile.b > 6:
            raise IllegalMoveError(raw, f"{tile} is not a double-six tile (numbers go from 0 to 6)")
        return cls(tile, end)


class StopMove(WordMove):
    """`stop`: the player ends the turn where a double would let them lay another tile
    (the source's "may play again")."""

    __slots__ = ()
    word = "stop"


STOP = StopMove()
TurnMove = LineMove | PassMove | StopMove       # what a player of a line round may do
OPENINGS = tuple(LineMove(t) for t in TILES)
LEFT_MOVES = tuple(LineMove(t, LEFT) for t in TILES)
RIGHT_MOVES = tuple(LineMove(t, RIGHT) for t in TILES)
BLANK_OPENING, BLANK_LEFT, BLANK_RIGHT = (LineMove(BLANK, e) for e in ("", LEFT, RIGHT))
_BY_TEXT.update({str(m): m for m in (*OPENINGS, *LEFT_MOVES, *RIGHT_MOVES,
                                     BLANK_OPENING, BLANK_LEFT, BLANK_RIGHT)})
_BY_TEXT["pass"], _BY_TEXT["stop"] = PASS, STOP
