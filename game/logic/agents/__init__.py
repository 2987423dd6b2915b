"""Computer opponents. An agent sees only a player's view, never the hidden tiles.

Every agent has one method, `choose(view, rng) -> move`; a stronger search plugs in by
registering another class here. Variants supply the greedy level's judgement as a
`heuristic(view, move) -> float` static method on their state class, and may add a
`heuristics(view) -> list[float]` one rating every legal move at once (faster on big boards).

The Hard level (hard.py) searches: it samples full states consistent with the view
(each variant's worlds module, listed in hooks.py) and plays them out through the
variant's own rules, or searches the one true state of an open board.
"""
from __future__ import annotations

from game.i18n import N_

import random

from ..core import OptionError
from ..variants import find_variant


class Agent:
    name = "agent"
    title = N_("Agent")

    def choose(self, view, rng: random.Random):
        raise NotImplementedError


class RandomAgent(Agent):
    """Any legal move, uniformly."""

    name = "random"
    title = N_("Easy")

    def choose(self, view, rng):
        return rng.choice(view.legal_moves())


def greedy_ratings(view, moves) -> list[float]:
    """The variant's heuristic rating of each of `moves` (the view's legal moves)."""
    variant = find_variant(view.variant)
    rate_all = getattr(variant, "heuristics", None)     # optional: all moves in one call
    return rate_all(view) if rate_all else [variant.heuristic(view, m) for m in moves]


class GreedyAgent(Agent):
    """The move the variant's heuristic rates best right now; ties broken at random."""

    name = "greedy"
    title = N_("Medium")

    def choose(self, view, rng):
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        ratings = greedy_ratings(view, moves)
        best = max(ratings)
        return moves[rng.choice([i for i, r in enumerate(ratings) if r == best])]


from .hard import HardAgent  # noqa: E402  (hard.py builds on the classes above)

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent,
                                  "hard": HardAgent}


def make_agent(name: str, **settings) -> Agent:
    """The agent called `name`; `hard@0.25` (or `settings` such as seconds=0.25 or
    iterations=200) sets the Hard level's budget per move."""
    base, at, budget = str(name).partition("@")
    if base not in AGENTS:
        raise OptionError(f"unknown computer level {name!r} (known: {', '.join(AGENTS)})")
    if at:
        if base != "hard":
            raise OptionError(f"only the hard level takes a time budget, not {name!r}")
        try:
            settings["seconds"] = float(budget)
        except ValueError:
            settings["seconds"] = -1.0
        if not 0 < settings["seconds"] < 1e6:
            raise OptionError(f"{name!r}: the time budget after @ is a number of seconds "
                              f"above 0, like hard@0.5")
    if settings and base != "hard":
        raise OptionError(f"the {base} level takes no settings")
    return AGENTS[base](**settings)


def play_out(state, agents: list[Agent], rng: random.Random, max_moves: int = 100_000) -> int:
    """Let `agents` (one per seat) play `state` to the end; returns the number of moves.
    Each agent is shown only its own view. `max_moves` guards against a variant that
    never ends (a bug, reported rather than hanging)."""
    moves = 0
    while not state.is_over():
        if moves >= max_moves:
            raise RuntimeError(f"{state.variant} game did not end within {max_moves} moves")
        player = state.current_player
        state.apply(agents[player].choose(state.view(player), rng))
        moves += 1
    return moves
