"""Lesson files: `levels/lessons/<variant>/NN-name.toml`, plain TOML in the family of
the position files.

    title = "Capture"
    text = \"\"\"What this step teaches, in a few sentences.\"\"\"
    goal = "Capture North's 4-4."
    answers = ["d3-d4"]           # the moves accepted, or (instead, or as well):
    condition = "captures"        # every legal move that meets a named condition
    hint = "Look at the numbers that face each other."
    explain = "Shown after a right answer."
    wrong = "Shown after a legal move that is not the answer."

    variant = "open3"             # then the position, as a position file writes it
    to_move = 0
    board = \"\"\"...\"\"\"

    [options]
    goal = "most"

    [[steps]]                     # optional further steps, in order
    reply = "e6-e5"               # the opponent's scripted move, played first
    goal = "..."
    condition = "wins"
    explain = "..."

    [[steps]]                     # the last step may be a reply alone: the opponent's
    reply = "pass"                # answer, played on Next, and what it meant
    explain = "..."

The player to move in the position is the one the lesson teaches; after each right
answer (and the next step's reply) it must be their turn again. With `condition` and
`answers` both given, every legal move meeting the condition is accepted and the
answers are examples that must meet it (the first is what the hint lights). Texts are
paragraphs: single line breaks are spaces, a blank line starts a new paragraph.

Every problem is a one-line FileFormatError `file:line: message`; `lesson_faults`
(check.py) then plays every answer and reply through the rules.
"""
from __future__ import annotations

from game.i18n import N_

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..core import DominoError, FileFormatError, OptionError
from ..levels import LEVELS_ROOT
from ..textfiles import TomlFile, read_toml
from ..variants import variant_entry
from .conditions import Condition

LESSONS_ROOT = LEVELS_ROOT / "lessons"
FILE_NAME = re.compile(r"(\d\d)-[a-z0-9][a-z0-9-]*")
LESSON_KEYS = ("title", "text", "goal", "answers", "condition", "hint", "explain", "wrong",
               "steps")
STEP_KEYS = ("reply", "text", "goal", "answers", "condition", "hint", "explain", "wrong")
MAX_STEPS = 12
MAX_FILES = 99              # two digits number them
MAX_TEXT = 1200             # characters of one text: a panel beside the board, not a book
DEFAULT_WRONG = (N_("That move is allowed, but it is not what this step asks for. Retry and "
                 "look again."))


@dataclass(frozen=True)
class Step:
    """One goal of a lesson: the answers accepted, what is said around them, and (after
    the first step) the opponent's reply played before it."""

    goal: str
    explain: str
    text: str = ""
    answers: tuple[str, ...] = ()
    condition: Condition | None = None
    hint: str = ""
    wrong: str = DEFAULT_WRONG
    reply: str | None = None
    lines: dict = field(default_factory=dict, compare=False)   # key -> line in the file

    def line(self, key: str) -> int | None:
        return self.lines.get(key) or self.lines.get("goal") or self.lines.get("reply")

    @property
    def closing(self) -> bool:
        """A last step that only plays the opponent's reply and says what it meant."""
        return not self.goal


@dataclass(frozen=True)
class Lesson:
    variant: str
    name: str                   # the file's stem, "03-capture": what progress remembers
    title: str
    path: str
    steps: tuple[Step, ...]
    position: TomlFile = field(compare=False, repr=False)

    @property
    def number(self) -> int:
        return int(self.name[:2])

    @property
    def text(self) -> str:
        return self.steps[0].text

    def start(self):
        """A fresh game in the lesson's position (the player to move is taught)."""
        return variant_entry(self.variant).load().from_position(self.position,
                                                                self.position.path)

    def error(self, line: int | None, message: str) -> FileFormatError:
        return FileFormatError(self.path, line, message)


@dataclass(frozen=True)
class LessonEntry:
    """One lesson file as a list shows it: loaded, or its one-line error."""

    name: str
    path: str
    lesson: Lesson | None
    error: str | None


def lesson_folder(variant: str) -> Path:
    return LESSONS_ROOT / variant_entry(variant).name


