"""The menus that list the games (Rules of which game?, Learn, the new game's Game
choice) take any number of them: the ten shipped ones look as they always did, up to a
dozen or so fit the 720p window on lower rows, and a longer list scrolls, a sign saying
how many are out of sight, by keys, the wheel and a click on the sign, Back staying put."""
from __future__ import annotations

import pytest

from game.logic.variants import VARIANTS, VariantEntry, registered
from game.shell.frame import theme
from game.shell.frame.scene import Action
from game.shell.lessons.learn import LearnScene
from game.shell.screens.setup import VariantSelectScene, load_variants
from game.shell.frame.scrolling import row_height
from game.shell.screens.title import PICK_ROW, VariantPickScene

from test_shell_menus import assert_on_screen
from test_shell_support import make_app

SHIPPED = len(VARIANTS)
TOP, BOTTOM, GAP = 240, 890, 10         # where both menus list the games
# the most games that fit the list's room on rows as low as they go
FITTING = max(n for n in range(1, 40)
              if n * row_height(n, TOP, BOTTOM, GAP, PICK_ROW) + (n - 1) * GAP <= BOTTOM - TOP)


def more_games(count: int) -> list[VariantEntry]:
    """`count` more playable games: Capture again under names kept for tests."""
    return [VariantEntry(f"zz_more{i}", "game.logic.elements.open3:CaptureGame", "board",
                         adapter="game.shell.variants.open3:Adapter", levels="open3")
            for i in range(count)]


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


def open_screen(app, screen: str, picked=None):
    if screen == "pick":
        scene = VariantPickScene(app, "Rules of which game?", picked or (lambda name: None))
    else:
        scene = LearnScene(app, load_variants(playable_only=True)[0])
    app.push(scene)
    app.draw()
    app.present()
    return scene


@pytest.mark.parametrize("screen", ["pick", "learn"])
@pytest.mark.parametrize("games", [10, 11, FITTING])
def test_every_game_and_back_fit_the_720p_window(app, screen, games):
    """Ten games on rows as high as ever, more on lower ones: (at least) `games` in all,
    however many ship."""
    with registered(*more_games(games - SHIPPED)):
        menu = open_screen(app, screen).menu
        assert len(menu.body) == max(games, SHIPPED)
        if len(menu.body) <= FITTING:           # (more scroll: the test below)
            assert menu.hidden() == (0, 0)
            for widget in menu.widgets:
                assert_on_screen(app, widget)
        if len(menu.body) <= 10:
            assert {w.rect.h for w in menu.body} == {PICK_ROW}


@pytest.mark.parametrize("screen", ["pick", "learn"])
def test_many_games_scroll_by_keys_the_wheel_and_the_sign(app, screen, monkeypatch):
    picked = []
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: (
        drawn.append(text), real(surface, text, *a, **k))[1])
    with registered(*more_games(10)):
        scene = open_screen(app, screen, picked.append)
        menu = scene.menu
        back, back_at = menu.footer[0], menu.footer[0].rect.copy()
        above, below = menu.hidden()
        assert above == 0 and below > 0 and f"{below} more below" in drawn
        for _ in range(len(menu.body) - 1):             # keys: down to the last game
            app.dispatch(Action("down"))
        assert menu.focused is menu.body[-1] and menu.hidden()[1] == 0
        app.draw()
        app.present()
        assert_on_screen(app, menu.body[-1])
        assert f"{menu.hidden()[0]} more above" in drawn
        for _ in range(len(menu.body) - 1):             # the wheel: back to the first
            app.dispatch(Action("wheel", amount=1))
        assert menu.focus == 0 and menu.hidden() == (0, below)
        app.dispatch(Action("click", pos=menu.sign_rects()[1].center))    # the sign
        assert menu.hidden()[1] < below and menu.focused.rect.bottom <= menu.bottom
        assert back.rect == back_at
        if screen == "pick":
            for _ in range(len(menu.body) - 1 - menu.focus):
                app.dispatch(Action("down"))
            app.dispatch(Action("confirm"))
            assert picked == [list(VARIANTS)[-1]]


def test_the_new_games_game_choice_offers_every_game(app):
    with registered(*more_games(10)):
        scene = VariantSelectScene(app)
        game = next(w for w in scene.menu.widgets if w.label == "Game")
        assert [value for value, _ in game.choices] == list(VARIANTS)
