"""The arena's game log (`--log FILE`): one JSON line per finished game, so a long run
survives being stopped and goes on where it stopped, and one run of 400 games can be
played in several sittings.

The first line names the run: {"arena": {variant, players, names, seed, options, time,
rounds}}. Every other line is one game: {"game": g, "winner": seat or null, "seats":
[...], "ms": {type: [move times in ms]}}. A log is only ever continued by the run it
names; a game whose line was cut short by a stop is played again.
"""
from __future__ import annotations

import json
import os

from ..core import OptionError


class ArenaLog:
    def __init__(self, path: str, run: dict):
        self.path = path
        self.run = run
        self.games: dict[int, tuple] = {}       # read back: game -> (game, winner, seats, times)
        try:
            if os.path.exists(path):
                self._read()
                self._file = open(path, "a", encoding="utf-8")
            else:
                self._file = open(path, "w", encoding="utf-8")
                self._write({"arena": run})
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else exc
            raise OptionError(f"--log {path}: {reason}") from None

    def _read(self) -> None:
        with open(self.path, "rb") as f:
            data = f.read()
        kept = data[:data.rfind(b"\n") + 1]    # a last line without its newline was cut short
        lines = kept.decode("utf-8").splitlines()
        header = _parse(lines[0]) if lines else None
        if not isinstance(header, dict) or header.get("arena") != self.run:
            raise OptionError(f"--log {self.path}: line 1 names another run "
                              f"({lines[0][:120] if lines else 'empty'}); this run is "
                              f"{json.dumps(self.run)}")
        for number, line in enumerate(lines[1:], start=2):
            played = _game_of(_parse(line))
            if played is None:
                raise OptionError(f"--log {self.path}: line {number} is not a game of "
                                  f"this log")
            self.games[played[0]] = played
        if len(kept) < len(data):
            with open(self.path, "r+b") as f:
                f.truncate(len(kept))

    def add(self, played: tuple) -> None:
        game, winner, seats, times = played
        self._write({"game": game, "winner": winner, "seats": seats,
                     "ms": {name: [round(s * 1e3, 1) for s in spent]
                            for name, spent in times.items()}})

    def _write(self, entry: dict) -> None:
        self._file.write(json.dumps(entry, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _game_of(entry) -> tuple | None:
    """(game, winner, seats, times in seconds) from a game line, None if it is not one."""
    try:
        times = {name: [ms / 1e3 for ms in spent] for name, spent in entry["ms"].items()}
        return int(entry["game"]), entry["winner"], list(entry["seats"]), times
    except (TypeError, KeyError, AttributeError, ValueError):
        return None


def _parse(line: str):
    try:
        return json.loads(line)
    except ValueError:
        return None
