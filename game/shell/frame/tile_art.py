"""Domino tile sprites, rendered once per look and cached (LOOK.md "Tiles").

API (stable; the line and board match scenes share it):

    draw_tile(surface, rect, ends=None, state="normal")
        Draw a tile whose body fills `rect` (logical px). `rect` taller than wide means a
        vertical tile. `ends` = (first, second): the numbers on the left/right half
        (horizontal) or top/bottom half (vertical); -1 is a blank half; None draws the
        face-down back. "selected" tiles are drawn lifted.
    face(ends, long_side, vertical=False, state="normal") -> Surface
    back(long_side, vertical=False, state="normal") -> Surface
        The cached sprites: the body plus a margin of `pad(long_side)` on every side for
        the shadow and glow (blit at body.topleft - (pad, pad)). Same key, same Surface.
    ends_of(tile, flipped=False) -> (first, second)   a Tile's halves in drawing order
    pip_centres(n, vertical) -> ((x, y), ...)          pip centres as fractions of a half
    body_size(long_side, vertical) -> (w, h);  pad(long_side) -> int;  lift(long_side) -> int
    warm(long_side, horizontal_too=True, states=("normal",))  render all 0-6 faces ahead
    STATES: normal, playable (soft glow), selected (bright outline, lifted),
            ghost_ok / ghost_bad (translucent green / red preview, its pips solid),
            hint (a fainter green preview: a place the hints suggest), just_played
"""
from __future__ import annotations

import pygame

from game.logic.core import Tile

STATES = ("normal", "playable", "selected", "ghost_ok", "ghost_bad", "hint", "just_played")

IVORY = (246, 240, 224)
IVORY_EDGE = (196, 184, 160)
DIVIDER = (70, 58, 46)
PIP = (22, 20, 20)
BACK = (122, 30, 40)
BACK_LINE = (168, 72, 70)
BACK_EDGE = (70, 14, 22)
GLOW = {"playable": (255, 236, 140), "selected": (255, 214, 70), "just_played": (120, 220, 255)}
OUTLINE = {"selected": (255, 200, 40), "just_played": (90, 200, 255)}
# Previews: (face, edge, divider and pips) as RGBA. The face lets the board show through;
# the pips stay near opaque so that the numbers read on every preview.
GHOSTS = {"ghost_ok": ((96, 214, 120, 150), (60, 200, 90, 230), (8, 58, 22, 250)),
          "ghost_bad": ((226, 88, 84, 150), (220, 60, 60, 230), (70, 8, 8, 250)),
          "hint": ((150, 240, 170, 80), (150, 255, 170, 230), (10, 70, 30, 225))}

SUPERSAMPLE = 3   # faces are drawn large and smooth-scaled down: cheap anti-aliasing

# Pip centres on a 3x3 grid of a vertical tile's square half (fractions of the half);
# a horizontal tile uses the same layout turned a quarter.
_L, _M, _H = 0.25, 0.5, 0.75
_PIPS = {
    0: (),
    1: ((_M, _M),),
    2: ((_L, _L), (_H, _H)),
    3: ((_L, _L), (_M, _M), (_H, _H)),
    4: ((_L, _L), (_H, _L), (_L, _H), (_H, _H)),
    5: ((_L, _L), (_H, _L), (_M, _M), (_L, _H), (_H, _H)),
    6: ((_L, _L), (_L, _M), (_L, _H), (_H, _L), (_H, _M), (_H, _H)),
    7: ((_L, _L), (_L, _M), (_L, _H), (_M, _M), (_H, _L), (_H, _M), (_H, _H)),
    8: ((_L, _L), (_L, _M), (_L, _H), (_M, _L), (_M, _H), (_H, _L), (_H, _M), (_H, _H)),
    9: tuple((x, y) for x in (_L, _M, _H) for y in (_L, _M, _H)),
}

_cache: dict[tuple, pygame.Surface] = {}


