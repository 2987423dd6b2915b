"""Tuning Packs' Hard player (open-board game 22) against Medium: a measuring tool, not
in the game.

Hard follows each placement a few placements ahead in sampled orders of both packs
(packs_ahead.py) and judges the lines it reaches (packs_judge.py). This tool plays Hard
against Medium on the arena's deals (seats swapped every game, deal g from seed
11 + g // 2) and prints games won, lost and drawn and the mean final margin, with the
look ahead's depth and sampled orders changed (`--depth 0`: the judgement's exact
two-placement expectation alone) or any of the judgement's weights (`--set HOME=2.0`), or
how many root placements Hard judges (`--candidates`, the greedy judgement's best first).

`--all-seeing` plays instead a player that is shown the true order of both packs (no
player can know it): for each placement it plans its next `--depth` placements, the
opponent's as Medium makes them and its own the best of all it could make, and judges the
lines it reaches as Hard does. What it wins is a measure of how far knowing the packs and
planning on them could take Hard's judgement, not a level of the game.

`--sampled-plans N` plays a player that makes that plan in each of N sampled orders of
the packs (what it could know) as if the order were the true one, and places where the
plans come out best on average.

    python3 tools/packs_lookahead.py [--games 400] [--first 0] [--jobs 2] [--depth 6]
        [--samples 200] [--candidates 12] [--set NAME=VALUE ...]
        [--all-seeing | --sampled-plans N]
"""
from __future__ import annotations

import argparse
import sys
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.logic import new_game  # noqa: E402
from game.logic.agents import hard, hooks, make_agent  # noqa: E402
from game.logic.agents.arena import game_seeds, seat_names  # noqa: E402
from game.logic.elements import packs_ahead, packs_judge, packs_worlds  # noqa: E402
from game.logic.elements.open22 import board_cells  # noqa: E402

ALL_SEEING = False          # --all-seeing: Hard's seat is played by all_seeing_choice
SAMPLED_PLANS = 0           # --sampled-plans N: ... by all_seeing_choice on N sampled orders
CANDIDATES = hard.CANDIDATES    # --candidates: Hard's root placements, the greedy best first


def planned(judge, lines: list, theirs: list, mine: list, ply: int = 0) -> float:
    """The outlook of the best plan of this player's placements over the next
    packs_ahead.AHEAD placements, the packs turned up in the orders given, the opponent
    placing as Medium would."""
    pack = theirs if ply % 2 == 0 else mine
    if ply >= packs_ahead.AHEAD or ply // 2 >= len(pack):
        return judge.outlook(sum(judge.value(line) for line in lines))
    tile, best = pack[ply // 2], None
    if ply % 2 == 0:
        found = packs_ahead.best_line(judge, lines, tile, False)
        if found is not None:
            lines = lines[:found[0]] + [found[1]] + lines[found[0] + 1:]
        return planned(judge, lines, theirs, mine, ply + 1)
    for k, line in enumerate(lines):
        for after in judge.moves(line, tile, True):
            value = planned(judge, lines[:k] + [after] + lines[k + 1:], theirs, mine, ply + 1)
            best = value if best is None else max(best, value)
    return planned(judge, lines, theirs, mine, ply + 1) if best is None else best


def all_seeing_choice(state, rng=None):
    """The placement whose plan (see planned) comes out best, the packs' true orders known
    (or, with `rng`, on average over SAMPLED_PLANS orders sampled from what is unseen)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    me, view = state.current_player, state.view(state.current_player)
    judge = packs_judge.Judge(view)
    lines = judge.lines(board_cells(view))
    if rng is None:
        orders = [(state.packs[1 - me][state.turned[1 - me]:],
                   state.packs[me][state.turned[me] + 1:])]
    else:
        unseen = packs_judge.unseen(view)
        orders = [(rng.sample(unseen[1 - me], len(unseen[1 - me])),
                   rng.sample(unseen[me], len(unseen[me]))) for _ in range(SAMPLED_PLANS)]
    best = None
    for move in moves:
        start = packs_ahead.placed(judge, lines, move)
        value = sum(planned(judge, start, theirs, mine) for theirs, mine in orders)
        if best is None or value > best[0]:
            best = (value, move)
    return best[1]


def play(game: int) -> int:
    """Hard's final margin (its elements on the far half minus Medium's) in game `game`."""
    agents = {"hard": make_agent("hard"), "greedy": make_agent("greedy")}
    agents["hard"].candidates = CANDIDATES
    seats = seat_names(["hard", "greedy"], 2, game)
    deal, rng = game_seeds(11, game, 2)
    state = new_game("open22", 2, deal, {})
    while not state.is_over():
        player = state.current_player
        if ALL_SEEING and seats[player] == "hard":
            state.apply(all_seeing_choice(state))
        elif SAMPLED_PLANS and seats[player] == "hard":
            state.apply(all_seeing_choice(state, rng))
        else:
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
    parser.add_argument("--all-seeing", action="store_true",
                        help="Hard's seat knows both packs' orders and plans on them")
    parser.add_argument("--candidates", type=int, default=hard.CANDIDATES,
                        help="root placements Hard judges, the greedy judgement's best first")
    parser.add_argument("--sampled-plans", type=int, default=0, metavar="N",
                        help="Hard's seat plans as the all-seeing one in N sampled orders")
    args = parser.parse_args(argv)
    global ALL_SEEING, SAMPLED_PLANS, CANDIDATES
    ALL_SEEING, SAMPLED_PLANS = args.all_seeing, args.sampled_plans
    CANDIDATES = args.candidates
    if ALL_SEEING and SAMPLED_PLANS:
        parser.error("--all-seeing and --sampled-plans are two different players")
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
          f"(depth {args.depth or 'judge'}{', ' + ' '.join(args.set) if args.set else ''}"
          f"{', all-seeing' if args.all_seeing else ''}"
          f"{f', plans in {SAMPLED_PLANS} sampled orders' if SAMPLED_PLANS else ''}"
          f"{f', {CANDIDATES} candidates' if CANDIDATES != hard.CANDIDATES else ''}): "
          f"won {won}, lost {lost}, drawn {len(margins) - won - lost}; "
          f"{100 * share:.1f}% of the decided games; "
          f"mean margin {sum(margins) / len(margins):+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
