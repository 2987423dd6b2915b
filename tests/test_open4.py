"""Diagonals (open-board game 4): the rules as worked examples on small positions."""
from __future__ import annotations

from game.logic.elements.files import dark
from game.logic.elements.open4 import DiagonalGame
from game.logic.elements.positions import game_at
from game.logic.variants import new_game


def at(*texts, **keys):
    return game_at(DiagonalGame, texts, keys.pop("options", None), **keys)


def moves_of(game, square):
    return [str(m) for m in game.legal_moves() if str(m).startswith(square + "-")]


def test_the_sides_start_on_dark_and_light_squares():
    for set_name in ("0-3", "0-5-halves"):
        game = new_game("open4", 2, 1, {"set": set_name})
        for square, element in enumerate(game.board.cells):
            if element is not None:
                assert dark(square) == (element.owner == 0)
        assert game.board.counts == [12, 12]
    assert dark(0) and not dark(1)                 # a1 is dark


def test_elements_step_one_square_diagonally():
    game = at("c1:0:1-2", "a8:1:2-2")
    assert moves_of(game, "c1") == ["c1-b2", "c1-d2"]
    assert game.illegal_reason("c1-c2") == "elements move diagonally: one square, or a jump " \
                                           "over your own element to the square just beyond"


def test_jumps_go_over_own_elements_and_chain_and_may_stop_after_any_jump():
    game = at("c1:0:1-2", "d2:0:0-0", "d4:0:3-3", "a8:1:1-1")
    assert moves_of(game, "c1") == ["c1-b2", "c1-e3", "c1-e3-c5"]
    assert game.illegal_reason("c1-e3-g5") == "there is nothing to jump over on f4"
    assert game.illegal_reason("c1-a3") == "there is nothing to jump over on b2"
    assert game.illegal_reason("c1-b2-a3") == "a step of one square is a whole move: only " \
                                              "jumps chain"
    game.apply("c1-e3-c5")
    assert game.board.texts() == ["d2:0:0-0", "d4:0:3-3", "c5:0:1-2", "a8:1:1-1"]
    assert game.undo() and game.board.texts()[0] == "c1:0:1-2"


def test_only_own_elements_are_jumped():
    # (the colours keep opposing elements off each other's diagonals; a made-up board
    # shows the rule all the same)
    game = at("c1:0:1-2", "d2:1:0-0", "a8:1:2-2")
    assert moves_of(game, "c1") == ["c1-b2"]
    assert game.illegal_reason("c1-e3") == "you can jump only over your own elements"


def test_a_chain_never_lands_twice_on_a_square():
    # four own elements in a ring around e5: a chain from c3 could go round and back
    game = at("c3:0:1-2", "d4:0:0-0", "f4:0:0-0", "d6:0:0-0", "f6:0:0-0", "a8:1:1-1")
    chains = [m for m in game.legal_moves() if str(m).startswith("c3-")]
    assert chains and all(len(set(m.path)) == len(m.path) for m in chains)
    assert "c3-e5-g3" in map(str, chains) and "c3-e5-c7" in map(str, chains)
    assert game.illegal_reason("c3-e5-c3") == "a chain never lands twice on the same square"


def test_a_move_stops_on_the_first_square_where_it_captures():
    # landing on e3, the 2 on the element's north end faces the 2 on e4: it takes it there
    game = at("c1:0:1-2", "d2:0:0-0", "d4:0:3-3", "e4:1:2-5", "a8:1:1-1")
    assert moves_of(game, "c1") == ["c1-b2", "c1-e3"]
    assert game.illegal_reason("c1-e3-c5") == "the move stops on e3, where it captures"
    game.apply("c1-e3")
    assert game.captures == [1, 0] and "e4:1:2-5" not in game.board.texts()


def test_only_the_element_ahead_goes_when_two_face_equal_numbers():
    # e3 between the north player's e4 (south 2) and e2 (north 1): both equal, the one
    # ahead of the south player (north) is removed
    game = at("d2:0:1-2", "e4:1:2-5", "e2:1:0-1", "a8:1:3-3")
    game.apply("d2-e3")
    assert game.captures == [1, 0]
    assert "e4:1:2-5" not in game.board.texts() and "e2:1:0-1" in game.board.texts()
    # for the north player ahead is south
    game = at("f7:1:1-2", "e7:0:2-5", "e5:0:0-1", "a1:0:3-3", to_move=1)
    game.apply("f7-e6")
    assert game.captures == [0, 1]
    assert "e5:0:0-1" not in game.board.texts() and "e7:0:2-5" in game.board.texts()


def test_most_captures_wins_when_no_capture_is_possible_any_more():
    game = at("d2:0:1-2", "e4:1:2-5", "a8:1:3-3", captures=(2, 2), pips=(5, 5))
    game.apply("d2-e3")
    outcome = game.outcome()
    assert outcome.reason == "no captures left" and outcome.winner == 0
    assert outcome.scores == (3, 2)


def test_the_race_is_won_by_the_first_with_every_element_past_the_middle():
    game = at("b4:0:1-2", "c5:0:0-0", "f5:1:3-3", "b7:1:3-3", options={"race": True})
    assert game.scores() == (1, 0)
    game.apply("b4-a5")
    outcome = game.outcome()
    assert outcome.reason == "race" and outcome.winner == 0 and outcome.scores == (2, 0)


def test_in_the_race_losing_the_last_elements_behind_the_line_wins():
    # the north player takes the south player's only element still behind the line
    game = at("e3:0:1-2", "c5:0:0-0", "f5:1:2-3", "b7:1:1-1", to_move=1,
              options={"race": True})
    game.apply("f5-e4")
    outcome = game.outcome()
    assert outcome.reason == "race" and outcome.winner == 0


def test_the_race_limit_counts_moves_without_a_capture_or_a_new_best():
    game = at("b2:0:1-2", "a1:0:0-0", "f5:1:3-3", "g8:1:3-3",
              options={"race": True, "limit": 2})
    for move in ("b2-c3", "g8-h7", "c3-b4"):
        game.apply(move)
    assert game.quiet == 3
    game.apply("f5-e4")                    # the north player's first element past the line
    assert game.quiet == 0 and game.best == (0, 1)
    assert game.outcome() is None
