"""What the level editor starts from, with no pygame: a copy of a level, a blank level
of the game's board kind, or what can be read of a broken file so that it can be fixed.
"""
from __future__ import annotations

import tomllib
from dataclasses import replace

from game.logic.board.layout import BLOCKED, Layout
from game.logic.board.shape import FILES, MAX_SIDE, MIN_SIDE
from game.logic.core import FileFormatError, OptionError
from game.logic.elements.board import SIZE, parse_token
from game.logic.elements.shifting import parse_stack_token
from game.logic.elements.shift_starts import Start as ShiftStart
from game.logic.levels import LevelEntry, find_level, layout_folder, list_levels


def template_entry(variant: str, name: str | None) -> tuple[LevelEntry, LevelEntry]:
    """(the level `name`, loaded or broken, else the first that loads; the first that
    loads, the model of a blank or a salvaged level)."""
    entries = list_levels(variant)
    good = [e for e in entries if e.level is not None]
    if not good:
        raise FileFormatError(layout_folder(variant), None, "no level loads to start from")
    named = next((e for e in entries if e.name == name and (e.level or e.own)), good[0])
    return named, good[0]


def free_name(variant: str, base: str) -> str:
    """A file name for a copy of `base` that no shipped or own level has yet."""
    for n in range(1, 1000):
        name = f"my-{base[:54]}" + (f"-{n}" if n > 1 else "")
        try:
            find_level(name, variant)
        except OptionError:         # no level has it yet
            return name
    return "my-level"


def blank_of(level):
    """An empty level like `level` (the same size, set or stacks): open squares, or a
    board with every element in the tray."""
    if isinstance(level, Layout):
        return replace(level, title="New board", description="", blocked=frozenset())
    if isinstance(level, ShiftStart):
        return replace(level, title="New start", description="",
                       cells=tuple(() for _ in range(SIZE * SIZE)))
    return replace(level, title="New start", description="", placed=())


def salvage(text: str, model, sets=()):
    """What the editor can show of a broken level file's `text`: `model` (a blank level
    of the game) with the file's name, description, set or stacks and as much of its
    board as reads; the rest is left blank for the player to draw."""
    level = blank_of(model)
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return level
    fields = {"title": data.get("name"), "description": data.get("description")}
    level = replace(level, **{k: v for k, v in fields.items() if isinstance(v, str)})
    board = data.get("grid", data.get("board"))
    rows = [row.strip() for row in board.split("\n") if row.strip()] \
        if isinstance(board, str) else []
    if isinstance(level, Layout):
        return _salvaged_grid(level, rows)
    rows = rows[:SIZE]
    if isinstance(level, ShiftStart):
        cells = [()] * (SIZE * SIZE)
        for top, row in enumerate(rows):
            for file, token in enumerate(row.split()[:SIZE]):
                cells[(SIZE - 1 - top) * SIZE + file] = _read(parse_stack_token, token, ())
        stacks = data.get("stacks")
        return replace(level, cells=tuple(cells),
                       stacks=stacks if isinstance(stacks, bool) else level.stacks)
    placed = []
    for top, row in enumerate(rows):
        for file, token in enumerate(row.split()[:SIZE]):
            element = _read(parse_token, token, None)
            if element is not None:
                placed.append(((SIZE - 1 - top) * SIZE + file, element))
    set_name = data.get("set")
    return replace(level, placed=tuple(placed),
                   set_name=set_name if set_name in sets else level.set_name)


def _salvaged_grid(level: Layout, rows: list[str]) -> Layout:
    rows = rows[:MAX_SIDE]
    if not rows:
        return level
    width = min(max(max(len(row) for row in rows), MIN_SIDE), MAX_SIDE)
    height = max(len(rows), MIN_SIDE)
    blocked = frozenset(f"{FILES[f]}{height - top}" for top, row in enumerate(rows)
                        for f, char in enumerate(row[:width]) if char == BLOCKED)
    return replace(level, width=width, height=height, blocked=blocked)


def _read(parse, token: str, empty):
    try:
        return parse(token)
    except ValueError:
        return empty
