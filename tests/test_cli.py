"""The logic package's command line: selfplay, replay, legal and its one-line errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.logic.cli import main
from game.logic.variants import VARIANTS, new_game

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
    command = ["selfplay", "classic", "--games", "2", "--seed", "9", "--option", "limit=30"]
    first = run(command, capsys)[1]
    second = run(command, capsys)[1]
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
    assert [m for m in out.split() if m.endswith("@b7b8")] == ["2-3@b7b8", "4-1@b7b8",
                                                               "5-1@b7b8", "5-3@b7b8"]


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


# ---- records as the rulebook writes them -----------------------------------------------
def finished_record(variant: str, seed: int = 6) -> dict:
    import random
    from game.logic.agents import make_agent, play_out
    game = new_game(variant, None, seed, {"limit": 40} if variant == "classic" else None)
    play_out(game, [make_agent("random")] * game.players, random.Random(seed))
    return game.record()


def replayed(record, tmp_path, capsys) -> tuple[int, str]:
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(record) + "\n")
    status = main(["replay", str(path)])
    return status, capsys.readouterr().err


def test_a_result_of_scores_and_winner_alone_replays_and_a_reason_is_checked_when_given(
        tmp_path, capsys):
    from game.logic.variants import VARIANTS, find_variant
    for variant in VARIANTS:
        record = finished_record(variant)
        # as docs/rules.md, Writing moves and games down, says
        assert set(record["result"]) == {"scores", "winner"}
        assert replayed(record, tmp_path, capsys) == (0, ""), variant
        reason = find_variant(variant).from_record(record).outcome().reason
        record["result"]["reason"] = reason                      # a writer may add it
        assert replayed(record, tmp_path, capsys) == (0, ""), variant
        record["result"]["reason"] = "territory" if reason != "territory" else "cost"
        status, err = replayed(record, tmp_path, capsys)
        assert status == 1 and "wrong result" in err and '"reason"' in err, variant


def test_a_classic_round_result_needs_its_scores_but_not_its_reason(tmp_path, capsys):
    record = finished_record("classic")
    for data in record["rounds"]:
        del data["result"]["reason"]
    assert replayed(record, tmp_path, capsys) == (0, "")
    del record["rounds"][0]["result"]["scores"]
    status, err = replayed(record, tmp_path, capsys)
    assert status == 1 and "round 1: the result has no 'scores'" in err


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("misspell, words", [
    (lambda r: r.__setitem__("optidons", r.pop("options")), "unknown key 'optidons' in the record"),
    (lambda r: (r["rounds"][0] if "rounds" in r else r)["moves"][0].__setitem__(
        "plaer", 0), "unknown key 'plaer' in "),
    (lambda r: r["result"].__setitem__("winnner", 0), "unknown key 'winnner' in the result"),
])
def test_a_misspelt_key_is_refused_by_name_by_replay_and_legal(variant, misspell, words,
                                                               tmp_path, capsys):
    record = finished_record(variant)
    misspell(record)
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(record) + "\n")
    status = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert status == (1 if "result" in words else 2) and words in err
    assert err.count("\n") == 1
    if "result" not in words:           # a game in progress: legal reads it too
        record.pop("result")
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record))
        assert main(["legal", str(path)]) == 2 and words in capsys.readouterr().err


def test_misspelt_keys_inside_a_classic_round_are_refused_by_name(tmp_path, capsys):
    for where, key in (("round", "deel"), ("deal", "stocks"), ("start", "to_mvoe")):
        record = finished_record("classic")
        data = record["rounds"][0]
        target = data if where == "round" else data.setdefault(where, {})
        target[key] = 1
        status, err = replayed(record, tmp_path, capsys)
        assert status == 2 and f"unknown key {key!r} in round 1" in err, where


def test_legal_and_replay_know_blank_tiles_stop_and_dominids_arrangement(tmp_path, capsys):
    blank = new_game("blank", 2, 3)
    blank.apply("_")                                   # a double: another play, or stop
    path = tmp_path / "blank.toml"
    path.write_text(blank.position_text())
    assert main(["legal", str(path)]) == 0 and capsys.readouterr().out.split() == \
        ["_L", "_R", "stop"]
    dominid = new_game("dominid", 2, 3)
    path = tmp_path / "dominid.json"
    path.write_text(json.dumps(dominid.record()))
    assert main(["legal", str(path)]) == 0
    assert all(m.startswith("arrange ") for m in capsys.readouterr().out.splitlines())
    status, out, err = run(["selfplay", "blank", "--games", "4", "--ai", "random"], capsys)
    assert status == 0 and any('"stop"' in line for line in out.splitlines())
    path = tmp_path / "games.jsonl"
    path.write_text(out)
    assert main(["replay", str(path)]) == 0
