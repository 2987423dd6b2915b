"""The level editor's screens fit at 1280x720 (the screen walk's reading, screen_walk.py):
the editor's status and message with long problems, a dialog with a long file name in
its question, the Levels screen with a long description, its list scrolled, and its
message beside Back. Nothing cut, nothing over anything else."""
from __future__ import annotations

import pytest

from game.shell.editor.picker import LevelsScene
from game.shell.screens.dialogs import ConfirmScene
from screen_walk import problems, read
from test_editor_keeps_work import own
from test_level_editor import open_editor
from test_shell_support import frame, still_app

LONG = "A board with many words said of it, going on and on about its holes. " * 3
NAME = "my-crosses-and-holes-for-sunday"
LONGEST = "my-level-with-a-rather-long-file-name-for-a-board-of-mine-12345"     # 64


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


def seen(app) -> list[str]:
    frame(app)
    return problems(read(app))


def test_the_editor_with_long_problems_and_a_long_question(app):
    own("dominox", NAME, 'name = "Odd"\ngrid = """\n#.x.\n...\n....\n"""\n')
    scene = open_editor(app, "dominox", NAME)
    assert seen(app) == []
    scene.say(LONG)                                  # a long message under the panel
    scene.read_changes[0] = LONG[:120]               # and under the board
    assert seen(app) == []
    app.push(ConfirmScene(app, f"{LONGEST}.toml changed on disk since you opened it",
                          "Replace it with this one", "Keep it", lambda: None,
                          "Keep it, and save this one under another file name"))
    assert seen(app) == []


def test_the_levels_screen_scrolled_with_a_long_description_and_a_message(app):
    own("dominox", "long", f'name = "Long"\ndescription = "{LONG}"\ngrid = """\n'
        '#...\n....\n"""\n')
    own("dominox", "broken", 'name = "Half\n')
    levels = LevelsScene(app, "dominox")
    app.push(levels)
    levels.message = f"{LONGEST}.toml is back among your levels"
    for row, widget in enumerate(levels.menu.widgets):
        if widget.focusable:
            levels.menu.focus = row
            levels.menu.layout()
            assert seen(app) == [], widget.label


def test_every_zone_of_a_starting_board_with_an_element_in_hand(app):
    import pygame
    from test_level_editor import zone
    from test_shell_support import keys
    scene = open_editor(app, "open1", "standard")
    zone(app, scene, "board")
    keys(app, pygame.K_RETURN)                               # in hand
    for name in ("board", "tray", "panel"):
        zone(app, scene, name)
        assert seen(app) == [], name
    keys(app, pygame.K_RETURN)                               # typing the file name
    assert scene.wants_text and seen(app) == []
