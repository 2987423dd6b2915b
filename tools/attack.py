"""The adversarial pass of issue 27 run again: folders and files the game may not use,
tampered saves, settings, statistics and level files, two windows on one data folder and
statistics written by several processes at once, Ctrl+C and SIGTERM at random moments,
stopped computer workers, `kill -9`, and every file the game keeps (`kept`: attack_kept.py).

    .venv/bin/python tools/attack.py [--seed 1] [--rounds 20] [--only signals kill9 ...]

Prints, part by part, what was tried and the counts that must stay zero: tracebacks,
hangs (a game that does not end in time after being told to, or a match that stops
moving), losses (a save or statistics that lost what they held, a worker left behind),
wrong acceptances (a damaged file taken as good), links followed, costly (a file that costs
over 5 s or 400 MB), unsaid (a problem not said once); the last line counts the cases. A
measuring tool: it runs real game processes, headless, in a temporary folder; the parts on
permissions run as an ordinary user (root drops its capabilities with setpriv), or not.
The network part (tools/attack_network.py) attacks a real host on the loopback.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.logic.core import DominoError, Outcome  # noqa: E402
from game.logic.variants import find_variant, new_game, variant_names  # noqa: E402
from game.play import saves, settings as settings_module, statistics as stats  # noqa: E402
from game.play.config import MatchConfig, Seat  # noqa: E402
from process_support import (alive, exit_within, game_env, ordinary_user,  # noqa: E402
                             run_game, save_file, saved_moves, start_game, wait_until,
                             workers)
from attack_kept import RECORDER, kept  # noqa: E402  (the files the game keeps)

QUICK_EXIT = 0.5         # seconds a signalled game may take to end (the bound)
HANG = 10.0              # seconds after which a game told to end counts as hung
ZERO = ("tracebacks", "hangs", "losses", "wrong acceptances",     # the counts that must be 0
        "links followed", "costly", "unsaid")
PARTS = ("permissions", "tampered", "windows", "signals", "kill9", "kept", "network")
NASTY = [None, True, -5, 0, 1.5, 10 ** 30, "", "../../etc/passwd", "x" * 300, [1, 2], {},
         {"a": [1]}, "\x00", "😀", -1, 2 ** 63]


class Tally:
    """Attempts and findings of one part; each finding is kept with an example."""

    def __init__(self, name: str):
        self.name = name
        self.attempts = collections.Counter()
        self.findings = collections.Counter()
        self.examples: dict[str, str] = {}
        self.figures: list[str] = []

    def tried(self, kind: str) -> None:
        self.attempts[kind] += 1

    def found(self, what: str, example: str) -> None:
        self.findings[what] += 1
        self.examples.setdefault(what, example[:300])

    def report(self) -> str:
        tried = ", ".join(f"{n} {kind}" for kind, n in sorted(self.attempts.items()))
        counts = ", ".join(f"{what}: {self.findings[what]}" for what in
                           (*ZERO, *sorted(set(self.findings) - set(ZERO))))
        lines = [f"{self.name}: {sum(self.attempts.values())} attempts ({tried})",
                 f"  {counts}"]
        lines += [f"  {what} e.g.: {example!r}" for what, example in self.examples.items()]
        lines += [f"  {figure}" for figure in self.figures]
        return "\n".join(lines)


def check_output(tally: Tally, stderr: str, what: str) -> None:
    if "Traceback" in stderr:
        tally.found("tracebacks", f"{what}: {stderr.strip().splitlines()[-1]}")


def terminate(tally: Tally, game: subprocess.Popen, what: str) -> None:
    game.send_signal(signal.SIGTERM)
    if exit_within(game, HANG) is None:
        tally.found("hangs", f"{what} did not end on SIGTERM")


def finish(tally: Tally, game: subprocess.Popen, what: str) -> str:
    """Kill what is left of `game`; its stderr, checked for tracebacks. A worker that
    outlived it keeps its stderr open: that is a finding, and the game's group is killed."""
    game.kill()
    try:
        err = game.communicate(timeout=HANG)[1]
    except subprocess.TimeoutExpired:
        tally.found("losses", f"{what}: a worker outlived the killed game")
        os.killpg(game.pid, signal.SIGKILL)          # (start_game gave it a session)
        err = game.communicate()[1]
    check_output(tally, err, what)
    return err


