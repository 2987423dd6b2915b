"""Dominox's end layer names each empty region's winner under its points."""
import pygame

from game.shell.board.geometry import BoardGeometry
from game.shell.board.table import BOARD_AREA
from game.shell.variants.dominox import BADGES, territory_layer


def test_each_region_carries_its_winners_name_in_the_winners_colours():
    pygame.font.init()
    geo = BoardGeometry(8, 8, BOARD_AREA)
    font = pygame.font.Font(None, 30)
    regions = [([(0, 0), (1, 0), (0, 1)], 0, 3), ([(5, 5)], 1, 1), ([(7, 0), (7, 1)], None, 0)]
    plain = territory_layer(geo, regions, font)
    named = territory_layer(geo, regions, font, ["Ann", "Ben"])
    radius = max(10, int(geo.size * 0.34))
    for square, winner in (((0, 0), 0), ((5, 5), 1), ((7, 0), None)):
        centre = geo.square_rect(square).move(-geo.outer.x, -geo.outer.y).center
        # the tag hangs under the badge: left of its text, the tag's fill in the winner's
        # colours, where the plain layer shows only the region's tint
        spots = [(centre[0] + dx, centre[1] + radius + 6) for dx in range(-30, 31)]
        tagged = [p for p in spots if 0 <= p[0] < named.get_width()
                  and tuple(named.get_at(p))[:3] == BADGES[winner][1]
                  and tuple(plain.get_at(p))[:3] != BADGES[winner][1]]
        assert tagged, f"no tag under the region of {square}"
