"""tools/slow_frames.py names each frame over its threshold with the scenes around it."""
import re
import sys

from process_support import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import slow_frames  # noqa: E402


def test_every_frame_over_the_threshold_is_named_with_its_scene(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert slow_frames.main(["open10", "--frames", "20", "--over", "-1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 20                    # every frame but the first is over -1 ms
    for number, line in enumerate(lines, start=1):
        assert re.fullmatch(rf"frame {number}: [0-9.]+ ms, \w+ -> \w+, \d+ moves played", line)


def test_after_a_rematch_the_new_match_s_moves_are_counted(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from game.bench import computer_match
    app, first = computer_match(tmp_path, "open10", 2)
    app.run_frame(1 / 60)
    first.rematch()
    assert slow_frames.match_on_screen(app, first) is app.top.ctl is not first
