"""What Shift (open-board game 10) draws beyond the moving games' elements: squares just
past the far edges (rank 9 above the board, rank 0 below it, outside the frame) and
stacks of elements, their height shown by the layers peeking out behind the top element
(plain edges: only the top element shows an arrow and numbers) and by a count badge
beside it, the top element whole and readable.

Square indices follow the logic (`rank * 8 + file`), so rank 9 is 64..71 and rank 0 is
-8..-1; `square_rect` places every one of them on the screen.
"""
from __future__ import annotations

import pygame

from game.logic.elements.board import SIZE
from game.shell.board.elements import art as element_art
from game.shell.frame import theme

EDGE_GAP = 6                    # between the board's frame and a row past the edge
BADGE = ((30, 26, 22), (255, 206, 84))     # the count badge: fill, rim and number


def square_rect(geo, square: int) -> pygame.Rect:
    """The screen rect of a square, also of one past an edge (drawn beyond the frame)."""
    file, rank = square % SIZE, square // SIZE
    rect = geo.square_rect((file, rank))
    if rank >= SIZE:
        return rect.move(0, -(geo.margin + EDGE_GAP))
    if rank < 0:
        return rect.move(0, geo.margin + EDGE_GAP)
    return rect


def edge_row(geo, rank: int) -> pygame.Rect:
    """The row of squares past an edge: rank 8 (index) above the board, -1 below."""
    return square_rect(geo, rank * SIZE).union(square_rect(geo, rank * SIZE + SIZE - 1))


def reach(geo) -> pygame.Rect:
    """The board with both rows past its edges: what the input tool draws over."""
    return geo.rect.union(edge_row(geo, SIZE)).union(edge_row(geo, -1))


def square_at(geo, pos) -> int | None:
    """The square index under `pos`: on the board or in a row past an edge; else None."""
    if pos is None:
        return None
    for rank in (SIZE, -1):
        row = edge_row(geo, rank)
        if row.collidepoint(pos):
            return rank * SIZE + (pos[0] - row.x) // geo.size
    found = geo.square_at(pos)
    return None if found is None else found[1] * SIZE + found[0]


def layer_step(size: int) -> int:
    """How far each lower element of a stack peeks out behind the one above it."""
    return max(2, size // 24)


def draw_stack(surface, rect, stack, state: str = "normal") -> None:
    """A stack (bottom first) on the square `rect`: the lower elements as plain edges up
    and to the right behind the top one (no arrows or numbers, which would belie the top
    element's), the top one where a single element stands, and a badge with the height
    when there are two or more."""
    if not stack:
        return
    rect = pygame.Rect(rect)
    step = layer_step(rect.w)
    below = len(stack) - 1
    body = element_art.body_rect(rect.w, stack[-1].arrow)[0].move(rect.topleft)
    for depth, element in enumerate(stack[:-1]):
        shift = (below - depth) * step
        draw_layer(surface, body.move(shift, -shift), element.owner)
    element_art.draw_element(surface, rect, stack[-1], state)
    if len(stack) > 1:
        draw_badge(surface, rect, len(stack))


def draw_layer(surface, body: pygame.Rect, owner: int) -> None:
    """A lower element of a stack: its owner's rim and a shaded body, nothing on it."""
    fill, rim = element_art.BODIES[owner][:2]
    radius = element_art.corner_radius(owner, body.w)
    pygame.draw.rect(surface, rim, body, border_radius=radius)
    shade = tuple(c * 3 // 4 for c in fill)
    edge = max(2, body.w // 14)
    pygame.draw.rect(surface, shade, body.inflate(-2 * edge, -2 * edge),
                     border_radius=max(1, radius - edge))


def badge_rect(rect) -> pygame.Rect:
    """Where a stack's height badge goes: an upright tab in the square's bottom right
    corner, in the strip beside the top element (which fills the middle half of the
    square's width), below the layers peeking out at the top, inside the square (which
    the table redraws on its own)."""
    rect = pygame.Rect(rect)
    badge = pygame.Rect(0, 0, max(10, rect.w // 4 - 2), max(14, rect.w * 3 // 10))
    badge.bottomright = (rect.right - 1, rect.bottom - 2)
    return badge


def draw_badge(surface, rect, count: int) -> None:
    """The height of a stack, on a tab beside the top element."""
    badge = badge_rect(rect)
    fill, rim = BADGE
    radius = badge.w // 2
    pygame.draw.rect(surface, fill, badge, border_radius=radius)
    pygame.draw.rect(surface, rim, badge, max(2, badge.w // 8), border_radius=radius)
    theme.draw_text(surface, str(count), badge.center, round(badge.h * 0.85), rim, "center",
                    bold=True)
