"""A table server's folder: one save a table, written after every change and read back
as the server starts (after a crash, a `kill -9` or a restart every table comes back with
its code and its seats' tokens), and the server's own key.

Each table is `<route>.json` (its code's non-secret part), a hosted save (saving.py):
the game record, the seats, the code and the tokens. The writes go through one thread of
their own (`TableWriter`), atomic as every save of the game (storage.write_atomic), the
newest text of a table replacing one still waiting, so a server whose disk is slower than
its moves writes each table's latest state and never queues more than one text a table.
A table's first save is on disk before its code is given (`done`, told whether it was), so
no code handed out names a table a crash could lose. A write that fails (a full disk) is
logged and its table counted as unsaved until a later write of it succeeds. As the
server stops, what still waits is written at once (`finish`).
"""
from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

from game.play.storage import present, remove_stale_temps, set_aside, write_atomic

from game.server.identity import ServerIdentity

TABLE_FILE = re.compile(r"([A-Z2-9]{1,5})\.json")
KEY_NAME = "server-key"


def tables_folder(port: int) -> Path:
    from game.play.storage import data_dir
    return data_dir() / f"tables-{port}"


def table_path(folder: Path, route: str) -> Path:
    return folder / f"{route}.json"


def load_identity(path: Path, log) -> ServerIdentity:
    """The server's key from `path`, made (and kept there) the first time; OSError or
    ValueError when a file there cannot be read as one (never replaced: clients know it)."""
    if present(path):
        from game.logic.textfiles import read_text
        return ServerIdentity.from_text(read_text(path, "settings"))
    identity = ServerIdentity.new()
    write_atomic(path, identity.text())          # (mkstemp's file: only its owner reads it)
    log(f"made the server's key in {path}")
    return identity


class TableWriter:
    """Atomic writes on a thread of their own: `put(path, text or None, done)`; the newest
    text for a path replaces one still waiting; `done(ok)` runs on the writer's thread once
    that text (or a newer one) was written (ok) or could not be. `unsaved`: the paths whose
    latest write failed."""

    def __init__(self, log):
        self.log = log
        self._jobs: dict[Path, tuple[str | None, list]] = {}
        self._cond = threading.Condition()
        self._stopped = False
        self.written = 0
        self.failed = 0
        self.unsaved: set[Path] = set()
        self._thread = threading.Thread(target=self._run, name="table-writer", daemon=True)
        self._thread.start()

    def put(self, path: Path, text: str | None, done=None) -> None:
        with self._cond:
            _, waiting = self._jobs.pop(path, (None, []))
            self._jobs[path] = (text, waiting + ([done] if done else []))
            self._cond.notify()

    def waiting(self) -> int:
        with self._cond:
            return len(self._jobs)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._jobs or self._stopped)
                if self._stopped:
                    return
                path = next(iter(self._jobs))
                text, done = self._jobs.pop(path)
            ok = self._write(path, text)
            for call in done:
                call(ok)

    def _write(self, path: Path, text: str | None) -> bool:
        try:
            if text is None:
                path.unlink(missing_ok=True)
            else:
                write_atomic(path, text)
            self.written += 1
            self.unsaved.discard(path)
            return True
        except OSError as error:
            self.failed += 1
            if text is not None:
                self.unsaved.add(path)
            self.log(f"cannot write {path.name}: {error.strerror or error}")
            return False

    def finish(self, seconds: float) -> tuple[int, int]:
        """Stop the thread and write what still waits, for `seconds` at most: (written,
        left unwritten: their previous save stays)."""
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._thread.join(seconds)
        deadline = time.monotonic() + seconds
        with self._cond:
            jobs, self._jobs = list(self._jobs.items()), {}
        written = 0
        for index, (path, (text, _)) in enumerate(jobs):
            if time.monotonic() > deadline:
                return written, len(jobs) - index
            written += self._write(path, text)
        return written, 0


def saved_tables(folder: Path, log) -> list:
    """The tables saved in `folder` as (route, HostedSave), oldest change first; a save
    that cannot be a table is set aside with a line in the log, one a newer game wrote is
    left as it is."""
    from game.play import saves
    from game.server.saving import read_hosted
    from game.server.secure import split_code
    remove_stale_temps(folder)
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except FileNotFoundError:
        return []
    found = []
    for entry in entries:
        name = TABLE_FILE.fullmatch(entry.name)
        if name is None:
            continue
        path = Path(entry.path)
        try:
            save = read_hosted(path, finished=True)
            if split_code(save.code)[0] != name[1]:
                raise saves.DamagedSave("its code is not its table's")
            if any(save.here):
                raise saves.DamagedSave("a table has no host's own seat")
            found.append((path.stat().st_mtime, name[1], save))
        except saves.UnreadableSave as problem:
            log(f"table {name[1]} cannot be read: {problem}")
        except saves.DamagedSave as problem:
            log(f"table {name[1]} cannot be resumed: {set_aside(path, str(problem))}")
        except OSError as error:
            log(f"table {name[1]} cannot be read: {error.strerror or error}")
    found.sort(key=lambda item: item[0])
    return [(route, save, mtime) for mtime, route, save in found]
