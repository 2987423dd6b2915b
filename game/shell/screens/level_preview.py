"""The layout choice of the variant select, shown: the level's name, its description and
a small picture of its board drawn from the level file's grid (blocked squares dark)."""
from __future__ import annotations

from game.i18n import _, ngettext

import re
from pathlib import Path

import pygame

from game.logic import levels
from game.logic.board.layout import BLOCKED
from game.logic.variants import variant_entry
from game.shell.frame import theme

LIGHT, DARK = (214, 196, 158), (62, 72, 92)      # playable squares, chequered
HOLE, FRAME = (12, 14, 18), (92, 64, 40)          # a blocked square; the board's edge
MAX_CELL = 44


def layouts_of(variant: str) -> dict:
    """{name: Layout} of the variant's readable level files (none without a level folder)."""
    found = levels.list_layouts(variant) if variant_entry(variant).levels else ()
    return {item.name: item.level for item in found if item.level is not None}


def draw_board(surface, layout, area: pygame.Rect) -> pygame.Rect:
    """The layout's squares as small cells centred in `area`; returns the board's rect."""
    cell = max(2, min(area.w // layout.width, area.h // layout.height, MAX_CELL))
    board = pygame.Rect(0, 0, cell * layout.width, cell * layout.height)
    board.center = area.center
    pygame.draw.rect(surface, FRAME, board.inflate(10, 10), border_radius=6)
    for row, line in enumerate(layout.grid_text().splitlines()):
        for file, mark in enumerate(line):
            colour = HOLE if mark == BLOCKED else (LIGHT, DARK)[(file + row) % 2]
            surface.fill(colour, (board.x + file * cell, board.y + row * cell, cell, cell))
    return board


def draw_layout(surface, layout, panel: pygame.Rect) -> None:
    """The level's title, description and board inside the side `panel`."""
    x, width = panel.x + 40, panel.w - 80
    theme.draw_fitted(surface, _(layout.title) or layout.name, (x, panel.y + 30), width, 40,
                      theme.TITLE, bold=True)
    blocked = len(layout.blocked)
    theme.draw_fitted(surface, ngettext("{width} x {height} squares, {count} blocked square",
                                        "{width} x {height} squares, {count} blocked squares",
                                        blocked).format(width=layout.width,
                                                        height=layout.height, count=blocked),
                      (x, panel.y + 84), width, 28, theme.TEXT_DIM)
    y = draw_description(surface, _(layout.description), (x, panel.y + 130), width)
    draw_board(surface, layout, pygame.Rect(x, y + 20, width, panel.bottom - y - 60))


def draw_description(surface, text: str, at, width: int, most: int = 200) -> int:
    """A level's description from `at`, at most `most` pixels high (smaller type for a
    long one; one longer still is cut short, and told); returns where it ends."""
    x, y = at
    for size in (28, 26, 24, 22):
        lines = theme.wrap_text(text, width, size)
        if len(lines) * (size + 4) <= most:
            break
    room = most // (size + 4)
    if len(lines) > room:
        theme.report_cut(text)
        lines = lines[:room - 1] + [theme.fit_text(" ".join(lines[room - 1:]), width, size)]
    for line in lines:
        theme.draw_text(surface, line, (x, y), size, theme.TEXT)
        y += size + 4
    return y


def titled(title: str, own: bool) -> str:
    """A level's title, marked when the player made it."""
    return _("{title} (yours)").format(title=title) if own else title


def own_folder_shown(variant: str) -> str:
    """The player's own levels folder of `variant` as a person would write it (the home
    folder as ~)."""
    folder = levels.own_folder(variant)
    try:
        return "~/" + folder.relative_to(Path.home()).as_posix()
    except (ValueError, RuntimeError):          # not under the home folder, or none known
        return str(folder)


def problem_line(entry) -> str:
    """A broken level's one-line error ("<path>:<line>: message") as a person reads it:
    the file named without its folder, the line said in the language spoken."""
    return shown_problem(entry.error or "", entry.path)


def shown_problem(error: str, path: str) -> str:
    """`error`, a FileFormatError's line about the file at `path`, as problem_line says
    it."""
    found = re.match(rf"{re.escape(path)}(?::(\d+))?: ", error)
    if found is None:
        return error.replace(path, Path(path).name, 1)
    name, problem = Path(path).name, error[found.end():]
    if found[1] is None:
        return f"{name}: {problem}"
    return _("{file}:{line}: {problem}").format(file=name, line=found[1], problem=problem)


def level_choices(entries, level_of, fits=lambda level: True):
    """(the levels that load and `fits` as (name, title), the player's own marked; the
    error lines of broken ones, naming the file without its folder) of level entries."""
    good, broken = [], []
    for entry in entries:
        if entry.error:
            broken.append(problem_line(entry))
        elif fits(level_of(entry)):
            title = level_of(entry).title or entry.name
            good.append((entry.name, titled(title, getattr(entry, "own", False))))
    return good, broken
