"""Benchmark: prints the figures the closing notes quote. Not a test; run it by hand.

    python -m game.bench [--quick]

Measures: random rounds and matches per second of the line games through the public API
(one process; `--only line` runs those alone), random games per second of every variant
through the public API, computer move time per variant and level and the Hard player's
search speed (`--only computers` runs those alone), frame time (median and p99) of the
busiest match scenes drawn at 1920x1080 headless, the greedy move time and frame time on
the biggest Dominox board (`--only big` runs that alone), the cost of scaling a frame to
other window sizes, and launch time to the first menu frame, the CPU the loop uses while
idle (`--only idle` runs that alone), and on the loopback the time from a remote
player's move to the other screen showing it and the bytes a network match sends
(`--only network`). Hard's move time with every core busy runs only when asked (`--only
loaded`): it loads the machine on purpose; so does the table server under a thousand
tables of bots and at full speed (`--only tables`: game/bench_tables.py).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from game.bench_stats import move_times, percentile
from game.logic import new_game
from game.logic.console import tolerant_output
from game.logic.board.shape import MAX_SIDE

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Headless: the benchmark measures drawing, not a display or a sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


# The line engine as the game uses it: new_game, legal_moves, apply (the scenes and the
# computer players call the same). One round of each, random moves; these two loops are
# the measures compared with other engines, so they keep exactly this shape.
def two_block(seed, rng):           # 2-player block dominoes, one round
    s = new_game("classic", 2, seed, {"block": True})
    while not s.finished_rounds:
        s.apply(rng.choice(s.legal_moves()))


def four(seed, rng):                # 4 players, all 28 tiles dealt, one round
    s = new_game("classic", 4, seed)
    while not s.finished_rounds:
        s.apply(rng.choice(s.legal_moves()))


def rounds_per_second(play, seconds: float, runs: int = 3) -> list[float]:
    """Rounds per second of `play` in `runs` runs of at least `seconds` each (one process,
    wall time, seeds 0, 1, ... in every run, one random generator throughout)."""
    rng, rates = random.Random(1), []
    for _ in range(runs):
        count, started = 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            play(count, rng)
            count += 1
        rates.append(count / (time.perf_counter() - started))
    return rates


def moves_per_round(variant: str, players: int, options: dict, rounds: int = 2000) -> float:
    """The mean number of moves (tiles played and passes) of a random round."""
    rng, moves = random.Random(2), 0
    for seed in range(rounds):
        state = new_game(variant, players, seed, options)
        # a line variant's match keeps finished_rounds
        while not state.finished_rounds:    # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return moves / rounds


def bench_line(seconds: float) -> None:
    new_game("classic", 2).legal_moves()              # imports, out of the timing
    for label, play, case in (
            ("classic 2-player block, one round", two_block, ("classic", 2, {"block": True})),
            ("classic 4 players, all dealt, one round", four, ("classic", 4, {}))):
        rates = rounds_per_second(play, seconds)
        print(f"{label}: {max(rates):,.0f} rounds/s (best of {len(rates)} runs of "
              f"{seconds:g} s; median {statistics.median(rates):,.0f}), "
              f"{moves_per_round(*case):.1f} moves a round")
    from game.logic.variants import VARIANTS
    for variant, entry in VARIANTS.items():
        if entry.scene != "line":
            continue
        cls = entry.load()
        for players in range(cls.min_players, cls.max_players + 1):
            games, moves, elapsed = random_games(variant, players, {}, seconds)
            print(f"random whole {variant} games (a classic game: a 150-point match), "
                  f"{players} players: {games / elapsed:,.0f} a second, "
                  f"{moves / elapsed:,.0f} moves/s")


def random_games(variant: str, players: int, options: dict, seconds: float) -> tuple:
    """(games, moves, seconds) of whole random games through the public API (new_game,
    legal_moves, apply): the engine the scenes and the computers use."""
    from game.logic.variants import new_game
    rng = random.Random(1)
    games = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = new_game(variant, players, games, options)
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
            moves += 1
        games += 1
    return games, moves, time.perf_counter() - started


def bench_variants(seconds: float) -> None:
    """Random whole games per second of every registered variant (default options, the
    fewest players; classic to a 150-point match)."""
    from game.logic.variants import VARIANTS, find_variant
    for name in VARIANTS:
        players = find_variant(name).min_players
        games, moves, elapsed = random_games(name, players, {}, seconds)
        print(f"random {name} games ({players} players): {games / elapsed:,.0f} games/s, "
              f"{moves / elapsed:,.0f} moves/s")


def bench_agents(samples: int, hard_samples: int) -> None:
    """Move times of every computer level in every variant; Hard at its 0.1 s and 1 s
    budgets (fewer samples: each one takes its budget)."""
    from game.logic.agents import AGENTS, make_agent
    from game.logic.variants import VARIANTS, find_variant
    cases: list[tuple[str, int, dict]] = [("classic", 4, {})] + [
        (name, find_variant(name).min_players, {}) for name in VARIANTS]
    levels = [(name, samples) for name in AGENTS if name != "hard"]
    levels += [("hard@0.1", hard_samples), ("hard@1", max(3, hard_samples // 10))]
    for variant, players, options in cases:
        for name, count in levels:
            times = move_times(variant, players, count, make_agent(name).choose,
                               random.Random(7), options=options)
            print(f"computer move time, {variant} {players}p {name}: "
                  f"median {statistics.median(times) * 1e3:.3f} ms, "
                  f"p95 {percentile(times, 0.95) * 1e3:.3f} ms, "
                  f"max {max(times) * 1e3:.3f} ms ({len(times)} moves)")


def bench_search(seconds: float) -> None:
    """How fast the Hard player's search runs in each variant, on one core."""
    from game.logic.agents.speed import search_speed
    from game.logic.variants import VARIANTS
    for name in VARIANTS:
        found = search_speed(name, seconds)
        print(f"hard search, {name}: {found['per_second']:,.0f} {found['unit']}/s")


