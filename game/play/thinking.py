"""Computer players think in a worker process, so their pure-Python search never shares
the interpreter lock with drawing (a thread would, and frames would stretch while it
thinks). Where no process can be started, a thread does the same job.

`think(agent_name, view, rng)` returns a Thought whose `move()` is the chosen move's text;
the caller's `rng` is advanced exactly as if the agent had used it in place, so a seeded
match makes the same computer choices whichever way the thinking ran.

The worker is a plain Python process fed pickles on its stdin (no multiprocessing, so no
resource tracker outlives the game). It ends with the game however the game ends: its
stdin reaches end of file, or the game goes away (on Linux the kernel then kills it, even
a stopped one; elsewhere a thread of the worker watches its parent). A worker that dies
mid-thought, or has not answered within the job's budget and a margin (stopped, or
stuck), is killed, started again and asked again. Quitting kills it and never waits.
"""
from __future__ import annotations

import atexit
import concurrent.futures
import gc
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
BOOT = "import sys; sys.path.insert(0, sys.argv[1]); from game.play.thinking import serve; serve()"
ATTEMPTS = 3              # a job whose worker dies this often is run in this process instead
PARENT_POLL = 0.2         # seconds between a worker's looks at its parent (not on Linux)
STUCK_MARGIN = 5.0        # seconds past its budget before a silent worker is given up on;
                          # doubled at each new attempt, for a machine that is merely busy
START_LIMIT = 60.0        # seconds a new worker may take to start and import every game
                          # (not counted in any job's budget and margin)
READY = b"R"              # what a worker says once it has started, before any answer
PR_SET_PDEATHSIG = 1      # prctl(2): the signal a Linux process gets when its parent dies

_pool = None


def _choose(agent_name: str, view, rng_state) -> tuple[str, object]:
    rng = random.Random()
    rng.setstate(rng_state)
    move = make_agent(agent_name).choose(view, rng)
    return str(move), rng.getstate()


def _fulfil(future: concurrent.futures.Future, function, *args) -> None:
    """Run `function(*args)` for `future` unless it was cancelled; what it raises goes to
    the future (and so to `Thought.move()`)."""
    if not future.set_running_or_notify_cancel():
        return
    try:
        future.set_result(function(*args))
    except BaseException as error:
        future.set_exception(error)


