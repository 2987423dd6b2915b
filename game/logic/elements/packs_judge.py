"""The Hard player's judgement of Packs' root placements (open-board game 22).

Playouts to the end are slow and say little (the draws decide most of a game), so each
placement is judged by an exact expectation instead: over the element the opponent
turns up next and their best reply (by the greedy judgement, its ties the worst for
this player), then over this player's next element and best placement, of an
evaluation of the lines (the files: 8 of 8 squares, across 16 of 4). A line is looked
at from the player's home (position 0) to the opponent's (its length - 1); a cell is
None or (mine, back number, front number). Within one line the elements form two chains
from the homes; a contact (one empty square between them) is a race for the one element
that fits both ends.
"""
from __future__ import annotations

from collections import Counter
from math import comb, erf
from time import perf_counter

from ..agents.search import RootStats
from ..core import Tile
from ..tiles import OPEN_BOARD_SET
from .open22 import board_cells, rating

HOME = 4.0      # an empty home square's pull, as a multiple of an average chain end's
GREEDY = 1      # the opponent replies as the greedy judgement would (0: the worst reply)
DEEP = True     # look on to this player's next element too (when the budget allows)
# The weights of the evaluation's parts, first fitted by least squares to the final
# margins of 300 greedy games (19,200 positions), then tuned in play against Medium:
# what stands on the far halves now counts fully only near the end (mid-game it is often
# taken back: 1 - SETTLING per element left, at least SETTLED_LOW), a capture race at a
# contact about 3/4, a gap's expected filling less than half.
SETTLING, SETTLED_LOW = 0.045, 0.5
W_RACE, W_NEXT = 0.75, 0.1          # the race at a contact, the one after it
W_OPEN, W_CONTACT = 0.4, 0.1        # a gap's expected filling, the race where it closes
# the spread of the final margin about the evaluation, per element left (fitted)
SPREAD_LOW, SPREADING, SPREAD_HIGH = 0.5, 0.09, 1.8


def unseen(view) -> list[list]:
    """Per player the elements nobody has seen yet: their face-down pack's contents."""
    seen: list[Counter[Tile]] = [Counter(), Counter()]
    for element in board_cells(view):
        if element is not None:
            seen[element.owner][element.tile] += 1
    for owner in (0, 1):
        seen[owner].update(Tile.parse(t) for t in view.set_aside[owner])
        seen[owner].update(Tile.parse(t) for t in view.removed[owner])
    if view.turned_up:
        seen[view.to_move][Tile.parse(view.turned_up)] += 1
    return [sorted((Counter(OPEN_BOARD_SET.elements) - seen[o]).elements()) for o in (0, 1)]


