"""The storage module: atomic writes, and the background writer the saves go through."""
import os
import time

from game.shell import storage
from game.shell.storage import BackgroundWriter, remove_stale_temps, write_atomic


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