def a_save(variant="classic", moves=3, seats=("greedy", "greedy"), seed=9) -> dict:
    state = new_game(variant, len(seats), seed, {})
    for _ in range(moves):
        if not state.is_over():
            state.apply(state.legal_moves()[0])
    config = MatchConfig(variant, tuple(Seat(f"P{i}", "computer", kind) if kind != "human"
                                        else Seat(f"P{i}") for i, kind in enumerate(seats)),
                         {}, seed)
    return saves.save_record(config, state)


# --- permissions -----------------------------------------------------------------------
def permissions(tally: Tally, rng: random.Random, workdir: Path, rounds: int) -> None:
    prefix = ordinary_user()
    if prefix is None:
        tally.figures.append("skipped: no way to run as an ordinary user")
        return
    targets = [("data folder", "data/dominoes", 0o000),
               ("data folder", "data/dominoes", 0o555),
               ("data folder", "data/dominoes", 0o111),
               ("config folder", "config/dominoes", 0o000),
               ("config folder", "config/dominoes", 0o555),
               ("save", "data/dominoes/current.json", 0o000),
               ("statistics", "data/dominoes/statistics.json", 0o000),
               ("settings", "config/dominoes/settings.json", 0o000),
               ("lock", "data/dominoes/instance.lock", 0o000)]
    scenarios = [("title", ["--frames", "5"]), ("continue", ["--continue", "--frames", "30"]),
                 ("play", ["--play", "open3", "--seats", "greedy,greedy", "--frames", "60"]),
                 ("statistics", None)]
    for (what, relative, mode) in targets:
        for scenario, args in scenarios:
            tally.tried(f"{what} {mode:03o}")
            folder = workdir / f"perm-{sum(tally.attempts.values())}"
            env = game_env(folder)
            data = folder / "data" / "dominoes"
            data.mkdir(parents=True)
            save = json.dumps(a_save()) + "\n"
            (data / "current.json").write_text(save)
            record = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")),
                                 {}, 1)
            stats.record_match(record, Outcome((0, 120), 0, "eliminated"),
                               data / "statistics.json")
            (data / "instance.lock").touch()
            before = {p: p.read_bytes() for p in (data / "current.json",
                                                   data / "statistics.json")}
            target = folder / relative
            target.chmod(mode)
            try:
                if args is None:
                    result = subprocess.run([*prefix, sys.executable, "-c", RECORDER,
                                             str(ROOT), "1"], env=env, capture_output=True,
                                            text=True, timeout=60)
                else:
                    result = run_game(env, *args, prefix=prefix, timeout=60)
            except subprocess.TimeoutExpired:
                tally.found("hangs", f"{what} {mode:03o} {scenario}")
                continue
            finally:
                for path in (target, data, folder / "config" / "dominoes"):
                    if path.exists() or path.is_symlink():
                        path.chmod(0o755 if path.is_dir() else 0o644)
            label = f"{what} {mode:03o} {scenario}"
            check_output(tally, result.stderr + result.stdout, label)
            lines = result.stderr.splitlines()
            if len(lines) != len(set(lines)):
                tally.found("said twice", f"{label}: {result.stderr.strip()}")
            if result.returncode not in ((0, 2) if scenario == "continue" else (0,)):
                tally.found("tracebacks", f"{label}: exit {result.returncode}")
            kept = stats.load(data / "statistics.json")[0]
            if sum(r.games for r in kept.values()) < 1:
                tally.found("losses", f"{label}: statistics lost")
            if scenario in ("title", "statistics") and \
                    (data / "current.json").read_bytes() != before[data / "current.json"]:
                tally.found("losses", f"{label}: the save changed")
            moves = saved_moves(data / "current.json")
            if scenario == "continue" and (moves is None or moves < 3):
                tally.found("losses", f"{label}: the save holds {moves} moves")


# --- tampered files --------------------------------------------------------------------
def mutate(text: str, rng: random.Random) -> str:
    """`text` (JSON) changed in one of several ways: a byte, a cut, a value, a key."""
    how = rng.randrange(5)
    if how == 0:
        spot = rng.randrange(len(text))
        return text[:spot] + rng.choice('{}[]",:0123456789-aeZ\x00 ') + text[spot + 1:]
    if how == 1:
        return text[:rng.randrange(len(text))]
    data = json.loads(text)
    paths = list(_paths(data))
    path = rng.choice(paths)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    if how == 2:
        parent[path[-1]] = rng.choice(NASTY)
    elif how == 3 and isinstance(parent, dict):
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[rng.choice(["bogus", "x", "shell", "moves"])] = rng.choice(NASTY)
    return json.dumps(data)


