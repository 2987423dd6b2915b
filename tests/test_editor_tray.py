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
