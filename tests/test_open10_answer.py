"""Shift (open-board game 10): the first player's advantage. The source: the earlier
crossing wins "with the account advantage of the first course". With `equalize` (the
default) South, who moved first, does not win by crossing at once: North has one move to
answer, and crossing too draws. Positions, records, the command line, undo and every
computer level, as worked examples."""
from __future__ import annotations

import json
import random

import pytest

from game.logic.core import PASS, FileFormatError, Outcome
from game.logic.elements.board import Element
from game.logic.elements.open10 import ShiftGame
from game.logic.elements.shifting import parse_square

from test_open10 import at

# South crosses c7>d9 over d8 (4 on d8's 4); North's e5 3-1 can cross e5>c0 over c1's 1
RACE = ("c7:0:4-2", "d8:0:1-4", "a1:0:0-0", "e5:1:3-1", "c1:1:1-5", "h8:1:6-6")


def test_souths_crossing_waits_for_norths_one_move_of_answer():
    game = at(*RACE)
    game.apply("c7>d9")
    assert game.outcome() is None and game.current_player == 1 and game.answering == 1
    assert game.crossed == ((parse_square("d9", True), Element(0, 4, 2)),)
    assert game.cells[parse_square("c7")] == ()                   # lifted off the board
    view = game.view(0)
    assert view.answering == 1 and view.crossed == ("d9:0:4-2",)
    assert view.past_edge == ((parse_square("d9", True), Element(0, 4, 2)),)
    assert game.view(1).moves and "e5>c0" in map(str, game.view(1).moves)
    answer = next(m for m in game.legal_moves() if not m.past_edge)
    game.apply(answer)                       # any answer but a crossing: South wins
    assert game.outcome() == Outcome((0, 0), 0, "goal")
    assert game.view(0).answering is None and game.view(0).crossed == ("d9:0:4-2",)


def test_crossing_too_in_the_answer_is_a_draw():
    game = at(*RACE, captures=(13, 13))       # 3 elements each of 16 left: a true position
    game.apply("c7>d9")
    game.apply("e5>c0")
    assert game.outcome() == Outcome((13, 13), None, "both crossed")
    assert game.view(1).crossed == ("d9:0:4-2", "c0:1:3-1")
    record = game.record()
    assert record["result"] == {"scores": [13, 13], "winner": None}
    assert ShiftGame.from_record(record).outcome() == game.outcome()


def test_without_equalize_the_first_crossing_wins_at_once():
    game = at(*RACE, options={"equalize": False})
    game.apply("c7>d9")
    assert game.outcome() == Outcome((0, 0), 0, "goal") and game.legal_moves() == []


def test_the_answer_decides_even_if_it_captures_the_support_or_the_limit_is_reached():
    # North's answer takes d8, South's support: the crossing still stands
    game = at("c7:0:4-2", "d8:0:1-4", "a1:0:0-0", "f6:1:6-1", "d6:1:3-6", "h8:1:1-1",
              quiet=3, options={"limit": 2})
    game.apply("c7>d9")                      # the 4th quiet move: the limit, held off
    assert game.quiet == 4 and game.outcome() is None
    game.apply("f6>d7")                      # 6 on d6's 6, 1 under d8's 1: takes d8
    assert game.captures == [0, 1] and not game.cells[parse_square("d8")]
    assert game.outcome() == Outcome((0, 1), 0, "goal")


def waiting_position() -> ShiftGame:
    """RACE with South's crossing made: North has one move to answer."""
    game = at(*RACE, captures=(13, 13))
    game.apply("c7>d9")
    return game


def test_a_position_waiting_for_the_answer_keeps_the_protocol():
    """tests/test_every_variant.py's checks of one position (refusals, exact undo, views,
    records and position texts read back), on a crossing waiting for its answer."""
    import tests.test_every_variant as every
    every.check_position(waiting_position(), ShiftGame, {"c7>d9", "d8>c6", "9-9@z99"})


