"""Dominid's table: tiles lying on a grid of cells, stacked on one another.

Each cell keeps its level (how many tiles lie on it), the number on top and the
placement (an index into the play order) that covers it. A tile lies on two adjacent
cells of one level; above the table they must be covered by two different tiles.

A tile "borders a pair" of numbers when the two cells one step the same way from its
two cells (across its long side, never along its axis) are both occupied, at any
height, or when it lies on top of two numbers. Which slots may take a tile does not
depend on the tile, so the open slots are kept as a set, updated around each change.

The functions at module level read plain per-cell sequences, so a frozen view can ask
the same questions as the live state.
"""
from __future__ import annotations

from game.i18n import _

from dataclasses import dataclass

from ..board.shape import EMPTY, BoardShape

NO_TILE = -1
BENEATH = "beneath"


@dataclass(frozen=True)
class Pair:
    """Two numbers a tile borders: `cells` beside (or beneath) its first and second cell,
    `numbers` shown there; `side` is "north", "south", "east", "west" or "beneath"."""

    side: str
    cells: tuple[int, int]
    numbers: tuple[int, int]

    def cost(self, x: int, y: int) -> int:
        """The distance of a tile showing x on its first cell and y on its second."""
        return abs(x - self.numbers[0]) + abs(y - self.numbers[1])


