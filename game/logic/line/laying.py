"""The line itself and the rules of a round that need no state: how a tile lies, what a
variant changes (`LineRules`), who must open, and the checks of a laid line or a deal.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import BLANK, Tile
from ..tiles import BLANK_SET, DOUBLE_SIX_SET, TileSet
from .moves import DOUBLES, HEAVIEST_FIRST, LEFT


# ---- the line ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Placed:
    """A tile lying in the line: `left` is the number facing left, `right` the other."""

    tile: Tile
    left: int
    right: int

    def __str__(self) -> str:
        return "_" if self.tile.is_blank else f"{self.left}|{self.right}"

    @classmethod
    def parse(cls, text: str) -> "Placed":
        """`6|3` (6 faces left) or `_`; ValueError with a reason otherwise."""
        text = text.strip()
        if text in ("_", "_|_"):
            return cls(BLANK, -1, -1)
        parts = text.split("|")
        if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise ValueError(f"{text!r} is not a laid tile (write left|right, like 6|3)")
        left, right = int(parts[0]), int(parts[1])
        if max(left, right) > 6:
            raise ValueError(f"{text!r} is not a double-six tile")
        return cls(Tile.of(left, right), left, right)


@dataclass(frozen=True)
class LineRules:
    """What a variant changes in a round of line play."""

    blank: bool = False            # tile set: 28 tiles without pips (every tile fits every end)
    hand_size: int = 7
    drawing: bool = True           # a player who cannot play draws until a tile fits
    opening: str = "highest_double"  # or "any": the first player opens with any tile
    extra_for_double: bool = False   # a double earns another play in the same turn
    one_extra: bool = False          # at most one extra play per turn
    score_by: str = "pips"           # round scores: "pips" left in hand or "tiles" left

    @property
    def tiles(self) -> TileSet:
        return BLANK_SET if self.blank else DOUBLE_SIX_SET

    def fits(self, tile: Tile, end: int) -> bool:
        return self.blank or tile.a == end or tile.b == end

    def score(self, hand) -> int:
        return len(hand) if self.score_by == "tiles" else sum(t.value for t in hand)


def extra_plays_problem(rules: LineRules, laid: int, extra) -> str | None:
    """Why the player to move cannot have taken `extra` extra plays this turn with `laid`
    tiles on the line, or None: only a double earns one, at most one a turn with the
    one_extra rule, and each came from a double already on the line."""
    most = 0 if not rules.extra_for_double else min(laid, 1) if rules.one_extra else laid
    if isinstance(extra, int) and not isinstance(extra, bool) and 0 <= extra <= most:
        return None
    return f"extra_plays must be a whole number from 0 to {most} here, not {str(extra)[:40]}"


def laid_tile(line, tile: Tile, end: str) -> Placed:
    """How `tile` lies once played on `end` of `line` (alone when the line is empty)."""
    if not line:
        return Placed(tile, tile.a, tile.b)
    if end == LEFT:
        number = line[0].left
        return Placed(tile, tile.other(number), number)
    number = line[-1].right
    return Placed(tile, number, tile.other(number))


_LAID: dict = {}


def laid_by(line, move) -> Placed:
    """`laid_tile` for the engine's own moves, each way a tile lies made once."""
    number = (line[0].left if move._side == 1 else line[-1].right) if line else None
    key = (move, number)
    laid = _LAID.get(key)
    if laid is None:
        laid = _LAID[key] = laid_tile(line, move.tile, move.end)
    return laid


def line_after(line, move) -> tuple[tuple[Placed, ...], int]:
    """The line once the legal tile move `move` is played, and the new tile's index."""
    laid = laid_tile(line, move.tile, move.end)
    if line and move.end == LEFT:
        return (laid, *line), 0
    return (*line, laid), len(line)


def heaviest(tiles) -> Tile:
    """The heaviest tile: highest value, then the higher number."""
    return max(tiles, key=lambda t: (t.value, t.b))


def opening_tile(hands) -> Tile | None:
    """The tile that must open: the highest double held, else the heaviest tile held."""
    held = [t for hand in hands for t in hand]
    if not held:
        return None
    doubles = [t for t in held if t.is_double]
    return max(doubles) if doubles else heaviest(held)


def opening_bit(held: int) -> int:
    """`opening_tile` on a mask of double-six tiles: the bit of the tile that opens."""
    doubles = held & DOUBLES
    if doubles:
        return 1 << (doubles.bit_length() - 1)
    return next((bit for bit in HEAVIEST_FIRST if held & bit), 0)


def broken_join(line) -> str | None:
    """Why a laid line does not join up end to end, or None when it does."""
    for before, after in zip(line, line[1:]):
        if not before.tile.is_blank and before.right != after.left:
            return (f"{before} and {after} do not join "
                    f"({before.right} next to {after.left})")
    return None


def hands_problem(hands: dict, seats) -> str | None:
    """Why these hands cannot start a round among `seats`, or None when they can."""
    for p, hand in hands.items():
        if p not in seats and hand:
            return f"player {p} is out of the match but holds tiles"
        if p in seats and not hand:
            return f"player {p} has no tiles: that round would be over"
    return None


def wrong_opener(rules: LineRules, hands: dict, seats, to_move: int) -> str | None:
    """Why `to_move` may not open a round with these hands, or None when they may."""
    if rules.opening != "highest_double":
        return None
    required = opening_tile(hands[s] for s in seats)
    if required is None or required in hands[to_move]:
        return None
    return f"player {to_move} cannot open: {required} must open the round"
