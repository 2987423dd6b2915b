"""Worlds for the Hard computer player in Spread (open-board game 54): full states
consistent with one player's view, built through the public position format.

The hidden elements (the other hands and the pack) are the 32 elements minus those on
the board, set aside and in this hand. Every other hand holds the tiles everyone saw
it turn up (`view.seen`); the rest are dealt at random to the hand and pack sizes the
view shows, under what the view reveals: the players who passed in a row just before
this turn (`passes` of them, the board unchanged since) could lay no tile of the hand
they hold now. Which tiles could be laid is asked of the rules (legal_moves of a probe
position), not worked out here again. Passes before the last tile was laid are not in
the view and are not used.

A world plays by the game's options as the view carries them (layout, face_down, dealt).
"""
from __future__ import annotations

from collections import Counter

from ..agents.boards import BoardWorlds, layable_tiles
from ..board.layout import board_grid
from ..core import Tile
from ..tiles import OPEN_BOARD_SET

reuse = 2


class SpreadWorlds(BoardWorlds):
    def __init__(self, view):
        super().__init__(view)
        set_aside = [Tile.parse(t) for t in view.laid if "@" not in t]
        known = Counter(view.hand) + Counter(p.tile for p in view.placed) + Counter(set_aside)
        left = Counter(OPEN_BOARD_SET.elements) - known
        self.unseen = sorted(left.elements())
        options = dict(view.options)
        self.base = {"variant": view.variant, "players": view.players,
                     "layout": options.pop("layout"), "grid": board_grid(view),
                     "placed": [str(p) for p in view.placed],
                     "set_aside": [str(t) for t in set_aside],
                     "to_move": view.player, "passes": view.passes,
                     "seen": [[str(t) for t in h] for h in view.seen],
                     "options": options}
        if view.turned_up is not None and view.turned_up in view.hand:
            self.base["turned_up"] = str(view.turned_up)
        self.others = [p for p in range(view.players) if p != self.me]
        shown = Counter(t for p in self.others for t in view.seen[p])
        self.pool = sorted((left - shown).elements())     # what no one saw, but me
        passed = [(self.me - k) % view.players for k in range(1, min(view.passes,
                                                                     view.players - 1) + 1)]
        self.stuck = {}             # player -> the unseen tiles they cannot hold
        if passed:
            probe = dict(self.base, hands=self._hands({p: self.unseen for p in passed[:1]}),
                         pack=[], to_move=passed[0], passes=0)
            probe.pop("turned_up", None)
            probe.pop("seen")
            layable = layable_tiles(self.cls, probe)
            if layable:
                for p in passed:
                    self.stuck[p] = layable
        # the constrained hands are filled first
        self.others.sort(key=lambda p: p not in self.stuck)

    def _hands(self, given: dict) -> list[list[str]]:
        return [[str(t) for t in (self.view.hand if p == self.me else given.get(p, ()))]
                for p in range(self.view.players)]

    def deal(self, rng, strict: bool):
        pool = list(self.pool)
        rng.shuffle(pool)
        hands = {}
        for p in self.others:
            known = list(self.view.seen[p])
            size = self.view.hand_sizes[p] - len(known)
            banned = self.stuck.get(p) if strict else None
            if banned:
                picks = [i for i, t in enumerate(pool) if t not in banned][:size]
            else:
                picks = list(range(size))
            if len(picks) < size:
                return None
            hands[p] = known + [pool[i] for i in picks]
            chosen = set(picks)
            pool = [t for i, t in enumerate(pool) if i not in chosen]
        return hands, pool

    def position(self, dealt) -> dict:
        hands, pack = dealt
        return dict(self.base, hands=self._hands(hands), pack=[str(t) for t in pack])


def worlds(view) -> SpreadWorlds:
    return SpreadWorlds(view)


def determinize(view, rng):
    return SpreadWorlds(view)(rng)


def playout_move(state, rng, moves):
    """Playouts lay a tile that fits the fewest places now (the flexible ones keep),
    as the greedy judgement does, somewhere at random; now and then any move."""
    if len(moves) == 1 or rng.random() < 0.2:
        return moves[rng.randrange(len(moves))]
    fits = Counter(m.tile for m in moves)
    fewest = min(fits.values())
    choices = [m for m in moves if fits[m.tile] == fewest]
    return choices[rng.randrange(len(choices))]


def rollout_value(state, player: int) -> float:
    """Win 1, draw 0.5, loss 0 (shared wins count as draws), blended with how many
    fewer tiles `player` holds than the others on average."""
    outcome = state.outcome()
    scores = outcome.scores
    others = [s for p, s in enumerate(scores) if p != player]
    margin = sum(others) / len(others) - scores[player]
    if outcome.winner is not None:
        result = float(outcome.winner == player)
    else:
        result = 0.5 if scores[player] == min(scores) else 0.0
    return 0.75 * result + 0.25 * min(1.0, max(0.0, 0.5 + margin / 12.0))
