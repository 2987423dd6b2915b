"""Reading every file the game reads, carefully, and the hand-edited TOML files with
errors that name the line.

Every file is untrusted: `read_text` opens regular files only (never a folder, a pipe,
a device or a dangling or looping link), reads at most the size its kind allows, takes
UTF-8 with or without a byte-order mark and CRLF or LF line ends, and turns every
problem into a one-line FileFormatError. `TomlFile` keeps the raw text beside the parsed
data so a check of a value can say on which line that value was written; `grid_lines`
does the same for ASCII grids held in a multi-line string.
"""
from __future__ import annotations

import errno
import os
import re
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .core import FileFormatError
from game.i18n import N_, _

KiB, MiB = 1024, 1024 * 1024
# The most each kind of file may hold: far above any real file, far below harm.
SIZE_LIMITS = {"level": 256 * KiB, "position": 1 * MiB, "record": 64 * MiB,
               "settings": 256 * KiB, "save": 4 * MiB, "statistics": 4 * MiB,
               "lessons": 256 * KiB}
LINE_LIMIT = 1 * MiB        # one line of a JSON-lines record file
# "too big for a ... file": each kind in words, translated where said
KIND_WORDS = {"level": N_("too big for a level file (at most {most} bytes)"),
              "position": N_("too big for a position file (at most {most} bytes)"),
              "record": N_("too big for a record file (at most {most} bytes)"),
              "settings": N_("too big for a settings file (at most {most} bytes)"),
              "save": N_("too big for a save file (at most {most} bytes)"),
              "statistics": N_("too big for a statistics file (at most {most} bytes)"),
              "lessons": N_("too big for a lessons file (at most {most} bytes)")}
# a value's kind as a problem names it ("name must be a str")
TYPE_WORDS = {"str": N_("a str"), "int": N_("an int"), "bool": N_("a bool"),
              "float": N_("a float"), "list": N_("a list"), "dict": N_("a dict")}


def too_big(kind: str) -> str:
    return _(KIND_WORDS[kind]).format(most=f"{SIZE_LIMITS[kind]:,}")


def _refusal(path: Path) -> str | None:
    """Why `path` is not a regular file that can be read, in one line, or None."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return _("a link to nothing") if os.path.islink(path) else _("no such file")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return _("a link that leads back to itself")
        return _("cannot read: {why}").format(why=exc.strerror or exc)
    if stat.S_ISDIR(info.st_mode):
        return _("a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        return _("not a regular file (a device, a pipe or a socket)")
    return None


def open_checked(path: str | Path, kind: str):
    """A binary handle on `path`, refused unless it is a regular file within the size
    limit of its kind (checked again on the open handle, so a file swapped after the
    first look is refused too)."""
    path = Path(path)
    problem = _refusal(path)
    if problem:
        raise FileFormatError(path, None, problem)
    try:
        handle = open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb")
    except OSError as exc:
        raise FileFormatError(path, None, _("cannot read: {why}").format(
            why=exc.strerror or exc)) from None
    info = os.fstat(handle.fileno())
    limit = SIZE_LIMITS[kind]
    if not stat.S_ISREG(info.st_mode):
        handle.close()
        raise FileFormatError(path, None, _("not a regular file (a device, a pipe or a "
                                            "socket)"))
    if info.st_size > limit and kind != "record":
        handle.close()
        raise FileFormatError(path, None, _("{size} bytes: {why}").format(
            size=f"{info.st_size:,}", why=too_big(kind)))
    return handle


def decode(data: bytes, path, line: int | None = None) -> str:
    """UTF-8 text (a byte-order mark dropped, CRLF made LF) or a one-line error."""
    try:
        text = data.decode("utf-8-sig" if line in (None, 1) else "utf-8")
    except UnicodeDecodeError as exc:
        where = line or data.count(b"\n", 0, exc.start) + 1
        raise FileFormatError(path, where, _("not UTF-8 text")) from None
    return text.replace("\r\n", "\n")


def read_text(path: str | Path, kind: str) -> str:
    """The whole text of a file of `kind` (see SIZE_LIMITS), read carefully."""
    with open_checked(path, kind) as handle:
        data = handle.read(SIZE_LIMITS[kind] + 1)
    if len(data) > SIZE_LIMITS[kind]:
        raise FileFormatError(path, None, too_big(kind))
    return decode(data, path)


def read_lines(path: str | Path, kind: str = "record"):
    """(line number, text) of each line of a file of `kind`, read one line at a time,
    each at most LINE_LIMIT bytes, the whole at most its kind's limit."""
    total = 0
    with open_checked(path, kind) as handle:
        for number, raw in enumerate(iter(lambda: handle.readline(LINE_LIMIT + 1), b""), 1):
            total += len(raw)
            if len(raw) > LINE_LIMIT:
                raise FileFormatError(path, number, _("the line is longer than {most} "
                                                      "bytes").format(most=f"{LINE_LIMIT:,}"))
            if total > SIZE_LIMITS[kind]:
                raise FileFormatError(path, number, too_big(kind))
            yield number, decode(raw, path, number).rstrip("\n")


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
                raise self.error(key, _("unknown key {key} (known: {known})").format(
                    key=repr(key), known=", ".join(known)))

    def get(self, key: str, kind: type | tuple, default=...):
        """`data[key]` checked to be of `kind`; a missing or mistyped value is an error."""
        if key not in self.data:
            if default is ...:
                raise self.error(None, _("missing {key}").format(key=repr(key)))
            return default
        value = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = (kind.__name__ if isinstance(kind, type)
                     else " or ".join(k.__name__ for k in kind))
            kind_said = _(TYPE_WORDS[names]) if names in TYPE_WORDS else _article(names)
            raise self.error(key, _("{key} must be {kind}, not {value}").format(
                key=key, kind=kind_said, value=shorten(value)))
        return value

    def whole(self, key: str, low: int, high: int, default=...) -> int:
        """`data[key]`, a whole number from `low` to `high` (a bool, a float or a number
        out of range is an error naming the line)."""
        value = self.get(key, int, default)
        if not low <= value <= high:
            raise self.error(key, _("{key} must be a whole number from {low} to {high}, not "
                                    "{value}").format(key=key, low=low, high=f"{high:,}",
                                                      value=shorten(value)))
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


