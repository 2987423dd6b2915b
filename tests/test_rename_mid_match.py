"""Names changed in the settings during a match reach what the table says at once: the
caption "Player 1 played 0-6" becomes "Ann played 0-6" beside Ann's card."""
from __future__ import annotations

import pytest

from game.play.config import MatchConfig, Seat
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.settings import SettingsScene

from test_shell_support import still_app, wait_for_human


@pytest.mark.parametrize("variant", ["classic", "dominox"])
def test_a_rename_reaches_the_caption(tmp_path, variant):
    app = still_app(tmp_path)
    names = app.settings.player_names
    app.start_match(app.named_seats(MatchConfig(variant, (Seat("x"), Seat("y", "computer",
                                                                        "greedy")), {}, 5)))
    scene = app.top
    wait_for_human(app, scene)
    scene.ctl.play(scene.ctl.state.legal_moves()[0])
    old = names[0]
    assert old in scene.ctl.caption              # (paused at once: the computer waits)
    app.push(PauseOverlay(app, variant))
    app.push(SettingsScene(app))
    app.settings.player_names[0] = "Ann"
    app.pop()                                   # the settings close
    app.pop()                                   # resume (before the computer's move)
    assert "Ann" in scene.ctl.caption and old not in scene.ctl.caption
    assert old not in scene.last_caption
