"""Level files by name: each variant's folder of them, found, read and listed.

A level is named by its file's stem (letters, digits, - and _), never given as a path, so
options, records and position files can point nowhere else. What a board level's grid
means is board/layout.py's part; a broken file is a FileFormatError `file:line: message`.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..resources import resource_folder
from .board.layout import Layout, layout_from_toml
from .core import FileFormatError, OptionError
from .textfiles import read_toml

LEVELS_ROOT = resource_folder("levels")


@dataclass(frozen=True)
class LayoutEntry:
    """One level file as the variant-select screen lists it: loaded, or its error."""

    name: str
    path: str
    layout: Layout | None
    error: str | None


def layout_folder(variant: str = "dominox") -> Path:
    """The level folder of `variant`: the one its registry entry names (`levels`), so the
    folder is named in one place; a name the registry does not know is taken as the
    folder's own."""
    from .variants import VARIANTS
    entry = VARIANTS.get(variant)
    return LEVELS_ROOT / (entry.levels if entry is not None and entry.levels else variant)


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
