"""A lesson's key legend is its game's: blank tiles' lessons offer N to end the turn,
never D to draw (nobody draws there)."""
from __future__ import annotations

from game.logic.lessons import list_lessons
from game.shell.lessons.scene import lesson_scene

from screen_walk import read
from test_shell_support import frame, still_app


def test_the_blank_tiles_lessons_offer_no_draw(tmp_path):
    app = still_app(tmp_path)
    for entry in list_lessons("blank"):
        scene = lesson_scene(app, entry.lesson)
        app.push(scene)
        frame(app)
        legend = [t.text for t in read(app).texts if t.ink.y > 1030]
        assert legend and "D: draw" not in legend[-1] and "N: end turn" in legend[-1], legend
        app.remove(scene)
