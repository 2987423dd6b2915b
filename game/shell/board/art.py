"""What the Dominox screen draws on the board: its geometry and art, the placed tiles,
the ghost tile and the territory tint (the table around the board is grid_table's).

Squares are (file, rank) pairs counted from a1 = (0, 0); rank 0 is drawn at the bottom,
as on a chess board. BoardGeometry turns them into logical pixels and back.
"""
from __future__ import annotations

import pygame

from game.logic.board import shape as grid
from game.shell import tile_art

# Colours chosen to read as the two scoring colours and to stay apart from ivory tiles.
WHITE_SQUARE = (214, 196, 158)
WHITE_SQUARE_EDGE = (196, 176, 136)
BLACK_SQUARE = (40, 48, 66)
BLACK_SQUARE_EDGE = (54, 63, 84)
FRAME_OUTER = (58, 38, 26)
FRAME_INNER = (122, 86, 52)
HOLE = (14, 62, 40)           # the felt seen through the board
HOLE_SHADE = (6, 34, 22)
HOLE_MARK = (40, 100, 70)
COORD_TEXT = (236, 222, 190)
LEGAL_GLOW = (120, 230, 140)
LAST_MOVE = (255, 208, 70)
# end-of-game territory: (fill, stripe) per winner, and (ink, disc) of the points badge
TINTS = {0: ((252, 249, 240, 205), (255, 255, 255, 255)),
         1: ((8, 10, 16, 215), (0, 0, 0, 255)),
         None: ((110, 110, 116, 170), (110, 110, 116, 170))}
BADGES = {0: ((28, 30, 40), (252, 249, 240)), 1: ((246, 240, 224), (14, 16, 24)),
          None: ((240, 240, 240), (96, 96, 104))}

Square = tuple[int, int]


def square_name(square: Square) -> str:
    """'a1' for (0, 0)."""
    return grid.square_name(*square)


parse_square = grid.parse_square


def is_white(square: Square) -> bool:
    """a1 is white: a square is white when file + rank is even (RULES.md)."""
    return (square[0] + square[1]) % 2 == 0


