"""Tiles stacked on a table of cells, seen from above (docs/rules.md, Dominid).

Height reads four ways at once: each tile stands on a block whose rim shows its level's
tone (level 1 light birch, then honey, amber, rust, crimson, plum: darker and warmer the
higher), the block's lower and right edges are darker like a side in the light, its drop
shadow grows with the level, and every tile from level 2 up carries a badge with its level
on the top-left corner of its visible cell. The tile faces are tile_art's sprites inset in their
blocks (warmed a little by the level's tint), so every top number stays readable.

    tile_level(placed) -> [level]              the level each placement lies at
    Stacker(geo)                               sizes for one board geometry, sprites cached
        .draw_table(surface)                   the bare table: cells, blocked cells
        .draw_tile(surface, placement, level, footprint=None, state="normal")
        .draw_badge(surface, level, cell)       a level badge at a cell's top-left corner
        .draw_structure(surface, view, count)  placements 0..count-1 in level order,
                                               shadows under each level, badges last
        .footprint(s1, s2) -> Rect             the block of a tile on two cells
    level_key_rect(geo, area) -> Rect | None   where the key of the level tones stands
    level_key(surface, rect)                   that key: a swatch a level
    outline_cells(surface, geo, cells, colour, width, offset)  the outer edge of a group
"""
from __future__ import annotations

from game.i18n import N_, _

import pygame

from game.shell.board.art import draw_hole
from game.shell.board.geometry import BoardGeometry, Square, parse_square, squares_of
from game.shell.frame import theme, tile_art

TABLE = ((52, 70, 78), (68, 88, 96))        # (fill, line) of an empty cell: cool slate
TONES = ((218, 190, 140), (224, 174, 98), (212, 128, 58), (186, 82, 46), (148, 48, 52),
         (108, 36, 76), (72, 32, 92))       # level 1, 2, ... (the last for every higher)
# The faces warm up a little with the level too (multiplied in; pips stay black).
FACE_TINTS = ((255, 255, 255), (255, 236, 200), (255, 218, 168), (252, 198, 148),
              (246, 182, 148), (236, 174, 182), (220, 178, 214))
SHADOW_ALPHA = 90
BADGE_RING = (250, 244, 228)
# The key of the level tones beside the board: its title, then a swatch a tone.
KEY_TITLE, KEY_TEXT = N_("Level"), 26
KEY_TOP, KEY_SWATCH, KEY_STEP = 30, 34, 10     # the first swatch's top, a swatch, between
KEY_ROOM = 70                                  # the least room right of the board for it


def tone(level: int) -> tuple[int, int, int]:
    return TONES[min(max(level, 1), len(TONES)) - 1]


def face_tint(level: int) -> tuple[int, int, int]:
    return FACE_TINTS[min(max(level, 1), len(FACE_TINTS)) - 1]


def darker(colour, factor: float = 0.6) -> tuple[int, int, int]:
    return tuple(round(c * factor) for c in colour)


def tile_level(placed) -> list[int]:
    """The level each placement (in play order) lies at: one more than its cells had."""
    heights: dict[Square, int] = {}
    levels = []
    for placement in placed:
        s1, s2 = squares_of(placement)
        level = max(heights.get(s1, 0), heights.get(s2, 0)) + 1
        heights[s1] = heights[s2] = level
        levels.append(level)
    return levels


