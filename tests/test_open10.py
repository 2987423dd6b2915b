"""Shift (open-board game 10): the rules as worked examples on small positions, the
options (free arrows, stacks), level files, records and seeded random games. The answer
to the first player's crossing (`equalize`) is in test_open10_answer.py, the checks that
a start holds the set in test_open10_starts.py."""
from __future__ import annotations

import random

import pytest

from game.logic.core import PASS, IllegalMoveError, Outcome
from game.logic.elements.open10 import ShiftGame, shift_game_at
from game.logic.elements.shift_starts import list_starts
from game.logic.elements.shifting import turned


def at(*texts, **keys):
    return shift_game_at(texts, keys.pop("options", None), **keys)


# the south player's 3-5 on c2 can go where its 3 rests on an own 3 (a2's north number)
# or its 5 under an own 5; h7/h8 keep the north player in the game
SPARES = ("h8:1:1-1", "g8:1:6-6")


def test_a_shift_needs_an_own_contact_with_equal_numbers():
    game = at("c2:0:3-5", "a2:0:1-3", *SPARES)
    moves = {str(m) for m in game.legal_moves()}
    assert "c2>a3" in moves                 # 3 on a3's south end rests on a2's 3
    assert "c2>b3" not in moves             # touches nothing
    assert game.illegal_reason("c2>b3") == "it must touch at least one of your own elements"
    assert "a2>c3" not in moves             # its 1 would rest on c2's 5


def test_a_shift_touching_one_equal_and_one_unequal_number_is_refused():
    # a4 would rest its 3 on a3's 3 but its 5 would face the 4 of the element on a5
    game = at("c2:0:3-5", "a3:0:1-3", "a5:1:4-6", *SPARES)
    assert game.illegal_reason("c2>a4") == ("its 5 would touch the 4 of the element on a5: "
                                            "every touching number must be equal")
    with pytest.raises(IllegalMoveError):
        game.apply("c2>a4")


def test_a_shift_captures_the_equal_opponent_element_it_touches():
    game = at("c2:0:3-5", "a3:0:1-3", "a5:1:5-6", *SPARES)
    game.apply("c2>a4")
    assert game.cells[4 * 8] == () and game.captures == [1, 0]
    assert game.last_capture()[0][0] == 32
    game.undo()
    assert game.cells[32][0].south == 5 and game.captures == [0, 0]


def test_opponent_contact_alone_is_not_enough():
    game = at("c2:0:3-5", "a5:1:5-6", *SPARES)
    assert "c2>a4" not in {str(m) for m in game.legal_moves()}
    assert game.illegal_reason("c2>a4") == "it must touch at least one of your own elements"


def test_the_edge_win_needs_an_own_element_on_the_last_rank():
    game = at("c7:0:4-2", "d8:0:1-4", "a1:0:0-0", *SPARES[:1])
    moves = {str(m) for m in game.legal_moves()}
    assert "c7>d9" in moves
    assert "d8>d9" not in moves              # lifted first: it cannot carry itself
    assert game.illegal_reason("c7>d0") == ("only past your opponent's edge: rank 9 for the "
                                            "south player, rank 0 for the north player")
    game.apply("c7>d9")                      # North (only h8) cannot answer: it passes
    assert game.outcome() is None and game.legal_moves() == [PASS]
    game.apply(PASS)
    outcome = game.outcome()
    assert outcome.winner == 0 and outcome.reason == "goal"
    game.undo()
    game.undo()
    assert game.cells[50][0].north == 2 and game.outcome() is None and game.crossed == ()
    instant = at("c7:0:4-2", "d8:0:1-4", "a1:0:0-0", *SPARES[:1],
                 options={"equalize": False})
    instant.apply("c7>d9")
    assert instant.outcome() == outcome


def test_the_north_player_wins_past_rank_one():
    # the second player's crossing wins at once, with equalize (the default) or without
    for options in ({}, {"equalize": False}):
        game = at("e5:1:3-1", "c1:1:1-3", "a8:0:6-6", to_move=1, options=options)
        assert "e5>c0" in {str(m) for m in game.legal_moves()}
        game.apply("e5>c0")
        assert game.outcome() == Outcome((0, 0), 1, "goal")


