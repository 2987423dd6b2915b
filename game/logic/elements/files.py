"""Starting boards: the sets, the level files that lay them out, random starts, and the
checks every board a person writes must pass (level files, positions, record starts).

A level file (levels/open1/, open3/, open4/) is TOML:

    name = "Standard"
    description = "..."
    set = "halves"                 # which `set` option this start is made for
    board = \"\"\"
    n61 n52 n33 n14 n00 n22 n44 n66
    ...
    \"\"\"

The board is 8 lines, rank 8 at the top, 8 squares a line separated by spaces: `...` an
empty square, else the owner letter (`s` the south player 0, `n` the north player 1), the
south number and the north number, and `*` after a face-down test element (`s35`,
`s00*`). Every problem is a one-line FileFormatError `file:line: message`, the line being
the board line of the offending square where there is one.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core import FileFormatError, OptionError
from game.i18n import N_, _
from ..levels import (LevelEntry, find_level, level_files, level_text, list_levels, load_level,
                      toml_string)
from ..textfiles import TomlFile
from ..tiles import OPEN_BOARD_SET, REDUCED_SETS, TileSet
from .board import EMPTY_TOKEN, SHAPE, SIZE, Element, board_tokens, parse_token, past_middle

LEGEND = N_("'...' an empty square; s (the south player) or n (the north player) with the "
            "south and the north number, like s35; * after a face-down test element, like s00*")
KEYS = ("name", "description", "set", "board")
SIDES = (N_("south player"), N_("north player"))     # as the game names them, never by number


@dataclass(frozen=True)
class SetKind:
    name: str
    tiles: TileSet
    shared: bool          # one set split between the players, else a whole set each
    per_side: int         # elements each player starts with


SETS = {kind.name: kind for kind in (
    SetKind("halves", OPEN_BOARD_SET, True, 16),
    SetKind("0-4", REDUCED_SETS["0-4"], False, 16),
    SetKind("0-5", REDUCED_SETS["0-5"], False, 24),
    SetKind("0-3", REDUCED_SETS["0-3"], False, 12),
    SetKind("0-5-halves", REDUCED_SETS["0-5"], True, 12),
)}


def dark(square: int) -> bool:
    """a1 is dark, as on a chessboard: file + rank even, counting from 0."""
    return (square % SIZE + square // SIZE) % 2 == 0


@dataclass(frozen=True)
class Start:
    name: str                     # the file's stem, what the `start` option names
    title: str
    description: str
    set_name: str
    placed: tuple                 # (square, Element) pairs
    path: str



# ---- reading and checking boards ----------------------------------------------------------
def parse_board(toml: TomlFile, key: str = "board") -> tuple[list, dict]:
    """([(square, Element)], {square: file line}) of the board drawn in `key`."""
    placed, lines = [], {}
    for square, token, line in board_tokens(toml, key, f" ({_(LEGEND)})"):
        try:
            element = parse_token(token)
        except ValueError:
            raise FileFormatError(toml.path, line, _(
                "unknown square {token} on {square} (write {legend})").format(
                token=repr(token), square=SHAPE.names[square], legend=_(LEGEND))) from None
        if element is not None:
            placed.append((square, element))
            lines[square] = line
    return placed, lines


def board_problem(cls, set_name: str, placed, complete: bool):
    """(square or None, message) of the first thing wrong with a board of game `cls` for
    the set `set_name`, or None. `complete`: a starting board (every element of the set,
    each side in its own half); otherwise a position (elements may have been captured)."""
    kind = SETS[set_name]
    names = SHAPE.names
    sides: tuple[list, list] = ([], [])
    for square, element in placed:
        sides[element.owner].append((square, element))
        where = _("{element} on {square}").format(element=element.token(),
                                                  square=names[square])
        whose = _(SIDES[element.owner])
        if cls.coloured and dark(square) != (element.owner == 0):
            said = (N_("{where}: the {side}'s elements stand on dark squares (a1 is dark)"),
                    N_("{where}: the {side}'s elements stand on light squares (a1 is dark)"))
            return square, _(said[element.owner]).format(where=where, side=whose)
        if complete and past_middle(element.owner, square):
            ranks = ("1 to 4", "5 to 8")[element.owner]
            return square, _("{where}: the {side}'s elements start on ranks {ranks}").format(
                where=where, side=whose, ranks=_(ranks))
        if element.face_down and not cls.test_elements:
            return square, _("{where}: only the test elements of game 1 lie face down").format(
                where=where)
        if element.face_down and element.value:
            return square, _("{where}: a test element is a 0-0").format(where=where)
    for owner, side in enumerate(sides):
        down = [square for square, element in side if element.face_down]
        if cls.test_elements and len(down) != 1:
            if down:
                return down[1], _("{square}: the {side} has a second face-down element; each "
                                  "side has one test element").format(square=names[down[1]],
                                                                      side=_(SIDES[owner]))
            return None, _("the {side} has no test element: lay a 0-0 face down "
                           "(s00*)").format(side=_(SIDES[owner]))
        if len(side) > kind.per_side or (complete and len(side) != kind.per_side):
            return None, _("the {side} has {count} elements; the {set} set gives each side "
                           "{most}").format(side=_(SIDES[owner]), count=len(side),
                                            set=_(set_name), most=kind.per_side)
    return set_problem(kind, placed, complete)


def set_problem(kind: SetKind, placed, complete: bool, name_of=SHAPE.names.__getitem__):
    """(square or None, message) of the first element of `placed` ([(square, Element)])
    whose tile the set gives less often (one set split in two: both sides together, else
    each side its own), or on a complete board of a split set the halves' unequal pips;
    None when the elements fit the set. `name_of(square)` names a square."""
    sides = tuple([(s, e) for s, e in placed if e.owner == owner] for owner in (0, 1))
    for group in ([list(placed)] if kind.shared else sides):
        problem = kind.tiles.miscount([(str(i), [e.tile]) for i, (_, e) in enumerate(group)],
                                      "stands here")
        if problem and problem.part is not None:
            square, element = group[int(problem.part)]
            return square, _("{element} on {square}: {problem}").format(
                element=element.token(), square=name_of(square), problem=problem.message)
    if complete and kind.shared:
        sums = [sum(e.value for _, e in side) for side in sides]
        if abs(sums[0] - sums[1]) > sum(t.value for t in kind.tiles.elements) % 2:
            return None, _("the two groups hold {one} and {other} pips: halves of one set "
                           "must hold equal pips").format(one=sums[0], other=sums[1])
    return None


def check_board(toml: TomlFile, cls, set_name: str, placed, lines, complete: bool) -> None:
    problem = board_problem(cls, set_name, placed, complete)
    if problem:
        square, message = problem
        line = lines.get(square) if square is not None else None
        raise FileFormatError(toml.path, line or toml.line_of("board"), message)


# ---- level files ------------------------------------------------------------------------
def start_from_toml(cls, toml: TomlFile, name: str) -> Start:
    toml.refuse_unknown(KEYS)
    set_name = toml.get("set", str, cls.sets[0])
    if set_name not in cls.sets:
        raise toml.error("set", _("set must be one of {sets}, not {set}").format(
            sets=", ".join(cls.sets), set=repr(set_name)))
    placed, lines = parse_board(toml)
    check_board(toml, cls, set_name, placed, lines, complete=True)
    return Start(name, toml.get("name", str, name), toml.get("description", str, ""),
                 set_name, tuple(placed), toml.path)


def start_text(variant: str, start: Start) -> str:
    """The level file of `start`, the board drawn rank 8 first (several elements named on
    one square are all written there, so the reader can say what is wrong)."""
    cells: list[list[str]] = [[] for _ in range(SHAPE.size)]     # tokens per square
    for square, element in start.placed:
        cells[square].append(element.token())
    rows = [" ".join("/".join(cells[r * SIZE + f]) or EMPTY_TOKEN for f in range(SIZE))
            for r in reversed(range(SIZE))]
    return level_text(variant, start.title, start.description, "board", rows,
                      [("set", toml_string(start.set_name))])


def load_start(cls, name_or_path: str) -> Start:
    """The start named (shipped in levels/<variant>/, or the player's own) or at a path;
    cached until it changes."""
    text = str(name_or_path)
    if "/" in text or "\\" in text or text.endswith(".toml"):
        path = Path(text)
        if not path.exists():
            raise OptionError(f"unknown start {text!r} for {cls.variant}")
        return load_level(path, cls.variant, text)
    try:
        path = find_level(text, cls.variant, "start")
    except OptionError:
        known = ", ".join(f.name for f in level_files(cls.variant))
        raise OptionError(f"unknown start {text!r} for {cls.variant}"
                          + (f" (known: {known}, random)" if known else "")) from None
    return load_level(path, cls.variant, text)


def list_starts(cls, folder: Path | None = None) -> list[LevelEntry]:
    """Every level file of the variant, shipped then the player's own (or those of
    `folder`), "standard" first, then by name; a broken file is listed with its one-line
    error instead of raising."""
    return list_levels(cls.variant, folder)


def first_start(cls, set_name: str) -> Start | None:
    """The first level of the variant made for the set, or None."""
    for entry in list_starts(cls):
        if isinstance(entry.level, Start) and entry.level.set_name == set_name:
            return entry.level
    return None


def starting_elements(cls, options: dict, rng) -> list:
    """The (square, Element) pairs the options start from (`rng` for a random start)."""
    chosen, set_name = options["start"], options["set"]
    start = first_start(cls, set_name) if chosen == "first" else None
    # 'first' with no level made for the set starts at random, as the menu then offers
    if chosen == "random" or (chosen == "first" and start is None):
        return random_start(cls, set_name, rng)
    if start is None:
        start = load_start(cls, chosen)
    if start.set_name != set_name:
        raise OptionError(f"the start {chosen!r} is made for the {start.set_name} set, "
                          f"not {set_name}")
    return list(start.placed)


# ---- random starts -----------------------------------------------------------------------
def home_squares(cls, owner: int, count: int) -> list[int]:
    """The first `count` squares of `owner`'s side (game 4: of its colour), back rank first."""
    ranks = range(SIZE) if owner == 0 else reversed(range(SIZE))
    squares = [r * SIZE + f for r in ranks for f in range(SIZE)
               if not cls.coloured or dark(r * SIZE + f) == (owner == 0)]
    return squares[:count]


