"""Tuning Packs' Hard judgement (open-board game 22) against Medium: a measuring tool,
not in the game.

Hard judges each placement by an exact expectation two placements deep (packs_judge.py)
and leaves most of its second unused. This tool plays Hard against Medium on the arena's
deals (seats swapped every game, deal g from seed 11 + g // 2) and prints games won,
lost and drawn and the mean final margin, with any of the judgement's weights changed
(`--set HOME=2.0`), or with the judgement's root replaced by a longer look ahead: in
`--samples` sampled orders of both packs (the same orders for every placement), each
placement is followed `--depth` placements further, the opponent placing as Medium
would and Hard as its one-placement judgement would, and judged where that ends.

    python3 tools/packs_lookahead.py [--games 400] [--first 0] [--jobs 2] [--depth 4 --samples 200]
        [--set NAME=VALUE ...]
"""
from __future__ import annotations

import argparse
import random
import sys
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.logic import new_game  # noqa: E402
from game.logic.agents import hooks, make_agent  # noqa: E402
from game.logic.agents.arena import game_seeds, seat_names  # noqa: E402
from game.logic.elements import packs_judge, packs_worlds  # noqa: E402
from game.logic.elements.open22 import board_cells  # noqa: E402


def best_line(judge, lines, tile, mine: bool):
    """(index, line made) of the placement of `tile` Hard's one-placement judgement
    (mine) or Medium's rating (the opponent's) prefers; None when it cannot be placed."""
    best = None
    for k, line in enumerate(lines):
        found = judge.best(line, tile, mine)
        if found is None:
            continue
        key = -found[0] if mine else (found[0], found[1])
        if best is None or key < best[0]:
            best = (key, k, found[-1])
    return None if best is None else best[1:]


def looking_ahead(depth: int, samples: int):
    """A root for packs_worlds: each candidate followed `depth` placements in `samples`
    sampled pack orders, judged by the outlook of the lines it reaches."""
    def root(view, candidates, rng, budget):
        moves = list(candidates)
        judge = packs_judge.Judge(view)
        lines = judge.lines(board_cells(view))
        packs = packs_judge.unseen(view)
        mine, theirs = list(packs[view.player]), list(packs[1 - view.player])
        starts = []
        for move in moves:
            index, at, cell = judge.root_line(move)
            start = list(lines)
            start[index] = judge.put(lines[index], at, cell)
            starts.append(start)
        totals = [0.0] * len(moves)
        for _ in range(samples):
            rng.shuffle(mine)
            rng.shuffle(theirs)
            for i, start in enumerate(starts):
                state = list(start)
                for ply in range(depth):
                    pack = theirs if ply % 2 == 0 else mine
                    if ply // 2 >= len(pack):
                        break
                    found = best_line(judge, state, pack[ply // 2], ply % 2 == 1)
                    if found is not None:
                        state[found[0]] = found[1]
                totals[i] += judge.outlook(sum(judge.value(line) for line in state))
        return packs_judge.Judged(moves, [1] * len(moves),
                                  [(1 + t / samples) / 2 for t in totals])
    return root


def play(game: int) -> int:
    """Hard's final margin (its elements on the far half minus Medium's) in game `game`."""
    agents = {"hard": make_agent("hard"), "greedy": make_agent("greedy")}
    seats = seat_names(["hard", "greedy"], 2, game)
    deal, rng = game_seeds(11, game, 2)
    state = new_game("open22", 2, deal, {})
    while not state.is_over():
        player = state.current_player
        state.apply(agents[seats[player]].choose(state.view(player), rng))
    far = state.far_counts()
    hard = seats.index("hard")
    return far[hard] - far[1 - hard]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--depth", type=int, default=0, help="placements looked ahead")
    parser.add_argument("--samples", type=int, default=200, help="pack orders sampled")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a weight of packs_judge.py, like HOME=2.0")
    args = parser.parse_args(argv)
    for setting in args.set:
        name, _, value = setting.partition("=")
        if not name.isupper() or not hasattr(packs_judge, name):
            parser.error(f"{name!r} is not a weight of packs_judge.py")
        setattr(packs_judge, name, type(getattr(packs_judge, name))(float(value)))
    if args.depth:
        packs_worlds.root = looking_ahead(args.depth, args.samples)
        hooks._LOADED.clear()        # the hooks read from packs_worlds again
    random.seed(0)
    # forked workers inherit the settings above
    with get_context("fork").Pool(args.jobs) as pool:
        margins = pool.map(play, range(args.first, args.first + args.games), chunksize=1)
    won = sum(1 for m in margins if m > 0)
    lost = sum(1 for m in margins if m < 0)
    share = won / max(1, won + lost)
    print(f"Hard against Medium in Packs, games {args.first}-{args.first + args.games - 1}"
          f" of seed 11 "
          f"(depth {args.depth or 'judge'}{', ' + ' '.join(args.set) if args.set else ''}): "
          f"won {won}, lost {lost}, drawn {len(margins) - won - lost}; "
          f"{100 * share:.1f}% of the decided games; "
          f"mean margin {sum(margins) / len(margins):+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
