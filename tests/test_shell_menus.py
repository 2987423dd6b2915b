"""Every menu and overlay driven by synthetic Actions."""
import json
import random

import pygame
import pytest

from game.play.config import MatchConfig, Seat
from game.shell.frame.app import App
from game.shell.match.coach import ReviewScene
import game.logic.levels as levels
from game.logic.options import Option
from game.shell.editor.picker import LevelsScene
from game.shell.frame import theme
from game.shell.frame.scene import Action
from game.shell.frame.widgets import Button
from game.shell.lessons.learn import LearnScene, LessonOffer
from game.shell.net.screens import NetworkScene
from game.shell.screens.dialogs import MessageScene
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.results import ResultsScene
from game.shell.screens.rules import RulesScene
from game.shell.screens.settings import SettingsScene
from game.shell.screens.option_words import option_choices
from game.shell.screens.setup import VariantSelectScene, layout_choices
from game.shell.screens.statistics import StatsScene
from game.shell.screens.title import TitleScene, VariantPickScene
from test_shell_support import (STEP, RecordingScene, frame, keys, make_app, play_to_the_last_move,
                                results_ready)


def press(app, *names):
    for name in names:
        app.dispatch(Action(name))


def type_text(app, text):
    for char in text:
        app.dispatch(Action("text", char=char))


def focus_label(scene):
    return scene.menu.focused.label


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    app.started = []
    monkeypatch.setattr(app, "start_match", app.started.append)
    return app


def test_title_menu_opens_each_screen(app):
    assert isinstance(app.top, TitleScene) and focus_label(app.top) == "Play"
    press(app, "confirm")
    assert isinstance(app.top, VariantSelectScene)
    press(app, "back", "down", "confirm")
    assert isinstance(app.top, NetworkScene)
    press(app, "back", "down", "confirm")
    assert isinstance(app.top, LearnScene)
    press(app, "back", "down", "confirm")
    assert isinstance(app.top, VariantPickScene)
    press(app, "back", "down", "confirm")
    assert isinstance(app.top, LevelsScene)
    press(app, "back", "down", "confirm")
    assert isinstance(app.top, StatsScene)
    press(app, "back", "down", "confirm")
    assert isinstance(app.top, SettingsScene)
    press(app, "back", "back")                     # Esc on the title asks, Enter stays
    assert app.top.question == "Quit the game?" and focus_label(app.top) == "Stay"
    app.running = True
    press(app, "confirm")
    assert isinstance(app.top, TitleScene) and app.running
    press(app, "back", "up", "confirm")
    assert not app.running


def skip_the_lessons(app):
    """A game new to the person offers its lessons first: Esc plays now."""
    assert isinstance(app.top, LessonOffer)
    press(app, "back")


def test_variant_select_starts_the_default_classic_match(app):
    press(app, "confirm")
    scene = app.top
    while focus_label(scene) != "Start":
        press(app, "down")
    press(app, "confirm")
    skip_the_lessons(app)
    (config,) = app.started
    assert config == MatchConfig("classic", (Seat("Player 1", "human"),
                                             Seat("Player 2", "computer", "greedy")),
                                 {"limit": 150, "block": False, "opening": "highest"},
                                 config.seed)
    saved = json.loads(app.settings_path.read_text())
    assert saved["last_setup"]["variant"] == "classic"


def test_variant_select_changes_players_seats_and_options(app):
    press(app, "confirm")
    scene = app.top
    press(app, "down", "right")                  # players 2 -> 3
    assert scene.players == 3
    press(app, "down", "down")                   # the Player 2 row
    for _ in range(len(scene.seat_choices)):     # Right through the computers to Human
        if scene.seats[1] == "human":
            break
        press(app, "right")
    press(app, "down", "down", "right")          # Player 3 row, then limit 150 -> 200
    assert focus_label(scene) == "Limit"
    press(app, "down", "right")                  # block on
    press(app, "down", "right")                  # the first player opens with any tile
    assert focus_label(scene) == "Opening"
    while focus_label(scene) != "Start":
        press(app, "down")
    press(app, "confirm")
    skip_the_lessons(app)
    config = app.started[-1]
    assert [s.kind for s in config.seats] == ["human", "human", "computer"]
    chosen = {"limit": 200, "block": True, "opening": "any"}
    assert config.options == chosen
    # The next visit starts from what was chosen.
    again = VariantSelectScene(app)
    assert again.players == 3 and again.config(1).options == chosen


