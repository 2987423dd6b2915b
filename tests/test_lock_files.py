"""Lock files met as an attacker leaves them: a link (dangling, to a file, out of the data
folder), a folder or a pipe where `instance.lock` or `statistics.lock` goes is nobody's
lock, followed and created through by no one; the window says so and keeps no match."""
import os

import pytest

from game.logic.core import DominoError, Outcome
from game.play import launch, statistics as stats
from game.play.config import MatchConfig, Seat
from game.play.locks import INSTANCE_LOCK, FileLock, LockRefused, claim_data_folder
from game.play.storage import data_dir

from test_shell_support import quiet_app


def plant(folder, kind: str, outside):
    """Put a `kind` of thing at `folder`/instance.lock; what a link points at is `outside`."""
    folder.mkdir(parents=True, exist_ok=True)
    lock = folder / INSTANCE_LOCK
    if kind == "dangling link":
        lock.symlink_to(outside)
    elif kind == "link to a file":
        outside.write_text("precious\n")
        lock.symlink_to(outside)
    elif kind == "folder":
        lock.mkdir()
    else:
        os.mkfifo(lock)
    return lock


KINDS = ["dangling link", "link to a file", "folder", "pipe"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_lock_file_that_is_not_a_plain_file_is_refused_and_never_followed(tmp_path, kind):
    outside = tmp_path / "elsewhere" / "nologin"
    outside.parent.mkdir()
    plant(tmp_path / "data", kind, outside)
    before = outside.read_text() if outside.exists() else None
    with pytest.raises(LockRefused) as refusal:
        claim_data_folder(tmp_path / "data")
    what = {"dangling link": "a link", "link to a file": "a link", "folder": "a folder",
            "pipe": "not a plain file"}[kind]
    assert str(refusal.value) == f"instance.lock in {tmp_path / 'data'} is {what}, not a lock file"
    assert (outside.read_text() if outside.exists() else None) == before   # nothing made there
    with pytest.raises(LockRefused):           # a second window is refused alike
        claim_data_folder(tmp_path / "data")


@pytest.mark.parametrize("kind", ["dangling link", "folder"])
def test_a_window_on_a_refused_lock_keeps_no_match_and_says_why(tmp_path, kind):
    plant(data_dir(), kind, tmp_path / "nologin")
    for _ in range(2):                         # neither window believes it holds the folder
        app = quiet_app(tmp_path)
        assert not app.keeps_matches
        assert app.top.notice.startswith(f"instance.lock in {data_dir()} is ")
        assert app.top.notice.endswith("not a lock file: this window plays without saving "
                                       "its match.")
    assert not (tmp_path / "nologin").exists()
    with pytest.raises(DominoError, match="not a lock file: no match is resumed"):
        launch.saved_match()


def test_statistics_behind_a_linked_lock_are_not_kept_and_the_link_not_followed(tmp_path):
    outside = tmp_path / "nologin"
    data_dir().mkdir(parents=True)
    (data_dir() / stats.LOCK_NAME).symlink_to(outside)
    config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 1)
    records, notice = stats.record_match(config, Outcome((0, 150), 0, "eliminated"))
    assert notice == (f"Statistics not kept: statistics.lock in {data_dir()} is a link, "
                      "not a lock file.")
    assert records == {} and not outside.exists() and not stats.path().exists()


def test_a_plain_lock_file_still_locks(tmp_path):
    (tmp_path / "x.lock").write_text("")
    lock = FileLock(tmp_path / "x.lock")
    assert lock.acquire() and not FileLock(tmp_path / "x.lock").acquire()
    lock.release()
