"""Where the squares of a board lie on the screen: pure geometry, no drawing.

Squares are (file, rank) pairs counted from a1 = (0, 0); rank 0 is drawn at the bottom,
as on a chess board. BoardGeometry turns them into logical pixels and back; tile_body is
the rect a tile on two neighbouring squares fills.
"""
from __future__ import annotations

import pygame

from game.logic.board import shape as grid

Square = tuple[int, int]

# Directions from the square of a tile's first shown number to its second, in clockwise
# screen order: right, down, left, up (rank grows upwards). Rotating steps through them.
DIRECTIONS = ((1, 0), (0, -1), (-1, 0), (0, 1))


def square_name(square: Square) -> str:
    """'a1' for (0, 0)."""
    return grid.square_name(*square)


parse_square = grid.parse_square


def squares_of(placement) -> tuple[Square, Square]:
    """The squares of a logic Placement (number x on `first`, y on `second`)."""
    return parse_square(placement.first), parse_square(placement.second)


class BoardGeometry:
    """Where each square of a `width` x `height` board lies inside `area` (a Rect).

    The square size follows the board's larger ratio to the area, so that 2x2 up to 26x26
    boards and tall ones (Spread's 8x16) fit, with a margin for the frame and coordinates."""

    MAX_SQUARE = 96
    turned = False       # seen from the far side (a network seat at the top of the board)

    def __init__(self, width: int, height: int, area: pygame.Rect):
        self.width, self.height = width, height
        self.area = pygame.Rect(area)
        fit = min(self.area.w / (width + 0.9), self.area.h / (height + 0.9))
        self.size = max(12, min(self.MAX_SQUARE, int(fit)))
        self.margin = max(14, int(self.size * 0.42))       # frame + coordinate band
        board_w, board_h = width * self.size, height * self.size
        self.rect = pygame.Rect(0, 0, board_w, board_h)
        self.rect.center = self.area.center
        self.outer = self.rect.inflate(2 * self.margin, 2 * self.margin)

    def contains(self, square: Square) -> bool:
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def square_rect(self, square: Square) -> pygame.Rect:
        f, r = square
        if self.turned:
            f, r = self.width - 1 - f, self.height - 1 - r
        s = self.size
        return pygame.Rect(self.rect.x + f * s, self.rect.bottom - (r + 1) * s, s, s)

    def square_at(self, pos) -> Square | None:
        """The square under logical position `pos`, or None off the board."""
        x, y = pos
        if not self.rect.collidepoint(x, y):
            return None
        return self._square_of(x, y)

    def _square_of(self, x: int, y: int) -> Square:
        f, r = (x - self.rect.x) // self.size, (self.rect.bottom - 1 - y) // self.size
        return (self.width - 1 - f, self.height - 1 - r) if self.turned else (f, r)

    def step(self, df: int, dr: int) -> tuple[int, int]:
        """A key's step on screen (right, up...) as a step of files and ranks."""
        return (-df, -dr) if self.turned else (df, dr)

    def nearest_square(self, pos) -> Square:
        """The square under `pos`, clamped onto the board (for snapping a ghost)."""
        x = min(max(pos[0], self.rect.x), self.rect.right - 1)
        y = min(max(pos[1], self.rect.y), self.rect.bottom - 1)
        return self._square_of(x, y)

    def span_rect(self, first: Square, second: Square) -> pygame.Rect:
        return self.square_rect(first).union(self.square_rect(second))

    def index_square(self, index: int) -> Square:
        """The square of a logic square index (rank * width + file)."""
        return index % self.width, index // self.width


def tile_body(geo: BoardGeometry, s1: Square, s2: Square) -> pygame.Rect:
    """The rect a placed tile's body fills: its two squares, inset so the grid shows."""
    span = geo.span_rect(s1, s2)
    inset = max(2, geo.size // 14)
    long_side = 2 * geo.size - 2 * inset
    short = long_side // 2
    w, h = (short, long_side) if span.h > span.w else (long_side, short)
    body = pygame.Rect(0, 0, w, h)
    body.center = span.center
    return body
