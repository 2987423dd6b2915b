"""Retry puts the step back whole: a refused try's reason goes from the caption, the
panel and the board (the picked tile with its red reason is put back in the hand)."""
from __future__ import annotations

from game.shell.board.geometry import parse_square
from game.shell.frame.scene import Action

from screen_walk import open_lesson, read
from test_shell_support import frame, still_app


def test_retry_clears_a_refused_try(tmp_path):
    app = still_app(tmp_path)
    scene = open_lesson(app, "dominox", 1)
    scene.handle(Action("confirm"))                 # pick the focused tile
    tool = scene.tool
    taken = scene.geo.square_rect(parse_square("d4")).center      # the 4-4 lies there
    scene.handle(Action("point", pos=taken))        # the ghost follows the pointer
    frame(app)
    assert tool.reason is not None
    reason = tool.reason
    scene.handle(Action("click", pos=taken))        # refused
    frame(app)
    assert scene.refusal and tool.ghost is not None
    shown = " | ".join(t.text for t in read(app).texts)
    assert reason.split()[0].lower() in shown.lower()
    scene.handle(Action("undo"))                    # U: Retry
    frame(app)
    assert not scene.refusal and tool.ghost is None
    shown = " | ".join(t.text for t in read(app).texts)
    assert reason not in shown, shown
    assert scene.ctl.caption == "Try this step again."
