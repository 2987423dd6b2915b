"""The variant select offers a level file that does not load by its own name, shows its
error beside it while it is chosen, and does not start it."""
import pygame
import pytest

from tests.test_shell_support import frame, still_app


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


def test_a_broken_level_is_offered_by_its_name_with_its_error_beside_it(app, monkeypatch):
    from game.shell.screens.dialogs import MessageScene
    from game.shell.screens.setup import VariantSelectScene
    from tests.test_editor_keeps_work import own
    own("dominox", "mine", 'name = "Half"\ngrid = """\n#...\n...\n"""\n')
    app.settings.last_setup = {"variant": "dominox"}
    select = VariantSelectScene(app)
    app.push(select)
    layout = next(w for w in select.menu.widgets if w.label == "Layout")
    assert not [w for w in select.menu.widgets if type(w).__name__ == "Label"]
    drawn = []
    monkeypatch.setattr("game.shell.frame.theme.draw_text", lambda s, text, *a, **k:
                        drawn.append(text) or pygame.Rect(0, 0, 1, 1))
    select.menu.focus = select.menu.widgets.index(layout)
    frame(app)
    assert "mine.toml does not load" not in drawn           # Standard is chosen
    layout.index = [v for v, _ in layout.choices].index("mine")
    drawn.clear()
    frame(app)
    assert "mine.toml does not load" in drawn
    assert any(text.startswith("mine.toml:4: this row is 3 squares wide") for text in drawn)
    select.start()
    assert isinstance(app.top, MessageScene) and app.top.title == "This level does not load"
