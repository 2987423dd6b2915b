"""What every game of two-square tiles on a board shares (Dominox, Spread, Dominid):
moves are placements `x-y@S1S2` or `pass`, the view is a board of numbers, and the
greedy player's judgement lives in the variant's view module."""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import ModuleType
from typing import ClassVar

import re

from ..core import PASS, DominoError, FileFormatError, IllegalMoveError, View
from ..state import GameState
from ..textfiles import TomlFile, shorten
from .layout import board_grid
from .placement import Placement
from .shape import EMPTY, BoardShape, board_shape

MAX_GRID_TEXT = 26 * 27          # the largest board: 26 rows of 26 squares and line ends


@dataclass(frozen=True)
class BoardView(View):
    width: int
    height: int
    blocked: frozenset[int]            # blocked square indices (rank * width + file)
    numbers: tuple[int, ...]           # per square: the number shown on top, or -1

    @property
    def shape(self) -> BoardShape:
        return board_shape(self.width, self.height, self.blocked)

    def number_at(self, square: str) -> int | None:
        number = self.numbers[self.shape.square(square)]
        return None if number == EMPTY else number


class PlacementGame(GameState):
    """A GameState whose moves are placements on a board from a level file. `views` is
    the variant's module with `view_of(game, player)`, `heuristic(view, move)` and
    `heuristics(view)`; `positions` its module with `game_from_position(cls, data, path)`
    and `position_text(game)`."""

    views: ModuleType
    positions: ModuleType
    # `grid`: the board the game was played on, so that a record (and a saved match)
    # replays the same whatever happens to its level file later
    record_keys: ClassVar[tuple[str, ...]] = ("grid", "deal", "position")

    def __init__(self, players: int, layout, options: dict, seed: int | None,
                 shape: BoardShape | None = None):
        self.require_players(players)
        self.players = players
        self.seed = seed
        self.options = options
        self.layout = layout
        self.shape: BoardShape = shape or layout.shape
        self._stack: list[tuple] = []
        self.start: dict = {}           # the record's deal or position

    @classmethod
    def from_position(cls, data, path: str = "<position>"):
        return cls.positions.game_from_position(cls, data, path)

    def record(self) -> dict:
        """The game record, with the board it is played on (`grid`) beside its deal; a
        game begun from a position names its board there."""
        record = super().record()
        if "position" in record:
            return record
        return {**self.record_header(), "grid": board_grid(self.shape), **record}

    @classmethod
    def record_layout(cls, record: dict, name: str):
        """The layout the record's `grid` draws, checked as strictly as a level file of
        this game (DominoError in one line), called `name`; None for a record written
        before records carried their board (its level is then read by name)."""
        if "grid" not in record:
            return None
        grid = record["grid"]
        if not isinstance(grid, str) or len(grid) > MAX_GRID_TEXT:
            raise DominoError(f"bad grid: the board is drawn as text of at most "
                              f"{MAX_GRID_TEXT} characters, not {shorten(grid)}")
        text = f'grid = """\n{grid}\n"""\n'
        try:
            layout = cls.level_from_toml(TomlFile("<record>", text, {"grid": grid}), name)
        except FileFormatError as exc:
            row = f" row {exc.line - 1}:" if exc.line and exc.line > 1 else ""
            message = re.sub(r"\(line (\d+)\)", lambda m: f"(row {int(m[1]) - 1})",
                             exc.message)
            raise DominoError(f"bad grid:{row} {message}") from None
        return cls._named_like(layout, name)

    @classmethod
    def _named_like(cls, layout, name: str):
        """`layout` with the title and description of the level `name` while that level
        still draws this board (the record holds the board, not its name in words)."""
        from ..levels import load_layout
        try:
            named = load_layout(name, cls.variant)
        except DominoError:
            return layout
        if (named.width, named.height, named.blocked) != (layout.width, layout.height,
                                                          layout.blocked):
            return layout
        return replace(layout, title=named.title, description=named.description)

    @classmethod
    def position_layout(cls, toml, name: str):
        """The board a position file plays on: its `grid`, drawn inline and checked as a
        level file of this game, or else the level `name` names (FileFormatError at the
        file's `layout` line)."""
        from ..levels import load_layout
        if "grid" in toml.data:
            return cls.level_from_toml(TomlFile(toml.path, toml.text, {
                k: toml.data[k] for k in ("grid", "name", "description") if k in toml.data}),
                name)
        try:
            return load_layout(name, cls.variant)
        except DominoError as exc:
            raise toml.error("layout", str(exc)) from None

    def board_unless_named(self) -> dict:
        """{"grid": ...} when the level the options name no longer draws this board (it
        was changed or deleted since the game began), so that a position file written
        now still holds the board played on; {} when the name says it."""
        from ..levels import load_layout
        try:
            named = load_layout(self.options["layout"], self.variant).shape
            if (named.width, named.height, named.blocked) == (
                    self.shape.width, self.shape.height, self.shape.blocked):
                return {}
        except DominoError:
            pass
        return {"grid": board_grid(self.shape)}

    @classmethod
    def level_from_toml(cls, toml, name: str):
        """The layout a level file of this game holds, checked (FileFormatError) as the
        registry says: whole shares blocked (Spread), the middle kept open (Dominid)."""
        from .layout import layout_from_toml
        from ..variants import variant_entry
        entry = variant_entry(cls.variant)
        return layout_from_toml(toml, name, entry.shares, entry.open_middle)

    @classmethod
    def level_text(cls, layout) -> str:
        """The level file of `layout` (what `level_from_toml` reads back)."""
        from ..levels import level_text
        return level_text(cls.variant, layout.title, layout.description, "grid",
                          layout.grid_text().splitlines())

    def position_text(self) -> str:
        """This position as a position file (TOML) that `from_position` reads back."""
        return self.positions.position_text(self)

    def parse_move(self, text):
        if isinstance(text, Placement):
            return text
        if str(text).strip().lower() == PASS:
            return PASS
        try:
            return Placement.parse(str(text))
        except ValueError as exc:
            raise IllegalMoveError(text, str(exc)) from None

    def view(self, player: int):
        return self.views.view_of(self, player)

    @classmethod
    def heuristic(cls, view, move) -> float:
        return cls.views.heuristic(view, move)

    @classmethod
    def heuristics(cls, view) -> list[float]:
        return cls.views.heuristics(view)