def _paths(data, prefix=()):
    items = data.items() if isinstance(data, dict) else enumerate(data) \
        if isinstance(data, list) else ()
    for key, value in items:
        yield prefix + (key,)
        yield from _paths(value, prefix + (key,))


def tampered(tally: Tally, rng: random.Random, workdir: Path, rounds: int) -> None:
    base_saves = [a_save(v, moves=4, seed=rng.randrange(100)) for v in variant_names()]
    for base in base_saves:
        base["shell"]["options"] = dict(base["options"])       # as a rematch leaves them
    settings_text = json.dumps({"volume": 0.5, "anim_speed": 1.0, "player_names": [
        "Ann", "Bob", "Cy", "Di"], "think_seconds": 1.0, "fullscreen": False})
    stats_file = workdir / "stats-base.json"
    config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 1)
    stats.record_match(config, Outcome((4, 150), 0, "eliminated"), stats_file)
    stats_text = stats_file.read_text()
    path = workdir / "tampered.json"
    for _ in range(rounds * 15):
        base = rng.choice(base_saves)
        text = mutate(json.dumps(base), rng)
        path.write_text(text)
        tally.tried("saves")
        try:
            save = saves.read_save(path)
        except saves.DamagedSave:
            continue
        except Exception as error:                       # noqa: BLE001 (what we count)
            tally.found("tracebacks", f"save: {type(error).__name__}: {error}")
            continue
        again = saves.save_record(save.config, save.state)
        mutated = json.loads(text)
        for part in (again, mutated):
            part["shell"].pop("saved", None)                 # the date, as written back
        if again["shell"] != mutated["shell"]:
            tally.found("wrong acceptances", f"save header read as other than written: "
                                             f"{json.dumps(mutated['shell'])[:200]}")
        elif again != mutated:
            # keys of the record the logic package's reader ignores or defaults: its
            # strictness is another issue's (25, item 7); counted apart
            tally.found("record keys ignored or defaulted", f"{_changed(again, mutated)}")
    for _ in range(rounds * 10):
        for kind, text in (("settings", settings_text), ("statistics", stats_text)):
            tally.tried(kind)
            path.write_text(mutate(text, rng))
            try:
                if kind == "settings":
                    loaded = settings_module.load_settings(path)[0]
                    problem = _settings_problem(loaded)
                else:
                    problem = _stats_problem(stats.load(path)[0])
            except Exception as error:                   # noqa: BLE001
                tally.found("tracebacks", f"{kind}: {type(error).__name__}: {error}")
                continue
            if problem:
                tally.found("wrong acceptances", f"{kind}: {problem}")
    levels(tally, rng, workdir, rounds)


def _changed(again: dict, mutated: dict) -> str:
    """The first top-level key of a record whose value was not read back as written."""
    for key in sorted(set(again) | set(mutated), key=str):
        if again.get(key, "<none>") != mutated.get(key, "<none>"):
            return f"{key}: {str(mutated.get(key, '<none>'))[:120]}"
    return ""


def _settings_problem(loaded) -> str | None:
    if loaded.volume not in settings_module.VOLUMES or \
            loaded.anim_speed not in settings_module.ANIM_SPEEDS or \
            loaded.think_seconds not in settings_module.THINK_TIMES:
        return f"a number out of its choices: {loaded}"
    names = loaded.player_names
    if len(names) != 4 or any(not n or len(n) > settings_module.NAME_LENGTH
                              or not n.isprintable() for n in names):
        return f"names {names!r}"
    return None


def _stats_problem(records: dict) -> str | None:
    for r in records.values():
        if r.wins + r.losses + r.draws != r.games or not r.streak <= r.best_streak <= r.wins:
            return f"record {r}"
    return None


