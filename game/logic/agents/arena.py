"""The arena: computer players of different levels play seeded games against each other.

    python -m game.logic arena VARIANT --ai hard,greedy --games N --seed S [--players K]
        [--option NAME=VALUE ...] [--time SECONDS] [--rounds R] [--jobs J] [--json]
        [--log FILE]

Seats: the names of --ai fill the seats in turn (hard,greedy with 4 players: hard,
greedy, hard, greedy) and every game turns the table one seat, so each deal is played
with every rotation: game g deals from seed S + g // K and rotates by g % K (K players),
and the computers' random choices are seeded by that deal and rotation alone, so 400
games from seed 11 are the same games as 200 from seed 11 and 200 from seed 111.
A classic game is one whole match; `--rounds R` stops it after R rounds (or when the
match ends) and the lowest total wins (equal lowest: a draw); `--option limit=...`
shortens a match instead. Per player type: wins, losses (decided games another type
won), draws, the win share of decided games with its 95% Wilson interval, and the time
per move (median, 95th percentile, maximum) over the moves that had a choice.

`--jobs J` plays J games at a time in worker processes (one a core: a timed Hard player
then searches as it would alone). Every game has its own seeds, so the results are the
same as one at a time, but for what the clock changes in timed searches.

`--log FILE` writes each game as it ends (arena_log.py); given the same run and log again,
the arena plays only the games the log lacks, so a long run can stop and go on.
"""
from __future__ import annotations

import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..core import OptionError
from ..options import parse_option_pairs
from ..records import seed_argument
from ..variants import find_variant, new_game
from . import make_agent
from .arena_log import ArenaLog

Z95 = 1.959964


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0, 1 when there are no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(math.ceil(fraction * len(ordered))) - 1)]


@dataclass
class ArenaResult:
    variant: str
    players: int
    names: list[str]
    games: int = 0
    wins: dict = field(default_factory=dict)
    losses: dict = field(default_factory=dict)
    draws: int = 0
    move_seconds: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        types = list(dict.fromkeys(self.names))
        win_share: dict[str, dict] = {}
        move_ms: dict[str, dict] = {}
        result = {"games": self.games, "wins": {t: self.wins.get(t, 0) for t in types},
                  "losses": {t: self.losses.get(t, 0) for t in types}, "draws": self.draws,
                  "win_share": win_share, "move_ms": move_ms}
        for t in types:
            won, decided = self.wins.get(t, 0), self.wins.get(t, 0) + self.losses.get(t, 0)
            low, high = wilson(won, decided)
            win_share[t] = {"share": round(won / decided, 4) if decided else None,
                                      "ci95": [round(low, 4), round(high, 4)]}
            times = self.move_seconds.get(t, [])
            move_ms[t] = {"p50": round(percentile(times, 0.5) * 1e3, 3),
                                    "p95": round(percentile(times, 0.95) * 1e3, 3),
                                    "max": round(max(times, default=0.0) * 1e3, 3),
                                    "moves": len(times)}
        return result

    def text(self) -> str:
        data = self.as_json()
        lines = [f"arena {self.variant}: {self.games} games, {self.players} players, "
                 f"seats {', '.join(self.names)}; draws {self.draws}"]
        for t in data["wins"]:
            share = data["win_share"][t]
            low, high = share["ci95"]
            shown = "-" if share["share"] is None else f"{100 * share['share']:.1f}%"
            times = data["move_ms"][t]
            lines.append(f"  {t}: wins {data['wins'][t]}, losses {data['losses'][t]}, "
                         f"draws {self.draws}; win share of decided games {shown} "
                         f"(95% CI {100 * low:.1f}-{100 * high:.1f}%); move time median "
                         f"{times['p50']:.1f} ms, p95 {times['p95']:.1f} ms, "
                         f"max {times['max']:.1f} ms over {times['moves']} moves")
        return "\n".join(lines)


def seat_names(names: list[str], players: int, game: int) -> list[str]:
    seats = [names[i % len(names)] for i in range(players)]
    turn = game % players
    return seats[turn:] + seats[:turn]


def game_seeds(seed: int, game: int, players: int) -> tuple[int, random.Random]:
    """Game `game`'s deal and its computers' random source, seeded by the deal and the
    rotation alone, so a run is a slice of any longer one."""
    deal = seed + game // players
    return deal, random.Random(deal * 1009 + game % players)


def round_limited_winner(state) -> int | None:
    """After `--rounds`: the winner of the match if it ended, else the lowest total."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome.winner
    totals = state.totals
    lowest = min(totals)
    best = [p for p, t in enumerate(totals) if t == lowest]
    return best[0] if len(best) == 1 else None


def play_game(variant: str, players: int, seed: int, options: dict, agents: dict,
              seats: list[str], rounds: int | None, times: dict, rng) -> int | None:
    """One game; returns the winning seat (None: a draw) and adds each move's time."""
    state = new_game(variant, players, seed, options)
    moves = 0
    while not state.is_over():
        # --rounds is refused but for classic matches, which keep finished_rounds
        if rounds is not None and len(state.finished_rounds) >= rounds:  # type: ignore[attr-defined]
            return round_limited_winner(state)
        player = state.current_player
        assert player is not None, "a game not over has a player to move"
        kind = seats[player]
        view = state.view(player)
        started = time.perf_counter()
        move = agents[kind].choose(view, rng)
        if len(view.moves) > 1:         # decisions only: forced moves take no time
            times[kind].append(time.perf_counter() - started)
        state.apply(move)
        moves += 1
        if moves > 100_000:
            raise RuntimeError(f"{variant} game {seed} did not end")
    outcome = state.outcome()
    assert outcome is not None, "the game is over"
    return outcome.winner


