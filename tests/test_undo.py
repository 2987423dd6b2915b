"""Taking back a move on screen: U, Ctrl+Z, the pad and the Undo button return to the
person's previous turn in every kind of match; with two people the other one agrees."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game.play.config import MatchConfig, Seat
from game.shell.board.scene import BoardMatchScene
from game.shell.frame.input import InputMapper
from game.shell.frame.scene import Action
from game.shell.line.scene import LineMatchScene
from game.shell.screens.dialogs import ConfirmScene
from game.shell.screens.hand_over import HandOverScene

from test_shell_support import STEP, keys, press, quiet_app, results_ready, wait_for_human


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


def wait_for_person(app, scene):
    """Frames until a person may act on the uncovered table, hand-overs continued."""
    wait_for_human(app, scene, limit=4000, on_top=True)


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


def playable_variants():
    from game.logic.variants import variant_names
    from game.shell.match.kinds import can_play
    return [name for name in variant_names() if can_play(name)]


def couch_turns(app, scene, rng):
    """Two people play at random (hand-overs continued with Enter) until the one to move
    has moved before and the other person moved after that; returns (the asker, the
    position and the number of moves before the asker's last move)."""
    state = scene.ctl.state
    before = {}
    for _ in range(60):
        wait_for_person(app, scene)
        me = state.current_player
        played = state.moves_played()
        if me in before and played and played[-1][0] != me:
            return me, before[me]
        before[me] = (state.position_text(), len(played))
        play_something(scene, rng)
        assert not state.is_over(), "the game ended before the check"
    raise AssertionError("the two people never took turns")


@pytest.mark.parametrize("variant", playable_variants())
def test_couch_undo_takes_back_the_askers_own_move_once_the_other_allows(app, variant):
    """A plays, B plays, A presses U at the start of A's turn: B is asked, on a screen
    that shows no hand; Yes takes back A's move and B's reply, and A plays again (after a
    hand-over where hands are hidden). No leaves the table as it was."""
    plain = {"doubles": False} if variant == "blank" else {}   # else one person plays out
    scene = start(app, variant, ("human", "human"), seed=3, options=plain)
    state = scene.ctl.state
    me, (before, count) = couch_turns(app, scene, random.Random(11))
    other = 1 - me
    now = state.position_text()
    keys(app, pygame.K_u)
    asked = app.top
    assert isinstance(asked, ConfirmScene)
    assert asked.question == f"P{other}, allow P{me} to take back?"
    after = len(state.moves_played()) - count - 1   # B's reply (and Dominid's declaration)
    said = "the move" if after == 1 else f"the {after} moves"
    assert asked.detail == f"P{me}'s last move and {said} after it would be taken back."
    assert asked.overlay is not scene.ctl.couch      # the table is covered on the couch
    assert not scene.ctl.couch or not scene.ctl.face_up(me)
    keys(app, pygame.K_RETURN)                       # No (focused first)
    assert app.top is scene and state.position_text() == now
    assert scene.ctl.caption == f"P{other} said no: nothing was taken back."
    if scene.ctl.couch:
        frame(app)                                   # the screen goes back to the asker
        assert isinstance(app.top, HandOverScene) and app.top.name == f"P{me}"
    wait_for_person(app, scene)
    keys(app, pygame.K_u, pygame.K_UP, pygame.K_RETURN)          # Yes
    assert state.position_text() == before and len(state.moves_played()) == count
    assert state.current_player == me and scene.ctl.caption == \
        f"Taken back: {after + 1} moves. P{me} to play."
    frame(app)
    if scene.ctl.couch:                              # the hand is hidden until handed over
        assert isinstance(app.top, HandOverScene) and app.top.name == f"P{me}"
        assert not scene.ctl.face_up(me)
    wait_for_person(app, scene)
    play_something(scene, random.Random(12))        # and play goes on from there


def test_a_person_with_no_move_yet_has_nothing_to_take_back(app):
    scene = start(app, "dominox", ("human", "human"), seed=4)
    state = scene.ctl.state
    wait_for_person(app, scene)
    first = state.current_player
    play_something(scene, random.Random(3))
    wait_for_person(app, scene)
    after = state.position_text()
    keys(app, pygame.K_u)                            # the second person, before moving
    assert app.top is scene and state.position_text() == after
    assert scene.ctl.caption == f"P{1 - first} has no move to take back yet."


def test_a_couch_take_back_while_a_computer_answers_is_the_last_movers(app):
    """Two people and a computer: U while the computer thinks takes back the move of the
    person it answers, and the other person is asked."""
    scene = start(app, "classic", ("human", "human", "hard"), seed=9)
    state = scene.ctl.state
    rng = random.Random(5)
    while True:
        wait_for_person(app, scene)
        me = state.current_player
        before, count = state.position_text(), len(state.moves_played())
        play_something(scene, rng)
        frame(app)
        if scene.ctl.thinking:
            break
    keys(app, pygame.K_u)
    assert app.top.question == f"P{1 - me}, allow P{me} to take back?"
    keys(app, pygame.K_UP, pygame.K_RETURN)
    assert not scene.ctl.thinking
    assert state.position_text() == before and len(state.moves_played()) == count


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
    from game.shell.screens.results import ResultsScene
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
    results_ready(app)
    press(app, "confirm")                         # Continue: round 2 begins
    wait_for_person(app, scene)
    assert len(state.finished_rounds) == 1          # our first turn of round 2
    press(app, "undo")
    assert not state.finished_rounds and state.position_text() == before
    assert scene.frozen is None and scene.rounds_seen == 0 and scene.my_turn
    for _ in range(3):
        frame(app)


def test_three_at_the_table_each_person_whose_move_goes_is_asked_in_turn(app):
    """P0 plays, P1 and P2 reply, P0 takes back: P2 and then P1 are asked (the latest
    move first); one no ends it, both yes take the three moves back."""
    scene = start(app, "classic", ("human", "human", "human"), seed=3)
    state, rng = scene.ctl.state, random.Random(4)
    wait_for_person(app, scene)
    me = state.current_player
    before, count = state.position_text(), len(state.moves_played())
    for _ in range(3):
        wait_for_person(app, scene)
        play_something(scene, rng)
    wait_for_person(app, scene)
    assert state.current_player == me
    after = state.position_text()
    later, sooner = (me + 2) % 3, (me + 1) % 3
    keys(app, pygame.K_u)
    assert app.top.question == f"P{later}, allow P{me} to take back?"
    keys(app, pygame.K_UP, pygame.K_RETURN)              # yes
    assert app.top.question == f"P{sooner}, allow P{me} to take back?"
    keys(app, pygame.K_RETURN)                           # no
    assert state.position_text() == after
    assert scene.ctl.caption == f"P{sooner} said no: nothing was taken back."
    wait_for_person(app, scene)
    keys(app, pygame.K_u, pygame.K_UP, pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN)
    assert state.position_text() == before and len(state.moves_played()) == count
