"""What a match screen offers along its bottom: the game's keys while people play, the
watcher's keys and no Draw or Pass buttons when only computers play, and Enter for the
results while they wait."""
from __future__ import annotations

import random

import pygame
import pytest

from game.shell import theme
from game.shell.config import MatchConfig, Seat
from game.shell.line.art import LEGEND
from game.shell.match.scene import RESULTS_DUE_LEGEND, WATCH_LEGEND
from game.shell.scene import LOGICAL_SIZE

from test_shell_support import frame, play_to_the_last_move, quiet_app

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
