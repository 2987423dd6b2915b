"""Benchmark section: the Hard player's move time on a loaded machine.

`python -m game.bench --only loaded [--quick]` starts busy processes (two for each core,
so every core has more work than it can run), then asks the Hard player at 1 s for moves
in every game the way a match does: through the thinking worker process
(game/play/thinking.py), timing from the request to the answer in the game's process.
It prints, per game, the median, p95 and max move time and the max as a multiple of the
budget. The busy processes are ended however the run ends.
"""
from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
from contextlib import contextmanager

BUSY = "while True: pass"
BUDGET = 1.0


@contextmanager
def busy_processes(count: int):
    """`count` processes that spin (the load) while the block runs, killed however it ends."""
    load = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(count)]
    try:
        yield load
    finally:
        for process in load:
            process.kill()
            process.wait()


def hard_move_times(variant: str, players: int, moves: int, seed: int = 0,
                    budget: float = BUDGET) -> list[float]:
    """Seconds from asking the worker for Hard's move to having it, over `moves` moves
    (forced ones skipped) of games Hard plays against itself from `seed` on."""
    from game.bench_stats import move_times
    from game.play import thinking
    name = f"hard@{budget:g}"
    return move_times(variant, players, moves,
                      lambda view, rng: thinking.think(name, view, rng).move(),
                      random.Random(seed), seed, skip_forced=True)


def bench_loaded(moves: int) -> None:
    from game.play import thinking
    cores = os.cpu_count() or 1
    with busy_processes(2 * cores) as load:
        try:
            _report(moves, len(load), cores)
        finally:
            thinking.shutdown()


def _report(moves: int, busy: int, cores: int) -> None:
    from game.bench_stats import percentile
    from game.logic.variants import VARIANTS, find_variant
    from game.play import thinking
    thinking.start()
    thinking.ask(len, ()).result()   # booted, as a match's worker is by its first move
    print(f"Hard at {BUDGET:g} s on a loaded machine: {busy} busy processes on {cores} "
          f"cores, moves through the thinking worker")
    for variant in VARIANTS:
        times = hard_move_times(variant, find_variant(variant).min_players, moves)
        print(f"  {variant}: median {statistics.median(times) * 1e3:.0f} ms, "
              f"p95 {percentile(times, 0.95) * 1e3:.0f} ms, "
              f"max {max(times) * 1e3:.0f} ms = {max(times) / BUDGET:.2f}x the budget "
              f"({len(times)} moves)", flush=True)