def levels(tally: Tally, rng: random.Random, workdir: Path, rounds: int) -> None:
    """Mutated boards of the games laid on a level's grid (a `layout` option: Dominox,
    Spread, Dominid): one the loader takes must start and finish."""
    from game.logic import levels as level_module
    gridded = [name for name in variant_names()
               if any(option.name == "layout" for option in find_variant(name).options_declared)]
    root = workdir / "levels"
    saved_root = level_module.LEVELS_ROOT
    level_module.LEVELS_ROOT = root
    try:
        for n in range(rounds * 40):
            variant = rng.choice(gridded)
            folder = root / variant
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            source = rng.choice(sorted((saved_root / variant).glob("*.toml")))
            rows = source.read_text().split('"""')[1].strip("\n").split("\n")
            for _ in range(rng.randrange(1, 6)):
                r, c = rng.randrange(len(rows)), rng.randrange(len(rows[0]))
                if rng.random() < 0.3:                   # near the middle, where games open
                    r, c = len(rows) // 2 + rng.randrange(-2, 2), len(rows[0]) // 2 + \
                        rng.randrange(-2, 2)
                rows[r] = rows[r][:c] + rng.choice("..##x ") + rows[r][c + 1:]
            if rng.random() < 0.2:
                rows = rows[:rng.randrange(1, len(rows) + 1)]
            (folder / "m.toml").write_text('name = "M"\ngrid = """\n' + "\n".join(rows)
                                           + '\n"""\n')
            tally.tried(f"{variant} levels")
            entry = level_module.list_layouts(variant)[0]
            if entry.level is None:
                continue
            try:
                game = new_game(variant, 2, n, {"layout": "m"})
                play = random.Random(n)
                while not game.is_over():
                    game.apply(play.choice(game.legal_moves()))
            except DominoError as error:
                tally.found("wrong acceptances", f"{variant} level listed as good: {error}")
            except Exception as error:                   # noqa: BLE001
                tally.found("tracebacks", f"{variant} level: {type(error).__name__}: {error}")
    finally:
        level_module.LEVELS_ROOT = saved_root


