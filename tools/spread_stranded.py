"""Why Spread games are lost: the tiles left in hand at the end, and whether they ever fit.

For every game a player loses, prints the tiles it was left with, the turn each was
turned up, and at how many of its later turns the tile could have been laid. A tile
turned up late that never fit lost the game to the board and the pack, not to a choice.

`--ai spoiler` is an experiment kept for whoever takes Spread's Hard player further:
a one-move player that lays like Medium but also takes room away from the doubles still
unseen (a double needs two free squares whose every neighbour shows its number) and
keeps room for the doubles it holds. A measuring tool only; nothing in the game uses it.

    nice .venv/bin/python tools/spread_stranded.py [--ai hard@0.1,random] [--games 60]
        [--seed 11] [--quiet] [--unseen-weight -1]
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.logic.agents import Agent, greedy_ratings, make_agent  # noqa: E402
from game.logic.agents.arena import game_seeds, seat_names, wilson  # noqa: E402
from game.logic.board.placement import DOUBLES, ORIENTED  # noqa: E402
from game.logic.core import PASS  # noqa: E402
from game.logic.spread.worlds import determinize  # noqa: E402
from game.logic.tiles import OPEN_BOARD_SET  # noqa: E402
from game.logic.variants import new_game  # noqa: E402

ROOM_CAP = 3            # room for more than this many doubles of a number counts as this


def double_room(board, need_contact: bool) -> list[int]:
    """Per number x, the places where the double x-x could be laid now."""
    room = [0] * 7
    for _slot, bits in board.legal_bits(DOUBLES, need_contact):
        while bits:
            low = bits & -bits
            room[ORIENTED[low.bit_length() - 1][0]] += 1
            bits ^= low
    return room


class SpoilerAgent(Agent):
    """Medium's rating plus: -1 per place left for each double still unseen, +3 per
    place left for each double held (a held double laid now counts as fully placed)."""

    name = "spoiler"
    held_weight = 3.0

    def __init__(self, unseen_weight: float = -1.0):
        self.unseen_weight = unseen_weight

    def choose(self, view, rng):
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        board, weights = determinize(view, rng).board, self.weights(view)
        ratings = [r + self.room_score(m, board, weights)
                   for m, r in zip(moves, greedy_ratings(view, moves))]
        best = max(ratings)
        return moves[rng.choice([i for i, r in enumerate(ratings) if r == best])]

    def weights(self, view) -> list[float]:
        """Per number, the weight of a place left for its double."""
        seen = Counter(p.tile for p in view.placed) + Counter(view.hand)
        weights = [0.0] * 7
        for tile in (Counter(OPEN_BOARD_SET.elements) - seen).elements():
            if tile.is_double:
                weights[tile.a] += self.unseen_weight
        for tile in view.hand:
            if tile.is_double:
                weights[tile.a] += self.held_weight
        return weights

    def room_score(self, move, board, weights) -> float:
        if move == PASS:
            return 0.0
        weights, bonus = list(weights), 0.0
        if move.x == move.y:
            weights[move.x] -= self.held_weight
            bonus = self.held_weight * ROOM_CAP
        index = board.shape.index
        board.place(index[move.first], move.x, index[move.second], move.y)
        room = double_room(board, True)
        board.lift()
        return bonus + sum(w * min(r, ROOM_CAP) for w, r in zip(weights, room))


def agent(name: str, unseen_weight: float = -1.0) -> Agent:
    return SpoilerAgent(unseen_weight) if name == "spoiler" else make_agent(name)


def play(state, agents, rng):
    """Play to the end; per player, the turn each tile still in hand was turned up (a
    tile that comes twice: each copy), and per (player, tile) the turns it could be laid."""
    arrived = [[] for _ in range(state.players)]        # (tile, turn) in hand, in order
    fitted, turn = {}, 0
    while not state.is_over():
        player = state.current_player
        new = Counter(state.hands[player]) - Counter(t for t, _ in arrived[player])
        arrived[player] += [(tile, turn) for tile in new.elements()]
        for tile in {m.tile for m in state.legal_moves() if m != PASS}:
            fitted.setdefault((player, tile), []).append(turn)
        move = agents[player].choose(state.view(player), rng)
        state.apply(move)
        if move != PASS:        # the copy laid: the one that came first
            arrived[player].remove(next(a for a in arrived[player] if a[0] == move.tile))
        turn += 1
    return [[(tile, since, sum(t >= since for t in fitted.get((player, tile), ())))
             for tile, since in held] for player, held in enumerate(arrived)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ai", default="hard@0.1,random")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--quiet", action="store_true", help="the summary only")
    parser.add_argument("--unseen-weight", type=float, default=-1.0,
                        help="the spoiler's weight of a place left for an unseen double "
                             "(above 0: it keeps room instead)")
    args = parser.parse_args(argv)
    names = args.ai.split(",")
    score = Counter()
    left = Counter()                # (player type, double or not, ever fitted) -> tiles
    for game in range(args.games):
        seats = seat_names(names, 2, game)
        deal, rng = game_seeds(args.seed, game, 2)
        state = new_game("open54", 2, deal, {})
        held = play(state, [agent(n, args.unseen_weight) for n in seats], rng)
        winner = state.outcome().winner
        score[seats[winner] if winner is not None else "draw"] += 1
        for player, tiles in enumerate(held):
            for tile, _since, fits in tiles:
                left[seats[player], tile.is_double, fits > 0] += 1
        if winner is not None and not args.quiet:
            words = ", ".join(f"{tile} (turned up on turn {since}, fitted at {fits} turns "
                              f"since)" for tile, since, fits in held[1 - winner])
            print(f"deal {deal}: {seats[1 - winner]} lost holding {words}")
    first, second = names[0], names[1]
    low, high = wilson(score[first], score[first] + score[second])
    print(f"{first} {score[first]}, {second} {score[second]}, drawn {score['draw']}: "
          f"{first} won {score[first] / max(1, score[first] + score[second]):.1%} of decided "
          f"games ({low:.1%}-{high:.1%})")
    for name in dict.fromkeys(names):
        doubles = sum(n for (who, double, _), n in left.items() if who == name and double)
        never = sum(n for (who, _, fitted), n in left.items() if who == name and not fitted)
        total = sum(n for (who, _, _), n in left.items() if who == name)
        print(f"{name}: {total} tiles left in hand over all games, {doubles} of them doubles, "
              f"{never} never fitted after they were turned up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