def test_variant_select_reaches_dominox_and_its_layouts(app):
    press(app, "confirm")
    scene = app.top
    for _ in range(len(scene.variants)):         # Left steps through the games
        if scene.variant == "dominox":
            break
        press(app, "left")
    assert scene.variant == "dominox"
    labels = [w.label for w in scene.menu.widgets]
    assert "Layout" in labels and "Players" in labels
    layout = scene.menu.widgets[labels.index("Layout")]
    assert "standard" in [v for v, _ in layout.choices]


def test_broken_setup_in_settings_is_ignored(app):
    app.settings.last_setup = {"variant": "nope", "players": 99, "seats": "x", "options": [1]}
    scene = VariantSelectScene(app)
    assert scene.variant == "classic" and scene.players == 2


def test_option_choices():
    assert option_choices(Option("block", False, "")) == [(False, "Off"), (True, "On")]
    limits = [v for v, _ in option_choices(Option("limit", 100, "", minimum=1))]
    assert {50, 100, 150, 200, 250} <= set(limits) and min(limits) >= 1
    assert [v for v, _ in option_choices(Option("hand", 8, "", minimum=1, maximum=14))] \
        == list(range(1, 15))
    assert option_choices(Option("mode", "a", "", choices=("a", "b")))[1] == ("b", "b")


def test_rules_from_the_title_menu_scroll_and_close(app):
    press(app, "down", "down", "down", "confirm", "confirm")      # Rules, first variant
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.title == "Classic draw dominoes"
    assert app.font(rules.BODY).get_height() >= 27
    assert any("limit" in line for line in rules.lines)       # the options are listed
    press(app, "up")
    assert rules.offset == 0
    for _ in range(200):
        press(app, "down")
    assert rules.pages > 1 and rules.offset == (rules.pages - 1) * rules.per_page
    for _ in range(rules.pages):                              # pages meet, never overlap
        press(app, "left")
    assert rules.offset == 0
    press(app, "right")
    assert rules.offset == rules.per_page
    press(app, "back")
    assert isinstance(app.top, TitleScene)


def test_pause_overlay_resume_and_quit_with_confirmation(app):
    match = RecordingScene(app, "match")
    app.push(match)
    app.push(PauseOverlay(app, "classic"))
    press(app, "back")
    assert app.top is match
    app.push(PauseOverlay(app, "classic"))
    press(app, "down", "confirm")
    assert isinstance(app.top, RulesScene)
    press(app, "back", "down", "down")
    assert focus_label(app.top) == "Quit to menu"
    press(app, "confirm")
    assert app.top.confirming and app.stack[-2] is match
    press(app, "down", "confirm")                # "Yes, quit to menu"
    assert len(app.stack) == 1 and isinstance(app.top, TitleScene)


def test_settings_screen_edits_and_saves(app):
    app.push(SettingsScene(app))
    scene = app.top
    press(app, "down", "down", "left")           # past Language, Full screen: 70% -> 60%
    assert app.settings.volume == pytest.approx(0.6)
    press(app, "down", "right")                  # mute
    assert app.settings.muted
    while focus_label(scene) != "Player 1 name":
        press(app, "down")
    press(app, "confirm")
    assert scene.wants_text
    for _ in range(8):
        app.dispatch(Action("text", char="\b"))
    type_text(app, "Ada d")                      # letters that are also keys stay text
    press(app, "confirm")
    assert app.settings.player_names[0] == "Ada d" and not scene.wants_text
    press(app, "back")
    saved = json.loads(app.settings_path.read_text())
    assert saved["player_names"][0] == "Ada d" and saved["muted"] is True


def test_name_edit_cancelled_with_back(app):
    app.push(SettingsScene(app))
    scene = app.top
    while focus_label(scene) != "Player 2 name":
        press(app, "down")
    press(app, "confirm")
    type_text(app, "xyz")
    press(app, "back")
    assert app.settings.player_names[1] == "Player 2" and app.top is scene


