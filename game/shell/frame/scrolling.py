"""A list's rows as tall as fit, and the signs that say how many are scrolled out of sight
(the menus of widgets.py and the screens that size their own lists)."""
from __future__ import annotations

import pygame

from game.i18n import ngettext
from game.shell.frame import theme


def row_height(count: int, top: int, bottom: int, gap: int, most: int, least: int = 40) -> int:
    """The height of each of `count` rows of a list from `top` to `bottom`: `most` while
    they fit, less so that a few more fit, never under `least` (a longer list scrolls,
    its signs saying how many rows are out of sight)."""
    fits = (bottom - top - gap * (count - 1)) // max(count, 1)
    return max(least, min(most, fits))


def draw_scroll_sign(surface, rect, pointing: int, count: int) -> None:
    """A triangle (up for -1, down for +1) and "3 more above/below" on a dark strip."""
    pygame.draw.rect(surface, (14, 24, 28), rect, border_radius=10)
    text = (ngettext("{count} more above", "{count} more above", count) if pointing < 0 else
            ngettext("{count} more below", "{count} more below", count)).format(count=count)
    words = theme.draw_text(surface, text, (rect.centerx + 14, rect.centery), 24,
                            theme.HIGHLIGHT, "center", bold=True)
    x, y, half = words.left - 22, rect.centery, 9
    tip = y + half * pointing
    pygame.draw.polygon(surface, theme.HIGHLIGHT,
                        [(x - half, y - half * pointing), (x + half, y - half * pointing),
                         (x, tip)])
