"""How much of a game is luck: Hard's search made to cheat, against another level.

The all-seeing player searches like Hard, but every world it plays out is the true game
(every hand and the order of the stock or pack): no player can know more. Where even it
loses a fair share to Easy, the deal decides those games and no honest player can do
much better. A measuring tool only; nothing in the game uses it.

    nice .venv/bin/python tools/all_seeing_arena.py VARIANT [--ai random] [--games 100]
        [--seed 11] [--time 0.1] [--rounds 3]

Seats are swapped every game and deals repeat for each seat order, as in
`python -m game.logic arena`; classic matches stop after `--rounds` (lowest total wins).
"""
from __future__ import annotations

import argparse
import copy
import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.logic.agents import HardAgent, make_agent  # noqa: E402
from game.logic.agents.arena import (game_seeds, round_limited_winner, seat_names,  # noqa: E402
                                     wilson)
from game.logic.agents.hooks import hooks_for  # noqa: E402
from game.logic.agents.search import Budget, root_search  # noqa: E402
from game.logic.variants import new_game  # noqa: E402


def all_seeing_move(state, hard: HardAgent, budget: Budget, rng):
    """Hard's root search over copies of the true state instead of sampled worlds."""
    view = state.view(state.current_player)
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0]
    truth = copy.deepcopy(state)        # playouts take their moves back: one copy serves
    hooks = dataclasses.replace(hooks_for(state.variant), worlds=lambda _: lambda _r: truth)
    stats = root_search(view, hooks, hard.ranked(view, moves), rng, budget)
    return stats.moves[stats.best()]


def play(variant: str, opponent: str, games: int, seed: int, seconds: float | None,
         rounds: int | None, iterations: int | None = None) -> tuple[int, int, int]:
    """(wins, losses, draws) of the all-seeing player."""
    hard, other = HardAgent(), make_agent(opponent)
    score = [0, 0, 0]
    for game in range(games):
        seats = seat_names(["all-seeing", opponent], 2, game)
        deal, rng = game_seeds(seed, game, 2)
        state = new_game(variant, 2, deal, {})
        winner = "unknown"
        while not state.is_over():
            if rounds is not None and len(state.finished_rounds) >= rounds:
                winner = round_limited_winner(state)
                break
            if seats[state.current_player] == "all-seeing":
                search_rng = random.Random(rng.getrandbits(64))
                move = all_seeing_move(state, hard, Budget(seconds, iterations), search_rng)
            else:
                move = other.choose(state.view(state.current_player), rng)
            state.apply(move)
        if winner == "unknown":
            winner = state.outcome().winner
        score[2 if winner is None else 0 if seats[winner] == "all-seeing" else 1] += 1
    return tuple(score)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tools/all_seeing_arena.py")
    parser.add_argument("variant")
    parser.add_argument("--ai", default="random", help="the opponent's level")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--time", type=float, default=0.1, help="seconds a move")
    parser.add_argument("--rounds", type=int, help="classic: stop after this many rounds")
    args = parser.parse_args(argv)
    rounds = args.rounds if args.rounds or args.variant != "classic" else 3
    won, lost, drawn = play(args.variant, args.ai, args.games, args.seed, args.time, rounds)
    low, high = wilson(won, won + lost)
    share = won / (won + lost) if won + lost else 0.0
    print(f"all-seeing {args.variant} against {args.ai}: {won} won, {lost} lost, {drawn} "
          f"drawn; {100 * share:.1f}% of decided games (95% CI {100 * low:.0f}-"
          f"{100 * high:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
