"""Settings: defaults, round trip, atomic writes and damaged files."""
import json
import os

import pytest

from game.shell import settings as settings_module
from game.shell.settings import Settings, default_path, load_settings, save_settings
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

    monkeypatch.setattr(settings_module.os, "replace", explode)
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
