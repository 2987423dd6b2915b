"""The benchmark's own helpers run on every kind of match scene (the figures themselves
are measured by hand: python -m game.bench)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.bench import match_frames  # noqa: E402


@pytest.mark.parametrize("variant", ["classic", "open10"])
def test_match_frames_times_every_frame_of_a_line_or_board_match(variant, tmp_path,
                                                                 monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))     # match_frames sets it too
    wall, cpu, moves, appearing = match_frames(tmp_path, variant, 2, 5)
    assert len(wall) == len(cpu) == 6 and all(t >= 0 for t in wall)
    assert moves >= 0 and appearing == []


def test_the_frames_timed_go_on_through_the_results_appearing(tmp_path, monkeypatch):
    """The frames that bring the results are the slowest of a match: the benchmark's max
    must include them, however few frames it was asked for."""
    from game.shell.screens.results import ResultsScene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    wall, cpu, moves, appearing = match_frames(tmp_path, "classic", 2, 5,
                                               through_results=True)
    assert len(wall) > 5 and moves > 0
    frames = round(ResultsScene.APPEAR_SECONDS * 60)
    assert appearing == list(range(appearing[0], appearing[0] + len(appearing)))
    assert frames <= len(appearing) <= frames + 3 and appearing[-1] == len(wall) - 1


def test_the_network_figures_come_move_by_move_and_match_by_match(tmp_path, monkeypatch):
    from game.bench_network import latency, match_bytes
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    held, shown = latency("dominox", {}, 4, tmp_path)
    assert 4 <= len(held) == len(shown)
    assert all(0 <= a <= b for a, b in zip(held, shown))
    down, up, moves = match_bytes("blank", {})
    assert moves > 0 and down > up > 0


def test_the_loaded_bench_times_hard_through_the_worker_and_ends_its_load():
    from game.bench_loaded import busy_processes, hard_move_times
    from game.play import thinking
    with busy_processes(2) as load:
        assert all(process.poll() is None for process in load)     # spinning
        try:
            times = hard_move_times("open10", 2, 3, budget=0.05)
        finally:
            thinking.shutdown()
    assert len(times) == 3 and all(0 < t < 10 for t in times)
    assert all(process.poll() is not None for process in load)     # ended with the block
