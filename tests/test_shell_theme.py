"""The shell's text helpers: counted nouns, and lines cut to fit a panel."""
from __future__ import annotations

import pygame

from game.shell.frame import theme


def test_count_words():
    assert theme.count(1, "tile") == "1 tile"
    assert theme.count(0, "tile") == "0 tiles"
    assert theme.count(2, "pass", "passes") == "2 passes"


def test_text_is_cut_to_fit_with_an_ellipsis():
    pygame.font.init()
    assert theme.fit_text("short", 400, 28) == "short"
    long = "Touching numbers must match on every side of the tile"
    cut = theme.fit_text(long, 200, 26)
    assert cut.endswith("…") and long.startswith(cut[:-1].rstrip())
    assert theme.font(26).size(cut)[0] <= 200
