"""Board layouts: the ASCII grid of a level file (or of a position file's grid part) read
into the board a game is played on.

    name = "Standard 8x8"
    description = "The board of the original rules."
    grid = \"\"\"
    ........
    ..#..#..
    \"\"\"

`.` is a playable square, `#` a blocked one; the top line is the highest rank. The board
size follows from the grid. Every problem is a FileFormatError `file:line: message`.
Finding level files by name is levels.py's part.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import FileFormatError
from game.i18n import N_, _, ngettext
from ..textfiles import TomlFile
from .shape import (FILES, MAX_SIDE, MIN_SIDE, BoardShape, board_shape, middle_squares,
                    parse_square, square_name)

PLAYABLE, BLOCKED = ".", "#"
LEGEND = N_("'.' for a playable square, '#' for a blocked one")     # (PLAYABLE, BLOCKED)
# a file (column) of the board named in a problem: the editor marks its square by this
FILE_NAMED = N_("file {letter}")
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


def board_grid(board) -> str:
    """The grid of a board (a BoardShape, a view: anything with width, height and the
    indices of its blocked squares) as level files draw it, the top rank first."""
    return "\n".join("".join(BLOCKED if rank * board.width + f in board.blocked else PLAYABLE
                              for f in range(board.width))
                      for rank in reversed(range(board.height)))


def layout_from_toml(toml: TomlFile, name: str, shares: bool = False,
                     open_middle: bool = False) -> Layout:
    """The layout described by a parsed level file (or a position file's grid part);
    with `shares`, blocked squares must come in shares, with `open_middle` the four middle
    squares must be open (see parse_grid)."""
    for key in toml.data:
        if key not in KNOWN_KEYS:
            raise toml.error(key, _("unknown key {key} (known: {known})").format(
                key=repr(key), known=", ".join(KNOWN_KEYS)))
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
        raise toml.error(None, _("missing {key}: draw the board with {legend}").format(
            key=repr(key), legend=_(LEGEND)))
    rows = toml.grid_lines(key)
    if not rows:
        raise toml.error(key, _("the {key} is empty: draw the board with {legend}").format(
            key=key, legend=_(LEGEND)))
    first_line, first_row = rows[0]
    width, height = len(first_row), len(rows)
    for line, row in rows:
        for char in row:
            if char not in (PLAYABLE, BLOCKED):
                raise FileFormatError(toml.path, line, _(
                    "unknown character {char} in the {key} (use {legend})").format(
                    char=repr(char), key=key, legend=_(LEGEND)))
        if len(row) != width:
            raise FileFormatError(toml.path, line, _(
                "this row is {count} squares wide but the first row (line {line}) is {width}: "
                "the {key} must be rectangular").format(count=len(row), line=first_line,
                                                        width=width, key=key))
    # too high: the first row past the most there may be, else the last
    last = rows[min(MAX_SIDE, height - 1)][0]
    for size, line, said in (
            (width, first_line, ngettext("the board is {count} square wide; it must be {least} "
                                         "to {most}", "the board is {count} squares wide; it "
                                         "must be {least} to {most}", width)),
            (height, last, ngettext("the board is {count} square high; it must be {least} to "
                                    "{most}", "the board is {count} squares high; it must be "
                                    "{least} to {most}", height))):
        if not MIN_SIDE <= size <= MAX_SIDE:
            raise FileFormatError(toml.path, line, said.format(count=size, least=MIN_SIDE,
                                                               most=MAX_SIDE))
    blocked = frozenset((height - 1 - top_down) * width + file
                        for top_down, (_line, row) in enumerate(rows)
                        for file, char in enumerate(row) if char == BLOCKED)
    if shares:
        _check_shares(toml, key, rows)
    if open_middle:
        _check_open_middle(toml, rows, width, height, blocked)
    shape = board_shape(width, height, blocked)
    if not shape.slots:
        raise toml.error(key, _("the board has no two adjacent playable squares, so no tile "
                                "fits"))
    return width, height, frozenset(shape.names[i] for i in blocked)


def _check_shares(toml: TomlFile, key: str, rows) -> None:
    if len(rows) % 2:
        raise FileFormatError(toml.path, rows[-1][0], _(
            "the {key} has {count} rows: draw two rows per board cell, an even number").format(
            key=key, count=len(rows)))
    for (upper_line, upper), (lower_line, lower) in zip(rows[::2], rows[1::2]):
        for file, (a, b) in enumerate(zip(upper, lower)):
            if a != b:
                line = upper_line if a == BLOCKED else lower_line
                raise FileFormatError(toml.path, line, _(
                    "{file} is blocked in one square of a board cell but not in the other: a "
                    "blocked share covers both squares of its cell").format(
                    file=_(FILE_NAMED).format(letter=FILES[file])))


def _check_open_middle(toml: TomlFile, rows, width: int, height: int, blocked) -> None:
    """A blocked middle square is refused on the line of its row (the top one first)."""
    middle = sorted(middle_squares(width, height), key=lambda i: (-(i // width), i % width))
    names = ", ".join(square_name(i % width, i // width) for i in sorted(middle))
    for square in middle:
        if square in blocked:
            name = square_name(square % width, square // width)
            raise FileFormatError(toml.path, rows[height - 1 - square // width][0],
                                  _("{square} is blocked, but the four middle squares "
                                    "({squares}) must stay open for the opening").format(
                                      square=name, squares=names))
