"""Strict positions and records: every tile of the set accounted for once, every number in
its range, each recorded round's result checked on replay; each refusal one line naming
the file (and the line where it can)."""
import json
import random

import pytest

from game.logic.agents import make_agent, play_out
from game.logic.cli import main
from game.logic.core import DominoError, FileFormatError, OptionError
from game.logic.options import resolve_options
from game.logic.positions import load_position
from game.logic.variants import find_variant, new_game, variant_names


def played(variant: str, moves: int, players: int = 2, seed: int = 3, options=None):
    game = new_game(variant, players, seed, options)
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    return game


def error_of(tmp_path, text: str) -> str:
    """The one-line error of loading position `text`, the file's path written F."""
    path = tmp_path / "p.toml"
    path.write_text(text)
    with pytest.raises(FileFormatError) as err:
        load_position(path)
    message = str(err.value)
    assert "\n" not in message
    return message.replace(str(path), "F")


def line_of(text: str, key: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(key))


def without_first_tile(text: str, key: str) -> tuple[str, str]:
    """`text` with the first tile of list `key` removed, and that tile."""
    lines = text.splitlines()
    at = line_of(text, key) - 1
    head, _, rest = lines[at].partition("[")
    items = json.loads("[" + rest)
    lines[at] = f"{head}{json.dumps(items[1:])}"
    return "\n".join(lines) + "\n", items[0]


# ---- every tile once -------------------------------------------------------------------
@pytest.mark.parametrize("variant, key", [("dominox", "stock"), ("classic", "stock"),
                                          ("open54", "pack"), ("dominid", "stock")])
def test_a_tile_left_out_is_named_on_its_list_line(tmp_path, variant, key):
    text = played(variant, 3).position_text()
    shorter, tile = without_first_tile(text, key)
    message = error_of(tmp_path, shorter)
    assert message.startswith(f"F:{line_of(text, key)}: ")
    assert f"missing {tile}" in message


@pytest.mark.parametrize("variant, key", [("dominox", "stock"), ("classic", "stock"),
                                          ("open54", "pack"), ("dominid", "stock")])
def test_a_tile_written_twice_is_refused(tmp_path, variant, key):
    text = played(variant, 3).position_text()
    lines = text.splitlines()
    at = line_of(text, key) - 1
    items = json.loads(lines[at].partition("=")[2])
    lines[at] = f"{key} = {json.dumps(items + items[:1])}"
    message = error_of(tmp_path, "\n".join(lines) + "\n")
    assert f"{items[0]} appears twice" in message or f"{items[0]} appears 3 times" in message


def test_dominox_positions_missing_many_tiles_name_a_few_and_count_the_rest(tmp_path):
    game = played("dominox", 3)
    text = game.position_text()
    stock_line = line_of(text, "stock")
    lines = text.splitlines()
    stock = json.loads(lines[stock_line - 1].partition("=")[2])
    lines[stock_line - 1] = "stock = []"
    message = error_of(tmp_path, "\n".join(lines) + "\n")
    first, second = sorted(stock, key=lambda t: tuple(map(int, t.split("-"))))[:2]
    assert message.startswith(f"F:{stock_line}: missing {first}, {second} and "
                              f"{len(stock) - 2} more")
    inline = 'variant = "dominox"\ngrid = """\n....\n....\n"""\nhands = [["0-0"], ["1-1"]]\n'
    assert error_of(tmp_path, inline).startswith("F:6: missing 0-1, 0-2 and 24 more")


def test_a_blank_position_counts_its_blank_tiles(tmp_path):
    text = played("blank", 3).position_text()
    shorter, _ = without_first_tile(text, "stock")
    assert "missing 1 blank tile" in error_of(tmp_path, shorter)


def test_packs_positions_account_for_each_players_whole_set():
    game = played("open22", 2)
    record = game.record()
    record["position"] = game.position_values()
    record["position"]["removed"] = [["0-0"], []]
    with pytest.raises(DominoError, match="player 0: tile [0-6]-[0-6] appears (twice|3 times)"):
        find_variant("open22").from_record_start(record)


# ---- numbers in range ------------------------------------------------------------------
def test_option_values_out_of_range_are_named_briefly():
    declared = find_variant("classic").options_declared
    for value, words in ((1e308, "not a number of 309 digits"), ("x" * 500, "takes a whole")):
        with pytest.raises(OptionError) as err:
            resolve_options(declared, {"limit": value}, "classic")
        assert words in str(err.value) and len(str(err.value)) < 100


def test_every_whole_number_option_has_a_range():
    for name in variant_names():
        cls = find_variant(name)
        for option in cls.options_declared:
            if type(option.default) is int:
                assert option.minimum is not None and option.maximum is not None, \
                    (name, option.name)
                with pytest.raises(OptionError, match="at most"):
                    resolve_options(cls.options_declared, {option.name: 10 ** 100}, name)


