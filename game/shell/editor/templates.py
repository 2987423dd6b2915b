"""What the level editor starts from, with no pygame: a copy of a level, a blank level
of the game's board kind, or what can be read of a broken file so that it can be fixed.
"""
from __future__ import annotations

from dataclasses import replace

from game.i18n import _
from game.logic.board.layout import BLOCKED, PLAYABLE, Layout
from game.logic.board.shape import FILES, MAX_SIDE, MIN_SIDE
from game.logic.core import FileFormatError, OptionError
from game.logic.elements.board import SIZE, parse_token
from game.logic.elements.shifting import parse_stack_token
from game.logic.elements.shift_starts import Start as ShiftStart
from game.logic.levels import LevelEntry, find_level, layout_folder, list_levels
from game.logic.textfiles import parse_toml


def template_entry(variant: str, name: str | None) -> tuple[LevelEntry, LevelEntry]:
    """(the level `name`, loaded or broken, else the first that loads; the first that
    loads, the model of a blank or a salvaged level)."""
    entries = list_levels(variant)
    good = [e for e in entries if e.level is not None]
    if not good:
        raise FileFormatError(layout_folder(variant), None, _("no level loads to start from"))
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
        return replace(level, title=_("New board"), description="", blocked=frozenset())
    if isinstance(level, ShiftStart):
        return replace(level, title=_("New start"), description="",
                       cells=tuple(() for _square in range(SIZE * SIZE)))
    return replace(level, title=_("New start"), description="", placed=())


def salvage(text: str, model, sets=()) -> tuple[object, list[str]]:
    """What the editor can show of a broken level file's `text`: `model` (a blank level
    of the game) with the file's name, description, set or stacks and as much of its
    board as reads; the rest is left blank for the player to draw. With it, what was
    changed on reading, each as "line N: what" (empty when the whole board read)."""
    level = blank_of(model)
    try:
        toml = parse_toml(text)
    except FileFormatError as error:
        where = _("line {line}: ").format(line=error.line) if error.line else ""
        return level, [where + _("not TOML, so nothing of it was read: the board is blank")]
    data = toml.data
    fields = {"title": data.get("name"), "description": data.get("description")}
    level = replace(level, **{k: v for k, v in fields.items() if isinstance(v, str)})
    key = next((k for k in ("grid", "board") if isinstance(data.get(k), str)), None)
    rows = toml.grid_lines(key) if key else []
    if isinstance(level, Layout):
        return _salvaged_grid(level, rows)
    changes = [_("line {line}: a rank more than {most}, left out").format(line=line, most=SIZE)
               for line, _row in rows[SIZE:]]
    rows = rows[:SIZE]
    cells: list = [()] * (SIZE * SIZE)
    placed = []
    shift = isinstance(level, ShiftStart)
    for top, (line, row) in enumerate(rows):
        tokens = row.split()
        if len(tokens) > SIZE:
            changes.append(_("line {line}: {count} squares, the last {over} left out").format(
                line=line, count=len(tokens), over=len(tokens) - SIZE))
        for file, token in enumerate(tokens[:SIZE]):
            square = (SIZE - 1 - top) * SIZE + file
            read = _read(parse_stack_token if shift else parse_token, token)
            if read is _UNREAD:
                changes.append(_("line {line}: {token} is no element: that square is "
                                 "empty").format(line=line, token=repr(token[:12])))
            elif shift:
                cells[square] = read
            elif read is not None:
                placed.append((square, read))
    if shift:
        stacks = data.get("stacks")
        return replace(level, cells=tuple(cells), stacks=stacks if isinstance(stacks, bool)
                       else level.stacks), changes
    set_name = data.get("set")
    if set_name is not None and set_name not in sets:
        changes.append(_("line {line}: no set {set}: the {instead} set instead").format(
            line=toml.line_of("set"), set=repr(str(set_name)[:20]), instead=_(level.set_name)))
    return replace(level, placed=tuple(placed),
                   set_name=set_name if set_name in sets else level.set_name), changes


def _salvaged_grid(level: Layout, rows: list[tuple[int, str]]) -> tuple[Layout, list[str]]:
    changes = [_("line {line}: a row more than {most}, left out").format(line=line,
                                                                         most=MAX_SIDE)
               for line, _row in rows[MAX_SIDE:]]
    rows = rows[:MAX_SIDE]
    if not rows:
        return level, changes
    width = min(max(len(rows[0][1]), MIN_SIDE), MAX_SIDE)
    height = max(len(rows), MIN_SIDE)
    for line, row in rows:
        unknown = sorted({char for char in row if char not in (PLAYABLE, BLOCKED)})
        if unknown:
            chars = ", ".join(repr(char) for char in unknown)
            changes.append(_("line {line}: {chars} read as open (use . and #)").format(
                line=line, chars=chars))
        if len(row) != width:
            changes.append((_("line {line}: the row was {was} squares wide, made {width} (open "
                              "squares added)") if len(row) < width else
                            _("line {line}: the row was {was} squares wide, made {width} (the "
                              "rest cut)")).format(line=line, was=len(row), width=width))
    if len(rows) < MIN_SIDE:
        changes.append(_("line {line}: open rows added to make {least}").format(
            line=rows[-1][0], least=MIN_SIDE))
    blocked = frozenset(f"{FILES[f]}{height - top}" for top, (_line, row) in enumerate(rows)
                        for f, char in enumerate(row[:width]) if char == BLOCKED)
    return replace(level, width=width, height=height, blocked=blocked), changes


_UNREAD = object()


def _read(parse, token: str):
    try:
        return parse(token)
    except ValueError:
        return _UNREAD
