"""Tile sets with element identity: a set is a tuple of elements, and an element is its
index into that tuple, so a set may hold the same tile more than once (the open-board
set of 32 has two each of 0-0, 2-2, 4-4 and 6-6).

One shuffle-and-deal and one accounting check serve every variant: a position, a record
or a deal accounts for every element of its set exactly once.
"""
from __future__ import annotations

import _random
import random
from collections import Counter
from dataclasses import dataclass, field
from hashlib import sha512

from game.i18n import N_, _, ngettext

from .core import BLANK, DOUBLE_SIX, Tile, double_set


# Per list length (up to 64; longer lists, none in the game, use Random.shuffle itself),
# what Random.shuffle draws for each position from the last down: (position, bits to draw
# a number up to it).
_DRAWS = tuple(tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
               for n in range(65))


def seeded_random(text: str) -> random.Random:
    """A generator in the state `random.Random(text)` starts in (Random.seed turns a text
    into the number of its bytes and their SHA-512), made without Random's Python layers
    around the seeding: every round of a line game is dealt from a new one."""
    data = text.encode()
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, int.from_bytes(data + sha512(data).digest()))
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed leaves it
    return rng


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle `items` in place into the order `rng.shuffle(items)` gives. For a
    random.Random it makes the same draws without a method call per element (twice as
    fast); a deal depends only on the draws, so an engine may shuffle whatever stands for
    the elements (ids, bits) and deal exactly the same tiles."""
    if type(rng) is not random.Random or len(items) >= len(_DRAWS):
        rng.shuffle(items)
        return
    bits = rng.getrandbits
    for i, k in _DRAWS[len(items)]:                 # Random.shuffle with _randbelow inlined
        j = bits(k)
        while j > i:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


@dataclass(frozen=True)
class TileSet:
    name: str
    elements: tuple[Tile, ...]          # element id -> tile, in canonical tile order
    counts: Counter = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "counts", Counter(self.elements))

    def __len__(self) -> int:
        return len(self.elements)

    @property
    def kinds(self) -> tuple[Tile, ...]:
        """Each different tile once, in canonical order."""
        return tuple(sorted(self.counts))

    def holds(self, tile: Tile) -> bool:
        return tile in self.counts

    def shuffled(self, rng: random.Random) -> list[Tile]:
        """Every element once, in the order `rng` shuffles them (the deal of every variant)."""
        tiles = list(self.elements)
        shuffle(rng, tiles)
        return tiles

    def deal(self, rng: random.Random, hand_sizes) -> tuple[list[list[Tile]], list[Tile]]:
        """(hands, stock) of a shuffled set: hand i takes the next `hand_sizes[i]` tiles,
        the stock (next draw first) the rest."""
        tiles = self.shuffled(rng)
        hands, at = [], 0
        for size in hand_sizes:
            hands.append(tiles[at:at + size])
            at += size
        return hands, tiles[at:]

    def miscount(self, parts, verb: str = "appears") -> "Miscount | None":
        # (`verb` is one of MISCOUNT_VERBS, translated here)
        """What is wrong when the tiles of `parts` ([(part name, tiles)], for instance
        ("hands", [...])) are not every element of this set exactly once, else None."""
        seen: Counter = Counter()
        where: dict[Tile, str] = {}
        for name, tiles in parts:
            for tile in tiles:
                if tile not in self.counts:
                    return Miscount(name, tile, _("{tile} is not in the {set} set").format(
                        tile=tile, set=_(self.name)))
                seen[tile] += 1
                if seen[tile] > self.counts[tile]:
                    held = self.counts[tile]
                    times = _("twice") if held == 1 else _(
                        "{count} times (the set has {held})").format(count=seen[tile], held=held)
                    return Miscount(name, tile, _("tile {tile} {verb} {times}").format(
                        tile=tile, verb=_(verb), times=times), where[tile])
                where[tile] = name
        missing = tuple(t for t in self.kinds for _ in range(self.counts[t] - seen[t]))
        if missing:
            what = (ngettext("{count} {set} tile", "{count} {set} tiles", len(missing)).format(
                count=len(missing), set=_(self.name)) if len(self.kinds) == 1
                else some_of(missing))
            return Miscount(None, None, _("missing {what}").format(what=what), missing=missing)
        return None


def some_of(tiles, shown: int = 2) -> str:
    """`tiles` named in one short phrase: "0-0, 1-3 and 7 more" (all when there are few)."""
    names = [str(t) for t in tiles]
    if len(names) <= shown + 1:
        return names[0] if len(names) == 1 else _("{tiles} and {last}").format(
            tiles=", ".join(names[:-1]), last=names[-1])
    return _("{tiles} and {count} more").format(tiles=", ".join(names[:shown]),
                                                count=len(names) - shown)


@dataclass(frozen=True)
class Miscount:
    """One accounting problem: the part and tile it was found at (None for tiles that
    are missing), a message in player words, where the tile was seen before."""

    part: str | None
    tile: Tile | None
    message: str
    also_in: str | None = None
    missing: tuple = ()


def _with_doubles(top: int, extra: tuple[int, ...]) -> tuple[Tile, ...]:
    return tuple(sorted(double_set(top) + tuple(Tile(n, n) for n in extra)))


# the words of miscount's problems, for the template: the sets' names and the verbs
SET_WORDS = (N_("double-six"), N_("blank"), N_("open-board"))
MISCOUNT_VERBS = (N_("appears"), N_("stands here"), N_("is dealt"))
DOUBLE_SIX_SET = TileSet("double-six", DOUBLE_SIX)
BLANK_SET = TileSet("blank", (BLANK,) * 28)
# The open-board family (docs/rules.md, Spread and Test element to Packs): the 28 tiles
# and four added doubles, and reduced sets.
OPEN_BOARD_SET = TileSet("open-board", _with_doubles(6, (0, 2, 4, 6)))
REDUCED_SETS = {
    "0-5": TileSet("0-5", _with_doubles(5, (0, 2, 4))),
    "0-4": TileSet("0-4", _with_doubles(4, (0,))),
    "0-3": TileSet("0-3", _with_doubles(3, (0, 2))),
}
