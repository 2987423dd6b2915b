"""Classic's forced draw: the rules have already drawn the tiles the player turns up one
by one with D, and until a tile is turned up nothing on screen, in speech or from the
coach may know it: the panels count the hand as it lies on screen, the boneyard keeps the
tiles not yet turned up, and the coach waits for the draw."""
from __future__ import annotations

import re
import time

from game.play.config import MatchConfig, Seat
from game.shell.frame.scene import Action
from game.shell.screens.hand_over import HandOverScene

from test_shell_support import frame, press, still_app, texts_drawn


def couch_draw(tmp_path):
    """A couch match of classic played on with the first legal moves until a person must
    draw: (app, scene) with tiles waiting to be turned up."""
    app = still_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Ben")), {}, 1))
    scene = app.stack[1]
    for _ in range(400):
        if isinstance(app.top, HandOverScene):
            press(app, "confirm")
        frame(app)
        if scene.my_turn and scene.pending:
            return app, scene
        if scene.my_turn:
            move = scene.moves[0]
            scene.ctl.play(str(move) if move.is_pass else f"{move.tile}{move.end}")
    raise AssertionError("seed 1 no longer makes a person draw")


def test_the_panels_count_only_the_tiles_turned_up(tmp_path, monkeypatch):
    app, scene = couch_draw(tmp_path)
    player = scene.state.current_player
    texts = texts_drawn(app, scene, monkeypatch)
    line = scene._scores(player)                   # the player's panel, under the name
    assert line in texts
    assert int(re.match(r"(\d+) tiles?", line).group(1)) == len(scene.hand), line
    boneyard = scene.public.boneyard + len(scene.pending)
    assert str(boneyard) in texts


def test_no_text_names_a_tile_not_yet_turned_up(tmp_path, monkeypatch):
    app, scene = couch_draw(tmp_path)
    for name in ("announce_turn", "read_ends", "hint"):
        press(app, name)
        texts = " ".join(texts_drawn(app, scene, monkeypatch))
        for tile in scene.pending:
            assert str(tile) not in texts and str(tile)[::-1] not in texts, (name, texts)


def test_the_coach_waits_for_the_draw(tmp_path, monkeypatch):
    app, scene = couch_draw(tmp_path)
    hidden = set(scene.pending)
    press(app, "coach")
    assert scene.coach.job is None and scene.coach.advice is None
    assert "draw" in scene.ctl.caption.lower()
    while scene.pending:                           # D turns them up one by one
        scene.handle(Action("draw"))
        frame(app)
    assert hidden <= set(scene.hand)
    press(app, "coach")
    for _ in range(600):
        frame(app)
        if scene.coach.advice is not None:
            break
        time.sleep(0.005)                          # the coach thinks in the worker
    assert scene.coach.advice is not None
