"""Real processes for the tests that need them: the game started headless in a subprocess
with folders of its own, its worker processes found through /proc, a user whom file
modes bind, and patient polling instead of tight clocks."""
from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def alive(pid: int) -> bool:
    """Running or stopped (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as info:
            return info.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):    # gone while it was being read
        return False


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def children(pid: int, command: bytes = b"") -> list[int]:
    """The live child processes of `pid` whose command line holds `command`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                line = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z" and command in line:
                found.append(int(entry.name))
    return found


def workers(game_pid: int) -> list[int]:
    """The game's thinking workers."""
    return children(game_pid, b"game.play.thinking")


def game_env(tmp_path: Path, **settings) -> dict:
    """The environment of a headless game whose folders lie under `tmp_path`, its
    computers moving at once (anim_speed 0) unless `settings` say otherwise."""
    config = tmp_path / "config" / "dominoes"
    config.mkdir(parents=True, exist_ok=True)
    chosen = {"anim_speed": 0, "muted": True, "fullscreen": False, **settings}
    (config / "settings.json").write_text(json.dumps(chosen))
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))


def save_file(env: dict) -> Path:
    return Path(env["XDG_DATA_HOME"]) / "dominoes" / "current.json"


def game_command(*args) -> list[str]:
    return [sys.executable, str(ROOT / "main.py"), "--windowed", *args]


def start_game(env: dict, *args) -> subprocess.Popen:
    """main.py running in a session of its own (so that a signal to it reaches it alone);
    its stderr is kept for the test to read."""
    return subprocess.Popen(game_command(*args), env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def end_game(process: subprocess.Popen) -> str:
    """Kill what is left of a game started by start_game; its stderr."""
    if process.poll() is None:
        process.kill()
    _, err = process.communicate(timeout=30)
    return err


def saved_moves(path: Path) -> int | None:
    """The moves of the saved match at `path`, None while there is none."""
    try:
        return json.loads(path.read_text())["shell"]["moves"]
    except (OSError, ValueError, KeyError, TypeError):
        return None                # not written yet (an atomic write is never half)


def wait_for_moves(path: Path, least: int, process, seconds: float = 60) -> int:
    """Wait until the save at `path` holds at least `least` moves; the game must run."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        moves = saved_moves(path)
        if moves is not None and moves >= least:
            return moves
        time.sleep(0.01)
    raise AssertionError(f"fewer than {least} moves saved in {seconds} s")


def exit_within(process: subprocess.Popen, seconds: float) -> float | None:
    """Seconds until `process` ended (polled), or None if it still runs after `seconds`."""
    start = time.monotonic()
    if wait_until(lambda: process.poll() is not None, seconds):
        return time.monotonic() - start
    return None


@functools.cache
def ordinary_user() -> tuple[str, ...] | None:
    """A command prefix that runs a program as an ordinary user, whom file modes bind:
    nothing for one already, for root `setpriv` dropping every capability (root without
    CAP_DAC_OVERRIDE obeys a chmod 000 like anyone). None when neither can be had."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = (setpriv, "--inh-caps=-all", "--ambient-caps=-all", "--bounding-set=-all")
    probe = subprocess.run([*prefix, sys.executable, "-c",
                            "print(open('/proc/self/status').read())"],
                           capture_output=True, text=True)
    if probe.returncode != 0 or "CapEff:\t0000000000000000" not in probe.stdout:
        return None
    return prefix


needs_ordinary_user = pytest.mark.skipif(ordinary_user() is None,
                                         reason="no way to run as an ordinary user")


def run_game(env: dict, *args, prefix=(), timeout: float = 120) -> subprocess.CompletedProcess:
    """main.py run to its end (after `prefix`, a command such as ordinary_user())."""
    return subprocess.run([*prefix, *game_command(*args)], env=env, capture_output=True,
                          text=True, timeout=timeout)


def run_as_user(env: dict, *args) -> subprocess.CompletedProcess:
    """main.py run to its end as an ordinary user."""
    return run_game(env, *args, prefix=ordinary_user())
