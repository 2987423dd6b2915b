"""The element games' tables redraw the board square by square where a move changed it;
the result must be what drawing every element afresh on a clean board gives."""
import time

import pygame
import pytest

from game.play.config import MatchConfig, Seat
from game.shell.board.elements import art as element_art

from test_shell_support import frame, quiet_app


def whole_board(table, view):
    """The board as a whole redraw shows it: the clean board, the tints, every element."""
    layer = table._static.copy()
    geo = table.geo
    layer.blit(table._board_patch, geo.rect)
    wanted = table._wanted(view)
    for square, (_, tinted) in enumerate(wanted):
        if tinted:
            layer.blit(table._tint(), table._square_rect(square))
    for square in range(len(wanted)):
        table._draw_square(layer, square, wanted)
    return pygame.image.tobytes(layer.subsurface(geo.rect), "RGBA")


@pytest.mark.parametrize("variant,options", [("open1", {}), ("open3", {}), ("open4", {}),
                                             ("open22", {}), ("open22", {"across": True})])
def test_square_by_square_equals_a_whole_redraw(tmp_path, variant, options):
    app = quiet_app(tmp_path)
    seats = (Seat("C1", "computer", "random"), Seat("C2", "computer", "random"))
    app.start_match(MatchConfig(variant, seats, options, 5))
    scene = app.top
    plies, deadline = set(), time.monotonic() + 30
    while len(plies) <= 12 and not scene.ctl.state.is_over() and time.monotonic() < deadline:
        frame(app)
        plies.add(scene.ctl.ply)
    assert len(plies) > 6
    table = scene.table
    kept = pygame.image.tobytes(table._static.subsurface(table.geo.rect), "RGBA")
    assert kept == whole_board(table, scene.view(0))


def test_an_element_stays_inside_its_square():
    """Clipping each square's redraw to its rect is safe only if no element art spills."""
    surface = pygame.Surface((300, 300), pygame.SRCALPHA)
    rect = pygame.Rect(100, 100, 80, 80)
    from game.logic.elements.board import Element
    for owner in (0, 1):
        surface.fill((0, 0, 0, 0))
        element_art.draw_element(surface, rect, Element(owner, 6, 5))
        outside = [surface.get_at((x, y)).a for x in range(300) for y in (95, 185)] + \
                  [surface.get_at((x, y)).a for y in range(300) for x in (95, 185)]
        assert max(outside) == 0
