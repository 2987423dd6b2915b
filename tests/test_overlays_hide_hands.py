"""On a couch, whatever is drawn over the table (the pause menu and its question, the
rules, the settings, a message, a take-back question) hides every hand, as the hand-over
screen does; once the table is back on top the screen is handed over again."""
from __future__ import annotations

import pytest

from game.logic.core import Tile
from game.play.config import MatchConfig, Seat
from game.shell.frame import tile_art
from game.shell.screens.dialogs import MessageScene
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.pause import PauseOverlay

from test_shell_support import frame, press, still_app

# the games whose players hold hidden tiles (Dominid with its opening laid by the engine,
# so that the first turn holds a hand, Spread with a dealt hand)
HIDDEN_HANDS = {"classic": {}, "dominox": {}, "open54": {"dealt": 5},
                "dominid": {"arrange": "fixed"}}


def couch_turn(tmp_path, variant, options=None):
    """A two-person match on the couch, the first person's hand on screen."""
    app = still_app(tmp_path)
    app.start_match(MatchConfig(variant, (Seat("Ann"), Seat("Ben")), options or {}, 5))
    scene = app.stack[1]
    frame(app)
    assert isinstance(app.top, HandOverScene)
    press(app, "confirm")
    frame(app, 2)
    assert app.top is scene and scene.ctl.human_turn
    return app, scene


def faces_drawn(app, scene, monkeypatch) -> set[Tile]:
    """The tiles a frame of the whole stack draws face up (what lies under an overlay
    drawn again, not taken from the kept picture, and the table's cached layers too)."""
    faces: set[Tile] = set()
    real = tile_art.draw_tile

    def spy(surface, rect, ends=None, state="normal"):
        if ends is not None and min(ends) >= 0:
            faces.add(Tile.of(*ends))
        real(surface, rect, ends, state)

    with monkeypatch.context() as patch:
        patch.setattr(tile_art, "draw_tile", spy)
        app.backdrop.forget()
        if hasattr(scene, "_static"):
            scene._static = None
        if hasattr(scene, "table"):
            scene.table._hud_key = scene.table._static_key = None
        frame(app)
    return faces


def secret_faces(app, scene, monkeypatch) -> set[Tile]:
    """The current player's tiles drawn face up that are not on the table."""
    state = scene.ctl.state
    hand = set(state.view(state.current_player).hand)
    public = {placed.tile for placed in getattr(scene, "line", ())}
    if hasattr(scene, "view"):          # the board, and what Spread turned up in sight
        view = scene.view(0)
        public |= {placed.tile for placed in view.placed}
        public |= {tile for seen in getattr(view, "seen", ()) for tile in seen}
    return (faces_drawn(app, scene, monkeypatch) & hand) - public


OVERLAYS = {
    "pause": lambda app: press(app, "pause"),
    "leave?": lambda app: (press(app, "pause"), app.top.ask()),
    "rules": lambda app: (press(app, "pause"), app.top.menu.widgets[1].handle_confirm()),
    "settings": lambda app: (press(app, "pause"), app.top.menu.widgets[2].handle_confirm()),
    "message": lambda app: app.push(MessageScene(app, "A message", "Over the table.")),
}


@pytest.mark.parametrize("variant", HIDDEN_HANDS)
def test_no_hand_shows_under_any_overlay(tmp_path, monkeypatch, variant):
    app, scene = couch_turn(tmp_path, variant, HIDDEN_HANDS[variant])
    assert secret_faces(app, scene, monkeypatch), "the hand is not on screen to begin with"
    for name, cover in OVERLAYS.items():
        cover(app)
        assert app.top is not scene
        assert not secret_faces(app, scene, monkeypatch), f"a hand shows under the {name}"
        while app.top is not scene and not isinstance(app.top, HandOverScene):
            app.pop()
        frame(app)
        # back on the table: the screen is handed over again before a hand shows
        assert isinstance(app.top, HandOverScene), name
        press(app, "confirm")
        frame(app)
        assert app.top is scene and secret_faces(app, scene, monkeypatch)


def test_a_caption_about_the_hand_goes_with_it(tmp_path):
    app, scene = couch_turn(tmp_path, "classic")
    scene.ctl.say_private("6-6 does not fit there.")
    press(app, "pause")
    assert isinstance(app.top, PauseOverlay)
    assert scene.ctl.caption == ""
    assert scene.turn_prompt() == ""          # "Open with 6-6" names a tile of the hand


def test_with_one_person_the_hand_stays_under_the_pause(tmp_path, monkeypatch):
    app = still_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")),
                                {}, 5))
    scene = app.top
    frame(app, 2)
    press(app, "pause")
    hand = set(scene.ctl.state.view(0).hand)
    assert faces_drawn(app, scene, monkeypatch) & hand       # nobody else looks: nothing to hide
    app.pop()
    frame(app)
    assert app.top is scene
