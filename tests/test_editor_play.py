"""Play this board in the level editor asks before a new match takes the saved match's
place (as the title's Start does), and the pause menu of a match says truthfully whether
leaving keeps it: a match with no move made yet is not saved."""
import pygame
import pytest

from game.logic.variants import new_game
from game.play import saves
from game.play.config import MatchConfig, Seat
from game.shell.screens.dialogs import ConfirmScene
from game.shell.screens.pause import PauseOverlay
from tests.test_level_editor import answer, key_button, open_editor
from tests.test_shell_support import frame, keys, press, still_app


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


def saved_match():
    state = new_game("dominox", 2, 7, {})
    config = MatchConfig("dominox", (Seat("Ann"), Seat("Bo", "computer", "greedy")), {}, 7)
    saves.write_save(config, state)
    return saves.read_save().state.record()


def test_play_this_board_asks_before_replacing_the_saved_match(app, monkeypatch):
    record = saved_match()
    started = []
    monkeypatch.setattr(app, "start_match", started.append)
    scene = open_editor(app, "dominox", "standard")
    key_button(app, scene, "Play this board")
    assert answer(app, yes=False) == "Replace the saved match?"
    assert app.top is scene and not started and saves.read_save().state.record() == record
    key_button(app, scene, "Play this board")
    answer(app, yes=True)
    assert [c.options for c in started] == [{"layout": scene.draft.name}]


def test_play_this_board_starts_at_once_with_no_saved_match(app, monkeypatch):
    started = []
    monkeypatch.setattr(app, "start_match", started.append)
    scene = open_editor(app, "dominox", "standard")
    key_button(app, scene, "Play this board")
    assert started and not isinstance(app.top, ConfirmScene)


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


def test_a_broken_level_is_offered_by_its_name_with_its_error_beside_it(app, monkeypatch):
    from game.shell.screens.dialogs import MessageScene
    from game.shell.screens.setup import VariantSelectScene
    from tests.test_editor_keeps_work import own
    own("dominox", "mine", 'name = "Half"\ngrid = """\n#...\n...\n"""\n')
    app.settings.last_setup = {"variant": "dominox"}
    select = VariantSelectScene(app)
    app.push(select)
    layout = next(w for w in select.menu.widgets if w.label == "Layout")
    assert not [w for w in select.menu.widgets if type(w).__name__ == "Label"]
    drawn = []
    monkeypatch.setattr("game.shell.frame.theme.draw_text", lambda s, text, *a, **k:
                        drawn.append(text) or pygame.Rect(0, 0, 1, 1))
    select.menu.focus = select.menu.widgets.index(layout)
    frame(app)
    assert "mine.toml does not load" not in drawn           # Standard is chosen
    layout.index = [v for v, _ in layout.choices].index("mine")
    drawn.clear()
    frame(app)
    assert "mine.toml does not load" in drawn
    assert any(text.startswith("mine.toml:4: this row is 3 squares wide") for text in drawn)
    select.start()
    assert isinstance(app.top, MessageScene) and app.top.title == "This level does not load"
