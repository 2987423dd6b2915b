"""Packs: each turn the turned-up element's ghost starts on a square where it may go, so
Enter places it, and no refusal ("a8 is taken") hangs over the board from an earlier
turn; on the couch each person's ghost starts afresh."""
from __future__ import annotations

import pytest

from game.logic.core import PASS
from game.shell.frame.scene import Action
from game.shell.screens.hand_over import HandOverScene

from screen_walk import computer_moves
from test_shell_support import frame, press, start_board_match, still_app


@pytest.mark.parametrize("kinds", [("human", "greedy"), ("human", "human")])
def test_enter_places_the_element_every_turn(tmp_path, kinds):
    app = still_app(tmp_path)
    scene = start_board_match(app, "open22", kinds, seed=4)
    placed = 0
    for _ in range(60):
        if scene.game.is_over() or placed >= 12:
            break
        while isinstance(app.top, HandOverScene):
            press(app, "confirm")
        frame(app)
        if not scene.ctl.human_turn:
            computer_moves(scene)
            continue
        if scene.must_pass():
            scene.ctl.play(PASS)
            continue
        assert scene.tool.reason is None, (placed, scene.tool.ghost, scene.tool.reason)
        before = len(scene.game.moves_played())
        scene.handle(Action("confirm"))
        assert len(scene.game.moves_played()) == before + 1, scene.ctl.caption
        placed += 1
    assert placed >= 8