class Stacker:
    """Draws stacked tiles on one board geometry; sprites are made once per size."""

    def __init__(self, geo: BoardGeometry):
        self.geo = geo
        size = geo.size
        self.rim = max(5, size // 6)               # block tone around the face
        self.edge = max(2, size // 20)             # the block's darker side
        self.radius = max(3, size // 8)
        self.badge_r = max(8, round(size * 0.22))
        self.face_long = 2 * size - 2 * self.rim - 2
        self._shadows: dict = {}
        self._badges: dict = {}
        self._faces: dict = {}
        self.badges: list[tuple[int, Square]] = []   # (level, cell) drawn by draw_structure

    # --- sizes -------------------------------------------------------------------------
    def footprint(self, s1: Square, s2: Square) -> pygame.Rect:
        return self.geo.span_rect(s1, s2).inflate(-2, -2)

    def face_rect(self, footprint: pygame.Rect) -> pygame.Rect:
        w, h = tile_art.body_size(self.face_long, vertical=footprint.h > footprint.w)
        face = pygame.Rect(0, 0, w, h)
        face.center = (footprint.centerx - self.edge // 2, footprint.centery - self.edge // 2)
        return face

    def shadow_offset(self, level: int) -> int:
        return max(2, round(self.geo.size * 0.05 * level))

    def warm(self) -> None:
        """Every face at this board's size, placed and as a ghost (a few milliseconds)."""
        tile_art.warm(self.face_long, states=("normal", "ghost_ok", "ghost_bad"))

    # --- the table ---------------------------------------------------------------------
    def draw_table(self, surface, blocked) -> None:
        """Every cell a slate square (blocked cells a hole through the table)."""
        geo = self.geo
        line = max(1, geo.size // 30)
        pygame.draw.rect(surface, TABLE[0], geo.rect)
        for f in range(geo.width):
            for r in range(geo.height):
                rect = geo.square_rect((f, r))
                if (f, r) in blocked:
                    draw_hole(surface, rect)
                else:
                    pygame.draw.rect(surface, TABLE[1], rect, line)

    # --- a tile ------------------------------------------------------------------------
    def draw_shadow(self, surface, footprint: pygame.Rect, level: int) -> None:
        key = (footprint.size, level)
        sprite = self._shadows.get(key)
        blur = 2 + level
        if sprite is None:
            w, h = footprint.size
            sprite = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
            sprite.fill((0, 0, 0, 0))
            alpha = min(170, SHADOW_ALPHA + 14 * level)
            pygame.draw.rect(sprite, (0, 0, 0, alpha), (2 * blur, 2 * blur, w, h),
                             border_radius=self.radius)
            sprite = pygame.transform.gaussian_blur(sprite, blur)
            self._shadows[key] = sprite
        offset = self.shadow_offset(level)
        surface.blit(sprite, (footprint.x + offset - 2 * blur, footprint.y + offset - 2 * blur))

    def draw_block(self, surface, footprint: pygame.Rect, level: int) -> None:
        """The block the face lies on: the level's tone with a darker lower-right side."""
        colour = tone(level)
        pygame.draw.rect(surface, darker(colour), footprint, border_radius=self.radius)
        top = footprint.inflate(-self.edge, -self.edge).move(-self.edge // 2, -self.edge // 2)
        pygame.draw.rect(surface, colour, top, border_radius=self.radius)

    def draw_tile(self, surface, placement, level: int, footprint=None, state="normal",
                  shadow: bool = True) -> pygame.Rect:
        """A placed tile at `level` on its cells (or in `footprint`, sliding); returns the
        footprint."""
        s1, s2 = squares_of(placement)
        if footprint is None:
            footprint = self.footprint(s1, s2)
        if shadow:
            self.draw_shadow(surface, footprint, level)
        self.draw_block(surface, footprint, level)
        x, y = placement.x, placement.y
        if s1[1] == s2[1]:
            ends = (x, y) if s1[0] < s2[0] else (y, x)
        else:
            ends = (x, y) if s1[1] > s2[1] else (y, x)
        face = self.face_rect(footprint)
        if state != "normal" or level <= 1:
            tile_art.draw_tile(surface, face, ends, state)
        else:
            margin = tile_art.pad(self.face_long)
            surface.blit(self.tinted(ends, face.h > face.w, level),
                         (face.x - margin, face.y - margin))
        return footprint

    def tinted(self, ends, vertical: bool, level: int) -> pygame.Surface:
        """tile_art's face sprite warmed to the level's tint (made once)."""
        key = (ends, vertical, min(level, len(FACE_TINTS)))
        sprite = self._faces.get(key)
        if sprite is None:
            sprite = tile_art.face(ends, self.face_long, vertical).copy()
            sprite.fill(face_tint(level), special_flags=pygame.BLEND_RGB_MULT)
            self._faces[key] = sprite
        return sprite

    def badge(self, level: int) -> pygame.Surface:
        sprite = self._badges.get(level)
        if sprite is None:
            r = self.badge_r
            sprite = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            centre = (r + 2, r + 2)
            pygame.draw.circle(sprite, (0, 0, 0, 110), (r + 3, r + 4), r)
            pygame.draw.circle(sprite, BADGE_RING, centre, r)
            pygame.draw.circle(sprite, darker(tone(level), 0.75), centre, r - max(2, r // 5))
            label = theme.font(round(r * 1.5), True).render(str(level), True, (255, 255, 255))
            sprite.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))
            self._badges[level] = sprite
        return sprite

    def draw_badge(self, surface, level: int, cell: Square) -> None:
        surface.blit(self.badge(level), self.badge_rect(cell))

    # --- the structure -----------------------------------------------------------------
    def draw_structure(self, surface, view, count: int | None = None) -> None:
        """Placements 0..count-1 (all by default) from the lowest level up: first the
        shadows of a level, then its blocks and faces; then the badges of the tiles seen
        from above (level 2 and up), each on its topmost-leftmost visible cell."""
        placed = view.placed if count is None else view.placed[:count]
        levels = tile_level(placed)
        order = sorted(range(len(placed)), key=lambda i: (levels[i], i))
        for level in sorted(set(levels)):
            batch = [i for i in order if levels[i] == level]
            for i in batch:
                self.draw_shadow(surface, self.footprint(*squares_of(placed[i])), level)
            for i in batch:
                self.draw_tile(surface, placed[i], level, shadow=False)
        self.draw_badges(surface, view, placed, levels)

    def draw_badges(self, surface, view, placed, levels) -> None:
        width = view.width
        seen: dict[int, Square] = {}
        for index in range(len(placed)):
            if levels[index] < 2:
                continue
            cells = [s for s in squares_of(placed[index])
                     if _top_index(view, s, width, len(placed), placed) == index]
            if cells:
                seen[index] = min(cells, key=lambda s: (-s[1], s[0]))
        self.badges = [(levels[index], cell) for index, cell in seen.items()]
        for level, cell in self.badges:
            self.draw_badge(surface, level, cell)

    def badge_rect(self, cell: Square) -> pygame.Rect:
        rect = self.geo.square_rect(cell)
        inset = self.badge_r // 3
        box = pygame.Rect(0, 0, 2 * self.badge_r + 4, 2 * self.badge_r + 4)
        box.center = (rect.x + inset, rect.y + inset)
        return box

    def redraw_badges(self, surface, area: pygame.Rect, covered=()) -> None:
        """Badges drawn with the structure again where `area` (a tile drawn over them)
        reaches, but not those on `covered` cells."""
        for level, cell in self.badges:
            if cell not in covered and self.badge_rect(cell).colliderect(area):
                self.draw_badge(surface, level, cell)


def _top_index(view, square: Square, width: int, count: int, placed) -> int:
    """Which of placements 0..count-1 lies on top of `square` (-1 for none)."""
    if count == len(view.placed):
        return view.covers[square[1] * width + square[0]]
    for index in range(count - 1, -1, -1):
        if square in squares_of(placed[index]):
            return index
    return -1


def level_key_rect(geo: BoardGeometry, area: pygame.Rect) -> pygame.Rect | None:
    """Where the key of the level tones stands: a column from the board's top, in the
    middle of the room between the board and the right edge of `area` (None where that
    room is too narrow for it)."""
    room = area.right - geo.outer.right
    if room < KEY_ROOM:
        return None
    width = max(theme.font(KEY_TEXT).size(_(KEY_TITLE))[0], KEY_SWATCH + 8)
    height = KEY_TOP + len(TONES) * (KEY_SWATCH + KEY_STEP)
    rect = pygame.Rect(0, geo.rect.top, width, height)
    rect.centerx = geo.outer.right + room // 2
    return rect


def level_key(surface, rect: pygame.Rect) -> None:
    """The key of the level tones in `rect` (level_key_rect): a swatch a level, the last
    tone, for every higher level, marked "7+"."""
    theme.draw_text(surface, _(KEY_TITLE), rect.midtop, KEY_TEXT, theme.TEXT_DIM, "midtop")
    for level in range(1, len(TONES) + 1):
        swatch = pygame.Rect(0, 0, KEY_SWATCH + 8, KEY_SWATCH)
        swatch.midtop = (rect.centerx,
                         rect.top + KEY_TOP + (level - 1) * (KEY_SWATCH + KEY_STEP))
        pygame.draw.rect(surface, darker(tone(level)), swatch, border_radius=6)
        block = swatch.inflate(-3, -3).move(-1, -1)
        pygame.draw.rect(surface, tone(level), block, border_radius=6)
        face = tuple(c * t // 255 for c, t in zip(tile_art.IVORY, face_tint(level)))
        pygame.draw.rect(surface, face, block.inflate(-10, -10), border_radius=4)
        label = f"{level}+" if level == len(TONES) else str(level)
        theme.draw_text(surface, label, block.center, KEY_TEXT, theme.TEXT_DARK, "center",
                        bold=True)


def outline_cells(surface, geo: BoardGeometry, cells, colour, width: int,
                  offset=(0, 0), inset: int = 0) -> None:
    """The outline of a group of cells, `inset` pixels inside its outer edges (so that two
    groups side by side show two lines, not one shared)."""
    cells = set(cells)
    ox, oy = offset
    k, half = inset, width // 2

    def end(cell, along, normal, corner, sign):
        """Where an edge line stops at a corner: short of it where the group turns
        inwards, past it where it turns outwards, at it where the edge goes straight on."""
        ahead = (cell[0] + along[0], cell[1] + along[1])
        if ahead not in cells:
            return corner - sign * k + sign * half
        if (ahead[0] + normal[0], ahead[1] + normal[1]) in cells:
            return corner + sign * k + sign * half
        return corner

    for f, r in cells:
        rect = geo.square_rect((f, r)).move(ox, oy)
        c = (f, r)
        top, bottom, left, right = rect.y, rect.bottom, rect.x, rect.right
        if (f, r + 1) not in cells:              # the upper edge
            y = top + k
            pygame.draw.line(surface, colour, (end(c, (-1, 0), (0, 1), left, -1), y),
                             (end(c, (1, 0), (0, 1), right, 1), y), width)
        if (f, r - 1) not in cells:              # the lower edge
            y = bottom - k
            pygame.draw.line(surface, colour, (end(c, (-1, 0), (0, -1), left, -1), y),
                             (end(c, (1, 0), (0, -1), right, 1), y), width)
        if (f - 1, r) not in cells:              # the left edge (rank up is screen up)
            x = left + k
            pygame.draw.line(surface, colour, (x, end(c, (0, 1), (-1, 0), top, -1)),
                             (x, end(c, (0, -1), (-1, 0), bottom, 1)), width)
        if (f + 1, r) not in cells:              # the right edge
            x = right - k
            pygame.draw.line(surface, colour, (x, end(c, (0, 1), (1, 0), top, -1)),
                             (x, end(c, (0, -1), (1, 0), bottom, 1)), width)


def cells_of(names) -> list[Square]:
    return [parse_square(name) for name in names]

