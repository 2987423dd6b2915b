"""The Hard player's root in Packs (open-board game 22): the judgement of packs_judge.py
looked further ahead.

The judgement's exact expectation looks two placements ahead (the opponent's reply, then
this player's next placement). Here each candidate is followed AHEAD placements further
in ORDERS sampled orders of both packs, the same orders for every candidate (so that the
luck of the orders does not choose the move): the opponent placing as the greedy
judgement would (Medium's choice), this player as the judgement's best single placement;
where that ends, the lines are judged by the outlook (the chance to win minus the chance
to lose). Against Medium, on the arena's deals, this won 74.7% and 75.7% of the decided
games of two runs of 400 where the exact expectation won 71.3% and 70.4%
(`tools/packs_lookahead.py`). The orders are sampled while the budget lasts; when not one
fits, the exact expectation answers.
"""
from __future__ import annotations

from time import perf_counter

from . import packs_judge
from .open22 import board_cells
from .packs_judge import Judge, Judged, unseen

AHEAD = 6           # placements followed after each candidate
ORDERS = 200        # pack orders sampled at most


def best_line(judge: Judge, lines: list, tile, mine: bool):
    """(index, line made) of the placement of `tile` this player's judgement (mine) or
    the greedy judgement (the opponent's) prefers; None when it cannot be placed."""
    best = None
    for k, line in enumerate(lines):
        found = judge.best(line, tile, mine)
        if found is None:
            continue
        key = -found[0] if mine else (found[0], found[1])
        if best is None or key < best[0]:
            best = (key, k, found[-1])
    return None if best is None else best[1:]


def placed(judge: Judge, lines: list, move) -> list:
    """The lines after this player's placement `move`."""
    index, at, cell = judge.root_line(move)
    return lines[:index] + [judge.put(lines[index], at, cell)] + lines[index + 1:]


def follow(judge: Judge, start: list, theirs: list, mine: list) -> float:
    """The outlook of the lines `start` leads to AHEAD placements on, the opponent's
    elements turned up in the order `theirs`, this player's in the order `mine`."""
    lines = list(start)
    for ply in range(AHEAD):
        pack = theirs if ply % 2 == 0 else mine
        if ply // 2 >= len(pack):
            break
        found = best_line(judge, lines, pack[ply // 2], ply % 2 == 1)
        if found is not None:
            lines[found[0]] = found[1]
    return judge.outlook(sum(judge.value(line) for line in lines))


def root(view, candidates, rng, budget):
    """The candidates judged by their mean outlook over the sampled orders, as the chance
    to win (draws half)."""
    moves = list(candidates)
    judge = Judge(view)
    lines = judge.lines(board_cells(view))
    packs = unseen(view)
    mine, theirs = list(packs[view.player]), list(packs[1 - view.player])
    starts = [placed(judge, lines, move) for move in moves]
    totals, done, slowest = [0.0] * len(moves), 0, 0.0
    while done < ORDERS and (budget is None or budget.left() > slowest):
        started = perf_counter()
        rng.shuffle(mine)
        rng.shuffle(theirs)
        for i, start in enumerate(starts):
            totals[i] += follow(judge, start, theirs, mine)
        done += 1
        slowest = max(slowest, perf_counter() - started)
    if done == 0:
        return packs_judge.root(view, moves, rng, budget)
    return Judged(moves, [1] * len(moves), [(1 + total / done) / 2 for total in totals])
