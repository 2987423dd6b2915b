"""Determinized Monte Carlo search at the root, for games with hidden tiles.

Each iteration samples a world consistent with the view (or reuses the last one for a
few playouts: `hooks.reuse`), picks a root move by UCB1, plays it and then fast playout
moves through the world's own `legal_moves`/`apply` until the game (or what the variant
judges, `hooks.done`) ends, scores that for the root player in [0, 1] and takes every
move back with `undo`. The root moves are the view's own legal moves, which are the
same in every world (they depend only on the player's hand and the public board); the
greedy judgement orders them and, on big boards, keeps only the best few
(`candidates`). The answer is the most visited move (ties: the better mean, then the
greedy order), so the same view, seed and iteration count give the same move. The
search stops early once the most visited move cannot be overtaken in the time left.
"""
from __future__ import annotations

import heapq
import math
import time
from dataclasses import dataclass, field

EXPLORATION = 0.6           # UCB1's constant for values in [0, 1]
PRIOR = 0.1                 # the weight of the greedy order among root moves (see prior)
MAX_PLAYOUT_MOVES = 2000    # a playout longer than this is a bug in a variant
CHECK_EVERY = 8             # iterations between asks whether the answer is settled


@dataclass
class Budget:
    """Stop after `iterations` (when set) or before `seconds` have passed since `start`:
    the next iteration is begun only if the slowest one so far still fits."""

    seconds: float | None = 1.0
    iterations: int | None = None
    start: float = field(default_factory=time.perf_counter)
    margin: float = 0.9             # the share of `seconds` the search may use
    slowest: float = 0.0

    def allows(self, done: int, last_started: float | None = None) -> bool:
        now = time.perf_counter()
        if last_started is not None:
            self.slowest = max(self.slowest, now - last_started)
        if self.iterations is not None and done >= self.iterations:
            return False
        if self.seconds is None:
            return True
        return now + self.slowest < self.start + self.seconds * self.margin

    def remaining(self, done: int) -> float:
        """About how many more iterations fit, at the pace so far (a quarter more, to be
        safe: later ones may be quicker); exact under an iteration count."""
        if self.iterations is not None:
            return self.iterations - done
        if self.seconds is None:
            return math.inf
        pace = (time.perf_counter() - self.start) / max(1, done)
        return 1.25 * self.left() / pace if pace > 0 else math.inf

    def left(self) -> float:
        if self.seconds is None:
            return math.inf
        return self.start + self.seconds * self.margin - time.perf_counter()


@dataclass
class RootStats:
    moves: list
    visits: list
    totals: list

    def mean(self, i: int) -> float:
        return self.totals[i] / self.visits[i] if self.visits[i] else 0.0

    def prior(self, i: int) -> float:
        """The greedy judgement's word on move i (the moves come best first): a bonus
        that fades as playouts of the move come in, so a search of a few playouts a
        move keeps to the greedy order unless the playouts clearly disagree."""
        n = len(self.moves)
        return PRIOR * (n - 1 - i) / max(1, n - 1) / (self.visits[i] + 1)

    def judged(self, i: int) -> float:
        return self.mean(i) + self.prior(i)

    def best(self) -> int:
        return max(range(len(self.moves)),
                   key=lambda i: (self.visits[i], self.judged(i), -i))

    @property
    def iterations(self) -> int:
        return sum(self.visits)


def playout(world, hooks, rng, root: int) -> tuple[float, int]:
    """Play `world` on with the playout policy until `hooks.done` (or for
    `hooks.horizon` moves); (value for `root`, moves applied)."""
    depth = 0
    done, pick = hooks.done, hooks.playout_move
    horizon = hooks.horizon or MAX_PLAYOUT_MOVES
    while not done(world):
        if depth >= horizon:
            if horizon == MAX_PLAYOUT_MOVES:
                raise RuntimeError(f"a {world.variant} playout did not end")
            break
        world.apply(pick(world, rng, world.legal_moves()))
        depth += 1
    return hooks.rollout_value(world, root), depth


def root_search(view, hooks, candidates: list, rng, budget: Budget) -> RootStats:
    """UCB1 over `candidates` (legal root moves, best first by the greedy judgement)
    with playouts in sampled worlds; see the module notes. A variant with its own root
    judgement (`hooks.root`) answers instead."""
    if hooks.root is not None:
        return hooks.root(view, candidates, rng, budget)
    sample = hooks.worlds(view)
    root = view.player
    n = len(candidates)
    stats = RootStats(list(candidates), [0] * n, [0.0] * n)
    visits, totals = stats.visits, stats.totals
    world, used, done, started = None, 0, 0, None
    while budget.allows(done, started):
        started = time.perf_counter()
        if world is None or used >= hooks.reuse:
            world, used = sample(rng), 0
        used += 1
        if done < n:
            i = done
        else:
            log_n = math.log(done)
            i = max(range(n), key=lambda k: stats.judged(k)
                    + EXPLORATION * math.sqrt(log_n / visits[k]))
        world.apply(candidates[i])
        value, depth = playout(world, hooks, rng, root)
        for _ in range(depth + 1):
            world.undo()
        visits[i] += 1
        totals[i] += value
        done += 1
        if done % CHECK_EVERY == 0 and settled(visits, budget.remaining(done)):
            break
    return stats


def settled(visits: list, remaining: float) -> bool:
    """The most visited move (the answer) leads the next by more than the iterations
    left could give it: searching on cannot change the move, so the time is saved."""
    if len(visits) < 2:
        return True
    first, second = heapq.nlargest(2, visits)
    return first - second > remaining
