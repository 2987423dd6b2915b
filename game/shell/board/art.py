"""What the board scene draws on the board: the frame, squares, blocked squares and
obstacles, coordinates, and the tiles lying on it (face up or face down).

These are the pieces a variant's adapter (game.shell.variants) puts together into its
board's static layer; the table around the board is board.table's.
"""
from __future__ import annotations

import pygame

from game.logic.board import shape as grid
from game.shell.board.geometry import BoardGeometry, squares_of, tile_body
from game.shell.frame import tile_art

FRAME_OUTER = (58, 38, 26)
FRAME_INNER = (122, 86, 52)
HOLE = (14, 62, 40)           # the felt seen through the board
HOLE_SHADE = (6, 34, 22)
HOLE_MARK = (40, 100, 70)
STONE = (74, 70, 66)          # an obstacle standing on the board
STONE_LIGHT = (118, 112, 104)
STONE_DARK = (38, 36, 34)
COORD_TEXT = (236, 222, 190)
LEGAL_GLOW = (120, 230, 140)
LAST_MOVE = (255, 208, 70)


def draw_frame(surface, geo: BoardGeometry) -> None:
    """The board's wooden frame and its shadow on the felt."""
    radius = max(4, geo.margin // 2)
    shadow = geo.outer.move(geo.size // 10 + 4, geo.size // 10 + 6)
    pygame.draw.rect(surface, (10, 30, 20), shadow, border_radius=radius)
    pygame.draw.rect(surface, FRAME_OUTER, geo.outer, border_radius=radius)
    inner = geo.rect.inflate(max(4, geo.margin // 5), max(4, geo.margin // 5))
    pygame.draw.rect(surface, FRAME_INNER, inner, border_radius=2)


def draw_squares(surface, geo: BoardGeometry, paint, skip=frozenset()) -> None:
    """Every square but those in `skip`, in the (fill, edge) colours `paint(square)` gives."""
    edge = max(1, geo.size // 30)
    for f in range(geo.width):
        for r in range(geo.height):
            if (f, r) in skip:
                continue
            rect = geo.square_rect((f, r))
            fill, line = paint((f, r))
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, line, rect, edge)


def draw_hole(surface, rect: pygame.Rect) -> None:
    """A blocked square: a hole through the board showing the felt, with a cut edge so
    it cannot be taken for a square or for a claimed territory."""
    pygame.draw.rect(surface, HOLE, rect)
    lip = max(2, min(rect.size) // 9)
    pygame.draw.rect(surface, HOLE_SHADE, (rect.x, rect.y, rect.w, lip))      # inner shadow
    pygame.draw.rect(surface, HOLE_SHADE, (rect.x, rect.y, lip, rect.h))
    pygame.draw.rect(surface, FRAME_INNER, rect, max(1, lip // 2))
    inset = min(rect.size) // 4
    cross = rect.inflate(-2 * inset, -2 * inset)
    width = max(1, min(rect.size) // 16)
    pygame.draw.line(surface, HOLE_MARK, cross.topleft, cross.bottomright, width)
    pygame.draw.line(surface, HOLE_MARK, cross.topright, cross.bottomleft, width)


def draw_obstacle(surface, rect: pygame.Rect) -> None:
    """A blocked share: a stone block standing on its squares, lit from the top left, so
    it reads as something in the way rather than a square or a tile."""
    inset = max(2, min(rect.size) // 10)
    block = rect.inflate(-inset, -inset)
    radius = max(3, min(block.size) // 6)
    pygame.draw.rect(surface, STONE_DARK, block.move(2, 3), border_radius=radius)
    pygame.draw.rect(surface, STONE, block, border_radius=radius)
    bevel = max(2, min(block.size) // 12)
    pygame.draw.rect(surface, STONE_LIGHT, block, bevel, border_radius=radius)
    lines = block.inflate(-4 * bevel, -4 * bevel)
    for k in range(1, 4):                                   # chiselled stripes
        y = lines.y + lines.h * k // 4
        pygame.draw.line(surface, STONE_DARK, (lines.x, y), (lines.right, y), max(1, bevel // 2))


def draw_coordinates(surface, geo: BoardGeometry, font) -> None:
    """The file letters above and below the board, the rank numbers left and right."""
    band = geo.margin // 2 + 1
    for f in range(geo.width):
        label = font.render(grid.FILES[f], True, COORD_TEXT)
        x = geo.square_rect((f, 0)).centerx
        surface.blit(label, label.get_rect(center=(x, geo.rect.bottom + band)))
        surface.blit(label, label.get_rect(center=(x, geo.rect.top - band)))
    for r in range(geo.height):
        label = font.render(str(r + 1), True, COORD_TEXT)
        y = geo.square_rect((0, r)).centery
        surface.blit(label, label.get_rect(center=(geo.rect.left - band, y)))
        surface.blit(label, label.get_rect(center=(geo.rect.right + band, y)))


def coordinate_font(app, geo: BoardGeometry):
    return app.font(max(14, min(28, geo.margin * 2 // 3)), True)


def draw_placed(surface, geo: BoardGeometry, placement, state: str = "normal",
                face_down: bool = False) -> None:
    """A placed tile on its two squares, with tile_art's sprite."""
    s1, s2 = squares_of(placement)
    draw_placed_at(surface, tile_body(geo, s1, s2), placement, s1, s2, state, face_down)


def draw_placed_at(surface, body, placement, s1, s2, state="normal", face_down=False) -> None:
    """Number x on s1 and y on s2 drawn into `body` (tile_art: left/top number first); a
    face-down tile shows its back."""
    if face_down:
        tile_art.draw_tile(surface, body, None, state)
        return
    x, y = placement.x, placement.y
    if s1[1] == s2[1]:
        ends = (x, y) if s1[0] < s2[0] else (y, x)
    else:
        ends = (x, y) if s1[1] > s2[1] else (y, x)
    tile_art.draw_tile(surface, body, ends, state)
