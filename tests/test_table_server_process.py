"""The table server as people run it (`python -m game.server --tables`, a process of its
own): killed with SIGKILL mid-game and started again on its folder, its table is back and
both seats join it again with their tokens; SIGTERM then saves every table and exits."""
import asyncio
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import game.bench_table_bots as bots

from table_support import bot_table, play, until

ROOT = Path(__file__).resolve().parent.parent


class ServerProcess:
    def __init__(self, folder: Path, port: int = 0):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--tables", "--bind", "127.0.0.1",
             "--port", str(port), "--folder", str(folder), "--pace", "0",
             "--handshake-workers", "0"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def said(self, words: str) -> str | None:
        return next((line for line in self.lines if words in line), None)

    @property
    def bound_port(self) -> int:
        line = self.said("table server on port ") or ""
        return int(line.split("table server on port ")[1].split(":")[0].split(",")[0])


def test_a_table_survives_kill_9_and_sigterm_saves_every_table_and_exits(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setattr(bots, "RETRY", (0.01, 0.05))     # the seats come back at once

    async def main():
        first = ServerProcess(tmp_path)
        try:
            assert await until(lambda: first.said("table server on port"), 60), first.lines
            table = bot_table(first, number=0, pace=(0.01, 0.02),
                              until=lambda r: r.joins >= 4 and r.moves >= 10)
            task = asyncio.create_task(play(table, 90))
            assert await until(lambda: table.report.moves >= 4, 60), first.lines
            first.process.kill()                        # SIGKILL, mid-game
            first.process.wait()
            second = ServerProcess(tmp_path, first.bound_port)
            await task
            return table, second
        finally:
            first.process.kill()
    table, second = asyncio.run(main())
    try:
        assert second.said("1 tables back"), second.lines
        assert table.report.joins >= 4 and not table.report.lost, table.report.lost
        second.process.send_signal(signal.SIGTERM)
        assert second.process.wait(30) == 0
        second.reader.join(10)
        assert second.said("stopped: 1 tables saved"), second.lines
        assert len([name for name in os.listdir(tmp_path) if name.endswith(".json")]) == 1
    finally:
        second.process.kill()
