"""Computer players think in a worker process and choose exactly as they would in place."""
import concurrent.futures
import os
import random
import time

from game.logic.agents import make_agent
from game.logic.variants import new_game
from game.play import thinking


def test_thinking_runs_in_another_process():
    worker = thinking._executor()
    assert isinstance(worker, thinking.WorkerProcess) and worker.pid != os.getpid()


def test_a_thought_matches_the_agent_in_place_and_advances_the_rng_alike():
    for variant, players, level in (("classic", 4, "greedy"), ("dominox", 2, "greedy"),
                                    ("blank", 3, "random"), ("classic", 2, "random")):
        state = new_game(variant, players, seed=3)
        here, there = random.Random(9), random.Random(9)
        for _ in range(6):
            view = state.view(state.current_player)
            thought = thinking.think(level, view, there)
            deadline = time.monotonic() + 20
            while not thought.done():
                assert time.monotonic() < deadline, "the worker never answered"
                time.sleep(0.001)
            expected = str(make_agent(level).choose(view, here))
            assert thought.move() == expected
            assert here.getstate() == there.getstate()
            state.apply(expected)
            if state.is_over():
                break


class StalledWorker:
    """An executor whose jobs never finish: think() must hand back a thought anyway."""

    def __init__(self):
        self.jobs = []

    def submit(self, function, *args, budget=0.0):
        self.jobs.append((function, args))
        return concurrent.futures.Future()


def test_think_returns_before_the_agent_has_finished(monkeypatch):
    state = new_game("dominox", 2, seed=5)
    view = state.view(state.current_player)
    worker = StalledWorker()
    monkeypatch.setattr(thinking, "_pool", worker)
    rng = random.Random(1)
    before = rng.getstate()
    thought = thinking.think("greedy", view, rng)
    assert len(worker.jobs) == 1 and not thought.done()
    assert rng.getstate() == before          # advanced only when the move is taken


def test_a_match_with_a_computer_starts_the_worker_before_its_first_move(tmp_path,
                                                                         monkeypatch):
    from game.shell.frame.app import App
    from game.play.config import MatchConfig, Seat
    started = []
    monkeypatch.setattr(thinking, "_executor", lambda: started.append(1))
    app = App(windowed=True, settings_path=tmp_path / "settings.json")
    app.start_match(MatchConfig("dominox", (Seat("A"), Seat("B")), {}, 1))
    assert not started                              # people only: no worker
    app.start_match(MatchConfig("dominox", (Seat("A"), Seat("B", "computer")), {}, 1))
    assert started and app.top.ctl._job is None     # started, nothing asked yet


def test_the_worker_loads_every_games_hooks_before_it_reads_a_job(monkeypatch):
    import gc

    from game.logic.agents import hooks
    from game.logic.variants import VARIANTS
    monkeypatch.setattr(hooks, "_LOADED", {})
    try:
        thinking._warm()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert {variant for variant, _ in hooks._LOADED} == set(VARIANTS)
