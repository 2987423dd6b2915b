"""Where the tiles of a line of play lie on the table: pure geometry, no drawing.

The opening tile lies in the middle of the table. The right arm of the line grows to the
right from it; at the table's edge it turns down through a column of two upright tiles
and runs back to the left on the next row, and so on (a snake). The left arm does the
same upwards. Doubles in a row lie crosswise. Where a tile lies depends only on the tiles
between it and the opening tile, so a laid tile never moves as the line grows, until
the snake (with the places for the next tiles) would leave the table: then every tile
gets smaller together, and the snake is laid again at that size.

    layout_line(line, opener, table, long_side, crosswise=True) -> LineLayout
        line:   the tiles in line order (left end first) as (left, right) number pairs,
                where `right` of one tile meets `left` of the next (-1 = blank)
        opener: index in `line` of the tile played first
        crosswise: lay doubles across the row (off for blank tiles, which all look alike)
    LineLayout.tiles  one Placed(rect, ends, vertical) per tile of `line`, in that order;
                      `ends` are the numbers in drawing order (left/right or top/bottom)
    LineLayout.zones  where the next tile would go: {"L": Placed, "R": Placed}, or
                      {"": Placed} (the centre) while the line is empty

The module also fixes the other rectangles of the line-match screen (TABLE, the hand,
the panels and buttons) so that the scene and its tests share one geometry.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

MIN_LONG_SIDE = 24
ROW_STEP = 1.5          # rows of the snake are this many tile lengths apart


@dataclass(frozen=True)
class Placed:
    rect: pygame.Rect
    ends: tuple[int, int]

    @property
    def vertical(self) -> bool:
        return self.rect.height > self.rect.width


@dataclass
class LineLayout:
    long_side: int
    tiles: list[Placed] = field(default_factory=list)
    zones: dict[str, Placed] = field(default_factory=dict)

    def rects(self) -> list[pygame.Rect]:
        return [p.rect for p in self.tiles] + [p.rect for p in self.zones.values()]


class _Arm:
    """One arm of the snake: walks outward from the opener placing (inner, outer) tiles."""

    def __init__(self, start_x: int, centre_y: int, heading: int, turn: int, long_side: int,
                 bounds: tuple[int, int]):
        self.x = start_x           # the arm's open edge on its current row
        self.row_y = centre_y
        self.heading = heading     # +1 right, -1 left
        self.turn = turn           # +1 the snake turns downwards, -1 upwards
        self.long = long_side
        self.left, self.right = bounds
        self.connector = 0         # upright tiles placed in the current turn (0 = in a row)

    def place(self, inner: int, outer: int, double: bool) -> Placed:
        L, half, quarter = self.long, self.long // 2, self.long // 4
        if not self.connector:
            along = half if double else L
            room = (self.x + self.heading * along + self.heading * half)
            if self.left <= room <= self.right:
                x0 = self.x if self.heading > 0 else self.x - along
                self.x += self.heading * along
                size = (half, L) if double else (L, half)
                rect = pygame.Rect(x0, self.row_y - size[1] // 2, *size)
                ends = (inner, outer) if self.heading > 0 else (outer, inner)
                return Placed(rect, ends)
        # an upright tile of the column that carries the snake to its next row
        x0 = self.x if self.heading > 0 else self.x - half
        if self.turn > 0:
            y0 = self.row_y - quarter + self.connector * L
        else:
            y0 = self.row_y + quarter - (self.connector + 1) * L
        self.connector += 1
        if self.connector == 2:
            self.connector = 0
            self.row_y += self.turn * round(ROW_STEP * L)
            self.heading = -self.heading
        ends = (inner, outer) if self.turn > 0 else (outer, inner)
        return Placed(pygame.Rect(x0, y0, half, L), ends)


def _try_layout(line, opener, table: pygame.Rect, long_side: int,
                crosswise: bool) -> LineLayout:
    """The layout with the opening tile in the middle of the table."""
    L, half = long_side, long_side // 2
    cx, cy = table.center
    result = LineLayout(long_side)
    if not line:
        result.zones[""] = Placed(pygame.Rect(cx - L // 2, cy - half // 2, L, half), (-1, -1))
        return result
    first = line[opener]
    double = crosswise and first[0] == first[1]
    size = (half, L) if double else (L, half)
    first_rect = pygame.Rect(cx - size[0] // 2, cy - size[1] // 2, *size)
    bounds = (table.left, table.right)
    right = _Arm(first_rect.right, cy, +1, +1, L, bounds)
    left = _Arm(first_rect.left, cy, -1, -1, L, bounds)
    placed: list[Placed | None] = [None] * len(line)
    placed[opener] = Placed(first_rect, tuple(first))
    for i in range(opener + 1, len(line)):
        a, b = line[i]
        placed[i] = right.place(a, b, crosswise and a == b)
    for i in range(opener - 1, -1, -1):
        a, b = line[i]
        placed[i] = left.place(b, a, crosswise and a == b)
    result.tiles = placed  # type: ignore[assignment]  # every index was filled above
    result.zones["L"] = left.place(-1, -1, False)
    result.zones["R"] = right.place(-1, -1, False)
    return result


def layout_line(line, opener: int, table, long_side: int, crosswise: bool = True,
                shrink: bool = True) -> LineLayout:
    """The largest layout (from `long_side` down) that keeps every tile and zone on
    `table`, the opening tile in its middle; without `shrink`, the layout at `long_side`
    (where a tile would lie among the tiles as they lie now)."""
    table = pygame.Rect(table)
    size = max(MIN_LONG_SIDE, long_side - long_side % 4)
    while True:
        result = _try_layout(line, opener, table, size, crosswise)
        if not shrink or size <= MIN_LONG_SIDE or all(table.contains(r)
                                                      for r in result.rects()):
            return result
        size -= 4


# --- the rest of the line-match screen (logical 1920x1080) ------------------------------
TABLE = pygame.Rect(40, 196, 1840, 584)         # where the line of play may lie
HAND_AREA = pygame.Rect(430, 800, 1040, 160)     # the shown hand, upright tiles
HAND_LONG = 124
SEAT_PANEL = pygame.Rect(40, 800, 360, 160)      # the bottom player's name and scores
BONEYARD = pygame.Rect(1496, 800, 150, 160)
DRAW_BUTTON = pygame.Rect(1664, 804, 216, 66)
PASS_BUTTON = pygame.Rect(1664, 886, 216, 66)
END_TURN_BUTTON = PASS_BUTTON                   # blank tiles: nobody passes there
UNDO_BUTTON = pygame.Rect(1664, 966, 216, 52)
COACH_BUTTON = pygame.Rect(1436, 966, 216, 52)   # left of Undo


def top_panels(count: int, top: int = 14, height: int = 166, left: int = 40,
               right: int = 1880, gap: int = 24):
    """Rects of `count` player panels side by side along the top edge."""
    if count <= 0:
        return []
    width = min(560, (right - left - gap * (count - 1)) // count)
    total = width * count + gap * (count - 1)
    x0 = (left + right) // 2 - total // 2
    return [pygame.Rect(x0 + i * (width + gap), top, width, height) for i in range(count)]
