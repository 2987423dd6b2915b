"""Could legal play have built this Dominox board? (for position files)

A tile's end must, when the tile is laid, show the number of at least one of the covered
squares beside it if any is covered (docs/rules.md, Dominox). A finished board does not show
the order of play, and checking the board alone would be wrong both ways: a tile laid
before its neighbours may end up touching only different numbers, and an end touching an
equal number may still have met a different one first. So `contact_problem` searches for
an order of play in which every tile was legal when laid. Who laid which tile, and the
opening double, are not checked: a position file does not say.

The search lays tiles one at a time. A tile that is legal now and touches no end still
waiting for its first neighbour can only help the others, so such tiles are laid at once
without branching; the search branches only on the rest. The number of branch points
is capped and a board still undecided then is accepted (the check helps people writing
files; it must not hang on a strange one): boards from play need none, and random
8x8 boards rarely need more than a few hundred.
"""
from __future__ import annotations

from dataclasses import dataclass

SEARCH_LIMIT = 5_000


@dataclass(frozen=True)
class _End:
    tile: int
    square: int
    number: int
    near: int          # bit set of the other tiles touching this end
    equal: int         # those of them showing the same number here
    different: int     # the rest


class _GiveUp(Exception):
    pass


def contact_problem(shape, placements) -> tuple[int, str] | None:
    """(index into `placements`, why) when no order of laying the tiles (s1, x, s2, y, _)
    keeps the contact rule, else None."""
    owner, number = {}, {}
    for index, (s1, x, s2, y, _) in enumerate(placements):
        owner[s1] = owner[s2] = index
        number[s1], number[s2] = x, y
    ends = []
    for index, (s1, x, s2, y, _) in enumerate(placements):
        for square, n in ((s1, x), (s2, y)):
            near = equal = 0
            for t in shape.neighbours[square]:
                if owner.get(t, index) != index:
                    near |= 1 << owner[t]
                    if number[t] == n:
                        equal |= 1 << owner[t]
            ends.append(_End(index, square, n, near, equal, near & ~equal))
    search = _Search(len(placements), ends)
    try:
        if search.can_finish(0):
            return None
    except _GiveUp:
        return None
    return _explain(shape, placements, ends, number, owner, search.furthest)


class _Search:
    def __init__(self, count: int, ends: list[_End]):
        self.count, self.all = count, (1 << count) - 1
        self.own = [[e for e in ends if e.tile == i] for i in range(count)]
        self.against = [[e for e in ends if e.different >> i & 1] for i in range(count)]
        self.failed: set[int] = set()
        self.tries = 0
        self.furthest = 0       # the most tiles laid in any partial order tried

    def legal(self, tile: int, laid: int) -> bool:
        return all(not e.near & laid or e.equal & laid for e in self.own[tile])

    def waiting(self, tile: int, laid: int):
        """The unlaid ends that laying `tile` now would show a different number first."""
        return [e for e in self.against[tile] if not laid >> e.tile & 1 and not e.near & laid]

    def can_finish(self, laid: int) -> bool:
        laid = self._lay_harmless(laid)
        if laid.bit_count() > self.furthest.bit_count():
            self.furthest = laid
        if laid == self.all:
            return True
        if laid in self.failed:
            return False
        self.tries += 1
        if self.tries > SEARCH_LIMIT:
            raise _GiveUp
        for tile in range(self.count):
            if laid >> tile & 1 or not self.legal(tile, laid):
                continue
            # A tile whose end has no equal neighbour at all came before those neighbours.
            if any(not e.equal for e in self.waiting(tile, laid)):
                continue
            if self.can_finish(laid | 1 << tile):
                return True
        self.failed.add(laid)
        return False

    def _lay_harmless(self, laid: int) -> int:
        changed = True
        while changed:
            changed = False
            for tile in range(self.count):
                if (not laid >> tile & 1 and self.legal(tile, laid)
                        and not self.waiting(tile, laid)):
                    laid |= 1 << tile
                    changed = True
        return laid


def _explain(shape, placements, ends, number, owner, furthest) -> tuple[int, str]:
    """A reason in player words: a loop of tiles that must each come before the next, or
    else the first tile that could not be laid in the longest partial order found."""
    must_precede: dict = {}     # tile -> its ends touching only different numbers
    for e in ends:
        if e.near and not e.equal:
            must_precede.setdefault(e.tile, []).append(e)
    loop = _find_loop({t: [o for e in es for o in _bits(e.near)] for t, es in must_precede.items()})

    def touching(e, among=-1):
        words = [str(n) for n in sorted({number[t] for t in shape.neighbours[e.square]
                                         if owner.get(t, e.tile) != e.tile
                                         and among >> owner[t] & 1})]
        return " and ".join(filter(None, (", ".join(words[:-1]), words[-1])))

    def name(tile):
        s1, x, s2, y, _ = placements[tile]
        return f"{x}-{y}@{shape.names[s1]}{shape.names[s2]}"

    if loop:
        steps = []
        for tile, later in zip(loop, loop[1:] + loop[:1]):
            end = next(e for e in must_precede[tile] if e.near >> later & 1)
            steps.append(f"the {end.number} on {shape.names[end.square]} touches only "
                         f"{touching(end)}, so {name(tile)} must come before {name(later)}")
        return loop[0], "no order of play fits the contact rule: " + "; ".join(steps)
    stuck = next(t for t in range(len(placements)) if not furthest >> t & 1)
    for e in ends:
        if e.tile == stuck and e.near & furthest and not e.equal & furthest:
            return stuck, (f"no order of play fits the contact rule: at best the "
                           f"{e.number} on {shape.names[e.square]} meets "
                           f"{touching(e, furthest)} before any {e.number}")
    return stuck, "no order of play lays every placed tile by the contact rule"


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _find_loop(edges: dict[int, list[int]]) -> list[int] | None:
    """A cycle in the graph `edges` (tile -> tiles after it), starting at its lowest tile."""
    state: dict[int, int] = {}      # 1 on the current path, 2 done
    path: list[int] = []

    def visit(node):
        state[node] = 1
        path.append(node)
        for nxt in edges.get(node, ()):
            if state.get(nxt) == 1:
                return path[path.index(nxt):]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start)
            if found:
                low = found.index(min(found))
                return found[low:] + found[:low]
    return None
