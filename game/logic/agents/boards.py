"""Helpers the board games' worlds share: naming the layout a view stands on, and asking
the variant's own rules which tiles a player could lay (what a pass rules out)."""
from __future__ import annotations

from ..core import DominoError
from ..levels import list_layouts

_NAMES: dict[tuple, str | None] = {}


def layout_name(variant: str, view) -> str | None:
    """The name of the level of `variant` whose board is the view's (same size, same
    blocked squares), "standard" first; None when no level file matches."""
    key = (variant, view.width, view.height, frozenset(view.blocked))
    if key not in _NAMES:
        _NAMES[key] = None
        for entry in list_layouts(variant):
            layout = entry.layout
            if layout is not None:
                shape = layout.shape
                if (shape.width, shape.height, shape.blocked) == key[1:]:
                    _NAMES[key] = entry.name
                    break
    return _NAMES[key]


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
