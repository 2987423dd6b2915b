"""The `kept` part of tools/attack.py: every file the game keeps, attacked as issue 44
found them weak. Lesson progress written by several processes at once and made
unreadable, a bad entry among good ones, files set aside again and again in one second,
lock files that are links, folders or pipes, record files made to cost memory and time,
text the terminal cannot encode, a home that does not exist, and a disk that fills up
during the autosave (a file-size limit: the write fails as on a full disk).

Each case is counted in the tally it is given; what must stay zero is attack.ZERO.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from game.logic.variants import new_game
from game.play import lesson_progress, saves, settings as settings_module, statistics as stats
from game.play import storage
from game.play.config import MatchConfig, Seat

from process_support import game_env, ordinary_user, run_game, save_file, wait_until

ROOT = Path(__file__).resolve().parent.parent
MiB = 1024 * 1024
COSTLY_SECONDS = 5.0          # a record file's one-line answer may take no longer
COSTLY_BYTES = 400 * MiB      # nor the process more memory
GUARD_BYTES = 3 * 1024 * MiB  # address space a replay is given, so a flaw cannot eat the machine
LOCKS = ("instance.lock", "statistics.lock", "lessons.lock")
LOCK_KINDS = ("dangling link", "link to a file", "folder", "pipe")

MARKER = """
import sys
sys.path.insert(0, sys.argv[1])
from game.play import lesson_progress
print(lesson_progress.load()[1])
for n in range(int(sys.argv[3])):
    print(lesson_progress.mark_done("open3", f"{sys.argv[2]}-{n}"))
"""
RECORDER = """
import sys
sys.path.insert(0, sys.argv[1])
from game.logic.core import Outcome
from game.play import statistics as stats
from game.play.config import MatchConfig, Seat
config = MatchConfig("open3", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 1)
print(stats.load()[1])
for n in range(int(sys.argv[2])):
    print(stats.record_match(config, Outcome((n, 150), 0, "eliminated"))[1])