# --- windows ---------------------------------------------------------------------------
def windows(tally: Tally, rng: random.Random, workdir: Path, rounds: int) -> None:
    folder = workdir / "stats-race"
    env = game_env(folder)
    per, processes = 100, 3
    tally.tried("statistics recorders")
    recorders = [subprocess.Popen([sys.executable, "-c", RECORDER, str(ROOT), str(per)],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  text=True)
                 for _ in range(processes)]
    for recorder in recorders:
        check_output(tally, recorder.communicate(timeout=600)[1], "recorder")
    kept = sum(r.games for r in stats.load(folder / "data" / "dominoes" / stats.FILE_NAME)[0]
               .values())
    tally.figures.append(f"{processes} processes x {per} matches at once: {kept} kept")
    if kept != processes * per:
        tally.found("losses", f"statistics kept {kept} of {processes * per}")
    for n in range(max(2, rounds // 4)):
        tally.tried("two windows")
        env = game_env(workdir / f"windows-{n}")
        first = start_game(env, "--play", "open3", "--seats", "greedy,human", "--seed", str(n))
        try:
            if not wait_until(lambda: saved_moves(save_file(env)) == 1, 60):
                tally.found("hangs", "the first window saved nothing")
                continue
            saved = save_file(env).read_bytes()
            second = run_game(env, "--play", rng.choice(variant_names()),
                              "--seats", "greedy,greedy", "--frames", "600")
            again = run_game(env, "--continue", "--frames", "5")
            for run in (second, again):
                check_output(tally, run.stderr, "second window")
            if save_file(env).read_bytes() != saved or again.returncode != 2:
                tally.found("losses", "the second window touched the first one's save")
            terminate(tally, first, "the first window")
        finally:
            finish(tally, first, "the first window")
        if saves.read_save(save_file(env)).moves != 1:
            tally.found("losses", "the first window's save changed")


# --- signals and kill -9 ---------------------------------------------------------------
def a_running_match(rng: random.Random, folder: Path):
    variant = rng.choice(variant_names())
    think = rng.choice([0.25, 1.0, 2.0, 4.0])
    seats = rng.choice(["hard,hard", "hard,greedy", "greedy,random"])
    env = game_env(folder, think_seconds=think)
    game = start_game(env, "--play", variant, "--seats", seats, "--seed",
                      str(rng.randrange(1000)))
    return env, game, f"{variant} {seats} at {think:g} s"


def signals(tally: Tally, rng: random.Random, workdir: Path, rounds: int,
            kill: bool = False) -> None:
    latencies = []
    for n in range(rounds * (6 if kill else 2)):
        env, game, label = a_running_match(rng, workdir / f"{'kill' if kill else 'sig'}-{n}")
        how = signal.SIGKILL if kill else rng.choice([signal.SIGTERM, signal.SIGINT])
        stop_worker = rng.random() < 0.3
        tally.tried(signal.Signals(how).name + (" after SIGSTOP of the worker" if stop_worker
                                                else ""))
        try:
            time.sleep(rng.uniform(0.2, 4.0))
            seen = saved_moves(save_file(env)) or 0
            pids = workers(game.pid)
            if stop_worker and pids:
                os.kill(pids[0], signal.SIGSTOP)
                time.sleep(rng.uniform(0, 2))
                seen = saved_moves(save_file(env)) or 0
            asked = time.monotonic()
            game.send_signal(how)
            if exit_within(game, HANG) is None:
                tally.found("hangs", f"{label}: still running {HANG:g} s after the signal")
                continue
            latencies.append(time.monotonic() - asked)
        finally:
            err = finish(tally, game, label)
        if not kill and len(err.splitlines()) > 1:
            tally.found("tracebacks", f"{label}: more than one line: {err!r}")
        if not wait_until(lambda: not any(map(alive, pids)), 5):
            tally.found("losses", f"{label}: a worker outlived the game")
        if save_file(env).exists():
            try:
                moves = saves.read_save(save_file(env)).moves
            except saves.DamagedSave as problem:
                tally.found("losses", f"{label}: the save cannot be resumed: {problem}")
                continue
            if moves < seen:
                tally.found("losses", f"{label}: {moves} moves saved of {seen} seen")
    if latencies and not kill:
        latencies.sort()
        slow = sum(t > QUICK_EXIT for t in latencies)
        tally.figures.append(f"signal to exit: median {latencies[len(latencies) // 2]:.2f} s, "
                             f"max {latencies[-1]:.2f} s; over {QUICK_EXIT} s: {slow}")
        if slow:
            tally.found("slow quits", f"{slow} games took over {QUICK_EXIT} s to end")
    if not kill:
        stuck_workers(tally, rng, workdir, max(2, rounds // 4))


def stuck_workers(tally: Tally, rng: random.Random, workdir: Path, rounds: int) -> None:
    """A stopped worker mid-match: the match must move on (a restarted worker)."""
    for n in range(rounds):
        tally.tried("SIGSTOP of the worker, match must go on")
        env = game_env(workdir / f"stuck-{n}", think_seconds=0.25)
        game = start_game(env, "--play", rng.choice(variant_names()),
                          "--seats", "hard,hard", "--seed", str(n))
        try:
            if not wait_until(lambda: (saved_moves(save_file(env)) or 0) >= 1, 60):
                tally.found("hangs", "no move in 60 s")
                continue
            (stopped,) = workers(game.pid) or (None,)
            seen = saved_moves(save_file(env))
            if stopped:
                os.kill(stopped, signal.SIGSTOP)
            if not wait_until(lambda: (saved_moves(save_file(env)) or 0) > seen + 1
                              or game.poll() is not None, 60):
                tally.found("hangs", "the match stopped with its worker")
            terminate(tally, game, "a game with a stopped worker")
        finally:
            finish(tally, game, "stuck worker")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=20,
                        help="scale of each part: 15x saves, 10x settings and statistics, "
                             "40x level files, 2x signalled games, 6x killed ones")
    parser.add_argument("--only", nargs="+", choices=PARTS, default=list(PARTS))
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    from attack_network import NET_ZERO, network
    runs = {"permissions": permissions, "tampered": tampered, "windows": windows,
            "signals": signals,
            "kill9": lambda t, r, w, n: signals(t, r, w, n, kill=True), "kept": kept,
            "network": network}
    totals, cases = collections.Counter(), 0
    with tempfile.TemporaryDirectory(prefix="dominoes-attack-") as temp:
        for part in args.only:
            tally = Tally(part)
            began = time.monotonic()
            runs[part](tally, rng, Path(temp), args.rounds)
            tally.figures.append(f"{time.monotonic() - began:.0f} s")
            print(tally.report(), flush=True)
            totals.update(tally.findings)
            cases += sum(tally.attempts.values())
    bad = sum(totals[what] for what in ZERO + NET_ZERO)
    print(f"total: {bad} findings" + (f" ({dict(totals)})" if bad else "")
          + f"; {cases} cases thrown")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
