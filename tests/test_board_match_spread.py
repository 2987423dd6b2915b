"""Spread (open54) on the board scene: 2 to 4 seats, the tall board, the pack and the
turned-up tile, blocked shares, face-down doubles, the reason a spot is illegal, random
input, and where everything lies on the screen."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game.shell.board.geometry import BoardGeometry, squares_of, tile_body
from game.shell.board.scene import BoardMatchScene
from game.shell.frame import tile_art
from game.shell.board.table import (BOARD_AREA, CAPTION_RECT, INFO_RECT, PASS_RECT, STOCK_RECT,
                                    TRAY_RECT, card_rects)
from game.play.config import MatchConfig, Seat
from game.shell.frame.scene import LOGICAL_SIZE, Action
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene
from game.shell.variants import open54

from test_shell_support import quiet_app, random_board_actions

STEP = 1 / 60


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


def start(app, kinds, seed=7, **options) -> BoardMatchScene:
    seats = tuple(Seat(f"P{i}", "human" if k == "human" else "computer",
                       "greedy" if k == "human" else k) for i, k in enumerate(kinds))
    app.start_match(MatchConfig("open54", seats, options, seed))
    assert isinstance(app.top, BoardMatchScene), getattr(app.top, "lines", app.top)
    return app.top


def run_until(app, scene, done, limit=20000):
    """Step the match (continuing hand-overs) until `done()`; the computers think in a
    worker process, so a step may have to wait for them."""
    for _ in range(limit):
        if done():
            return
        if isinstance(app.top, HandOverScene):
            app.top.handle(Action("confirm"))
        app.advance(STEP)
        app.draw()
        if scene.ctl.thinking:
            time.sleep(0.0005)
    raise AssertionError("the match never got there")


def draw_spy(monkeypatch) -> list:
    drawn = []
    real = tile_art.draw_tile

    def spy(surface, rect, ends=None, state="normal"):
        drawn.append((pygame.Rect(rect), ends))
        real(surface, rect, ends, state)

    monkeypatch.setattr(tile_art, "draw_tile", spy)
    return drawn


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_table_lays_out_every_seat_count(seats):
    geo = BoardGeometry(8, 16, BOARD_AREA)
    cards = card_rects(seats)
    panels = [*cards, STOCK_RECT, INFO_RECT, TRAY_RECT, PASS_RECT, CAPTION_RECT, geo.outer]
    screen = pygame.Rect((0, 0), LOGICAL_SIZE)
    for i, rect in enumerate(panels):
        assert screen.contains(rect)
        for other in panels[i + 1:]:
            assert not rect.colliderect(other), (rect, other)
    assert geo.size >= 40                      # the tall board still has good squares
    assert len({rect.x for rect in cards}) == 2 and len(cards) == seats


def test_the_turned_up_tile_shows_large_by_the_pack(app, monkeypatch):
    scene = start(app, ["human", "greedy"])
    drawn = draw_spy(monkeypatch)
    scene.table._hud_key = None                # the cached table redraws its panels
    app.draw()
    view = scene.view(0)
    assert view.turned_up is not None and view.pack_size == 31
    by_pack = [(rect, ends) for rect, ends in drawn if STOCK_RECT.contains(rect) and ends]
    assert by_pack and by_pack[0][1] == tile_art.ends_of(view.turned_up)
    assert by_pack[0][0].h >= 140
    assert "turns up" in scene.ctl.caption


def test_blocked_shares_stand_as_one_block_each(app, monkeypatch):
    scene = start(app, ["greedy", "greedy"], layout="pillars")
    blocks = []
    monkeypatch.setattr(open54, "draw_obstacle", lambda surface, rect: blocks.append(rect))
    scene.adapter.draw_board(app.screen, scene.geo, None)
    geo, shape = scene.geo, scene.game.shape
    squares = {geo.index_square(i) for i in shape.blocked}
    assert squares and len(blocks) * 2 == len(squares)
    for f, r in squares:
        cell = geo.span_rect((f, r - r % 2), (f, r - r % 2 + 1))
        assert cell in blocks


def test_face_down_doubles_are_drawn_face_down(app, monkeypatch):
    drawn = draw_spy(monkeypatch)
    scene = start(app, ["random", "random", "random"], seed=3, face_down=True)
    run_until(app, scene, lambda: scene.view(0).face_down)
    view = scene.view(0)
    for _ in range(2):
        app.advance(STEP)
        app.draw()
    downs = [p for p in view.placed
             if scene.game.shape.index[p.first] in view.face_down]
    assert downs and all(p.x == p.y for p in downs)
    for placement in downs:
        body = tile_body(scene.geo, *squares_of(placement))
        last = [ends for rect, ends in drawn if rect == body]
        assert last and last[-1] is None, placement


def test_a_ghost_on_a_blocked_share_says_why(app):
    scene = start(app, ["human", "greedy"], seed=5, layout="pillars")
    run_until(app, scene, lambda: scene.ctl.human_turn and not scene.must_pass())
    blocked = scene.geo.index_square(min(scene.game.shape.blocked))
    app.dispatch(Action("confirm"))                      # pick the focused tile
    assert scene.ghost is not None
    app.dispatch(Action("point", pos=scene.geo.square_rect(blocked).center))
    assert blocked in scene.ghost.squares
    assert scene.ghost_reason
    plies = scene.ctl.ply
    app.dispatch(Action("confirm"))
    assert scene.ctl.ply == plies and scene.ctl.caption


def test_a_computer_game_ends_with_tiles_left_as_results(app):
    scene = start(app, ["greedy", "random", "greedy", "random"], seed=11)
    run_until(app, scene, lambda: isinstance(app.top, ResultsScene))
    outcome = scene.game.outcome()
    results = app.top
    assert results.headers == ("Player", "Tiles left")
    assert [row[1] for row in results.rows] == [str(n) for n in outcome.scores]
    assert results.winner_text == scene.adapter.final_caption()


@pytest.mark.parametrize("kinds, options", [
    (["human", "random"], {}),
    (["human", "human", "random"], {"layout": "pillars", "face_down": True}),
    (["human", "random", "human", "random"], {"layout": "cross"}),
])
def test_random_actions_raise_nothing(app, kinds, options):
    rng = random.Random(len(kinds))
    scene = start(app, kinds, seed=rng.randrange(1000), **options)
    random_board_actions(app, scene, rng, 800)
    assert scene.ctl.ply > 0       # the game went on (moves, maybe taken back by a random U)


def test_a_hidden_hand_shows_the_tiles_everyone_saw_turned_up(app, monkeypatch):
    """The computer's card: the tiles it turned up in public lie face up, first, and the
    dealt ones stay face down."""
    scene = start(app, ["human", "greedy"], seed=9, dealt=2)
    game = scene.game

    def ready():
        assert not game.is_over()
        if scene.ctl.human_turn and not scene.animating():
            if game.seen[1] and len(game.hands[1]) > len(game.seen[1]):
                return True
            scene.ctl.play(game.legal_moves()[0])
        return False

    run_until(app, scene, ready)
    drawn = draw_spy(monkeypatch)
    scene.table._hud_key = None
    app.draw()
    card = card_rects(2)[1]
    on_card = [ends for rect, ends in drawn if card.contains(rect)]
    seen = [tile_art.ends_of(t) for t in sorted(game.seen[1])]
    assert len(on_card) == len(game.hands[1])
    assert on_card[:len(seen)] == seen and set(on_card[len(seen):]) == {None}


def test_with_dealt_hands_the_pack_panel_says_a_tile_comes_only_when_nothing_fits(app):
    """Option dealt: a player lays from the hand and turns a tile up only when nothing
    there fits, so the pack panel and D say that (not "each turn")."""
    scene = start(app, ["human", "greedy"], seed=3, dealt=4)
    view = scene.view(0)
    assert view.turned_up is None and scene.legal_moves() != ["pass"]   # nothing turned up
    assert scene.adapter.stock_note(view.pack_size) == "turned up when nothing fits"
    assert "only when nothing in your hand fits" in scene.adapter.draw_note
    plain = start(app, ["human", "greedy"])
    assert plain.view(0).turned_up is not None
    assert plain.adapter.stock_note(plain.view(0).pack_size) == "turned up each turn"
    assert "at the start of your turn" in plain.adapter.draw_note