def run_arena(variant: str, names: list[str], games: int, seed: int = 0,
              players: int | None = None, options: dict | None = None,
              seconds: float | None = None, rounds: int | None = None,
              jobs: int = 1, log: str | None = None) -> ArenaResult:
    cls = find_variant(variant)
    players = cls.min_players if players is None else players
    cls.require_players(players)
    if not names or len(names) > players:
        raise OptionError(f"--ai names {len(names)} players for a {players}-player game")
    if games < 1:
        raise OptionError("--games must be at least 1")
    if seconds is not None and not (seconds > 0 and math.isfinite(seconds)):
        raise OptionError(f"--time must be a number of seconds above 0, not {seconds}")
    if rounds is not None:
        if cls.variant != "classic":
            raise OptionError(f"--rounds is for classic matches, not {cls.variant}")
        if rounds < 1:
            raise OptionError("--rounds must be at least 1")
    if jobs < 1:
        raise OptionError("--jobs must be at least 1")
    table = Table(cls.variant, players, list(names), seed, options or {}, seconds, rounds)
    table.warm()
    result = ArenaResult(cls.variant, players, [seat_names(names, players, 0)[p]
                                                for p in range(players)])
    result.move_seconds = {name: [] for name in table.agents}
    if log is None:
        return _play(table, range(games), jobs, result)
    run = json.loads(json.dumps({"variant": cls.variant, "players": players,
                                 "names": list(names),
                                 "seed": seed, "options": options or {}, "time": seconds,
                                 "rounds": rounds}))
    book = ArenaLog(log, run)
    try:
        _tally(result, [book.games[g] for g in sorted(book.games) if g < games])
        todo = [g for g in range(games) if g not in book.games]
        return _play(table, todo, jobs, result, book.add)
    finally:
        book.close()


def _play(table, games, jobs: int, result: ArenaResult, record=lambda played: None):
    """Play `games` (their numbers) `jobs` at a time and tally them into `result`;
    `record(played)` sees each game as it ends."""
    def recorded(played):
        for one in played:
            record(one)
            yield one
    if jobs == 1:
        return _tally(result, recorded(map(table.play, games)))
    with ProcessPoolExecutor(jobs, initializer=_worker_table, initargs=(table,)) as pool:
        return _tally(result, recorded(pool.map(_worker_play, games)))


@dataclass
class Table:
    """What every game of one arena shares; `play(g)` plays game g and gives (g, the
    winning seat, the seats' names, each player type's move times)."""

    variant: str
    players: int
    names: list
    seed: int
    options: dict
    seconds: float | None
    rounds: int | None

    def __post_init__(self):
        self.agents = {}
        for name in dict.fromkeys(self.names):
            timed = self.seconds is not None and name == "hard"
            self.agents[name] = (make_agent(name, seconds=self.seconds) if timed
                                 else make_agent(name))

    def warm(self) -> None:
        """Options checked before any play; imports are no thinking time."""
        warm = new_game(self.variant, self.players, self.seed, self.options)
        if any(name.startswith("hard") for name in self.agents):
            from .hooks import hooks_for
            hooks_for(self.variant)
            warm.view(warm.current_player or 0)     # a view warms the hooks: any seat

    def play(self, game: int) -> tuple:
        seats = seat_names(self.names, self.players, game)
        deal, rng = game_seeds(self.seed, game, self.players)
        times: dict[str, list[float]] = {name: [] for name in self.agents}
        winner = play_game(self.variant, self.players, deal, self.options, self.agents, seats,
                           self.rounds, times, rng)
        return game, winner, seats, times


_TABLE: Table | None = None


def _worker_table(table: Table) -> None:
    global _TABLE
    _TABLE = table
    table.warm()


def _worker_play(game: int) -> tuple:
    assert _TABLE is not None, "the pool's initializer sets it"
    return _TABLE.play(game)


def _tally(result: ArenaResult, played) -> ArenaResult:
    for _game, winner, seats, times in played:
        for name, spent in times.items():
            result.move_seconds[name].extend(spent)
        result.games += 1
        if winner is None:
            result.draws += 1
        else:
            won = seats[winner]
            result.wins[won] = result.wins.get(won, 0) + 1
            for name in set(seats) - {won}:
                result.losses[name] = result.losses.get(name, 0) + 1
    return result


def arena_command(args) -> int:
    """The `arena` subcommand of python -m game.logic (cli.py adds its arguments)."""
    names = [n.strip() for n in args.ai.split(",") if n.strip()]
    options = parse_option_pairs(args.option)
    result = run_arena(args.variant, names, args.games, args.seed, args.players, options,
                       args.time, args.rounds, jobs=args.jobs, log=args.log)
    sys.stdout.write(result.text() + "\n")
    if args.json:
        sys.stdout.write(json.dumps(result.as_json(), separators=(",", ":")) + "\n")
    return 0


def add_arena_parser(commands) -> None:
    arena = commands.add_parser("arena", help="computer levels against each other: wins, "
                                              "confidence intervals and move times")
    arena.add_argument("variant")
    arena.add_argument("--ai", default="hard,greedy", help="player types, comma separated")
    arena.add_argument("--games", type=int, default=10)
    arena.add_argument("--seed", type=seed_argument, default=0)
    arena.add_argument("--players", type=int)
    arena.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    arena.add_argument("--time", type=float, help="seconds per move of the hard players")
    arena.add_argument("--rounds", type=int, help="classic: stop a match after this many "
                                                  "rounds; the lowest total wins")
    arena.add_argument("--jobs", type=int, default=1, help="games played at a time, in "
                                                           "worker processes (one a core)")
    arena.add_argument("--json", action="store_true", help="end with one JSON line")
    arena.add_argument("--log", metavar="FILE", help="one JSON line per game; a run "
                                                     "given its log again goes on where "
                                                     "it stopped")
