"""The exact end of a two-player round where nobody can draw, for the Hard player's worlds.

A sampled world shows every hand, so once few tiles are left and nothing can be drawn
(the block game, or an empty boneyard) the rest of the round is a small game of perfect
information: searching it to the end gives the pip margin both players reach by best
play, where a random playout would give one noisy margin. Playouts stop there and the
solved margin judges them (the perfect-information Monte Carlo of bridge programs: each
world is solved as if the hands were open).

Hands are masks of double-six elements as in engine.py. The search is a negamax over
the pip margin (what the other player holds minus what the mover holds at the end),
remembered per position within one search of a world.
"""
from __future__ import annotations

from .engine import TABLE
from .moves import NUMBER_MASK, TILES, bits_of, hand_pips

SOLVE_TILES = 9         # tiles left in both hands from which a world's end is searched
_SUMS = tuple(t.a + t.b for t in TILES)


def solvable(state) -> bool:
    """Whether the round in play of a classic world is a two-player end without draws,
    small enough to search, that cannot end the match (so the round's margin is what
    the match's judgement of it needs)."""
    rnd = state._live
    if rnd is None or len(rnd.seats) != 2 or rnd.end_reason:
        return False
    hands = rnd._hands
    a, b = rnd.seats
    if hands[a].bit_count() + hands[b].bit_count() > SOLVE_TILES:
        return False
    rules = rnd.rules
    if (rules.blank or rules.extra_for_double or not rnd._state[TABLE].begun
            or (rules.drawing and rnd.boneyard)):
        return False
    limit = state.limit
    return not limit or all(state.totals[s] + hand_pips(hands[s]) < limit for s in (a, b))


def margin_for(state, player: int) -> int:
    """The pip margin `player` reaches by best play of both from this solvable state:
    the other's pips left minus their own at the end of the round."""
    rnd = state._live
    seat, table = rnd._state[:2]
    left, right = table.ends
    other = rnd.seats[1] if seat == rnd.seats[0] else rnd.seats[0]
    value = _Solver().best(rnd._hands[seat], rnd._hands[other], left, right, False)
    return value if player == seat else -value


class _Solver:
    def __init__(self):
        self.known: dict = {}

    def best(self, mover: int, other: int, left: int, right: int, passed: bool) -> int:
        """The mover's margin by best play (the other's pips minus the mover's at the end);
        `passed`: the other player could not lay a tile on these ends just before."""
        key = (mover, other, left, right)
        found = self.known.get(key)
        if found is not None:
            return found
        fits_left, fits_right = mover & NUMBER_MASK[left], mover & NUMBER_MASK[right]
        if not fits_left | fits_right:
            if passed:                              # nobody can lay a tile: blocked
                value = hand_pips(other) - hand_pips(mover)
            else:
                value = -self.best(other, mover, left, right, True)
        else:
            value = -999
            for i in bits_of(fits_left | fits_right):
                rest = mover ^ (1 << i)
                if not rest:                        # the last tile: domino
                    value = hand_pips(other)
                    break
                if fits_left >> i & 1:
                    value = max(value, -self.best(other, rest, _SUMS[i] - left, right, False))
                if fits_right >> i & 1 and left != right:
                    value = max(value, -self.best(other, rest, left, _SUMS[i] - right, False))
        self.known[key] = value
        return value