"""


def changes(name: str, label: str, count: int) -> tuple:
    """The script and its arguments that change the lessons or the statistics `count`
    times (`name` is their file or lock)."""
    return (MARKER, label, count) if name.startswith("lessons") else (RECORDER, count)


def kept(tally, rng, workdir: Path, rounds: int) -> None:
    for case in (lessons_at_once, lessons_unreadable, lessons_one_bad_entry,
                 set_aside_collisions, lock_files, huge_records, unencodable, missing_home,
                 full_disk):
        case(tally, workdir / case.__name__, rounds)


def data_of(env: dict) -> Path:
    return Path(env["XDG_DATA_HOME"]) / "dominoes"


def script(env: dict, code: str, *args, prefix=(), limit=None) -> subprocess.CompletedProcess:
    return subprocess.run([*prefix, sys.executable, "-c", code, str(ROOT), *map(str, args)],
                          env=env, capture_output=True, text=True, timeout=300,
                          preexec_fn=limit)


def checked(tally, result, what: str) -> None:
    if "Traceback" in result.stderr + result.stdout:
        tally.found("tracebacks", f"{what}: {result.stderr.strip().splitlines()[-1]}")


# --- lesson progress ---------------------------------------------------------------------
def lessons_at_once(tally, folder: Path, rounds: int) -> None:
    env, per = game_env(folder), max(20, rounds * 3)
    tally.tried("lesson progress from 4 processes at once")
    markers = [subprocess.Popen([sys.executable, "-c", MARKER, str(ROOT), f"w{n}", str(per)],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True) for n in range(4)]
    for marker in markers:
        err = marker.communicate(timeout=600)[1]
        if "Traceback" in err:
            tally.found("tracebacks", f"lesson marker: {err.strip().splitlines()[-1]}")
    done = lesson_progress.load(data_of(env) / lesson_progress.FILE_NAME)[0].finished("open3")
    tally.figures.append(f"4 processes x {per} lessons at once: {len(done)} kept")
    if len(done) != 4 * per:
        tally.found("losses", f"lesson progress kept {len(done)} of {4 * per}")


def lessons_unreadable(tally, folder: Path, rounds: int) -> None:
    prefix = ordinary_user()
    if prefix is None:
        tally.figures.append("unreadable lessons.json skipped: no ordinary user")
        return
    for how in ("file 000", "folder 000"):
        tally.tried(f"lessons.json {how}")
        env = game_env(folder / how.replace(" ", "-"))
        path = data_of(env) / lesson_progress.FILE_NAME
        path.parent.mkdir(parents=True)
        text = json.dumps({"version": 1, "done": {"open3": ["01-moving"]}, "offered": []})
        path.write_text(text)
        (path if how.startswith("file") else path.parent).chmod(0)
        try:
            marked = script(env, MARKER, "late", 1, prefix=prefix)
            learn = run_game(env, "--learn", "open3", "--frames", "30", prefix=prefix)
        finally:
            path.parent.chmod(0o755)
            path.chmod(0o644)
        for run, what in ((marked, "marker"), (learn, "--learn")):
            checked(tally, run, f"lessons.json {how} {what}")
        said = marked.stdout.splitlines()
        if path.read_text() != text or list(path.parent.glob("lessons.json.bad-*")):
            tally.found("losses", f"lessons.json {how}: written over or set aside")
        if not said or not said[0].startswith("Lesson progress cannot be read"):
            tally.found("unsaid", f"lessons.json {how}: {said[:1]}")


def lessons_one_bad_entry(tally, folder: Path, rounds: int) -> None:
    folder.mkdir(parents=True)
    for bad in ("Not A Name", 7, None, "x" * 300, "../../etc"):
        tally.tried("lessons.json with one bad entry")
        path = folder / lesson_progress.FILE_NAME
        path.write_text(json.dumps({"version": 1, "offered": ["open3"], "done": {
            "open3": ["01-moving", bad, "02-capture"], "dominox": ["01-first"]}}))
        progress, notice = lesson_progress.load(path)
        if progress.entries() != 4 or lesson_progress.load(path)[0].entries() != 4:
            tally.found("losses", f"one bad entry ({bad!r}) kept {progress.entries()} of 4")
        if not notice or not notice.startswith("lessons.json: ") or "statistics" in notice:
            tally.found("unsaid", f"the notice names another file: {notice}")


# --- files set aside -----------------------------------------------------------------------
def set_aside_collisions(tally, folder: Path, rounds: int) -> None:
    """Damaged files set aside one after another within one second (the clock held):
    every copy must stay, for each file the game keeps."""
    from game.server import saving
    folder.mkdir(parents=True)
    loaders = {"settings.json": settings_module.load_settings, "statistics.json": stats.load,
               "current.json": saves.load_save, "lessons.json": lesson_progress.load}
    strftime = storage.time.strftime
    storage.time.strftime = lambda form, *when: "20250101-120000"     # one second
    old_home = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(folder / "hosted")
    try:
        for name, load in [*loaders.items(), ("hosted-7777.json", None)]:
            tally.tried(f"{name} set aside 4 times in one second")
            path = saving.hosted_path(7777) if load is None else folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            for n in range(4):
                path.write_text(f"{{damaged {n}")
                saving.load_hosted(7777) if load is None else load(path)
            kept = sorted(p.read_text() for p in path.parent.glob(f"{name}.bad-*"))
            if kept != [f"{{damaged {n}" for n in range(4)]:
                tally.found("losses", f"{name}: {len(kept)} of 4 copies set aside kept")
    finally:
        storage.time.strftime = strftime
        if old_home is None:
            os.environ.pop("XDG_DATA_HOME")
        else:
            os.environ["XDG_DATA_HOME"] = old_home


# --- lock files ------------------------------------------------------------------------------
def plant(lock: Path, kind: str, outside: Path) -> None:
    lock.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        lock.mkdir()
    elif kind == "pipe":
        os.mkfifo(lock)
    else:
        if kind == "link to a file":
            outside.write_text("precious\n")
        lock.symlink_to(outside)


def lock_files(tally, folder: Path, rounds: int) -> None:
    for name in LOCKS:
        for kind in LOCK_KINDS:
            label = f"{name} as {kind}"
            tally.tried(label)
            env = game_env(folder / f"{name}-{kind}".replace(" ", "-"))
            outside = folder / f"outside-{name}-{kind}".replace(" ", "-")
            plant(data_of(env) / name, kind, outside)
            before = outside.read_bytes() if outside.exists() else None
            try:
                if name == "instance.lock":
                    run = run_game(env, "--play", "open3", "--seats", "greedy,greedy",
                                   "--frames", "90", timeout=120)
                else:
                    run = script(env, *changes(name, "w", 1))
            except subprocess.TimeoutExpired:
                tally.found("hangs", label)
                continue
            checked(tally, run, label)
            if (outside.read_bytes() if outside.exists() else None) != before:
                tally.found("links followed", f"{label}: {outside.name} was made or changed")
            if "not a lock file" not in run.stdout + run.stderr:
                tally.found("unsaid", f"{label}: {(run.stdout + run.stderr).strip()[:200]}")
            written = {"instance.lock": "current.json", "statistics.lock": "statistics.json",
                       "lessons.lock": "lessons.json"}[name]
            if (data_of(env) / written).exists():
                tally.found("wrong acceptances", f"{label}: {written} written as if held")


# --- record files --------------------------------------------------------------------------
def record_files(folder: Path) -> dict[str, Path]:
    """The issue's costly files, and a few more of the same spirit."""
    folder.mkdir(parents=True)
    record = {"variant": "dominox", "seed": 1, "moves": [{"player": 0, "move": "pass"}]}
    files = {"60 MB of blank lines": ("blank.jsonl", "\n" * 60_000_000),
             "63 MB array of zeros": ("zeros.json", "[\n" + ",\n".join(["0"] * 21_000_000)
                                      + "\n]\n"),
             "80 MB pretty record": ("pretty.json", json.dumps(
                 dict(record, moves=record["moves"] * 1_600_000), indent=2)),
             "63 MB of tiny records": ("tiny.jsonl", "{}\n" * 21_000_000),
             "1 MiB move": ("move.jsonl", json.dumps(
                 dict(record, moves=["x" * (MiB - 100)])) + "\n"),
             "8 MiB of empty tables": ("tables.json", "[\n" + ",".join(["{}"] * 2_790_000)
                                       + "\n]")}
    paths = {}
    for what, (name, text) in files.items():
        paths[what] = folder / name
        paths[what].write_text(text)
    return paths