def computer_match(folder: Path, variant: str, players: int, state=None):
    """An App in a 1920x1080 window running a match of Medium computers (deal seed 11),
    and the match's controller. Its save goes to `folder`, never over a player's."""
    import pygame

    from game.shell.frame.app import App
    from game.play.config import MatchConfig, Seat
    from game.shell.match.scene import MatchScene
    os.environ["XDG_DATA_HOME"] = str(folder)
    app = App(windowed=True, settings_path=folder / "settings.json")
    app.window = pygame.display.set_mode((1920, 1080))
    seats = tuple(Seat(f"Computer {i + 1}", "computer", "greedy") for i in range(players))
    app.start_match(MatchConfig(variant, seats, {}, 11), state)
    app.running = True
    scene = app.top
    if not isinstance(scene, MatchScene):       # a message saying why it could not start
        raise RuntimeError(f"no {variant} match: {type(scene).__name__} instead")
    return app, scene.ctl        # the controller, whatever overlay comes on top later


def match_frames(folder: Path, variant: str, players: int, frames: int, state=None,
                 through_results: bool = False):
    """(wall seconds, the game thread's CPU seconds) of each of `frames` + 1 whole frames of
    a computer-only match (`computer_match`), the moves played meanwhile, and the indices
    of the frames that brought results on screen (from the one that put them on top to
    the one that showed them whole). With `through_results`, frames go on past `frames`
    until the first results are whole: the frames of a
    transition are the slowest of a match, and a benchmark must time them."""
    most = frames + 20000 if through_results else frames     # (a game ends long before)
    import pygame

    from game.shell.screens.results import ResultsScene
    app, match = computer_match(folder, variant, players, state)
    wall, cpu, appearing = [], [], []
    whole = False
    for index in range(most + 1):
        if index > frames and (whole or not through_results):
            break
        started, used = time.perf_counter(), time.thread_time()
        app.run_frame(1 / 60)
        wall.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - used)
        top = app.top
        if isinstance(top, ResultsScene) and not whole:
            appearing.append(index)
            whole = top.ready
    moves = len(match.state.moves_played())
    pygame.display.quit()
    return wall, cpu, moves, appearing


