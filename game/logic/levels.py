"""Level files by name: each variant's folder of them (shipped with the game, and the
player's own beside the saves), found, read, written and listed.

A level is named by its file's stem (letters, digits, - and _), never given as a path, so
options, records and position files can point nowhere else. What a board level's grid
means is board/layout.py's part, and each game's reader checks its own levels; a broken
file is a FileFormatError `file:line: message`.
"""
from __future__ import annotations

import functools
import os
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.i18n import _
from ..resources import resource_folder
from .board.layout import Layout
from .core import FileFormatError, OptionError
from .textfiles import TomlFile, read_toml
from .userdata import data_dir

LEVELS_ROOT = resource_folder("levels")


def layout_folder(variant: str) -> Path:
    """The folder of the levels of `variant` that come with the game: the one its registry
    entry names (`levels`), so the folder is named in one place; a name the registry does
    not know is taken as the folder's own."""
    from .variants import VARIANTS
    entry = VARIANTS.get(variant)
    return LEVELS_ROOT / (entry.levels if entry is not None and entry.levels else variant)


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


LAYOUT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
DEVICE_NAMES = {"CON", "PRN", "AUX", "NUL", *(f"{port}{n}" for port in ("COM", "LPT")
                                               for n in range(1, 10))}
MAX_LEVEL_FILES = 500          # a folder with more is listed up to this many


def own_folder(variant: str) -> Path:
    """The player's own levels of `variant`, beside the saves in the user's data folder:
    an installed game whose levels/ cannot be written still takes new layouts."""
    return data_dir() / "levels" / layout_folder(variant).name


@dataclass(frozen=True)
class LevelFile:
    """One level file found for a variant: shipped with the game, or the player's own."""

    name: str
    path: Path
    own: bool


@dataclass(frozen=True)
class Level(Protocol):
    """What every variant's level says of itself (a Layout, a start)."""

    @property
    def title(self) -> str: ...

    @property
    def description(self) -> str: ...


@dataclass(frozen=True)
class LevelEntry:
    """One level file as the menus and `levels` list it: loaded, or its one-line error."""

    name: str
    path: str
    level: Level | None            # the variant's level (a Layout, a start), if it loads
    error: str | None
    own: bool = False


def name_problem(name, variant: str) -> str | None:
    """Why `name` cannot name one of the player's own levels of `variant` (letters, digits,
    - and _, and no name a shipped level has: an own level never hides one), or None."""
    if not isinstance(name, str) or not LAYOUT_NAME.fullmatch(name):
        return _("a level's name is letters, digits, - and _ (at most 64), not {name}").format(
            name=repr(str(name)[:80]))
    if name.lower() in _shipped_names(layout_folder(variant)):     # (in any case: some
        # systems do not tell names apart by case)
        return _("{name} is the name of a level that comes with the game: give yours "
                 "another").format(name=repr(name))
    if name.upper() in DEVICE_NAMES:
        return _("{name} names a device on Windows, not a file: give your level another "
                 "name").format(name=repr(name))
    return None


@functools.lru_cache(maxsize=32)
def _shipped_names(folder: Path) -> frozenset[str]:
    """The shipped levels' names in lower case: the game's own folder, which does not change
    while it runs (read once, not for every own level listed or name typed)."""
    return frozenset(p.stem.lower() for p in _level_files(folder))


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


def layout_path(name: str, variant: str) -> Path:
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
        raise OptionError(_("{game} has no level files").format(game=variant))
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


def load_layout(name: str, variant: str) -> Layout:
    """The layout named `name` (shipped or the player's own); cached until the file
    changes. A broken file is a FileFormatError naming its line."""
    return load_level(layout_path(name, variant), variant, name)


def layout_from_file(path: str | Path, variant: str, name: str | None = None) -> Layout:
    """The layout in the level file at `path`, checked by `variant`'s rules (for tools
    and tests that check a level file before it is copied into levels/)."""
    return read_level(variant, read_toml(path), name or Path(path).stem)


def _level_files(folder: Path) -> list[Path]:
    try:
        found = sorted(p for p in folder.glob("*.toml"))
    except OSError:
        return []
    return found[:MAX_LEVEL_FILES]


def unlisted_levels(variant: str) -> int:
    """How many level files of `variant` its folders hold beyond those listed."""
    count = 0
    for folder in (layout_folder(variant), own_folder(variant)):
        try:
            count += max(0, sum(1 for _ in folder.glob("*.toml")) - MAX_LEVEL_FILES)
        except OSError:
            pass
    return count


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
                raise FileFormatError(path, None, _("a level file's name is letters, digits, "
                                                    "- and _ before .toml"))
            problem = name_problem(item.name, variant) if item.own else None
            if problem:
                raise FileFormatError(path, None, problem)
            level = load_level(path, variant, item.name)
            entries.append(LevelEntry(item.name, str(path), level, None, item.own))
        except (FileFormatError, OptionError) as exc:
            entries.append(LevelEntry(item.name, str(path), None, str(exc), item.own))
    return entries


def list_layouts(variant: str, folder: Path | None = None) -> list[LevelEntry]:
    """The level files of a variant whose levels are layouts (list_levels)."""
    return list_levels(variant, folder)
