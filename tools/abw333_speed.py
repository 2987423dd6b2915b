"""Random 4-player rounds a second: our line engine against abw333's `dominoes` library.

A measuring tool, like openspiel_arena.py: nothing in the game uses it, and `dominoes`
is never one of the game's requirements. It runs with a Python that has that library
installed (a scratch environment; pygame is not needed) and finds our package from this
checkout:

    python3 -m venv /tmp/abw333 && /tmp/abw333/bin/python -m pip install dominoes
    /tmp/abw333/bin/python tools/abw333_speed.py [--seconds S] [--runs N]

Both sides play whole rounds of random legal moves among 4 players, all 28 tiles
dealt, nothing to draw. abw333: `dominoes.Game.new()` and `make_move(*choice(valid_moves))`
until the game has a result. Ours: game.bench's `four()`, through the public API
(`new_game("classic", 4, seed)`, `legal_moves()`, `apply()` until a round is finished).
The runs alternate (abw333, ours, abw333, ...) in one process, so the machine's other
work hits both alike; the ratio is of the medians.

Where the rounds differ (the tool prints the mean tiles and passes a round of each):
abw333's player 0 opens with any tile of their hand, ours the holder of the highest
double with it; abw333 passes by itself inside `make_move` (a pass is no call), ours
lists `pass` as the one legal move and the player applies it; abw333 deals with the
module's global random generator, ours from the seed of each round.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.bench import four  # noqa: E402  (our loop, exactly as the benchmark plays it)
from game.logic import new_game  # noqa: E402
from game.logic.core import PASS  # noqa: E402

MISSING = ("abw333_speed: the abw333 `dominoes` library is not installed in this Python "
           "(make a scratch venv: python3 -m venv /tmp/abw333 && "
           "/tmp/abw333/bin/python -m pip install dominoes)")


def theirs_player(library):
    """One random round of abw333's, called like game.bench's four(seed, rng) (its
    deal comes from the module's global generator, not the seed)."""
    game_class = library.Game

    def theirs(count: int, rng: random.Random) -> None:
        game = game_class.new()
        while game.result is None:
            game.make_move(*rng.choice(game.valid_moves))
    return theirs


def rate(play, seconds: float, rng: random.Random) -> float:
    """Rounds a second of `play` over one run of at least `seconds` (wall time)."""
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        play(count, rng)
        count += 1
    return count / (time.perf_counter() - started)


def measure(players: dict, seconds: float, runs: int) -> dict[str, list[float]]:
    """name -> rounds a second of each run; the players' runs alternate, one random
    generator each, seeded alike."""
    rngs = {name: random.Random(1) for name in players}
    rates: dict[str, list[float]] = {name: [] for name in players}
    for _ in range(runs):
        for name, play in players.items():
            rates[name].append(rate(play, seconds, rngs[name]))
    return rates


def our_moves(rounds: int) -> tuple[float, float]:
    """(tiles, passes) of a random round of ours, on average over `rounds` rounds."""
    rng, tiles, passes = random.Random(2), 0, 0
    for seed in range(rounds):
        state = new_game("classic", 4, seed)
        while not state.finished_rounds:
            move = rng.choice(state.legal_moves())
            state.apply(move)
            passes += move is PASS
            tiles += move is not PASS
    return tiles / rounds, passes / rounds


def their_moves(library, rounds: int) -> tuple[float, float]:
    """(tiles, passes) of a random round of abw333's (its record writes a pass as None)."""
    rng, tiles, passes = random.Random(2), 0, 0
    for _ in range(rounds):
        game = library.Game.new()
        while game.result is None:
            game.make_move(*rng.choice(game.valid_moves))
        passes += game.moves.count(None)
        tiles += len(game.moves) - game.moves.count(None)
    return tiles / rounds, passes / rounds


def summary(name: str, rates: list[float], moves: tuple[float, float]) -> str:
    return (f"{name}: {statistics.median(rates):,.0f} rounds/s median, "
            f"{max(rates):,.0f} best of {len(rates)} runs; "
            f"{moves[0]:.1f} tiles and {moves[1]:.1f} passes a round")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="tools/abw333_speed.py", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each run")
    parser.add_argument("--runs", type=int, default=5, help="runs of each side")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.runs < 1:
        parser.error("--seconds must be above 0 and --runs at least 1")
    try:
        import dominoes as library
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 2
    random.seed(1)                  # abw333 deals with the module's generator
    new_game("classic", 4, 0).legal_moves()         # imports, out of the timing
    rates = measure({"abw333": theirs_player(library), "ours": four}, args.seconds, args.runs)
    print(summary("abw333 dominoes", rates["abw333"], their_moves(library, 2000)))
    print(summary("ours (classic, 4 players)", rates["ours"], our_moves(2000)))
    ratio = statistics.median(rates["ours"]) / statistics.median(rates["abw333"])
    print(f"ratio of the medians: ours / abw333 = {ratio:.2f}x "
          f"({args.runs} alternating runs of {args.seconds:g} s each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
