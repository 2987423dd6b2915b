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
from dataclasses import dataclass
from pathlib import Path

from .core import FileFormatError, OptionError
from .board.shape import (FILES, MAX_SIDE, MIN_SIDE, BoardShape, board_shape, middle_squares,
                          parse_square, square_name)
from .textfiles import TomlFile, read_toml

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


@dataclass(frozen=True)
class LayoutEntry:
    """One level file as the variant-select screen lists it: loaded, or its error."""

    name: str
    path: str
    layout: Layout | None
    error: str | None


def layout_folder(variant: str = "dominox") -> Path:
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


def layout_path(name: str, variant: str = "dominox") -> Path:
    """The level file of layout `name` in levels/<variant>/. Layouts are named, never
    given as paths: options, records and position files can point nowhere else."""
    if not isinstance(name, str) or not LAYOUT_NAME.fullmatch(name):
        raise OptionError(f"a layout is the name of a level in levels/{variant}/ (letters, "
                          f"digits, - and _), not {str(name)[:80]!r}")
    path = layout_folder(variant) / f"{name}.toml"
    if not os.path.lexists(path):
        known = ", ".join(sorted(p.stem for p in _level_files(layout_folder(variant))))
        raise OptionError(f"unknown layout {name!r} (known: {known or 'none'})")
    return path


_cache: dict[tuple, Layout] = {}


def load_layout(name: str, variant: str = "dominox") -> Layout:
    """The layout named `name` (levels/<variant>/<name>.toml); cached until the file
    changes. A broken file is a FileFormatError naming its line."""
    path = layout_path(name, variant)
    try:
        key = (variant, name, os.stat(path).st_mtime_ns)
    except OSError:
        key = None          # read_toml below says what is wrong with it
    if key is None or key not in _cache:
        layout = layout_from_file(path, variant, name)
        if key is None:
            return layout
        _cache[key] = layout
    return _cache[key]


def layout_from_file(path: str | Path, variant: str = "dominox", name: str | None = None) -> Layout:
    """The layout in the level file at `path`, checked by `variant`'s rules (for tools
    and tests that check a level file before it is copied into levels/)."""
    from .variants import VARIANTS
    entry = VARIANTS.get(variant)
    return layout_from_toml(read_toml(path), name or Path(path).stem,
                            bool(entry and entry.shares), bool(entry and entry.open_middle))


def _level_files(folder: Path) -> list[Path]:
    try:
        found = sorted(p for p in folder.glob("*.toml"))
    except OSError:
        return []
    return found[:MAX_LEVEL_FILES]


def list_layouts(variant: str = "dominox", folder: Path | None = None) -> list[LayoutEntry]:
    """Every level file of the folder, "standard" first, then by name; a broken file is
    listed with its one-line error instead of raising."""
    folder = Path(folder) if folder is not None else layout_folder(variant)
    paths = sorted(_level_files(folder), key=lambda p: (p.stem != "standard", p.stem))
    entries = []
    for path in paths:
        try:
            if not LAYOUT_NAME.fullmatch(path.stem):
                raise FileFormatError(path, None, "a level file's name is letters, digits, "
                                                  "- and _ before .toml")
            layout = (load_layout(path.stem, variant) if folder == layout_folder(variant)
                      else layout_from_file(path, variant))
            entries.append(LayoutEntry(path.stem, str(path), layout, None))
        except (FileFormatError, OptionError) as exc:
            entries.append(LayoutEntry(path.stem, str(path), None, str(exc)))
    return entries
