"""A rectangular board of squares, independent of any one game's rules: the board
package's shape (Dominox, Spread, Dominid and the open-board games all stand on it).

Squares are numbered `rank * width + file` from a1 = 0, so a flat list indexed by square
holds whatever a game keeps per square, and of two adjacent squares the lower one of a
vertical pair and the left one of a horizontal pair always has the smaller number: that is
the canonical first square of a placement. Everything that depends only on the board's
shape (names, colours, neighbour lists, the adjacent pairs called slots) is computed once
per shape and shared, since search will build many boards of the same shape.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

FILES = "abcdefghijklmnopqrstuvwxyz"
MIN_SIDE, MAX_SIDE = 2, 26
WHITE, BLACK = 0, 1
EMPTY = -1

_SQUARE = re.compile(r"([a-z])([0-9]{1,3})")

# Directions as (file step, rank step); rank grows to the north.
NORTH, SOUTH, EAST, WEST = (0, 1), (0, -1), (1, 0), (-1, 0)
NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST = (1, 1), (-1, 1), (1, -1), (-1, -1)
ORTHOGONAL = (NORTH, SOUTH, EAST, WEST)
DIAGONAL = (NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST)
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL


def square_name(file: int, rank: int) -> str:
    """`square_name(0, 0)` is "a1"; files and ranks count from 0."""
    return f"{FILES[file]}{rank + 1}"


def parse_square(text: str) -> tuple[int, int]:
    """(file, rank) counted from 0 for a name like "c4"; ValueError if it is no square name.
    Whether the square is on a given board is the shape's question (`BoardShape.square`)."""
    match = _SQUARE.fullmatch(text.strip().lower())
    if not match or int(match.group(2)) < 1:
        raise ValueError(f"{text!r} is not a square name (a file letter and a rank, like c4)")
    return FILES.index(match.group(1)), int(match.group(2)) - 1


def middle_squares(width: int, height: int) -> tuple[int, int, int, int]:
    """(left lower, left upper, right lower, right upper) of the two middle files and the
    two middle ranks (along an odd side, the centre line and the one before it: files d
    and e of a 9-wide board)."""
    left, bottom = (width - 2) // 2, (height - 2) // 2
    lower = bottom * width + left
    return lower, lower + width, lower + 1, lower + 1 + width


def canonical_pair(first: str, second: str) -> tuple[str, str]:
    """The two names with the lower (vertical) or left (horizontal) square first."""
    (f1, r1), (f2, r2) = parse_square(first), parse_square(second)
    return (first, second) if (r1, f1) <= (r2, f2) else (second, first)


