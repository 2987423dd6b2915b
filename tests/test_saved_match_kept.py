"""A saved match is never written over without a word: starting a new game (Start on the
setup, or `--play`) while one is saved asks first, and No keeps it."""
from __future__ import annotations

import random

from game.play import saves
from game.play.config import MatchConfig, Seat
from game.shell.frame.app import App
from game.shell.lessons.learn import LessonOffer
from game.shell.match.scene import MatchScene
from game.shell.screens.dialogs import ConfirmScene
from game.shell.screens.setup import VariantSelectScene
from game.shell.screens.title import TitleScene

from test_saves import play_on
from test_shell_support import press, quiet_app


def saved_match(tmp_path) -> App:
    """A match of open3 with two moves saved, left for the title menu."""
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("open3", (Seat("Ann"), Seat("Bob")), {}, 5))
    play_on(app, app.top, 2, random.Random(5))
    saves.settle()
    app.back_to_menu()
    return app


def setup_start(app) -> VariantSelectScene:
    app.push(VariantSelectScene(app))
    setup = app.top
    start = next(w for w in setup.menu.widgets if w.label == "Start")
    start.handle_confirm()
    return setup


def test_start_asks_before_a_new_game_replaces_the_saved_one(tmp_path):
    app = saved_match(tmp_path)
    setup = setup_start(app)
    assert isinstance(app.top, ConfirmScene)
    assert "open3" not in app.top.detail and "move 2" in app.top.detail
    press(app, "back")                                    # No (Esc): nothing changes
    assert app.top is setup
    assert saves.read_save().moves == 2
    setup_start(app)
    app.top.agree()                                       # Yes: the new game starts
    offer = app.top                    # (a game new to the person offers its lessons first)
    if isinstance(offer, LessonOffer):
        offer.menu.widgets[-1].handle_confirm()
    assert isinstance(app.top, MatchScene)


def test_without_a_save_start_asks_nothing(tmp_path):
    app = quiet_app(tmp_path)
    setup_start(app)
    assert not isinstance(app.top, ConfirmScene)


def test_play_on_the_command_line_asks_too(tmp_path):
    saved_match(tmp_path)
    again = App(windowed=True, settings_path=tmp_path / "settings.json",
                play=MatchConfig("classic", (Seat("A"), Seat("B", "computer", "greedy")), {},
                                 3))
    assert isinstance(again.top, ConfirmScene) and isinstance(again.stack[0], TitleScene)
    press(again, "back")
    assert isinstance(again.top, TitleScene) and again.top.continue_button is not None
