"""The app's fixed-step loop and its scene stack."""
import pygame
import pytest

from game.shell.frame import app as app_module

from game.shell.frame.scene import LOGICAL_SIZE, Action
from game.shell.match import kinds as scene_kinds
from game.shell.screens.dialogs import MessageScene
from game.shell.screens.title import TitleScene
from test_shell_support import FakeClock, RecordingScene, make_app


def test_sixty_updates_per_simulated_second(tmp_path):
    app = make_app(tmp_path, frames=120, clock=FakeClock(1000 / 120))
    scene = RecordingScene(app)
    app.push(scene)
    assert app.run() == 0
    assert app.frame == 120
    assert scene.updates == 60
    assert app.time == pytest.approx(1.0)


def test_catch_up_is_capped_per_frame(tmp_path):
    app = make_app(tmp_path, frames=4, clock=FakeClock(500))
    scene = RecordingScene(app)
    app.push(scene)
    app.run()
    assert scene.updates == 4 * app_module.MAX_CATCHUP      # not 4 * 30
    assert app.lag <= app_module.STEP


def test_advance_counts_steps(tmp_path):
    app = make_app(tmp_path)
    assert app.advance(0.010) == 0
    assert app.advance(0.010) == 1           # 20 ms accumulated: one step, 3.3 ms left
    assert app.advance(10.0) == app_module.MAX_CATCHUP


def test_push_pop_replace_call_enter_and_leave(tmp_path):
    app = make_app(tmp_path)
    log = []
    a, b, c = (RecordingScene(app, n, log) for n in "abc")
    app.push(a)
    app.push(b)
    app.replace(c)
    assert app.top is c
    assert app.pop() is c
    assert app.top is a
    assert log == [("enter", "a"), ("leave", "a"), ("enter", "b"), ("leave", "b"),
                   ("enter", "c"), ("leave", "c"), ("enter", "a")]


def test_overlays_draw_over_the_scene_below_and_only_top_updates(tmp_path):
    app = make_app(tmp_path)
    log = []
    base, hidden = RecordingScene(app, "hidden", log), RecordingScene(app, "base", log)
    app.push(base)
    app.push(hidden)
    over1 = RecordingScene(app, "over1", log, overlay=True)
    over2 = RecordingScene(app, "over2", log, overlay=True)
    app.push(over1)
    app.push(over2)
    log.clear()
    app.draw()
    assert log == [("draw", "base"), ("draw", "over1"), ("draw", "over2")]
    app.advance(3 / 60)
    assert (over2.updates, over1.updates, hidden.updates, base.updates) == (3, 0, 0, 0)
    app.dispatch(Action("confirm"))
    assert [a.name for a in over2.actions] == ["confirm"] and not over1.actions


def test_back_to_menu_keeps_only_the_title(tmp_path):
    app = make_app(tmp_path)
    for name in "abc":
        app.push(RecordingScene(app, name))
    app.back_to_menu()
    assert len(app.stack) == 1 and isinstance(app.top, TitleScene)


def test_popping_the_last_scene_quits(tmp_path):
    app = make_app(tmp_path)
    app.running = True
    app.pop()
    assert not app.running


def test_start_match_shows_a_message_when_the_scene_is_missing(tmp_path, monkeypatch):
    monkeypatch.setitem(scene_kinds.SCENE_KINDS, "line", "game.shell.no_such_module:X")
    app = make_app(tmp_path)
    app.push(RecordingScene(app))
    from game.play.config import MatchConfig, Seat
    app.start_match(MatchConfig("classic", (Seat("A"), Seat("B"))))
    assert isinstance(app.stack[0], TitleScene)
    assert isinstance(app.top, MessageScene) and len(app.stack) == 2


def test_start_match_builds_the_table_scene(tmp_path, monkeypatch):
    built = []

    class StubMatch(RecordingScene):
        def __init__(self, app, config):
            super().__init__(app, "match")
            built.append(config)

    monkeypatch.setattr(app_module.App, "match_scene_class", staticmethod(lambda v: StubMatch))
    app = make_app(tmp_path)
    from game.play.config import MatchConfig, Seat
    config = MatchConfig("dominox", (Seat("A"), Seat("B", "computer")), {}, 5)
    app.push(RecordingScene(app))
    app.start_match(config)
    assert built == [config] and isinstance(app.top, StubMatch) and len(app.stack) == 2


def test_mouse_positions_become_logical_pixels(tmp_path):
    app = make_app(tmp_path)                 # 1280x720 window: scale 2/3, no bars
    assert app.window.get_size() == (1280, 720)
    assert app.to_logical((640, 360)) == (960, 540)
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(1279, 719))
    (action,) = app.input.translate(event)
    assert action.name == "click" and action.pos == (1918, 1078)


def test_frame_is_scaled_to_the_window_with_letterbox(tmp_path):
    app = make_app(tmp_path)
    app.window = pygame.display.set_mode((1000, 1000))     # square window: bars above/below
    scale, rect = app._letterbox()
    assert rect.size == (1000, 562) and rect.y == (1000 - 562) // 2
    assert app.to_logical((500, rect.y)) == (LOGICAL_SIZE[0] // 2, 0)
    app.draw()
    app.present()


def test_closing_the_window_ends_run(tmp_path):
    app = make_app(tmp_path)                 # no frame limit: only the event stops it
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert app.frame <= 1


def test_f11_toggles_full_screen_and_remembers_it(tmp_path):
    app = make_app(tmp_path)
    assert not app.fullscreen
    app.dispatch(Action("fullscreen"))
    assert app.fullscreen and app.settings.fullscreen
    assert '"fullscreen": true' in app.settings_path.read_text()
    app.dispatch(Action("fullscreen"))
    assert not app.fullscreen and app.window.get_size() == app_module.WINDOWED_SIZE


def test_events_reach_the_top_scene_as_actions(tmp_path):
    app = make_app(tmp_path)
    scene = RecordingScene(app)
    app.push(scene)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b",
                                         mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, unicode="h", mod=0))
    app.process_events()
    assert [(a.name, a.char) for a in scene.actions] == [("back", ""), ("hint", ""),
                                                          ("text", "h")]


def test_a_board_variant_without_an_adapter_is_a_message(tmp_path):
    from game.logic import variants
    from game.play.config import MatchConfig, Seat
    entry = variants.VariantEntry("nothere", variants.VARIANTS["dominox"].rules, "board",
                                  adapter="game.shell.variants.nothere:Adapter")
    app = make_app(tmp_path)
    with variants.registered(entry):
        app.start_match(MatchConfig("nothere", (Seat("A"), Seat("B", "computer"))))
    assert "nothere" not in variants.VARIANTS
    assert isinstance(app.stack[0], TitleScene) and len(app.stack) == 2
    assert isinstance(app.top, MessageScene)
    assert "game/shell/variants/nothere.py" in " ".join(app.top.lines)


def test_the_registry_names_each_variants_scene(tmp_path):
    from game.logic.variants import VARIANTS
    from game.shell.board.scene import BoardMatchScene
    from game.shell.line.scene import LineMatchScene
    kinds = {"line": LineMatchScene, "board": BoardMatchScene}
    for name, entry in VARIANTS.items():
        assert app_module.App.match_scene_class(name) is kinds[entry.scene]
