"""Helpers the board games' worlds share: the board as a level grid, and asking the
variant's own rules which tiles a player could lay (what a pass rules out)."""
from __future__ import annotations

from ..core import DominoError


def grid_text(view) -> str:
    """The view's board as a level grid ('.' playable, '#' blocked, top rank first)."""
    rows = []
    for rank in reversed(range(view.height)):
        rows.append("".join("#" if rank * view.width + f in view.blocked else "."
                            for f in range(view.width)))
    return "\n".join(rows)


def layable_tiles(cls, position: dict) -> frozenset | None:
    """The tiles of the hand of the player to move in `position` (a position dict) that
    have a legal placement, by the variant's own legal_moves; None when the position
    cannot be built (nothing is then ruled out)."""
    try:
        state = cls.from_position(position, "<probe>")
    except DominoError:
        return None
    return frozenset(move.tile for move in state.legal_moves() if hasattr(move, "tile"))
