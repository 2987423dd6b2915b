"""Board layouts from level files: plain TOML with an ASCII grid a person can edit.

    name = "Standard 8x8"
    description = "The board of the original rules."
    grid = \"\"\"
    ........
    ..#..#..
    \"\"\"

`.` is a playable square, `#` a blocked one; the top line is the highest rank. The board
size follows from the grid. Every problem is a FileFormatError `file:line: message`.
"""
from __future__ import annotations

import os
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from .core import FileFormatError, OptionError
from .board.shape import (FILES, MAX_SIDE, MIN_SIDE, BoardShape, board_shape, middle_squares,
                          parse_square, square_name)
from .textfiles import TomlFile, read_toml
from .userdata import data_dir

LEVELS_ROOT = Path(__file__).resolve().parent.parent.parent / "levels"
PLAYABLE, BLOCKED = ".", "#"
LEGEND = f"'{PLAYABLE}' for a playable square, '{BLOCKED}' for a blocked one"
KNOWN_KEYS = ("name", "description", "grid")


@dataclass(frozen=True)
class Layout:
    name: str                      # the file's stem, what options and records use
    title: str                     # the human name written in the file
    description: str
    width: int
    height: int
    blocked: frozenset[str]        # names of blocked squares
    path: str

    @property
    def shape(self) -> BoardShape:
        indices = frozenset(rank * self.width + file
                            for file, rank in map(parse_square, self.blocked))
        return board_shape(self.width, self.height, indices)

    def grid_text(self) -> str:
        """The layout's grid as the level files write it (top rank first)."""
        rows = []
        for rank in reversed(range(self.height)):
            rows.append("".join(BLOCKED if square_name(f, rank) in self.blocked else PLAYABLE
                                for f in range(self.width)))
        return "\n".join(rows)


def layout_folder(variant: str = "dominox") -> Path:
    """The folder of the levels that come with the game (levels/<variant>/)."""
    return LEVELS_ROOT / variant


def layout_from_toml(toml: TomlFile, name: str, shares: bool = False,
                     open_middle: bool = False) -> Layout:
    """The layout described by a parsed level file (or a position file's grid part);
    with `shares`, blocked squares must come in shares, with `open_middle` the four middle
    squares must be open (see parse_grid)."""
    for key in toml.data:
        if key not in KNOWN_KEYS:
            raise toml.error(key, f"unknown key {key!r} (known: {', '.join(KNOWN_KEYS)})")
    title = toml.get("name", str, name)
    description = toml.get("description", str, "")
    width, height, blocked = parse_grid(toml, shares=shares, open_middle=open_middle)
    return Layout(name, title, description, width, height, blocked, toml.path)


