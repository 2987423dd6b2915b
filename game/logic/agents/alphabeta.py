"""Alpha-beta search with iterative deepening, for games with nothing hidden (the
open-board moving games). Negamax over the state's own legal_moves/apply/undo; the
variant's `evaluate(state, player)` judges the leaves; a history table orders moves
(the previous depth's best root move first). The budget is checked every few nodes; an
unfinished depth is thrown away, so the move is always that of the last depth searched
to the end (depth 1 at least, unless the budget ran out even for that: then the greedy
judgement's first choice). With `iterations` the budget counts nodes, not seconds.
Past the depth, captures (`hooks.tactical`) are followed until the position is quiet; a
state that offers `loud_moves()` (the legal moves that capture or win at once) spares
that quiescence a full move list at every leaf.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

WIN = 100_000.0
MAX_DEPTH = 64


class _Timeout(Exception):
    pass


@dataclass
class SearchInfo:
    depth: int = 0
    nodes: int = 0
    scores: dict = field(default_factory=dict)     # index in `moves` -> its score
    moves: list = field(default_factory=list)      # the root moves as that depth ordered them

    @property
    def iterations(self) -> int:
        return self.nodes


QUIET_DEPTH = 4             # capture sequences followed past the horizon


class AlphaBeta:
    def __init__(self, hooks, budget):
        self.evaluate = hooks.evaluate
        self.tactical = hooks.tactical
        self.budget = budget
        self.nodes = 0
        self.history: dict = {}

    def _tick(self) -> None:
        self.nodes += 1
        budget = self.budget
        if budget.iterations is not None:
            if self.nodes > budget.iterations:
                raise _Timeout
        elif budget.left() <= 0:          # a node can be slow on wide boards: every one
            raise _Timeout

    def negamax(self, state, player: int, depth: int, alpha: float, beta: float,
                ply: int) -> float:
        self._tick()
        outcome = state.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            return WIN - ply if outcome.winner == player else -WIN + ply
        if depth <= 0:
            return self.quiesce(state, player, alpha, beta, ply, QUIET_DEPTH)
        moves = self.ordered(state, state.legal_moves())
        best = -WIN * 2
        for move in moves:
            state.apply(move)
            try:
                value = -self.negamax(state, 1 - player, depth - 1, -beta, -alpha, ply + 1)
            finally:
                state.undo()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.history[move] = self.history.get(move, 0) + depth * depth
                        break
        return best

    def ordered(self, state, moves: list) -> list:
        """Captures first (biggest first), then by the history of cut-offs."""
        if len(moves) < 2:
            return moves
        history = self.history
        moves.sort(key=lambda m: -history.get(m, 0))
        if self.tactical is None:
            return moves
        loud = self.tactical(state, moves)
        if not loud:
            return moves
        first = [m for m, _ in loud]
        chosen = set(first)
        return first + [m for m in moves if m not in chosen]

    def quiesce(self, state, player: int, alpha: float, beta: float, ply: int,
                left: int) -> float:
        """The evaluation, or better for the player to move if a capture improves it
        (captures followed `left` moves deep): no judging in the middle of an exchange."""
        stand = self.evaluate(state, player)
        if left <= 0 or stand >= beta or self.tactical is None:
            return stand
        alpha = max(alpha, stand)
        best = stand
        loud = getattr(state, "loud_moves", state.legal_moves)     # only what may be loud
        for move, _ in self.tactical(state, loud()):
            self._tick()
            state.apply(move)
            try:
                outcome = state.outcome()
                if outcome is not None:
                    value = 0.0 if outcome.winner is None else (
                        WIN - ply - 1 if outcome.winner == player else -WIN + ply + 1)
                else:
                    value = -self.quiesce(state, 1 - player, -beta, -alpha, ply + 1, left - 1)
            finally:
                state.undo()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def root(self, state, player: int, moves: list, depth: int) -> tuple[int, dict]:
        alpha, best, scores = -WIN * 2, 0, {}
        for i, move in enumerate(moves):
            state.apply(move)
            try:
                value = -self.negamax(state, 1 - player, depth - 1, -WIN * 2, -alpha, 1)
            finally:
                state.undo()
            scores[i] = value
            if value > alpha:
                alpha, best = value, i
        return best, scores


def best_move(view, hooks, moves: list, rng, budget) -> tuple[object, SearchInfo]:
    """The move alpha-beta prefers in the view's position (see the module notes)."""
    from . import greedy_ratings
    state = hooks.worlds(view)(rng)
    player = view.player
    ratings = greedy_ratings(view, moves)
    order = sorted(range(len(moves)), key=lambda i: -ratings[i])
    moves = [moves[i] for i in order]
    search = AlphaBeta(hooks, budget)
    info = SearchInfo()
    chosen = 0
    for depth in range(1, MAX_DEPTH + 1):
        started = time.perf_counter()
        try:
            best, scores = search.root(state, player, moves, depth)
        except _Timeout:
            break
        chosen, info.depth, info.scores, info.moves = best, depth, scores, list(moves)
        if abs(scores[best]) >= WIN - MAX_DEPTH:
            break                       # a forced win or loss: deeper changes nothing
        # the best move first next time, the rest by this depth's scores
        ranking = sorted(range(len(moves)), key=lambda i: -scores.get(i, -WIN * 2))
        moves = [moves[i] for i in ranking]
        chosen = 0
        if budget.iterations is None and budget.left() < 3 * (time.perf_counter() - started):
            break                       # the next depth would not finish
    info.nodes = search.nodes
    return moves[chosen], info
