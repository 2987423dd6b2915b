"""`pip install .` into a fresh virtual environment, then the game and the rules' command
line run from a folder that is not the checkout, on the files the install shipped.

It builds and installs the package (about five seconds with the package index at hand);
DOMINOES_SKIP_INSTALL_TEST=1 leaves it out where no package index can be reached.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.logic.levels import LEVELS_ROOT
from game.play.locks import FileLock
from process_support import ROOT, game_env

pytestmark = pytest.mark.skipif(bool(os.environ.get("DOMINOES_SKIP_INSTALL_TEST")),
                                reason="DOMINOES_SKIP_INSTALL_TEST is set: no install")

WORKER_CHECK = """\
import os
from game.play import thinking
print(thinking.ask(os.getpid).result(timeout=60) != os.getpid())
thinking.shutdown()
"""

FOLDERS = """\
import os
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from game.logic.levels import LEVELS_ROOT, list_layouts
from game.shell.frame.app import ICON_PATH
print(LEVELS_ROOT)
print(ICON_PATH.is_file())
print(sorted(entry.name for entry in list_layouts("dominox") if entry.error is None))
"""


@pytest.fixture(scope="session")
def installed(tmp_path_factory):
    """(bin folder of a fresh environment with the game installed, a folder elsewhere).

    Made once for the whole run: with several workers (pytest-xdist) the first to need it
    installs under a lock in the run's shared temporary folder and the others wait and
    use it; two installs at once would both build in the checkout's build/ folder."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent                      # every worker's folder is below it
    base, done = shared / "install", shared / "install.done"
    with FileLock(shared / "install.lock", timeout=900):
        if not done.exists():
            shutil.rmtree(base, ignore_errors=True)     # what a failed try left
            install(base)
            done.touch()
    return base / "venv" / "bin", base / "elsewhere"


def install(base: Path) -> None:
    venv = base / "venv"
    # pip of this environment installs into the new one (--python): giving the new one a
    # pip of its own, and compiling what is installed, would double the time for nothing
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=300)
    result = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                             "install", "--no-compile", "--disable-pip-version-check",
                             str(ROOT)], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (base / "elsewhere").mkdir()


def run(command, folder, env, timeout=300):
    result = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_the_dominoes_command_plays_a_demo_from_another_folder(installed, tmp_path):
    bin_folder, elsewhere = installed
    shot = tmp_path / "demo.png"
    run([str(bin_folder / "dominoes"), "--windowed", "--demo", "dominox", "--frames", "30",
         "--screenshot", str(shot)], elsewhere, game_env(tmp_path))
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    assert image.get_at((960, 1060))[:3] != image.get_at((960, 540))[:3]   # not blank


def test_the_installed_game_reads_its_own_levels_and_icon(installed, tmp_path):
    bin_folder, elsewhere = installed
    root, icon, names = run([str(bin_folder / "python"), "-c", FOLDERS], elsewhere,
                            game_env(tmp_path)).splitlines()
    assert Path(root).is_relative_to(bin_folder.parent) and icon == "True"
    assert names == str(sorted(p.stem for p in (LEVELS_ROOT / "dominox").glob("*.toml")))


def test_the_computer_thinks_in_a_worker_of_the_installed_game(installed, tmp_path):
    bin_folder, elsewhere = installed
    assert run([str(bin_folder / "python"), "-c", WORKER_CHECK], elsewhere,
               game_env(tmp_path)).strip() == "True"


def test_the_rules_command_line_runs_from_another_folder(installed, tmp_path):
    bin_folder, elsewhere = installed
    out = run([str(bin_folder / "python"), "-m", "game.logic", "selfplay", "classic",
               "--games", "1"], elsewhere, game_env(tmp_path))
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 1 and records[0]["variant"] == "classic"
    (tmp_path / "games.jsonl").write_text(out)
    run([str(bin_folder / "python"), "-m", "game.logic", "replay", str(tmp_path / "games.jsonl")],
        elsewhere, game_env(tmp_path))
