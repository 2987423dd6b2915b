"""The editor's text fields as a person types into them: the characters come from the
system's text input (accents kept, letters never taken as the editor's keys), a cursor
shows where they go and moves with the arrows, Home and End, a text longer than its box
scrolls to keep the cursor in sight, and a file name refuses a character it cannot hold
as it is typed, saying why."""
import pygame
import pytest

from tests.test_level_editor import focus_row, open_editor, type_text, widget
from tests.test_shell_support import frame, keys, still_app


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


def start_typing(app, scene, label):
    focus_row(app, scene, label)
    keys(app, pygame.K_RETURN)
    assert scene.wants_text
    return widget(scene, label)


def test_accents_come_through_and_letters_are_not_editor_keys(app):
    scene = open_editor(app, "dominox", "standard")
    before = scene.draft.text()
    field = start_typing(app, scene, "About")
    type_text(app, "Été: ur fd")                       # u undoes, r turns, f flips, d draws
    assert field.text == "Été: ur fd" and scene.draft.text() == before
    keys(app, pygame.K_RETURN)
    assert scene.draft.description == "Été: ur fd"


def test_the_cursor_moves_and_typing_goes_in_at_it(app):
    scene = open_editor(app, "dominox", "standard")
    field = start_typing(app, scene, "Name")
    keys(app, pygame.K_HOME)
    type_text(app, "A ")
    keys(app, pygame.K_END, pygame.K_LEFT, pygame.K_LEFT)
    type_text(app, "\b")
    keys(app, pygame.K_DELETE)
    assert field.text == "A Copy of Standard 8" and field.cursor == len(field.text) - 1
    frame(app)


def test_a_long_text_scrolls_to_keep_the_cursor_in_sight(app, monkeypatch):
    from game.shell.frame import theme
    scene = open_editor(app, "dominox", "standard")
    field = start_typing(app, scene, "About")
    type_text(app, "a long description that runs on well past the end of its box")
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, pos, *a, **k: drawn.append(
        (text, real(surface, text, pos, *a, **k))) or drawn[-1][1])
    frame(app)
    rect = next(r for text, r in drawn if text == field.text)
    box = field.rect
    assert rect.right <= box.right and rect.left < box.centerx      # the start scrolled out
    assert theme.font(field.SIZE).size(field.text)[0] > box.w * 0.55


def test_a_file_name_refuses_a_character_as_it_is_typed(app):
    scene = open_editor(app, "dominox", "standard")
    field = start_typing(app, scene, "File name")
    type_text(app, "/é")
    assert field.text == "my-standard"
    assert scene.message == "Not typed: 'é' cannot be in a file name: letters, digits, - " \
        "and _ only"
    keys(app, pygame.K_HOME)
    type_text(app, "-")
    assert field.text == "my-standard" and "starts with a letter or a digit" in scene.message
    type_text(app, "x")
    assert field.text == "xmy-standard"


def test_space_that_starts_typing_types_nothing(app):
    scene = open_editor(app, "dominox", "standard")
    focus_row(app, scene, "Name")
    for event in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                     scancode=0),
                  pygame.event.Event(pygame.TEXTINPUT, text=" ")):
        pygame.event.post(event)
    app.process_events()
    assert scene.wants_text and widget(scene, "Name").text == "Copy of Standard 8x8"
    type_text(app, " ")                                    # a space typed is typed
    assert widget(scene, "Name").text == "Copy of Standard 8x8 "