class WorkerProcess:
    """An executor of one worker process: `submit(function, *args, budget=seconds)`
    returns a Future; jobs run one at a time, in order. A thread of this process feeds the
    worker and waits for its answers, so the game's thread never blocks on the pipe; that
    thread alone touches the pipes, so shutting down (a kill) never waits for it."""

    def __init__(self):
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._closed = False
        self._process = self._launch()           # OSError if no process can be started
        self._started = False                    # whether the worker has said READY
        threading.Thread(target=self._feed, name="thinking", daemon=True).start()

    @property
    def pid(self) -> int:
        return self._process.pid

    @staticmethod
    def _launch() -> subprocess.Popen:
        # Linux kills the worker when the thread that started it ends: this is the game's
        # main thread, or for a restart the feeding thread, which lives as long as this.
        # Asked for before the worker runs a line (a worker stopped while it starts would
        # otherwise outlive a killed game); only a pre-bound C call runs in the fork.
        return subprocess.Popen([sys.executable, "-c", BOOT, str(ROOT)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                preexec_fn=_killed_with_parent if _PRCTL else None)

    def submit(self, function, *args, budget: float = 0.0) -> concurrent.futures.Future:
        """`budget`: the seconds the job is meant to take (a computer's thinking time)."""
        if self._closed:
            raise RuntimeError("the worker has been shut down")
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._jobs.put((future, function, args, budget))
        return future

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        """End the worker now (a thought in progress is abandoned) and drop waiting jobs.
        Never blocks: the worker is killed, and the feeding thread, which finds its pipe
        closed, cleans up after it."""
        with self._lock:
            self._closed = True
            self._kill(self._process)
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job[0].cancel()
        self._jobs.put(None)

    @staticmethod
    def _kill(process: subprocess.Popen) -> None:
        try:
            process.kill()
        except OSError:
            pass

    @classmethod
    def _end(cls, process: subprocess.Popen) -> None:
        """Kill and reap `process` and close its pipes (on the feeding thread only)."""
        cls._kill(process)
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            pass
        for pipe in (process.stdin, process.stdout):
            try:
                if pipe is not None:        # (always there: the worker is opened with both)
                    pipe.close()
            except OSError:
                pass

    def _feed(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, function, args, budget = job
            _fulfil(future, self._run, function, args, budget)
        self._end(self._process)

    def _run(self, function, args, budget: float):
        try:
            request = pickle.dumps((function, args), pickle.HIGHEST_PROTOCOL)
        except Exception:                            # nothing a worker could be sent
            return function(*args)
        for attempt in range(ATTEMPTS):
            process = self._process
            if not self._started and not self._wait_until_started(process):
                if not self._restart(process):
                    break
                continue
            # a worker silent past this is killed, which ends the write or read below
            watchdog = threading.Timer(budget + STUCK_MARGIN * 2 ** attempt, self._kill,
                                       (process,))
            watchdog.daemon = True
            watchdog.start()
            try:
                process.stdin.write(request)
                process.stdin.flush()
                ok, value = pickle.load(process.stdout)
            except (OSError, ValueError, EOFError, pickle.UnpicklingError):
                if not self._restart(process):      # shut down, or no process to be had
                    break
                continue
            finally:
                watchdog.cancel()
            if ok:
                return value
            raise value
        if self._closed:
            raise RuntimeError("the worker has been shut down")
        return function(*args)                       # the worker keeps failing: think here

    def _wait_until_started(self, process: subprocess.Popen) -> bool:
        """Read the worker's READY, so that its start (importing every game, seconds on a
        loaded machine) is never taken for a stuck thought; False if it died or took
        longer than START_LIMIT."""
        watchdog = threading.Timer(START_LIMIT, self._kill, (process,))
        watchdog.daemon = True
        watchdog.start()
        try:
            assert process.stdout is not None           # started with stdout=PIPE
            self._started = process.stdout.read(len(READY)) == READY
        except (OSError, ValueError):
            self._started = False
        finally:
            watchdog.cancel()
        return self._started

    def _restart(self, dead: subprocess.Popen) -> bool:
        """A new worker in place of `dead`; False if shut down or none can be started."""
        with self._lock:
            if self._closed:
                return False
            self._end(dead)
            self._started = False
            try:
                self._process = self._launch()
            except OSError:
                return False
        return True


class ThreadThinker:
    """Where no worker process can be started: each job on a daemon thread of its own, so
    quitting never waits for one (a thread pool's threads are joined at exit)."""

    @staticmethod
    def submit(function, *args, budget: float = 0.0) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()
        threading.Thread(target=_fulfil, args=(future, function, *args), daemon=True).start()
        return future

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        pass


def serve() -> None:
    """The worker's loop: run each (function, args) read from stdin, answer on stdout
    (ok, result or exception), until stdin ends or the parent goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl+C is for the game to handle
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr                          # a stray print must not break a pickle
    _die_with_parent(os.getppid())
    _warm()
    answers.write(READY)
    answers.flush()
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


def _warm() -> None:
    """Import every game's rules and the Hard player's hooks now, while nobody waits: a
    first thought would otherwise import them before its budget starts (about 50 ms, two
    or three times that on a loaded machine, which put the first move past its time).
    What is loaded then stays out of the collector's sweeps (gc.freeze), which shortens
    the pauses of a long search."""
    from game.logic.agents.hooks import hooks_for
    from game.logic.variants import VARIANTS
    for name, entry in VARIANTS.items():
        try:
            entry.load()
            hooks_for(name)
        except Exception:       # a thought will meet the same error and report it
            pass
    gc.collect()
    gc.freeze()


def _linux_prctl():
    """libc's prctl(2) on Linux, bound once (no loading in a fork), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        return ctypes.CDLL(None).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _linux_prctl()


def _killed_with_parent() -> bool:
    """Ask Linux to SIGKILL this process (even a stopped one) when the thread that started
    it ends; False where that cannot be asked."""
    return _PRCTL is not None and _PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL) == 0


def _die_with_parent(parent: int) -> None:
    """End this worker when the game ends, however it ends: on Linux the kernel's SIGKILL
    (asked for again, as a worker started some other way has not); elsewhere a thread
    watches the parent."""
    if _killed_with_parent():
        if os.getppid() != parent:       # it ended before the request was made
            os._exit(0)
        return
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


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
            _pool = ThreadThinker()
        atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
    return _pool


def start() -> None:
    """Start the worker now, from this thread: on Linux it lives as long as the thread
    that started it, so a thread that ends sooner (a network host's) must not start it."""
    _executor()


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
    budget = getattr(make_agent(agent_name), "seconds", None) or 0.0     # Hard's time
    return Thought(_executor().submit(_choose, agent_name, view, rng.getstate(),
                                      budget=budget), rng)


def ask(function, *args, budget: float = 0.0) -> concurrent.futures.Future:
    """`function(*args)` run in the worker like a computer's thought (the coach's advice),
    meant to take `budget` seconds: a Future the caller polls. `function` must be a
    module-level function of the logic package, so that the worker can find it."""
    return _executor().submit(function, *args, budget=budget)
