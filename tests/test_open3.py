"""Capture (open-board game 3): the rules as worked examples on small positions."""
from __future__ import annotations

import pytest

from game.logic.elements.open3 import CaptureGame
from game.logic.elements.positions import game_at


def at(*texts, **keys):
    return game_at(CaptureGame, texts, keys.pop("options", None), **keys)


# c4 (3-5) steps to d4 and takes the 5-1 on d5 (6 pips); a9-less spare elements keep the
# game going: the 4-6 on h8 could still meet the south player's 6-4 on a1
BOARD = ("c4:0:3-5", "d5:1:5-1", "a1:0:6-4", "h8:1:4-6", "g8:1:2-2", "b1:0:2-2")


def take(game):
    game.apply("c4-d4")
    return game.outcome()


@pytest.mark.parametrize("goal, before, won", [("captures:1", 0, True), ("captures:3", 1, False),
                                               ("captures:3", 2, True), ("captures:5", 4, True)])
def test_captures_goals_win_on_reaching_n(goal, before, won):
    game = at(*BOARD, captures=(before, 0), pips=(0, 0), options={"goal": goal})
    outcome = take(game)
    assert (outcome is not None and outcome.winner == 0 and outcome.reason == "goal") == won
    if won:
        assert outcome.scores == (before + 1, 0)


@pytest.mark.parametrize("goal, before, result", [
    ("pips:48", 41, None), ("pips:48", 42, (0, "goal")), ("pips:48", 45, (0, "goal")),
    ("exact:48", 42, (0, "goal")), ("exact:48", 41, None), ("exact:48", 43, (1, "overshot")),
    ("targets", 6, (0, "goal")), ("targets", 18, (0, "goal")), ("targets", 30, (0, "goal")),
    ("targets", 7, None), ("targets", 42, (0, "goal")), ("targets", 44, (1, "overshot")),
])
def test_pip_goals_are_checked_right_after_each_capture(goal, before, result):
    game = at(*BOARD, captures=(3, 0), pips=(before, 0), options={"goal": goal})
    outcome = take(game)                      # + 6 pips
    if result is None:
        assert outcome is None and game.scores() == (before + 6, 0)
    else:
        assert (outcome.winner, outcome.reason) == result
        assert outcome.scores == (before + 6, 0)       # pips are the score of a pip goal


def test_when_no_capture_is_possible_any_more_more_elements_left_wins():
    # after the 5-1 goes, the north player's 2-2 and 3-3 can never face an equal number
    game = at("c4:0:1-5", "d5:1:5-1", "a1:0:6-4", "b1:0:4-4", "h8:1:2-2", "g8:1:3-3")
    outcome = take(game)
    assert outcome.reason == "no captures left" and outcome.winner == 0
    assert outcome.scores == (1, 0)


def test_no_capture_left_with_equal_elements_is_a_draw():
    game = at("a1:0:6-4", "h8:1:2-2")
    outcome = game.outcome()
    assert outcome.reason == "no captures left" and outcome.winner is None


def test_under_a_pip_goal_a_game_that_stops_goes_to_more_captured_pips():
    game = at("a1:0:6-4", "h8:1:2-2", "g8:1:3-3", captures=(2, 1), pips=(9, 10),
              options={"goal": "pips:48"})
    outcome = game.outcome()
    assert outcome.reason == "no captures left" and outcome.winner == 1
    assert outcome.scores == (9, 10)


def test_after_the_no_capture_limit_more_elements_left_wins():
    game = at("a1:0:1-2", "b1:0:1-2", "h8:1:2-1", options={"limit": 1}, quiet=1)
    game.apply("a1-a2")
    outcome = game.outcome()
    assert outcome.reason == "no captures" and outcome.winner == 0


def test_the_side_with_no_element_left_loses_and_a_side_that_cannot_move_ends_it():
    game = at("c4:0:3-5", "d5:1:5-1")
    outcome = take(game)
    assert outcome.reason == "no moves" and outcome.winner == 0
    # the south player is boxed in a corner by its own and the north player's elements
    game = at("a1:0:1-1", "a2:0:1-1", "b1:0:1-1", "b2:0:1-1", "a3:1:2-1", "b3:1:2-1",
              "c3:1:2-1", "c2:1:2-1", "c1:1:2-1")
    assert game.legal_moves() == []
    outcome = game.outcome()
    assert outcome.reason == "no moves" and outcome.winner == 1


def test_sliding_elements_move_like_queens_and_capture_where_they_stop():
    game = at("a1:0:3-5", "a4:1:0-0", "d4:0:1-1", "b3:1:5-6", "h8:1:3-3",
              options={"slide": True})
    ends = sorted(str(m) for m in game.legal_moves() if str(m).startswith("a1-"))
    # north up to a3 (a4 is taken), east along the rank, and up the diagonal to c3 (the
    # own element on d4 stops it)
    assert ends == ["a1-a2", "a1-a3", "a1-b1", "a1-b2", "a1-c1", "a1-c3", "a1-d1", "a1-e1",
                    "a1-f1", "a1-g1", "a1-h1"]
    assert game.illegal_reason("a1-a5") == "the way is blocked on a4"
    assert game.illegal_reason("a1-c2") == \
        "an element slides in a straight line: along a file, a rank or a diagonal"
    # passing below b3 on the way to c3 takes nothing; stopping at b2 takes the 5-6
    game.apply("a1-c3")
    assert game.captures == [0, 0]
    game.undo()
    game.apply("a1-b2")
    assert game.captures == [1, 0] and game.pips == [11, 0]
