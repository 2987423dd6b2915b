"""A level file of the player's that does not load is never lost by the editor: it opens
to be fixed, and the save that replaces it first keeps the file, byte for byte, under
another name (`name.toml.bad-<time>`), saying so."""
import pygame
import pytest

from game.logic.levels import own_folder
from tests.test_editor_keeps_work import own
from tests.test_level_editor import click, key_button, open_editor
from tests.test_shell_support import keys, still_app


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


BROKEN = b'# mine, by hand\r\nname = "Half\ngrid = """\n#...\n....\n"""\n\xc3\xa9t\xc3\xa9\n'


def test_a_file_whose_toml_does_not_read_is_kept_byte_for_byte_by_save(app):
    path = own("dominox", "mine", "")
    path.write_bytes(BROKEN)
    scene = open_editor(app, "dominox", "mine")
    assert "nothing of it could be read" in scene.message
    assert scene.read_changes == ["line 2: not TOML, so nothing of it was read: the board "
                                  "is blank"]
    assert path.read_bytes() == BROKEN                     # opening changes nothing
    click(app, scene.canvas.geo.square_rect((0, 0)).center)
    key_button(app, scene, "Save")
    kept = sorted(own_folder("dominox").glob("mine.toml.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == BROKEN
    assert kept[0].name in scene.message
    assert b"#" in path.read_bytes() and path.read_bytes() != BROKEN
    key_button(app, scene, "Save")                         # the second save: nothing more
    assert len(list(own_folder("dominox").glob("mine.toml.bad-*"))) == 1


def test_a_broken_file_is_not_replaced_when_it_cannot_be_kept(app, monkeypatch):
    from game.play import storage
    path = own("dominox", "mine", "")
    path.write_bytes(BROKEN)
    scene = open_editor(app, "dominox", "mine")
    monkeypatch.setattr(storage, "set_aside", lambda p, why: f"{p.name}: {why}; left in place")
    key_button(app, scene, "Save")
    assert path.read_bytes() == BROKEN and scene.message.startswith("Not saved")
    keys(app, pygame.K_ESCAPE)


def test_what_reading_a_broken_grid_changed_is_said_instead_of_no_problems(app):
    from game.shell.editor.canvas import status_line
    from game.shell.frame import theme
    own("dominox", "mine", 'name = "Odd"\ngrid = """\n#.x.\n...\n....\n"""\n')
    scene = open_editor(app, "dominox", "mine")
    text, colour = status_line(scene)
    assert text == "Changed on reading: line 3: 'x' read as open (use . and #) (and 1 more)"
    assert colour == theme.HIGHLIGHT and scene.read_changes[1] == \
        "line 4: the row was 3 squares wide, made 4 (open squares added)"
    key_button(app, scene, "Save")
    assert status_line(scene) == ("No problems: ready to save and to play", theme.LEGAL)


def test_unreadable_elements_of_a_start_are_said(app):
    from game.logic.levels import layout_folder
    text = (layout_folder("open3") / "standard.toml").read_text()
    own("open3", "mine", text.replace('"""\nn61', '"""\nzz9', 1))
    scene = open_editor(app, "open3", "mine")
    assert any("'zz9' is no element: that square is empty" in c for c in scene.read_changes)


def test_a_broken_file_renamed_is_kept_too(app):
    from tests.test_level_editor import answer, retype
    path = own("dominox", "mine", "")
    path.write_bytes(BROKEN)
    scene = open_editor(app, "dominox", "mine")
    retype(app, scene, "File name", "mended")
    key_button(app, scene, "Save")
    assert answer(app, yes=True) == "Rename mine.toml to mended.toml?"
    kept = list(own_folder("dominox").glob("mine.toml.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == BROKEN and not path.exists()
    assert (own_folder("dominox") / "mended.toml").exists()
