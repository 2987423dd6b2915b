"""Couch play, where two or more people share the screen: the hand-over screen pauses
without showing a hand, and captions about the hand being played are shown but not
spoken (with one person at the screen they are spoken)."""
from __future__ import annotations

from game.play.config import MatchConfig, Seat
from game.shell.frame.scene import Action
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.title import TitleScene

from test_shell_support import make_app


def couch_match(tmp_path, variant="classic", humans=2):
    app = make_app(tmp_path)
    app.start_match(MatchConfig(variant, tuple(Seat(f"P{i}") for i in range(humans)), {}, 5))
    scene = app.stack[1]
    app.advance(1 / 60)
    return app, scene


def spoken_lines(app) -> list[str]:
    lines = []
    app.speak = lines.append
    return lines


def test_escape_on_the_hand_over_pauses_without_showing_a_hand(tmp_path):
    app, scene = couch_match(tmp_path)
    assert isinstance(app.top, HandOverScene)
    app.dispatch(Action("back"))
    assert isinstance(app.top, PauseOverlay)
    assert isinstance(app.stack[-2], HandOverScene)
    app.draw()                                   # the pause menu dims the hand-over screen
    assert scene.hand == []
    app.dispatch(Action("pause"))                # resume: back to the hand-over
    assert isinstance(app.top, HandOverScene)
    app.dispatch(Action("pause"))
    app.top.ask()                                # "Quit to menu", then "Yes"
    app.top.menu.widgets[-1].handle_confirm()
    assert [type(s) for s in app.stack] == [TitleScene]


def test_a_couch_players_hand_is_captioned_but_not_spoken(tmp_path):
    app, scene = couch_match(tmp_path)
    app.dispatch(Action("confirm"))              # the first player takes the screen
    spoken = spoken_lines(app)
    player = scene.state.current_player
    view = scene.state.view(player)
    legal = {move.tile for move in view.legal_moves()}
    tile = next(t for t in view.hand if t not in legal)
    assert not scene.ctl.play(str(tile))          # the reason may name a tile of the hand
    assert scene.ctl.caption and not spoken
    scene.ctl.say_private("You drew 6-6.")
    assert scene.ctl.caption == "You drew 6-6." and not spoken
    assert scene.state.current_player == player


def test_with_one_human_private_captions_are_spoken(tmp_path):
    app = make_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob", "computer")), {}, 5))
    spoken = spoken_lines(app)
    app.stack[1].ctl.say_private("You drew 6-6.")
    assert spoken == ["You drew 6-6."]
