"""The rules summed up beside Start say how the game is won first (the rules class's
how_to_win: how pieces are taken, where they are), then as much of the rules as fits:
Capture, Test element and Dominox once stopped before saying how you capture or win."""
from __future__ import annotations

import pytest

from game.logic.variants import VARIANTS, find_variant
from game.shell.screens.setup import VariantSelectScene

from screen_walk import read
from test_shell_support import frame, still_app


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_summary_beside_start_says_how_to_win(tmp_path, variant):
    goal = find_variant(variant).how_to_win
    assert goal and ("win" in goal or "empty your hand" in goal), goal
    app = still_app(tmp_path)
    app.push(VariantSelectScene(app))
    app.top.set_variant(variant)
    frame(app)
    panel = [t for t in read(app).texts if t.ink.x >= 1040]      # the side panel
    shown = " ".join(t.text for t in sorted(panel, key=lambda t: (t.ink.y, t.ink.x)))
    assert f"How to win: {goal}" in shown, shown
