"""Ending the game whatever its computer is doing: SIGTERM, Ctrl+C (SIGINT), closing the
window and Quit end it at once with the match saved; a computer worker that is stopped
or stuck is replaced and the match goes on; no worker outlives the game. Real processes
and real signals; exit times are polled with room to spare."""
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from game.play import saves, thinking
from game.play.config import MatchConfig, Seat

from process_support import (ROOT, alive, end_game, exit_within, game_env, needs_proc,
                             save_file, start_game, wait_for_moves, wait_until, workers)
from test_shell_support import frame, quiet_app

pytestmark = needs_proc

QUICK = 2.0      # seconds: the game used to wait out Hard's 4 s thought before it ended


def hard_at_four_seconds(tmp_path):
    """Medium against Hard thinking 4 s a move, Medium's first move made at once and
    saved: the worker has just begun Hard's thought. (Hard in the first seat too made
    each test wait out a whole thought before it could begin.)"""
    env = game_env(tmp_path, think_seconds=4.0)
    game = start_game(env, "--play", "dominox", "--seats", "greedy,hard", "--seed", "5")
    moves = wait_for_moves(save_file(env), 1, game, 120)
    return env, game, moves


@pytest.mark.parametrize("signum, status, said", [
    (signal.SIGTERM, 143, "main.py: stopped by SIGTERM (the match in progress is saved)\n"),
    (signal.SIGINT, 130, "main.py: stopped by Ctrl+C (the match in progress is saved)\n"),
], ids=["SIGTERM", "SIGINT"])
def test_a_signal_ends_the_game_at_once_while_hard_thinks_and_keeps_the_save(
        tmp_path, signum, status, said):
    env, game, moves = hard_at_four_seconds(tmp_path)
    try:
        (worker,) = workers(game.pid)
        game.send_signal(signum)
        took = exit_within(game, 30)
        assert took is not None and took < QUICK, took
        assert game.returncode == status
        assert wait_until(lambda: not alive(worker), 5)
    finally:
        err = end_game(game)
    assert err == said                         # one line, no traceback
    save = saves.read_save(save_file(env))
    assert save.moves == moves                 # intact: the move in thought is not half-saved


def test_ctrl_c_while_the_window_opens_is_one_line(tmp_path):
    env = game_env(tmp_path)
    game = start_game(env, "--play", "classic", "--seats", "greedy,greedy")
    try:
        time.sleep(0.3)                        # the interpreter is up, the window not yet
        game.send_signal(signal.SIGINT)
        assert exit_within(game, 30) is not None and game.returncode == 130
    finally:
        err = end_game(game)
    assert err.startswith("main.py: stopped by Ctrl+C") and err.count("\n") == 1


def test_a_stopped_worker_is_replaced_and_the_match_goes_on(tmp_path):
    env = game_env(tmp_path, think_seconds=0.25)
    game = start_game(env, "--play", "classic", "--seats", "hard,hard", "--seed", "5")
    try:
        moves = wait_for_moves(save_file(env), 2, game, 120)
        (stopped,) = workers(game.pid)
        os.kill(stopped, signal.SIGSTOP)
        # its budget and the margin later it is killed, and a new worker asked again
        assert wait_for_moves(save_file(env), moves + 2, game, 60) >= moves + 2
        assert not alive(stopped) and workers(game.pid) not in ([], [stopped])
        replacement = workers(game.pid)
        game.send_signal(signal.SIGTERM)
        assert exit_within(game, 30) is not None and game.returncode == 143
        assert wait_until(lambda: not any(map(alive, replacement)), 5)
    finally:
        end_game(game)


def test_a_stopped_worker_does_not_outlive_a_killed_game(tmp_path):
    env = game_env(tmp_path, think_seconds=0.25)
    game = start_game(env, "--play", "classic", "--seats", "hard,hard", "--seed", "5")
    try:
        wait_for_moves(save_file(env), 1, game, 120)
        (stopped,) = workers(game.pid)
        os.kill(stopped, signal.SIGSTOP)
        game.kill()
        game.wait(timeout=30)
        assert wait_until(lambda: not alive(stopped), 5), "the stopped worker stayed"
    finally:
        end_game(game)


STARTS_A_WORKER = """
import os, signal, sys
sys.path.insert(0, sys.argv[1])
from game.play import thinking
worker = thinking.WorkerProcess()
os.kill(worker.pid, signal.SIGSTOP)          # stopped while it starts, before any import
print(worker.pid, flush=True)
signal.pause()
"""


def test_a_worker_stopped_while_it_starts_does_not_outlive_a_killed_game():
    game = subprocess.Popen([sys.executable, "-c", STARTS_A_WORKER, str(ROOT)],
                            stdout=subprocess.PIPE, text=True)
    worker = int(game.stdout.readline())
    try:
        game.kill()
        game.wait(timeout=30)
        assert wait_until(lambda: not alive(worker), 5), "the stopped worker stayed"
    finally:
        if alive(worker):
            os.kill(worker, signal.SIGKILL)
        game.stdout.close()


def test_a_stuck_job_is_given_up_on_after_its_budget_and_a_margin(monkeypatch):
    monkeypatch.setattr(thinking, "STUCK_MARGIN", 0.5)
    worker = thinking.WorkerProcess()
    try:
        first = worker.pid
        assert worker.submit(os.getpid).result(timeout=30) == first
        os.kill(first, signal.SIGSTOP)
        assert worker.submit(os.getpid, budget=0.2).result(timeout=60) == worker.pid != first
        assert wait_until(lambda: not alive(first), 5)
    finally:
        worker.shutdown()


def test_a_worker_slow_to_start_is_waited_for_not_given_up_on(monkeypatch):
    """Starting a worker (importing every game: seconds on a loaded machine) is not
    thinking: a margin far shorter than the start still has the job run by that worker."""
    monkeypatch.setattr(thinking, "STUCK_MARGIN", 0.001)
    worker = thinking.WorkerProcess()
    try:
        assert worker.submit(os.getpid).result(timeout=60) == worker.pid != os.getpid()
    finally:
        worker.shutdown()


def test_shutting_down_never_waits_for_a_busy_worker():
    worker = thinking.WorkerProcess()
    busy = worker.submit(time.sleep, 60)
    assert wait_until(busy.running, 10)
    asked = time.monotonic()
    worker.shutdown()
    assert time.monotonic() - asked < QUICK
    assert wait_until(lambda: not alive(worker.pid), 5)


def key(code):
    return pygame.event.Event(pygame.KEYDOWN, key=code, unicode="", mod=0)


@pytest.mark.parametrize("how", ["close the window", "Quit"])
def test_closing_the_window_or_quit_ends_the_loop_while_hard_thinks(tmp_path, how):
    app = quiet_app(tmp_path)
    app.settings.think_seconds = 4.0
    app.start_match(MatchConfig("dominox", (Seat("A", "computer", "hard"),
                                            Seat("B", "computer", "hard")), {}, 5))
    frame(app)
    assert app.top.ctl.thinking
    worker = thinking._pool.pid
    if how == "Quit":                 # on the title menu: Esc asks, Up Enter quits
        app.back_to_menu()
        for code in (pygame.K_ESCAPE, pygame.K_UP, pygame.K_RETURN):
            pygame.event.post(key(code))
    else:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    asked = time.monotonic()
    assert app.run() == 0 and app.farewell is None
    assert time.monotonic() - asked < QUICK
    assert wait_until(lambda: not alive(worker), 5)
