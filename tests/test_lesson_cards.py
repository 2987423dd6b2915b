"""In a lesson of a board game the lesson's panel lies over one seat's card: that card is
shown in brief along the panel's top (its name, whose turn, the count it shows), so both
seats' cards stay in sight, whichever seat the person plays."""
from __future__ import annotations

import pytest

from game.logic.lessons import list_lessons
from game.logic.variants import VARIANTS
from game.shell.lessons.scene import lesson_scene

from screen_walk import open_lesson, read
from test_shell_support import frame, still_app

BOARDS = [name for name, entry in VARIANTS.items() if entry.scene == "board"]


def lessons_of(variant):
    return [entry.lesson for entry in list_lessons(variant) if entry.lesson is not None]


@pytest.mark.parametrize("variant", BOARDS)
def test_both_cards_stay_in_sight_in_every_lesson(tmp_path, variant):
    app = still_app(tmp_path)
    for lesson in lessons_of(variant):
        scene = lesson_scene(app, lesson)
        app.push(scene)
        frame(app)
        texts = " | ".join(t.text for t in read(app).texts)
        adapter, over = scene.adapter, scene.over_for is not None
        for player in range(scene.game.players):
            assert scene.ctl.name(player) in texts, (lesson.name, player, texts)
            counts = adapter.card_lines(player, over)[:1]
            for text, *_ in counts:
                assert text in texts, (lesson.name, player, text)
        app.remove(scene)


def test_dominox_lesson_3_shows_black_s_count(tmp_path):
    """"White's and Black's cards show the count": Black's count is on screen."""
    app = still_app(tmp_path)
    scene = open_lesson(app, "dominox", 3)
    texts = [t.text for t in read(app).texts]
    black = f"Territory now: {scene.adapter.live_scores()[1]}"
    assert any(black in t for t in texts), texts
