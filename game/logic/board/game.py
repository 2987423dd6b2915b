"""What every game of two-square tiles on a board shares (Dominox, Spread, Dominid):
moves are placements `x-y@S1S2` or `pass`, the view is a board of numbers, and the
greedy player's judgement lives in the variant's view module."""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from ..core import PASS, IllegalMoveError, View
from ..state import GameState
from .placement import Placement
from .shape import EMPTY, BoardShape, board_shape


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
    record_keys: ClassVar[tuple[str, ...]] = ("deal", "position")

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
