"""Our computer players against OpenSpiel's bots, on OpenSpiel's own block dominoes.

A measuring tool, like all_seeing_arena.py: nothing in the game uses it, and OpenSpiel is
never one of the game's requirements. It runs with a Python that has OpenSpiel installed
(a scratch environment) and finds our package from this checkout:

    python3 -m venv /tmp/osenv && /tmp/osenv/bin/python -m pip install open_spiel
    /tmp/osenv/bin/python tools/openspiel_arena.py --ours hard --time 1 \\
        --theirs ismcts --sims 1000 --deals 500 --seed 11 --jobs 2 --log run.jsonl

OpenSpiel's `python_block_dominoes` is the referee: every round is played move by move in
both engines at once, each move is checked to be legal in both (the two engines' lists
of legal moves must be the same moves), and at the end both must agree on how the round
ended, who won and by how many points. Any disagreement stops the run with the round,
the move and both engines' words. Each deal is played twice, our player first as
OpenSpiel's player 0 and then as player 1 (mirrored deals).

How the rules map (ours: `classic` with `players=2`, `block=true`, `opening=any`):

* The deal: OpenSpiel deals 7 tiles to each player and leaves 14 unused; nobody draws.
  Ours: the same hands, the 14 unused tiles as the boneyard of the block game, which
  nobody draws from. Deal d comes from seed S + d (Python's random, our tool's own).
* The opening: OpenSpiel's player 0 opens with any tile; our option `opening=any` lets
  the first player open with any tile (by default our highest double opens instead).
* Passing: OpenSpiel has no pass action; a player who cannot lay a tile is skipped and
  the other moves again. Ours writes that turn as a forced `pass`: the tool plays it in
  our engine only and checks that OpenSpiel gave the turn to the other player.
* Placing: OpenSpiel names the tile and the open end's number it covers; ours the tile
  and the side (L or R). Where both ends show the same number our two moves are one
  move of OpenSpiel's (the line's open numbers come out the same).
* The end: a hand emptied (our `domino`) or nobody can lay a tile (our `blocked`).
* The score: OpenSpiel gives the winner (the empty hand, or the fewer pips when blocked)
  the loser's pips, and the loser as many below zero; equal pips score 0 each, a draw.
  Ours adds each player's own pips to their own total, so the winner is the lower and
  the points won are the loser's pips: the tool checks exactly that.

Our players: `hard` (the Hard level, `--time` seconds a move, or `--iterations`),
`greedy` (Medium), `random` (Easy), `all-seeing` (Hard's search over the true deal: it
sees both hands; all_seeing_arena.py). Their players: `ismcts` (OpenSpiel's
information-set MCTS, `--sims` simulations a move with one random rollout each and
`--uct-c`; its worlds deal the unseen tiles at random to the opponent's hand size, all
that its infostates say besides the history) and `random`. Hard's search sees only its
own view; the game it thinks it plays is the mapped one above, options and all.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.games import block_dominoes  # noqa: E402,F401 (registers the game)

from all_seeing_arena import all_seeing_move  # noqa: E402
from game.logic.agents import HardAgent, make_agent  # noqa: E402
from game.logic.agents.arena import percentile, wilson  # noqa: E402
from game.logic.agents.search import Budget  # noqa: E402
from game.logic.core import DOUBLE_SIX, PASS, Tile  # noqa: E402
from game.logic.line.classic import ClassicMatch  # noqa: E402

GAME = "python_block_dominoes"
OPTIONS = {"block": True, "opening": "any"}      # ours, as OpenSpiel plays
OURS = ("hard", "greedy", "random", "all-seeing")
THEIRS = ("ismcts", "random")


class Disagreement(RuntimeError):
    """The two engines disagree: the rule mapping (or an engine) is wrong."""


def os_tile(tile: Tile) -> tuple:
    return (float(tile.a), float(tile.b))


def dealt(deal_seed: int) -> tuple[list, list, list]:
    """(player 0's hand, player 1's hand, the 14 unused) of deal `deal_seed`."""
    tiles = list(DOUBLE_SIX)
    random.Random(deal_seed).shuffle(tiles)
    return sorted(tiles[:7]), sorted(tiles[7:14]), tiles[14:]


def both_engines(deal_seed: int):
    """The deal set up in OpenSpiel (by its chance actions) and in ours (a position)."""
    first, second, unused = dealt(deal_seed)
    theirs = pyspiel.load_game(GAME).new_initial_state()
    for tile in first + second:        # OpenSpiel fills player 0's hand, then player 1's
        theirs.apply_action(block_dominoes._DECK.index(os_tile(tile)))
    ours = ClassicMatch.from_position({
        "variant": "classic", "players": 2, "seed": deal_seed, "round": 1, "totals": [0, 0],
        "line": [], "hands": [[str(t) for t in first], [str(t) for t in second]],
        "stock": [str(t) for t in unused], "to_move": 0, "options": dict(OPTIONS)}, "<deal>")
    return theirs, ours


def os_action(player: int, move, ends) -> int:
    """OpenSpiel's action for our `move` (a tile laid, alone or on end L or R)."""
    edge = None if ends is None else ends[0] if move.end == "L" else ends[1]
    text = str(block_dominoes.Action(player, os_tile(move.tile),
                                     None if edge is None else float(edge)))
    return block_dominoes._ACTIONS_STR.index(text)


