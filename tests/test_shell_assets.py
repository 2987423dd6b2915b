"""Files the shell loads from assets/."""
from test_shell_support import make_app


def test_a_missing_icon_is_named_and_not_fatal(tmp_path, monkeypatch, capsys):
    from game.shell.frame import app as app_module
    monkeypatch.setattr(app_module, "ICON_PATH", tmp_path / "nowhere.png")
    make_app(tmp_path)
    assert "nowhere.png" in capsys.readouterr().err


def test_the_shipped_icon_loads():
    import pygame
    from game.shell.frame.app import ICON_PATH
    assert pygame.image.load(str(ICON_PATH)).get_size() == (64, 64)
