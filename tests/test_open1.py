"""Test element (open-board game 1): the rules as worked examples on small positions."""
from __future__ import annotations

import pytest

from game.logic.core import PASS, IllegalMoveError
from game.logic.elements.open1 import TestElementGame
from game.logic.elements.positions import game_at
from game.logic.variants import new_game


def at(*texts, **keys):
    return game_at(TestElementGame, texts, keys.pop("options", None), **keys)


def test_each_side_starts_with_sixteen_elements_and_a_face_down_test_element():
    game = new_game("open1", 2, 1)
    start = game.record()["start"]
    assert len(start) == 32 and "d1:0:0-0*" in start and "e8:1:0-0*" in start
    assert sum(t.endswith("*") for t in start) == 2
    assert game.scores() == (0, 0) and game.current_player == 0
    small = new_game("open1", 2, 1, {"set": "0-4"}).record()["start"]
    assert "d1:0:0-0*" in small and "e1:0:0-0" in small          # the second 0-0 plays


def test_moving_onto_the_opponents_test_element_wins_at_once():
    game = at("d1:0:0-0*", "c6:0:1-2", "d7:1:0-0*", "h8:1:3-4")
    assert "c6-d7" in map(str, game.legal_moves())
    game.apply("c6-d7")
    outcome = game.outcome()
    assert outcome.winner == 0 and outcome.reason == "test element"
    assert game.legal_moves() == [] and game.current_player is None
    assert game.board.texts() == ["d1:0:0-0*", "d7:0:1-2", "h8:1:3-4"]
    game.undo()
    assert game.board.texts() == ["d1:0:0-0*", "c6:0:1-2", "d7:1:0-0*", "h8:1:3-4"]
    assert game.outcome() is None


def test_a_test_element_never_lands_on_the_opponents_test_element():
    # the case: only the two test elements, side by side on d3 and d4; the
    # source: test elements "can not be imposed on other dominoes elements"
    game = at("d3:0:0-0*", "d4:1:0-0*")
    moves = list(map(str, game.legal_moves()))
    assert "d3-d4" not in moves and moves == sorted(
        f"d3-{t}" for t in ("c2", "c3", "c4", "d2", "e2", "e3", "e4"))
    assert game.illegal_reason("d3-d4") == "a test element never lands on another " \
        "element, not even on your opponent's test element"
    with pytest.raises(IllegalMoveError):
        game.apply("d3-d4")
    assert game.outcome() is None and game.board.texts() == ["d3:0:0-0*", "d4:1:0-0*"]
    # nor on an element of either side; a numbered element beside it still wins
    game = at("d3:0:0-0*", "d4:1:0-0*", "c4:1:1-2", "e3:0:5-6", "h8:1:3-4", to_move=1)
    assert "d4-d3" not in map(str, game.legal_moves())
    assert "c4-d3" in map(str, game.legal_moves())
    game.apply("c4-d3")
    assert game.outcome().winner == 1 and game.outcome().reason == "test element"


def test_a_record_where_a_test_element_lands_on_the_other_is_refused():
    game = at("d3:0:0-0*", "d4:1:0-0*", captures=(15, 15), pips=(96, 96))
    record = {**game.record(), "moves": [{"player": 0, "move": "d3-d4"}],
              "result": {"scores": [0, 0], "winner": 0}}
    with pytest.raises(IllegalMoveError, match="never lands on another element"):
        TestElementGame.from_record(record)


def test_no_other_occupied_square_may_be_landed_on():
    game = at("d1:0:0-0*", "d2:0:1-2", "c2:0:3-3", "c3:1:5-5", "h8:1:0-0*")
    moves = list(map(str, game.legal_moves()))
    assert "d2-d1" not in moves and "d2-c2" not in moves and "d2-c3" not in moves
    assert game.illegal_reason("d2-d1") == "d1 holds your own test element"
    assert game.illegal_reason("d2-c3") == \
        "c3 is taken: only an opponent's test element may be landed on"
    assert game.illegal_reason("d2-h8") == \
        "an element moves one square, in any of the eight directions"


def test_a_test_element_neither_captures_nor_is_captured():
    # the test element steps under a 0 and next to equal-looking numbers: nothing
    game = at("c4:0:0-0*", "d5:1:0-0", "d3:1:0-0", "h8:1:0-0*", "a1:0:5-5")
    game.apply("c4-d4")
    assert game.captures == [0, 0] and len(game.board.texts()) == 5
    # an element that arrives facing the test element with a 0 takes nothing either
    game = at("d4:0:0-0*", "e6:1:0-1", "h8:1:0-0*", "a1:0:5-5", to_move=1)
    game.apply("e6-d5")
    assert game.captures == [0, 0] and "d4:0:0-0*" in game.board.texts()


def test_elements_capture_as_in_every_moving_game():
    game = at("d1:0:0-0*", "c4:0:3-5", "d5:1:5-1", "h8:1:0-0*")
    game.apply("c4-d4")
    assert game.captures == [1, 0] and game.scores() == (1, 0)


def test_after_the_limit_of_moves_without_a_capture_the_game_is_drawn():
    game = at("a1:0:0-0*", "b1:0:1-2", "h8:1:0-0*", "g8:1:3-4", options={"limit": 2})
    for move in ("b1-b2", "g8-g7", "b2-b1"):
        game.apply(move)
        assert game.outcome() is None
    game.apply("g7-g8")                       # 2 moves each, no capture
    outcome = game.outcome()
    assert outcome.winner is None and outcome.reason == "no captures"
    assert outcome.scores == (0, 0)


def test_a_player_who_cannot_move_passes_and_passes_count_toward_the_limit():
    # the south player's corner is boxed in by north elements that face nothing equal
    game = at("a1:0:0-0*", "a2:0:1-1", "b1:0:1-1", "b2:0:1-1", "a3:1:2-2", "b3:1:2-2",
              "c3:1:2-2", "c2:1:2-2", "c1:1:2-2", "h8:1:0-0*", options={"limit": 3})
    assert game.legal_moves() == [PASS]
    assert game.illegal_reason("a2-a3") == "a3 is taken: only an opponent's test element " \
                                           "may be landed on"
    game.apply("pass")
    assert game.quiet == 1 and game.current_player == 1
    assert isinstance(game.illegal_reason(PASS), str)


@pytest.mark.parametrize("set_name, per_side", [("halves", 16), ("0-4", 16), ("0-5", 24)])
def test_every_set_has_one_test_element_a_side(set_name, per_side):
    game = new_game("open1", 2, 3, {"set": set_name})
    for owner in (0, 1):
        side = [e for e in game.board.cells if e is not None and e.owner == owner]
        assert len(side) == per_side
        assert [e.value for e in side if e.face_down] == [0]


def test_the_command_line_lists_no_landing_of_a_test_element(tmp_path, capsys):
    from game.logic.cli import main
    game = at("d3:0:0-0*", "d4:1:0-0*", captures=(15, 15), pips=(96, 96))
    path = tmp_path / "tests.toml"
    path.write_text(game.position_text())
    assert main(["legal", str(path)]) == 0
    listed = capsys.readouterr().out.split()
    assert listed == [str(m) for m in game.legal_moves()] and "d3-d4" not in listed
    assert "d3-c4" in listed and len(listed) == 7
