"""Lesson progress (lessons.json) kept as carefully as the statistics: changed under a
lock by windows finishing lessons at once, left alone when it may not be read, and only
its bad entries dropped when it is damaged."""
import json
import subprocess
import sys

import pytest

from game.play import lesson_progress

from process_support import ROOT, game_env, needs_ordinary_user, ordinary_user

MARKER = """
import sys
sys.path.insert(0, sys.argv[1])
from game.play import lesson_progress
for n in range(int(sys.argv[3])):
    notice = lesson_progress.mark_done("open3", f"{sys.argv[2]}-{n}")
    assert notice is None, notice
"""


def test_windows_finishing_lessons_at_once_keep_every_one(tmp_path):
    env = game_env(tmp_path)
    markers = [subprocess.Popen([sys.executable, "-c", MARKER, str(ROOT), f"w{w}", "60"],
                                env=env) for w in range(4)]
    assert [marker.wait(timeout=300) for marker in markers] == [0, 0, 0, 0]
    kept = json.loads((tmp_path / "data" / "dominoes" / "lessons.json").read_text())
    assert len(kept["done"]["open3"]) == 240


def write(data) -> None:
    path = lesson_progress.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def test_one_bad_entry_drops_only_itself(tmp_path):
    original = {"version": 1, "done": {"open3": ["01-moving", "Not A Name!", "02-capture"],
                                       "dominox": ["01-first"]}, "offered": ["open4"]}
    write(original)
    progress, notice = lesson_progress.load()
    assert progress.done == {"open3": {"01-moving", "02-capture"}, "dominox": {"01-first"}}
    assert progress.offered == {"open4"}
    assert notice.startswith("lessons.json: done[open3]: 'Not A Name!' is not a lesson's "
                             "name; kept as lessons.json.bad-")
    assert notice.endswith("; 4 good entries kept.") and "statistics" not in notice
    (aside,) = lesson_progress.path().parent.glob("lessons.json.bad-*")
    assert json.loads(aside.read_text()) == original             # the whole file, as it was
    again, notice = lesson_progress.load()                       # written back at once
    assert notice is None and (again.done, again.offered) == (progress.done, progress.offered)


@pytest.mark.parametrize("data, said", [
    ({"version": 1, "done": {"open3": ["01-moving"]}, "offered": "open4"},
     "offered must list games"),
    ({"version": 1, "done": {"Open 3": ["01-moving"], "open4": ["01-moving"]}, "offered": []},
     "done: 'Open 3' is not a game's name"),
    ({"version": 1, "done": {"open3": ["01-moving"]}, "offered": [], "extra": 1},
     "unknown key 'extra'"),
])
def test_the_good_entries_beside_a_bad_one_are_kept(data, said):
    write(data)
    progress, notice = lesson_progress.load()
    assert notice.startswith(f"lessons.json: {said}; kept as lessons.json.bad-")
    assert progress.finished("open3") | progress.finished("open4") == {"01-moving"}


def test_a_file_too_big_is_named_as_a_lessons_file():
    path = lesson_progress.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(" " * 300_000)
    notice = lesson_progress.load()[1]
    assert "too big for a lessons file" in notice and "statistics" not in notice


PERMISSIONS = """
import sys
sys.path.insert(0, sys.argv[1])
from game.play import lesson_progress
print(lesson_progress.load()[1])
print(lesson_progress.mark_done("open3", "03-goal"))
"""


@needs_ordinary_user
def test_a_progress_file_that_may_not_be_read_is_said_and_never_written_over(tmp_path):
    env = game_env(tmp_path)
    path = tmp_path / "data" / "dominoes" / "lessons.json"
    path.parent.mkdir(parents=True)
    kept = json.dumps({"version": 1, "done": {"open3": ["01-moving"]}, "offered": []})
    path.write_text(kept)
    path.chmod(0)
    try:
        result = subprocess.run([*ordinary_user(), sys.executable, "-c", PERMISSIONS,
                                 str(ROOT)], env=env, capture_output=True, text=True,
                                timeout=60)
    finally:
        path.chmod(0o644)
    assert result.returncode == 0 and result.stderr == ""
    loaded, marked = result.stdout.splitlines()
    assert loaded == f"Lesson progress cannot be read: {path}: cannot read: Permission denied."
    assert marked == f"Lesson progress not kept: {path}: cannot read: Permission denied."
    assert path.read_text() == kept
    assert [p.name for p in path.parent.iterdir() if p.name.startswith("lessons.json")] == [
        "lessons.json"]