def toml_string(text: str) -> str:
    """`text` as a TOML basic string: quotes, backslashes and control characters escaped."""
    escaped = []
    for char in str(text):
        if char in '"\\':
            escaped.append("\\" + char)
        elif ord(char) < 32 or ord(char) == 127:
            escaped.append(f"\\u{ord(char):04x}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def level_text(variant: str, title: str, description: str, key: str, rows, fields=()) -> str:
    """A level file as a person would write it: the legend in a comment at the top, the
    name and description, `fields` ((key, TOML value text) pairs), then the board drawn
    as text in the multi-line string `key`, the top rank first."""
    from .variants import variant_entry
    entry = variant_entry(variant)
    lines = [f"# A level of {entry.load().title} ({variant}), drawn square by square."]
    lines += ["# " + line for line in textwrap.wrap(f"Legend: {entry.legend}.", 86)]
    lines += ["# The top line is the highest rank, the left column file a.",
              f"name = {toml_string(title)}", f"description = {toml_string(description)}"]
    lines += [f"{name} = {value}" for name, value in fields]
    lines += [f'{key} = """', *rows, '"""']
    return "\n".join(lines) + "\n"


def parse_grid(toml: TomlFile, key: str = "grid", shares: bool = False,
               open_middle: bool = False) -> tuple[int, int, frozenset[str]]:
    """(width, height, blocked square names) of the ASCII grid held in `key`. With
    `shares` the board is drawn two rows per board cell (Spread): the height must be
    even and a blocked square's partner in its cell (the row above or below it, rows
    paired from the top) must be blocked too. With `open_middle` the four middle squares
    must be open (Dominid's opening lies there)."""
    if key not in toml.data:
        raise toml.error(None, f"missing {key!r}: draw the board with {LEGEND}")
    rows = toml.grid_lines(key)
    if not rows:
        raise toml.error(key, f"the {key} is empty: draw the board with {LEGEND}")
    first_line, first_row = rows[0]
    width, height = len(first_row), len(rows)
    for line, row in rows:
        for char in row:
            if char not in (PLAYABLE, BLOCKED):
                raise FileFormatError(toml.path, line, f"unknown character {char!r} in the {key} "
                                                       f"(use {LEGEND})")
        if len(row) != width:
            raise FileFormatError(toml.path, line, f"this row is {len(row)} squares wide but the "
                                                   f"first row (line {first_line}) is {width}: "
                                                   f"the {key} must be rectangular")
    for size, what, line in ((width, "wide", first_line), (height, "high", rows[-1][0])):
        if not MIN_SIDE <= size <= MAX_SIDE:
            squares = f"{size} square{'s' * (size != 1)}"
            raise FileFormatError(toml.path, line, f"the board is {squares} {what}; "
                                                   f"it must be {MIN_SIDE} to {MAX_SIDE}")
    blocked = frozenset((height - 1 - top_down) * width + file
                        for top_down, (_, row) in enumerate(rows)
                        for file, char in enumerate(row) if char == BLOCKED)
    if shares:
        _check_shares(toml, key, rows)
    if open_middle:
        _check_open_middle(toml, rows, width, height, blocked)
    shape = board_shape(width, height, blocked)
    if not shape.slots:
        raise toml.error(key, "the board has no two adjacent playable squares, so no tile fits")
    return width, height, frozenset(shape.names[i] for i in blocked)


def _check_shares(toml: TomlFile, key: str, rows) -> None:
    if len(rows) % 2:
        raise FileFormatError(toml.path, rows[-1][0], f"the {key} has {len(rows)} rows: draw "
                                                      "two rows per board cell, an even number")
    for (upper_line, upper), (lower_line, lower) in zip(rows[::2], rows[1::2]):
        for file, (a, b) in enumerate(zip(upper, lower)):
            if a != b:
                line = upper_line if a == BLOCKED else lower_line
                raise FileFormatError(toml.path, line, f"file {FILES[file]} is blocked in one "
                                      "square of a board cell but not in the other: a blocked "
                                      "share covers both squares of its cell")


def _check_open_middle(toml: TomlFile, rows, width: int, height: int, blocked) -> None:
    """A blocked middle square is refused on the line of its row (the top one first)."""
    middle = sorted(middle_squares(width, height), key=lambda i: (-(i // width), i % width))
    names = ", ".join(square_name(i % width, i // width) for i in sorted(middle))
    for square in middle:
        if square in blocked:
            name = square_name(square % width, square // width)
            raise FileFormatError(toml.path, rows[height - 1 - square // width][0],
                                  f"{name} is blocked, but the four middle squares ({names}) "
                                  "must stay open for the opening")


LAYOUT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
MAX_LEVEL_FILES = 500          # a folder with more is listed up to this many


def own_folder(variant: str) -> Path:
    """The player's own levels of `variant`, beside the saves in the user's data folder:
    an installed game whose levels/ cannot be written still takes new layouts."""
    return data_dir() / "levels" / variant


@dataclass(frozen=True)
class LevelFile:
    """One level file found for a variant: shipped with the game, or the player's own."""

    name: str
    path: Path
    own: bool


@dataclass(frozen=True)
class LevelEntry:
    """One level file as the menus and `levels` list it: loaded, or its one-line error."""

    name: str
    path: str
    level: object | None           # the variant's level (a Layout, a start), if it loads
    error: str | None
    own: bool = False

    @property
    def layout(self):
        return self.level

    @property
    def start(self):
        return self.level


LayoutEntry = LevelEntry


def name_problem(name, variant: str) -> str | None:
    """Why `name` cannot name one of the player's own levels of `variant` (letters, digits,
    - and _, and no name a shipped level has: an own level never hides one), or None."""
    if not isinstance(name, str) or not LAYOUT_NAME.fullmatch(name):
        return (f"a level's name is letters, digits, - and _ (at most 64), "
                f"not {str(name)[:80]!r}")
    if (layout_folder(variant) / f"{name}.toml").exists():
        return f"{name!r} is the name of a level that comes with the game: give yours another"
    return None


def level_files(variant: str) -> list[LevelFile]:
    """The shipped level files of `variant`, then the player's own, each "standard" first
    and then by name."""
    return ([LevelFile(p.stem, p, False) for p in _standard_first(layout_folder(variant))]
            + [LevelFile(p.stem, p, True) for p in _standard_first(own_folder(variant))])


def find_level(name: str, variant: str, what: str = "layout") -> Path:
    """The level file of `name`: shipped in levels/<variant>/, else the player's own.
    Levels are named, never given as paths: options, records and position files can
    point nowhere else. OptionError names the known ones."""
    if not isinstance(name, str) or not LAYOUT_NAME.fullmatch(name):
        raise OptionError(f"a {what} is the name of a level in levels/{variant}/ or of your "
                          f"own (letters, digits, - and _), not {str(name)[:80]!r}")
    for folder in (layout_folder(variant), own_folder(variant)):
        path = folder / f"{name}.toml"
        if os.path.lexists(path):
            return path
    known = ", ".join(f.name for f in level_files(variant))
    raise OptionError(f"unknown {what} {name!r} (known: {known or 'none'})")


def layout_path(name: str, variant: str = "dominox") -> Path:
    """The level file of layout `name` (find_level)."""
    return find_level(name, variant)


def read_level(variant: str, toml: TomlFile, name: str):
    """The level of `variant` a parsed level file holds, checked by that game's own
    reader (its `level_from_toml`): the one set of checks every loader and the editor
    use. A FileFormatError names the line."""
    from .variants import find_variant
    cls = find_variant(variant)
    reader = getattr(cls, "level_from_toml", None)
    if reader is None:
        raise OptionError(f"{variant} has no level files")
    return reader(toml, name)


_cache: dict[tuple, object] = {}


def load_level(path: Path, variant: str, name: str):
    """The level in the file at `path`, checked by `variant`'s reader; cached until the
    file changes."""
    try:
        key = (variant, str(path), name, os.stat(path).st_mtime_ns)
    except OSError:
        key = None          # read_toml below says what is wrong with it
    if key is None or key not in _cache:
        level = read_level(variant, read_toml(path), name)
        if key is None:
            return level
        _cache[key] = level
    return _cache[key]


def load_layout(name: str, variant: str = "dominox") -> Layout:
    """The layout named `name` (shipped or the player's own); cached until the file
    changes. A broken file is a FileFormatError naming its line."""
    return load_level(layout_path(name, variant), variant, name)


def layout_from_file(path: str | Path, variant: str = "dominox", name: str | None = None) -> Layout:
    """The layout in the level file at `path`, checked by `variant`'s rules (for tools
    and tests that check a level file before it is copied into levels/)."""
    return read_level(variant, read_toml(path), name or Path(path).stem)


def _level_files(folder: Path) -> list[Path]:
    try:
        found = sorted(p for p in folder.glob("*.toml"))
    except OSError:
        return []
    return found[:MAX_LEVEL_FILES]


def _standard_first(folder: Path) -> list[Path]:
    return sorted(_level_files(folder), key=lambda p: (p.stem != "standard", p.stem))


def list_levels(variant: str, folder: Path | None = None) -> list[LevelEntry]:
    """Every level file of `variant`, the shipped ones then the player's own (or those of
    `folder` alone), "standard" first, then by name; a broken file, or an own one named
    like a shipped one, is listed with its one-line error instead of raising."""
    if folder is None:
        files = level_files(variant)
    else:
        files = [LevelFile(p.stem, p, False) for p in _standard_first(Path(folder))]
    entries = []
    for item in files:
        path = item.path
        try:
            if not LAYOUT_NAME.fullmatch(item.name):
                raise FileFormatError(path, None, "a level file's name is letters, digits, "
                                                  "- and _ before .toml")
            if item.own and name_problem(item.name, variant):
                raise FileFormatError(path, None, name_problem(item.name, variant))
            level = load_level(path, variant, item.name)
            entries.append(LevelEntry(item.name, str(path), level, None, item.own))
        except (FileFormatError, OptionError) as exc:
            entries.append(LevelEntry(item.name, str(path), None, str(exc), item.own))
    return entries


def list_layouts(variant: str = "dominox", folder: Path | None = None) -> list[LevelEntry]:
    """The level files of a variant whose levels are layouts (list_levels)."""
    return list_levels(variant, folder)