def test_hand_over_hides_the_table_and_continues_once(app):
    match = RecordingScene(app, "match")
    app.push(match)
    calls = []
    app.push(HandOverScene(app, "Bob", lambda: calls.append(1)))
    match.log.clear()
    app.draw()
    assert ("draw", "match") not in match.log
    press(app, "confirm")
    press(app, "confirm")
    assert calls == [1] and app.top is match


def test_round_results_continue(app):
    match = RecordingScene(app, "match")
    app.push(match)
    calls = []
    app.push(ResultsScene(app, "Round 1", [("Ann", 3, 10), ("Bob", 0, 7)], "Ann wins",
                          on_continue=lambda: calls.append(1), headers=("", "Round", "Total")))
    match.log.clear()
    app.draw()
    assert ("draw", "match") in match.log        # an overlay: the table shows through
    press(app, "confirm")                        # pressed before it could be read
    assert calls == []
    results_ready(app)
    press(app, "back")
    assert calls == []
    press(app, "confirm")
    assert calls == [1] and app.top is match


def test_match_results_rematch_and_menu(app):
    app.push(RecordingScene(app, "match"))
    calls = []
    results = ResultsScene(app, "Match over", [("Name", "Total"), ("Ann", 151), ("Bob", 80)],
                           "Bob wins", rematch=lambda: calls.append("again"))
    assert results.headers == ("Name", "Total") and len(results.rows) == 2
    app.push(results)
    assert [w.label for w in results.menu.widgets] == ["Rematch", "Menu"]
    results_ready(app)
    assert focus_label(results) == "Menu"        # the harmless one, never Rematch
    press(app, "up", "confirm")
    assert calls == ["again"]
    press(app, "down", "confirm")
    assert len(app.stack) == 1 and isinstance(app.top, TitleScene)


def test_message_scene_goes_back(app):
    app.push(MessageScene(app, "Oops", "layout.toml:3: the grid is empty"))
    app.draw()
    press(app, "confirm")
    assert isinstance(app.top, TitleScene)


def test_mouse_clicks_a_button(app):
    title = app.top
    quit_button = title.menu.widgets[-1]
    assert isinstance(quit_button, Button)
    app.running = True
    app.dispatch(Action("point", pos=quit_button.rect.center))
    assert focus_label(title) == "Quit"
    app.dispatch(Action("click", pos=quit_button.rect.center))
    assert not app.running


def test_broken_layouts_are_offered_by_name_with_their_error_but_do_not_start(app,
                                                                               monkeypatch):
    from types import SimpleNamespace
    import game.logic.levels as levels
    entries = [SimpleNamespace(name="standard", path="s", level=SimpleNamespace(title="Std"),
                               error=None),
               SimpleNamespace(name="holes", path="h", level=None,
                               error="holes.toml:4: the grid is not rectangular")]
    monkeypatch.setattr(levels, "list_layouts", lambda *a, **k: entries)
    app.settings.last_setup = {"variant": "dominox"}
    scene = VariantSelectScene(app)
    labels = [w.label for w in scene.menu.widgets]
    layout = scene.menu.widgets[labels.index("Layout")]
    assert layout.choices == [("standard", "Std"), ("holes", "holes.toml (does not load)")]
    assert layout.broken == {"holes": "holes.toml:4: the grid is not rectangular"}
    layout.step(1)
    scene.start()
    assert app.top.title == "This level does not load" and not app.started


def test_demo_results_go_on_by_themselves(app):
    app.push(RecordingScene(app, "match"))
    calls = []
    app.push(ResultsScene(app, "Match over", [("Ann", 1)], "Ann wins",
                          rematch=lambda: calls.append("again")))
    for _ in range(600):
        app.advance(1 / 60)
    assert calls == []                           # a person is playing: it waits
    app.demo = "classic"
    for _ in range(int(ResultsScene.DEMO_PAUSE * 60) + 2):
        app.advance(1 / 60)
    assert calls == ["again"]