def shown_path(path) -> str:
    """`path` relative to the working folder when it lies inside it (levels/lessons/...)."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if relative.startswith("..") else relative


def lesson_files(variant: str, folder: Path | None = None) -> list[Path]:
    folder = lesson_folder(variant) if folder is None else Path(folder)
    try:
        return sorted(folder.glob("*.toml"))[:MAX_FILES]
    except OSError:
        return []


def prose(value: str) -> str:
    """A text as the panel shows it: lines of a paragraph joined, paragraphs kept."""
    paragraphs = re.split(r"\n\s*\n", value.strip())
    return "\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


class _Reader:
    """Reads the lesson keys of one file, naming the line of each problem."""

    def __init__(self, toml: TomlFile):
        self.toml = toml
        lines = toml.text.splitlines()
        self.headers = [n for n, t in enumerate(lines, 1) if re.match(r"\s*\[\[\s*steps\s*\]\]",
                                                                      t)]
        self.raw = lines

    def line_of(self, key: str, step: int) -> int | None:
        """The line of `key = ...` in step `step` (0: the top of the file)."""
        if step == 0:
            return self.toml.line_of(key)
        start = self.headers[step - 1] if step - 1 < len(self.headers) else None
        if start is None:
            return None
        end = self.headers[step] if step < len(self.headers) else len(self.raw) + 1
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        return next((n for n in range(start + 1, end) if pattern.match(self.raw[n - 1])),
                    start)

    def step(self, data: dict, index: int) -> Step:
        keys = LESSON_KEYS if index == 0 else STEP_KEYS
        lines = {key: self.line_of(key, index) for key in keys if key in data}
        where = self.headers[index - 1] if 0 < index <= len(self.headers) else None

        def fail(key, message):
            return FileFormatError(self.toml.path, lines.get(key, where), message)

        if index:
            for key in data:
                if key not in STEP_KEYS:
                    raise fail(key, f"step {index + 1}: unknown key {key!r} "
                                    f"(known: {', '.join(STEP_KEYS)})")

        def text(key, needed=True, default=""):
            value = data.get(key, default if not needed else None)
            if value is None:
                raise FileFormatError(self.toml.path, where, f"missing {key!r}" + (
                    f" in step {index + 1}" if index else ""))
            if not isinstance(value, str) or (needed and not value.strip()):
                raise fail(key, f"{key} must be a text, not {str(value)[:40]!r}")
            if len(value) > MAX_TEXT:
                raise fail(key, f"{key} is {len(value):,} characters: at most {MAX_TEXT:,} fit "
                                "beside the board")
            return prose(value)

        answers = data.get("answers", [])
        if not isinstance(answers, list) or not all(isinstance(a, str) and a.strip()
                                                    for a in answers):
            raise fail("answers", "answers must be a list of moves written as text, like "
                                  "[\"c3-d4\"]")
        condition = None
        if "condition" in data:
            try:
                condition = Condition.parse(data["condition"])
            except ValueError as exc:
                raise fail("condition", f"condition: {exc}") from None
        closing = index > 0 and "reply" in data and not ({"goal", "answers", "condition"}
                                                        & set(data))
        if not answers and condition is None and not closing:
            raise FileFormatError(self.toml.path, lines.get("goal", where),
                                  "no answers and no condition: give answers = [...] or "
                                  "condition = \"...\"")
        reply = None
        if "reply" in data:
            reply = data["reply"]
            if not isinstance(reply, str) or not reply.strip():
                raise fail("reply", "reply must be the opponent's move written as text")
        return Step(goal=text("goal", not closing), explain=text("explain"),
                    text=text("text", needed=index == 0),
                    answers=tuple(a.strip() for a in answers), condition=condition,
                    hint=text("hint", False), wrong=text("wrong", False, DEFAULT_WRONG),
                    reply=reply.strip() if reply else None, lines=lines)


def read_lesson(toml: TomlFile, variant: str, name: str) -> Lesson:
    """The lesson a parsed lesson file holds; its position is built once to check it."""
    entry = variant_entry(variant)
    data = dict(toml.data)
    reader = _Reader(toml)
    title = data.get("title")
    if not isinstance(title, str) or not title.strip() or len(title) > 60:
        raise toml.error("title" if "title" in data else None,
                         "missing 'title'" if title is None else
                         "title must be a text of at most 60 characters")
    steps_data = data.get("steps", [])
    if not isinstance(steps_data, list) or not all(isinstance(s, dict) for s in steps_data):
        raise toml.error("steps", "steps are tables: write each one under [[steps]]")
    if len(steps_data) + 1 > MAX_STEPS:
        raise toml.error("steps", f"a lesson has at most {MAX_STEPS} steps")
    position = TomlFile(toml.path, toml.text, {key: value for key, value in data.items()
                                               if key not in LESSON_KEYS})
    _check_position(position, entry)        # first: a misspelt lesson key is named there
    first = {key: value for key, value in data.items() if key in LESSON_KEYS}
    steps = [reader.step(first, 0)] + [reader.step(s, i) for i, s in enumerate(steps_data, 1)]
    if any(step.closing for step in steps[:-1]):
        index = next(i for i, step in enumerate(steps) if step.closing)
        raise FileFormatError(toml.path, steps[index].line("reply"),
                              f"step {index + 1} has no goal: only the last step may be a "
                              "reply alone")
    return Lesson(entry.name, name, " ".join(title.split()), toml.path, tuple(steps), position)


def _check_position(position: TomlFile, entry) -> None:
    """The lesson's position, read once by its variant's reader (FileFormatError)."""
    data = position.data
    data.setdefault("variant", entry.name)
    if data["variant"] != entry.name:
        raise position.error("variant", f"this lesson lies in the folder of {entry.name}, "
                                        f"but its variant is {str(data['variant'])[:40]!r}")
    try:
        entry.load().from_position(position, position.path)
    except FileFormatError as exc:
        if exc.message.startswith("unknown key"):
            raise FileFormatError(exc.path, exc.line, f"{exc.message}; or a lesson's key "
                                                      f"({', '.join(LESSON_KEYS)})") from None
        raise
    except (DominoError, OptionError) as exc:
        raise position.error(None, str(exc)) from None


def load_lesson(path, variant: str) -> Lesson:
    """The lesson in the file at `path`; FileFormatError (file:line: message) if broken."""
    path = Path(path)
    if not FILE_NAME.fullmatch(path.stem):
        raise FileFormatError(shown_path(path), None, "a lesson file's name is two digits, a "
                                                      "dash and a name: 03-capture.toml")
    return read_lesson(read_toml(shown_path(path), "level"), variant, path.stem)
