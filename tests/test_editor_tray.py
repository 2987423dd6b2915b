"""The element tray of the level editor: the keyboard's focus shows on the tray as the
cursor does on the board; Esc puts an element in hand back where it was taken from; an
element dropped in the other side's half is said to change side."""
import pygame
import pytest

from game.shell.frame import theme
from tests.test_level_editor import open_editor, zone
from tests.test_shell_support import frame, keys, still_app


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


def lift_a1_to_the_tray(app, scene):
    zone(app, scene, "board")
    keys(app, pygame.K_RETURN)                       # a1 lifted
    scene.drop_held()                                # into the tray


def test_the_focused_tray_element_has_the_focus_ring(app):
    scene = open_editor(app, "open3", "standard")
    lift_a1_to_the_tray(app, scene)
    rect = scene.canvas.tray_slots()[0][0]
    edge = (rect.centerx, rect.top + 1)
    frame(app)
    assert app.screen.get_at(edge)[:3] != theme.FOCUS[:3]
    zone(app, scene, "tray")
    frame(app)
    assert app.screen.get_at(edge)[:3] == theme.FOCUS[:3]


def test_esc_puts_an_element_back_where_it_was_taken_from_as_it_was(app):
    scene = open_editor(app, "open3", "standard")
    zone(app, scene, "board")
    before, element = scene.draft.text(), scene.draft.top(0)
    keys(app, pygame.K_RETURN, pygame.K_r)            # a1 lifted and turned
    keys(app, pygame.K_ESCAPE)
    assert scene.draft.top(0) == element and scene.draft.text() == before
    assert scene.message == "Back on a1" and scene.held is None
    keys(app, pygame.K_u)                             # nothing to undo: nothing changed
    assert scene.message == "Nothing to undo"


def test_an_element_moved_into_the_other_half_is_said_to_change_side(app):
    scene = open_editor(app, "open3", "standard")     # one set shared by the halves
    zone(app, scene, "board")
    keys(app, pygame.K_RIGHT, pygame.K_RETURN)                             # b1 lifted
    for _ in range(4):
        keys(app, pygame.K_UP)                                             # to b5
    keys(app, pygame.K_RETURN)
    assert scene.draft.top(4 * 8 + 1).owner == 1
    assert scene.message == "Set down in North's half: it is North's element now"
