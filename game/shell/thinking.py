"""Computer players think in a worker process, so their pure-Python search never shares
the interpreter lock with drawing (a thread would, and frames would stretch while it
thinks). Where no process can be started, a thread does the same job.

`think(agent_name, view, rng)` returns a Thought whose `move()` is the chosen move's text;
the caller's `rng` is advanced exactly as if the agent had used it in place, so a seeded
match makes the same computer choices whichever way the thinking ran.

The worker is a plain Python process fed pickles on its stdin (no multiprocessing, so no
resource tracker outlives the game). It ends with the game however the game ends: its
stdin reaches end of file, or, while it is busy, it sees its parent change (a `kill -9`
of the game). A worker that dies mid-thought is started again and asked again.
"""
from __future__ import annotations

import atexit
import concurrent.futures
import os
import pickle
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.logic.agents import make_agent

ROOT = Path(__file__).resolve().parent.parent.parent
BOOT = "import sys; sys.path.insert(0, sys.argv[1]); from game.shell.thinking import serve; serve()"
ATTEMPTS = 3              # a job whose worker dies this often is run in this process instead
PARENT_POLL = 0.2         # seconds between a busy worker's looks at its parent

_pool = None


def _choose(agent_name: str, view, rng_state) -> tuple[str, object]:
    rng = random.Random()
    rng.setstate(rng_state)
    move = make_agent(agent_name).choose(view, rng)
    return str(move), rng.getstate()


class WorkerProcess:
    """An executor of one worker process: `submit(function, *args)` returns a Future;
    jobs run one at a time, in order. A thread of this process feeds the worker and
    waits for its answers, so the game's thread never blocks on the pipe."""

    def __init__(self):
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._closed = False
        self._process = self._launch()           # OSError if no process can be started
        threading.Thread(target=self._feed, name="thinking", daemon=True).start()

    @property
    def pid(self) -> int:
        return self._process.pid

    @staticmethod
    def _launch() -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-c", BOOT, str(ROOT)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def submit(self, function, *args) -> concurrent.futures.Future:
        if self._closed:
            raise RuntimeError("the worker has been shut down")
        future = concurrent.futures.Future()
        self._jobs.put((future, function, args))
        return future

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        """End the worker now (a thought in progress is abandoned) and drop waiting jobs."""
        with self._lock:
            self._closed = True
            self._end(self._process)
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job[0].cancel()
        self._jobs.put(None)

    @staticmethod
    def _end(process: subprocess.Popen) -> None:
        for pipe in (process.stdin, process.stdout):
            try:
                pipe.close()
            except OSError:
                pass
        process.kill()
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            pass

    def _feed(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, function, args = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(self._run(function, args))
            except BaseException as error:          # what the agent raised, for move()
                future.set_exception(error)

    def _run(self, function, args):
        try:
            request = pickle.dumps((function, args), pickle.HIGHEST_PROTOCOL)
        except Exception:                            # nothing a worker could be sent
            return function(*args)
        for _ in range(ATTEMPTS):
            process = self._process
            try:
                process.stdin.write(request)
                process.stdin.flush()
                ok, value = pickle.load(process.stdout)
            except (OSError, ValueError, EOFError, pickle.UnpicklingError):
                if not self._restart(process):      # shut down, or no process to be had
                    break
                continue
            if ok:
                return value
            raise value
        if self._closed:
            raise RuntimeError("the worker has been shut down")
        return function(*args)                       # the worker keeps dying: think here

    def _restart(self, dead: subprocess.Popen) -> bool:
        """A new worker in place of `dead`; False if shut down or none can be started."""
        with self._lock:
            if self._closed:
                return False
            self._end(dead)
            try:
                self._process = self._launch()
            except OSError:
                return False
        return True


def serve() -> None:
    """The worker's loop: run each (function, args) read from stdin, answer on stdout
    (ok, result or exception), until stdin ends or the parent goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl+C is for the game to handle
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr                          # a stray print must not break a pickle
    parent = os.getppid()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    while True:
        try:
            function, args = pickle.load(requests)
        except (EOFError, OSError):
            return
        try:
            answer = pickle.dumps((True, function(*args)), pickle.HIGHEST_PROTOCOL)
        except Exception as error:
            try:
                answer = pickle.dumps((False, error), pickle.HIGHEST_PROTOCOL)
            except Exception:
                answer = pickle.dumps((False, RuntimeError(repr(error))))
        try:
            answers.write(answer)
            answers.flush()
        except OSError:
            return


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(0)


def _executor():
    """One worker shared by every match of this run, started on first use."""
    global _pool
    if _pool is None:
        # The feeding thread in this process takes the interpreter lock to send a view;
        # with the default 5 ms switch interval a frame could wait that long for it.
        sys.setswitchinterval(0.0005)
        try:
            _pool = WorkerProcess()
        except (OSError, ValueError):
            _pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
        atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
    return _pool


def shutdown() -> None:
    """End the worker (the game is quitting); a later think() starts a new one."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


class Thought:
    """A computer's pending move: `done()`, then `move()` (raises what the agent raised)."""

    def __init__(self, future: concurrent.futures.Future, rng: random.Random):
        self._future = future
        self._rng = rng

    def done(self) -> bool:
        return self._future.done()

    def cancel(self) -> None:
        """The answer is no longer wanted (a take-back): drop it if it has not started."""
        self._future.cancel()

    def move(self) -> str:
        text, state = self._future.result()
        self._rng.setstate(state)
        return text


def think(agent_name: str, view, rng: random.Random) -> Thought:
    return Thought(_executor().submit(_choose, agent_name, view, rng.getstate()), rng)


def ask(function, *args) -> concurrent.futures.Future:
    """`function(*args)` run in the worker like a computer's thought (the coach's advice):
    a Future the caller polls. `function` must be a module-level function of the logic
    package, so that the worker can find it."""
    return _executor().submit(function, *args)
