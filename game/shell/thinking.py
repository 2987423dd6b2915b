"""Computer players think in a worker process, so their pure-Python search never shares
the interpreter lock with drawing (a thread would, and frames would stretch while it
thinks). Where no process can be started, a thread does the same job.

`think(agent_name, view, rng)` returns a Thought whose `move()` is the chosen move's text;
the caller's `rng` is advanced exactly as if the agent had used it in place, so a seeded
match makes the same computer choices whichever way the thinking ran.
"""
from __future__ import annotations

import atexit
import concurrent.futures
import multiprocessing
import random
import sys

from game.logic.agents import make_agent

_pool: concurrent.futures.Executor | None = None


def _choose(agent_name: str, view, rng_state) -> tuple[str, object]:
    rng = random.Random()
    rng.setstate(rng_state)
    move = make_agent(agent_name).choose(view, rng)
    return str(move), rng.getstate()


def _executor() -> concurrent.futures.Executor:
    """One worker shared by every match of this run, started on first use."""
    global _pool
    if _pool is None:
        # The pool's feeder thread in this process takes the interpreter lock to send a
        # view; with the default 5 ms switch interval a frame could wait that long for it.
        sys.setswitchinterval(0.0005)
        try:
            # "spawn": the worker imports only the logic package, never pygame or SDL.
            _pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        except (OSError, ValueError, NotImplementedError):
            _pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
        atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
    return _pool


class Thought:
    """A computer's pending move: `done()`, then `move()` (raises what the agent raised)."""

    def __init__(self, future: concurrent.futures.Future, rng: random.Random):
        self._future = future
        self._rng = rng

    def done(self) -> bool:
        return self._future.done()

    def move(self) -> str:
        text, state = self._future.result()
        self._rng.setstate(state)
        return text


def think(agent_name: str, view, rng: random.Random) -> Thought:
    global _pool
    try:
        future = _executor().submit(_choose, agent_name, view, rng.getstate())
    except RuntimeError:        # BrokenProcessPool: the worker was killed; go on in a thread
        _pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
        future = _pool.submit(_choose, agent_name, view, rng.getstate())
    return Thought(future, rng)
