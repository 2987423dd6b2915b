"""What a Dominid player may see, and the greedy computer player's judgement of a move.

A view is a frozen snapshot (agents read it in a worker process while the game goes
on): the public table, the player's own hand, the sizes of the other hand and of the
stock. While the opening is being arranged its player holds nothing yet: they take their
three tiles once it lies, so theirs count with the stock. It answers what the screen
asks: what a placement would cost and against which pair, and which clusters count at
the end.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .opening import HAND, Arrangement, arrangement_rating
from .stacks import cheapest, geometry, groups, slot_is_open, slot_pairs
from ..board.game import BoardView
from ..core import PASS, Tile
from ..board.placement import Placement, tile_bits, tiles_of

ODD, EVEN = frozenset((1, 3, 5)), frozenset((2, 4, 6))
NUMBERS = {"odds": ODD, "evens": EVEN}


class Border(NamedTuple):
    """A pair of numbers a placement borders, as the screen shows it."""

    side: str                      # "north", "south", "east", "west" or "beneath"
    cells: tuple[str, str]         # the cells showing p (beside the first end) and q
    numbers: tuple[int, int]       # (p, q)
    cost: int                      # |x - p| + |y - q| for the placement asked about


class Cluster(NamedTuple):
    """Three or more connected top cells showing one number: (number, cells, owner)."""

    number: int
    cells: tuple[str, ...]         # ascending cell order
    owner: int | None              # the player whose parity holds the number, if declared


@dataclass(frozen=True)
class DominidView(BoardView):
    # numbers: per cell, the number on top (-1 when empty); blocked: cell indices
    levels: tuple[int, ...]            # per cell: how many tiles lie on it
    covers: tuple[int, ...]            # per cell: index into `placed` of its top tile, or -1
    placed: tuple[Placement, ...]      # in play order; 0 and 1 are the opening
    hand: tuple[Tile, ...]
    opponent_hand_size: int
    stock_size: int
    costs: tuple[int, int]             # running cost per player
    parities: tuple[str | None, str | None]    # "odds"/"evens" per player, None before
    declaring: bool                    # the player to move must now declare
    passes: int                        # passes in a row
    last_move: object                  # Placement, Arrangement, "pass", "odds"/"evens", None
    draws: tuple[Tile, ...]            # while arranging: the turned-up tiles, 0's and 1's
    arranging: bool                    # the opening is still to be laid (by the mover)
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def level_at(self, square: str) -> int:
        return self.levels[self.shape.square(square)]

    top_at = BoardView.number_at

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """Tiles neither on the table nor in this hand: the other hand's and the stock's."""
        known = tile_bits(self.hand) | tile_bits(p.tile for p in self.placed)
        if self.arranging:                 # the turned-up tiles, not laid yet
            known |= tile_bits(self.draws)
        return tiles_of(((1 << 28) - 1) & ~known)

    def borders(self, move) -> list[Border]:
        """Every pair the placement `move` would border, each with its cost; [] when no
        tile may lie on its two cells (levels differ, one tile beneath, no pair, no slot).
        Whether the player holds the tile is not asked."""
        shape = self.shape
        if not isinstance(move, Placement):
            return []
        try:
            cells = shape.square(move.first), shape.square(move.second)
        except ValueError:
            return []
        slot = shape.slot_of.get(cells)
        if slot is None or not slot_is_open(geometry(shape), self.levels, self.covers, slot):
            return []
        names = shape.names
        return [Border(p.side, (names[p.cells[0]], names[p.cells[1]]), p.numbers,
                       p.cost(move.x, move.y))
                for p in slot_pairs(geometry(shape), self.levels, self.numbers, slot)]

    def cost_of(self, move) -> tuple[int, Border] | None:
        """(cost, the cheapest pair) of a placement, or None when it may not lie there."""
        found = self.borders(move)
        if not found:
            return None
        best = min(found, key=lambda b: b.cost)
        return best.cost, best

    def clusters(self) -> list[Cluster]:
        """Every group of 3 or more connected top cells showing the same number 1 to 6,
        with the player it counts for (None while odds and evens are not chosen)."""
        names = self.shape.names
        owners = {n: p for p, parity in enumerate(self.parities) if parity
                  for n in NUMBERS[parity]}
        return [Cluster(number, tuple(names[c] for c in cells), owners.get(number))
                for number, cells in groups(self.shape, self.numbers)]

    def cluster_points(self) -> tuple[int, int]:
        points = [0, 0]
        for cluster in self.clusters():
            if cluster.owner is not None:
                points[cluster.owner] += len(cluster.cells)
        return points[0], points[1]

    def scores_now(self) -> tuple[int, int]:
        """Each player's final score if the game ended now (cost minus clusters)."""
        points = self.cluster_points()
        return self.costs[0] - points[0], self.costs[1] - points[1]


def _parity_text(declared) -> str | None:
    return None if declared is None else str(declared)