class Geometry:
    """What never changes for one table shape: per slot the cell pairs across its long
    sides, and per cell the slots whose openness depends on it."""

    def __init__(self, shape: BoardShape):
        self.shape = shape
        width = shape.width
        playable = shape.playable
        sides, axis_ends = [], []
        for s1, s2 in shape.slots:
            if s2 == s1 + 1:          # horizontal: pairs north and south, ends west and east
                across = (("north", width), ("south", -width))
                ends = (s1 - 1 if s1 % width else -1, s2 + 1 if s2 % width < width - 1 else -1)
            else:                     # vertical: pairs east and west, ends south and north
                across = (("east", 1), ("west", -1))
                ends = (s1 - width, s2 + width)
            found = []
            for name, step in across:
                u, v = s1 + step, s2 + step
                if step in (1, -1) and (u // width != s1 // width or v // width != s2 // width):
                    continue          # would wrap around the edge
                if 0 <= u < shape.size and 0 <= v < shape.size and playable[u] and playable[v]:
                    found.append((name, u, v))
            sides.append(tuple(found))
            axis_ends.append(tuple(e for e in ends if 0 <= e < shape.size and playable[e]))
        self.sides = tuple(sides)              # per slot: ((side name, u, v), ...)
        self.axis_ends = tuple(axis_ends)      # per slot: cells touching its short ends
        near: list[list[int]] = [[] for _x in range(shape.size)]
        for slot, (s1, s2) in enumerate(shape.slots):
            for cell in {s1, s2, *(c for _x, u, v in sides[slot] for c in (u, v))}:
                near[cell].append(slot)
        self.near_slots = tuple(tuple(sorted(n)) for n in near)


_GEOMETRIES: dict[BoardShape, Geometry] = {}


def geometry(shape: BoardShape) -> Geometry:
    found = _GEOMETRIES.get(shape)
    if found is None:
        found = _GEOMETRIES[shape] = Geometry(shape)
    return found


def slot_is_open(geo: Geometry, level, cover, slot: int) -> bool:
    """Whether some tile may lie on `slot` now (any tile: the rule ignores the numbers)."""
    s1, s2 = geo.shape.slots[slot]
    height = level[s1]
    if height != level[s2]:
        return False
    if height:
        return cover[s1] != cover[s2]      # the numbers beneath always make a pair
    for _x, u, v in geo.sides[slot]:
        if level[u] and level[v]:
            return True
    return False


def slot_pairs(geo: Geometry, level, top, slot: int) -> list[Pair]:
    """The pairs a tile on `slot` (first cell the slot's first) would border."""
    s1, s2 = geo.shape.slots[slot]
    pairs = [Pair(name, (u, v), (top[u], top[v])) for name, u, v in geo.sides[slot]
             if level[u] and level[v]]
    if level[s1]:
        pairs.append(Pair(BENEATH, (s1, s2), (top[s1], top[s2])))
    return pairs


def cheapest(pairs: list[Pair], x: int, y: int) -> tuple[int, Pair | None]:
    """(cost, the pair giving it) of x on the first cell and y on the second; the first
    pair in the list wins ties."""
    best, chosen = -1, None
    for pair in pairs:
        cost = pair.cost(x, y)
        if chosen is None or cost < best:
            best, chosen = cost, pair
    return best, chosen


def slot_refusal(geo: Geometry, level, cover, slot: int) -> str | None:
    """Why no tile may lie on `slot` now, in player words; None when one may."""
    s1, s2 = geo.shape.slots[slot]
    if level[s1] != level[s2]:
        return _("the two cells are at levels {level} and {other}").format(level=level[s1],
                                                                           other=level[s2])
    if level[s1]:
        return _("it would lie exactly on one tile") if cover[s1] == cover[s2] else None
    if slot_is_open(geo, level, cover, slot):
        return None
    beside = any(level[u] or level[v] for _x, u, v in geo.sides[slot])
    if beside:
        return _("it borders no pair of numbers: only one of its cells has a neighbour on that "
                 "side")
    if any(level[e] for e in geo.axis_ends[slot]):
        return _("it borders no pair of numbers: touching end to end does not count")
    return _("it borders no pair of numbers: it touches no tile")


def groups(shape: BoardShape, top, minimum: int = 3) -> list[tuple[int, list[int]]]:
    """(number, cells in ascending order) of every orthogonally connected group of at
    least `minimum` cells showing the same number 1 to 6 on top, by first cell."""
    seen = [False] * shape.size
    neighbours = shape.neighbours
    found = []
    for start in range(shape.size):
        number = top[start]
        if seen[start] or number == EMPTY or number == 0:
            continue
        seen[start] = True
        group, frontier = [start], [start]
        while frontier:
            for other in neighbours[frontier.pop()]:
                if not seen[other] and top[other] == number:
                    seen[other] = True
                    group.append(other)
                    frontier.append(other)
        if len(group) >= minimum:
            group.sort()
            found.append((number, group))
    return found


class Stacks:
    """The live table: per-cell levels, top numbers and covering placements, the play
    order, and the set of open slots kept up to date by `lay` and `lift`."""

    def __init__(self, shape: BoardShape):
        self.shape = shape
        self.geo = geometry(shape)
        size = shape.size
        self.level = [0] * size
        self.top = [EMPTY] * size
        self.cover = [NO_TILE] * size
        self.placed: list[tuple[int, int, int, int]] = []    # (s1, x, s2, y) in play order
        self._under: list[tuple[int, int, int, int]] = []    # what each placement covered
        self.open: set[int] = set()

    def lay(self, s1: int, x: int, s2: int, y: int) -> None:
        """Put a tile on two adjacent cells (the caller has checked that it may lie there)."""
        top, cover, level = self.top, self.cover, self.level
        self._under.append((top[s1], cover[s1], top[s2], cover[s2]))
        index = len(self.placed)
        self.placed.append((s1, x, s2, y))
        top[s1], top[s2] = x, y
        cover[s1] = cover[s2] = index
        level[s1] += 1
        level[s2] += 1
        self._refresh(s1, s2)

    def lift(self) -> tuple[int, int, int, int]:
        """Take the last tile off again and return its (s1, x, s2, y)."""
        s1, x, s2, y = entry = self.placed.pop()
        self.top[s1], self.cover[s1], self.top[s2], self.cover[s2] = self._under.pop()
        self.level[s1] -= 1
        self.level[s2] -= 1
        self._refresh(s1, s2)
        return entry

    def _refresh(self, s1: int, s2: int) -> None:
        geo, level, cover, open_slots = self.geo, self.level, self.cover, self.open
        for slot in set(geo.near_slots[s1] + geo.near_slots[s2]):
            if slot_is_open(geo, level, cover, slot):
                open_slots.add(slot)
            else:
                open_slots.discard(slot)

    def refusal(self, slot: int) -> str | None:
        return slot_refusal(self.geo, self.level, self.cover, slot)

    def pairs(self, slot: int) -> list[Pair]:
        return slot_pairs(self.geo, self.level, self.top, slot)

    def cost(self, slot: int, x: int, y: int) -> tuple[int, Pair | None]:
        return cheapest(self.pairs(slot), x, y)

    def groups(self, minimum: int = 3) -> list[tuple[int, list[int]]]:
        return groups(self.shape, self.top, minimum)

    def copy(self) -> "Stacks":
        other = object.__new__(Stacks)
        other.__dict__.update(self.__dict__)
        for name in ("level", "top", "cover", "placed", "_under"):
            setattr(other, name, list(getattr(self, name)))
        other.open = set(self.open)
        return other