def measured(command: list[str]) -> tuple[int, str, float, int]:
    """(exit status, stderr, seconds, the most memory it held in bytes) of `command`, its
    address space capped at GUARD_BYTES."""
    began = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               preexec_fn=lambda: resource.setrlimit(
                                   resource.RLIMIT_AS, (GUARD_BYTES, GUARD_BYTES)))
    err = process.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    process.stderr.close()
    return process.returncode, err, time.monotonic() - began, usage.ru_maxrss * 1024


def huge_records(tally, folder: Path, rounds: int) -> None:
    for what, path in record_files(folder).items():
        for command in ("replay", "legal"):
            if command == "legal" and not path.name.endswith(".json"):
                continue
            label = f"{command} of {what}"
            tally.tried(f"record files ({command})")
            status, err, seconds, memory = measured(
                [sys.executable, "-m", "game.logic", command, str(path)])
            tally.figures.append(f"{label}: {seconds:.2f} s, {memory / MiB:.0f} MB, "
                                 f"exit {status}")
            if "Traceback" in err or "MemoryError" in err:
                tally.found("tracebacks", f"{label}: {err.strip().splitlines()[-1][:200]}")
            elif status not in (1, 2) or err.count("\n") != 1 or len(err) > 1000:
                tally.found("unsaid", f"{label}: exit {status}, {err[:200]!r}")
            if seconds > COSTLY_SECONDS or memory > COSTLY_BYTES:
                tally.found("costly", f"{label}: {seconds:.1f} s, {memory / MiB:.0f} MB")
        path.unlink()


