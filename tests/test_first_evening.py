"""What a new player's first evening found: words, drawing, keys, texts that fit their
boxes, the end of a Dominox game, hints, the layout preview and the blank tiles' opener."""
import pygame
import pytest

from game.logic.core import Tile
from game.logic.variants import new_game
from game.shell import app as app_module
from game.shell.config import MatchConfig, Seat
from game.shell.line.scene import LineMatchScene
from game.shell.scene import Action
from test_line_rules import position
from test_shell_support import quiet_app


def line_scene(app, state, names=("Ann", "Bob")):
    config = MatchConfig(state.variant, (Seat(names[0]), Seat(names[1], "computer", "greedy")),
                         {}, 1)
    scene = LineMatchScene(app, config, state=state)
    app.stack.append(scene)
    return scene


# --- words ------------------------------------------------------------------------------
def test_a_tile_that_fits_neither_end_names_both_ends():
    game = position(["0-2 1-1", "1-2"], line=["4|5"], stock="", rest_to=1)
    assert game.illegal_reason("0-2L") == "0-2 fits neither end (4 and 5)"
    same = position(["0-2 1-1", "1-2"], line=["4|4"], stock="", rest_to=1)
    assert same.illegal_reason("0-2R") == "0-2 fits neither end (both 4)"


def test_picking_a_tile_that_fits_nowhere_says_so(tmp_path):
    app = quiet_app(tmp_path)
    scene = line_scene(app, position(["0-2 4-6", "1-2"], line=["4|5"], stock="", rest_to=1))
    scene._select(Tile.parse("0-2"))
    assert scene.ctl.caption == "0-2 fits neither end (4 and 5)."


def test_one_of_your_tiles_fits_is_singular(tmp_path):
    app = quiet_app(tmp_path)
    scene = line_scene(app, position(["0-2 4-6", "1-2"], line=["4|5"], stock="", rest_to=1))
    scene.announce()
    assert "1 of your tiles fits." in scene.ctl.caption


def test_blank_tiles_never_say_underscore_and_d_says_nobody_draws(tmp_path):
    app = quiet_app(tmp_path)
    state = new_game("blank", 2, 4)
    scene = line_scene(app, state)
    app.advance(1 / 60)
    while not scene.my_turn:                    # the computer may open
        app.advance(1 / 60)
    assert "_" not in scene.turn_prompt()
    scene.read_aloud()
    assert "_" not in scene.ctl.caption
    scene.handle(Action("draw"))
    assert scene.ctl.caption.startswith("Nobody draws")


# --- drawing ----------------------------------------------------------------------------
def test_one_draw_brings_every_tile_up_to_the_one_that_fits(tmp_path):
    app = quiet_app(tmp_path)
    app.settings.anim_speed = 1.0
    scene = line_scene(app, position(["0-0 1-1", "1-2"], line=["5|6"], stock="2-3 3-4 4-5",
                                     rest_to=1))
    assert scene.my_turn and len(scene.pending) == 3
    scene.handle(Action("draw"))                 # one press
    assert scene.pending == []
    assert [str(t) for t in scene.hand][-3:] == ["2-3", "3-4", "4-5"]
    assert scene.ctl.caption == "You drew 3 tiles: 2-3, 3-4, 4-5. 4-5 fits."
    starts = [scene.flip[t] for t in scene.hand[-3:]]
    assert starts == sorted(starts) and starts[0] < starts[-1]     # they turn up in turn
    assert scene.animating()
    for _ in range(120):
        app.advance(1 / 60)
        app.draw()
    assert scene.flip is None


# --- keys -------------------------------------------------------------------------------
def test_held_keys_repeat(tmp_path):
    quiet_app(tmp_path)
    assert pygame.key.get_repeat() == app_module.KEY_REPEAT
