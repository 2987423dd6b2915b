"""What the parts of the line-game match scene (line.art, line.input) read of each other
and of line.scene.LineMatchScene, declared for the type checker only: at run time
`LineSceneParts` is an empty class, and the scene sets every one of these."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.shell.match.scene import MatchScenePart

if TYPE_CHECKING:
    import pygame

    from game.logic.core import Tile
    from game.logic.line.classic import ClassicMatch
    from game.logic.line.laying import Placed as LinePlaced
    from game.logic.line.view import LineView
    from game.shell.line.layout import LineLayout, Placed


class LineSceneParts(MatchScenePart):
    """Mixed into LineMatchScene under its parts: the model they read."""

    if TYPE_CHECKING:
        state: ClassicMatch          # (blank tiles' state is one too)
        blank: bool
        public: LineView             # the bottom seat's view (as the round ended, while frozen)
        hand: list[Tile]             # the shown hand, drawn tiles not yet turned up aside
        moves: list                  # the shown hand's legal moves (LineView.legal_moves)
        pending: list[Tile]          # drawn tiles the human has not turned up yet
        selected: Tile | None
        end: str | None              # the chosen end of the selected tile
        hover: int | None            # hand index under the pointer
        pointer: tuple[int, int]
        press: tuple[tuple[int, int], int] | None   # (pos, hand index) of a press that may drag
        dragging: bool
        frozen: tuple[tuple[LinePlaced, ...], int, int] | None  # (line, opener, last index)
        anim: tuple[tuple[int, int], pygame.Rect, pygame.Rect, float, float] | None
        flip: dict[Tile, float] | None   # drawn tiles turning face up: tile -> start
        table_area: pygame.Rect
        hand_rects: list[pygame.Rect]
        line: tuple[LinePlaced, ...]
        opener: int
        last_index: int
        layout: LineLayout

        @property
        def bottom(self) -> int | None: ...

        @property
        def my_turn(self) -> bool: ...

        @property
        def may_stop(self) -> bool: ...

        def ends_for(self, tile: Tile) -> list[str]: ...

        def ghost(self, tile: Tile, end: str) -> Placed: ...

        def panel_tiles(self, player: int) -> list[Tile]: ...

        def tiles_held(self, player: int) -> int: ...

        def _refresh(self) -> None: ...

        def _zone_at(self, pos: tuple[int, int]) -> str | None: ...
