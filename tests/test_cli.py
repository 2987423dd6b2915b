"""The logic package's command line: selfplay, replay, legal and its one-line errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.logic.cli import main
from game.logic.variants import new_game

ROOT = Path(__file__).resolve().parent.parent


def run(argv, capsys):
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("variant, extra", [
    ("classic", ["--players", "3", "--option", "limit=40"]),
    ("classic", ["--option", "block=true", "--ai", "random,greedy"]),
    ("blank", ["--players", "4"]),
    ("dominox", ["--ai", "greedy"]),
])
def test_selfplay_records_replay(variant, extra, capsys, tmp_path):
    status, out, err = run(["selfplay", variant, "--games", "3", "--seed", "5", *extra], capsys)
    assert status == 0, err
    lines = out.strip().splitlines()
    assert len(lines) == 3
    records = [json.loads(line) for line in lines]
    assert all(r["variant"] == variant for r in records)
    assert "games/s" in err and "wins" in err
    path = tmp_path / "games.jsonl"
    path.write_text(out)
    status, out, err = run(["replay", str(path)], capsys)
    assert status == 0, err
    assert out.startswith("3 games replayed")


def test_selfplay_is_deterministic(capsys):
    first = run(["selfplay", "classic", "--games", "2", "--seed", "9", "--option", "limit=30"], capsys)[1]
    second = run(["selfplay", "classic", "--games", "2", "--seed", "9", "--option", "limit=30"], capsys)[1]
    assert first == second


def test_replay_names_first_illegal_move_and_wrong_result(capsys, tmp_path):
    status, out, _ = run(["selfplay", "dominox", "--games", "1", "--seed", "3"], capsys)
    record = json.loads(out)
    bad_move = json.loads(out)
    bad_move["moves"][1]["move"] = bad_move["moves"][0]["move"]
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(bad_move) + "\n")
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 1 and "game 1" in err and "illegal move" in err
    record["result"]["winner"] = None if record["result"]["winner"] is not None else 0
    path.write_text(json.dumps(record) + "\n")
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 1 and "wrong result" in err


@pytest.mark.parametrize("argv, message", [
    (["selfplay", "chess"], "unknown variant 'chess'"),
    (["selfplay", "classic", "--option", "speed=3"], "unknown option 'speed'"),
    (["selfplay", "classic", "--option", "limit=lots"], "whole number"),
    (["selfplay", "classic", "--ai", "genius"], "unknown computer level"),
    (["selfplay", "classic", "--players", "9"], "2 to 4 players"),
])
def test_bad_input_is_one_line_and_status_2(argv, message, capsys):
    status, _, err = run(argv, capsys)
    assert status == 2
    assert message in err and err.count("\n") == 1


def test_malformed_files_are_one_line_errors(capsys, tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"variant": "classic"\n')
    status, _, err = run(["replay", str(broken)], capsys)
    assert status == 2 and f"{broken}:1: not valid JSON" in err
    position = tmp_path / "pos.toml"
    position.write_text('variant = "classic"\nplayers = [2\n')
    status, _, err = run(["legal", str(position)], capsys)
    assert status == 2 and f"{position}:" in err and err.count("\n") == 1


def test_module_entry_point_has_no_traceback():
    result = subprocess.run([sys.executable, "-m", "game.logic", "legal", "/no/such/file.toml"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "no such file" in result.stderr


@pytest.mark.parametrize("path", sorted((ROOT / "levels" / "positions").glob("*.toml")),
                         ids=lambda p: p.name)
def test_shipped_positions_list_legal_moves(path, capsys):
    status, out, err = run(["legal", str(path)], capsys)
    assert status == 0, err
    moves = out.split()
    assert moves and moves == sorted(set(moves), key=moves.index)


def test_seed_example_position_gives_the_four_fits_on_b7_b8(capsys):
    status, out, _ = run(["legal", str(ROOT / "levels/positions/dominox-seed.toml")], capsys)
    assert status == 0
    assert [m for m in out.split() if m.endswith("@b7b8")] == ["2-3@b7b8", "4-1@b7b8", "5-1@b7b8", "5-3@b7b8"]


def test_legal_lists_the_moves_of_a_game_record_in_progress(tmp_path, capsys):
    import random
    from game.logic.variants import VARIANTS
    for variant in VARIANTS:
        game = new_game(variant, None, 4)
        rng = random.Random(4)
        for _ in range(5):
            if not game.is_over():
                game.apply(rng.choice(game.legal_moves()))
        path = tmp_path / f"{variant}.json"
        path.write_text(json.dumps(game.record()))
        assert main(["legal", str(path)]) == 0
        assert capsys.readouterr().out.split() == [str(m) for m in game.legal_moves()]
    path.write_text('{"variant": "classic", "players": 2, "rounds": [{"deal": 3}]}')
    assert main(["legal", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"error: {path}:1: ")
