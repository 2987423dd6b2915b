"""In a lesson, hints serve the lesson's goal: a picked tile's first place and the faint
good places are answers the step accepts (none, for a tile that cannot answer it), never
the engine's best move that fails the goal (Dominox lesson 3 once suggested d4-e4)."""
from __future__ import annotations

import pytest

from game.logic.lessons import accepted_moves, list_lessons
from game.shell.frame.scene import Action
from game.shell.lessons.scene import lesson_scene

from screen_walk import open_lesson
from test_shell_support import frame, still_app

TILE_BOARDS = ["dominox", "open54", "dominid"]


def lessons(variant):
    return [entry.lesson for entry in list_lessons(variant) if entry.lesson is not None]


@pytest.mark.parametrize("variant", TILE_BOARDS)
def test_hints_and_the_first_place_meet_the_goal(tmp_path, variant):
    app = still_app(tmp_path)
    app.settings.show_hints = True
    checked = 0
    for lesson in lessons(variant):
        scene = lesson_scene(app, lesson)
        app.push(scene)
        frame(app)
        accepted = {str(m) for m in accepted_moves(scene.before, scene.step)}
        tool = scene.tool
        for index, tile in enumerate(scene.shown_tiles()):
            best = tool.best_placements(tile, None)
            assert {str(m) for m in best} <= accepted, (lesson.name, tile, best)
            if not hasattr(tool, "hint_moves"):
                continue
            tool.cancel() if tool.picked is not None else None
            scene.cursor = index
            scene.handle(Action("confirm"))           # pick it
            if tool.ghost is None:
                continue
            hints = {str(m) for m in tool.hint_moves()}
            assert hints <= accepted, (lesson.name, tile, hints)
            if best:
                assert tool.ghost.text() in accepted, (lesson.name, tile, tool.ghost.text())
                checked += 1
            scene.handle(Action("back"))
        app.remove(scene)
    assert checked


def test_dominox_lesson_3_no_longer_suggests_d4_e4(tmp_path):
    app = still_app(tmp_path)
    app.settings.show_hints = True
    scene = open_lesson(app, "dominox", 3)
    suggested = {str(m) for tile in scene.shown_tiles()
                 for m in scene.tool.best_placements(tile, None)}
    assert suggested and not any("d4" in m and "e4" in m for m in suggested), suggested
