"""A fast random-playout kernel for one round of 2-player block dominoes.

Same rules as `ClassicMatch` with `block=true` (line.py): 7 tiles each, the highest double
(else the heaviest tile) opens, a tile goes on an end it matches, a player who cannot
play passes, and the round ends at domino or as soon as nobody can play (blocked). Each
player chooses uniformly among the legal moves, like `RandomAgent`.

Speed comes from bit masks: tile i of `TILES` is bit i, tiles ordered from lightest to
heaviest, so the highest set bit of a mask is its heaviest tile (and of a mask of
doubles, its highest double). A hand is a 28-bit int; `NUMBER_MASK[n]` holds the tiles
showing n; `OTHER_END[n][bit]` is the number a tile shows away from n.
"""
from __future__ import annotations

import random

from .core import DOUBLE_SIX

TILES = tuple(sorted(DOUBLE_SIX, key=lambda t: (t.value, t.b)))
BITS = tuple(1 << i for i in range(len(TILES)))
DOUBLES = sum(bit for bit, t in zip(BITS, TILES) if t.is_double)
NUMBER_MASK = tuple(sum(bit for bit, t in zip(BITS, TILES) if n in (t.a, t.b)) for n in range(7))
OTHER_END = tuple({bit: t.other(n) for bit, t in zip(BITS, TILES) if n in (t.a, t.b)}
                  for n in range(7))
# Pips of a hand, summed over its four 7-bit slices.
_PIPS = tuple(tuple(sum(TILES[7 * s + i].value for i in range(7) if m >> i & 1) for m in range(128))
              for s in range(4))
TILE_TEXT = {bit: str(t) for bit, t in zip(BITS, TILES)}


def hand_pips(hand: int) -> int:
    p0, p1, p2, p3 = _PIPS
    return p0[hand & 127] + p1[hand >> 7 & 127] + p2[hand >> 14 & 127] + p3[hand >> 21]


def random_block_playouts(games: int, seed, trace: list | None = None):
    """Play `games` random rounds; return (games, total moves, (wins of seat 0, seat 1)).

    Moves count every played tile and every pass; a blocked round with equal pips is a
    draw (in neither win count). With `trace` (a list), each game appends a dict with its
    deal, its moves as canonical text, the seat of each move, how it ended and the pips
    left (the debug path the tests replay through the engine).
    """
    rng = random.Random(seed)
    rand, sample = rng.random, rng.sample
    numbers, other_end, doubles = NUMBER_MASK, OTHER_END, DOUBLES
    total_moves = wins0 = wins1 = 0
    for _ in range(games):
        d = sample(BITS, 14)
        hand0 = d[0] | d[1] | d[2] | d[3] | d[4] | d[5] | d[6]
        hand1 = d[7] | d[8] | d[9] | d[10] | d[11] | d[12] | d[13]
        held = hand0 | hand1
        opening = 1 << ((held & doubles or held).bit_length() - 1)
        tile = TILES[opening.bit_length() - 1]
        left, right = tile.a, tile.b
        # `mover` is the seat whose hand is `cur`; `oth` is the other hand.
        if hand0 & opening:
            mover, cur, oth = 1, hand1, hand0 ^ opening
        else:
            mover, cur, oth = 0, hand0, hand1 ^ opening
        moves = 1
        texts = [TILE_TEXT[opening]] if trace is not None else None
        seats = [mover ^ 1] if trace is not None else None
        while True:
            on_left = cur & numbers[left]
            on_right = cur & numbers[right]
            if on_left | on_right:
                count_left = on_left.bit_count()
                k = int(rand() * (count_left + on_right.bit_count()))
                if k < count_left:
                    mask, at_left = on_left, True
                else:
                    mask, k, at_left = on_right, k - count_left, False
                while k:
                    mask &= mask - 1
                    k -= 1
                bit = mask & -mask
                cur ^= bit
                if at_left:
                    left = other_end[left][bit]
                    end = "L"
                else:
                    right = other_end[right][bit]
                    end = "R"
                moves += 1
                if texts is not None:
                    texts.append(TILE_TEXT[bit] + end)
                    seats.append(mover)
                if not cur:
                    break
            elif not oth & (numbers[left] | numbers[right]):
                break
            else:
                moves += 1
                if texts is not None:
                    texts.append("pass")
                    seats.append(mover)
            mover ^= 1
            cur, oth = oth, cur
        total_moves += moves
        if not cur:
            winner = mover
        else:
            pips_cur, pips_oth = hand_pips(cur), hand_pips(oth)
            winner = None if pips_cur == pips_oth else (mover if pips_cur < pips_oth else mover ^ 1)
        if winner == 0:
            wins0 += 1
        elif winner == 1:
            wins1 += 1
        if trace is not None:
            hands = (hand0, hand1)
            left_over = {mover: cur, mover ^ 1: oth}
            trace.append({"hands": [[TILE_TEXT[b] for b in BITS if h & b] for h in hands],
                          "stock": [TILE_TEXT[b] for b in BITS if not (hand0 | hand1) & b],
                          "moves": texts, "players": seats, "reason": "blocked" if cur else "domino",
                          "pips": [hand_pips(left_over[0]), hand_pips(left_over[1])],
                          "winner": winner})
    return games, total_moves, (wins0, wins1)


if __name__ == "__main__":      # python -m game.logic.fastline [games]: measure the speed
    import sys
    import time

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    began = time.perf_counter()
    _, moves, wins = random_block_playouts(count, 1)
    seconds = time.perf_counter() - began
    print(f"{count / seconds:,.0f} games/s, {moves / count:.2f} moves/game, wins {wins}")