def our_move(ours, action: int):
    """Our move for OpenSpiel's `action` (the tile on the end showing its number)."""
    chosen = block_dominoes._ACTIONS[action]
    ends = ours.round.ends
    for move in ours.legal_moves():
        if move is not PASS and os_action(chosen.player, move, ends) == action:
            return move
    raise Disagreement(f"OpenSpiel's {chosen} is no legal move of ours "
                       f"({[str(m) for m in ours.legal_moves()]})")


def ismcts_bot(sims: int, uct_c: float, seed: int):
    """OpenSpiel's ISMCTS with random rollouts; its worlds redeal the tiles the player
    to move has not seen (the opponent's hand and the unused) at random."""
    game = pyspiel.load_game(GAME)
    rng = random.Random(seed)

    def resample(state, player):
        world = state.clone()
        other = 1 - player
        unseen = list(world.hands[other]) + list(world.deck)
        rng.shuffle(unseen)
        size = len(world.hands[other])
        world.hands[other], world.deck = sorted(unseen[:size]), unseen[size:]
        return world

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, sims,
                           random_state=np.random.RandomState(seed + 1))
    bot.set_resampler(resample)
    return bot


def check_same_moves(theirs, ours) -> None:
    player = ours.current_player
    mapped = {os_action(player, m, ours.round.ends) for m in ours.legal_moves()}
    if theirs.current_player() != player or mapped != set(theirs.legal_actions()):
        raise Disagreement(
            f"player {player} to move: ours {[str(m) for m in ours.legal_moves()]}, "
            f"OpenSpiel's player {theirs.current_player()} "
            f"{[theirs.action_to_string(a) for a in theirs.legal_actions()]}")


def check_same_end(theirs, ours) -> dict:
    """Both engines' end of the round, checked to agree; the round's summary."""
    if not theirs.is_terminal():
        raise Disagreement(f"our round ended ({ours.finished_rounds[0].reason}), "
                           "OpenSpiel's goes on")
    result = ours.finished_rounds[0]
    pips = list(result.scores)
    reason = result.reason
    emptied = [p for p in (0, 1) if not theirs.hands[p]]
    if (reason == "domino") != bool(emptied):
        raise Disagreement(f"ours ended by {reason}, OpenSpiel's hands {theirs.hands}")
    if pips[0] == pips[1]:
        expected = [0, 0]
    else:
        winner = 0 if pips[0] < pips[1] else 1
        expected = [0, 0]
        expected[winner], expected[1 - winner] = pips[1 - winner], -pips[1 - winner]
    returns = [int(r) for r in theirs.returns()]
    if returns != expected:
        raise Disagreement(f"OpenSpiel scores {returns}, ours {pips} pips left "
                           f"(expected OpenSpiel's {expected})")
    return {"reason": reason, "returns": returns, "pips": pips}


