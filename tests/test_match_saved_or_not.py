"""What leaving or continuing a match says is true: before its first move a match is not
saved, and the pause menu and the hand-over screen say so; a match continued on a level
of yours says whose move it is and names the level by its name."""
import pygame
import pytest

from game.logic.variants import new_game
from game.play import saves
from game.play.config import MatchConfig, Seat
from game.shell.screens.pause import PauseOverlay
from tests.test_shell_support import frame, keys, press, still_app


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


def leave_question(app) -> str:
    keys(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseOverlay)
    pause.ask()
    return pause.menu.widgets[0].label


def test_leaving_a_match_with_no_move_yet_does_not_claim_it_stays_saved(app):
    app.start_match(MatchConfig("dominox", (Seat("Ann"), Seat("Bo", "computer", "greedy")),
                                {}, 7))
    frame(app)
    assert leave_question(app) == "Leave this match? Nothing is saved yet."
    press(app, "back")
    press(app, "back")
    scene = app.top
    scene.ctl.after_change()                      # as after a move: saved from now on
    assert leave_question(app) == "Leave this match? It stays saved for later."


def test_the_hand_over_screen_of_a_new_match_says_it_too(app):
    from game.shell.screens.hand_over import HandOverScene
    app.start_match(MatchConfig("dominox", (Seat("Ann"), Seat("Bo")), {}, 7))
    frame(app)
    assert isinstance(app.top, HandOverScene)
    assert leave_question(app) == "Leave this match? Nothing is saved yet."


def test_a_match_continued_on_an_editor_board_says_whose_move_and_the_levels_name(app):
    from tests.test_editor_keeps_work import own
    own("dominox", "mine", 'name = "My crosses"\ngrid = """\n' + "........\n" * 8 + '"""\n')
    state = new_game("dominox", 2, 7, {"layout": "mine"})
    state.apply(state.legal_moves()[0])
    config = MatchConfig("dominox", (Seat("Ann"), Seat("Bo", "computer", "greedy")),
                         {"layout": "mine"}, 7)
    saves.write_save(config, state)
    saved = saves.read_save()
    app.start_match(saved.config, saved.state)
    frame(app)
    scene = app.top
    assert scene.ctl.caption == f"Move 2: {('Ann', 'Bo')[state.current_player]} to play."
    assert scene.adapter.info_title() == "My crosses"
