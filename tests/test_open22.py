"""Packs (open-board game 22): placements as worked examples, captures, the set-aside pass,
the end, the across option, records, positions and seeded random games."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.logic.cli import main
from game.logic.core import PASS, DominoError, FileFormatError, Tile
from game.logic.elements.board import Element
from game.logic.elements.open22 import ACROSS, PacksGame
from game.logic.elements.shifting import parse_square

ACROSS_OPTIONS = {"across": True}
POSITIONS = Path(__file__).resolve().parent.parent / "levels" / "positions"


def at(placed, packs, to_move=0, options=None, captures=(0, 0)):
    """A made-up position: element texts on the board and the packs left, top first
    (player 0's pack one longer when player 1 is to move)."""
    options = PacksGame.resolve(options)
    shape = PacksGame.shape_for(options)
    cells = [None] * shape.size
    for text in placed:
        name, owner, numbers = text.split(":")
        low, high = map(int, numbers.split("-"))
        cells[shape.square(name)] = Element(int(owner), low, high)
    packs = [[Tile.parse(t) for t in p] for p in packs]
    aside = [[], []]
    game = PacksGame(options, None, packs, cells, to_move, captures, aside)
    return game


def texts(game):
    return {str(m) for m in game.legal_moves()}


def test_the_home_rank_takes_any_element_either_way_round():
    game = at([], [["3-5"], ["1-1"]])
    moves = texts(game)
    assert {f"3-5@{f}1" for f in "abcdefgh"} | {f"5-3@{f}1" for f in "abcdefgh"} == moves


def test_off_the_home_rank_an_element_must_touch_an_own_one_with_equal_numbers():
    game = at(["c1:0:2-3"], [["3-5"], ["1-1"]])
    moves = texts(game)
    assert "3-5@c2" in moves and "5-3@c2" not in moves
    assert game.illegal_reason("3-5@d2") == ("off your home line (rank 1) it must touch one "
                                             "of your own elements")
    assert game.illegal_reason("5-3@c2") == ("its 5 would touch the 3 of the element on c1: "
                                             "off your home line every touching number must "
                                             "be equal")
    assert game.illegal_reason("1-2@c2") == "you turned up 3-5: place that element"
    assert game.illegal_reason("3-5@c1") == "c1 is taken"


def test_touching_an_opponent_element_alone_is_refused_and_mixed_contacts_too():
    game = at(["c3:1:3-4"], [["2-3"], ["1-1"]])
    assert "2-3@c2" not in texts(game)           # equal, but touches nothing own
    game = at(["c1:0:2-3", "c3:1:4-4"], [["3-5"], ["1-1"]])
    assert "3-5@c2" not in texts(game)           # 3 on 3 but 5 under 4


def test_a_placement_captures_equal_opponent_elements():
    game = at(["c1:0:2-3", "c3:1:5-4", "h8:1:1-1"], [["3-5"], ["1-1"]])
    game.apply("3-5@c2")
    assert game.cells[parse_square("c3")] is None and game.captures == [1, 0]
    game.undo()
    assert game.cells[parse_square("c3")] == Element(1, 5, 4) and game.captures == [0, 0]


def test_the_home_rank_allows_unequal_contacts_and_still_captures():
    game = at(["c2:1:4-6", "d2:1:2-0"], [["4-6"], ["1-1"]])
    assert {"4-6@c1", "6-4@c1", "4-6@d1", "6-4@d1"} <= texts(game)
    game.apply("4-6@d1")                         # 6 under d2's 2: unequal, allowed at home
    assert game.captures == [0, 0]
    game = at(["c2:1:4-6"], [["4-6"], ["1-1"]])
    game.apply("6-4@c1")                         # 4 under c2's 4: captured
    assert game.captures == [1, 0]


def test_an_element_that_cannot_be_placed_is_set_aside():
    full = [f"{f}1:0:0-0" for f in "abcdefgh"]
    game = at(full, [["5-6"], ["1-1"]])
    assert game.legal_moves() == [PASS]
    game.apply("pass")
    assert game.set_aside[0] == [Tile.parse("5-6")]
    assert game.view(1).set_aside == (("5-6",), ())
    game.undo()
    assert game.set_aside[0] == []


def test_when_both_packs_are_used_up_more_elements_on_the_far_half_win():
    game = at(["c4:0:1-2", "e5:0:1-1", "d5:1:1-2"], [["2-3"], ["6-6"]])
    game.apply("2-3@c5")
    game.apply("6-6@h8")
    outcome = game.outcome()
    assert outcome.reason == "packs" and outcome.scores == (2, 0) and outcome.winner == 0


# ---- across: 16 files by 4 ranks -------------------------------------------------------
def test_across_the_home_rank_is_sixteen_squares_wide():
    game = at([], [["3-5"], ["1-1"]], options=ACROSS_OPTIONS)
    files = "abcdefghijklmnop"
    assert game.shape is ACROSS and (game.width, game.height) == (16, 4)
    assert texts(game) == {f"3-5@{f}1" for f in files} | {f"5-3@{f}1" for f in files}
    north = at(["a1:0:0-0"], [[], ["1-2"]], to_move=1, options=ACROSS_OPTIONS)
    assert texts(north) == {f"1-2@{f}4" for f in files} | {f"2-1@{f}4" for f in files}


def test_across_elements_stand_and_touch_along_the_files():
    game = at(["c1:0:2-3", "d1:0:3-3"], [["3-5"], ["1-1"]], options=ACROSS_OPTIONS)
    moves = texts(game)
    assert "3-5@c2" in moves and "5-3@c2" not in moves      # its south 3 on c1's north 3
    assert "3-5@d2" in moves
    assert "3-5@b2" not in moves                             # beside c1: sides never touch
    assert game.illegal_reason("3-5@b2") == ("off your home line (rank 1) it must touch "
                                             "one of your own elements")
    assert game.illegal_reason("3-5@p5") == "p5 is not on the board (files a-p, ranks 1-4)"
    assert game.illegal_reason("3-5@q1") == "q1 is not on the board (files a-p, ranks 1-4)"
    north = at(["a1:0:0-0"], [[], ["1-2"]], to_move=1, options=ACROSS_OPTIONS)
    assert north.illegal_reason("1-2@p3") == ("off your home line (rank 4) it must touch "
                                              "one of your own elements")


def test_across_two_placements_reach_the_far_half_capturing_on_the_way():
    """The source's "4 rectangulars on each cross vertical": c1 at home, c2, then c3 on
    the north player's half. 3-5@c2 faces North's c3 (south 5) with its 5 and removes it;
    5-4@c3 stands on c2's 5 and faces c4's 4: removed too, and c3 counts."""
    game = at(["c1:0:2-3", "c3:1:5-4", "c4:1:4-1", "p4:1:6-6"], [["3-5", "5-4"], ["0-0"]],
              options=ACROSS_OPTIONS)
    game.apply("3-5@c2")
    assert game.captures == [1, 0] and game.cells[ACROSS.square("c3")] is None
    game.apply("0-0@a4")
    assert "5-4@c3" in texts(game) and "4-5@c3" not in texts(game)
    game.apply("5-4@c3")
    assert game.captures == [2, 0] and game.cells[ACROSS.square("c4")] is None
    outcome = game.outcome()
    assert outcome.scores == (1, 0) and outcome.winner == 0


def test_across_the_halves_are_ranks_one_two_and_three_four():
    game = at(["e3:0:1-1", "p4:0:2-2", "d2:1:2-2", "a1:1:3-3", "h2:0:4-4", "h3:1:5-5"],
              [["6-6"], ["6-6"]], options=ACROSS_OPTIONS)
    assert game.far_counts() == (2, 2)
    assert [game.on_far_half(0, ACROSS.square(n)) for n in ("a2", "a3", "p4")] == \
        [False, True, True]


def test_across_a_whole_game_ends_on_the_far_half_counts():
    game = at(["c1:0:1-2", "c2:0:2-3", "e4:1:1-4", "d4:1:0-0"], [["3-6"], ["4-4"]],
              options=ACROSS_OPTIONS)
    game.apply("3-6@c3")
    game.apply("4-4@a4")
    outcome = game.outcome()
    assert outcome.reason == "packs" and outcome.scores == (1, 0) and outcome.winner == 0


def test_across_position_file_draws_four_ranks_of_sixteen():
    path = POSITIONS / "packs-across.toml"
    game = PacksGame.position_from_text(path.read_text(), str(path))
    assert game.across and len(game.legal_moves()) == 27
    off_home = [str(m) for m in game.legal_moves() if not str(m).endswith("1")]
    assert off_home == ["3-5@c2"]
    assert {"3-5@m1", "5-3@m1"} <= texts(game)              # home: unequal contact allowed
    assert game.far_counts() == (1, 1)                      # h3 for South, m2 for North
    text = game.position_text()
    board = text.split('board = """\n')[1].split('"""')[0].splitlines()
    assert [len(rank.split()) for rank in board] == [16] * 4
    assert PacksGame.position_from_text(text).position_text() == text


def test_across_position_files_must_draw_the_wide_board():
    lines = (POSITIONS / "packs-across.toml").read_text().splitlines()
    top = lines.index('board = """') + 1
    narrow = lines[:top] + [" ".join(["..."] * 8)] + lines[top + 1:]
    with pytest.raises(FileFormatError, match="rank 4 has 8 squares: write 16"):
        PacksGame.position_from_text("\n".join(narrow), "F")
    lengthways = "\n".join(lines).replace("across = true", "across = false")
    with pytest.raises(FileFormatError, match="the board has 4 ranks: draw all 8"):
        PacksGame.position_from_text(lengthways, "F")


def test_across_records_replay_and_refuse_squares_off_the_wide_board(tmp_path, capsys):
    game = PacksGame.new(2, 5, ACROSS_OPTIONS)
    tile = game.turned_up()
    game.apply(f"{tile.a}-{tile.b}@p1")
    game.apply(game.legal_moves()[-1])
    record = game.record()
    assert record["options"] == {"across": True}
    assert PacksGame.from_record(record).record() == record
    with pytest.raises(DominoError, match="not on the board"):
        PacksGame.from_record(dict(record, moves=[{"player": 0,
                                                   "move": f"{tile.a}-{tile.b}@a8"}]))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["legal", str(path)]) == 0
    assert capsys.readouterr().out.split() == [str(m) for m in game.legal_moves()]


