"""Elements of the open-board games (docs/rules.md, Test element to Packs), drawn: an
upright domino standing on one square, its long side along the file, the north number
in its top half and the south number in its bottom half, and an arrowhead at the end
that faces the opponent. The two owners differ by colour and by shape: the south
player's elements are ivory with round corners and a red rim, the north player's ebony
with square corners and a blue rim. A test element lies face down: its owner's body and
rim, a lattice for a face. The board: plain squares (games 1 and 3) or clear dark and
light ones (game 4), with the middle line marked.

    element_sprite(element, size, state="normal") -> Surface   size x size, cached
    draw_element(surface, rect, element, state="normal")       centred on `rect`
    draw_element_board(surface, geo, coloured, race, font)     frame, squares, line, coordinates
    STATES: normal, selected (gold glow), ghost (where a picked element was), preview
            (where it would go), faded (captured, about to go)
"""
from __future__ import annotations

import pygame

from game.logic.core import Tile
from game.shell.board.art import draw_coordinates, draw_frame, draw_squares
from game.shell.board.geometry import BoardGeometry
from game.shell.frame import tile_art

STATES = ("normal", "selected", "ghost", "preview", "faded")
ALPHAS = {"ghost": 110, "preview": 205, "faded": 170}
SUPERSAMPLE = 3

# per owner: (body, rim, divider, pip)
BODIES = (((246, 240, 224), (214, 72, 58), (90, 74, 58), (22, 20, 20)),
          ((40, 40, 46), (70, 150, 245), (150, 150, 160), (246, 244, 236)))
SEAT_COLOURS = (BODIES[0][1], BODIES[1][1])
ARROW_EDGE = ((70, 16, 10), (8, 28, 70))
BACKS = (((150, 52, 44), (208, 128, 110)), ((28, 64, 120), (110, 160, 230)))
GLOW = (255, 214, 70)

# The board: (fill, edge) of the two square colours.
PLAIN_SQUARES = (((184, 156, 112), (166, 138, 96)), ((214, 192, 150), (196, 174, 132)))
GAME4_SQUARES = (((92, 62, 42), (78, 52, 34)), ((236, 220, 184), (214, 198, 160)))
MIDDLE_LINE = (60, 40, 28)
RACE_LINE = (255, 206, 84)

_cache: dict[tuple, pygame.Surface] = {}


