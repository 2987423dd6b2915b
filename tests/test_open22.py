"""Packs (open-board game 22): placements as worked examples, captures, the set-aside pass,
the end, the across option, records, positions and seeded random games."""
from __future__ import annotations

import random

import pytest

from game.logic.core import PASS, Tile
from game.logic.elements.board import Element
from game.logic.elements.open22 import PacksGame
from game.logic.elements.shifting import parse_square


def at(placed, packs, to_move=0, options=None, captures=(0, 0)):
    """A made-up position: element texts on the board and the packs left, top first
    (player 0's pack one longer when player 1 is to move)."""
    cells = [None] * 64
    for text in placed:
        name, owner, numbers = text.split(":")
        low, high = map(int, numbers.split("-"))
        cells[parse_square(name)] = Element(int(owner), low, high)
    packs = [[Tile.parse(t) for t in p] for p in packs]
    aside = [[], []]
    game = PacksGame(PacksGame.resolve(options), None, packs, cells, to_move, captures, aside)
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


def test_across_elements_lie_along_the_ranks_home_is_file_a():
    game = at(["a3:0:2-3"], [["3-5"], ["1-1"]], options={"across": True})
    moves = texts(game)
    assert {f"3-5@a{r}" for r in range(1, 9) if r != 3} <= moves
    assert "3-5@b3" in moves and "5-3@b3" not in moves     # its west 3 on a3's east 3
    assert "3-5@a4" in moves and "3-5@b4" not in moves     # a4 is home; b4 touches nothing
    game.apply("3-5@b3")
    game = at(["a3:0:2-3", "c3:1:5-1"], [["3-5"], ["1-1"]], options={"across": True})
    game.apply("3-5@b3")
    assert game.captures == [1, 0]


def test_across_the_halves_are_files():
    game = at(["e3:0:1-1", "d3:1:2-2"], [["6-6"], []], to_move=1, options={"across": True})
    assert game.far_counts() == (1, 1)


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