class BoardShape:
    """Everything about a W x H board with some blocked squares that never changes.

    Get one through `board_shape()`, which shares one object per distinct shape.
    Blocked squares hold nothing: they are in nobody's neighbour list and in no slot.
    """

    def __init__(self, width: int, height: int, blocked: frozenset[int]):
        if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
            raise ValueError(f"a board is {MIN_SIDE} to {MAX_SIDE} squares each way, "
                             f"not {width}x{height}")
        self.width, self.height = width, height
        self.size = width * height
        self.blocked = frozenset(blocked)
        if any(not 0 <= i < self.size for i in self.blocked):
            raise ValueError("a blocked square lies off the board")
        self.playable = tuple(i not in self.blocked for i in range(self.size))
        self.names = tuple(square_name(i % width, i // width) for i in range(self.size))
        self.index = {name: i for i, name in enumerate(self.names)}
        self.colours = tuple((i % width + i // width) % 2 for i in range(self.size))
        self.neighbours = tuple(self._neighbours(i) for i in range(self.size))
        self.diagonals = tuple(tuple(j for j in (self.step(i, d) for d in DIAGONAL)
                                     if j is not None and self.playable[j])
                               if self.playable[i] else () for i in range(self.size))
        self.slots = tuple((i, j) for i in range(self.size) for j in self.neighbours[i] if j > i)
        self.slot_of = {}
        for k, (i, j) in enumerate(self.slots):
            self.slot_of[i, j] = self.slot_of[j, i] = k

    def _neighbours(self, i: int) -> tuple[int, ...]:
        if not self.playable[i]:
            return ()
        file, rank = i % self.width, i // self.width
        around = []
        if rank > 0:
            around.append(i - self.width)
        if file > 0:
            around.append(i - 1)
        if file < self.width - 1:
            around.append(i + 1)
        if rank < self.height - 1:
            around.append(i + self.width)
        return tuple(j for j in around if self.playable[j])

    def step(self, square: int, direction: tuple[int, int]) -> int | None:
        """The square one step from `square` in `direction`, or None off the board
        (blocked squares are returned: whether they take anything is the game's rule)."""
        file, rank = square % self.width + direction[0], square // self.width + direction[1]
        if 0 <= file < self.width and 0 <= rank < self.height:
            return rank * self.width + file
        return None

    def beyond(self, square: int, direction: tuple[int, int]) -> str | None:
        """The name of the imaginary square one step past the north or south edge (rank 0
        or rank height + 1, as game records name a move off the board), or None when that
        step stays on the board or leaves it sideways."""
        file, rank = square % self.width + direction[0], square // self.width + direction[1]
        if not 0 <= file < self.width or 0 <= rank < self.height:
            return None
        return f"{FILES[file]}{rank + 1}"

    def file_rank(self, square: int) -> tuple[int, int]:
        return square % self.width, square // self.width

    def square(self, name: str) -> int:
        """The index of square `name`; ValueError in player words when it is not on the board."""
        file, rank = parse_square(name)
        if file >= self.width or rank >= self.height:
            raise ValueError(f"{name} is off the board")
        return rank * self.width + file

    def colour(self, square: int) -> int:
        """WHITE (0) when file + rank is even (a1 is white), else BLACK (1)."""
        return self.colours[square]

    def regions(self, numbers: list[int]) -> list[list[int]]:
        """The orthogonally connected groups of empty playable squares (numbers[i] == EMPTY),
        each in ascending square order, the groups ordered by their first square."""
        seen = [False] * self.size
        neighbours, playable = self.neighbours, self.playable
        result = []
        for start in range(self.size):
            if seen[start] or not playable[start] or numbers[start] != EMPTY:
                continue
            seen[start] = True
            region, frontier = [start], [start]
            while frontier:
                square = frontier.pop()
                for other in neighbours[square]:
                    if not seen[other] and numbers[other] == EMPTY:
                        seen[other] = True
                        region.append(other)
                        frontier.append(other)
            region.sort()
            result.append(region)
        return result

    def __repr__(self) -> str:
        blocked = ",".join(self.names[i] for i in sorted(self.blocked))
        return f"BoardShape({self.width}x{self.height}{' blocked ' + blocked if blocked else ''})"


@cache
def board_shape(width: int, height: int, blocked: frozenset[int] = frozenset()) -> BoardShape:
    """The shared shape object of a W x H board with these blocked square indices."""
    return BoardShape(width, height, frozenset(blocked))


@dataclass
class Grid:
    """Numbers on squares: `numbers[i]` is the number shown on square i or EMPTY.

    A placement puts number x on square s1 and y on s2 (adjacent, both empty, playable).
    Rule checks belong to the game; the grid only refuses what no game allows.
    """

    shape: BoardShape
    numbers: list[int] = field(default_factory=list)    # shared with the caller when given

    def __post_init__(self):
        if not self.numbers:
            self.numbers = [EMPTY] * self.shape.size

    def place(self, s1: int, x: int, s2: int, y: int) -> None:
        if (s1, s2) not in self.shape.slot_of:
            raise ValueError(f"{self._name(s1)} and {self._name(s2)} are not adjacent "
                             "playable squares")
        if self.numbers[s1] != EMPTY or self.numbers[s2] != EMPTY:
            taken = s1 if self.numbers[s1] != EMPTY else s2
            raise ValueError(f"{self.shape.names[taken]} is taken")
        self.numbers[s1], self.numbers[s2] = x, y

    def lift(self, s1: int, s2: int) -> None:
        self.numbers[s1] = self.numbers[s2] = EMPTY

    def empty_regions(self) -> list[list[int]]:
        return self.shape.regions(self.numbers)

    def _name(self, square: int) -> str:
        return self.shape.names[square] if 0 <= square < self.shape.size else "off the board"
