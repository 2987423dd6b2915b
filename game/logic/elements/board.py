"""The element board: an 8x8 board with at most one element on a square (docs/rules.md,
Test element to Packs), shared by the moving games (1, 3, 4) and later by the shifting and placing
games (10, 22).

An element is a tile standing on one square with its long side along the files: its
`south` number at the south end, its `north` number at the north end, an owner, an arrow
(+1 north, -1 south: the end that faces the opponent's home) and a face-down flag. Two
elements touch only when they stand on the same file on adjacent ranks; then the north
one's south number faces the south one's north number. Squares are indexed
`rank * 8 + file` as in board/shape.py, so the square north of `s` is `s + 8`. Packs
across plays on a 16 x 4 board: the readers of element texts and drawn boards take its
shape (`shape=`), the 8 x 8 `SHAPE` being the default.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..board.shape import board_shape
from ..core import FileFormatError, Tile
from game.i18n import _

SIZE = 8
SHAPE = board_shape(SIZE, SIZE)
NORTH_ARROW, SOUTH_ARROW = 1, -1
OWNER_LETTERS = "sn"                    # level files: s the south player 0, n the north player 1
EMPTY_TOKEN = "..."
_TEXT = re.compile(r"([a-z][0-9]{1,2}):([0-9]+):([0-9])-([0-9])(\*?)([\^v]?)")
_TOKEN = re.compile(r"([sn])([0-6])([0-6])(\*?)")


def home_arrow(owner: int) -> int:
    """The fixed arrow of `owner`'s elements: player 0 points north, player 1 south."""
    return NORTH_ARROW if owner == 0 else SOUTH_ARROW


@dataclass(frozen=True, slots=True)
class Element:
    owner: int
    south: int
    north: int
    face_down: bool = False
    arrow: int | None = None            # None: the owner's fixed arrow

    def __post_init__(self):
        if self.arrow is None:
            object.__setattr__(self, "arrow", home_arrow(self.owner))

    @property
    def tile(self) -> Tile:
        return Tile.of(self.south, self.north)

    @property
    def value(self) -> int:
        return self.south + self.north

    @property
    def forward(self) -> int:
        """The number at the arrow end, facing the opponent's home."""
        return self.north if self.arrow == NORTH_ARROW else self.south

    def text(self, square: str, arrows: bool = False) -> str:
        """`c2:0:3-5`, `d1:0:0-0*`; with `arrows` the arrow too (`e4:1:2-6^`)."""
        mark = "*" if self.face_down else ""
        if arrows:
            mark += "^" if self.arrow == NORTH_ARROW else "v"
        return f"{square}:{self.owner}:{self.south}-{self.north}{mark}"

    def token(self) -> str:
        """The level-file token: `s35` (player 0, 3 south, 5 north), `n00*`."""
        return f"{OWNER_LETTERS[self.owner]}{self.south}{self.north}{'*' if self.face_down else ''}"


def parse_element(text: str, arrows: bool = False, shape=SHAPE) -> tuple[int, Element]:
    """(square index on `shape`, element) of an element text; ValueError in player words."""
    match = _TEXT.fullmatch(str(text).strip())
    if not match:
        raise ValueError(f"{text!r} is not an element (write SQUARE:OWNER:SOUTH-NORTH, "
                         "like c2:0:3-5, with * after a face-down one)")
    name, owner, south, north, down, arrow = match.groups()
    try:
        square = shape.square(name)
    except ValueError as exc:
        raise ValueError(f"{text!r}: {exc}") from None
    if owner not in ("0", "1"):
        raise ValueError(f"{text!r}: the owner is player 0 or 1, not {owner}")
    if arrow and not arrows:
        raise ValueError(f"{text!r}: arrows are fixed in this game, so no ^ or v")
    direction = None if not arrow else (NORTH_ARROW if arrow == "^" else SOUTH_ARROW)
    return square, Element(int(owner), int(south), int(north), bool(down), direction)


def board_tokens(toml, key: str, missing: str = "", shape=SHAPE):
    """(square, token, line) of every square of the board drawn in `key` of a TomlFile,
    the top rank first (`shape`: 8 x 8 unless a game plays on another board). A missing
    key (with the hint `missing`) or a wrong number of ranks or squares is a
    FileFormatError naming its line."""
    width, height = shape.width, shape.height
    if key not in toml.data:
        raise toml.error(None, _("missing {key}: draw the board, rank {rank} at the "
                                 "top").format(key=repr(key), rank=height) + missing)
    rows = toml.grid_lines(key)
    if len(rows) != height:
        # too many: the first rank past the last one there is room for, else the last
        line = rows[min(height, len(rows) - 1)][0] if rows else toml.line_of(key)
        raise FileFormatError(toml.path, line, _("the board has {count} ranks: draw all "
                                                 "{height}, rank {height} at the top").format(
            count=len(rows), height=height))
    for top, (line, row) in enumerate(rows):
        tokens, rank = row.split(), height - 1 - top
        if len(tokens) != width:
            raise FileFormatError(toml.path, line, _(
                "rank {rank} has {count} squares: write {width}, separated by spaces").format(
                rank=rank + 1, count=len(tokens), width=width))
        for file, token in enumerate(tokens):
            yield rank * width + file, token, line


