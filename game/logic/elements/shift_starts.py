"""Shift's starting boards: level files in levels/open10/ (stacks written bottom first),
the checks a start must pass, and random starts."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core import FileFormatError, OptionError
from game.i18n import _
from ..levels import find_level, layout_folder, level_text, list_levels, load_level
from ..textfiles import read_toml
from ..tiles import OPEN_BOARD_SET
from .board import SHAPE, SIZE, Element
from .files import SETS, SIDES, SetKind, balanced, set_problem
from .shifting import grid_lines, parse_grid, square_name, turned

KEYS = ("name", "description", "stacks", "board")
# The elements of a start: the halves of one set of 32 (SETS["halves"]), or with stacks a
# whole set of 32 each.
WHOLE_SETS = SetKind("whole", OPEN_BOARD_SET, False, 32)


# ---- starting boards ----------------------------------------------------------------------
@dataclass(frozen=True)
class Start:
    name: str
    title: str
    description: str
    stacks: bool
    cells: tuple
    path: str


def start_problem(cells, stacks: bool, complete: bool, crossed=()):
    """(square or None, message) of the first thing wrong with a board, or None: a
    complete start holds exactly the set (the halves of one set of 32, or with `stacks`
    a whole set each) on the home ranks; a position no tile more often than that, the
    elements `crossed` past an edge ((square, Element) pairs) counted with the board's."""
    per_side = 32 if stacks else 16
    counts = [sum(e.owner == owner for _, e in crossed) for owner in (0, 1)]
    for square, stack in enumerate(cells):
        if not stack:
            continue
        owner = stack[0].owner
        counts[owner] += len(stack)
        if len(stack) > 1 and not stacks:
            return square, _("{square} holds a stack: stacks only with stacks = "
                             "true").format(square=square_name(square))
        if len(stack) > 4:
            return square, _("{square} holds {count} elements: four at most").format(
                square=square_name(square), count=len(stack))
        if complete:
            home: tuple[int, ...] = (0, 1) if owner == 0 else (SIZE - 2, SIZE - 1)
            if stacks:
                home = (0,) if owner == 0 else (SIZE - 1,)
            if square // SIZE not in home:
                said = _("{square}: the {side} starts on rank {rank}") if len(home) == 1 \
                    else _("{square}: the {side} starts on ranks {rank} and {other}")
                return square, said.format(square=square_name(square), side=_(SIDES[owner]),
                                           rank=home[0] + 1, other=home[-1] + 1)
    for owner in (0, 1):
        if counts[owner] > per_side or (complete and counts[owner] != per_side):
            return None, _("the {side} has {count} elements; each has {most}").format(
                side=_(SIDES[owner]), count=counts[owner], most=per_side)
    placed = [(square, e) for square, stack in enumerate(cells) for e in stack]
    return set_problem(WHOLE_SETS if stacks else SETS["halves"], placed + list(crossed),
                       complete, square_name)


def start_from_toml(toml, name: str) -> Start:
    """The start a parsed level file holds, checked (FileFormatError naming the line)."""
    toml.refuse_unknown(KEYS)
    stacks = toml.get("stacks", bool, False)
    cells, lines = parse_grid(toml)
    problem = start_problem(cells, stacks, complete=True)
    if problem:
        square, message = problem
        raise FileFormatError(toml.path, lines.get(square) or toml.line_of("board"), message)
    return Start(name, toml.get("name", str, name), toml.get("description", str, ""), stacks,
                 tuple(cells), toml.path)


def start_text(start: Start) -> str:
    """The level file of `start`, its stacks written bottom first."""
    return level_text("open10", start.title, start.description, "board",
                      grid_lines(start.cells, False), [("stacks", str(start.stacks).lower())])


def load_start(path: Path) -> Start:
    return start_from_toml(read_toml(path), Path(path).stem)


def list_starts() -> list:
    """Every level file, shipped then the player's own, "standard" first; a broken one
    with its one-line error (levels.LevelEntry)."""
    return list_levels("open10")


def starting_cells(options: dict, rng) -> list:
    chosen, stacks = options["start"], options["stacks"]
    start = None
    if chosen == "first":
        start = next((e.level for e in list_starts() if e.level and e.level.stacks == stacks),
                     None)
    # 'first' with no level made for the stacks option starts at random, as the menu offers
    if chosen == "random" or (chosen == "first" and start is None):
        cells = random_cells(stacks, rng)
    else:
        if start is None:
            try:
                start = load_level(find_level(chosen, "open10", "start"), "open10", chosen)
            except OptionError:
                raise OptionError(f"unknown start {chosen!r} for open10") from None
            if start.stacks != stacks:
                raise OptionError(f"the start {chosen!r} is made for stacks = "
                                  f"{str(start.stacks).lower()}")
        cells = list(start.cells)
    if options["arrows"] == "free":         # arrows at random: some elements turned
        cells = [tuple(turned(e) if rng.random() < 0.5 else e for e in stack)
                 for stack in cells]
    return cells


def random_cells(stacks: bool, rng) -> list:
    cells: list[tuple[Element, ...]] = [()] * SHAPE.size
    if stacks:
        groups = [list(OPEN_BOARD_SET.elements)] * 2
    else:
        standard = layout_folder("open10") / "standard.toml"
        base = load_start(standard).cells
        groups = [[e.tile for stack in base for e in stack if e.owner == o] for o in (0, 1)]
    for owner, group in enumerate(groups):
        tiles = list(group)
        rng.shuffle(tiles)
        oriented = [(back, forward) if owner == 0 else (forward, back)
                    for forward, back in balanced(tiles, rng)]
        elements = [Element(owner, s, n) for s, n in oriented]
        ranks = (0, 1) if owner == 0 else (SIZE - 1, SIZE - 2)
        if stacks:
            for f in range(SIZE):
                cells[ranks[0] * SIZE + f] = tuple(elements[4 * f:4 * f + 4])
        else:
            squares = [r * SIZE + f for r in ranks for f in range(SIZE)]
            for square, element in zip(squares, elements):
                cells[square] = (element,)
    return cells
