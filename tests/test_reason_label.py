"""Why a ghost may not go where it stands is said in a red label beside the board, never
over the caption: on Packs' wide, shallow board (across) there is no room above or below
it, and the label goes into the margin beside it, level with the ghost."""
from __future__ import annotations

from game.shell.frame.scene import Action

from screen_walk import open_lesson, problems, read
from test_shell_support import frame, still_app


def test_the_refusal_leaves_the_caption_readable_on_the_wide_board(tmp_path):
    app = still_app(tmp_path)
    scene = open_lesson(app, "open22", 6)
    for square in ((0, 3), (15, 3), (12, 2)):          # a4, p4, m3: nothing of yours near
        scene.handle(Action("point", pos=scene.geo.square_rect(square).center))
        frame(app)
        reason = scene.tool.reason
        assert reason is not None
        reading = read(app)
        words = " ".join(t.text for t in reading.texts)
        assert reason.split()[0].lower() in words.lower()
        assert problems(reading) == [], problems(reading)
