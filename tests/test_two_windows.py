"""Two windows of the game on one data folder: the first keeps the match in progress and
the second keeps none, and statistics written by several processes at once keep every
match (locks.py)."""
import json
import signal
import subprocess
import sys
import time

from game.logic.core import Outcome
from game.logic.variants import new_game
from game.play import saves, statistics as stats
from game.play.config import MatchConfig, Seat
from game.play.locks import FileLock, claim_data_folder, release_data_folder
from game.play.storage import data_dir
from game.shell.frame.app import SECOND_WINDOW

from process_support import (ROOT, end_game, exit_within, game_env, run_game, save_file, start_game,
                             wait_for_moves)
from test_shell_support import frame, quiet_app

RECORDER = """
import sys
sys.path.insert(0, sys.argv[1])
from game.logic.core import Outcome
from game.play import statistics as stats
from game.play.config import MatchConfig, Seat
config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 1)
for n in range(int(sys.argv[2])):
    notice = stats.record_match(config, Outcome((n % 50, 150), 0, "eliminated"))[1]
    assert notice is None, notice
"""


def test_processes_recording_statistics_at_once_keep_every_match(tmp_path):
    env = game_env(tmp_path)
    recorders = [subprocess.Popen([sys.executable, "-c", RECORDER, str(ROOT), "100"], env=env)
                 for _ in range(3)]
    assert [recorder.wait(timeout=300) for recorder in recorders] == [0, 0, 0]
    data = json.loads((tmp_path / "data" / "dominoes" / stats.FILE_NAME).read_text())
    (record,) = data["records"]
    assert record["games"] == record["wins"] == 300
    assert record["score_total"] == 3 * sum(n % 50 for n in range(100))


def test_a_lock_is_held_by_one_holder_at_a_time(tmp_path):
    first, second = FileLock(tmp_path / "x.lock"), FileLock(tmp_path / "x.lock")
    assert first.acquire() and not second.acquire(timeout=0.05)
    first.release()
    with second:
        assert second.held and not first.acquire()
    assert not second.held and first.acquire()
    first.release()


def a_save_of_the_first_window() -> bytes:
    state = new_game("classic", 2, 7, {})
    state.apply(state.legal_moves()[0])
    config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 7)
    path = saves.save_path()
    saves.write_save(config, state, path)
    return path.read_bytes()


def test_a_second_window_plays_a_whole_match_and_leaves_the_first_ones_save(tmp_path):
    saved = a_save_of_the_first_window()
    first = FileLock(data_dir() / "instance.lock")     # held as the first window holds it
    assert first.acquire()
    try:
        app = quiet_app(tmp_path)
        assert not app.keeps_matches and app.top.notice == SECOND_WINDOW
        assert app.top.continue_button is None             # the match is the first one's
        app.start_match(MatchConfig("blank", (Seat("A", "computer", "greedy"),
                                               Seat("B", "computer", "greedy")), {}, 3))
        scene = app.top
        deadline = time.monotonic() + 60
        while not scene.ctl.state.is_over():
            assert time.monotonic() < deadline, "the blank-tiles match did not end"
            frame(app)
            time.sleep(0.002)
        frame(app)
        saves.settle()
        assert saves.save_path().read_bytes() == saved
    finally:
        first.release()


def test_the_first_window_keeps_its_claim(tmp_path):
    try:
        assert claim_data_folder(tmp_path) and claim_data_folder(tmp_path)   # asked again
        assert not FileLock(tmp_path / "instance.lock").acquire()
    finally:
        release_data_folder(tmp_path)
    assert FileLock(tmp_path / "instance.lock").acquire()


def test_two_running_games_on_one_folder_lose_no_save(tmp_path):
    env = game_env(tmp_path)
    first = start_game(env, "--play", "open3", "--seats", "greedy,human", "--seed", "3")
    try:
        wait_for_moves(save_file(env), 1, first)            # waits for the person now
        saved = save_file(env).read_bytes()
        # (the computers' blank-tiles game is over in about 60 frames, a second at the
        # frame cap: 180 leave it room on a busy machine; 600 waited 10 s. A second
        # window's whole match is also played above, in this process)
        second = run_game(env, "--play", "blank", "--seats", "greedy,greedy", "--seed", "4",
                          "--frames", "180")
        assert second.returncode == 0
        assert second.stderr == f"warning: {SECOND_WINDOW}\n"
        assert save_file(env).read_bytes() == saved
        refused = run_game(env, "--continue", "--frames", "5")
        assert refused.returncode == 2 and "already running" in refused.stderr
        first.send_signal(signal.SIGTERM)
        assert exit_within(first, 10) is not None
    finally:
        end_game(first)
    assert save_file(env).read_bytes() == saved
    resumed = run_game(env, "--continue", "--frames", "5")    # the first window is gone
    assert resumed.returncode == 0 and resumed.stderr == ""


def test_statistics_held_too_long_by_another_window_are_not_written_without_the_lock(
        tmp_path, monkeypatch):
    monkeypatch.setattr(stats, "LOCK_WAIT", 0.05)
    other = FileLock(data_dir() / stats.LOCK_NAME)     # another window in its update
    assert other.acquire()
    try:
        config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 1)
        notice = stats.record_match(config, Outcome((0, 150), 0, "eliminated"))[1]
    finally:
        other.release()
    assert notice == "Statistics not kept: another window held them too long."
    assert not stats.path().exists()
