"""Files of game records read as they are streamed: no file, however large or strange,
makes `replay` or `legal` hold more than one record (a few hundred MB at the very most)
before its one-line answer; lines, records and move texts are bounded."""
import json
import tracemalloc

import pytest

from game.logic import record_files
from game.logic.cli import main
from game.logic.variants import new_game

MiB = 1024 * 1024


def replay(path, capsys) -> tuple[int, str, int]:
    """(exit status, stderr, the most memory Python held meanwhile, in bytes)."""
    tracemalloc.start()
    try:
        status = main(["replay", str(path)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return status, capsys.readouterr().err, peak


def a_record(seed: int = 1) -> dict:
    game = new_game("dominox", 2, seed)
    while not game.is_over():
        game.apply(game.legal_moves()[0])
    return game.record()


def test_blank_lines_are_counted_not_kept(tmp_path, capsys):
    path = tmp_path / "blank.jsonl"
    path.write_bytes(b"\n" * 3_000_000)
    status, err, peak = replay(path, capsys)
    assert status == 2 and err == (f"error: {path}:100001: more than 100,000 lines: not a "
                                   "file of game records\n")
    assert peak < 16 * MiB


def test_records_one_a_line_are_held_one_at_a_time(tmp_path, capsys):
    line = json.dumps(a_record()) + "\n"
    path = tmp_path / "games.jsonl"
    path.write_text(line * 150 + "\n" * 20)
    one = tmp_path / "one.jsonl"
    one.write_text(line)
    replay(path, capsys)        # what the first replay imports and caches is not a record
    status, err, peak = replay(path, capsys)
    assert status == 0 and err == ""
    one_record = replay(one, capsys)[2]
    assert peak < one_record + 20 * len(line) * 10      # ten records' worth more, not 150


def test_a_record_is_taken_before_the_lines_after_it_are_read(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(a_record()) + "\n{broken\n")
    records = record_files.read_records(str(path))
    line, record = next(records)
    assert line == 1 and record["variant"] == "dominox"
    with pytest.raises(Exception, match=r"games.jsonl:2: not valid JSON"):
        next(records)


def test_more_records_than_a_file_may_hold_are_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(record_files, "RECORD_LIMIT", 3)
    path = tmp_path / "games.jsonl"
    path.write_text((json.dumps(a_record()) + "\n\n") * 4)
    status, err, _ = replay(path, capsys)
    assert status == 2 and err == (f"error: {path}:7: more than 3 game records in one "
                                   "file: split it\n")
    path.write_text(json.dumps([a_record()] * 4, indent=1))
    status, err, _ = replay(path, capsys)
    assert status == 2 and err == f"error: {path}: more than 3 game records in one file: split it\n"


@pytest.mark.parametrize("how", ["array of zeros", "pretty record"])
def test_a_value_over_several_lines_is_read_whole_only_up_to_its_limit(tmp_path, capsys, how):
    path = tmp_path / "big.json"
    if how == "array of zeros":
        path.write_text("[\n" + ",\n".join(["0"] * 6_000_000) + "\n]\n")
        said = f"error: {path}: an array of game records is at most 8,388,608 bytes"
    else:
        text = json.dumps(a_record(), indent=2)        # with room to spare between lines
        path.write_text(text[:2] + ("\n" + " " * 80) * 120_000 + text[2:])
        said = f"error: {path}:1: not valid JSON"
    assert path.stat().st_size > 9 * MiB
    status, err, peak = replay(path, capsys)
    assert status == 2 and err.startswith(said) and err.count("\n") == 1, err
    assert peak < 12 * MiB                  # the bytes read, not the value they would make


def test_a_record_over_several_lines_within_the_limit_still_replays(tmp_path, capsys):
    path = tmp_path / "pretty.json"
    path.write_text("\n\n" + json.dumps(a_record(3), indent=4))
    assert replay(path, capsys)[:2] == (0, "")


def test_a_huge_move_or_player_is_said_in_one_short_line(tmp_path, capsys):
    record = a_record()
    record["moves"][2]["move"] = "x" * 500_000
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps(record) + "\n")
    status, err, _ = replay(path, capsys)
    assert status == 1 and len(err) < 300 and "moves[2]: a move is at most 200 characters" in err
    record = a_record()
    record["moves"][0]["player"] = [0] * 100_000
    path.write_text(json.dumps(record) + "\n")
    status, err, _ = replay(path, capsys)
    assert status == 1 and len(err) < 300 and "recorded for player [0, 0" in err
