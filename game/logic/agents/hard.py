"""The Hard computer player: a search within a time budget per move (1 s by default).

Hidden-information games: determinized Monte Carlo at the root (search.py) over worlds
the variant samples from the view. Open boards: alpha-beta with iterative deepening
(alphabeta.py) on the one state the view shows. Either way the player sees only its
view; the rng it is given advances by exactly one draw per move, whatever the search
did, so a seeded match stays reproducible for the other seats.
"""
from __future__ import annotations

from game.i18n import N_

import random

from ..core import OptionError
from . import Agent, greedy_ratings
from .hooks import hooks_for
from .search import Budget, root_search

DEFAULT_SECONDS = 1.0
CANDIDATES = 12             # root moves searched on big boards, best by the greedy judgement


class HardAgent(Agent):
    """`HardAgent(seconds=1.0)`, or `HardAgent(iterations=N)` for a fixed amount of work
    (tests: the same view and seed then always give the same move)."""

    name = "hard"
    title = N_("Hard")

    def __init__(self, seconds: float | None = None, iterations: int | None = None,
                 candidates: int = CANDIDATES):
        if seconds is not None and not 0 < seconds < 1e6:
            raise OptionError(f"a hard player's time budget is a number of seconds above 0, "
                              f"not {seconds}")
        if iterations is not None and iterations < 0:
            raise OptionError(f"a hard player's iterations cannot be {iterations}")
        self.seconds = DEFAULT_SECONDS if seconds is None and iterations is None else seconds
        self.iterations = iterations
        self.candidates = candidates
        self.diverse = True
        self.last = None            # the last search's statistics (for tests and the bench)

    def budget(self) -> Budget:
        return Budget(self.seconds, self.iterations)

    def choose(self, view, rng):
        budget = self.budget()
        moves = view.legal_moves()
        rng = random.Random(rng.getrandbits(64))
        if len(moves) == 1:
            return moves[0]
        hooks = hooks_for(view.variant)
        obvious = hooks.obvious(view) if hooks.obvious is not None else None
        if obvious is not None:
            best = obvious[0]
            return best[rng.randrange(len(best))]
        if hooks.perfect:
            from .alphabeta import best_move
            move, self.last = best_move(view, hooks, moves, rng, budget)
            return move
        ranked = self.ranked(view, moves)
        stats = root_search(view, hooks, ranked, rng, budget)
        self.last = stats
        return stats.moves[stats.best()]

    def ranked(self, view, moves: list) -> list:
        """The root moves, best first by the greedy judgement (kept in their order when
        the ratings tie), cut to `candidates` when there are more: then every tile's
        best placement first, then every tile's second best, and so on, so that the
        search weighs which tile to lay and not only where to lay one tile."""
        ratings = greedy_ratings(view, moves)
        order = sorted(range(len(moves)), key=lambda i: -ratings[i])
        ranked = [moves[i] for i in order]
        limit = max(2, self.candidates)
        if len(ranked) <= limit or not self.diverse:
            return ranked[:limit]
        by_tile: dict = {}
        for move in ranked:
            by_tile.setdefault(getattr(move, "tile", None), []).append(move)
        chosen: list = []
        depth = 0
        while len(chosen) < limit:
            layer = [group[depth] for group in by_tile.values() if depth < len(group)]
            chosen.extend(layer[:limit - len(chosen)])
            depth += 1
        return chosen