class Seat:
    """One side's player, with its move times (of turns with a choice)."""

    def __init__(self, name: str, args, seed: int):
        self.name = name
        self.rng = random.Random(seed)
        self.times: list[float] = []
        if name == "ismcts":
            self.bot = ismcts_bot(args.sims, args.uct_c, seed)
        elif name in ("hard", "all-seeing"):
            self.hard = HardAgent(seconds=None if args.iterations else args.time,
                                  iterations=args.iterations)
        elif name in ("greedy", "random"):
            self.agent = make_agent(name)
        self.args = args

    def move(self, theirs, ours, theirs_side: bool):
        """(our move, OpenSpiel's action) this seat plays."""
        started = time.perf_counter()
        if theirs_side and self.name == "ismcts":
            action = self.bot.step(theirs)
            move = our_move(ours, action)
        elif theirs_side:           # OpenSpiel's uniformly random player
            action = self.rng.choice(theirs.legal_actions())
            move = our_move(ours, action)
        else:
            view = ours.view(ours.current_player)
            if self.name == "all-seeing":
                budget = Budget(None if self.args.iterations else self.args.time,
                                self.args.iterations)
                move = all_seeing_move(ours, self.hard, budget,
                                       random.Random(self.rng.getrandbits(64)))
            elif self.name == "hard":
                move = self.hard.choose(view, self.rng)
            else:
                move = self.agent.choose(view, self.rng)
            action = os_action(ours.current_player, move, ours.round.ends)
        if len(ours.legal_moves()) > 1:
            self.times.append(time.perf_counter() - started)
        return move, action


def play_round(task: tuple) -> dict:
    """One round: deal `deal_seed`, our player in seat `ours_at` (OpenSpiel's player
    number). Returns its summary; Disagreement when the engines part."""
    deal_seed, ours_at, args = task
    theirs, ours = both_engines(deal_seed)
    seed = deal_seed * 1009 + ours_at
    seats = {ours_at: Seat(args.ours, args, seed), 1 - ours_at: Seat(args.theirs, args, seed)}
    moves = []
    while not ours.finished_rounds:
        player = ours.current_player
        if ours.legal_moves() == [PASS]:
            if theirs.is_terminal() or theirs.current_player() != 1 - player:
                raise Disagreement(f"deal {deal_seed}: player {player} passes in ours, "
                                   f"OpenSpiel's player to move is {theirs.current_player()}")
            ours.apply(PASS)
            moves.append("pass")
            continue
        check_same_moves(theirs, ours)
        move, action = seats[player].move(theirs, ours, player != ours_at)
        if action not in theirs.legal_actions():
            raise Disagreement(f"deal {deal_seed}: {move} is not legal in OpenSpiel")
        ours.apply(move)
        theirs.apply_action(action)
        moves.append(str(move))
    end = check_same_end(theirs, ours)
    mine = end["returns"][ours_at]
    return {"deal": deal_seed, "ours_at": ours_at, "moves": moves, **end,
            "result": "win" if mine > 0 else "loss" if mine < 0 else "draw",
            "points": mine, "ms": {"ours": [round(t * 1e3, 1) for t in seats[ours_at].times],
                                   "theirs": [round(t * 1e3, 1)
                                              for t in seats[1 - ours_at].times]}}


def run_header(args) -> dict:
    return {"ours": args.ours, "theirs": args.theirs, "time": args.time,
            "iterations": args.iterations, "sims": args.sims, "uct_c": args.uct_c,
            "seed": args.seed, "options": OPTIONS}


def read_log(path: str, header: dict) -> dict:
    """The rounds a log of this same run already holds, by (deal, seat)."""
    done = {}
    if not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines or json.loads(lines[0]).get("run") != header:
        raise SystemExit(f"{path}: a log of another run (its first line names it)")
    for line in lines[1:]:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:        # a line cut short by a stop: played again
            continue
        done[entry["deal"], entry["ours_at"]] = entry
    return done


