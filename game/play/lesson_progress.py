"""Lesson progress: which lessons of each game a person on this computer has finished,
and which games have offered their lessons before a first game, kept between evenings.

The file is `lessons.json` beside the statistics, written atomically. A file that cannot
be read, or a field that is not what it should be, sets the file aside (what was fine is
kept) with a one-line notice; it never stops the game.
"""
from __future__ import annotations

import json
import re

from game.logic.core import FileFormatError
from game.logic.textfiles import read_text

from game.play.storage import data_dir, set_aside, write_atomic

FILE_NAME = "lessons.json"
VERSION = 1
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")      # a variant, or a lesson file's stem


def path():
    return data_dir() / FILE_NAME


class Progress:
    def __init__(self, done: dict | None = None, offered=()):
        self.done: dict[str, set[str]] = {v: set(n) for v, n in (done or {}).items()}
        self.offered: set[str] = set(offered)

    def finished(self, variant: str) -> set[str]:
        return self.done.get(variant, set())

    def as_json(self) -> str:
        return json.dumps({"version": VERSION,
                           "done": {v: sorted(n) for v, n in sorted(self.done.items()) if n},
                           "offered": sorted(self.offered)}, indent=1) + "\n"


def _names(value) -> bool:
    return isinstance(value, list) and all(isinstance(n, str) and NAME.fullmatch(n)
                                           for n in value)


def _problem(data) -> str | None:
    if not isinstance(data, dict) or set(data) != {"version", "done", "offered"}:
        return "not a lessons file"
    if data["version"] != VERSION:
        return f"version {str(data['version'])[:20]} is not {VERSION}"
    done = data["done"]
    if not isinstance(done, dict) or not all(isinstance(v, str) and NAME.fullmatch(v)
                                             and _names(n) for v, n in done.items()):
        return "done must list the lessons finished per game"
    if not _names(data["offered"]):
        return "offered must list games"
    return None


def load(file=None) -> tuple[Progress, str | None]:
    """The progress kept (none when there is no file) and a one-line notice when the
    file was damaged and set aside, else None."""
    file = path() if file is None else file
    if not file.exists() and not file.is_symlink():
        return Progress(), None
    try:
        data = json.loads(read_text(file, "statistics"))
    except FileFormatError as error:
        return Progress(), set_aside(file, error.message) + "."
    except (ValueError, RecursionError):
        return Progress(), set_aside(file, "not a lessons file") + "."
    problem = _problem(data)
    if problem:
        return Progress(), set_aside(file, problem) + "."
    return Progress(data["done"], data["offered"]), None


def _change(change, file=None) -> str | None:
    """Load, apply `change(progress)`, save; the notice of a damaged or unwritable file."""
    progress, notice = load(file)
    change(progress)
    try:
        write_atomic(path() if file is None else file, progress.as_json())
    except OSError as error:
        notice = f"Lesson progress not saved: {error.strerror or error}"
    return notice


def mark_done(variant: str, lesson: str, file=None) -> str | None:
    """Remember that `lesson` of `variant` was finished."""
    return _change(lambda p: p.done.setdefault(variant, set()).add(lesson), file)


def mark_offered(variant: str, file=None) -> str | None:
    """Remember that the lessons of `variant` were offered before a first game."""
    return _change(lambda p: p.offered.add(variant), file)
