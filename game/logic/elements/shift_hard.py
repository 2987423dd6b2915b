"""The Hard player's hooks for Shift (open-board game 10): nothing is hidden, so the one
world is the view's own position and alpha-beta searches it.

The evaluation, for `player`: elements left (10 each, a stack counting every element),
how near each side is to a win past the far edge (an own element on the last rank), and
a little forward progress.
"""
from __future__ import annotations

from .board import SIZE

perfect = True


def worlds(view):
    from .open10 import game_of

    def the_position(rng):
        return game_of(view)
    return the_position


def evaluate(state, player: int) -> float:
    counts = state.counts()
    value = 10.0 * (counts[player] - counts[1 - player])
    forward = [0, 0]
    for square, stack in enumerate(state.cells):
        if stack:
            owner, rank = stack[-1].owner, square // SIZE
            forward[owner] += rank if owner == 0 else SIZE - 1 - rank
    return value + 0.5 * (forward[player] - forward[1 - player])


def tactical(state, moves) -> list:
    """The moves that win at once (past the edge) or capture, [(move, gain)] biggest first."""
    from .shifting import turned
    found = []
    for move in moves:
        if not hasattr(move, "past_edge"):
            continue
        if move.past_edge:
            found.append((move, 1000))
            continue
        stack = state.cells[move.start]
        shown = stack[-1] if move.arrow in (None, stack[-1].arrow) else turned(stack[-1])
        taken = state._contacts(move.end, shown, move.start)[1]
        if taken:
            found.append((move, sum(10 * len(state.cells[s]) for s in taken)))
    found.sort(key=lambda pair: -pair[1])
    return found
