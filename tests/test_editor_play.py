"""Play this board in the level editor asks before a new match takes the saved match's
place (as the title's Start does), and starts at once when there is none."""
import pytest

from game.logic.variants import new_game
from game.play import saves
from game.play.config import MatchConfig, Seat
from game.shell.screens.dialogs import ConfirmScene
from tests.test_level_editor import answer, key_button, open_editor
from tests.test_shell_support import still_app


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