def view_of(game, player: int) -> DominidView:
    stacks = game.stacks
    current = game.current_player
    arranger = game.to_move if game.arranging else None
    return DominidView(
        variant=game.variant, player=player, players=2, current_player=current,
        options=dict(game.options),
        width=game.shape.width, height=game.shape.height, blocked=game.shape.blocked,
        levels=tuple(stacks.level), numbers=tuple(stacks.top), covers=tuple(stacks.cover),
        placed=tuple(game.placement(i) for i in range(len(stacks.placed))),
        hand=() if player == arranger else tiles_of(game.hands[player]),
        opponent_hand_size=0 if 1 - player == arranger else game.hands[1 - player].bit_count(),
        stock_size=len(game.stock) - game.drawn + (HAND if game.arranging else 0),
        costs=tuple(game.costs),
        parities=(_parity_text(game.parities[0]), _parity_text(game.parities[1])),
        declaring=game.declaring, passes=game.passes,
        last_move=game._stack[-1][1] if game._stack else None,
        draws=tuple(game.draws) if game.arranging else (), arranging=game.arranging,
        moves=tuple(game.legal_moves()) if current == player else ())


# ----- the greedy player's judgement -----

PAIR_HOPE = 0.5          # a pair of one's numbers side by side: a cluster in the making
HAND_WEIGHT = 2          # in choosing a parity, a number in hand counts twice one on the table


def heuristic(view: DominidView, move) -> float:
    """How good `move` looks: minus its cost, plus what it does to the clusters (one's
    own grown or made, the opponent's broken or not helped). Declarations: the parity
    whose numbers the hand holds and the table shows more of. Arrangements: how dear
    they leave the first player's first tile (opening.arrangement_rating)."""
    return _judge(view).rate(move)


def heuristics(view: DominidView) -> list[float]:
    judge = _judge(view)
    return [judge.rate(move) for move in view.moves]


def declaration_rating(view: DominidView, parity: str) -> float:
    numbers = NUMBERS[parity]
    held = sum((t.a in numbers) + (t.b in numbers) for t in view.hand)
    shown = sum(1 for n in view.numbers if n in numbers)
    return HAND_WEIGHT * held + shown


def _judge(view: DominidView) -> "_Judge":
    judge = view._cache.get("judge")
    if judge is None:
        judge = view._cache["judge"] = _Judge(view)
    return judge


class _Judge:
    """Per-view work of the heuristic: per slot its pairs and the cluster value around
    it before the move; per move the value after, from a local flood fill."""

    def __init__(self, view: DominidView):
        self.view = view
        self.shape = view.shape
        self.geo = geometry(self.shape)
        self.tops = list(view.numbers)
        mine = view.parities[view.player]
        if mine is None:          # the first move: judge by the parity we are likely to pick
            mine = max(("evens", "odds"), key=lambda p: declaration_rating(view, p))
        self.own = NUMBERS[mine]
        self.slots: dict[int, tuple] = {}

    def rate(self, move) -> float:
        if move == PASS:
            return 0.0
        if isinstance(move, Arrangement):
            return arrangement_rating(self.shape, move, self.view.unseen)
        if not isinstance(move, Placement):
            return float(declaration_rating(self.view, str(move)))
        shape = self.shape
        slot = shape.slot_of.get((shape.index[move.first], shape.index[move.second]))
        if slot is None:
            return float("-inf")
        pairs, around, before = self._slot(slot)
        if not pairs:
            return float("-inf")
        cost = cheapest(pairs, move.x, move.y)[0]
        s1, s2 = shape.slots[slot]
        tops = self.tops
        old = tops[s1], tops[s2]
        tops[s1], tops[s2] = move.x, move.y
        after = self._value(around)
        tops[s1], tops[s2] = old
        return after - before - cost

    def _slot(self, slot: int) -> tuple:
        found = self.slots.get(slot)
        if found is None:
            s1, s2 = self.shape.slots[slot]
            neighbours = self.shape.neighbours
            around = tuple({s1, s2, *neighbours[s1], *neighbours[s2]})
            pairs = slot_pairs(self.geo, self.view.levels, self.tops, slot)
            found = self.slots[slot] = (pairs, around, self._value(around))
        return found

    def _value(self, starts) -> float:
        """Own cluster value minus the opponent's over the groups touching `starts`."""
        tops, neighbours, own = self.tops, self.shape.neighbours, self.own
        seen: set[int] = set()
        total = 0.0
        for start in starts:
            number = tops[start]
            if start in seen or number <= 0:
                continue
            seen.add(start)
            size, frontier = 1, [start]
            while frontier:
                for other in neighbours[frontier.pop()]:
                    if other not in seen and tops[other] == number:
                        seen.add(other)
                        size += 1
                        frontier.append(other)
            worth = size if size >= 3 else PAIR_HOPE if size == 2 else 0.0
            total += worth if number in own else -worth
        return total