class BoardGeometry:
    """Where each square of a `width` x `height` board lies inside `area` (a Rect).

    The square size follows the board size so that 2x2 up to 26x26 boards fit, with a
    margin for the frame and the coordinates."""

    MAX_SQUARE = 96

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
        s = self.size
        return pygame.Rect(self.rect.x + f * s, self.rect.bottom - (r + 1) * s, s, s)

    def square_at(self, pos) -> Square | None:
        """The square under logical position `pos`, or None off the board."""
        x, y = pos
        if not self.rect.collidepoint(x, y):
            return None
        return ((x - self.rect.x) // self.size, (self.rect.bottom - 1 - y) // self.size)

    def nearest_square(self, pos) -> Square:
        """The square under `pos`, clamped onto the board (for snapping a ghost)."""
        x = min(max(pos[0], self.rect.x), self.rect.right - 1)
        y = min(max(pos[1], self.rect.y), self.rect.bottom - 1)
        return self.square_at((x, y))

    def span_rect(self, first: Square, second: Square) -> pygame.Rect:
        return self.square_rect(first).union(self.square_rect(second))


def _hole(surface, rect: pygame.Rect):
    """A blocked square: a hole through the board showing the felt, with a cut edge so
    it cannot be taken for a square or for a claimed territory."""
    pygame.draw.rect(surface, HOLE, rect)
    lip = max(2, rect.w // 9)
    pygame.draw.rect(surface, HOLE_SHADE, (rect.x, rect.y, rect.w, lip))      # inner shadow
    pygame.draw.rect(surface, HOLE_SHADE, (rect.x, rect.y, lip, rect.h))
    pygame.draw.rect(surface, FRAME_INNER, rect, max(1, lip // 2))
    inset = rect.w // 4
    cross = rect.inflate(-2 * inset, -2 * inset)
    width = max(1, rect.w // 16)
    pygame.draw.line(surface, HOLE_MARK, cross.topleft, cross.bottomright, width)
    pygame.draw.line(surface, HOLE_MARK, cross.topright, cross.bottomleft, width)


def draw_board(surface, geo: BoardGeometry, blocked, font=None):
    """Frame, squares, blocked holes and (when `font` is given) the a.. / 1.. coordinates."""
    radius = max(4, geo.margin // 2)
    shadow = geo.outer.move(geo.size // 10 + 4, geo.size // 10 + 6)
    pygame.draw.rect(surface, (10, 30, 20), shadow, border_radius=radius)
    pygame.draw.rect(surface, FRAME_OUTER, geo.outer, border_radius=radius)
    inner = geo.rect.inflate(max(4, geo.margin // 5), max(4, geo.margin // 5))
    pygame.draw.rect(surface, FRAME_INNER, inner, border_radius=2)
    edge = max(1, geo.size // 30)
    for f in range(geo.width):
        for r in range(geo.height):
            rect = geo.square_rect((f, r))
            if (f, r) in blocked:
                _hole(surface, rect)
                continue
            white = is_white((f, r))
            pygame.draw.rect(surface, WHITE_SQUARE if white else BLACK_SQUARE, rect)
            pygame.draw.rect(surface, WHITE_SQUARE_EDGE if white else BLACK_SQUARE_EDGE,
                             rect, edge)
    if font is not None:
        _draw_coordinates(surface, geo, font)


def _draw_coordinates(surface, geo: BoardGeometry, font):
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


def territory_layer(geo: BoardGeometry, regions, font) -> pygame.Surface:
    """A transparent layer painting each empty region in the colour it scores for.

    `regions` holds (squares, winner, points) with winner 0 White, 1 Black or None (a tie,
    painted grey). Stripes keep a claimed area from looking like a tile face; the points
    are written on the region's most central square."""
    layer = pygame.Surface(geo.outer.size, pygame.SRCALPHA)
    offset = (-geo.outer.x, -geo.outer.y)
    step = max(6, geo.size // 5)
    for squares, winner, points in regions:
        tint, stripe = TINTS[winner]
        for square in squares:
            rect = geo.square_rect(square).move(offset)
            layer.fill(tint, rect)
            layer.set_clip(rect)
            first = (rect.x + rect.y) // step * step      # lines x + y = k, aligned
            for k in range(first, rect.right + rect.bottom + step, step):
                pygame.draw.line(layer, stripe, (k - rect.bottom, rect.bottom),
                                 (k - rect.y, rect.y), 2)
            layer.set_clip(None)
        centre = geo.square_rect(_central_square(squares)).move(offset).center
        radius = max(10, int(geo.size * 0.34))
        ink, disc = BADGES[winner]
        pygame.draw.circle(layer, (*disc, 245), centre, radius)
        pygame.draw.circle(layer, (220, 180, 80, 255), centre, radius, max(2, radius // 8))
        badge = font.render(str(points), True, ink)
        layer.blit(badge, badge.get_rect(center=(centre[0], centre[1] + 1)))
    return layer


def _central_square(squares) -> Square:
    squares = list(squares)
    cx = sum(f for f, _ in squares) / len(squares)
    cy = sum(r for _, r in squares) / len(squares)
    return min(squares, key=lambda s: ((s[0] - cx) ** 2 + (s[1] - cy) ** 2, s))


# Directions from the square of a tile's first shown number to its second, in clockwise
# screen order: right, down, left, up (rank grows upwards). Rotating steps through them.
DIRECTIONS = ((1, 0), (0, -1), (-1, 0), (0, 1))


class Ghost:
    """The tile a player is about to place: which numbers, which way round, and where.

    `anchor` is the square under the first shown number; `direction` (an index into
    DIRECTIONS) points to the square of the second. Rotating turns the tile a quarter
    clockwise about the anchor; flipping swaps its two numbers in place."""

    def __init__(self, ends: tuple[int, int], anchor: Square = (0, 0), direction: int = 0):
        self.ends = tuple(ends)
        self.anchor = anchor
        self.direction = direction

    @property
    def squares(self) -> tuple[Square, Square]:
        df, dr = DIRECTIONS[self.direction]
        return self.anchor, (self.anchor[0] + df, self.anchor[1] + dr)

    def rotate(self, steps: int = 1) -> None:
        self.direction = (self.direction + steps) % 4

    def flip(self) -> None:
        self.ends = (self.ends[1], self.ends[0])

    def move_by(self, df: int, dr: int, geo: BoardGeometry) -> None:
        self.anchor = (self.anchor[0] + df, self.anchor[1] + dr)
        self.keep_on(geo)

    def follow(self, pos, geo: BoardGeometry) -> None:
        """Snap so that the tile's middle lies near the pointer at `pos`."""
        df, dr = DIRECTIONS[self.direction]
        half = geo.size // 2
        self.anchor = geo.nearest_square((pos[0] - df * half, pos[1] + dr * half))
        self.keep_on(geo)

    def keep_on(self, geo: BoardGeometry) -> None:
        """Shift the anchor so that both squares lie on the board."""
        f = min(max(self.anchor[0], 0), geo.width - 1)
        r = min(max(self.anchor[1], 0), geo.height - 1)
        df, dr = DIRECTIONS[self.direction]
        if not 0 <= f + df < geo.width:
            f -= df
        if not 0 <= r + dr < geo.height:
            r -= dr
        self.anchor = (f, r)

    def text(self) -> str:
        """The canonical placement text (lower/left square first)."""
        (s1, s2), (x, y) = self.squares, self.ends
        if self.direction in (0, 3):            # second square right of / above the first
            return f"{x}-{y}@{square_name(s1)}{square_name(s2)}"
        return f"{y}-{x}@{square_name(s2)}{square_name(s1)}"

    def drawing_ends(self) -> tuple[int, int]:
        """The numbers in tile_art order: left/right for horizontal, top/bottom for vertical."""
        x, y = self.ends
        return (x, y) if self.direction in (0, 1) else (y, x)


def squares_of(placement) -> tuple[Square, Square]:
    """The squares of a logic Placement (number x on `first`, y on `second`)."""
    return parse_square(placement.first), parse_square(placement.second)


def draw_placed(surface, geo: BoardGeometry, placement, state: str = "normal") -> None:
    """A placed tile on its two squares, with tile_art's sprite."""
    s1, s2 = squares_of(placement)
    draw_placed_at(surface, tile_body(geo, s1, s2), placement, s1, s2, state)


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


def draw_placed_at(surface, body, placement, s1, s2, state="normal") -> None:
    """Number x on s1 and y on s2 drawn into `body` (tile_art: left/top number first)."""
    x, y = placement.x, placement.y
    if s1[1] == s2[1]:
        ends = (x, y) if s1[0] < s2[0] else (y, x)
    else:
        ends = (x, y) if s1[1] > s2[1] else (y, x)
    tile_art.draw_tile(surface, body, ends, state)
