"""Worlds for the Hard computer player in Packs (open-board game 22): full states
consistent with one player's view.

What is hidden is the order of both face-down packs (nobody sees them, not even their
owners). Each player's unseen elements are the 32 of the set minus those of theirs on
the board, removed by the opponent and set aside (and the turned-up one of the player to
move); a world deals them at random into packs of the sizes the view shows.
"""
from __future__ import annotations

from collections import Counter

from ..core import Tile
from ..tiles import OPEN_BOARD_SET

reuse = 2


def worlds(view):
    from .open22 import PacksGame, board_cells
    cells = board_cells(view)
    seen = [Counter(), Counter()]
    for element in cells:
        if element is not None:
            seen[element.owner][element.tile] += 1
    for owner in (0, 1):
        seen[owner].update(Tile.parse(t) for t in view.set_aside[owner])
        seen[owner].update(Tile.parse(t) for t in view.removed[owner])
    top = Tile.parse(view.turned_up) if view.turned_up else None
    if top is not None:
        seen[view.to_move][top] += 1
    unseen = [sorted((Counter(OPEN_BOARD_SET.elements) - seen[o]).elements()) for o in (0, 1)]

    def sample(rng):
        packs = []
        for owner in (0, 1):
            tiles = list(unseen[owner])
            rng.shuffle(tiles)
            tiles = tiles[:view.pack_sizes[owner]]
            if owner == view.to_move and top is not None:
                tiles.insert(0, top)
            packs.append(tiles)
        aside = [[Tile.parse(t) for t in view.set_aside[o]] for o in (0, 1)]
        game = PacksGame(dict(view.options), None, packs, cells, view.to_move,
                         view.captures, aside)
        game.removed = [[Tile.parse(t) for t in view.removed[o]] for o in (0, 1)]
        return game
    return sample


def determinize(view, rng):
    return worlds(view)(rng)


def rollout_value(state, player: int) -> float:
    from ..agents.hooks import outcome_value
    return outcome_value(state, player)
