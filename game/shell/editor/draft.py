"""The level being edited, with no pygame: a grid of open and blocked squares (Dominox,
Dominid, Spread's shares) or the elements of a starting board (games 1, 3, 4 and 10).

A draft never checks itself: `check()` writes the level text the game's own writer
makes and hands it to the game's own reader (levels.read_level), so every problem is
the very `file:line: message` that loading the saved file would give, and the squares
to mark are read off that line and message.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from game.i18n import _
from game.logic.board.layout import FILE_NAMED
from game.logic.board.shape import FILES, MAX_SIDE, MIN_SIDE
from game.logic.core import FileFormatError, OptionError, Tile
from game.logic.elements.board import Element
from game.logic.elements.files import SETS, Start, random_start
from game.logic.elements.shift_starts import WHOLE_SETS, Start as ShiftStart, random_cells
from game.logic.levels import Layout, name_problem, own_folder, read_level
from game.logic.textfiles import parse_toml
from game.logic.variants import find_variant, variant_entry

SIZE = 8                          # the element board is 8 x 8
GRID, SHARES, ELEMENTS = "grid", "shares", "elements"
_SQUARE = re.compile(r"\b([a-z])([1-9][0-9]?)\b")


@dataclass(frozen=True)
class Check:
    """What the game's reader says of the draft: its level, or the error and the squares
    ((file, rank) pairs) it points at."""

    level: object | None
    error: str | None
    marked: frozenset = frozenset()


class Draft:
    """One level of `variant` being edited, made from `level` (a Layout or a start, the
    template); `name` is the file name it will be saved under."""

    def __init__(self, variant: str, level, name: str, rng: random.Random | None = None):
        self.variant = variant
        self.cls = find_variant(variant)
        self.kind = kind_of(variant, level)
        self.name = name
        self.title = level.title
        self.description = level.description
        self.rng = rng or random.Random()
        self.hand: Element | None = None          # lifted: on neither the board nor the tray
        if self.kind == ELEMENTS:
            self.shift = not hasattr(self.cls, "sets")
            self.set_name = None if self.shift else level.set_name
            self.stacks = level.stacks if self.shift else False
            self.cells: list[list[Element]] = [[] for _ in range(SIZE * SIZE)]
            if self.shift:
                self.cells = [list(stack) for stack in level.cells]
            else:
                for square, element in level.placed:
                    self.cells[square].append(element)
            self.width = self.height = SIZE
        else:
            self.width, self.height = level.width, level.height
            self.blocked = {_square_of(name) for name in level.blocked}

    # ---- the level, written and read back -----------------------------------------------
    # ---- undo: the whole draft, as it stands ----------------------------------------------
    def snapshot(self) -> tuple:
        """Everything an edit can change (blocked squares outside a shrunken board too)."""
        cells = tuple(tuple(stack) for stack in self.cells) if self.kind == ELEMENTS else ()
        blocked = frozenset(self.blocked) if self.kind != ELEMENTS else frozenset()
        return (self.name, self.title, self.description, self.width, self.height, blocked,
                cells, getattr(self, "set_name", None), getattr(self, "stacks", False))

    def restore(self, snapshot: tuple) -> None:
        (self.name, self.title, self.description, self.width, self.height, blocked, cells,
         set_name, stacks) = snapshot
        if self.kind == ELEMENTS:
            self.cells = [list(stack) for stack in cells]
            self.set_name, self.stacks = set_name, stacks
        else:
            self.blocked = set(blocked)

    def level(self):
        """The level the draft draws, built as the game's reader builds it."""
        if self.kind != ELEMENTS:
            names = frozenset(f"{FILES[f]}{r + 1}" for f, r in self.visible_blocked())
            return Layout(self.name, self.title, self.description, self.width, self.height,
                          names, "")
        if self.shift:
            return ShiftStart(self.name, self.title, self.description, self.stacks,
                              tuple(tuple(stack) for stack in self.cells), "")
        placed = tuple((square, element) for square, stack in enumerate(self.cells)
                       for element in stack)
        return Start(self.name, self.title, self.description, self.set_name, placed, "")

    def text(self) -> str:
        """The level file as Save writes it."""
        # every game with levels (an element or a grid game) writes its own level files
        return self.cls.level_text(self.level())  # type: ignore[attr-defined]

    def text_of(self, file_text: str) -> str | None:
        """What `text()` gives for the level in `file_text` (a file of this draft's name),
        None if it does not load."""
        try:
            level = read_level(self.variant, parse_toml(file_text, str(self.path())), self.name)
        except (FileFormatError, OptionError):
            return None
        return Draft(self.variant, level, self.name).text()

    def path(self) -> Path:
        return own_folder(self.variant) / f"{self.name}.toml"

    def check(self) -> Check:
        """The game's reader on the draft's text: the level, or its one-line error."""
        text = self.text()
        try:
            return Check(read_level(self.variant, parse_toml(text, str(self.path())),
                                    self.name), None)
        except (FileFormatError, OptionError) as exc:
            return Check(None, str(exc), self._marked(text, getattr(exc, "line", None),
                                                      getattr(exc, "message", str(exc))))

    def save_problem(self, check: Check) -> str | None:
        """Why Save is refused: the level's own error, or its file name's."""
        return check.error or name_problem(self.name, self.variant)

    def _marked(self, text: str, line: int | None, message: str) -> frozenset:
        """The squares an error points at: those its message names on its line's rank
        (else the whole rank), or named anywhere when the line is no rank of the board."""
        lines = text.splitlines()
        first = next(i for i, row in enumerate(lines) if row.endswith('= """')) + 2
        rank = self.height - 1 - (line - first) if line and \
            first <= line < first + self.height else None
        outside = re.sub(r"\([^)]*\)", "", message)
        said = [self._on_board(m) for m in _SQUARE.finditer(outside)] or \
            [self._on_board(m) for m in _SQUARE.finditer(message)]
        named = [sq for sq in said if sq is not None]
        if rank is not None:
            file = re.escape(_(FILE_NAMED)).replace(re.escape("{letter}"), "([a-z])")
            named += [(FILES.index(m.group(1)), rank) for m in
                      re.finditer(rf"\b{file}\b", message)]    # in the language it is in
            in_rank = [sq for sq in named if sq[1] == rank]
            return frozenset(in_rank or ((f, rank) for f in range(self.width)))
        return frozenset(named)

    def _on_board(self, match) -> tuple[int, int] | None:
        square = (FILES.index(match.group(1)), int(match.group(2)) - 1)
        return square if square[0] < self.width and square[1] < self.height else None

    # ---- grids ----------------------------------------------------------------------------
    def partner(self, square) -> tuple[int, int]:
        """The other square of a Spread share: rows are paired from the top of the grid."""
        file, rank = square
        top_down = self.height - 1 - rank
        return file, self.height - 1 - (top_down ^ 1)

    def squares_of(self, square) -> list[tuple[int, int]]:
        """What painting `square` paints: itself, or its whole share in Spread."""
        return [square, self.partner(square)] if self.kind == SHARES else [square]

    def paint(self, square, blocked: bool) -> bool:
        """Block or open `square` (its share); whether anything changed."""
        before = set(self.blocked)
        for sq in self.squares_of(square):
            (self.blocked.add if blocked else self.blocked.discard)(sq)
        return self.blocked != before

    def is_blocked(self, square) -> bool:
        return square in self.blocked

    def visible_blocked(self) -> set[tuple[int, int]]:
        """The blocked squares on the board as it is now sized (a shrunken board keeps
        the others, so growing it again brings them back)."""
        return {(f, r) for f, r in self.blocked if f < self.width and r < self.height}

    def resize(self, width: int, height: int) -> None:
        """A new size (2 to 26 each way), a1 staying where it is."""
        self.width = min(max(width, MIN_SIDE), MAX_SIDE)
        self.height = min(max(height, MIN_SIDE), MAX_SIDE)

    def mirror(self, across: bool) -> None:
        """Mirror left to right (`across`), or top to bottom; elements: see mirror_sides."""
        w, h = self.width, self.height
        self.blocked = {(w - 1 - f, r) if across else (f, h - 1 - r)
                        for f, r in self.visible_blocked()}

    def rotate(self) -> None:
        """A quarter turn clockwise: the width and the height trade places."""
        w, visible = self.width, self.visible_blocked()
        self.width, self.height = self.height, w
        self.blocked = {(r, w - 1 - f) for f, r in visible}

    def clear(self) -> None:
        if self.kind == ELEMENTS:
            self.cells = [[] for _ in self.cells]
        else:
            self.blocked = set()

    # ---- elements -------------------------------------------------------------------------
    @property
    def set_kind(self):
        """The set the tray holds: one split between the sides, or a whole one each."""
        if self.shift:
            return WHOLE_SETS if self.stacks else SETS["halves"]
        return SETS[self.set_name]

    def tray(self, owner: int) -> list[Tile]:
        """The set's elements not yet on the board (a shared set: whichever side), sorted;
        each only as often as the set has it, so none can be used twice."""
        kind = self.set_kind
        lifted = [self.hand] if self.hand is not None else []
        used = Counter(e.tile for stack in [*self.cells, lifted] for e in stack
                       if kind.shared or e.owner == owner)
        return sorted((Counter(kind.tiles.elements) - used).elements())

    def owner_at(self, square: int, owner: int) -> int:
        """Who an element set down on `square` belongs to: with a shared set the side of
        the board's half it stands in, else the side whose tray it came from."""
        return (0 if square // SIZE < SIZE // 2 else 1) if self.set_kind.shared else owner

    def top(self, square: int) -> Element | None:
        stack = self.cells[square]
        return stack[-1] if stack else None

    def take(self, square: int) -> Element | None:
        """Lift the element on `square` (the top of a stack)."""
        return self.cells[square].pop() if self.cells[square] else None

    def put(self, square: int, element: Element) -> str | None:
        """Set `element` down on `square` (on top of a stack of the same side with
        stacks); why not, in player words, when the square is taken."""
        stack = self.cells[square]
        owner = self.owner_at(square, element.owner)
        if stack and not (self.stacks and stack[-1].owner == owner):
            return _("{square} is taken: choose an empty square").format(square=_name(square))
        stack.append(replace(element, owner=owner, arrow=None))
        return None

    def turned(self, element: Element) -> Element:
        """The element turned end for end: its south and north numbers swap."""
        return replace(element, south=element.north, north=element.south)

    def flipped(self, element: Element) -> Element:
        """Face down or up again (the test elements of game 1)."""
        return replace(element, face_down=not element.face_down)

    def build_start(self) -> None:
        """A valid start for the set or stacks chosen, each side's elements shuffled on
        its home ranks (Shift with stacks: a whole set each, four to a back-rank square)."""
        if self.shift:
            cells = random_cells(self.stacks, self.rng)
            self.cells = [list(stack) for stack in cells]
        else:
            self.cells = [[] for _ in self.cells]
            for square, element in random_start(self.cls, str(self.set_name), self.rng):
                self.cells[square].append(element)

    def shuffle(self) -> None:
        """Each side's elements shuffled over the squares (and stack places) it holds."""
        for owner in (0, 1):
            places = [(sq, i) for sq, stack in enumerate(self.cells)
                      for i, e in enumerate(stack) if e.owner == owner]
            elements = [self.cells[sq][i] for sq, i in places]
            self.rng.shuffle(elements)
            for (sq, i), element in zip(places, elements):
                self.cells[sq][i] = element

    def mirror_sides(self) -> None:
        """The north side made the mirror of the south side across the middle line: the
        same squares and the same numbers facing forward; the same elements where each
        side has a whole set, else the other half's, matched by value."""
        south = [(sq, i, e) for sq, stack in enumerate(self.cells)
                 for i, e in enumerate(stack) if e.owner == 0]
        self.cells = [[e for e in stack if e.owner == 0] for stack in self.cells]
        if self.set_kind.shared:
            others = Counter(self.set_kind.tiles.elements) - Counter(e.tile for *_, e in south)
            order = sorted(range(len(south)), key=lambda k: -south[k][2].value)
            tiles = sorted(others.elements(), key=lambda t: -t.value)
        else:
            order, tiles = list(range(len(south))), [e.tile for *_, e in south]
        for k, tile in zip(order, tiles):
            square, _owner, element = south[k]
            forward_high = element.north >= element.south
            low, high = tile.a, tile.b
            south_n, north_n = (high, low) if forward_high else (low, high)
            mirrored = (SIZE - 1 - square // SIZE) * SIZE + square % SIZE
            self.cells[mirrored].append(Element(1, south_n, north_n, element.face_down))


def kind_of(variant: str, level) -> str:
    """GRID, SHARES or ELEMENTS: what a level of `variant` draws (`level`, one of its)."""
    if not isinstance(level, Layout):
        return ELEMENTS
    return SHARES if variant_entry(variant).shares else GRID


def _square_of(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:]) - 1


def _name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"
