"""What the benchmark sections share: a percentile of measured times, and timing a
computer's moves over seeded games."""
from __future__ import annotations

import time


def percentile(values, fraction):
    """The value below which `fraction` of `values` lie (the nearest rank, no blending)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def move_times(variant: str, players: int, count: int, choose, rng, seed: int = 0,
               options: dict | None = None, skip_forced: bool = False) -> list[float]:
    """Seconds `choose(view, rng)` took for each of `count` moves of games played with the
    moves it chose, dealt from `seed` on; with `skip_forced` a move that is the only legal
    one is applied untimed (nobody thinks about it)."""
    from game.logic import new_game
    times: list[float] = []
    while len(times) < count:
        state = new_game(variant, players, seed, options or {})
        seed += 1
        while not state.is_over() and len(times) < count:
            if skip_forced:
                legal = state.legal_moves()
                if len(legal) == 1:
                    state.apply(legal[0])
                    continue
            player = state.current_player
            assert player is not None, "a game not over has a player to move"
            view = state.view(player)
            started = time.perf_counter()
            move = choose(view, rng)
            times.append(time.perf_counter() - started)
            state.apply(move)
    return times
