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
    assert writer.settle() and writer.failure(path) is None


def test_a_failed_write_is_told_until_a_write_of_its_file_succeeds(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    writer = BackgroundWriter()
    writer.put(blocker / "save.json", "x")
    writer.put(tmp_path / "other.json", "x")
    assert writer.settle()
    assert isinstance(writer.failure(blocker / "save.json"), OSError)
    assert writer.failure(blocker / "save.json") is not None        # asked again: still
    assert writer.failure(tmp_path / "other.json") is None
    blocker.unlink()
    writer.put(blocker / "save.json", "y")
    assert writer.settle() and writer.failure(blocker / "save.json") is None


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


def test_files_set_aside_in_one_second_keep_every_copy(tmp_path, monkeypatch):
    monkeypatch.setattr(storage.time, "strftime", lambda form, *when: "20250101-120000")
    path = tmp_path / "lessons.json"
    said = []
    for n in range(3):
        path.write_text(f"damaged {n}")
        said.append(storage.set_aside(path, "not a lessons file"))
    names = ["lessons.json.bad-20250101-120000", "lessons.json.bad-20250101-120000-2",
             "lessons.json.bad-20250101-120000-3"]
    assert said == [f"lessons.json: not a lessons file; kept as {name}" for name in names]
    assert [(tmp_path / name).read_text() for name in names] == [f"damaged {n}" for n in range(3)]
    assert not path.exists()


def test_a_folder_and_a_dangling_link_are_set_aside_as_they_are(tmp_path):
    folder, link = tmp_path / "current.json", tmp_path / "statistics.json"
    folder.mkdir()
    link.symlink_to(tmp_path / "nowhere")
    assert "kept as current.json.bad-" in storage.set_aside(folder, "a folder")
    assert "kept as statistics.json.bad-" in storage.set_aside(link, "a link to nothing")
    kept = {p.name.split(".bad-")[0]: p for p in tmp_path.iterdir()}
    assert kept["current.json"].is_dir() and kept["statistics.json"].is_symlink()
    assert not (tmp_path / "nowhere").exists()