def test_a_broken_level_file_is_listed_by_file_name_and_fits_the_menu(tmp_path, monkeypatch):
    folder = tmp_path / "levels"
    folder.mkdir()
    (folder / "standard.toml").write_text('name = "Tiny"\ngrid = """\n....\n....\n"""\n')
    (folder / "broken.toml").write_text('name = "Broken"\ngrid = """\n..x.\n"""\n')
    real = levels.list_layouts
    monkeypatch.setattr(levels, "list_layouts", lambda variant: real(variant, folder))
    good, broken = layout_choices("dominox")
    assert [name for name, _ in good] == ["standard"]
    assert len(broken) == 1 and broken[0].startswith("broken.toml:3:")
    assert str(folder) not in broken[0]

    app = make_app(tmp_path)
    app.settings.last_setup = {"variant": "dominox"}
    select = VariantSelectScene(app)               # offered by its name, its error beside it
    layout = next(w for w in select.menu.widgets if w.label == "Layout")
    assert ("broken", "broken.toml (does not load)") in layout.choices
    assert layout.broken["broken"].startswith("broken.toml:3:")
    assert not [w for w in select.menu.widgets if type(w).__name__ == "Label"]


def test_each_board_game_lists_the_layouts_of_its_own_folder(app):
    app.settings.last_setup = {"variant": "open54"}
    scene = VariantSelectScene(app)
    labels = [w.label for w in scene.menu.widgets]
    spread = {v for v, _ in scene.menu.widgets[labels.index("Layout")].choices}
    scene.set_variant("dominox")
    labels = [w.label for w in scene.menu.widgets]
    dominox = {v for v, _ in scene.menu.widgets[labels.index("Layout")].choices}
    assert {"standard", "pillars"} <= spread and "quick" not in spread
    assert {"standard", "quick"} <= dominox and "pillars" not in dominox
    assert layout_choices("classic") == ([], [])          # no level folder, no layouts


def window_rect(app, rect):
    """A logical rectangle where it lands in the window (the app's letterbox)."""
    scale, box = app._letterbox()
    return pygame.Rect(box.x + round(rect.x * scale), box.y + round(rect.y * scale),
                       round(rect.w * scale), round(rect.h * scale))


def assert_on_screen(app, widget, above=1080 - 52):
    """The widget lies inside the 1280x720 window, above the key legend (or the logical
    y `above`), and its face is drawn there (the window shows a button's fill at its left
    end)."""
    assert app.window.get_size() == (1280, 720)
    inside = window_rect(app, widget.rect)
    assert pygame.Rect(0, 0, 1280, 720).contains(inside), (widget.label, inside)
    assert widget.rect.bottom <= above, widget.label
    colour = app.window.get_at((inside.x + 6, inside.centery))[:3]
    assert any(max(abs(a - b) for a, b in zip(colour, fill)) <= 8
               for fill in ((30, 44, 52), (52, 74, 82))), (widget.label, colour)


def playable():
    from game.shell.screens.setup import load_variants
    return [(name, cls.max_players) for name, cls in load_variants(playable_only=True)[0]]


@pytest.mark.parametrize("variant,players", playable())
def test_every_setup_fits_the_720p_window_with_every_option_shown(app, variant, players):
    """With the most players the game takes, every row of the setup (game, players, each
    seat, each option) is on screen at once, and Start and Back stay on screen wherever
    the focus goes, at 1280x720."""
    app.settings.last_setup = {"variant": variant, "players": players}
    scene = VariantSelectScene(app)
    app.push(scene)
    menu = scene.menu
    labels = [w.label for w in menu.widgets]
    options = ["Starting board" if o.name == "start" else o.name.replace("_", " ").capitalize()
               for o in scene.cls.options_declared]
    assert set(options) <= set(labels) and labels[-3:] == ["Start", "How to play", "Back"]
    assert len([w for w in menu.widgets if w.marker]) == players
    start, how, back = menu.widgets[-3:]
    for _ in range(len(menu.widgets)):
        app.draw()
        app.present()
        for button in (start, how, back):
            assert_on_screen(app, button, above=1000 - 20)     # the focused row's help
        focused = menu.focused.rect
        if menu.focused not in menu.footer:
            assert menu.top - 6 <= focused.top and focused.bottom <= menu.bottom + 6
        if menu.focus == 0:                    # nothing is scrolled out of sight
            assert menu.hidden() == (0, 0)
            assert all(menu.top <= w.rect.top and w.rect.bottom <= menu.bottom
                       for w in menu.body)
        press(app, "down")
    assert menu.focus == 0
    press(app, "up")                             # round to Back, then along the footer
    assert menu.focused is back
    press(app, "left")
    assert menu.focused is how
    press(app, "left")
    assert menu.focused is start
    press(app, "left")                           # (the list's rows are not to the left)
    assert menu.focused is start
    press(app, "right")
    assert menu.focused is how