def bench_frames(frames: int) -> None:
    """Whole frames (events, fixed updates, drawing, presenting) of computer-only matches
    at the default animation speed, in a 1920x1080 window, on until the first results
    have appeared: the max includes the frames that bring them. The first frame of a
    match renders every tile sprite once; it is reported apart. Every registered variant
    with its most seats (the busiest table)."""
    import tempfile

    from game.logic.variants import VARIANTS
    for variant, entry in VARIANTS.items():
        players = entry.load().max_players
        with tempfile.TemporaryDirectory() as folder:
            times, cpu, _, appearing = match_frames(Path(folder), variant, players, frames,
                                                    through_results=True)
        first, rest = times[0], times[1:]
        results = (f"; the results appearing (frames {appearing[0]}-{appearing[-1]}): max "
                   f"{max(times[i] for i in appearing) * 1e3:.2f} ms, CPU max "
                   f"{max(cpu[i] for i in appearing) * 1e3:.2f} ms" if appearing else
                   "; no results within the frames")
        print(f"frame time, {variant} {players}-computer match at 1920x1080: "
              f"median {statistics.median(rest) * 1e3:.2f} ms, "
              f"p99 {percentile(rest, 0.99) * 1e3:.2f} ms, max {max(rest) * 1e3:.2f} ms "
              f"over {len(rest)} frames (first frame {first * 1e3:.0f} ms); the game's "
              f"thread's CPU p99 {percentile(cpu[1:], 0.99) * 1e3:.2f} ms{results}")


BIG_SIDE = MAX_SIDE  # the largest board a level file may draw


def big_board_game(folder: Path, seed: int):
    """A fresh Dominox game on a 26 x 26 board of open squares: a level file written to
    `folder` and read as any level file is, its grid dealt on through a position."""
    from game.logic.dominox.files import dealt_position
    from game.logic.levels import layout_from_file
    from game.logic.variants import find_variant
    path = folder / "biggest.toml"
    path.write_text('name = "Biggest"\ndescription = "The largest board a level may draw."\n'
                    'grid = """\n' + ("." * BIG_SIDE + "\n") * BIG_SIDE + '"""\n')
    layout = layout_from_file(path, "dominox")
    return find_variant("dominox").from_position(dealt_position(layout, seed))


def bench_big_board(frames: int) -> None:
    """The greedy computer's time a move over a whole game on the biggest Dominox board,
    and frames of a computer-only match on it at 1920x1080: wall time, and the CPU time
    of the game's own thread (the computer thinks in a worker process)."""
    import tempfile

    from game.logic.agents import make_agent
    with tempfile.TemporaryDirectory() as folder:
        game, agent, rng = big_board_game(Path(folder), 11), make_agent("greedy"), random.Random(1)
        wall, cpu = [], []
        while not game.is_over():
            started, cpu_started = time.perf_counter(), time.process_time()
            move = agent.choose(game.view(game.current_player), rng)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
            game.apply(move)
        print(f"big board ({BIG_SIDE}x{BIG_SIDE} Dominox), greedy a move over {len(wall)} moves: "
              f"p50 {statistics.median(wall) * 1e3:.0f} ms, max {max(wall) * 1e3:.0f} ms "
              f"(CPU p50 {statistics.median(cpu) * 1e3:.0f} ms, max {max(cpu) * 1e3:.0f} ms)")
        wall, cpu, moves, _ = match_frames(Path(folder), "dominox", 2, frames,
                                           big_board_game(Path(folder), 11))
    wall, cpu = wall[1:], cpu[1:]                    # the first frame renders the sprites
    print(f"big board frame time at 1920x1080 over {len(wall)} frames ({moves} moves): "
          f"median {statistics.median(wall) * 1e3:.2f} ms, "
          f"p99 {percentile(wall, 0.99) * 1e3:.2f} ms, "
          f"max {max(wall) * 1e3:.2f} ms; the game's thread's CPU p99 "
          f"{percentile(cpu, 0.99) * 1e3:.2f} ms, max {max(cpu) * 1e3:.2f} ms")


def bench_present(frames: int) -> None:
    """Scaling the 1920x1080 logical frame to common window sizes (the part of a frame
    that grows with the screen)."""
    import tempfile

    import pygame

    from game.shell.frame.app import App
    with tempfile.TemporaryDirectory() as folder:
        app = App(windowed=True, settings_path=Path(folder) / "settings.json")
        app.draw()
        for size in ((1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)):
            app.window = pygame.display.set_mode(size)
            app.present()
            times = []
            for _ in range(frames):
                started = time.perf_counter()
                app.present()
                times.append(time.perf_counter() - started)
            print(f"scale and present at {size[0]}x{size[1]}: "
                  f"median {statistics.median(times) * 1e3:.2f} ms")
        pygame.display.quit()


