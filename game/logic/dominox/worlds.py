"""Worlds for the Hard computer player in Dominox: full states consistent with one
player's view, built through the public position format (`from_position`, the board as the view
shows it, the other options as the view carries them, and the placements in the order
laid).

The hidden tiles (the opponent's hand and the stock) are the view's unseen tiles, dealt
at random to the hand size and stock size the view shows, under what the view reveals:

* The opponent's last move was a pass: the hand they held then had no legal placement
  on this board (nothing has been laid since). If the stock still had tiles they drew
  one after passing (the view's `passes` is then 0), which may be anything; otherwise
  the whole hand is unplayable. Which tiles could be laid is asked of the rules
  (legal_moves of a probe position), not worked out here again.
* On an empty board the player to move holds the lowest double, so the opponent holds
  no lower one.

Not used: passes before the last move (the view does not show when they happened) and
that the first double was the lowest *dealt* (the opener has drawn since).
"""
from __future__ import annotations

from ..agents.boards import BoardWorlds, layable_tiles
from ..board.layout import board_grid
from ..core import PASS, Tile

reuse = 2                   # playouts per sampled world (building one costs ~0.4 ms)


class DominoxWorlds(BoardWorlds):
    def __init__(self, view):
        super().__init__(view)
        self.unseen = list(view.unseen)
        self.size = view.opponent_hand_size
        options = dict(view.options)
        # the board as the view shows it, never read again from a level file that may
        # have changed since the game began
        board = {"layout": options.pop("layout"), "grid": board_grid(view)}
        self.base = {"variant": view.variant, **board, "options": options,
                     "placed": [str(p) for p in view.placed], "to_move": view.player,
                     "passes": view.passes}
        self.free = self.unseen            # tiles the hand may hold without limit
        self.drew_after_pass = False
        if view.last_move == PASS and view.current_player == view.player:
            probe = dict(self.base, hands=self._hands(self.unseen), stock=[],
                         to_move=1 - self.me, passes=0)
            layable = layable_tiles(self.cls, probe)
            if layable is not None:
                self.free = [t for t in self.unseen if t not in layable]
                self.drew_after_pass = view.passes == 0
        if not view.placed and view.opening is not None:
            lowest = view.opening
            self.free = [t for t in self.free if not (t.is_double and t < lowest)]
        self.free_set = frozenset(self.free)

    def _hands(self, theirs) -> list[list[str]]:
        hands: list[list[str]] = [[], []]
        hands[self.me] = [str(t) for t in self.view.hand]
        hands[1 - self.me] = [str(t) for t in theirs]
        return hands

    def deal(self, rng, strict: bool) -> tuple[list[Tile], list[Tile]] | None:
        """(opponent's hand, stock) of one deal; None when a strict deal fails."""
        pool = list(self.unseen)
        rng.shuffle(pool)
        if not strict:
            return pool[:self.size], pool[self.size:]
        free = [t for t in pool if t in self.free_set]
        fixed = self.size - 1 if self.drew_after_pass and self.size else self.size
        if len(free) < fixed:
            return None
        hand = free[:fixed]
        taken = set(hand)
        rest = [t for t in pool if t not in taken]
        if self.drew_after_pass and self.size:
            hand.append(rest.pop(rng.randrange(len(rest))))
        return hand, rest

    def position(self, dealt) -> dict:
        hand, stock = dealt
        return dict(self.base, hands=self._hands(hand), stock=[str(t) for t in stock])


def worlds(view) -> DominoxWorlds:
    return DominoxWorlds(view)


def determinize(view, rng):
    return DominoxWorlds(view)(rng)


MARGIN_SCALE = 24.0         # a territory margin this large counts as certain


def rollout_value(state, player: int) -> float:
    """Win 1, draw 0.5, loss 0, blended with the territory margin."""
    outcome = state.outcome()
    scores = outcome.scores
    margin = scores[player] - scores[1 - player]
    result = 0.5 if outcome.winner is None else float(outcome.winner == player)
    return 0.75 * result + 0.25 * min(1.0, max(0.0, 0.5 + margin / (2 * MARGIN_SCALE)))
