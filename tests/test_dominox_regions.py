"""Dominox's end layer names each empty region's winner beside its points, inside the
region's own squares: nothing of it lies over a tile or the board's edge."""
import pygame
import pytest

from game.shell.board.geometry import BoardGeometry
from game.shell.board.table import BOARD_AREA
from game.shell.frame import theme
from game.shell.variants.dominox import ONE_SQUARE_LABELS, label_spots, tag_size, territory_layer

# a corner square alone, a pair along the top edge, a strip along the bottom edge, an L
REGIONS = [([(0, 0)], 0, 1), ([(3, 7), (3, 6)], 1, 2), ([(5, 0), (6, 0), (7, 0)], None, 0),
           ([(0, 5), (1, 5), (0, 4)], 0, 3)]


def region_mask(geo, squares) -> pygame.mask.Mask:
    mask = pygame.mask.Mask(geo.outer.size)
    for square in squares:
        rect = geo.square_rect(square).move(-geo.outer.x, -geo.outer.y)
        mask.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    return mask


@pytest.mark.parametrize("width", [8, 16, 26])
def test_each_region_carries_its_winners_name_inside_its_own_squares(width):
    pygame.font.init()
    geo = BoardGeometry(width, 8, BOARD_AREA)
    font = pygame.font.Font(None, 30)
    named = territory_layer(geo, REGIONS, font, ["Ann", "Ben"])
    plain = territory_layer(geo, REGIONS, font)
    drawn = pygame.mask.from_surface(named, 0)
    drawn.erase(region_mask(geo, [s for squares, _, _ in REGIONS for s in squares]), (0, 0))
    assert drawn.count() == 0                        # nothing outside the regions
    for squares, _, _ in REGIONS:
        centre, radius, tag = label_spots(geo, squares)
        badge = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        badge.center = centre
        assert any(geo.square_rect(s).contains(badge) for s in squares), squares
        if tag is None:                              # a lone square too small for both
            assert len(squares) == 1 and geo.size < ONE_SQUARE_LABELS
            continue
        assert any(geo.square_rect(s).contains(tag) for s in squares), squares
        assert not tag.colliderect(badge)
        area = tag.move(-geo.outer.x, -geo.outer.y)
        assert (pygame.image.tobytes(named.subsurface(area), "RGBA")
                != pygame.image.tobytes(plain.subsurface(area), "RGBA"))   # the name is there


def test_a_winner_s_tag_has_the_size_a_size_by_size_search_finds():
    pygame.font.init()
    for text in ("tie", "Ann", "Computer 2", "Wwwwwwwwwwwwwwww", "Ben, the champion"):
        for width in (10, 30, 57, 80, 120, 200):
            for largest in (12, 18, 33, 40):
                size = largest
                while size > 12 and theme.font(size, True).size(text)[0] > width:
                    size -= 1
                assert tag_size(text, width, largest) == size, (text, width, largest)