def body_rect(size: int, arrow: int) -> tuple[pygame.Rect, pygame.Rect]:
    """(body, arrowhead bounds) of an element in a size x size square; `arrow` +1 points
    north (up on the screen), -1 south."""
    bw, bh, ah = round(size * 0.5), round(size * 0.74), round(size * 0.12)
    top = (size - bh - ah) // 2
    if arrow > 0:
        head = pygame.Rect((size - bw) // 2, top, bw, ah)
        body = pygame.Rect((size - bw) // 2, top + ah, bw, bh)
    else:
        body = pygame.Rect((size - bw) // 2, top, bw, bh)
        head = pygame.Rect((size - bw) // 2, top + bh, bw, ah)
    return body, head


def corner_radius(owner: int, width: int) -> int:
    """Round corners for the south player, square ones for the north player."""
    return max(2, width * 3 // 10) if owner == 0 else max(1, width // 25)


def element_sprite(element, size: int, state: str = "normal",
                   turned: bool = False) -> pygame.Surface:
    """The element standing in a size x size square (transparent around it), cached per
    look. `element` has owner, south, north, face_down and arrow (logic's Element)."""
    key = (element.owner, element.south, element.north, element.face_down, element.arrow,
           size, state, turned)
    sprite = _cache.get(key)
    if sprite is None:
        sprite = _cache[key] = pygame.transform.rotate(
            element_sprite(element, size, state), 180) if turned else \
            _render(element, size, state)
    return sprite


def draw_element(surface, rect, element, state: str = "normal", alpha: int | None = None,
                 turned: bool = False):
    """The element's sprite centred on `rect` (a square); `alpha` fades it; `turned`
    shows it from the far side of the board (upside down)."""
    rect = pygame.Rect(rect)
    sprite = element_sprite(element, rect.w, state, turned)
    if alpha is not None and alpha < 255:
        sprite = sprite.copy()
        sprite.set_alpha(alpha)
    surface.blit(sprite, sprite.get_rect(center=rect.center))


def swatch(owner: int, size: int) -> pygame.Surface:
    """A blank element of `owner` (no pips), for cards and legends."""
    from game.logic.elements.board import Element
    return element_sprite(Element(owner, -1, -1), size)


# --- rendering --------------------------------------------------------------------------
def _render(element, size: int, state: str) -> pygame.Surface:
    """The shadow (or glow) of its shape, then the element drawn large and scaled down."""
    sprite = _halo(element.owner, element.arrow, size, state).copy()
    sprite.blit(_figure(element, size), (0, 0))
    if state in ALPHAS:
        sprite.set_alpha(ALPHAS[state])
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        sprite = sprite.convert_alpha()
    return sprite


def _halo(owner: int, arrow: int, size: int, state: str) -> pygame.Surface:
    """The soft drop shadow (normal), gold glow (selected) or nothing under an element's
    shape: blurred once per owner, arrow, size and state."""
    key = ("halo", owner, arrow, size, state)
    layer = _cache.get(key)
    if layer is None:
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        body, head = body_rect(size, arrow)
        radius = corner_radius(owner, body.w)
        if state == "selected":
            layer.fill((*GLOW, 0))     # (blurring transparent pixels adds no black)
            pygame.draw.rect(layer, (*GLOW, 230), body.union(head).inflate(8, 8),
                             border_radius=radius + 4)
            layer = pygame.transform.gaussian_blur(layer, max(2, size // 18))
        elif state == "normal":
            shadow = max(1, size // 40)
            pygame.draw.rect(layer, (0, 0, 0, 120), body.move(shadow, shadow + 1),
                             border_radius=radius)
            layer = pygame.transform.gaussian_blur(layer, max(1, size // 48))
        _cache[key] = layer
    return layer


def _figure(element, size: int) -> pygame.Surface:
    """The element itself (arrowhead, rim, face or back), anti-aliased by supersampling."""
    s = SUPERSAMPLE
    big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
    body, head = body_rect(size * s, element.arrow)
    owner = element.owner
    fill, rim, divider, pip = BODIES[owner]
    radius = corner_radius(owner, body.w)
    _draw_head(big, head, element.arrow, rim, ARROW_EDGE[owner], s)
    edge = max(2, size // 30) * s
    pygame.draw.rect(big, rim, body, border_radius=radius)
    inner = body.inflate(-2 * edge, -2 * edge)
    inner_radius = max(1, radius - edge) if owner == 0 else max(1, radius // 2)
    if element.face_down:
        _draw_back(big, inner, inner_radius, BACKS[owner], s)
    else:
        pygame.draw.rect(big, fill, inner, border_radius=inner_radius)
        half = inner.h // 2
        inset = inner.w // 8
        pygame.draw.line(big, divider, (inner.x + inset, inner.y + half),
                         (inner.right - inset, inner.y + half), max(1, size // 48) * s)
        pip_r = max(2 * s, round(min(inner.w, half) * 0.1))
        for index, number in enumerate((element.north, element.south)):
            if number < 0:
                continue
            top = inner.y + index * half
            for fx, fy in tile_art.pip_centres(number, True):
                centre = (inner.x + fx * inner.w, top + 0.06 * half + fy * half * 0.88)
                pygame.draw.circle(big, pip, centre, pip_r)
    return pygame.transform.smoothscale(big, (size, size))


def _draw_head(surface, head: pygame.Rect, arrow: int, colour, edge, s: int) -> None:
    """The arrowhead: a wide triangle at the end that faces the opponent."""
    half = head.w * 0.42
    if arrow > 0:
        points = [(head.centerx, head.y), (head.centerx - half, head.bottom + 2 * s),
                  (head.centerx + half, head.bottom + 2 * s)]
    else:
        points = [(head.centerx, head.bottom), (head.centerx - half, head.y - 2 * s),
                  (head.centerx + half, head.y - 2 * s)]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, edge, points, max(1, s))


def _draw_back(surface, inner: pygame.Rect, radius: int, colours, s: int) -> None:
    """A face-down face: a diamond lattice, never numbers."""
    base, line = colours
    pygame.draw.rect(surface, base, inner, border_radius=radius)
    step, width = max(6, inner.w // 3), max(1, s * 2)
    surface.blit(tile_art.lattice(inner.size, line, step, width, 3 * s, radius), inner.topleft)


# --- the board --------------------------------------------------------------------------
def draw_element_board(surface, geo: BoardGeometry, coloured: bool, race: bool, font) -> None:
    """The frame, the squares (game 4: dark and light, a1 dark), the middle line between
    the two halves (gold in the race), and the coordinates when `font` is given."""
    squares = GAME4_SQUARES if coloured else PLAIN_SQUARES
    draw_frame(surface, geo)
    draw_squares(surface, geo, lambda sq: squares[(sq[0] + sq[1]) % 2])
    y = max(geo.square_rect((0, rank)).top for rank in (geo.height // 2 - 1, geo.height // 2))
    width = max(3, geo.size // 16) if race else max(2, geo.size // 32)
    colour = RACE_LINE if race else MIDDLE_LINE
    pygame.draw.line(surface, colour, (geo.rect.x - geo.margin // 3, y),
                     (geo.rect.right + geo.margin // 3 - 1, y), width)
    if font is not None:
        draw_coordinates(surface, geo, font)


def warm(size: int, elements) -> None:
    """Render the sprites of `elements` at `size` ahead of play."""
    for element in elements:
        element_sprite(element, size)


def tile_of(element) -> Tile:
    return Tile.of(element.south, element.north)
