"""The rules summed up beside Start say how the game is won first (the rules class's
how_to_win), then as much of the rules as fits: Capture, Test element and Dominox once
stopped before saying how you capture or win."""
from __future__ import annotations

import pytest

from game.logic.variants import VARIANTS, find_variant
from game.shell.screens.setup import VariantSelectScene

from screen_walk import read
from test_shell_support import frame, still_app

# a word each game's summary must show: how it is won, or how pieces are taken
WORDS = {"classic": "wins", "blank": "empty your hand", "dominox": "wins",
         "open54": "fewest tiles", "dominid": "lower score wins", "open1": "test element",
         "open3": "removed", "open4": "removed", "open10": "past the opponent's edge",
         "open22": "opponent's half wins"}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_summary_beside_start_says_how_to_win(tmp_path, variant):
    app = still_app(tmp_path)
    app.push(VariantSelectScene(app))
    app.top.set_variant(variant)
    frame(app)
    shown = " ".join(t.text for t in read(app).texts if t.ink.x >= 1040)   # the side panel
    assert find_variant(variant).how_to_win and "How to win:" in shown
    assert WORDS.get(variant, "How to win:") in shown, shown
