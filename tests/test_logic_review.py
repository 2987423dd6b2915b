"""Findings of the logic package review: malformed input gives one-line errors, records
and positions that break the rules are refused, and the fixes keep legal games as they were."""
import json

import pytest

from game.logic.line.blank import BlankGame
from game.logic.line.classic import ClassicMatch
from game.logic.cli import main
from game.logic.core import (DOUBLE_SIX, DominoError, FileFormatError, IllegalMoveError,
                             OptionError, Tile)
from game.logic.board.placement import Placement
from game.logic.dominox.game import DominoxGame
from game.logic.levels import layout_from_file
from game.logic.options import Option, resolve_options
from game.logic.variants import find_variant, new_game


def run(argv, capsys):
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def one_line_error(status, err):
    return status == 2 and err.startswith("error: ") and err.count("\n") == 1


# ---- the command line ----------------------------------------------------------------
def test_players_zero_is_refused_not_taken_as_the_default(capsys):
    status, out, err = run(["selfplay", "classic", "--players", "0"], capsys)
    assert one_line_error(status, err) and "not 0" in err and out == ""


@pytest.mark.parametrize("content, message", [
    (b"[]\n", "no game records"),
    (b"\xff\xfe{}\n", "not UTF-8"),
    (b"[" * 100_000, "nested too deeply"),
    (b'{"variant": ["classic"]}\n', "game 1: unknown variant"),
    (b'{"variant": "dominox", "deal": {"hands": "ab", "stock": []}}\n', "two lists of tiles"),
    (b'{"variant": "dominox", "position": "abc"}\n', "a position is a table of keys"),
    (b'{"variant": "dominox", "options": [], "deal": {"hands": [["0-0"], []]}}\n',
     "NAME = VALUE"),
    ('{"variant": "dominox", "deal": {"hands": [["\u00b2-0"], ["1-1"]]}}\n'.encode(),
     "not a tile"),
])
def test_malformed_records_are_one_line_errors(content, message, capsys, tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_bytes(content)
    status, _, err = run(["replay", str(path)], capsys)
    assert one_line_error(status, err) and message in err, err


def test_a_json_array_of_records_still_replays(capsys, tmp_path):
    records = [new_game("dominox", 2, seed) for seed in (1, 2)]
    for game in records:
        while not game.is_over():
            game.apply(game.legal_moves()[0])
    path = tmp_path / "all.json"
    path.write_text(json.dumps([g.record() for g in records]))
    status, out, _ = run(["replay", str(path)], capsys)
    assert status == 0 and out.startswith("2 games replayed")


# ---- tile and move text ----------------------------------------------------------------
@pytest.mark.parametrize("text", ["\u00b2-3", "\u0663-5", "3-\u00b9"])
def test_only_ascii_digits_make_tiles(text):
    with pytest.raises(ValueError, match="not a tile"):
        Tile.parse(text)
    with pytest.raises(IllegalMoveError, match="not a move"):
        new_game("classic", 2, 0).parse_move(text + "L")


def test_only_ascii_digits_make_placements():
    game = DominoxGame.new(2, 0)
    with pytest.raises(IllegalMoveError, match="write it like"):
        game.parse_move("\u0663-0@a1a2")
    with pytest.raises(ValueError):
        Placement.parse("0-0@a\u0661a2")


def test_dominox_illegal_reason_answers_malformed_text_like_classic():
    for game in (DominoxGame.new(2, 0), new_game("classic", 2, 0)):
        reason = game.illegal_reason("nonsense")
        assert isinstance(reason, str) and reason
        assert not game.is_legal("nonsense")
        with pytest.raises(IllegalMoveError):
            game.apply("nonsense")


def test_variant_names_must_be_text_and_options_a_table():
    with pytest.raises(OptionError, match="unknown variant"):
        find_variant(["classic"])
    declared = (Option("limit", 150, "points"),)
    with pytest.raises(OptionError, match="NAME = VALUE"):
        resolve_options(declared, [("limit", 3)], "classic")
    assert resolve_options(declared, None, "classic") == {"limit": 150}
    assert resolve_options(declared, {"limit": "9"}, "classic") == {"limit": 9}


# ---- classic records -----------------------------------------------------------------
@pytest.fixture
def classic_record():
    game = new_game("classic", 2, 3)
    game.apply(game.legal_moves()[0])
    return game.record()


@pytest.mark.parametrize("active", [[0], [0, 0], [1, 0], [0, 1, 2]])
def test_the_first_round_is_dealt_to_every_player_below_the_limit(classic_record, active):
    classic_record["rounds"][0]["active"] = active
    with pytest.raises(DominoError, match="round 1: the record deals to players"):
        ClassicMatch.from_record(classic_record)


@pytest.mark.parametrize("start, message", [
    ({"totals": [0, 0, 0]}, "start totals must list 2 whole numbers"),
    ({"totals": [0, True]}, "start totals must list 2 whole numbers"),
    ({"totals": [0, -3]}, "start totals must list 2 whole numbers"),
    ({"totals": [200, 0]}, "fewer than two players are below the limit"),
    ({"round": "x"}, "start round must be a whole number"),
    ({"round": 0}, "start round must be a whole number from 1 to 1,000,000"),
])
def test_record_start_is_checked(classic_record, start, message):
    classic_record["start"] = start
    with pytest.raises(FileFormatError, match=message):
        ClassicMatch.from_record(classic_record)


def test_a_recorded_round_start_must_give_the_move_to_the_opener(classic_record):
    rnd = classic_record["rounds"][0]
    opener = rnd["moves"][0]["player"]
    rnd["moves"] = []
    rnd["start"] = {"to_move": 1 - opener}
    # This used to list the opener's tile as legal for the other player, whose apply()
    # then crashed removing a tile that player does not hold.
    with pytest.raises(FileFormatError, match="cannot open"):
        ClassicMatch.from_record(classic_record)
    rnd["start"] = {"to_move": opener}
    match = ClassicMatch.from_record(classic_record)
    assert match.current_player == opener
    rnd["start"] = {"to_move": 7}
    with pytest.raises(FileFormatError, match="not a player in the round"):
        ClassicMatch.from_record(classic_record)


def test_a_recorded_start_line_must_join(classic_record):
    rnd = classic_record["rounds"][0]
    hands, stock = rnd["deal"]["hands"], rnd["deal"]["stock"]
    for tile in ("3-6", "5-5"):
        (hands[0] if tile in hands[0] else hands[1] if tile in hands[1] else stock).remove(tile)
    rnd["moves"] = []
    rnd["start"] = {"line": ["6|3", "5|5"], "to_move": 1}
    with pytest.raises(FileFormatError, match=r"6\|3 and 5\|5 do not join \(3 next to 5\)"):
        ClassicMatch.from_record(classic_record)


def test_legal_records_still_replay_exactly():
    for seed in range(6):
        game = new_game("classic", 3, seed, {"limit": 40})
        while not game.is_over():
            game.apply(game.legal_moves()[-1])
        again = ClassicMatch.from_record(json.loads(json.dumps(game.record())))
        assert again.outcome() == game.outcome() and again.record() == game.record()


# ---- position files --------------------------------------------------------------------
def test_blank_position_refuses_negative_extra_plays():
    game = new_game("blank", 2, 0, {"one_extra": True})
    game.apply("_")
    text = game.position_text()
    assert "extra_plays = 1" in text
    with pytest.raises(FileFormatError, match="extra_plays must be a whole number from 0 to"):
        BlankGame.position_from_text(text.replace("extra_plays = 1", "extra_plays = -2"))


def test_dominox_position_on_an_empty_board_gives_the_move_to_the_lowest_double():
    stock = [str(t) for t in DOUBLE_SIX if str(t) not in ("0-0", "2-3", "1-1")]
    data = {"variant": "dominox", "placed": [], "hands": [["0-0", "2-3"], ["1-1"]],
            "stock": stock, "to_move": 1}
    with pytest.raises(FileFormatError, match="player 0 opens: they hold the lowest double 0-0"):
        DominoxGame.from_position(data)
    data["to_move"] = 0
    game = DominoxGame.from_position(data)
    assert {str(m).split("@")[0] for m in game.legal_moves()} == {"0-0"}


def test_dominox_record_positions_must_be_tables():
    with pytest.raises(FileFormatError, match="a position is a table of keys"):
        DominoxGame.from_record({"variant": "dominox", "position": ["placed"]})


def test_classic_position_round_must_be_positive():
    game = new_game("classic", 3, 2)
    text = game.position_text()
    assert "round = 1" in text
    with pytest.raises(FileFormatError, match="round must be a whole number from 1 to 1,000,000"):
        ClassicMatch.position_from_text(text.replace("round = 1", "round = 0"), "p.toml")


# ---- player counts, options and square names ------------------------------------------
@pytest.mark.parametrize("players", ["2", 2.0, True, 5, 1])
def test_player_counts_that_are_not_2_to_4_whole_numbers_are_refused(players, classic_record):
    classic_record["players"] = players
    with pytest.raises(OptionError, match="classic is played by 2 to 4 players"):
        ClassicMatch.from_record(classic_record)
    with pytest.raises(OptionError, match="dominox is played by 2 players"):
        new_game("dominox", players if players != 2.0 else 3, 0)


def test_player_count_is_checked_before_the_agent_count(capsys):
    status, _, err = run(["selfplay", "classic", "--players", "9", "--ai", "random,greedy"], capsys)
    assert one_line_error(status, err) and "2 to 4 players, not 9" in err


def test_whole_number_options_refuse_fractions():
    declared = (Option("limit", 150, "points", minimum=1),)
    assert resolve_options(declared, {"limit": 100.0}, "classic") == {"limit": 100}
    with pytest.raises(OptionError, match="whole number"):
        resolve_options(declared, {"limit": 99.5}, "classic")


def test_square_names_with_leading_zeros_parse_to_the_canonical_move():
    game = DominoxGame.new(2, 0)
    first = game.legal_moves()[0]
    padded = str(first).replace("@a1a2", "@A01a02")
    assert padded != str(first)
    assert game.parse_move(padded) == first and game.illegal_reason(padded) is None
    assert game.apply(padded) == first          # used to crash with a KeyError
    assert game.record()["moves"][0]["move"] == str(first)


def test_one_record_laid_out_over_several_lines_replays(capsys, tmp_path):
    game = new_game("dominox", 2, 5)
    while not game.is_over():
        game.apply(game.legal_moves()[-1])
    path = tmp_path / "pretty.json"
    path.write_text(json.dumps(game.record(), indent=2))
    status, out, _ = run(["replay", str(path)], capsys)
    assert status == 0 and out.startswith("1 game replayed")
    path.write_text(json.dumps(game.record(), indent=2)[:-3])
    status, _, err = run(["replay", str(path)], capsys)
    assert one_line_error(status, err) and f"{path}:1: not valid JSON" in err


# ---- records of rounds set up from positions -------------------------------------------
def test_a_blank_game_opened_by_another_player_records_who_opens():
    stock = ", ".join(['"_"'] * 25)
    text = (f'variant = "blank"\nplayers = 2\nline = []\nhands = [["_"], ["_", "_"]]\n'
            f"stock = [{stock}]\nto_move = 1\n")
    game = BlankGame.position_from_text(text)
    assert game.current_player == 1
    while not game.is_over():
        game.apply(game.legal_moves()[0])
    record = game.record()
    assert record["start"] == {"line": [], "to_move": 1}
    assert BlankGame.from_record(json.loads(json.dumps(record))).record() == record


def test_dealt_rounds_write_no_start(classic_record):
    assert all("start" not in rnd for rnd in classic_record["rounds"])
    assert "start" not in new_game("blank", 3, 1).record()


def test_a_recorded_deal_gives_every_player_in_the_round_a_tile(classic_record):
    deal = classic_record["rounds"][0]["deal"]
    deal["stock"] += deal["hands"][1]
    deal["hands"][1] = []
    # this used to stop with a bare StopIteration when every hand was empty
    with pytest.raises(FileFormatError, match="player 1 has no tiles"):
        ClassicMatch.from_record(classic_record)
    deal["stock"] += deal["hands"][0]
    deal["hands"][0] = []
    classic_record["rounds"][0]["moves"] = []
    with pytest.raises(FileFormatError, match="player 0 has no tiles"):
        ClassicMatch.from_record(classic_record)


def test_grid_errors_in_a_one_line_string_name_the_key_line(tmp_path):
    path = tmp_path / "one_line.toml"
    path.write_text('name = "x"\ngrid = "....\\n..x."\n')
    with pytest.raises(FileFormatError, match=r"one_line.toml:2: unknown character 'x'"):
        layout_from_file(path, "dominox")
    path.write_text('name = "x"\ngrid = """\n....\n..x.\n"""\n')
    with pytest.raises(FileFormatError, match=r"one_line.toml:4: unknown character 'x'"):
        layout_from_file(path, "dominox")