def test_across_selfplay_and_replay_on_the_command_line(tmp_path, capsys):
    status = main(["selfplay", "open22", "--games", "2", "--seed", "3", "--option",
                   "across=true", "--ai", "greedy,random"])
    out = capsys.readouterr().out
    assert status == 0
    records = [json.loads(line) for line in out.splitlines()]
    squares = {m["move"].split("@")[1] for r in records for m in r["moves"] if "@" in m["move"]}
    assert {s[0] for s in squares} > set("abcdefgh") and {s[1:] for s in squares} <= set("1234")
    path = tmp_path / "games.jsonl"
    path.write_text(out)
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith("2 games replayed")


def test_records_hold_the_packs_and_replay():
    game = PacksGame.new(2, 5)
    packs = game.record()["deal"]["packs"]
    assert len(packs) == 2 and all(len(p) == 32 for p in packs)
    rng = random.Random(5)
    while not game.is_over():
        game.apply(rng.choice(game.legal_moves()))
    again = PacksGame.from_record(game.record())
    assert again.record() == game.record() and again.outcome() == game.outcome()


def test_views_hide_the_packs_and_show_the_turned_up_element():
    game = PacksGame.new(2, 3)
    view = game.view(1)
    assert view.turned_up == str(game.packs[0][0]) and view.pack_sizes == (31, 32)
    assert view.moves == () and game.view(0).moves
    assert "packs" not in {f for f in vars(type(view)).get("__dataclass_fields__", {})}


def test_greedy_prefers_a_capture():
    game = at(["c1:0:2-3", "c3:1:5-4", "h8:1:1-1"], [["3-5"], ["1-1"]])
    view = game.view(0)
    ratings = {str(m): PacksGame.heuristic(view, m) for m in view.moves}
    assert max(ratings, key=ratings.get) == "3-5@c2"


@pytest.mark.parametrize("options", [{}, {"across": True}])
def test_every_variant_invariants(options):
    """tests/test_every_variant.py's random-game test, run on Packs."""
    import tests.test_every_variant as every
    every.test_random_games_keep_the_protocol("open22", 2, options)
