"""Reading the hand-edited TOML files (levels, positions) with errors that name the line.

`TomlFile` keeps the raw text beside the parsed data so a check of a value can say on
which line that value was written; `grid_lines` does the same for ASCII grids held in a
multi-line string.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .core import FileFormatError


@dataclass
class TomlFile:
    path: str
    text: str
    data: dict

    def line_of(self, key: str) -> int | None:
        """The line on which `key = ...` is written (the first such line), if any."""
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for number, line in enumerate(self.text.splitlines(), start=1):
            if pattern.match(line):
                return number
        return None

    def error(self, key: str | None, message: str) -> FileFormatError:
        return FileFormatError(self.path, self.line_of(key) if key else None, message)

    def refuse_unknown(self, known) -> None:
        """A FileFormatError naming the line of the first key that is not in `known`."""
        for key in self.data:
            if key not in known:
                raise self.error(key, f"unknown key {key!r} (known: {', '.join(known)})")

    def get(self, key: str, kind: type | tuple, default=...):
        """`data[key]` checked to be of `kind`; a missing or mistyped value is an error."""
        if key not in self.data:
            if default is ...:
                raise self.error(None, f"missing {key!r}")
            return default
        value = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.error(key, f"{key} must be {_article(names)}, not {value!r}")
        return value

    def grid_lines(self, key: str) -> list[tuple[int, str]]:
        """The non-blank lines of the multi-line string `key`, each with its file line."""
        value = self.get(key, str)
        start = self.line_of(key) or 1
        raw = self.text.splitlines()
        # A '''/""" string whose first line is empty starts on the line after the key;
        # a one-line string ("..\n..") keeps every row on the key's line.
        first = raw[start - 1] if start - 1 < len(raw) else ""
        multi_line = re.search(r"'''|\"\"\"", first) is not None
        offset = start + 1 if re.search(r"('''|\"\"\")\s*$", first) else start
        return [(offset + i if multi_line else start, line.strip())
                for i, line in enumerate(value.split("\n")) if line.strip()]


def _article(name: str) -> str:
    return ("an " if name[0] in "aeiou" else "a ") + name


def read_toml(path: str | Path) -> TomlFile:
    """Parse `path`; any problem is a one-line FileFormatError naming the file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileFormatError(path, None, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise FileFormatError(path, None, f"cannot read: {exc}") from None
    return parse_toml(text, str(path))


def parse_toml(text: str, path: str = "<text>") -> TomlFile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        if match:
            line = int(match.group(1))
        elif "(at end of document)" in message:
            line = max(1, len(text.rstrip("\n").splitlines()))
        else:
            line = None
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        if message.startswith("Invalid") or message.startswith("Expected"):
            message = message[0].lower() + message[1:]
        raise FileFormatError(path, line, f"not valid TOML: {message}") from None
    return TomlFile(path, text, data)
