"""Settings: defaults, round trip, atomic writes and damaged files; the settings screen
follows F11, and names changed during a match reach it."""
import json
import os

import pytest

from game.play import storage
from game.play.config import MatchConfig, Seat
from game.shell.frame import theme
from game.shell.frame.scene import Action
from game.shell.frame.widgets import Selector
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.settings import SettingsScene
from game.play.settings import (ANIM_SPEEDS, Settings, default_path, load_settings, save_settings)
from test_shell_support import make_app


def test_missing_file_gives_defaults_without_notice(tmp_path):
    settings, notice = load_settings(tmp_path / "none.json")
    assert settings == Settings() and notice is None
    assert settings.fullscreen and settings.volume == 0.7 and settings.anim_speed == 1
    assert settings.player_names == ["Player 1", "Player 2", "Player 3", "Player 4"]


def test_round_trip(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    original = Settings(fullscreen=False, volume=0.3, muted=True, anim_speed=2.0,
                        player_names=["Ann", "Bob", "Cy", "Di"], show_hints=False,
                        show_coords=False, last_setup={"variant": "blank", "players": 3})
    save_settings(original, path)
    loaded, notice = load_settings(path)
    assert loaded == original and notice is None


def test_config_directory_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_path() == tmp_path / "dominoes" / "settings.json"


def test_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    save_settings(Settings(volume=0.2), path)
    before = path.read_text()

    def explode(*args, **kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", explode)
    with pytest.raises(OSError):
        save_settings(Settings(volume=0.9), path)
    assert path.read_text() == before
    assert os.listdir(tmp_path) == ["settings.json"]      # no temporary left behind


def test_corrupt_json_is_kept_aside_and_defaults_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 0.5,\n  "muted": tru\n}')
    settings, notice = load_settings(path)
    assert settings == Settings()
    assert "line 2" in notice and "settings.json.bad-" in notice
    assert not path.exists()
    (aside,) = tmp_path.glob("settings.json.bad-*")
    assert "tru" in aside.read_text()


def test_wrong_top_level_type_is_kept_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2]")
    settings, notice = load_settings(path)
    assert settings == Settings() and "JSON object" in notice
    assert list(tmp_path.glob("settings.json.bad-*"))


def test_one_bad_value_falls_back_alone(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": "loud", "muted": True, "anim_speed": 0.5,
                                "player_names": ["A", "B"], "surprise": 1}))
    settings, notice = load_settings(path)
    assert settings.volume == 0.7 and settings.player_names == Settings().player_names
    assert settings.muted is True and settings.anim_speed == 0.5
    assert "volume" in notice and "player_names" in notice and "surprise" not in notice
    assert path.exists()


@pytest.mark.parametrize("address", ["x" * 61, "host:7777\x1b[2J", 7777, None])
def test_a_table_server_address_that_cannot_be_one_falls_back_to_none(tmp_path, address):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"server_address": address, "muted": True}))
    settings, notice = load_settings(path)
    assert settings.server_address == "" and settings.muted is True
    assert "server_address" in notice
    path.write_text(json.dumps({"server_address": "tables.example.org:7777"}))
    assert load_settings(path)[0].server_address == "tables.example.org:7777"


def test_app_shows_the_notice_once_on_the_title(tmp_path):
    (tmp_path / "settings.json").write_text("{oops")
    app = make_app(tmp_path)
    title = app.top
    assert title.notice and "settings.json" in title.notice and app.notice is None
    app.draw()
    assert app.settings == Settings()


def test_app_saves_and_reloads(tmp_path):
    app = make_app(tmp_path)
    app.settings.player_names[0] = "Zoe"
    assert app.save_settings()
    assert make_app(tmp_path).settings.player_names[0] == "Zoe"


def test_settings_screen_shows_full_screen_after_f11(tmp_path):
    app = make_app(tmp_path)
    settings = SettingsScene(app)
    app.push(settings)
    before = app.fullscreen
    app.dispatch(Action("fullscreen"))
    app.draw()
    assert settings.fullscreen_row.value is (not before)
    settings.fullscreen_row.step(1)              # and stepping it really toggles again
    assert app.fullscreen is before


def drawn_texts(monkeypatch) -> list[str]:
    texts = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *args, **kw: (
        texts.append(str(text)), real(surface, text, *args, **kw))[1])
    return texts


def test_names_changed_in_the_pause_settings_reach_the_match_and_its_rematch(tmp_path,
                                                                           monkeypatch):
    app = make_app(tmp_path)
    app.settings.anim_speed = 0
    names = list(app.settings.player_names)
    app.start_match(MatchConfig("classic", (Seat(names[0]), Seat(names[1], "computer")), {}, 5))
    scene = app.top
    record = scene.state.record()
    app.dispatch(Action("pause"))
    assert isinstance(app.top, PauseOverlay)
    settings_button = next(w for w in app.top.menu.widgets if w.label == "Settings")
    settings_button.handle_confirm()
    assert isinstance(app.top, SettingsScene)
    field = next(w for w in app.top.menu.widgets if w.label == "Player 1 name")
    field.handle_confirm()
    field.text = "Zed"
    field.finish()
    app.settings.player_names[1] = "Robo"         # a computer seat keeps its name
    app.dispatch(Action("back"))                  # settings closed
    app.dispatch(Action("pause"))                 # resume
    assert app.top is scene
    assert scene.ctl.name(0) == "Zed" and scene.ctl.name(1) == names[1] != "Robo"
    assert scene.state.record() == record
    texts = drawn_texts(monkeypatch)
    app.advance(1 / 60)
    app.draw()
    assert "Zed" in texts
    scene.ctl.rematch()
    assert [s.name for s in app.top.ctl.config.seats] == ["Zed", names[1]]


def test_the_settings_screen_shows_the_speed_in_use(tmp_path):
    (tmp_path / "settings.json").write_text('{"anim_speed": 3.7, "volume": 0.74}')
    app = make_app(tmp_path)
    assert app.settings.anim_speed == 2.0 and app.settings.volume == 0.7
    screen = SettingsScene(app)
    shown = {w.label: w.choices[w.index][1] for w in screen.menu.widgets
             if isinstance(w, Selector)}
    assert shown["Animation"] == ANIM_SPEEDS[app.settings.anim_speed] == "Fast"
    assert shown["Volume"] == "70%"
