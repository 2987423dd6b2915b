"""Shared pieces of the table server's tests: a TableServer on the loopback in this
process's own event loop (port 0, a folder of the test's), and the load tool's light
bots (game/bench_table_bots.py) as the people at its tables, on the real protocol.
"""
from __future__ import annotations

import asyncio
import contextlib
import random
import threading

from game.bench_table_bots import Report, Table
from game.server.identity import ServerIdentity
from game.server.tables import TableServer

IDENTITY = ServerIdentity.new()          # (one key for every test: making one takes a while)


@contextlib.asynccontextmanager
async def serving(folder, **settings):
    """A table server on a free loopback port, stopped (its tables saved) at the end."""
    lines: list[str] = []
    settings.setdefault("pace", 0.0)
    server = TableServer("127.0.0.1", 0, folder, IDENTITY, lines.append, **settings)
    server.lines = lines                                     # type: ignore[attr-defined]
    server.tick_seconds = 0.01         # the computers at pace 0 move at every tick
    server.restore()
    ready = asyncio.Event()
    task = asyncio.create_task(server.run(lambda error: ready.set()))
    await ready.wait()
    try:
        yield server
    finally:
        server.stop()
        await task


def bot_table(server, number: int = 0, kinds=("here", "remote"), until=None,
              pace=(0.0, 0.0), seed: int = 1) -> Table:
    """Two bot seats at a table `number` (its game: the load tool's, by number) that play
    while `until(report)` is false (default: until one game has ended)."""
    report = Report()
    stop = until or (lambda r: r.games >= 1)
    table = Table(number, ("127.0.0.1", server.bound_port), report, pace,
                  random.Random(seed), lambda: not stop(report))
    table.kinds = list(kinds)
    table.stop = lambda: stop(report)                        # type: ignore[attr-defined]
    return table


async def until(condition, seconds: float = 30.0) -> bool:
    """Wait in the loop (the server and the bots run meanwhile) until `condition()`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.005)
    return True


async def play(table: Table, seconds: float = 30.0) -> None:
    """Run the bots of `table` until their condition holds (or they end), then end them;
    `seconds` at most."""
    task = asyncio.create_task(table.play())
    try:
        await until(lambda: table.stop() or task.done(), seconds)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


class ServerThread:
    """A table server on a thread of this process (the loopback, a free port)."""

    def __init__(self, folder, **settings):
        self.lines: list[str] = []
        self.folder, self.settings = folder, dict(settings, pace=0.0)
        self.start()

    def start(self) -> None:
        self.server = TableServer("127.0.0.1", getattr(self, "port", 0), self.folder,
                                  IDENTITY, self.lines.append, **self.settings)
        self.server.tick_seconds = 0.01
        self.server.restore()
        ready = threading.Event()
        self.thread = threading.Thread(
            target=lambda: asyncio.run(self.server.run(lambda error: ready.set())),
            daemon=True)
        self.thread.start()
        ready.wait(30)
        self.port = self.server.bound_port
        self.address = f"127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.server.server is not None:
            self.server.server.get_loop().call_soon_threadsafe(self.server.stop)
        self.thread.join(10)