def test_a_position_waiting_for_the_answer_reads_back_and_plays_on(tmp_path, capsys):
    from game.logic.cli import main
    text = waiting_position().position_text()
    assert 'to_move = 1' in text and '\ncrossed = "d9:0:4-2"\n' in text
    copy = ShiftGame.position_from_text(text, "waiting.toml")
    assert copy.position_text() == text and copy.answering == 1
    assert [str(m) for m in copy.legal_moves()] == \
        [str(m) for m in waiting_position().legal_moves()]
    assert copy.record()["position"]["crossed"] == "d9:0:4-2"
    copy.apply("e5>c0")
    replayed = ShiftGame.from_record(copy.record())
    assert replayed.outcome() == copy.outcome() == Outcome((13, 13), None, "both crossed")
    path = tmp_path / "waiting.toml"
    path.write_text(text)
    assert main(["legal", str(path)]) == 0
    assert "e5>c0" in capsys.readouterr().out.split()


@pytest.mark.parametrize("change, message", [
    (("equalize = true", "equalize = false"), "crossed: without equalize a crossing "
                                                    "ends the game at once, so no answer waits"),
    (("to_move = 1", "to_move = 0"), "crossed: the north player answers the crossing, so "
                                     "to_move must be 1"),
    (('"d9:0:4-2"', '"d9:0:5-2"'), "crossed: the element on d9 must rest on an own element "
                                   "on d8 with equal numbers"),
    (('"d9:0:4-2"', '"d9:0:1-4"'), "s14 on d9: tile 1-4 stands here twice"),
    (('"d9:0:4-2"', '"d0:0:4-2"'), "crossed: only the south player's crossing past rank 9 "
                                   "waits for an answer"),
    (('"d9:0:4-2"', '"d5:0:4-2"'), "'d5:0:4-2': d5 is on the board, not past an edge "
                                   "(rank 9 or 0)"),
    (('"d9:0:4-2"', '"d9:0:4-2^"'), "'d9:0:4-2^': arrows are fixed in this game, so no "
                                    "^ or v"),
    (('"d9:0:4-2"', "3"), "crossed is the element past the edge, written like d9:0:4-2"),
])
def test_a_waiting_crossing_that_cannot_be_is_refused_at_its_line(change, message):
    text = waiting_position().position_text().replace(*change)
    with pytest.raises(FileFormatError) as refused:
        ShiftGame.position_from_text(text, "waiting.toml")
    assert str(refused.value) == f"waiting.toml:5: {message}"      # the line of crossed


def test_records_on_the_command_line_follow_the_answer(tmp_path, capsys):
    from game.logic.cli import main
    game = at(*RACE, captures=(13, 13))
    game.apply("c7>d9")
    stopped = game.record()                     # the answer is still due
    path = tmp_path / "stopped.jsonl"
    path.write_text(json.dumps(stopped) + "\n")
    assert main(["replay", str(path)]) == 1
    assert "the moves end before the game is over" in capsys.readouterr().err
    instant = {**stopped, "options": {**stopped["options"], "equalize": False},
               "result": {"scores": [13, 13], "winner": 0}}
    path.write_text(json.dumps(instant) + "\n")
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()
    late = {**instant, "moves": instant["moves"] + [{"player": 1, "move": "e5>c0"}]}
    path.write_text(json.dumps(late) + "\n")
    assert main(["replay", str(path)]) == 1
    assert "moves[1]: the game is already over" in capsys.readouterr().err


@pytest.mark.parametrize("ai", ["greedy,random", "random,greedy"])
def test_selfplay_games_replay_with_the_answer(ai, tmp_path, capsys):
    from game.logic.cli import main
    assert main(["selfplay", "open10", "--games", "6", "--seed", "3", "--ai", ai]) == 0
    out = capsys.readouterr().out
    records = [json.loads(line) for line in out.splitlines()]
    for record in records:                      # a crossing by South is never the last move
        game = ShiftGame.from_record(record)
        last_player, last = game.moves_played()[-1]
        assert not (last is not PASS and last.past_edge and last_player == 0)
    path = tmp_path / "games.jsonl"
    path.write_text(out)
    assert main(["replay", str(path)]) == 0


