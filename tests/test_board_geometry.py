"""Board geometry and the ghost tile of the Dominox screen (no scene, no app)."""
from __future__ import annotations

import pygame
import pytest

from game.logic.board.placement import Placement
from game.shell.board.geometry import DIRECTIONS, BoardGeometry, square_name
from game.shell.board.table import BOARD_AREA, CAPTION_RECT, TRAY_RECT, card_rects
from game.shell.board.tiles.place_tool import Ghost
from game.shell.match.controller import sentence
from game.shell.variants.dominox import BLACK_SQUARE, WHITE_SQUARE, territory_layer

CARD_RECTS = card_rects(2)


@pytest.mark.parametrize("width,height", [(2, 2), (6, 6), (8, 8), (10, 10), (8, 16),
                                          (26, 3), (26, 26)])
def test_every_board_fits_and_squares_round_trip(width, height):
    geo = BoardGeometry(width, height, BOARD_AREA)
    # between the players' cards, under the caption line and above the hand tray
    assert CARD_RECTS[0].right < geo.outer.left and geo.outer.right < CARD_RECTS[1].left
    assert CAPTION_RECT.bottom <= geo.outer.top and geo.outer.bottom < TRAY_RECT.top
    assert geo.size >= 20
    for f in range(width):
        for r in range(height):
            rect = geo.square_rect((f, r))
            assert geo.rect.contains(rect)
            assert geo.square_at(rect.center) == (f, r)
    assert geo.square_at((geo.rect.x - 1, geo.rect.y)) is None
    # rank 1 is at the bottom, file a on the left
    assert geo.square_rect((0, 0)).bottomleft == geo.rect.bottomleft


def test_the_dominox_board_paints_the_rules_square_colours(tmp_path):
    from game.shell.frame.app import App
    from game.play.config import MatchConfig, Seat
    app = App(windowed=True, settings_path=tmp_path / "settings.json")
    app.start_match(MatchConfig("dominox", (Seat("A"), Seat("B", "computer")), {}, 1))
    scene = app.top
    surface = pygame.Surface((1920, 1080))
    scene.adapter.draw_board(surface, scene.geo, None)
    colour = lambda square: tuple(surface.get_at(scene.geo.square_rect(square).center))[:3]
    assert colour((0, 0)) == colour((7, 7)) == WHITE_SQUARE[0]       # a1, h8
    assert colour((0, 7)) == colour((7, 0)) == BLACK_SQUARE[0]       # a8, h1
    assert square_name((15, 15)) == "p16"


@pytest.mark.parametrize("direction", range(4))
def test_ghost_text_is_canonical_in_every_orientation(direction):
    ghost = Ghost((5, 3), anchor=(2, 3), direction=direction)
    text = ghost.text()
    placement = Placement.parse(text)
    assert str(placement) == text
    first, second = ghost.squares
    numbers = {square_name(first): 5, square_name(second): 3}
    assert numbers[placement.first] == placement.x
    assert numbers[placement.second] == placement.y


def test_rotating_turns_clockwise_and_flipping_swaps_the_numbers():
    ghost = Ghost((5, 3), anchor=(2, 3))
    seen = []
    for _ in range(4):
        seen.append(ghost.text())
        ghost.rotate()
    assert seen == ["5-3@c4d4", "3-5@c3c4", "3-5@b4c4", "5-3@c4c5"]
    assert ghost.text() == seen[0]
    ghost.flip()
    assert ghost.text() == "3-5@c4d4"
    assert ghost.drawing_ends() == (3, 5)


def test_ghost_snaps_to_the_pointer_and_stays_on_the_board():
    geo = BoardGeometry(8, 8, BOARD_AREA)
    for direction in range(4):
        ghost = Ghost((1, 2), direction=direction)
        df, dr = DIRECTIONS[direction]
        for anchor in [(0, 0), (7, 7), (3, 4), (0, 7), (7, 0)]:
            second = (anchor[0] + df, anchor[1] + dr)
            if not geo.contains(second):
                continue
            ghost.follow(geo.span_rect(anchor, second).center, geo)
            assert ghost.anchor == anchor
        ghost.follow((0, 0), geo)                  # far off the board: clamped onto it
        assert all(geo.contains(s) for s in ghost.squares)
        for _ in range(12):
            ghost.move_by(1, 1, geo)
            assert all(geo.contains(s) for s in ghost.squares)


def test_territory_layer_paints_each_region_in_its_winner_colour():
    pygame.font.init()
    geo = BoardGeometry(4, 4, BOARD_AREA)
    font = pygame.font.Font(None, 30)
    regions = [([(0, 0), (1, 0), (0, 1)], 0, 3), ([(3, 3)], 1, 1), ([(2, 0), (3, 0)], None, 0)]
    layer = territory_layer(geo, regions, font)

    def pixel(square):      # a corner of the square, away from stripes and badges
        rect = geo.square_rect(square).move(-geo.outer.x, -geo.outer.y)
        return layer.get_at((rect.x + 3, rect.y + 1))

    white, black, tie, empty = pixel((1, 0)), pixel((3, 3)), pixel((3, 0)), pixel((2, 2))
    assert sum(white[:3]) > 600 and white.a > 150
    assert sum(black[:3]) < 100 and black.a > 150
    assert 200 < sum(tie[:3]) < 600
    assert empty.a == 0


def test_a_region_s_stripes_are_those_drawn_square_by_square():
    """Each square cut out of the region's striped sheet shows what a fill of the tint and
    the stripes clipped to that square give, stripes running on across squares."""
    from game.shell.variants.dominox import TINTS, striped
    step, size = 7, 40
    rects = [pygame.Rect(5 + x * (size + 2), 9 + y * (size + 2), size, size)
             for x, y in ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2))]
    box = rects[0].unionall(rects[1:])
    for colours in TINTS.values():
        sheet = striped(box, step, colours)
        cut = pygame.Surface((300, 300), pygame.SRCALPHA)
        drawn = pygame.Surface((300, 300), pygame.SRCALPHA)
        tint, stripe = colours
        for rect in rects:
            cut.blit(sheet, rect.topleft, rect.move(-box.x, -box.y))
            drawn.fill(tint, rect)
            drawn.set_clip(rect)
            first = (rect.x + rect.y) // step * step
            for k in range(first, rect.right + rect.bottom + step, step):
                pygame.draw.line(drawn, stripe, (k - rect.bottom, rect.bottom),
                                 (k - rect.y, rect.y), 2)
            drawn.set_clip(None)
        assert pygame.image.tobytes(cut, "RGBA") == pygame.image.tobytes(drawn, "RGBA")


def test_reasons_start_with_a_capital_unless_they_name_a_square():
    assert sentence("you must pass") == "You must pass"
    assert sentence("b7 is taken") == "b7 is taken"
