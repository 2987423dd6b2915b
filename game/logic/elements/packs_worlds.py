"""Worlds for the Hard computer player in Packs (open-board game 22): full states
consistent with one player's view.

What is hidden is the order of both face-down packs (nobody sees them, not even their
owners). Each player's unseen elements are the 32 of the set minus those of theirs on
the board, removed by the opponent and set aside (and the turned-up one of the player to
move); a world deals them at random into packs of the sizes the view shows.

The root moves are not played out to the end: `root` (packs_ahead.py) follows each a few
placements in sampled pack orders and judges the lines it reaches (packs_judge.py), which
beat these playouts (about 112 a second, 33-46% of decided games against Medium at 0.1 s)
by far.
The worlds and playouts stay for the tools that use them (the speed bench, the tests):
the greedy best of a few sampled placements, judged by result and margin together.
"""
from __future__ import annotations

from ..agents.hooks import sampled_greedy_playout_move as playout_move  # noqa: F401 (a hook)
from ..core import Tile
from .packs_ahead import root  # noqa: F401 (a hook)
from .packs_judge import unseen

reuse = 2


def worlds(view):
    from .open22 import PacksGame, board_cells
    cells = board_cells(view)
    unseen_elements = unseen(view)
    top = Tile.parse(view.turned_up) if view.turned_up else None

    def sample(rng):
        packs = []
        for owner in (0, 1):
            tiles = list(unseen_elements[owner])
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


MARGIN = 6.0                # elements on the far half that make a playout's value 0 or 1


def rollout_value(state, player: int) -> float:
    """Half the result, half the margin of elements on the far halves (scaled into
    [0, 1]): a playout won by eight counts for more than one won by one."""
    from ..agents.hooks import outcome_value
    far = state.far_counts()
    margin = min(1.0, max(0.0, 0.5 + (far[player] - far[1 - player]) / (2 * MARGIN)))
    if state.outcome() is None:
        return margin
    return 0.5 * outcome_value(state, player) + 0.5 * margin
