"""The storage module: atomic writes, and the background writer the saves go through."""
import os
import sys
import time

import pytest

from game.play import saves, settings, statistics as stats, storage
from game.play.storage import BackgroundWriter, remove_stale_temps, write_atomic


def test_the_background_writer_puts_the_newest_text_on_disk(tmp_path):
    writer = BackgroundWriter()
    path = tmp_path / "deep" / "save.json"
    for n in range(50):
        writer.put(path, f"{n}\n")
    assert writer.settle()
    assert path.read_text() == "49\n"
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]   # no temporary left


def test_a_removal_comes_after_the_write_before_it(tmp_path):
    writer = BackgroundWriter()
    path = tmp_path / "save.json"
    writer.put(path, "x")
    writer.put(path, None)
    assert writer.settle() and not path.exists()
    writer.put(path, None)                        # removing what is not there is fine
    assert writer.settle() and writer.take_error() is None


def test_a_failed_write_is_reported_once(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    writer = BackgroundWriter()
    writer.put(blocker / "save.json", "x")
    assert writer.settle()
    assert isinstance(writer.take_error(), OSError)
    assert writer.take_error() is None


def test_stale_temporary_files_of_killed_writers_go(tmp_path):
    write_atomic(tmp_path / "kept.json", "{}")
    stale = tmp_path / ".kept.json.abc.tmp"
    stale.write_text("half")
    fresh = tmp_path / ".other.json.def.tmp"
    fresh.write_text("being written")
    old = time.time() - storage.STALE_SECONDS - 5
    os.utime(stale, (old, old))
    assert remove_stale_temps(tmp_path) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.def.tmp", "kept.json"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
@pytest.mark.parametrize("xdg", ["set", "unset", "empty"])
def test_the_folders_stay_where_they_were_on_linux(monkeypatch, tmp_path, xdg):
    """Settings, the saved match and the statistics where the game kept them before
    platformdirs found the folders: $XDG_CONFIG_HOME and $XDG_DATA_HOME when set, else
    ~/.config and ~/.local/share."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    config, data = home / ".config", home / ".local" / "share"
    if xdg == "set":
        config, data = tmp_path / "config", tmp_path / "data"
    for name, folder in (("XDG_CONFIG_HOME", config), ("XDG_DATA_HOME", data)):
        if xdg == "unset":
            monkeypatch.delenv(name)
        else:
            monkeypatch.setenv(name, str(folder) if xdg == "set" else "")
    assert storage.config_dir() == config / "dominoes"
    assert storage.data_dir() == data / "dominoes"
    assert settings.default_path() == config / "dominoes" / "settings.json"
    assert saves.save_path() == data / "dominoes" / "current.json"
    assert stats.path() == data / "dominoes" / "statistics.json"
    assert not home.exists()           # finding the folders makes none
