"""Where the game keeps what it remembers between evenings, and how it writes it.

Settings live in the user's config folder; saved matches and statistics in the data
folder (platformdirs knows where each is on every system). Every write is atomic (a
temporary file beside the target, flushed and synced, then renamed over it), so a crash
or a `kill -9` leaves the old file or the new one, never half of one. A damaged file is
set aside under a dated name that no other copy takes, never deleted; a file the game may
not read is left alone, neither written over nor removed.
"""
from __future__ import annotations

import atexit
import errno
import os
import tempfile
import threading
import time
from pathlib import Path

from platformdirs import user_config_path

from game.i18n import _, ngettext
from game.logic import userdata
from game.logic.userdata import APP_NAME

TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 60.0     # a temporary file this old belongs to a writer that was killed
SET_ASIDE_TRIES = 100    # names tried for a file set aside (`.bad-<time>`, `-2`, ...)


def config_dir() -> Path:
    """The user's config folder for the game: on Linux $XDG_CONFIG_HOME/dominoes, or
    ~/.config/dominoes (platformdirs also knows where it goes on Windows and macOS)."""
    return user_config_path(APP_NAME, appauthor=False)


def data_dir() -> Path:
    """The user's data folder, for saves and statistics (and the player's own levels,
    which the logic finds there through the same function): on Linux $XDG_DATA_HOME/dominoes,
    or ~/.local/share/dominoes."""
    return userdata.data_dir()


def present(path) -> bool:
    """Whether anything is at `path` (a dangling link too); OSError when that cannot be
    told (a folder on the way that may not be searched)."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    return True


def unusable_folders(config_folder, data_folder) -> str | None:
    """One line saying what will not be kept, and why, when the config or the data
    folder cannot be made (a home that does not exist, a file where a folder goes), or
    None. Said once at the start: without it every save would fail in silence."""
    failed: list[str] = []
    which = set()
    for what, folder in (("config", config_folder), ("data", data_folder)):
        try:
            Path(folder).mkdir(parents=True, exist_ok=True)
            continue
        except FileExistsError:        # (mkdir's own word for a file in the way)
            why = _("a file is in its place")
        except OSError as error:
            why = error.strerror or str(error)
        which.add(what)
        failed.append((_("the config folder {folder} cannot be made ({why})") if what == "config"
                       else _("the data folder {folder} cannot be made ({why})")).format(
            folder=folder, why=why))
    if not failed:
        return None
    lost = _("Nothing will be kept") if len(failed) == 2 else \
        _("Settings will not be kept") if "config" in which else \
        _("Statistics, saved matches, lesson progress and levels will not be kept")
    return _("{lost}: {why}.").format(lost=lost, why="; ".join(failed))


def why_unreadable(error) -> str | None:
    """Why the careful reader (game.logic.textfiles) could not open a file at all (no
    permission, an I/O error), as opposed to a file it read and found damaged: a file
    that cannot be read is said, never set aside or written over."""
    prefix = "cannot read: "
    message = getattr(error, "message", "")
    return message.removeprefix(prefix) if message.startswith(prefix) else None


def leave_unreadable(path) -> None:
    """PermissionError when a file is at `path` that this process may not read: such a
    file is the player's to mend, never written over or removed by the game."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) |
                     getattr(os, "O_NOFOLLOW", 0))
    except PermissionError:
        try:
            there = present(path)
        except OSError:          # the folder may not be searched: the write says so
            there = False
        if not there:
            return
        raise PermissionError(errno.EACCES, _("{name} may not be read, so it is left "
                                              "alone").format(name=Path(path).name)) from None
    except OSError:        # nothing there, or a link: replaced (or refused) as ever
        return
    os.close(fd)


def write_atomic(path, text: str) -> None:
    """Write `text` to `path` atomically. Raises OSError if the folder cannot be written,
    or if a file is there that may not be read (leave_unreadable)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    leave_unreadable(path)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def set_aside(path, why: str) -> str:
    """Rename an unreadable file to `name.bad-YYYYmmdd-HHMMSS` (`-2`, `-3`... when that
    name is taken) and say so in one line. An earlier copy is never replaced: two files
    set aside in one second, by one window or two, are both kept."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in range(1, SET_ASIDE_TRIES + 1):
        aside = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{number}" if number > 1 else ""))
        try:
            moved = _rename_new(path, aside)
        except OSError:
            break
        if moved:
            return _("{name}: {why}; kept as {aside}").format(name=path.name, why=why,
                                                              aside=aside.name)
    return _("{name}: {why}; left in place").format(name=path.name, why=why)


def and_more(problems: list[str]) -> str:
    """The first of a file's problems, and how many more there are."""
    more = len(problems) - 1
    return problems[0] + (ngettext(" (and {count} more)", " (and {count} more)", more)
                          .format(count=more) if more else "")


def _rename_new(path: Path, new: Path) -> bool:
    """Rename `path` to `new` unless something is at `new` (False then). A hard link
    fails when its name is taken, so two windows cannot both claim it; where there are no
    hard links (a folder, some file systems) the name is looked at first."""
    try:
        os.link(path, new, follow_symlinks=False)
    except FileExistsError:
        return False
    except (OSError, NotImplementedError):      # (some systems link only through links)
        if present(new):
            return False
        os.rename(path, new)
        return True
    try:
        os.unlink(path)
    except FileNotFoundError:     # another window set the same file aside meanwhile
        os.unlink(new)
        raise
    return True


def remove_stale_temps(folder, now: float | None = None) -> int:
    """Delete the temporary files that killed writers left in `folder`; how many."""
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX)):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


class BackgroundWriter:
    """Atomic writes on one background thread, so a save after every move never costs a
    frame its flush to disk. The newest text for a path replaces one still waiting (only
    the last state matters); `None` removes the file. `settle()` waits until everything
    handed over is on disk (the app calls it before reading a file back and at exit).
    `failure(path)` is the error of the last write of a path while it failed: a failure
    lasts until a write of that path succeeds again."""

    def __init__(self):
        self._jobs: dict[Path, str | None] = {}
        self._cond = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None
        self._failures: dict[Path, OSError] = {}

    def put(self, path, text: str | None) -> None:
        with self._cond:
            self._jobs[Path(path)] = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def settle(self, timeout: float = 5.0) -> bool:
        """Wait until no write is waiting or running; False if `timeout` ran out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def failure(self, path) -> OSError | None:
        """Why the last write (or removal) of `path` failed; None once one has succeeded."""
        with self._cond:
            return self._failures.get(Path(path))

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._jobs)
                path = next(iter(self._jobs))
                text = self._jobs.pop(path)
                self._busy = True
            try:
                if text is None:
                    leave_unreadable(path)
                    Path(path).unlink(missing_ok=True)
                else:
                    write_atomic(path, text)
            except OSError as error:
                with self._cond:
                    self._failures[path] = error
            else:
                with self._cond:
                    self._failures.pop(path, None)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


WRITER = BackgroundWriter()
atexit.register(WRITER.settle)      # what was handed over reaches the disk before exit
