"""What a Dominox player may see, and the greedy computer player's judgement of a move.

A view is a frozen snapshot: agents run on views in a worker process (or thread) while
the game goes on, so nothing in it refers to the live state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..board.game import BoardView
from ..core import PASS, Tile
from ..board.placement import (FIRST_IN, SECOND_IN, TILE_INDEX, TILES, Placement, oriented,
                            tile_bits, tiles_of)
from ..board.shape import EMPTY, BoardShape


@dataclass(frozen=True)
class DominoxView(BoardView):
    # player 0 is White, 1 Black: the player's index is also their colour
    accepts: tuple[int, ...]           # per square: 7-bit mask of numbers it accepts
    placed: tuple[Placement, ...]      # in the order they were laid
    hand: tuple[Tile, ...]
    opponent_hand_size: int
    stock_size: int
    last_move: object                  # a Placement, "pass" or None
    passes: int                        # passes in a row with the stock empty
    opening: Tile | None               # the double the first move must be
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """Tiles neither on the board nor in this hand: the opponent's and the stock's."""
        known = tile_bits(self.hand) | tile_bits(p.tile for p in self.placed)
        return tiles_of(((1 << 28) - 1) & ~known)


def view_of(game, player: int) -> DominoxView:
    names = game.shape.names
    opening = TILES[game.opening] if game.opening >= 0 and game.to_move == player else None
    last = game._stack[-1][1] if game._stack else None
    return DominoxView(
        variant=game.variant, player=player, players=2, current_player=game.current_player,
        options=dict(game.options),
        width=game.shape.width, height=game.shape.height, blocked=game.shape.blocked,
        numbers=tuple(game.numbers), accepts=tuple(game.accepts),
        placed=tuple(Placement(x, y, names[s1], names[s2]) for s1, x, s2, y in game.placed),
        hand=tiles_of(game.hands[player]), opponent_hand_size=game.hands[1 - player].bit_count(),
        stock_size=len(game.stock) - game.drawn,
        last_move=last, passes=game.passes,
        opening=opening,
        moves=game.legal_placements() if game.current_player == player else ())


# ----- the greedy player's judgement -----

FLEX_WEIGHT = 0.3       # below 1: only breaks ties, keeping the tiles that fit many places
OPEN_DISTANCE = 4       # a slot this far from any tile (one step less from a blocked square
                        # or the edge) changes nothing around it: see _distances
EXACT_WORK = 120_000    # squares examined per view (6x what 10x10 boards need) before
                        # the rest are estimated
TILE_AT = tuple(TILE_INDEX[Tile.of(x, y)] for x in range(7) for y in range(7))   # [x * 7 + y]
MASK_28 = (1 << 28) - 1


def heuristic(view: DominoxView, move) -> float:
    """The change `move` makes to the mover's likely final territory margin.

    Likely final territory: the squares no tile still in play can ever cover ("dead"
    squares) are sure to stay empty, so the areas they form are scored as at the end of
    the game; live squares are assumed to be covered sooner or later. A move gains by
    sealing lone squares of the mover's colour and by spoiling the opponent's (a dead
    square beside a dead square of the other colour scores nothing). Among equal moves it
    prefers laying a tile that fits few places, keeping the flexible ones in hand.

    The first call on a view rates all its legal moves at once. On huge boards, once
    EXACT_WORK is spent, the moves furthest from the action are rated by the effect of
    giving up their tile alone (what an open slot's move does in any case).
    """
    return 0.0 if move == PASS else _judge(view).score(move)


def heuristics(view: DominoxView) -> list[float]:
    """`heuristic` of every legal move of the view, in order, without a call per move."""
    return _judge(view).ratings()


def _judge(view: DominoxView) -> "_Judge":
    judge = view._cache.get("judge")
    if judge is None:
        judge = view._cache["judge"] = _Judge(view)
    return judge


def _reach_table(loose: int) -> list[int]:
    """reach[mask]: the numbers that some tile of the 28-bit set `loose` pairs with a
    number of `mask`. Two empty neighbours u, v can take a tile exactly when
    reach[accepts[u]] & accepts[v]."""
    partners = [0] * 7
    for i, tile in enumerate(TILES):
        if loose >> i & 1:
            partners[tile.a] |= 1 << tile.b
            partners[tile.b] |= 1 << tile.a
    reach = [0] * 128
    for mask in range(1, 128):
        low = mask & -mask
        reach[mask] = reach[mask ^ low] | partners[low.bit_length() - 1]
    return reach


_AROUND: dict = {}


def _around(shape: BoardShape) -> list[tuple]:
    """Per slot: the squares beside each end and every square within two steps of the
    slot, the slot itself left out (all that a placement can change locally)."""
    found = _AROUND.get(shape)
    if found is None:
        found = []
        for s1, s2 in shape.slots:
            side1 = tuple(t for t in shape.neighbours[s1] if t != s2)
            side2 = tuple(t for t in shape.neighbours[s2] if t != s1)
            ring = {u for t in side1 + side2 for u in shape.neighbours[t]} | set(side1 + side2)
            found.append((side1, side2, tuple(sorted(ring - {s1, s2}))))
        found = _AROUND[shape] = found
    return found


_SLOTS_BY_NAMES: dict = {}


def _slots_by_names(shape: BoardShape) -> dict[tuple[str, str], int]:
    """The slot of each pair of square names, as a placement names them."""
    found = _SLOTS_BY_NAMES.get(shape)
    if found is None:
        names = shape.names
        found = _SLOTS_BY_NAMES[shape] = {(names[s1], names[s2]): slot
                                          for slot, (s1, s2) in enumerate(shape.slots)}
    return found


class _Judge:
    """The per-view work of `heuristic`: dead squares and their areas are worked out once
    per tile in hand; a move then only re-examines the squares around its slot."""

    def __init__(self, view: DominoxView):
        self.view = view
        self.shape = shape = view.shape
        self.me = view.player
        numbers = view.numbers
        self.touches_tile = [any(numbers[t] != EMPTY for t in shape.neighbours[s])
                             for s in range(shape.size)]
        self.loose = MASK_28 & ~tile_bits(p.tile for p in view.placed)     # not on the board
        reach = _reach_table(self.loose)
        self.live = [shape.playable[s] and numbers[s] == EMPTY and self._is_live(s, reach)
                     for s in range(shape.size)]
        self.dead = [shape.playable[s] and numbers[s] == EMPTY and not self.live[s]
                     for s in range(shape.size)]
        self.base = self._areas(self.dead)
        self.before = self.base[2]
        self.per_tile: dict[int, tuple] = {}
        self.fits = [0] * 28                 # legal placements per tile index
        for other in view.moves:
            if other is not PASS:           # PASS is one object (core.py)
                self.fits[TILE_AT[other.x * 7 + other.y]] += 1
        self.plans: dict[int, list] = {}
        self.loose_oriented = oriented(self.loose)
        self.pair_tiles: dict[tuple[int, int], int] = {}
        self._ratings: list[float] | None = None
        self.scores: dict | None = None
        self.estimates: dict[int, float] = {}
        self.quiet: dict[int, bool] = {}     # by x * 7 + y

    def _is_live(self, square: int, reach: list[int]) -> bool:
        numbers, accepts = self.view.numbers, self.view.accepts
        pairs = reach[accepts[square]]
        return any(numbers[t] == EMPTY and pairs & accepts[t]
                   for t in self.shape.neighbours[square])

    def _areas(self, dead: list[bool]) -> tuple[list[int], list[int], int]:
        """(area label per square or -1, each area's value, their total) of the dead squares."""
        labels, values, seen = [-1] * len(dead), list[int](), set[int]()
        for start, is_dead in enumerate(dead):
            if is_dead and start not in seen:
                area = self._flood(start, dead.__getitem__, seen)
                for s in area:
                    labels[s] = len(values)
                values.append(self._value(area))
        return labels, values, sum(values)

    def _flood(self, start: int, is_dead, seen: set) -> list[int]:
        """The dead area around `start`, adding its squares to `seen`."""
        neighbours = self.shape.neighbours
        seen.add(start)
        area, frontier = [start], [start]
        while frontier:
            for other in neighbours[frontier.pop()]:
                if other not in seen and is_dead(other):
                    seen.add(other)
                    area.append(other)
                    frontier.append(other)
        return area

    def _value(self, area: list[int]) -> int:
        """The mover's margin in one dead area, scored as at the end of the game."""
        colours = self.shape.colours
        lead = len(area) - 2 * sum(colours[s] for s in area)     # > 0: White leads
        if not lead:
            return 0
        return len(area) if (lead > 0) == (self.me == 0) else -len(area)

    def _tile(self, tile: int) -> tuple:
        """For a tile about to be laid: the reach table of the tiles left loose, the dead
        squares once it is gone (squares only it could cover die) and their areas."""
        found = self.per_tile.get(tile)
        if found is None:
            reach = _reach_table(self.loose & ~(1 << tile))
            dead = self.dead
            lost = [s for s, live in enumerate(self.live) if live and not self._is_live(s, reach)]
            if lost:
                dead = list(dead)
                for s in lost:
                    dead[s] = True
            found = self.per_tile[tile] = (reach, dead, *(self._areas(dead) if lost else self.base))
        return found

    def ratings(self) -> list[float]:
        if self._ratings is None:
            self._ratings = self._rate_all()
        return self._ratings

    def score(self, move: Placement) -> float:
        if self.scores is None:
            self.scores = dict(zip(self.view.moves, self.ratings()))
        found = self.scores.get(move)
        if found is None:          # not a legal move of this view: rate it on its own
            slot, x, y, tile = self._parts(move)
            found = self._rate_slot(slot, [(0, x, y, tile)], [0], [0.0])[0]
        return found

    def _parts(self, move: Placement) -> tuple[int, int, int, int]:
        index = self.shape.index
        slot = self.shape.slot_of[index[move.first], index[move.second]]
        return slot, move.x, move.y, TILE_AT[move.x * 7 + move.y]

    def _rate_all(self) -> list[float]:
        """Every legal move's rating in the view's order, worked out slot by slot, the
        slots nearest tiles, blocked squares and edges first, so that the work cap on a
        huge board leaves out the quietest ones."""
        by_slot: dict[int, list] = {}
        slot_of = _slots_by_names(self.shape)
        for index, move in enumerate(self.view.moves):
            if move is not PASS:
                x, y = move.x, move.y
                by_slot.setdefault(slot_of[move.first, move.second], []).append(
                    (index, x, y, TILE_AT[x * 7 + y]))
        distance = self._distances()
        slots = self.shape.slots
        order = sorted(by_slot, key=lambda k: min(distance[slots[k][0]], distance[slots[k][1]]))
        ratings, work = [0.0] * len(self.view.moves), [0]
        for slot in order:
            s1, s2 = slots[slot]
            if min(distance[s1], distance[s2]) >= OPEN_DISTANCE or work[0] > EXACT_WORK:
                rest = []
                capped = work[0] > EXACT_WORK
                for index, x, y, tile in by_slot[slot]:
                    if capped or self._quiet(x, y, tile):
                        ratings[index] = self._estimate(tile)
                    else:
                        rest.append((index, x, y, tile))
                self._rate_slot(slot, rest, work, ratings)
            else:
                self._rate_slot(slot, by_slot[slot], work, ratings)
        return ratings

    def _distances(self) -> list[int]:
        """Per square: the steps to the nearest covered square, or one more than the steps
        to a blocked square or off the board. A quiet move on a slot whose squares are
        OPEN_DISTANCE or more away changes nothing around it: every square beside the slot
        then accepts its one number and still has an untouched empty neighbour further
        out (which accepts anything) that a loose tile showing that number can share, and
        the squares two steps away keep such neighbours too."""
        shape, numbers = self.shape, self.view.numbers
        width, height = shape.width, shape.height
        distance = [1 + min(s % width + 1, width - s % width, s // width + 1, height - s // width)
                    for s in range(shape.size)]
        levels = [[s for s in range(shape.size) if numbers[s] != EMPTY],
                  [s for s in range(shape.size) if not shape.playable[s]]]
        for step, squares in enumerate(levels):
            for s in squares:
                distance[s] = step
        step = 0
        while step < len(levels):
            nearer = []
            for s in levels[step]:
                if distance[s] != step:         # reached sooner from elsewhere
                    continue
                file = s % width
                for t in (s - width, s + width, s - 1 if file else -1,
                          s + 1 if file < width - 1 else -1):
                    if 0 <= t < shape.size and distance[t] > step + 1:
                        distance[t] = step + 1
                        nearer.append(t)
            if nearer:
                if step + 1 < len(levels):
                    levels[step + 1] += nearer
                else:
                    levels.append(nearer)
            step += 1
        return distance

    def _quiet(self, x: int, y: int, tile: int) -> bool:
        """Whether a move on an open slot changes no square's fate: the squares beside it
        then accept only x or y, those further out anything, so they stay live while
        the tiles left loose include one showing x and one showing y."""
        key = x * 7 + y
        found = self.quiet.get(key)
        if found is None:
            reach = self._tile(tile)[0]
            found = self.quiet[key] = bool(reach[1 << x] and reach[1 << y])
        return found

    def _flexibility(self, tile: int) -> float:
        return FLEX_WEIGHT / (self.fits[tile] or 1)

    def _estimate(self, tile: int) -> float:
        found = self.estimates.get(tile)
        if found is None:
            found = self.estimates[tile] = (self._tile(tile)[4] - self.before
                                            + self._flexibility(tile))
        return found

    def _plan(self, slot: int) -> list[tuple]:
        """What a placement on `slot` must re-examine: per empty square near it, (square,
        its accepts, its end, the union of its empty neighbours' accepts, their ends), the
        accepts without the numbers about to be laid; an end (1 beside the slot's first
        square, 2 beside its second, 3 for neighbours beside both) says which number joins. (A tile
        fits two squares exactly when reach[one's accepts] & the other's, so one test of
        the union covers all neighbours.) A square left alone whose unchanged neighbours
        take two different loose tiles is left out: giving up one tile cannot kill it."""
        plan = self.plans.get(slot)
        if plan is not None:
            return plan
        numbers, accepts, touches_tile = self.view.numbers, self.view.accepts, self.touches_tile
        s1, s2 = self.shape.slots[slot]
        side1, side2, ring = _around(self.shape)[slot]
        end = dict.fromkeys(side1, 1) | dict.fromkeys(side2, 2)

        def mask(t):
            return (accepts[t] if touches_tile[t] else 0) if t in end else accepts[t]

        plan = self.plans[slot] = []
        for u in ring:
            if numbers[u] != EMPTY:
                continue
            if u not in end:
                fitting = 0
                for t in self.shape.neighbours[u]:
                    if t not in end and t != s1 and t != s2:
                        fitting |= self._fitting(u, t)
                if fitting.bit_count() >= 2:
                    continue
            around = ends = 0
            for t in self.shape.neighbours[u]:
                if numbers[t] == EMPTY and t != s1 and t != s2:
                    around |= mask(t)
                    ends |= end.get(t, 0)
            plan.append((u, mask(u), end.get(u, 0), around, ends))
        return plan

    def _fitting(self, u: int, t: int) -> int:
        """The loose tiles (28-bit) that could cover the empty squares u and t as they are."""
        key = (u, t) if u < t else (t, u)
        found = self.pair_tiles.get(key)
        if found is None:
            numbers, accepts = self.view.numbers, self.view.accepts
            found = 0
            if numbers[u] == EMPTY and numbers[t] == EMPTY:
                bits = FIRST_IN[accepts[key[0]]] & SECOND_IN[accepts[key[1]]] & self.loose_oriented
                found = (bits | bits >> 28) & MASK_28
            self.pair_tiles[key] = found
        return found

    def _rate_slot(self, slot: int, moves: list, work: list[int], ratings: list) -> list:
        """Rate `moves` [(index, x, y, tile)] on one slot into `ratings[index]`; `work[0]`
        counts the squares examined."""
        if not moves:
            return ratings
        s1, s2 = self.shape.slots[slot]
        if slot not in self.plans:
            work[0] += len(_around(self.shape)[slot][2])
        plan = self._plan(slot)
        work[0] += len(moves) * (len(plan) + 1)
        for index, x, y, tile in moves:
            reach, dead, labels, values, total = self._tile(tile)
            laid = (0, 1 << x, 1 << y, 1 << x | 1 << y)    # what joins a mask, by its ends
            changed = {}
            if dead[s1] or dead[s2]:
                changed = {s: False for s in (s1, s2) if dead[s]}
            for u, own, own_end, around, around_ends in plan:
                live = reach[own | laid[own_end]] & (around | laid[around_ends])
                if bool(live) == dead[u]:
                    changed[u] = not live
            if changed:
                total = self._areas_after(changed, dead, labels, values, total, work)
            ratings[index] = total - self.before + self._flexibility(tile)
        return ratings

    def _areas_after(self, changed: dict, dead, labels, values, total: int, work) -> int:
        """The dead areas' total once the `changed` squares live or die. Only the areas
        touching a changed square differ: take out the old ones, flood the new."""
        seeds = set(changed).union(*(self.shape.neighbours[s] for s in changed))
        for label in {labels[s] for s in seeds if labels[s] >= 0}:
            total -= values[label]
        seen: set[int] = set()

        def now_dead(s):
            return changed.get(s, dead[s])

        for s in seeds:
            if s not in seen and now_dead(s):
                area = self._flood(s, now_dead, seen)
                work[0] += len(area)
                total += self._value(area)
        return total
