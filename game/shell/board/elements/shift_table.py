"""The table of Shift (open-board game 10): the moving games' ElementTable (cards with the
captured elements, the goal and last-move panels, the caption, the end banner) on a
board a little smaller, so that the rows just past the far edges fit above and below it,
with stacks for squares: each drawn with its height showing (shift_art.draw_stack), the
picked top lifted off it, whole stacks flying to the capturer's card, and the elements
set past an edge staying there (a crossing waiting for its answer, then the end).
"""
from __future__ import annotations

from collections import Counter

import pygame

from game.logic.core import PASS
from game.logic.elements.board import SIZE
from game.logic.elements.shifting import parse_stack
from game.shell.board.elements import art as element_art, shift_art
from game.shell.board.elements.table import BOARD_AREA, FLIGHT_SECONDS, SWATCH, TROPHY, \
    ElementTable
from game.shell.frame import theme

# The board's area: squares of 84 pixels leave room for a row past each edge.
SHIFT_AREA = pygame.Rect(BOARD_AREA.x, BOARD_AREA.centery - 374, BOARD_AREA.w, 748)


def taken_stacks(view) -> list[tuple[int, tuple]]:
    """(square, stack) of each stack the last move removed."""
    return [parse_stack(text, view.free_arrows) for text in view.last_captured]


class ShiftTable(ElementTable):
    def warm_up(self) -> None:
        elements = [e for stack in self.scene.table_view().cells for e in stack]
        element_art.warm(self.geo.size, elements)
        element_art.warm(TROPHY, elements)
        for owner in (0, 1):
            element_art.swatch(owner, SWATCH)

    def _durations(self, view) -> tuple[float, float]:
        return (self.ctl.paced(theme.SLIDE_SECONDS),
                self.ctl.paced(FLIGHT_SECONDS) if view.last_captured else 0.0)

    def taken_count(self, view) -> int:
        return sum(len(stack) for _, stack in taken_stacks(view))

    # --- captured elements --------------------------------------------------------------
    def _sync_trophies(self, view) -> None:
        ply = self.ctl.ply
        if ply == self._trophy_ply:
            return
        if self._trophy_ply is not None and ply == self._trophy_ply + 1 and \
                view.last_move not in (None, PASS):
            self.trophies[1 - view.to_move] += [e for _, stack in taken_stacks(view)
                                                for e in stack]
        else:                              # from the start board: what is missing now
            free = view.free_arrows
            start = [e for text in self.scene.game.start.get("start", ())
                     for e in parse_stack(text, free)[1]]
            kept = [e for stack in view.cells for e in stack] + [e for _, e in view.past_edge]
            missing = Counter((e.owner, e.tile) for e in start) - \
                Counter((e.owner, e.tile) for e in kept)
            self.trophies = [[], []]
            for element in sorted(start, key=lambda e: (e.value, e.south)):
                key = (element.owner, element.tile)
                if missing[key] > 0:
                    missing[key] -= 1
                    self.trophies[1 - element.owner].append(element)
        self._trophy_ply = ply

    # --- drawing ----------------------------------------------------------------------
    # A stack's lower layers reach up into the square above it: that square is redrawn
    # with it, and draws the stack below before its own.
    def _dirty(self, wanted) -> set:
        dirty, drawn = super()._dirty(wanted), self._drawn
        return dirty | {square + SIZE for square in dirty if square + SIZE < len(wanted) and
                        max(len(wanted[square][0]), len(drawn.get(square, ((),))[0])) > 1}

    def _square_rect(self, square: int) -> pygame.Rect:
        return shift_art.square_rect(self.geo, square)

    def _draw_square(self, layer, square: int, wanted) -> None:
        under = wanted[square - SIZE][0] if square >= SIZE else ()
        if len(under) > 1:
            shift_art.draw_stack(layer, self._square_rect(square - SIZE), under)
        if wanted[square][0]:
            shift_art.draw_stack(layer, self._square_rect(square), wanted[square][0])

    def _wanted(self, view) -> list[tuple]:
        """Per square (stack to draw, tinted) as the static layer should show it."""
        move, selected = view.last_move, self.scene.tool.selected
        moved = () if move is None or move is PASS else (move.start, move.end)
        wanted = []
        for square, stack in enumerate(view.cells):
            if square == selected:
                stack = stack[:-1]
            elif moved and square == moved[1]:
                stack = ()
            wanted.append((stack, square in moved))
        return wanted

    def _draw_moved(self, surface, view) -> None:
        """The elements set past an edge, and the element shifted last: sliding from where
        it stood, then at rest."""
        move, geo = view.last_move, self.geo
        moved = None if move is None or move is PASS else move.end
        for square, element in view.past_edge:
            if square != moved:
                element_art.draw_element(surface, shift_art.square_rect(geo, square), element)
        if moved is None or self.scene.tool.selected == moved:
            return
        if move.past_edge:
            element = dict(view.past_edge)[moved]
        else:
            stack = view.cells[moved]
            element = stack[-1] if stack else None
        if element is None:
            return
        rect = shift_art.square_rect(geo, move.end)
        since, (slide, _) = self._since_move(), self._durations(view)
        if since is not None and slide > 0 and since < slide:
            start = pygame.Vector2(shift_art.square_rect(geo, move.start).center)
            point = start.lerp(rect.center, theme.ease_out(since / slide))
            rect = rect.copy()
            rect.center = (round(point.x), round(point.y))
        element_art.draw_element(surface, rect, element)

    def _taken_elements(self, view) -> list[tuple]:
        """(square, element) of each element of every stack the last move removed: they
        fly to the capturer's card one by one."""
        return [(square, e) for square, stack in taken_stacks(view) for e in stack]