def test_free_arrows_turning_swaps_the_numbers():
    game = at("c2:0:3-5^", "a2:0:1-5^", *[t + "v" for t in SPARES], options={"arrows": "free"})
    moves = {str(m) for m in game.legal_moves()}
    assert "c2>a3v" in moves and "c2>a3^" not in moves     # turned: 5 south on a2's 5
    assert game.illegal_reason("c2>a3") == ("arrows are free: add ^ or v for the arrow you "
                                            "set the element down with")
    game.apply("c2>a3v")
    element = game.cells[16][0]
    assert (element.south, element.north, element.arrow) == (5, 3, -1)
    game.undo()
    assert game.cells[10][0].arrow == 1
    fixed = at("c2:0:3-5", "a2:0:1-5", *SPARES)
    assert fixed.illegal_reason("c2>a3^") == "arrows are fixed in this game, so no ^ or v"


def test_free_arrows_start_at_random_and_records_keep_them():
    game = ShiftGame.new(2, 3, {"arrows": "free"})
    arrows = {text[-1] for text in game.start["start"]}
    assert arrows == {"^", "v"}
    again = ShiftGame.from_record(game.record())
    assert again.record() == game.record()


def test_stacks_only_the_top_moves_and_a_captured_top_takes_the_stack():
    game = at("a1:0:2-2/a1:0:3-4", "c2:0:0-4", "c3:1:4-6/c3:1:0-1", "h8:1:6-6",
              options={"stacks": True})
    assert "c2>c1" not in {str(m) for m in game.legal_moves()}     # 4-under-c2's 0? no
    game = at("a1:0:2-2/a1:0:3-4", "a3:1:4-6/a3:1:4-1", "h8:1:6-6", "b1:0:0-4",
              options={"stacks": True})
    # b1's 0-4 set on a2: its 0 faces the top 3-4's 4? no: its south 0 faces a1's north 4
    assert game.illegal_reason("b1>a2") == ("its 0 would touch the 4 of the element on a1: "
                                            "every touching number must be equal")
    game = at("a1:0:2-2/a1:0:3-4", "a3:1:0-6/a3:1:4-1", "h8:1:6-6", "b1:0:4-4",
              options={"stacks": True})
    game.apply("b1>a2")                         # 4 on a1's 4, 4 under a3's top 4-1
    assert game.cells[16] == () and game.captures == [2, 0]
    game.undo()
    assert len(game.cells[16]) == 2 and game.captures == [0, 0]


def test_the_lifted_top_leaves_the_stack_below_as_a_contact():
    # the top 5-5 of a1 lifts; below it the 3-4 shows 4 to a2
    game = at("a1:0:3-4/a1:0:5-5", "b1:0:1-1", "h8:1:6-6", options={"stacks": True})
    assert "a1>a2" not in {str(m) for m in game.legal_moves()}      # 5 on the 4 below
    game = at("a1:0:3-4/a1:0:4-5", "b1:0:1-1", "h8:1:6-6", options={"stacks": True})
    assert "a1>a2" in {str(m) for m in game.legal_moves()}          # 4 on the 4 below
    game.apply("a1>a2")
    assert len(game.cells[0]) == 1 and game.cells[8][0].south == 4


def test_stacks_start_with_eight_stacks_of_four_on_each_home_rank():
    game = ShiftGame.new(2, 1, {"stacks": True})
    heights = [len(s) for s in game.cells]
    assert heights[:8] == [4] * 8 and heights[56:] == [4] * 8 and sum(heights) == 64
    assert all(all("/" in t for t in game.start["start"]) for _ in (0,))
    random_game = ShiftGame.new(2, 1, {"stacks": True, "start": "random"})
    assert sorted(e.tile for s in random_game.cells for e in s) == \
        sorted(e.tile for s in game.cells for e in s)


def test_no_move_is_a_pass_and_the_limit_draws():
    game = at("a1:0:1-2", "h8:1:6-6", options={"limit": 2})
    assert game.legal_moves() == [PASS]
    for _ in range(4):
        game.apply(game.legal_moves()[0])
    assert game.outcome().winner is None and game.outcome().reason == "no captures"


def test_a_side_without_elements_loses():
    game = at("c1:0:3-3", "a2:0:2-3", "a4:1:3-1")
    game.apply("c1>a3")
    assert game.outcome().winner == 0 and game.outcome().reason == "no moves"


def test_level_files_load():
    starts = {e.name: (e.level, e.error) for e in list_starts()}
    assert starts["standard"][1] is None and not starts["standard"][0].stacks
    assert starts["stacks"][1] is None and starts["stacks"][0].stacks


def test_positions_read_back_with_stacks_and_arrows():
    game = ShiftGame.new(2, 2, {"stacks": True, "arrows": "free"})
    rng = random.Random(2)
    for _ in range(6):
        game.apply(rng.choice(game.legal_moves()))
    text = game.position_text()
    copy = ShiftGame.position_from_text(text)
    assert copy.position_text() == text
    assert [str(m) for m in copy.legal_moves()] == [str(m) for m in game.legal_moves()]