def test_hard_searches_the_answer_and_does_not_count_the_crossing_a_win():
    from game.logic.agents.alphabeta import WIN, AlphaBeta
    from game.logic.agents.hard import HardAgent
    from game.logic.agents.hooks import hooks_for
    from game.logic.agents.search import Budget
    from game.logic.elements.shift_hard import DECIDED, evaluate
    hooks = hooks_for("open10")
    search = AlphaBeta(hooks, Budget(None, 10 ** 6))
    answered = waiting_position()               # North can cross too
    unanswered = at(*RACE[:3], "e5:1:3-2", "c1:1:1-3", "h8:1:6-6")
    unanswered.apply("c7>d9")
    # where the answer is due, the judgement is exact: a draw, or the crossing wins
    assert evaluate(answered, 0) == evaluate(answered, 1) == 0.0
    assert evaluate(unanswered, 0) == DECIDED and evaluate(unanswered, 1) == -DECIDED
    for depth in (1, 2):                        # North's answers are searched
        assert search.negamax(answered, 1, depth, -2 * WIN, 2 * WIN, 1) == 0.0
        assert search.negamax(unanswered, 1, depth, -2 * WIN, 2 * WIN, 1) == -(WIN - 2)
    rng = random.Random(5)
    assert str(HardAgent(iterations=3000).choose(answered.view(1), rng)) == "e5>c0"
    before = at(*RACE[:3], "e5:1:3-2", "c1:1:1-3", "h8:1:6-6")
    assert str(HardAgent(iterations=3000).choose(before.view(0), rng)) == "c7>d9"


@pytest.mark.parametrize("south", ["random", "greedy", "hard"])
def test_every_computer_level_plays_shift_to_the_end_with_the_answer(south):
    from game.logic.agents import make_agent
    agents = [make_agent(south, iterations=300) if south == "hard" else make_agent(south),
              make_agent("greedy")]
    rng = random.Random(8)
    for seed in range(2):
        game = ShiftGame.new(2, seed, {"limit": 15})
        while not game.is_over():
            player = game.current_player
            game.apply(agents[player].choose(game.view(player), rng))
        assert ShiftGame.from_record(game.record()).outcome() == game.outcome()


def test_undo_goes_back_across_the_crossing_exactly():
    game = at(*RACE)
    before = (game.position_text(), [str(m) for m in game.legal_moves()])
    game.apply("c7>d9")
    waiting = (game.position_text(), [str(m) for m in game.legal_moves()])
    game.apply("e5>c0")
    assert game.undo() == game.parse_move("e5>c0")
    assert (game.position_text(), [str(m) for m in game.legal_moves()]) == waiting
    assert game.answering == 1 and game.outcome() is None
    game.undo()
    assert (game.position_text(), [str(m) for m in game.legal_moves()]) == before
    assert game.answering is None and game.crossed == ()


def test_the_greedy_judgement_counts_an_answerable_crossing_as_a_draw():
    game = at(*RACE)
    ratings = {str(m): ShiftGame.heuristic(game.view(0), m) for m in game.legal_moves()}
    assert ratings["c7>d9"] == 0.0                # North can cross too
    alone = at(*RACE[:3], "e5:1:3-2", "c1:1:1-3", "h8:1:6-6")       # no answer crosses
    ratings = {str(m): ShiftGame.heuristic(alone.view(0), m) for m in alone.legal_moves()}
    assert max(ratings, key=ratings.get) == "c7>d9" and ratings["c7>d9"] > 100
    game.apply("c7>d9")
    answers = {str(m): ShiftGame.heuristic(game.view(1), m) for m in game.legal_moves()}
    assert max(answers, key=answers.get) == "e5>c0" and answers["e5>c0"] == 0.0
    assert all(v < 0 for m, v in answers.items() if m != "e5>c0")


def test_the_coach_says_what_a_crossing_leaves_to_the_answer():
    from game.logic.agents.coach import reasons
    from game.logic.agents.hooks import hooks_for
    hooks = hooks_for("open10")
    answered = at(*RACE)
    crossing = answered.parse_move("c7>d9")
    assert reasons(answered.view(0), crossing, hooks) == \
        "crosses first, and the one move of answer can cross too: a draw"
    alone = at(*RACE[:3], "e5:1:3-2", "c1:1:1-3", "h8:1:6-6")
    assert reasons(alone.view(0), crossing, hooks) == \
        "crosses first, and no answer can cross: it wins"
    answered.apply(crossing)
    assert reasons(answered.view(1), answered.parse_move("e5>c0"), hooks) == \
        "crosses too: a draw, where any other answer loses"
