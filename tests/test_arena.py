"""The arena command: seeded games between computer levels, seats turned every game,
wins with Wilson intervals and move times, as text and as one JSON line."""
from __future__ import annotations

import json

import pytest

from game.logic.agents.arena import percentile, run_arena, seat_names, wilson
from game.logic.cli import main


def test_wilson_interval_and_percentiles():
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-3) and high == pytest.approx(0.8922, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert percentile([5, 1, 3, 2, 4], 0.5) == 3
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95) == 10


def test_seats_turn_every_game():
    assert [seat_names(["hard", "greedy"], 2, g) for g in range(3)] == [
        ["hard", "greedy"], ["greedy", "hard"], ["hard", "greedy"]]
    assert seat_names(["hard", "greedy"], 4, 1) == ["greedy", "hard", "greedy", "hard"]
    assert seat_names(["a", "b", "c"], 3, 2) == ["c", "a", "b"]


def test_arena_text_and_json(capsys):
    code = main(["arena", "open54", "--ai", "random,greedy", "--games", "4", "--seed", "3",
                 "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    assert out[0].startswith("arena open54: 4 games, 2 players")
    assert any(line.strip().startswith("random: wins") and "95% CI" in line for line in out)
    data = json.loads(out[-1])
    assert data["games"] == 4
    assert set(data["wins"]) == {"random", "greedy"}
    assert sum(data["wins"].values()) + data["draws"] == 4
    assert set(data["move_ms"]["greedy"]) >= {"p50", "p95", "max"}


def test_arena_with_the_hard_level_and_single_rounds(capsys):
    code = main(["arena", "classic", "--ai", "hard,random", "--games", "2", "--rounds", "1",
                 "--time", "0.02", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    data = json.loads(out[-1])
    assert data["games"] == 2 and data["move_ms"]["hard"]["moves"] > 0


def test_arena_results_are_seeded():
    first = run_arena("dominid", ["greedy", "random"], 2, seed=5)
    second = run_arena("dominid", ["greedy", "random"], 2, seed=5)
    assert (first.wins, first.draws) == (second.wins, second.draws)


def test_games_played_in_worker_processes_add_up_to_the_same_result():
    alone = run_arena("classic", ["greedy", "random"], 6, seed=3, rounds=1)
    shared = run_arena("classic", ["greedy", "random"], 6, seed=3, rounds=1, jobs=2)
    assert alone.as_json()["wins"] == shared.as_json()["wins"] and alone.draws == shared.draws
    assert [len(t) for t in alone.move_seconds.values()] == \
        [len(t) for t in shared.move_seconds.values()]
    assert shared.games == 6


@pytest.mark.parametrize("argv,words", [
    (["arena", "nosuch"], "unknown variant"),
    (["arena", "classic", "--jobs", "0"], "--jobs"),
    (["arena", "classic", "--games", "0"], "--games"),
    (["arena", "classic", "--ai", "hard,wizard"], "unknown computer level"),
    (["arena", "classic", "--time", "0"], "--time"),
    (["arena", "classic", "--time", "nan"], "--time"),
    (["arena", "dominox", "--rounds", "1"], "--rounds"),
    (["arena", "classic", "--rounds", "0"], "--rounds"),
    (["arena", "dominox", "--players", "3"], "players"),
    (["arena", "classic", "--option", "limit=x"], "limit"),
    (["arena", "classic", "--option", "colour=red"], "colour"),
    (["arena", "classic", "--ai", "hard,greedy,random", "--players", "2"], "--ai"),
    (["arena", "classic", "--games", "many"], "invalid int"),
    (["arena", "classic", "--ai", "hard@fast"], "hard@fast"),
])
def test_bad_arguments_are_one_line_errors(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and words in err


def _totals(result) -> tuple:
    data = result.as_json()
    return data["games"], data["wins"], data["draws"], data["move_ms"]["greedy"]["moves"]


def test_a_logged_run_goes_on_where_it_stopped(tmp_path):
    """Six games in one go, or four logged and then the run of six given the same log:
    the same totals, and the second sitting plays only games 4 and 5."""
    log = tmp_path / "run.jsonl"
    whole = run_arena("dominid", ["greedy", "random"], 6, seed=5)
    first = run_arena("dominid", ["greedy", "random"], 4, seed=5, log=str(log))
    assert first.games == 4 and len(log.read_text().splitlines()) == 5
    resumed = run_arena("dominid", ["greedy", "random"], 6, seed=5, log=str(log), jobs=2)
    assert _totals(resumed) == _totals(whole)
    games = [json.loads(line)["game"] for line in log.read_text().splitlines()[1:]]
    assert games == [0, 1, 2, 3, 4, 5]
    # a shorter run reads only its own games from the same log
    assert _totals(run_arena("dominid", ["greedy", "random"], 4, seed=5, log=str(log))) == \
        _totals(first)


def test_a_game_cut_short_in_the_log_is_played_again(tmp_path):
    log = tmp_path / "run.jsonl"
    whole = run_arena("dominid", ["greedy", "random"], 3, seed=8, log=str(log))
    text = log.read_text()
    log.write_text(text[:-7])                   # the last game's line lost its end
    again = run_arena("dominid", ["greedy", "random"], 3, seed=8, log=str(log))
    assert _totals(again) == _totals(whole)
    assert log.read_text().count("\n") == 4 and json.loads(log.read_text().splitlines()[-1])


@pytest.mark.parametrize("change,words", [
    (lambda lines: lines, "names another run"),
    (lambda lines: [lines[0], "{oops", *lines[1:]], "line 2 is not a game"),
])
def test_a_log_of_another_run_or_with_a_broken_line_is_refused(tmp_path, capsys, change,
                                                                 words):
    log = tmp_path / "run.jsonl"
    run_arena("dominid", ["greedy", "random"], 2, seed=5, log=str(log))
    lines = log.read_text().splitlines()
    log.write_text("\n".join(change(lines)) + "\n")
    seed = "6" if words == "names another run" else "5"
    assert main(["arena", "dominid", "--ai", "greedy,random", "--games", "2", "--seed", seed,
                 "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --log ") and err.count("\n") == 1 and words in err
    assert main(["arena", "dominid", "--log", str(tmp_path / "no" / "dir.jsonl")]) == 2
    assert "No such file" in capsys.readouterr().err


def test_a_run_is_two_shorter_runs_laid_end_to_end(tmp_path):
    """Games 4-7 of a run from seed 5 are games 0-3 of a run from seed 7, move for move
    (the random level's choices included)."""
    def games(count, seed, name):
        run_arena("open54", ["random", "greedy"], count, seed=seed, log=str(tmp_path / name))
        lines = (tmp_path / name).read_text().splitlines()[1:]
        return [(g["winner"], g["seats"], {t: len(ms) for t, ms in g["ms"].items()})
                for g in map(json.loads, lines)]
    whole = games(8, 5, "whole.jsonl")
    assert whole == games(4, 5, "first.jsonl") + games(4, 7, "second.jsonl")