def test_views_show_targets_and_greedy_prefers_captures_and_wins():
    game = at("c7:0:4-2", "d8:0:1-4", "c2:0:3-5", "a3:0:1-3", "a5:1:5-6", "h8:1:6-6")
    view = game.view(0)
    assert {str(m) for m in view.targets("c7")} >= {"c7>d9"}
    assert all(m.past_edge for m in view.targets("c7") if str(m).endswith("9"))
    ratings = {str(m): ShiftGame.heuristic(view, m) for m in view.moves}
    assert max(ratings, key=ratings.get) == "c7>d9"
    assert ratings["c2>a4"] > max(r for m, r in ratings.items() if m not in ("c2>a4", "c7>d9"))


@pytest.mark.parametrize("options", [{}, {"arrows": "free"}, {"stacks": True},
                                     {"stacks": True, "arrows": "free", "start": "random"},
                                     {"start": "random", "limit": 10}])
def test_random_games_end_and_replay(options):
    for seed in range(3):
        game = ShiftGame.new(2, seed, options)
        rng = random.Random(seed)
        while not game.is_over():
            game.apply(rng.choice(game.legal_moves()))
        record = game.record()
        again = ShiftGame.from_record(record)
        assert again.record() == record and again.outcome() == game.outcome()


@pytest.mark.parametrize("options", [{}, {"stacks": True, "arrows": "free"}])
def test_every_variant_invariants(options):
    """tests/test_every_variant.py's random-game test, run on Shift."""
    import tests.test_every_variant as every
    every.test_random_games_keep_the_protocol("open10", 2, options)


def _every_shift_from_scratch(game) -> list[str]:
    """Every (element, arrow, square) tried against the rule itself: the slow truth the
    move generator must agree with."""
    from game.logic.elements.board import SHAPE, SIZE
    from game.logic.elements.open10 import ShiftMove
    me, found = game.to_move, []
    edge = range(SIZE * SIZE, SIZE * SIZE + SIZE) if me == 0 else range(-SIZE, 0)
    for square, stack in enumerate(game.cells):
        if not stack or stack[-1].owner != me:
            continue
        for shown in game.orientations(stack[-1]):
            arrow = shown.arrow if game.free else None
            for target in (*range(SHAPE.size), *edge):
                empty = target in edge or not game.cells[target]
                if empty and game._contacts(target, shown, square)[0]:
                    found.append(ShiftMove(square, target, arrow).text)
    return sorted(found)


def _captures(game, move) -> bool:
    stack = game.cells[move.start]
    shown = stack[-1] if not game.free or move.arrow == stack[-1].arrow else turned(stack[-1])
    return bool(game._contacts(move.end, shown, move.start)[1])


@pytest.mark.parametrize("options", [{}, {"arrows": "free"}, {"stacks": True},
                                     {"stacks": True, "arrows": "free"}, {"start": "random"}])
def test_the_move_generator_agrees_with_the_rule_tried_everywhere(options):
    """All legal moves, and the loud ones (winning or capturing) the search asks for."""
    for seed in range(4):
        game, rng = ShiftGame.new(2, seed, options), random.Random(seed)
        while not game.is_over():
            listed = sorted(m.text for m in game.legal_moves() if m is not PASS)
            assert listed == _every_shift_from_scratch(game), game.position_text()
            loud = sorted(m.text for m in game.legal_moves() if m is not PASS and (
                m.past_edge or _captures(game, m)))
            assert sorted(m.text for m in game.loud_moves()) == loud
            game.apply(rng.choice(game.legal_moves()))


def test_hard_judges_an_element_on_the_last_rank_that_can_be_passed_a_threat():
    from game.logic.elements.shift_hard import evaluate
    # the south player's 2-3 on d8 asks for a 3 past the edge: a1's 3-4 gives it, 4-4 not
    base = ("d7:0:1-2", "h8:1:1-1", "g8:1:6-6")
    threat = at("d8:0:2-3", "a1:0:3-4", *base)
    idle = at("d8:0:2-3", "a1:0:4-4", *base)
    assert any(getattr(m, "past_edge", False) for m in threat.legal_moves())
    assert not any(getattr(m, "past_edge", False) for m in idle.legal_moves())
    assert evaluate(threat, 0) > evaluate(idle, 0) + 50
    threat.to_move = idle.to_move = 1          # the north player must fear it
    threat._cache = idle._cache = None
    assert evaluate(threat, 1) < evaluate(idle, 1) - 50