# --- text the terminal cannot encode ------------------------------------------------------
def locales() -> list[dict]:
    """Environments whose terminal encodings cannot hold everything: Latin-1 and ASCII
    (through PYTHONIOENCODING everywhere; through LANG where the locale is installed),
    a strict UTF-8 and the C locale."""
    known = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower()
    found = [{"PYTHONIOENCODING": "iso-8859-1"}, {"PYTHONIOENCODING": "ascii"},
             {"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}, {"LANG": "C", "LC_ALL": "C"}]
    for lang in ("de_DE.ISO-8859-1", "en_US.UTF-8"):
        if lang.lower().replace("-", "") in known.replace("-", ""):
            found.append({"LANG": lang, "LC_ALL": lang})
    return found


def unencodable(tally, folder: Path, rounds: int) -> None:
    home = folder / "home"
    mine = home / "dominoes" / "levels" / "dominox"
    mine.mkdir(parents=True)
    level = (ROOT / "levels" / "dominox" / "cross.toml").read_bytes()
    with open(os.path.join(os.fsencode(mine), b"caf\xe9.toml"), "wb") as out:
        out.write(level)
    blocked = os.path.join(os.fsencode(folder), b"na\xefve")
    with open(blocked, "wb"):
        pass                                  # a file where the data folder's parent goes
    runs = [("levels", ["-m", "game.logic", "levels", "dominox"], {}),
            ("rules", ["-m", "game.logic", "rules"], {}),
            ("--help", ["main.py", "--help"], {}),
            ("a path not in UTF-8", ["main.py", "--windowed", "--frames", "5"],
             {"XDG_DATA_HOME": os.fsdecode(blocked)})]
    for env_change in locales():
        for what, args, extra in runs:
            tally.tried(f"unencodable text: {what}")
            env = dict(os.environ, XDG_DATA_HOME=str(home), XDG_CONFIG_HOME=str(home))
            env.pop("PYTHONIOENCODING", None)
            env.update(env_change, **extra)
            run = subprocess.run([sys.executable, *args], cwd=ROOT, env=env,
                                 capture_output=True, timeout=120)
            label = f"{what} under {env_change}"
            # (the level named in Latin-1 is listed as broken: `levels` then exits 1)
            if b"Traceback" in run.stderr or run.returncode != (what == "levels"):
                tally.found("tracebacks", f"{label}: exit {run.returncode} "
                                          f"{run.stderr.strip().splitlines()[-1:]}")
    host_log(tally, folder)


def host_log(tally, folder: Path) -> None:
    """A seat taken under an emoji name, on a host whose terminal is Latin-1."""
    tally.tried("unencodable text: the host's log")
    log = folder / "host.log"
    env = dict(os.environ, XDG_DATA_HOME=str(folder), PYTHONIOENCODING="iso-8859-1")
    with open(log, "wb") as out:
        host = subprocess.Popen([sys.executable, "-m", "game.server", "--port", "0",
                                 "--play", "open3", "--seats", "remote,greedy"], cwd=ROOT,
                                env=env, stdout=out, stderr=subprocess.PIPE)
    try:
        if not wait_until(lambda: b"match code" in log.read_bytes(), 60):
            tally.found("hangs", "the host did not start")
            return
        words = log.read_bytes().split()
        port, code = words[words.index(b"port") + 1].rstrip(b":"), words[words.index(b"code") + 1]
        subprocess.run([sys.executable, "-m", "game.server.bot", "--join",
                        f"127.0.0.1:{port.decode()}", "--code", code.decode(), "--name",
                        "Zo\u00eb\U0001f600", "--seconds", "3"], cwd=ROOT, env=env,
                       capture_output=True, timeout=120)
        wait_until(lambda: b"left seat 1" in log.read_bytes(), 30)
    finally:
        host.terminate()
        host.communicate(timeout=60)
    if b"took seat 1" not in log.read_bytes() or b"host error" in log.read_bytes():
        tally.found("tracebacks", f"the host's log: {log.read_bytes()[-200:]!r}")


# --- a home that does not exist -------------------------------------------------------------
def missing_home(tally, folder: Path, rounds: int) -> None:
    folder.mkdir(parents=True)
    (folder / "a-file").write_text("")
    for home in ("/proc/nonexistent", str(folder / "a-file")):
        tally.tried("a home that cannot hold the folders")
        env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
        env["HOME"] = home
        run = run_game(env, "--play", "open3", "--seats", "greedy,greedy", "--frames", "60")
        checked(tally, run, f"HOME={home}")
        if run.returncode != 0 or run.stderr.count("Nothing will be kept") != 1:
            tally.found("unsaid", f"HOME={home}: exit {run.returncode} {run.stderr[:200]!r}")


# --- a disk that fills up ---------------------------------------------------------------------
def full_disk(tally, folder: Path, rounds: int) -> None:
    """Writes beyond a size fail as on a full disk (RLIMIT_FSIZE: EFBIG, "File too large"):
    the previous file must stay whole, and the failure be said once."""
    for n in range(max(2, rounds // 5)):
        tally.tried("a full disk during the autosave")
        env = game_env(folder / f"save-{n}")
        path = save_file(env)
        state = new_game("open3", 2, n, {})
        for _ in range(3):
            state.apply(state.legal_moves()[0])
        saves.write_save(MatchConfig("open3", (Seat("Ann"), Seat("Bob", "computer", "greedy")),
                                     {}, n), state, path)      # Bob moves, then Ann waits
        before = path.read_bytes()
        size = len(before)
        run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--windowed",
                              "--continue", "--frames", "300"], env=env, capture_output=True,
                             text=True, timeout=120, preexec_fn=lambda: resource.setrlimit(
                                 resource.RLIMIT_FSIZE, (size, size)))
        checked(tally, run, "full disk")
        if not path.exists() or path.read_bytes() != before:
            tally.found("losses", "the save changed on a full disk")
        said = run.stderr.count("The match cannot be saved: File too large.")
        if said != 1:
            tally.found("unsaid", f"a failed autosave said {said} times: {run.stderr[:200]!r}")
    for name in ("statistics.json", "lessons.json"):
        tally.tried(f"a full disk under {name}")
        env = game_env(folder / name)
        script(env, *changes(name, "first", 1))
        path = data_of(env) / name
        before = path.read_bytes()
        run = script(env, *changes(name, "second", 3), limit=lambda: resource.setrlimit(
            resource.RLIMIT_FSIZE, (16, 16)))
        checked(tally, run, f"full disk under {name}")
        if path.read_bytes() != before:
            tally.found("losses", f"{name} changed on a full disk")
        if "File too large" not in run.stdout:
            tally.found("unsaid", f"{name}: {run.stdout[:200]!r}")
