"""Folders and files the game may not read or write, met as an ordinary user: each is said
once, in one line, and play goes on; nothing the game could not read is written over."""
import json
import os
import subprocess
import sys

import pytest

from game.logic.variants import new_game
from game.play import saves
from game.play.config import MatchConfig, Seat

from process_support import ROOT, game_env, needs_ordinary_user, ordinary_user, run_as_user

pytestmark = needs_ordinary_user


@pytest.fixture
def user_tmp(tmp_path):
    """tmp_path, whose modes a test may take away: given back afterwards, so that pytest
    can clean up."""
    yield tmp_path
    for root, folders, _ in os.walk(tmp_path):
        for name in folders:
            os.chmod(os.path.join(root, name), 0o755)


def a_save() -> bytes:
    state = new_game("classic", 2, 9, {})
    state.apply(state.legal_moves()[0])
    config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 9)
    return (json.dumps(saves.save_record(config, state)) + "\n").encode()


SAVE = a_save()


def prepare(tmp_path, save: bool = True):
    """A game's folders under tmp_path, with a save unless not `save`."""
    env = game_env(tmp_path)
    data = tmp_path / "data" / "dominoes"
    data.mkdir(parents=True)
    if save:
        (data / "current.json").write_bytes(SAVE)
    return env, data


def warnings(result) -> list[str]:
    assert "Traceback" not in result.stderr, result.stderr
    return [line for line in result.stderr.splitlines() if line.startswith("warning: ")]


def test_a_data_folder_that_may_not_be_searched_is_said_once_and_play_goes_on(user_tmp):
    env, data = prepare(user_tmp)
    data.chmod(0)
    shot = user_tmp / "shot.png"
    result = run_as_user(env, "--play", "classic", "--seats", "greedy,greedy", "--frames",
                         "120", "--screenshot", str(shot))
    assert result.returncode == 0
    assert warnings(result) == [
        f"warning: The saved match cannot be read: {data / 'current.json'}: Permission denied.",
        "warning: The match cannot be saved: Permission denied."]      # each said once
    assert shot.exists()
    result = run_as_user(env, "--frames", "5")                      # the title menu
    assert result.returncode == 0 and len(warnings(result)) == 1
    result = run_as_user(env, "--continue", "--frames", "5")
    assert result.returncode == 2 and result.stderr == (
        f"main.py: error: The saved match cannot be read: {data / 'current.json'}: "
        "Permission denied.\n")
    data.chmod(0o777)
    assert (data / "current.json").read_bytes() == SAVE      # untouched


def test_a_save_that_may_not_be_read_is_said_and_left_alone(user_tmp):
    env, data = prepare(user_tmp)
    (data / "current.json").chmod(0)
    result = run_as_user(env, "--frames", "5")
    assert result.returncode == 0
    (line,) = warnings(result)
    assert "The saved match cannot be read" in line and "Permission denied" in line
    assert sorted(p.name for p in data.iterdir() if p.name.startswith("current")) == [
        "current.json"]                                              # not set aside


def test_a_config_folder_that_may_not_be_searched_means_the_defaults_said_once(user_tmp):
    env, _ = prepare(user_tmp)
    config = user_tmp / "config" / "dominoes"
    config.chmod(0)
    result = run_as_user(env, "--play", "open3", "--seats", "greedy,greedy", "--frames", "60")
    assert result.returncode == 0
    (line,) = warnings(result)
    assert line.startswith("warning: Settings not read (") and "Permission denied" in line


def test_a_read_only_data_folder_resumes_its_match_without_saving_it(user_tmp):
    env, data = prepare(user_tmp)
    data.chmod(0o555)
    result = run_as_user(env, "--continue", "--frames", "200")
    # the computer's first move (if it comes within the frames) cannot be saved: said once
    assert result.returncode == 0 and set(warnings(result)) <= {
        "warning: The match cannot be saved: Permission denied."}
    assert (data / "current.json").read_bytes() == SAVE      # the save it started from


STATS_DRIVER = """
import sys
sys.path.insert(0, sys.argv[1])
from game.logic.core import Outcome
from game.play import statistics as stats
from game.play.config import MatchConfig, Seat
config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 1)
print(stats.load()[1])
print(stats.record_match(config, Outcome((0, 120), 0, "eliminated"))[1])
"""


@pytest.mark.parametrize("what", ["file", "folder"])
def test_statistics_that_may_not_be_read_are_said_and_never_written_over(user_tmp, what):
    env, data = prepare(user_tmp, save=False)
    file = data / "statistics.json"
    file.write_text('{"version": 1, "records": []}\n')
    (file if what == "file" else data).chmod(0)
    result = subprocess.run([*ordinary_user(), sys.executable, "-c", STATS_DRIVER, str(ROOT)],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == ""
    shown, after_match = result.stdout.splitlines()
    assert shown.startswith("Statistics cannot be read: ") and "Permission denied" in shown
    assert after_match.startswith("Statistics not kept: ") and "Permission denied" in after_match
    data.chmod(0o777)
    file.chmod(0o666)
    assert file.read_text() == '{"version": 1, "records": []}\n'


LEAVER = """
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from game.play import storage
from game.play.settings import Settings, save_settings
folder = Path(sys.argv[2])
try:
    save_settings(Settings(), folder / "settings.json")
except OSError as error:
    print(error.strerror)
storage.WRITER.put(folder / "current.json", None)      # a finished match's save removed
storage.WRITER.settle()
print(storage.WRITER.failure(folder / "current.json").strerror)
"""


def test_files_that_may_not_be_read_are_neither_written_over_nor_removed(user_tmp):
    env, data = prepare(user_tmp)
    (data / "settings.json").write_text('{"volume": 0.2}\n')
    for name in ("settings.json", "current.json"):
        (data / name).chmod(0)
    result = subprocess.run([*ordinary_user(), sys.executable, "-c", LEAVER, str(ROOT),
                             str(data)], env=env, capture_output=True, text=True, timeout=60)
    for name in ("settings.json", "current.json"):
        (data / name).chmod(0o644)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "settings.json may not be read, so it is left alone",
        "current.json may not be read, so it is left alone"]
    assert (data / "settings.json").read_text() == '{"volume": 0.2}\n'
    assert (data / "current.json").read_bytes() == SAVE


def test_a_new_match_leaves_a_save_that_may_not_be_read_and_says_so_once(user_tmp):
    env, data = prepare(user_tmp)
    (data / "current.json").chmod(0)
    result = run_as_user(env, "--play", "open3", "--seats", "greedy,greedy", "--frames", "200")
    (data / "current.json").chmod(0o644)
    assert result.returncode == 0
    assert "warning: The match cannot be saved: current.json may not be read, so it is left " \
           "alone." in warnings(result)
    assert (data / "current.json").read_bytes() == SAVE