def bench_idle(seconds: float) -> None:
    """CPU time of the real loop (App.run) while nobody touches anything: on the title
    menu, and in a classic match waiting for the human's move, as % of one core."""
    import tempfile

    import pygame

    from game.shell.frame.app import App
    from game.play.config import MatchConfig, Seat
    from game.shell.match.scene import MatchScene
    cases = (("the title menu", None),
             ("a classic match waiting for a human",
              MatchConfig("classic", (Seat("Ann"), Seat("Computer", "computer", "greedy")),
                          {}, 5)))
    for label, config in cases:
        with tempfile.TemporaryDirectory() as folder:
            os.environ["XDG_DATA_HOME"] = folder     # its matches never replace a player's save
            app = App(windowed=True, settings_path=Path(folder) / "settings.json")
            app.settings.muted = True
            if config is not None:
                app.start_match(config)
            app.running = True
            for _ in range(600):          # until the human is to move and all is still
                app.run_frame(1 / 60)
                scene = app.top
                if config is None or (isinstance(scene, MatchScene) and scene.ctl.human_turn
                                      and not scene.animating()):
                    break
            pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), 1)
            drawn, wall, cpu = app.frame, time.perf_counter(), time.process_time()
            app.run()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            drawn = app.frame - drawn
            pygame.display.quit()
        print(f"idle loop on {label}: {cpu / wall * 100:.1f}% of one core "
              f"({drawn} frames drawn in {wall:.1f} s)")


def bench_launch(runs: int) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "main.py", "--windowed", "--frames", "1"],
                       cwd=ROOT, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    print(f"launch to first menu frame (process start to exit after frame 1): "
          f"median {statistics.median(times) * 1e3:.0f} ms, max {max(times) * 1e3:.0f} ms")


def main(argv=None) -> int:
    tolerant_output()
    parser = argparse.ArgumentParser(prog="python -m game.bench")
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--only", choices=list(SECTIONS),
                        help="run one section only")
    args = parser.parse_args(argv)
    for section in SECTIONS[args.only] if args.only else EVERY_SECTION:
        RUN[section](args.quick)
    return 0


def bench_loaded(quick: bool) -> None:
    from game.bench_loaded import bench_loaded as run
    run(6 if quick else 40)


# Each section, run with --quick or not. The whole benchmark runs EVERY_SECTION in order
# (not the loaded machine, which loads the machine on purpose); --only runs SECTIONS[name].
RUN = {
    "launch": lambda quick: bench_launch(3 if quick else 7),
    "line": lambda quick: bench_line(0.5 if quick else 2.0),
    "variants": lambda quick: bench_variants(1.0 if quick else 3.0),
    "agents": lambda quick: bench_agents(100 if quick else 400, 10 if quick else 40),
    "search": lambda quick: bench_search(0.5 if quick else 2.0),
    "frames": lambda quick: bench_frames(600 if quick else 1800),
    "big": lambda quick: bench_big_board(600 if quick else 1800),
    "present": lambda quick: bench_present(30 if quick else 120),
    "idle": lambda quick: bench_idle(2.0 if quick else 4.0),
    "network": lambda quick: run_network(quick),
    "loaded": bench_loaded,
    "tables": lambda quick: bench_tables(quick),
}
EVERY_SECTION = ["launch", "line", "variants", "agents", "search", "frames", "big",
                 "present", "idle", "network"]
SECTIONS = {"line": ["line"], "idle": ["idle"], "big": ["big"], "network": ["network"],
            "frames": ["frames"],
            "computers": ["agents", "search"], "loaded": ["loaded"], "tables": ["tables"]}


def bench_tables(quick: bool) -> None:
    from game.bench_tables import bench_tables as run
    run(quick)


def run_network(quick: bool) -> None:
    import tempfile
    from game.bench_network import bench_network
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = folder
        bench_network(quick, Path(folder))


if __name__ == "__main__":
    sys.exit(main())
