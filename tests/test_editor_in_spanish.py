"""The level editor in Spanish (issue 48): a level's problem is said in Spanish and still
marks the squares it names, and a broken file's line on the Levels screen names its file
and line in Spanish words."""
import pytest

from game.shell.editor.picker import LevelsScene
from game.shell.screens.settings import apply_language
from tests.test_editor_keeps_work import own
from tests.test_level_editor import click_square, open_editor
from tests.test_shell_support import still_app


@pytest.fixture
def app(tmp_path):
    app = still_app(tmp_path)
    app.settings.language = "es"
    apply_language(app)
    return app


def test_a_blocked_opening_is_said_in_spanish_and_marked(app):
    scene = open_editor(app, "dominid", "small")
    click_square(app, scene, (4, 4))                 # e5: an opening cell
    assert scene.check.error.endswith("e5 está bloqueada, pero las cuatro casillas centrales "
                                      "(e5, f5, e6, f6) deben quedar libres para la salida")
    assert scene.check.marked == {(4, 4)}
    from game.shell.editor.canvas import status_line
    assert status_line(scene)[0].startswith("my-small.toml, línea ")      # under the board


def test_a_file_named_in_spanish_marks_its_square_on_the_line(app):
    scene = open_editor(app, "open54", "standard")
    draft, text = scene.draft, scene.draft.text()
    line = text.splitlines().index(next(row for row in text.splitlines()
                                        if row.endswith('= """'))) + 2     # the top rank
    said = "la columna c está bloqueada en una casilla de una celda pero no en la otra"
    assert draft._marked(text, line, said) == {(2, draft.height - 1)}


def test_a_broken_files_line_on_the_levels_screen(app):
    own("dominox", "broken", 'name = "Half\n')
    levels = LevelsScene(app, "dominox")
    labels = [widget.label for widget in levels.menu.widgets]
    assert "Arreglar broken.toml" in labels
    assert any(label.startswith("broken.toml, línea 1: no es TOML válido: un texto entre "
                                "comillas") for label in labels)
