"""Helpers the board games' worlds share: dealing until the rules accept a world, and
asking the variant's own rules which tiles a player could lay (what a pass rules out)."""
from __future__ import annotations

from ..core import DominoError

WORLD_TRIES = 40            # deals tried with every constraint before some are relaxed


class BoardWorlds:
    """The worlds consistent with one player's view of a board game with hidden hands,
    called with a random generator for one world. Each game says how to deal the hidden
    tiles (`deal(rng, strict)`: the deal, or None when this try fails) and the position
    a deal makes; a deal the game's rules refuse is dealt again."""

    def __init__(self, view):
        from ..variants import find_variant
        self.cls = find_variant(view.variant)
        self.view = view
        self.me = view.player

    def deal(self, rng, strict: bool):
        raise NotImplementedError

    def position(self, dealt) -> dict:
        raise NotImplementedError

    def __call__(self, rng):
        for attempt in range(2 * WORLD_TRIES):
            dealt = self.deal(rng, attempt < WORLD_TRIES)
            if dealt is None:
                continue
            try:
                return self.cls.from_position(self.position(dealt), "<world>")
            except DominoError:
                continue
        raise DominoError("no world is consistent with this view")


def layable_tiles(cls, position: dict) -> frozenset | None:
    """The tiles of the hand of the player to move in `position` (a position dict) that
    have a legal placement, by the variant's own legal_moves; None when the position
    cannot be built (nothing is then ruled out)."""
    try:
        state = cls.from_position(position, "<probe>")
    except DominoError:
        return None
    return frozenset(move.tile for move in state.legal_moves() if hasattr(move, "tile"))