def balanced(tiles, rng) -> list[tuple[int, int]]:
    """(forward, back) numbers for each tile, so that the numbers facing the opponent add
    up to about as much as those facing home (the widest tiles placed first)."""
    order = sorted(range(len(tiles)), key=lambda i: tiles[i].a - tiles[i].b)
    result = [(0, 0)] * len(tiles)      # each one set below: order holds every index
    lead = 0
    for i in order:
        low, high = tiles[i].a, tiles[i].b
        high_forward = lead < 0 or (lead == 0 and rng.random() < 0.5)
        result[i] = (high, low) if high_forward else (low, high)
        lead += result[i][0] - result[i][1]
    return result


def random_start(cls, set_name: str, rng) -> list:
    """The set's groups shuffled on the home ranks, arrows balanced; in game 1 each test
    element on a random square of its back rank."""
    kind = SETS[set_name]
    if kind.shared:
        base = first_start(cls, set_name)
        if base is None:
            raise OptionError(f"a random start of the {set_name} set shuffles the two groups "
                              f"of a level file made for it, and no level of {cls.variant} "
                              "is")
        groups = [[e.tile for _, e in base.placed if e.owner == o] for o in (0, 1)]
    else:
        groups = [list(kind.tiles.elements)] * 2
    placed = []
    for owner, group in enumerate(groups):
        tiles = list(group)
        rng.shuffle(tiles)
        squares = home_squares(cls, owner, len(tiles))
        if cls.test_elements:
            tiles.remove(next(t for t in tiles if t.value == 0))
            test = rng.choice([s for s in squares if s // SIZE == squares[0] // SIZE])
            squares.remove(test)
            placed.append((test, Element(owner, 0, 0, True)))
        for square, (forward, back) in zip(squares, balanced(tiles, rng)):
            south, north = (back, forward) if owner == 0 else (forward, back)
            placed.append((square, Element(owner, south, north)))
    return sorted(placed)
