"""Lesson progress: which lessons of each game a person on this computer has finished,
and which games have offered their lessons before a first game, kept between evenings.

The file is `lessons.json` beside the statistics and kept as they are: every change is
read, changed and written under a lock (`lessons.lock`), so lessons finished at once in
two windows are all kept, and written atomically. A damaged file is set aside with a
one-line notice naming it; when only some entries are wrong, the good ones are written
back at once. A file the game may not read is said and never set aside or written over.
Nothing here stops the game.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from game.i18n import N_, _, ngettext
from game.logic.core import FileFormatError
from game.logic.textfiles import read_text, shorten

from game.play.locks import LockRefused, update_lock
from game.play.storage import (and_more, data_dir, present, set_aside, why_unreadable,
                                write_atomic)

FILE_NAME = "lessons.json"
LOCK_NAME = "lessons.lock"
LOCK_WAIT = 10.0          # seconds to wait for another window's change (it takes a few ms)
VERSION = 1
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")      # a variant, or a lesson file's stem


def path() -> Path:
    return data_dir() / FILE_NAME


class Progress:
    def __init__(self, done: dict | None = None, offered=()):
        self.done: dict[str, set[str]] = {v: set(n) for v, n in (done or {}).items()}
        self.offered: set[str] = set(offered)

    def finished(self, variant: str) -> set[str]:
        return self.done.get(variant, set())

    def entries(self) -> int:
        return sum(map(len, self.done.values())) + len(self.offered)

    def as_json(self) -> str:
        return json.dumps({"version": VERSION,
                           "done": {v: sorted(n) for v, n in sorted(self.done.items()) if n},
                           "offered": sorted(self.offered)}, indent=1) + "\n"


class CannotRead(Exception):
    """The progress file may not be read (permissions): the message says where and why."""


# --- reading, entry by entry --------------------------------------------------------------
def _read(data: dict) -> tuple[Progress, list[str]]:
    """The good entries of a lessons file's JSON object, and what is wrong with the others."""
    progress, problems = Progress(), []
    for key in data:
        if key not in ("version", "done", "offered"):
            problems.append(f"unknown key {shorten(key)}")
    done, offered = data.get("done", {}), data.get("offered", [])
    if not isinstance(done, dict):
        problems.append("done must list the lessons finished per game")
        done = {}
    for variant, names in done.items():
        if not NAME.fullmatch(variant):
            problems.append(f"done: {shorten(variant)} is not a game's name")
        elif not isinstance(names, list):
            problems.append(f"done[{variant}] must list lessons")
        else:
            for name in names:
                if isinstance(name, str) and NAME.fullmatch(name):
                    progress.done.setdefault(variant, set()).add(name)
                else:
                    problems.append(f"done[{variant}]: {shorten(name)} is not a lesson's name")
    if not isinstance(offered, list):
        problems.append("offered must list games")
        offered = []
    for variant in offered:
        if isinstance(variant, str) and NAME.fullmatch(variant):
            progress.offered.add(variant)
        else:
            problems.append(f"offered: {shorten(variant)} is not a game's name")
    return progress, problems


def _load(file: Path) -> tuple[Progress, str | None]:
    """(the progress kept, a notice or None); CannotRead when the file may not be read.
    Call it under the lock: a partly damaged file is set aside and its good entries
    written back."""
    try:
        if not present(file):
            return Progress(), None
        data = json.loads(read_text(file, "lessons"))
    except OSError as error:
        raise CannotRead(f"{file}: {error.strerror or error}") from None
    except FileFormatError as error:
        if why_unreadable(error):
            raise CannotRead(str(error)) from None
        return Progress(), set_aside(file, error.message) + "."
    except json.JSONDecodeError as error:
        return Progress(), set_aside(file, _("line {number}: {problem}").format(
            number=error.lineno, problem=error.msg)) + "."
    except (ValueError, RecursionError):     # numbers too long, nesting too deep
        return Progress(), set_aside(file, _("not a lessons file")) + "."
    if not isinstance(data, dict) or data.get("version") != VERSION:
        why = _("not a lessons file") if not isinstance(data, dict) or "version" not in data \
            else _("version {found} is not {version}").format(found=shorten(data["version"]),
                                                              version=VERSION)
        return Progress(), set_aside(file, why) + "."
    progress, problems = _read(data)
    if not problems:
        return progress, None
    notice = set_aside(file, and_more(problems))
    good = progress.entries()
    if good:
        try:
            write_atomic(file, progress.as_json())
            notice += ngettext("; {count} good entry kept", "; {count} good entries kept",
                               good).format(count=good)
        except OSError as error:
            notice += _("; the good entries not saved: {error}").format(
                error=error.strerror or error)
    return progress, notice + "."


def _under_lock(work, file, failed: str):
    """`work(file)` under the lock of the progress file; (None, `failed`: why) when the
    lock cannot be had or the file may not be read."""
    file = Path(path() if file is None else file)
    try:
        with update_lock(file.with_name(LOCK_NAME), LOCK_WAIT):
            return work(file)
    except (CannotRead, LockRefused) as problem:
        return None, _("{failed}: {problem}.").format(failed=_(failed), problem=problem)
    except TimeoutError:
        return None, _("{failed}: another window held it too long.").format(failed=_(failed))


def load(file=None) -> tuple[Progress, str | None]:
    """The progress kept (none when there is no file) and a one-line notice when the
    file was damaged and set aside, or may not be read, else None."""
    progress, notice = _under_lock(_load, file, N_("Lesson progress cannot be read"))
    return progress or Progress(), notice


def _change(change, file=None) -> str | None:
    """Read, apply `change(progress)` and write, under the lock; the notice of a damaged,
    unreadable or unwritable file."""
    def work(file: Path) -> tuple[None, str | None]:
        progress, notice = _load(file)
        change(progress)
        try:
            write_atomic(file, progress.as_json())
        except OSError as error:
            notice = _("Lesson progress not saved: {error}.").format(
                error=error.strerror or error)
        return None, notice
    return _under_lock(work, file, N_("Lesson progress not kept"))[1]


def mark_done(variant: str, lesson: str, file=None) -> str | None:
    """Remember that `lesson` of `variant` was finished."""
    return _change(lambda p: p.done.setdefault(variant, set()).add(lesson), file)


def mark_offered(variant: str, file=None) -> str | None:
    """Remember that the lessons of `variant` were offered before a first game."""
    return _change(lambda p: p.offered.add(variant), file)
