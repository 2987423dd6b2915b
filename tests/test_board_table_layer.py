"""A board table lays its static layer on a full-screen surface the app keeps: a rematch
(or a take-back's fresh table) draws over the last one's instead of making a new surface
in its first frame, and shows what a match started in a fresh app shows."""
import random

import pygame
import pytest

from game.play.config import MatchConfig

from test_shell_support import frame, seats, start_board_match, still_app, wait_for_human


def screen_bytes(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def play_a_few(app, scene, moves: int) -> None:
    rng = random.Random(3)
    for _ in range(moves):
        wait_for_human(app, scene)
        if scene.ctl.state.is_over():
            return
        scene.ctl.play(rng.choice(scene.ctl.state.legal_moves()))
        frame(app)


@pytest.mark.parametrize("variant", ["open1", "open10", "dominox", "dominid", "open54"])
def test_a_rematch_draws_on_the_kept_surface_what_a_fresh_match_draws(tmp_path, variant):
    app = still_app(tmp_path / "played")
    scene = start_board_match(app, variant, ("human", "greedy"))
    frame(app)
    kept = app.backdrop.table
    assert scene.table._static is kept
    play_a_few(app, scene, 4)
    scene.ctl.rematch()
    rematch = app.top
    frame(app)
    assert rematch is not scene and rematch.table._static is kept

    fresh = still_app(tmp_path / "fresh")
    fresh.start_match(rematch.ctl.config)
    frame(fresh)
    assert fresh.top.table._static is fresh.backdrop.table is not kept
    # the same moment of both matches: a computer that opens has moved in both, whenever
    # its worker answered
    wait_for_human(app, rematch)
    wait_for_human(fresh, fresh.top)
    assert screen_bytes(app) == screen_bytes(fresh)


def test_a_table_that_lost_the_surface_lays_its_layer_again(tmp_path):
    """A table drawn again after another took the kept surface (a lesson or a second
    match over it) must not show the other's board."""
    app = still_app(tmp_path)
    scene = start_board_match(app, "open1", ("human", "greedy"))
    frame(app)
    before = screen_bytes(app)
    other = type(scene)(app, MatchConfig("dominox", seats(("human", "greedy")), {}, 5))
    other.draw(app.screen)
    assert other.table._static is scene.table._static
    assert screen_bytes(app) != before
    scene.draw(app.screen)
    assert screen_bytes(app) == before
