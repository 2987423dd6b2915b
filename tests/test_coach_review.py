"""The review agrees with the coach: a move the coach advised is never listed as a
mistake, the review searches as the advice did (same thinking time, same seed), and a
move is called worse only when the difference stands clear of the simulated games'
chance, said in words ("the coach is sure", "fairly sure"). The advice quotes odds only
once enough games stand behind them."""
from __future__ import annotations

import random
import time

import pytest

from game.logic.agents import make_agent
from game.logic.agents.coach import _odds, advise
from game.logic.agents.review import (Review, decisions, position_seed, review_move,
                                      review_note)
from game.logic.line.moves import LineMove
from game.logic.variants import new_game
from game.play.config import MatchConfig, Seat
from game.shell.match.coach import ReviewScene
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene

from test_shell_support import frame, press, quiet_app


@pytest.mark.parametrize("seed", [1, 2])
def test_following_the_coach_in_a_match_leaves_nothing_to_review(tmp_path, seed):
    """Ann asks the coach at every choice and plays its move (G); the review then lists
    none of them (before, it listed some as costing 8-38%)."""
    app = quiet_app(tmp_path)
    app.settings.think_seconds = 0.25
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")),
                                {"limit": 1}, seed))
    scene = app.top
    followed = 0
    deadline = time.monotonic() + 120
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, "the match did not end"
        frame(app)
        if isinstance(app.top, HandOverScene):
            press(app, "confirm")
        if scene.my_turn and not scene.pending and len(scene.moves) > 1:
            press(app, "coach")
            while scene.coach.advice is None:
                assert time.monotonic() < deadline, "the coach did not answer"
                time.sleep(0.01)
                frame(app)
            press(app, "take_advice")
            followed += 1
        elif scene.my_turn and scene.pending:
            press(app, "draw")
        elif scene.my_turn and scene.moves:          # the only move (an opening, a pass)
            scene.ctl.play(scene.moves[0])
        time.sleep(0.002)
    assert followed >= 3
    scene.ctl.review()
    review = app.top
    assert isinstance(review, ReviewScene) and len(review.todo) >= followed
    while not review.finished:
        assert time.monotonic() < deadline, "the review did not end"
        frame(app)
        time.sleep(0.01)
    assert review.notes == [], review.notes


def played_by_the_coach(seed: int, iterations: int):
    """A classic round where seat 0 plays the coach's advice (a fixed number of
    simulated games, the position's seed) and seat 1 the greedy player."""
    state = new_game("classic", 2, seed, {"limit": 1})
    greedy, rng = make_agent("greedy"), random.Random(seed)
    while not state.is_over():
        view = state.view(state.current_player)
        if state.current_player == 0 and len(view.legal_moves()) > 1:
            seed_here = position_seed(len(state.moves_played()))
            state.apply(advise(view, None, iterations, seed_here).move)
        else:
            state.apply(greedy.choose(view, rng))
    return state


def test_the_review_searches_as_the_advice_did():
    for seed in (3, 4):
        state = played_by_the_coach(seed, 120)
        for number, _, view, played in decisions(state, [0]):
            review = review_move(view, played, None, position_seed(number - 1),
                                 iterations=120)
            assert review.coach == played
            assert review_note(number, view, review) is None


def test_a_move_the_coach_advised_is_never_a_mistake():
    state = new_game("open54", 2, 2)
    rng = random.Random(1)
    for _ in range(6):
        state.apply(rng.choice(state.legal_moves()))
    view = state.view(state.current_player)
    for move in view.legal_moves()[:5]:
        review = review_move(view, str(move), None, 0, advised=str(move), iterations=50)
        assert review_note(7, view, review) is None


def test_two_moves_alike_are_not_told_apart():
    """Both ends show the same number: the tile on the left or on the right leaves the
    same game, whatever the duel of simulated games happens to draw."""
    found = 0
    for seed in range(40):
        state = new_game("classic", 2, seed, {"limit": 1})
        rng = random.Random(seed)
        while not state.is_over() and found < 3:
            view = state.view(state.current_player)
            ends = view.ends
            both = [m for m in view.legal_moves() if isinstance(m, LineMove)
                    and m.end == "R" and LineMove(m.tile, "L") in view.legal_moves()]
            if ends and ends[0] == ends[1] and both and len(view.legal_moves()) > 2:
                right = both[0]
                review = review_move(view, f"{right.tile}L", None, 1, advised=str(right),
                                     iterations=400)
                assert review_note(5, view, review) is None, review
                found += 1
            state.apply(rng.choice(view.legal_moves()))
        if found >= 3:
            break
    assert found >= 3


def test_the_note_says_how_sure_the_coach_is():
    state = new_game("dominox", 2, 1)
    state.apply(state.legal_moves()[0])
    view = state.view(state.current_player)
    moves = [str(m) for m in view.legal_moves()]
    close = Review(moves[0], "6-6", "", moves[1], "chance", (0.2, 0.0), 1.5, 400)
    assert review_note(3, view, close) is None              # within the games' chance
    sure = Review(moves[0], "6-6", "", moves[1], "chance", (0.2, 0.0), 4.0, 400)
    assert "the coach is sure: 400 simulated games of each move" in review_note(3, view, sure)
    fair = Review(moves[0], "6-6", "", moves[1], "chance", (0.2, 0.0), 2.5, 400)
    assert "fairly sure" in review_note(3, view, fair)


def test_the_odds_are_quoted_only_once_they_mean_something():
    assert "%" not in _odds(0.59, 0.4, (4, 3))                  # four games tell nothing
    assert "few simulated games" in _odds(0.59, 0.4, (4, 3))
    assert _odds(0.62, 0.45, (900, 800)).startswith("it wins about 62% of 900 simulated")
    assert "clearly more than your next best (45%)" in _odds(0.62, 0.45, (900, 800))
    assert "a close call" in _odds(0.52, 0.50, (300, 200))


def test_a_later_rounds_move_is_counted_in_its_round_and_the_cost_is_the_players():
    """In a match of rounds the review names the round and counts the moves from its
    start (not from the first move of the match); the odds are said of the coach's move
    (more chance), never as if its move were the worse one."""
    state = new_game("classic", 2, 3)
    rng = random.Random(3)
    while state.round_number < 2:
        state.apply(rng.choice(state.legal_moves()))
    state.apply(rng.choice(state.legal_moves()))
    while len(state.legal_moves()) < 2:
        state.apply(rng.choice(state.legal_moves()))
    view = state.view(state.current_player)
    moves = [str(m) for m in view.legal_moves()]
    review = Review(moves[0], "6-6", "", moves[1], "chance", (0.2, 0.0), 4.0, 400)
    note = review_note(len(state.moves_played()) + 1, view, review)
    in_round = len(view.history) + 1
    assert 1 < in_round < len(state.moves_played())
    assert note.startswith(f"Round 2, move {in_round}: you played ")
    assert "which gives about" in note
