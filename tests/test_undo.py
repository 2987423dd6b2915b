"""Taking back a move on screen: U, Ctrl+Z, the pad and the Undo button return to the
person's previous turn in every kind of match; with two people the other one agrees."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game.shell.board.scene import BoardMatchScene
from game.shell.config import MatchConfig, Seat
from game.shell.input import InputMapper
from game.shell.line.scene import LineMatchScene
from game.shell.overlays import ConfirmScene, HandOverScene
from game.shell.scene import Action

from test_shell_support import STEP, press, quiet_app


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


def start(app, variant, kinds, seed=5, options=None):
    seats = tuple(Seat(f"P{i}") if kind == "human" else Seat(f"P{i}", "computer", kind)
                  for i, kind in enumerate(kinds))
    app.start_match(MatchConfig(variant, seats, options or {}, seed))
    assert isinstance(app.top, (LineMatchScene, BoardMatchScene))
    return app.top


def frame(app):
    app.advance(STEP)
    app.draw()


def wait_for_person(app, scene, limit=4000):
    """Frames until a person may act, hand-overs continued."""
    for _ in range(limit):
        if scene.ctl.human_turn and app.top is scene:
            return
        if isinstance(app.top, HandOverScene):
            press(app, "confirm")
        frame(app)
        if scene.ctl.thinking:
            time.sleep(0.0005)
    raise AssertionError("no person's turn came")


def play_something(scene, rng):
    """A legal move of the person to move, straight through the controller."""
    moves = scene.ctl.state.legal_moves()
    assert scene.ctl.play(rng.choice(moves))


@pytest.mark.parametrize("variant,kinds", [
    ("classic", ("human", "greedy", "random")),
    ("blank", ("human", "greedy")),
    ("dominox", ("human", "greedy")),
    ("open54", ("random", "human", "greedy")),
    ("open3", ("human", "random")),
])
def test_undo_returns_to_the_persons_previous_turn(app, variant, kinds):
    rng = random.Random(1)
    scene = start(app, variant, kinds)
    state = scene.ctl.state
    me = kinds.index("human")
    for _ in range(3):                            # a few turns in, so the start is no help
        wait_for_person(app, scene)
        before, moves = state.position_text(), len(state.moves_played())
        play_something(scene, rng)
        if state.is_over():
            pytest.skip("the game ended before the check")
        wait_for_person(app, scene)
    press(app, "undo")
    assert state.current_player == me and scene.ctl.human_turn
    assert state.position_text() == before and len(state.moves_played()) == moves
    assert "Taken back" in scene.ctl.caption
    for _ in range(3):
        frame(app)                                # the scene draws the older position
    play_something(scene, rng)                    # and play goes on from it


def test_undo_is_refused_before_any_move_of_a_person(app):
    scene = start(app, "dominox", ("human", "greedy"), seed=2)
    state = scene.ctl.state
    if state.current_player != 0:
        wait_for_person(app, scene)
    before = state.position_text()
    press(app, "undo")
    assert state.position_text() == before
    assert scene.ctl.caption == "Nothing to take back yet."


def test_a_computer_thinking_is_forgotten(app):
    scene = start(app, "classic", ("human", "hard"), seed=9)
    wait_for_person(app, scene)
    before = scene.ctl.state.position_text()
    play_something(scene, random.Random(2))
    frame(app)                                    # the computer starts thinking
    assert scene.ctl.thinking
    press(app, "undo")
    assert not scene.ctl.thinking and scene.ctl.state.position_text() == before
    for _ in range(120):                          # its late answer is never played
        frame(app)
        time.sleep(0.002)
        assert scene.ctl.state.position_text() == before and scene.ctl.human_turn


def test_couch_take_back_needs_the_other_persons_yes(app):
    scene = start(app, "dominox", ("human", "human"), seed=4)
    state = scene.ctl.state
    wait_for_person(app, scene)
    first = state.current_player
    before = state.position_text()
    play_something(scene, random.Random(3))
    after = state.position_text()
    press(app, "undo")
    asked = app.top
    assert isinstance(asked, ConfirmScene)
    assert asked.question == f"P{1 - first}, allow P{first} to take back?"
    press(app, "back")                            # No: nothing changes
    assert app.top is scene and state.position_text() == after
    press(app, "undo")
    app.top.menu.focus = 0
    press(app, "confirm")                         # Yes
    assert state.position_text() == before and state.current_player == first
    frame(app)                                    # the hand is hidden until handed over
    assert isinstance(app.top, HandOverScene) and app.top.name == f"P{first}"
    assert not scene.ctl.face_up(first)


def test_undo_keys_and_pad_button():
    mapper = InputMapper()
    u = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")
    z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL,
                           unicode="\x1a")
    pad = pygame.event.Event(pygame.JOYBUTTONDOWN, button=9, instance_id=0)
    for event in (u, z, pad):
        assert Action("undo") in mapper.translate(event)


def test_the_undo_button_is_clicked(app):
    scene = start(app, "classic", ("human", "greedy"), seed=6)
    wait_for_person(app, scene)
    before = scene.ctl.state.position_text()
    play_something(scene, random.Random(4))
    wait_for_person(app, scene)
    assert scene.undo_shown()
    press(app, "click", pos=scene.undo_rect.center)
    assert scene.ctl.state.position_text() == before


def test_a_take_back_crosses_the_end_of_a_round(app):
    from game.shell.overlays import ResultsScene
    scene = start(app, "classic", ("human", "greedy"), seed=8)
    state, rng = scene.ctl.state, random.Random(5)
    before = None
    while True:                                   # play round 1 out, remembering the
        wait_for_person(app, scene)               # position before each of our moves
        if isinstance(app.top, ResultsScene) or scene.results_due is not None:
            break
        before = state.position_text()
        play_something(scene, rng)
        frame(app)
        if state.finished_rounds:
            break
    while not isinstance(app.top, ResultsScene):
        frame(app)
        time.sleep(0.0005)
    press(app, "confirm")                         # Continue: round 2 begins
    wait_for_person(app, scene)
    assert len(state.finished_rounds) == 1          # our first turn of round 2
    press(app, "undo")
    assert not state.finished_rounds and state.position_text() == before
    assert scene.frozen is None and scene.rounds_seen == 0 and scene.my_turn
    for _ in range(3):
        frame(app)
