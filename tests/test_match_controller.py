"""The match controller every match scene shares: who sees which hand, pacing, feedback."""
import time
from types import SimpleNamespace

import pytest

from game.play.config import MatchConfig, Seat
from game.shell.match import controller as controller_module
from game.shell.match.controller import THINK_SECONDS, MatchController, sentence
from game.shell.screens.hand_over import HandOverScene


class FakeApp:
    def __init__(self, anim_speed=0.0, demo=None):
        self.settings = SimpleNamespace(anim_speed=anim_speed)
        self.demo = demo
        self.pushed, self.sounds_played, self.spoken, self.started = [], [], [], []
        self.sounds = SimpleNamespace(play=self.sounds_played.append)

    def push(self, scene):
        self.pushed.append(scene)

    def speak(self, text):
        self.spoken.append(text)

    def start_match(self, config):
        self.started.append(config)


def controller(kinds, anim_speed=0.0, demo=None, seed=4):
    seats = tuple(Seat(f"P{i}", kind) for i, kind in enumerate(kinds))
    app = FakeApp(anim_speed, demo)
    return app, MatchController(app, MatchConfig("classic", seats, {}, seed))


def run_computers(app, ctl, limit=20.0):
    end = time.perf_counter() + limit
    while not ctl.is_human(ctl.state.current_player):
        ctl.update(1 / 60)
        assert time.perf_counter() < end
        time.sleep(0.001)


def test_who_sees_which_hand():
    _, nobody = controller(["computer"] * 3)
    assert all(nobody.face_up(p) for p in range(3)) and nobody.shown_hand is None
    _, single = controller(["computer", "human", "computer"])
    assert [single.face_up(p) for p in range(3)] == [False, True, False]
    assert single.shown_hand == 1
    _, demo = controller(["human", "human"], demo="classic")
    assert not demo.couch


def test_couch_play_hands_over_before_showing_a_hand():
    app, ctl = controller(["human", "human", "computer"])
    run_computers(app, ctl)
    player = ctl.state.current_player
    assert not ctl.human_turn and not any(ctl.face_up(p) for p in range(3))
    ctl.update(1 / 60)
    ctl.update(1 / 60)
    assert len(app.pushed) == 1 and isinstance(app.pushed[0], HandOverScene)
    assert app.pushed[0].name == f"P{player}"
    app.pushed[0].on_continue()
    assert ctl.human_turn and ctl.face_up(player) and ctl.shown_hand == player
    assert not any(ctl.face_up(p) for p in range(3) if p != player)
    assert ctl.play(ctl.state.legal_moves()[0])
    assert not ctl.face_up(player)              # the turn passed: hidden again


def test_illegal_moves_are_refused_with_a_reason_and_a_sound():
    app, ctl = controller(["human", "computer"])
    run_computers(app, ctl)
    ply = ctl.ply
    app.sounds_played.clear()
    assert not ctl.play("not a move")
    assert app.sounds_played == ["invalid"] and ctl.caption and ctl.ply == ply
    hand = ctl.state.view(ctl.state.current_player).hand
    legal = {m.tile for m in ctl.state.legal_moves() if not m.is_pass}
    unplayable = [t for t in hand if t not in legal]
    if unplayable and ctl.state.view(0).line:
        assert not ctl.play(f"{unplayable[0]}R")
        assert app.spoken[-1] == ctl.caption


class Decided:
    """A computer's thought that is already done: only the pacing holds the move back."""

    def __init__(self, move):
        self.text = str(move)

    def done(self):
        return True

    def move(self):
        return self.text


@pytest.mark.parametrize("speed", [1.0, 2.0])
def test_computer_turns_are_paced_by_the_speed_setting(monkeypatch, speed):
    app, ctl = controller(["computer", "human"], anim_speed=speed)
    assert ctl.paced(1.0) == 1.0 / speed
    app.settings.anim_speed = 0
    assert ctl.paced(1.0) == 0
    app.settings.anim_speed = speed
    if ctl.state.current_player != 0:
        pytest.skip("the human opens this deal")
    monkeypatch.setattr(controller_module, "think",
                        lambda level, view, rng: Decided(ctl.state.legal_moves()[0]))
    steps = 0
    while ctl.ply == 0:
        ctl.update(1 / 60)
        steps += 1
        assert steps < 1000
    assert steps == pytest.approx(THINK_SECONDS / speed * 60, abs=1.01)   # simulated time


def test_rematch_deals_the_same_seats_from_another_seed():
    app, ctl = controller(["human", "computer"], seed=4)
    ctl.rematch()
    (config,) = app.started
    assert config.seats == ctl.config.seats and config.seed != 4


def test_sentence_capitalises_all_but_square_names():
    assert sentence("you must pass") == "You must pass"
    assert sentence("you're not to move") == "You're not to move"
    assert sentence("b7 is taken") == "b7 is taken"
    assert sentence("aa12: off the board") == "aa12: off the board"
    assert sentence("") == ""