def parse_token(token: str) -> Element | None:
    """The element of a level-file token, None for an empty square; ValueError if neither."""
    if token == EMPTY_TOKEN:
        return None
    match = _TOKEN.fullmatch(token)
    if not match:
        raise ValueError(token)
    letter, south, north, down = match.groups()
    return Element(OWNER_LETTERS.index(letter), int(south), int(north), bool(down))


class ElementBoard:
    """Who stands where. `cells[square]` is an Element or None; `counts` per owner."""

    __slots__ = ("cells", "counts")

    def __init__(self, cells=None):
        self.cells: list[Element | None] = list(cells) if cells is not None else [None] * SHAPE.size
        self.counts = [0, 0]
        for element in self.cells:
            if element is not None:
                self.counts[element.owner] += 1

    @classmethod
    def of(cls, placed) -> "ElementBoard":
        """A board from (square, element) pairs; ValueError when a square is named twice."""
        board = cls()
        for square, element in placed:
            if board.cells[square] is not None:
                raise ValueError(f"{SHAPE.names[square]} holds two elements")
            board.put(square, element)
        return board

    def copy(self) -> "ElementBoard":
        return ElementBoard(self.cells)

    def put(self, square: int, element: Element) -> None:
        self.cells[square] = element
        self.counts[element.owner] += 1

    def take(self, square: int) -> Element:
        """The element on `square` (its callers take from occupied squares only)."""
        element = self.cells[square]
        self.cells[square] = None
        self.counts[element.owner] -= 1     # type: ignore[union-attr]
        return element                      # type: ignore[return-value]

    def squares_of(self, owner: int) -> list[int]:
        return [s for s, e in enumerate(self.cells) if e is not None and e.owner == owner]

    def captures_at(self, square: int, element: Element, vacated: int | None = None,
                    one: bool = False) -> list[int]:
        """The opponent elements `element` captures on arriving at `square` (north one
        first): those it touches with equal facing numbers, neither face down. `vacated`
        is a square to count as empty (where the element came from); with `one` only the
        one ahead (in its arrow's direction) when two would go."""
        if element.face_down:
            return []
        cells, found = self.cells, []
        if square < SHAPE.size - SIZE and square + SIZE != vacated:
            other = cells[square + SIZE]
            if (other is not None and other.owner != element.owner and not other.face_down
                    and other.south == element.north):
                found.append(square + SIZE)
        if square >= SIZE and square - SIZE != vacated:
            other = cells[square - SIZE]
            if (other is not None and other.owner != element.owner and not other.face_down
                    and other.north == element.south):
                found.append(square - SIZE)
        if one and len(found) == 2:
            found = found[:1] if element.arrow == NORTH_ARROW else found[1:]
        return found

    def capture_possible(self) -> bool:
        """Whether two opposing elements could ever face equal numbers (arrows never turn,
        so a player-0 element's north number must meet a player-1 south number, or its
        south number a north number). Face-down elements never capture."""
        norths: tuple[set[int], set[int]] = (set(), set())
        souths: tuple[set[int], set[int]] = (set(), set())
        for element in self.cells:
            if element is not None and not element.face_down:
                norths[element.owner].add(element.north)
                souths[element.owner].add(element.south)
        return bool(norths[0] & souths[1] or souths[0] & norths[1])

    def texts(self, arrows: bool = False) -> list[str]:
        """Every element's text, in square order."""
        names = SHAPE.names
        return [e.text(names[s], arrows) for s, e in enumerate(self.cells) if e is not None]

    def grid(self) -> list[str]:
        """The board as a level or position file draws it: rank 8 first, tokens spaced."""
        return [" ".join(EMPTY_TOKEN if e is None else e.token()
                         for e in self.cells[rank * SIZE:(rank + 1) * SIZE])
                for rank in reversed(range(SIZE))]

    def __eq__(self, other) -> bool:
        return isinstance(other, ElementBoard) and self.cells == other.cells

    def __repr__(self) -> str:
        return "ElementBoard(" + " ".join(self.texts()) + ")"


def rank_of(square: int) -> int:
    return square // SIZE


def past_middle(owner: int, square: int) -> bool:
    """Whether `square` lies in the opponent's half (ranks 5-8 for player 0, 1-4 for 1)."""
    return (square // SIZE >= SIZE // 2) == (owner == 0)