def summary(rounds: list[dict], header: dict) -> dict:
    won = sum(r["result"] == "win" for r in rounds)
    lost = sum(r["result"] == "loss" for r in rounds)
    low, high = wilson(won, won + lost)
    ours_ms = [t for r in rounds for t in r["ms"]["ours"]]
    theirs_ms = [t for r in rounds for t in r["ms"]["theirs"]]

    def times(values):
        return {"median": statistics.median(values) if values else 0.0,
                "p95": percentile(values, 0.95), "max": max(values, default=0.0),
                "moves": len(values)}
    return {"run": header, "rounds": len(rounds), "won": won, "lost": lost,
            "drawn": len(rounds) - won - lost,
            "share": won / (won + lost) if won + lost else None, "ci95": [low, high],
            "points_for": sum(max(0, r["points"]) for r in rounds),
            "points_against": sum(max(0, -r["points"]) for r in rounds),
            "ms_ours": times(ours_ms), "ms_theirs": times(theirs_ms)}


def summary_text(found: dict) -> str:
    run = found["run"]
    share = "-" if found["share"] is None else f"{100 * found['share']:.1f}%"
    low, high = found["ci95"]
    ours, theirs = found["ms_ours"], found["ms_theirs"]
    budget = ("" if run["ours"] not in ("hard", "all-seeing")
              else f" ({run['iterations']} iterations)" if run["iterations"]
              else f" ({run['time']:g} s)")
    opponent = (f"ismcts-{run['sims']} (uct_c {run['uct_c']:g})" if run["theirs"] == "ismcts"
                else run["theirs"])
    return (f"{run['ours']}{budget} vs OpenSpiel {opponent}, {found['rounds']} rounds: "
            f"won {found['won']}, lost {found['lost']}, drawn {found['drawn']}; "
            f"{share} of decided rounds (95% CI {100 * low:.1f}-{100 * high:.1f}%); points "
            f"{found['points_for']} for, {found['points_against']} against\n"
            f"  move time, ours: median {ours['median']:.0f} ms, p95 {ours['p95']:.0f} ms, "
            f"max {ours['max']:.0f} ms ({ours['moves']} moves); theirs: median "
            f"{theirs['median']:.0f} ms, p95 {theirs['p95']:.0f} ms, max "
            f"{theirs['max']:.0f} ms ({theirs['moves']} moves)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tools/openspiel_arena.py")
    parser.add_argument("--ours", choices=OURS, default="hard")
    parser.add_argument("--theirs", choices=THEIRS, default="ismcts")
    parser.add_argument("--time", type=float, default=1.0, help="our seconds a move")
    parser.add_argument("--iterations", type=int, help="our playouts a move (not timed)")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations a move")
    parser.add_argument("--uct-c", type=float, default=2.0, help="ISMCTS's UCT constant")
    parser.add_argument("--deals", type=int, default=100, help="each played twice")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1, help="rounds played at a time")
    parser.add_argument("--log", help="JSON lines: the run, then one round a line; "
                        "the same run given the same log plays only what it lacks")
    parser.add_argument("--json", action="store_true", help="the summary as JSON")
    args = parser.parse_args(argv)
    header = run_header(args)
    tasks = [(args.seed + d, at, args) for d in range(args.deals) for at in (0, 1)]
    done = read_log(args.log, header) if args.log else {}
    rounds = [done[t[:2]] for t in tasks if t[:2] in done]
    todo = [t for t in tasks if t[:2] not in done]
    log = None
    if args.log:
        log = open(args.log, "a", encoding="utf-8")
        if not done and os.path.getsize(args.log) == 0:
            log.write(json.dumps({"run": header}) + "\n")

    def keep(played) -> None:
        for entry in played:
            rounds.append(entry)
            if log:
                log.write(json.dumps(entry) + "\n")
                log.flush()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            keep(pool.map(play_round, todo))
    else:
        keep(map(play_round, todo))
    found = summary(rounds, header)
    print(json.dumps(found) if args.json else summary_text(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