def test_a_setup_longer_than_the_screen_scrolls_with_a_sign(app, monkeypatch):
    """Notes of broken files make the list longer than its room: a sign says how many
    rows are out of sight, a click on it scrolls there, and Start and Back stay put."""
    app.settings.last_setup = {"variant": "open54", "players": 4}
    scene = VariantSelectScene(app)
    scene.errors = [f"broken{i}.py: not available (a damaged module)" for i in range(4)]
    scene.rebuild(focus=0)
    app.push(scene)
    menu = scene.menu
    above, below = menu.hidden()
    assert above == 0 and below >= 3
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: (
        drawn.append(text), real(surface, text, *a, **k))[1])
    app.draw()
    assert f"{below} more below" in drawn
    start = menu.widgets[-3]
    start_at = start.rect.copy()
    app.dispatch(Action("click", pos=menu.sign_rects()[1].center))
    assert menu.hidden()[1] == 0 and menu.hidden()[0] > 0    # the notes are in sight
    assert start.rect == start_at
    drawn.clear()
    app.draw()
    assert f"{menu.hidden()[0]} more above" in drawn
    assert all(w.rect.bottom <= menu.bottom for w in menu.body if not w.focusable)


@pytest.mark.parametrize("variant,options", [("blank", {"doubles": False}), ("dominid", {}),
                                             ("open3", {"goal": "captures:1"})])
def test_enter_twice_after_the_last_move_never_starts_a_rematch(app, variant, options):
    """The last move, then Enter twice at once (as a person still playing would): the
    first brings the results, the second comes before they are shown and is ignored;
    once shown the focus is on Review, the footer says so, and Enter opens the review."""
    scene = App.match_scene_class(variant)(app, MatchConfig(
        variant, (Seat("Ann"), Seat("Ben")), options, 4))
    app.push(scene)
    play_to_the_last_move(app, scene, random.Random(2))
    keys(app, pygame.K_RETURN, pygame.K_RETURN)
    results = app.top
    assert isinstance(results, ResultsScene) and not results.ready
    frame(app, round(ResultsScene.APPEAR_SECONDS / STEP))
    assert app.top is results and results.ready
    assert app.started == [] and app.stack[1] is scene       # no new deal
    assert [w.label for w in results.menu.widgets] == ["Rematch", "Review", "Menu"]
    assert focus_label(results) == "Review"
    assert results.legend().startswith("Enter: review   Up/Down: choose")
    keys(app, pygame.K_RETURN)
    assert isinstance(app.top, ReviewScene) and app.started == []


class BrightTable(RecordingScene):
    def draw(self, surface):
        surface.fill((250, 240, 120))            # a bright banner all over the table


@pytest.mark.parametrize("figure", [False, True])
def test_the_results_panel_hides_the_table_under_it(app, figure):
    """Nothing of the table shows through the results' empty middle, wide or not, from
    the moment they are fully shown."""
    from game.shell.screens.score_plot import ScoreChart
    from game.logic.variants import new_game
    app.push(BrightTable(app))
    chart = ScoreChart.of(new_game("classic", 2, 1), ["Ann", "Bob"]) if figure else None
    results = ResultsScene(app, "Match over", [("Ann", 3), ("Bob", 9)], "Ann wins",
                           rematch=lambda: None, figure=chart)
    app.push(results)
    results_ready(app)
    app.draw()
    middle = (300, 640) if figure else (960, 640)      # below the rows, above the buttons
    assert app.screen.get_at(middle)[:3] == theme.PANEL


def test_the_pause_menu_fits_a_network_table_s_rows_and_its_question(tmp_path):
    app = make_app(tmp_path)
    overlay = PauseOverlay(app, "classic", "Leave this match? Your seat waits for you for "
                           "two minutes.", [("The computer plays for Ben", lambda: None)])
    bottom = max(w.rect.bottom for w in overlay.menu.widgets)
    panel = pygame.Rect(overlay.panel_rect())
    assert panel.bottom >= bottom + 24               # (Quit to menu touched its edge)
    overlay.ask()
    lines = [w.label for w in overlay.menu.widgets if not w.focusable]
    assert len(lines) == 2 and len(lines[1].split()) > 2, lines    # not "minutes." alone
