"""What a match screen offers along its bottom: the game's keys while people play, the
watcher's keys and no Draw or Pass buttons when only computers play, and Enter for the
results while they wait."""
from __future__ import annotations

import random

import pygame
import pytest

from game.play.config import MatchConfig, Seat
from game.shell.frame import theme
from game.shell.frame.scene import LOGICAL_SIZE
from game.shell.line.art import LEGEND
from game.shell.match.scene import RESULTS_DUE_LEGEND, WATCH_LEGEND
from game.shell.screens.pause import PauseOverlay

from test_shell_support import frame, play_to_the_last_move, press, quiet_app, wait_for_human

COMPUTERS = (Seat("C1", "computer", "greedy"), Seat("C2", "computer", "greedy"))


def legend_bar(surface) -> pygame.Surface:
    return surface.subsurface((0, LOGICAL_SIZE[1] - 52, LOGICAL_SIZE[0], 52)).copy()


def only(legend: str) -> pygame.Surface:
    """The bottom bar showing `legend` and nothing else."""
    surface = pygame.Surface(LOGICAL_SIZE)
    theme.draw_legend(surface, None, legend)
    return legend_bar(surface)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("variant", ["classic", "dominox", "open3", "open22"])
def test_computers_alone_show_the_watchers_keys_and_no_buttons_of_play(tmp_path, monkeypatch,
                                                                      variant):
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig(variant, COMPUTERS, {}, 5))
    scene = app.top
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: (
        drawn.append(str(text)), real(surface, text, *a, **k))[1])
    frame(app, 3)
    assert scene.legend("any keys") == WATCH_LEGEND
    assert same(legend_bar(app.screen), only(WATCH_LEGEND))
    assert not {"Draw", "Pass", "Undo (U)", "Coach (C)"} & set(drawn)


def test_a_person_sees_the_games_keys_and_the_buttons(tmp_path, monkeypatch):
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), COMPUTERS[1]), {}, 5))
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: (
        drawn.append(str(text)), real(surface, text, *a, **k))[1])
    frame(app)
    assert app.top.legend(LEGEND) == LEGEND
    assert same(legend_bar(app.screen), only(LEGEND))
    assert {"Draw", "Pass"} <= set(drawn)


@pytest.mark.parametrize("variant,options", [("blank", {"doubles": False}), ("dominox",
                                                                            {"layout": "quick"})])
def test_once_the_game_ends_the_footer_says_enter_brings_the_results(tmp_path, variant,
                                                                      options):
    app = quiet_app(tmp_path)
    app.settings.anim_speed = 1.0                # the results wait a moment
    app.start_match(MatchConfig(variant, (Seat("Ann"), Seat("Ben")), options, 5))
    scene = app.top
    play_to_the_last_move(app, scene, random.Random(3))
    frame(app)
    assert app.top is scene and scene.results_due is not None
    assert same(legend_bar(app.screen), only(RESULTS_DUE_LEGEND))


# --- Dominid's panels of their own: the footer lists the keys that work there -------------

def test_while_the_opening_is_arranged_the_footer_lists_the_pickers_keys(tmp_path):
    from game.shell.variants.dominid import LEGEND as TILE_KEYS
    from test_board_match_dominid import arranging_scene
    app = quiet_app(tmp_path)
    scene = arranging_scene(app)
    frame(app)
    legend = scene.legend(TILE_KEYS)
    assert same(legend_bar(app.screen), only(legend)), "the footer shows another legend"
    assert "pick tile" not in legend and "F: flip" not in legend and "Arrows" not in legend
    picker = scene.tool.picker
    assert legend.startswith("Left/Right, Up/Down: choose   Enter, click: lay it")
    focus = picker.focus                       # each key listed does what it says
    press(app, "right")
    assert picker.focus != focus
    assert ("H: hints" in legend) and ("C: coach" in legend) == scene.coach.offered
    lines = len(picker.text_lines())
    press(app, "hint")                         # H hides the focused card's hint
    assert len(picker.text_lines()) < lines
    press(app, "hint")
    assert ("U: undo" in legend) == (scene.ctl.undo_target()[0] is not None)
    assert legend.endswith("Esc: pause")
    press(app, "back")
    assert isinstance(app.top, PauseOverlay)
    press(app, "back")
    press(app, "confirm")                      # the opening lies: the tile keys again
    assert not scene.game.arranging
    wait_for_human(app, scene)
    frame(app)
    assert scene.legend(TILE_KEYS) == TILE_KEYS
    assert same(legend_bar(app.screen), only(TILE_KEYS))


def test_while_numbers_are_chosen_the_footer_lists_the_choices_keys(tmp_path):
    from game.shell.variants.dominid import LEGEND as TILE_KEYS
    from test_board_match_dominid import first_placement, start
    app = quiet_app(tmp_path)
    scene = start(app)
    first_placement(app, scene)
    legend = scene.legend(TILE_KEYS)
    assert same(legend_bar(app.screen), only(legend)), "the footer shows another legend"
    assert "pick tile" not in legend and "H: " not in legend   # H changes nothing there
    assert "O, E: take odds, evens" in legend and legend.endswith("Esc: pause")
    assert "U: undo" in legend and scene.ctl.undo_target()[0] == 0     # the tile laid
    press(app, "text", char="e")
    assert scene.game.parities[0] == "evens"
    wait_for_human(app, scene)
    frame(app)
    assert same(legend_bar(app.screen), only(TILE_KEYS))
