"""Tuning Packs' Hard player (open-board game 22) against Medium: a measuring tool, not
in the game.

Hard follows each placement a few placements ahead in sampled orders of both packs
(packs_ahead.py) and judges the lines it reaches (packs_judge.py). This tool plays Hard
against Medium on the arena's deals (seats swapped every game, deal g from seed
11 + g // 2) and prints games won, lost and drawn and the mean final margin, with the
look ahead's depth and sampled orders changed (`--depth 0`: the judgement's exact
two-placement expectation alone) or any of the judgement's weights (`--set HOME=2.0`).

    python3 tools/packs_lookahead.py [--games 400] [--first 0] [--jobs 2] [--depth 6]
        [--samples 200] [--set NAME=VALUE ...]
"""
from __future__ import annotations

import argparse
import sys
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.logic import new_game  # noqa: E402
from game.logic.agents import hooks, make_agent  # noqa: E402
from game.logic.agents.arena import game_seeds, seat_names  # noqa: E402
from game.logic.elements import packs_ahead, packs_judge, packs_worlds  # noqa: E402


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
    parser.add_argument("--depth", type=int, default=packs_ahead.AHEAD,
                        help="placements followed (0: the exact expectation alone)")
    parser.add_argument("--samples", type=int, default=packs_ahead.ORDERS,
                        help="pack orders sampled at most")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a weight of packs_judge.py, like HOME=2.0")
    args = parser.parse_args(argv)
    for setting in args.set:
        name, _, value = setting.partition("=")
        if not name.isupper() or not hasattr(packs_judge, name):
            parser.error(f"{name!r} is not a weight of packs_judge.py")
        setattr(packs_judge, name, type(getattr(packs_judge, name))(float(value)))
    packs_ahead.AHEAD, packs_ahead.ORDERS = args.depth, args.samples
    if not args.depth:
        packs_worlds.root = packs_judge.root
        hooks._LOADED.clear()        # the hooks read from packs_worlds again
    games = range(args.first, args.first + args.games)
    if args.jobs == 1:
        margins = list(map(play, games))
    else:           # forked workers inherit the settings above
        with get_context("fork").Pool(args.jobs) as pool:
            margins = pool.map(play, games, chunksize=1)
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
