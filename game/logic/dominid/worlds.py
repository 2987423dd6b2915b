"""Worlds for the Hard computer player in Dominid: full states consistent with one
player's view, built through the public position format.

The hidden tiles (the other hand and the stock) are the view's unseen tiles, dealt at
random to the sizes the view shows, on the game's own table and rules (the view's
options: layout and arrange). Nothing else narrows them: any tile may lie on any
open slot (only its cost differs), so a pass shows only an empty hand or a full table.
While the opening is being arranged its player has not taken their tiles yet: a world
deals them three of the unseen tiles as well.

Random playouts lay tiles at random costs that drown the difference one move makes, so
playouts here follow the greedy judgement (the best of a few moves drawn at random: rating
all of them costs ten times more) for a few moves and the scores are then judged as they
stand (cost minus clusters).
"""
from __future__ import annotations

from ..board.layout import board_grid
from ..board.placement import TILE_INDEX, tile_bits
from ..agents.boards import BoardWorlds
from .opening import HAND
from ..agents.hooks import sampled_greedy_playout_move as playout_move  # noqa: F401 (a hook)

reuse = 2
horizon = 4                 # playouts judge the scores after this many moves


class DominidWorlds(BoardWorlds):
    """Every deal is accepted (the hidden tiles are only in hands and the stock): the
    first world is built from its position, later ones are its clones re-dealt."""

    def __init__(self, view):
        super().__init__(view)
        self.unseen = list(view.unseen)
        self.size = view.opponent_hand_size
        self.mine = HAND if view.arranging else 0       # my tiles not taken yet
        self.base = {"variant": view.variant, "layout": view.options["layout"],
                     "grid": board_grid(view),
                     "arrange": view.options["arrange"], "placed": [str(p) for p in view.placed],
                     "to_move": view.player,
                     "parities": [p for p in view.parities] if view.parities[0] else [],
                     "passes": view.passes, "costs": list(view.costs)}
        if view.arranging:
            self.base["draws"] = [str(t) for t in view.draws]
        self.template = None        # the first world; later ones are its clones re-dealt

    def __call__(self, rng):
        pool = list(self.unseen)
        rng.shuffle(pool)
        hidden, mine = pool[:self.size], pool[self.size:self.size + self.mine]
        stock = pool[self.size + self.mine:]
        if self.template is None:
            hands = [[], []]
            hands[self.me] = [str(t) for t in self.view.hand + tuple(mine)]
            hands[1 - self.me] = [str(t) for t in hidden]
            position = dict(self.base, hands=hands, stock=[str(t) for t in stock])
            self.template = self.cls.from_position(position, "<world>")
            return self.template.clone()
        world = self.template.clone()   # the public table is built once per move, not per world
        world.hands[1 - self.me] = tile_bits(hidden)
        if self.mine:
            world.hands[self.me] = tile_bits(mine)
        world.stock = [TILE_INDEX[t] for t in stock]
        return world


def worlds(view) -> DominidWorlds:
    return DominidWorlds(view)


def determinize(view, rng):
    return DominidWorlds(view)(rng)


MARGIN_SCALE = 12.0


def rollout_value(state, player: int) -> float:
    """The final score margin (lower wins) as the game stands, scaled into [0, 1]; a
    finished game's result counts as well."""
    outcome = state.outcome()
    scores = outcome.scores if outcome else state.final_scores()
    margin = scores[1 - player] - scores[player]
    value = min(1.0, max(0.0, 0.5 + margin / (2 * MARGIN_SCALE)))
    if outcome is None:
        return value
    result = 0.5 if outcome.winner is None else float(outcome.winner == player)
    return 0.5 * result + 0.5 * value
