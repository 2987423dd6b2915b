"""Packs over the network: North sees the board from North's side of the table (their
home rank at the bottom, the arrows and the pointer turned with it); South, and the
couch, see it as always."""
import pygame

from game.shell.board.geometry import BoardGeometry

from acceptance_support import keep_global_random  # noqa: F401
from network_support import Hosted, NetPerson, run_bot, wait_for
from test_network_scenes import join_from_menu


def test_a_turned_board_maps_squares_points_and_steps_from_the_far_side():
    geo = BoardGeometry(8, 8, pygame.Rect(400, 100, 800, 800))
    south = geo.square_rect((0, 0))
    geo.turned = True
    north = geo.square_rect((0, 0))
    assert north.topright == geo.rect.topright and south.bottomleft == geo.rect.bottomleft
    for square in ((0, 0), (3, 5), (7, 7)):
        assert geo.square_at(geo.square_rect(square).center) == square
    assert geo.step(0, 1) == (0, -1) and geo.step(1, 0) == (-1, 0)


def test_north_in_packs_sees_the_board_from_the_north(tmp_path, monkeypatch):
    hosted = Hosted("open22", ["remote", "remote"])
    try:
        ben = hosted.bot("Ben", "random")
        assert wait_for(lambda: ben.step() or ben.welcome is not None, 20)
        run_bot(ben)
        person = NetPerson(tmp_path, monkeypatch, "keys", seed=5)
        scene = join_from_menu(person, hosted.address, "TEST42")
        assert scene.ctl.viewer == 1 and scene.geo.turned
        home = scene.ctl.state.home_rank(1)
        assert scene.geo.square_rect((0, home)).bottom == scene.geo.rect.bottom
        assert wait_for(lambda: scene.ctl.human_turn, 60, person.frame)
        tool = scene.tool
        before = scene.geo.index_square(tool.square())
        person.keys(pygame.K_UP)               # up on North's screen: toward South
        after = scene.geo.index_square(tool.square())
        assert after[1] == max(0, before[1] - 1)
    finally:
        hosted.stop()


def test_south_and_the_couch_see_the_board_as_always(tmp_path, monkeypatch):
    hosted = Hosted("open22", ["remote", "remote"])
    try:
        person = NetPerson(tmp_path, monkeypatch, "keys", seed=5)
        scene = join_from_menu(person, hosted.address, "TEST42")     # the first: South
        run_bot(hosted.bot("Ben", "random"))
        assert scene.ctl.viewer == 0 and not scene.geo.turned
    finally:
        hosted.stop()