def pip_centres(n: int, vertical: bool = True) -> tuple[tuple[float, float], ...]:
    if n < 0:
        return ()
    if n not in _PIPS:
        raise ValueError(f"no pip layout for {n}")
    points = _PIPS[n]
    return points if vertical else tuple((y, 1 - x) for x, y in points)


def ends_of(tile: Tile, flipped: bool = False) -> tuple[int, int]:
    first, second = (tile.a, tile.b) if not tile.is_blank else (-1, -1)
    return (second, first) if flipped else (first, second)


def body_size(long_side: int, vertical: bool = False) -> tuple[int, int]:
    short = long_side // 2
    return (short, long_side) if vertical else (long_side, short)


def pad(long_side: int) -> int:
    return max(4, long_side // 7)


def lift(long_side: int) -> int:
    return max(3, long_side // 9)


def face(ends, long_side: int, vertical: bool = False, state: str = "normal") -> pygame.Surface:
    key = ("face", tuple(ends), long_side, vertical, state)
    if key not in _cache:
        look = state if state in GHOSTS else "ivory"
        _cache[key] = _finish(_body(tuple(ends), long_side, vertical, look), long_side,
                              vertical, state)
    return _cache[key]


def back(long_side: int, vertical: bool = False, state: str = "normal") -> pygame.Surface:
    key = ("back", long_side, vertical, state)
    if key not in _cache:
        _cache[key] = _finish(_body(None, long_side, vertical), long_side, vertical, state)
    return _cache[key]


def warm(long_side: int, horizontal_too: bool = True, states=("normal",)) -> None:
    """Render every double-six face at one size ahead of time (upright, and lying down
    too unless `horizontal_too` is false), so that play never waits for a first render."""
    for a in range(7):
        for b in range(7):
            for vertical in ((False, True) if horizontal_too else (True,)):
                for state in states:
                    face((a, b), long_side, vertical, state)


def draw_tile(surface: pygame.Surface, rect, ends=None, state: str = "normal") -> None:
    rect = pygame.Rect(rect)
    vertical = rect.height > rect.width
    long_side = max(rect.width, rect.height)
    sprite = back(long_side, vertical, state) if ends is None else face(
        ends, long_side, vertical, state)
    margin = pad(long_side)
    y = rect.y - margin - (lift(long_side) if state == "selected" else 0)
    surface.blit(sprite, (rect.x - margin, y))


# --- rendering -------------------------------------------------------------------------

def _radius(long_side: int) -> int:
    return max(2, long_side // 12)


def _body(ends, long_side, vertical, look="ivory") -> pygame.Surface:
    """The bare tile (no margin) in its `look` (ivory, or a preview of GHOSTS), cached; a
    horizontal tile is the upright one turned a quarter to the left, which puts its first
    half on the left."""
    key = ("body", ends, long_side, vertical, look)
    if key not in _cache:
        if not vertical:
            _cache[key] = pygame.transform.rotate(_body(ends, long_side, True, look), 90)
        elif ends is None:
            _cache[key] = _render_back(ends, long_side)
        else:
            face, edge, ink = GHOSTS.get(look, (IVORY, IVORY_EDGE, PIP))
            _cache[key] = _render_face(ends, long_side, face, edge, DIVIDER if ink == PIP
                                       else ink, ink)
    return _cache[key]


def _frame(size, body_rect, long_side, state) -> pygame.Surface:
    """The margin of a sprite: its drop shadow or glow (blurred once per size and state)."""
    key = ("frame", size, long_side, state)
    if key not in _cache:
        margin, radius = pad(long_side), _radius(long_side)
        if state in GLOW:
            layer = _soft_shape(size, body_rect.inflate(margin, margin), GLOW[state], 200,
                                radius + margin // 2, max(1, margin // 2))
        elif state in GHOSTS:
            layer = pygame.Surface(size, pygame.SRCALPHA)
        else:
            drop = max(1, long_side // 30)
            layer = _soft_shape(size, body_rect.move(drop, drop), (0, 0, 0), 110, radius,
                                max(1, margin // 3))
        _cache[key] = layer
    return _cache[key]


def _render_face(ends, long_side, face=IVORY, edge=IVORY_EDGE, divider=DIVIDER,
                 pip=PIP) -> pygame.Surface:
    """An upright face (first number on top), anti-aliased by supersampling; colours
    with an alpha are written as they are (a preview's see-through face)."""
    w, h = body_size(long_side, True)
    s = SUPERSAMPLE
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    full = big.get_rect()
    pygame.draw.rect(big, edge, full, border_radius=_radius(long_side) * s)
    pygame.draw.rect(big, face, full.inflate(-2 * s, -2 * s).move(0, -s // 2 or -1),
                     border_radius=max(1, _radius(long_side) - 1) * s)
    side = w * s                                   # each half is a square
    inset = side // 8
    pygame.draw.line(big, divider, (inset, side), (side - inset, side),
                     max(1, long_side // 40) * s)
    pip_r = max(2, round(side * 0.085))
    for index, n in enumerate(ends):
        for fx, fy in pip_centres(n, True):
            pygame.draw.circle(big, pip, (fx * side, index * side + fy * side), pip_r)
    return pygame.transform.smoothscale(big, (w, h))


def lattice(size, colour, step: int, width: int, inset: int, radius: int) -> pygame.Surface:
    """A diamond lattice of `colour` lines `step` apart on a clear surface of `size`,
    clipped to a rounded rect `inset` pixels smaller: the back of a tile or an element."""
    w, h = size
    pattern = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(-h, w + h, step):
        pygame.draw.line(pattern, colour, (k, 0), (k + h, h), width)
        pygame.draw.line(pattern, colour, (k, h), (k + h, 0), width)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect().inflate(-inset, -inset),
                     border_radius=radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pattern


def _render_back(_ends, long_side) -> pygame.Surface:
    """An upright back: a diamond lattice clipped to the inner face, never pips."""
    w, h = body_size(long_side, True)
    s = SUPERSAMPLE
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    full = big.get_rect()
    radius = _radius(long_side) * s
    pygame.draw.rect(big, BACK_EDGE, full, border_radius=radius)
    inner = full.inflate(-3 * s, -3 * s)
    pygame.draw.rect(big, BACK, inner, border_radius=radius)
    width = max(1, s * max(1, long_side // 60))
    step = max(6, min(inner.size) // 3)
    big.blit(lattice(inner.size, BACK_LINE, step, width, 4 * s, radius), inner.topleft)
    pygame.draw.rect(big, BACK_LINE, inner.inflate(-4 * s, -4 * s), width, border_radius=radius)
    return pygame.transform.smoothscale(big, (w, h))


def _soft_shape(size, body_rect, color, alpha, radius, blur) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((*color, 0))   # transparent pixels carry the colour, so blurring adds no black
    pygame.draw.rect(layer, (*color, alpha), body_rect, border_radius=radius)
    return pygame.transform.gaussian_blur(layer, blur) if blur > 0 else layer


def _finish(body: pygame.Surface, long_side, vertical, state) -> pygame.Surface:
    """Put the body on a margin with its shadow, glow, outline or ghost tint."""
    margin = pad(long_side)
    w, h = body.get_size()
    size = (w + 2 * margin, h + 2 * margin)
    body_rect = pygame.Rect(margin, margin, w, h)
    radius = _radius(long_side)
    # pygame blends onto transparent pixels as if they were black, so the first layer
    # (glow or shadow) is copied, not blended
    sprite = _frame(size, body_rect, long_side, state).copy()
    if state in GHOSTS:                # the preview's body as it is, on a clear margin
        sprite.blit(body, body_rect, special_flags=pygame.BLEND_RGBA_MAX)
        pygame.draw.rect(sprite, GHOSTS[state][1], body_rect, max(2, long_side // 30),
                         border_radius=radius)
    else:
        sprite.blit(body, body_rect)
    if state in OUTLINE:
        pygame.draw.rect(sprite, OUTLINE[state], body_rect.inflate(2, 2),
                         max(2, long_side // 28), border_radius=radius + 1)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        sprite = sprite.convert_alpha()
    return sprite
