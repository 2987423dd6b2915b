"""How fast the Hard player's search runs, per variant (for the benchmark):
`playouts_per_second(variant, seconds)` runs the real search on an early position of a
seeded game and counts what it managed in that time: playouts (a sampled world, a root
move, playout moves to the end or the horizon, every move taken back) for hidden
information (root moves judged where the variant judges them itself, as Packs does),
positions searched (alpha-beta nodes) for open boards."""
from __future__ import annotations

import random
import time

from ..variants import new_game
from .hooks import hooks_for
from .search import Budget, root_search


def start_position(variant: str, players: int = 2, seed: int = 1, moves: int = 4):
    """The state after `moves` seeded random moves, moved on until its player has a choice."""
    rng = random.Random(seed)
    state = new_game(variant, players, seed)
    done = 0
    while not state.is_over() and (done < moves or len(state.legal_moves()) < 2):
        state.apply(rng.choice(state.legal_moves()))
        done += 1
    if state.is_over():
        raise RuntimeError(f"seed {seed} of {variant} ends before a choice")
    return state


def search_speed(variant: str, seconds: float = 1.0, players: int = 2) -> dict:
    """{"unit": "playouts" or "nodes", "per_second": float, "done": count, "seconds"}."""
    state = start_position(variant, players)
    view = state.view(state.current_player)
    hooks = hooks_for(variant)
    rng = random.Random(7)
    budget = Budget(seconds, margin=1.0)
    started = time.perf_counter()
    if hooks.perfect:
        from .alphabeta import best_move
        _, info = best_move(view, hooks, view.legal_moves(), rng, budget)
        unit, done = "nodes", info.nodes
    else:
        stats = root_search(view, hooks, view.legal_moves(), rng, budget)
        # a variant that judges its root moves itself (hooks.root) plays nothing out
        unit = "playouts" if hooks.root is None else "root moves judged"
        done = stats.iterations
    elapsed = time.perf_counter() - started
    return {"unit": unit, "per_second": done / elapsed, "done": done, "seconds": elapsed}


def playouts_per_second(variant: str, seconds: float = 1.0) -> float:
    """Playouts per second of the Hard player's search in `variant` (alpha-beta nodes
    per second where nothing is hidden), on one core."""
    return search_speed(variant, seconds)["per_second"]


if __name__ == "__main__":
    import sys
    from ..console import tolerant_output
    from ..variants import VARIANTS
    tolerant_output()
    for name in sys.argv[1:] or VARIANTS:
        found = search_speed(name, 1.0)
        print(f"{name}: {found['per_second']:,.0f} {found['unit']}/s")