def open_position(cls, data, path: str, keys) -> TomlFile:
    """A position file's TomlFile (or a plain dict as one) for variant `cls`, its keys
    checked against `keys` and its variant against `cls.variant`."""
    if not isinstance(data, TomlFile | dict):
        raise FileFormatError(path, None, _("a position is a table of keys, not {data}").format(
            data=repr(str(data)[:60])))
    toml = data if isinstance(data, TomlFile) else TomlFile(path, "", dict(data))
    toml.refuse_unknown(keys)
    if toml.get("variant", str, cls.variant) != cls.variant:
        raise toml.error("variant", _("this reader is for {game} positions").format(
            game=cls.variant))
    return toml


def unclosed_string_line(text: str) -> int | None:
    """The line on which a multi-line string that is never closed opens (the reader only
    notices at the end of the file), if there is one."""
    opened = None
    for match in re.finditer(r'"""|\'\'\'', text):
        if opened is None:
            opened = match
        elif match.group(0) == opened.group(0):
            opened = None
    return text.count("\n", 0, opened.start()) + 1 if opened else None


def long_number_line(text: str) -> int | None:
    """The line of the first number too long for Python to read (over 4,300 digits)."""
    match = re.search(r"\d{4300}", text)
    return text.count("\n", 0, match.start()) + 1 if match else None


def shorten(value, limit: int = 40) -> str:
    """`repr(value)` cut to `limit` characters (a huge number or text stays one short line)."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10 ** limit else \
        f"a number of {len(str(abs(value)))} digits"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _article(name: str) -> str:
    return ("an " if name[0] in "aeiou" else "a ") + name


def read_toml(path: str | Path, kind: str = "level") -> TomlFile:
    """Parse `path`; any problem is a one-line FileFormatError naming the file and line."""
    return parse_toml(read_text(path, kind), str(path))


def parse_toml(text: str, path: str = "<text>") -> TomlFile:
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise FileFormatError(path, None, _("not valid TOML: {why}").format(
            why=_("nested too deeply"))) from None
    except ValueError as exc:
        if not isinstance(exc, tomllib.TOMLDecodeError):     # a number too long to read
            raise FileFormatError(path, long_number_line(text), _("not valid TOML: {why}").format(
                why=_("a number has too many digits"))) from None
        message = str(exc)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        if match:
            line = int(match.group(1))
        elif "(at end of document)" in message:
            line = max(1, len(text.rstrip("\n").splitlines()))
        else:
            line = None
        opened = unclosed_string_line(text)
        if opened and (line is None or line > opened):   # noticed only at the end
            line, message = opened, N_("a multi-line string opens here and is never closed")
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        message = in_words(message)
        raise FileFormatError(path, line, _("not valid TOML: {why}").format(why=message)) \
            from None
    return TomlFile(path, text, data)


# tomllib's words for a file that does not parse, said as a person would mend it
TOML_WORDS = (
    (r"Illegal character '\\n'", N_("a quoted text runs past the end of its line: close its "
                                  "quote on the line (or use triple quotes for lines)")),
    (r"Illegal character (.*)", N_("the character {} cannot stand here")),
    (r"Found invalid character (.*)", N_("the character {} cannot stand here")),
    (r"Unterminated string", N_("a quoted text is never closed: its closing quote is missing")),
    (r"Expected '=' after a key.*", N_("a name needs = and a value after it, as in "
                                    "name = \"Ring\"")),
    (r"Invalid value", N_("the value after = cannot be read: text needs quotes "
                       "(\"...\"); true, false and numbers none")),
    (r"Invalid statement", N_("this line is none of name = value, [section] or # comment")),
    (r"Cannot overwrite a value|Cannot declare .* twice", N_("a name is given a value twice")),
    (r"Expected newline or end of document after a statement",
     N_("something follows the value on its line: one name = value to a line")),
    (r"Unescaped '\\' in a string", N_("a \\ in a \"...\" text must be written twice (\\\\), "
                                    "or use '...' quotes")),
    (r"Invalid initial character for a key part", N_("a name begins with a letter, a digit, - "
                                                  "or _")),
    (r"Unclosed array", N_("a list opened with [ is never closed with ]")),
    (r"Unclosed inline table", N_("a { is never closed with }")),
)


def in_words(message: str) -> str:
    """tomllib's `message` said in words (as it is, first letter small, when unknown)."""
    for pattern, words in TOML_WORDS:
        match = re.fullmatch(pattern, message)
        if match:
            return _(words).replace("{}", match.group(1)) if match.groups() else _(words)
    return _(message[:1].lower() + message[1:])      # (ours, or tomllib's own words)