@pytest.mark.parametrize("change, key, words", [
    (("extra_plays = 3", "extra_plays = 999999999"), "extra_plays", "from 0 to 3"),
    (("extra_plays = 3", "extra_plays = -1"), "extra_plays", "from 0 to 3"),
    (("seed = 3", "seed = -1"), "seed", "the seed must be a whole number from 0"),
    (("seed = 3", "seed = 1.5"), "seed", "seed must be an int"),
    (("seed = 3", "seed = true"), "seed", "seed must be an int"),
    (("seed = 3", f"seed = {2 ** 256}"), "seed", "from 0 to 2**256 - 1"),
])
def test_blank_and_classic_positions_refuse_numbers_out_of_range(tmp_path, change, key, words):
    text = played("blank", 3, options={"one_extra": False}).position_text().replace(*change)
    message = error_of(tmp_path, text)
    assert message.startswith(f"F:{line_of(text, key)}: ") and words in message


def test_classic_positions_refuse_totals_and_rounds_no_match_reaches(tmp_path):
    text = played("classic", 2).position_text()
    assert "from 0 to 317" in error_of(tmp_path, text.replace("totals = [0, 0]",
                                                              "totals = [0, 10000]"))
    assert "from 1 to 1,000,000" in error_of(tmp_path, text.replace("round = 1",
                                                                    "round = " + "9" * 40))
    assert "players" in error_of(tmp_path, text.replace("players = 2", "players = -2"))


def test_a_number_of_thousands_of_digits_is_named_on_its_line(tmp_path, capsys):
    text = played("dominox", 2).position_text()
    huge = text.replace("passes = 0", "passes = " + "7" * 5000)
    assert error_of(tmp_path, huge) == \
        f"F:{line_of(text, 'passes')}: not valid TOML: a number has too many digits"
    record = json.dumps(played("dominox", 2).record(), indent=1).replace(
        '"seed": 3', '"seed": ' + "7" * 5000)
    path = tmp_path / "huge.json"
    path.write_text(record)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    seed_line = line_of(record, ' "seed"')
    assert err.count("\n") == 1 and \
        f":{seed_line}: not valid JSON: a number has too many digits" in err


@pytest.mark.parametrize("seed", ["1.5", "NaN", "true", '"7"', "-1", str(2 ** 256),
                                  "1" + "0" * 100])
def test_record_seeds_outside_the_range_are_refused_in_one_line(tmp_path, capsys, seed):
    record = json.dumps(played("dominox", 2).record()).replace('"seed": 3', f'"seed": {seed}')
    path = tmp_path / "games.jsonl"
    path.write_text(record + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seed must be a whole number from 0 to 2**256 - 1" in err


@pytest.mark.parametrize("players", ["-1", "0", "10" + "0" * 100, "2.0", "true"])
def test_record_player_counts_outside_the_range_are_refused(tmp_path, capsys, players):
    record = json.dumps(played("classic", 2).record()).replace('"players": 2',
                                                               f'"players": {players}')
    path = tmp_path / "games.jsonl"
    path.write_text(record + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "classic is played by 2 to 4 players" in err


def test_seeds_on_the_command_line_and_for_new_games_stay_in_range(capsys):
    assert main(["selfplay", "classic", "--games", "1", "--seed", "-5"]) == 2
    assert "from 0 to 2**256 - 1" in capsys.readouterr().err
    with pytest.raises(OptionError, match="seed must be a whole number"):
        new_game("classic", 2, 2 ** 256)
    assert new_game("classic", 2, 2 ** 256 - 1).record()["seed"] == 2 ** 256 - 1


# ---- each round's result ---------------------------------------------------------------
def classic_match_record() -> dict:
    game = new_game("classic", 3, 4, {"limit": 60})
    play_out(game, [make_agent("greedy")] * 3, random.Random(1))
    record = game.record()
    assert len(record["rounds"]) >= 3
    return record


@pytest.mark.parametrize("doctor", [
    lambda result: result["scores"].__setitem__(0, result["scores"][0] + 1),
    lambda result: result.__setitem__("reason", "blocked" if result["reason"] == "domino"
                                      else "domino"),
])
def test_replay_names_a_round_whose_recorded_result_is_wrong(tmp_path, capsys, doctor):
    record = classic_match_record()
    path = tmp_path / "match.jsonl"
    path.write_text(json.dumps(record) + "\n")
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()
    doctor(record["rounds"][1]["result"])
    path.write_text(json.dumps(record) + "\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ": round 2: wrong result: the moves give " in err


def test_a_result_for_a_round_the_moves_do_not_end_is_refused(tmp_path, capsys):
    record = classic_match_record()
    last = record["rounds"][-1]
    last["moves"] = last["moves"][:-1]
    record["rounds"][-1] = last
    path = tmp_path / "match.jsonl"
    path.write_text(json.dumps(record) + "\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"round {len(record['rounds'])}: the record gives it a result" in err


def test_legal_names_the_missing_tiles_in_one_line(tmp_path, capsys):
    path = tmp_path / "short.toml"
    path.write_text('variant = "dominox"\nlayout = "standard"\nhands = [["0-0"], ["1-1"]]\n'
                    'stock = []\n')
    assert main(["legal", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"error: {path}:4: missing 0-1, 0-2 and 24 more: a position " \
                                "holds all 28 tiles once (on the board, in the hands or in " \
                                "the stock)\n"