class Judge:
    """The judgement of one view's placements (every look-up cached for that view)."""

    def __init__(self, view):
        self.me = me = view.player
        self.width, self.length = view.shape.width, view.shape.height
        self.half = self.length // 2
        packs = unseen(view)
        mine, theirs = Counter(packs[me]), Counter(packs[1 - me])
        self.tiles = (mine, theirs)
        self.sizes = (sum(mine.values()), sum(theirs.values()))
        self.holding = tuple({x: sum(c for t, c in pack.items() if x in (t.a, t.b))
                              for x in range(7)} for pack in self.tiles)
        # how likely an element turned up extends a chain ending in an average number
        self.usual = tuple(sum(h.values()) / 7 / max(1, size)
                           for h, size in zip(self.holding, self.sizes))
        # how much of what stands on the far halves now stays there to the end
        self.settled = min(1.0, max(SETTLED_LOW, 1.0 - SETTLING * self.sizes[0]))
        # the spread of the final margin about the evaluation (fitted, times sqrt 2)
        self.spread = 1.41 * min(SPREAD_HIGH, SPREAD_LOW + SPREADING * self.sizes[0])
        self._values, self._moves, self._races, self._best = {}, {}, {}, {}

    # geometry: line and position of a square, from this player's side
    def place(self, square: int) -> tuple[int, int]:
        rank, file = divmod(square, self.width)
        return file, rank if self.me == 0 else self.length - 1 - rank

    def cell(self, element):
        if element is None:
            return None
        back, front = (element.south, element.north) if self.me == 0 else \
            (element.north, element.south)
        return (element.owner == self.me, back, front)

    def lines(self, cells) -> list[tuple]:
        lines = [[None] * self.length for _ in range(self.width)]
        for square, element in enumerate(cells):
            line, at = self.place(square)
            lines[line][at] = self.cell(element)
        return [tuple(line) for line in lines]

    def root_line(self, move):
        """(line, position, cell) of one of this player's placements."""
        line, at = self.place(move.square)
        back, front = (move.low, move.high) if self.me == 0 else (move.high, move.low)
        return line, at, (True, back, front)

    # the rules on one line
    @staticmethod
    def put(line: tuple, at: int, cell) -> tuple:
        mine, back, front = cell
        out = list(line)
        out[at] = cell
        for near, facing in ((at - 1, 2), (at + 1, 1)):
            if 0 <= near < len(out) and out[near] is not None and out[near][0] != mine \
                    and out[near][facing] == (back if facing == 2 else front):
                out[near] = None
        return tuple(out)

    def moves(self, line: tuple, tile, mine: bool) -> list:
        """The lines one placement of `tile` by this player (mine) or the opponent
        makes of `line`."""
        key = (line, tile, mine)
        found = self._moves.get(key)
        if found is not None:
            return found
        found = []
        length = self.length
        home = 0 if mine else length - 1
        ways = {(tile.a, tile.b), (tile.b, tile.a)}
        for at in range(length):
            if line[at] is not None:
                continue
            for back, front in ways:
                own, equal = False, True
                for near, facing, number in ((at - 1, 2, back), (at + 1, 1, front)):
                    other = line[near] if 0 <= near < length else None
                    if other is None:
                        continue
                    if other[facing] != number:
                        equal = False
                    elif other[0] == mine:
                        own = True
                if at == home or (own and equal):
                    found.append(self.put(line, at, (mine, back, front)))
        self._moves[key] = found
        return found

    # the evaluation: the expected margin of a line at the end, this player to move
    def value(self, line: tuple) -> float:
        found = self._values.get(line)
        if found is None:
            found = self._values[line] = self._value(line)
        return found

    def _far(self, k: int) -> int:
        """How many of a chain of k elements from a home stand on the far half."""
        return k - self.half if k > self.half else 0

    def _net(self, c: int, d: int) -> float:
        """What winning minus losing the capture race at a contact is worth (c own, d
        opposing elements in the line)."""
        far = self._far
        gain = far(c + 1) - far(c) + far(d) - far(d - 1)
        loss = far(d + 1) - far(d) + far(c) - far(c - 1)
        return gain - loss

    def _value(self, line: tuple) -> float:
        length, half, far = self.length, self.half, self._far
        a = 0
        while a < length and line[a] is not None and line[a][0]:
            a += 1
        b = 0
        while b < length - a and line[length - 1 - b] is not None \
                and not line[length - 1 - b][0]:
            b += 1
        gap = length - a - b
        if any(line[at] is not None for at in range(a, length - b)):     # not two chains
            return sum(1 for at in range(half, length) if line[at] and line[at][0]) - \
                sum(1 for at in range(half) if line[at] and not line[at][0])
        now = far(a) - far(b)
        if gap == 0:
            return now
        x = line[a - 1][2] if a else None
        y = line[length - b][1] if b else None
        settled = self.settled
        if gap == 1:
            if a and b:
                tile = Tile.of(x, y)    # type: ignore[arg-type]  # numbers: a and b are
                m, n = self.tiles[0][tile], self.tiles[1][tile]
            else:
                number = y if b else x
                m, n = self.holding[0][number], self.holding[1][number]
            won, lost = self.race(m, n)
            gain = far(a + 1) - far(a) + far(b) - far(b - 1)
            loss = far(b + 1) - far(b) + far(a) - far(a - 1)
            return settled * now + W_RACE * (won * gain - lost * loss) + \
                W_NEXT * (won * self._net(a + 1, b - 1) + lost * self._net(a - 1, b + 1))
        mine = self.holding[0][x] / max(1, self.sizes[0]) if a else HOME * self.usual[0]
        theirs = self.holding[1][y] / max(1, self.sizes[1]) if b else HOME * self.usual[1]
        if mine + theirs == 0:
            return settled * now
        share, fill = mine / (mine + theirs), gap - 1
        total = 0.0
        for k in range(fill + 1):
            c, d = a + k, b + fill - k
            chance = comb(fill, k) * share ** k * (1 - share) ** (fill - k)
            total += chance * (W_OPEN * (far(c) - far(d) - now) + W_CONTACT * self._net(c, d))
        return settled * now + total

    def race(self, m: int, n: int) -> tuple[float, float]:
        """(this player, the opponent) the chance to turn up one of their m (n) copies
        of a tile first, this player turning up next."""
        key = (m, n)
        found = self._races.get(key)
        if found is None:
            sm, so = self.sizes
            later_m = [_later(m, sm, i) for i in range(sm + 2)]
            later_o = [_later(n, so, i) for i in range(so + 2)]
            won = sum((later_m[i - 1] - later_m[i]) * later_o[min(i - 1, so + 1)]
                      for i in range(1, sm + 1))
            lost = sum((later_o[j - 1] - later_o[j]) * later_m[min(j, sm + 1)]
                       for j in range(1, so + 1))
            found = self._races[key] = (won, lost)
        return found

    # the root: each placement, then the opponent's every element and best reply
    def judge(self, view, moves, deep: bool = DEEP, budget=None) -> list[float] | None:
        """Per move: the expected value after it, the opponent's next element and best
        reply, and (deep) this player's next element and best placement; None when the
        budget runs out first."""
        lines = self.lines(board_cells(view))
        base = [self.value(line) for line in lines]
        total = sum(base)
        theirs, mine = sorted(self.tiles[1].items()), sorted(self.tiles[0].items())
        replies = {t: [self.best(line, t, False) for line in lines] for t, _ in theirs}
        answers = {}            # per own tile: (change, line) best first, unchanged lines
        if budget is not None and budget.left() <= 0:
            return None
        for u, _ in mine if deep else ():
            found = [(c[0], k) for k, c in enumerate(self.best(line, u, True)
                                                      for line in lines) if c]
            answers[u] = sorted(found, reverse=True)
        weights = sum(w for _, w in theirs) or 1
        own_weights = sum(w for _, w in mine) or 1
        judged, slowest = [], 0.0
        for move in moves:
            started = perf_counter()
            if budget is not None and budget.left() <= slowest:
                return None
            index, at, cell = self.root_line(move)
            after = self.put(lines[index], at, cell)
            now = total - base[index] + self.value(after)
            expected = 0.0
            for tile, weight in theirs:
                if budget is not None and budget.left() <= 0:
                    return None         # a slow move (a loaded machine): keep to time
                options = [(c[0], c[1], k, c[2]) for k, c in enumerate(replies[tile])
                           if c and k != index]
                here = self.best(after, tile, False)
                if here:
                    options.append((here[0], here[1], index, here[2]))
                reply = min(options) if options else (0.0, 0.0, None, None)
                value = now + reply[1]
                if deep and mine:
                    changed = {index: after}
                    if reply[2] is not None:
                        changed[reply[2]] = reply[3]
                    value = self.answer(answers, changed, mine, value) / own_weights
                else:
                    value = self.outlook(value)
                expected += weight * value
            judged.append(expected / weights)
            slowest = max(slowest, perf_counter() - started)
        return judged

    def best(self, line, tile, mine: bool):
        """(change of the line's value, the line made) of this player's best placement
        of `tile` on `line`, (-greedy rating, change, line) of the opponent's; None
        when it cannot go there."""
        key = (line, tile, mine)
        found = self._best.get(key, False)
        if found is False:
            afters = self.moves(line, tile, mine)
            if not afters:
                found = None
            elif mine:
                after = max(afters, key=self.value)
                found = (self.value(after) - self.value(line), after)
            else:       # the greedy judgement's choice when GREEDY, the worst for me
                rated = min((-GREEDY * self._rating(line, a), self.value(a), a)
                            for a in afters)
                found = (rated[0], rated[1] - self.value(line), rated[2])
            self._best[key] = found
        return found

    def _rating(self, line, after) -> float:
        """The greedy judgement (open22.rate) of the opponent's placement making `after`."""
        length = self.length
        at = next(k for k in range(length) if line[k] is None and after[k] is not None)
        taken = sum(1 for k in range(length) if line[k] is not None and after[k] is None)
        gained = 1 if at < self.half else 0
        ahead = at > 0 and after[at - 1] is None
        return rating(taken, gained, length - 1 - at, ahead)

    def outlook(self, margin: float) -> float:
        """The chance to win minus the chance to lose with this expected margin (whole
        elements, spread by what is still to come): a sure win by one is worth more than
        a likely win by a lot."""
        spread = self.spread
        return 0.5 * (erf((margin - 0.5) / spread) - erf((-margin - 0.5) / spread))

    def answer(self, answers, changed, mine, value) -> float:
        """The weighted sum over this player's next elements of the outlook after its
        best placement."""
        total = 0.0
        for u, weight in mine:
            top = None
            for change, k in answers[u]:
                if k not in changed:
                    top = change
                    break
            for line in changed.values():
                here = self.best(line, u, True)
                if here and (top is None or here[0] > top):
                    top = here[0]
            total += weight * self.outlook(value + (top or 0.0))
        return total


def _later(m: int, size: int, i: int) -> float:
    """The chance that none of m copies among `size` shuffled elements is in the first i."""
    if m == 0:
        return 1.0
    if i >= size or size - i < m:
        return 0.0
    return comb(size - i, m) / comb(size, m)


def root(view, candidates, rng, budget):
    """The candidates judged by the expectation above, as the chance to win (draws
    half); ties keep the greedy order. (Judging every legal placement, not only the
    greedy best 12, won no more: 232-91 against 233-92 over 400 games.)"""
    moves = list(candidates)
    judge = Judge(view)
    values = judge.judge(view, moves, False)        # quick, then deeper if time allows
    if DEEP:
        values = judge.judge(view, moves, True, budget) or values
    return Judged(moves, [1] * len(moves), [(1 + v) / 2 for v in values])


class Judged(RootStats):
    """Root statistics whose means are the judged values: the best value wins."""

    def best(self) -> int:
        return max(range(len(self.moves)), key=lambda i: (round(self.mean(i), 9), -i))
