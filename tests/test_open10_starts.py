"""Shift (open-board game 10): a start holds the set, as in games 1, 3, 4 and 22: the two
halves of one set of 32 (96 pips each), or with `stacks` a whole set of 32 each. Level
files, random starts, records, position files, the command line and saves."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.logic.core import DominoError, FileFormatError
from game.logic.elements.open10 import ShiftGame
from game.logic.elements.shift_starts import list_starts, load_start, start_problem
from game.logic.tiles import OPEN_BOARD_SET

STANDARD = Path(__file__).resolve().parent.parent / "levels" / "open10" / "standard.toml"
STACKS = STANDARD.with_name("stacks.toml")


def edited(tmp_path, source: Path, old: str, new: str, count: int = 1) -> Path:
    """A copy of a shipped level file with `old` replaced by `new` (`count` times)."""
    text = source.read_text()
    assert text.count(old) >= count
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, count))
    return path


def test_a_start_with_4_4_three_times_is_refused_at_its_line(tmp_path):
    # one 4-4 in each half (s44 on b1, n44 on g8): the south 4-3 on d2 made a third;
    # counted square by square from a1, the third met is the north one on g8 (line 11)
    path = edited(tmp_path, STANDARD, "s43", "s44")
    with pytest.raises(FileFormatError) as refused:
        load_start(path)
    lines = path.read_text().splitlines()
    assert lines[10].split()[6] == "n44"
    assert str(refused.value) == f"{path}:11: n44 on g8: tile 4-4 stands here 3 times " \
                                 "(the set has 2)"


def test_a_stacks_start_of_32_copies_of_6_6_is_refused(tmp_path):
    text = STACKS.read_text().splitlines()
    board = [i for i, line in enumerate(text) if "/" in line and not line.startswith("#")]
    for i in board:
        owner = text[i].strip()[0]
        text[i] = " ".join("/".join([f"{owner}66"] * 4) for _ in range(8))
    path = tmp_path / "sixes.toml"
    path.write_text("\n".join(text) + "\n")
    with pytest.raises(FileFormatError) as refused:
        load_start(path)
    assert str(refused.value) == f"{path}:{board[-1] + 1}: s66 on a1: tile 6-6 stands here " \
        "3 times (the set has 2)"


def test_halves_of_unequal_pips_are_refused(tmp_path):
    # swap the south 6-6 (a1) with the north 0-0 (e8): 16 elements each, the set whole
    path = edited(tmp_path, STANDARD, "n00", "n66")
    path.write_text(path.read_text().replace("s66 s44", "s00 s44"))
    with pytest.raises(FileFormatError, match="the two groups hold 84 and 108 pips: halves "
                                              "of one set must hold equal pips"):
        load_start(path)


def test_the_shipped_starts_hold_the_set():
    for entry in list_starts():
        name, start = entry.name, entry.level
        assert entry.error is None, entry.error
        assert start_problem(list(start.cells), start.stacks, complete=True) is None
        tiles = sorted(e.tile for stack in start.cells for e in stack)
        whole = sorted(OPEN_BOARD_SET.elements)
        assert tiles == (sorted(whole * 2) if start.stacks else whole), name


@pytest.mark.parametrize("options", [{"start": "random"}, {"start": "random", "stacks": True},
                                     {"start": "random", "arrows": "free"}])
def test_random_starts_hold_the_set(options):
    for seed in range(6):
        game = ShiftGame.new(2, seed, options)
        assert start_problem(game.cells, game.options["stacks"], complete=True) is None
        sides = [sorted(e.tile for stack in game.cells for e in stack if e.owner == owner)
                 for owner in (0, 1)]
        if game.options["stacks"]:
            assert sides[0] == sides[1] == sorted(OPEN_BOARD_SET.elements)
        else:
            assert sorted(sides[0] + sides[1]) == sorted(OPEN_BOARD_SET.elements)
            assert sum(t.value for t in sides[0]) == sum(t.value for t in sides[1]) == 96


def test_a_record_whose_start_is_not_the_set_is_refused():
    record = ShiftGame.new(2, 4).record()
    start = list(record["start"])
    at_d2 = start.index("d2:0:4-3")
    start[at_d2] = "d2:0:4-4"                   # a third 4-4
    with pytest.raises(DominoError, match=r"bad start: n44 on g8: tile 4-4 stands here 3 "
                                          r"times \(the set has 2\)"):
        ShiftGame.from_record({**record, "start": start})
    stacked = ShiftGame.new(2, 4, {"stacks": True}).record()
    sixes = [f"{t.split(':')[0]}:{t.split(':')[1]}:6-6" for text in stacked["start"]
             for t in text.split("/")]
    stacks = ["/".join(sixes[i:i + 4]) for i in range(0, len(sixes), 4)]
    with pytest.raises(DominoError, match="tile 6-6 stands here 3 times"):
        ShiftGame.from_record({**stacked, "start": stacks})


def test_a_position_with_a_tile_too_often_is_refused_at_its_line():
    text = "\n".join(['variant = "open10"', "captures = [15, 14]", 'board = """',
                      "n66 ... ... ... ... ... ... ...", *["... " * 7 + "..."] * 6,
                      "s66 s66 ... ... ... ... ... ...", '"""']) + "\n"
    with pytest.raises(FileFormatError) as refused:
        ShiftGame.position_from_text(text, "three.toml")
    assert str(refused.value) == "three.toml:4: n66 on a8: tile 6-6 stands here 3 times " \
                                 "(the set has 2)"
    fine = ShiftGame.position_from_text(text.replace("s66 s66", "s66 s65"), "two.toml")
    assert fine.captures == [15, 14]


def test_the_command_line_and_a_save_refuse_a_start_that_is_not_the_set(tmp_path, capsys):
    from game.logic.cli import main
    from game.play import saves
    from game.play.config import MatchConfig, Seat
    game = ShiftGame.new(2, 4)
    record = game.record()
    record["start"] = [t.replace("d2:0:4-3", "d2:0:4-4") for t in record["start"]]
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n")
    assert main(["replay", str(path)]) == 2
    assert "tile 4-4 stands here 3 times" in capsys.readouterr().err
    saved = tmp_path / "bad.json"
    saved.write_text(json.dumps(record))
    assert main(["legal", str(saved)]) == 2
    assert f"{saved}:1: bad start: n44 on g8: tile 4-4" in capsys.readouterr().err
    config = MatchConfig("open10", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 4)
    save = saves.save_record(config, game)
    save["start"] = record["start"]
    saves.save_path().parent.mkdir(parents=True, exist_ok=True)
    saves.save_path().write_text(json.dumps(save))
    loaded, notice = saves.load_save()
    assert loaded is None and "tile 4-4 stands here 3 times" in notice
