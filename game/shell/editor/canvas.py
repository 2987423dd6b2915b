"""The editor's board and tray on screen: where each square and each tray element lies,
what the pointer is over, and the drawing (open and blocked squares, elements, the
cursor, the squares an error points at, the element in hand)."""
from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.logic.core import Tile
from game.logic.elements.board import Element
from game.shell.frame import theme
from game.shell.board.art import (coordinate_font, draw_coordinates, draw_frame, draw_hole,
                                  draw_obstacle, draw_squares)
from game.shell.board.elements.art import draw_element, draw_element_board
from game.shell.board.geometry import BoardGeometry
from game.shell.screens.level_preview import DARK, LIGHT

from game.shell.editor.draft import ELEMENTS, SHARES, SIZE

GRID_AREA = pygame.Rect(40, 110, 1080, 830)      # a board of squares alone
BOARD_AREA = pygame.Rect(40, 110, 720, 830)      # the element board, the tray beside it
TRAY_AREA = pygame.Rect(780, 176, 350, 764)     # its caption above it: two lines
TRAY_COLUMNS = 6
SIDE_HEADINGS = (N_("South's set"), N_("North's set"))
MARK = theme.ILLEGAL


class Canvas:
    """The board and the tray of one draft, laid out for its size."""

    def __init__(self, draft):
        self.draft = draft
        self.layout()

    def layout(self) -> None:
        """Place the board for the draft's size (again after a resize)."""
        draft = self.draft
        area = BOARD_AREA if draft.kind == ELEMENTS else GRID_AREA
        self.geo = BoardGeometry(draft.width, draft.height, area)

    # ---- what lies where ----------------------------------------------------------------
    def square_at(self, pos):
        return self.geo.square_at(pos) if pos is not None else None

    def tray_rows(self) -> list[tuple[int, list]]:
        """(owner, tiles) of each tray row: one shared row, or one per side."""
        draft = self.draft
        if draft.set_kind.shared:
            return [(0, draft.tray(0))]
        return [(0, draft.tray(0)), (1, draft.tray(1))]

    def tray_slots(self) -> list[tuple[pygame.Rect, int, Tile]]:
        """(rect, owner, tile) of every element in the tray, in reading order."""
        if self.draft.kind != ELEMENTS:
            return []
        cell = TRAY_AREA.w // TRAY_COLUMNS
        slots, y = [], TRAY_AREA.y
        for owner, tiles in self.tray_rows():
            y += 40                                      # the row's heading
            for i, tile in enumerate(tiles):
                rect = pygame.Rect(TRAY_AREA.x + (i % TRAY_COLUMNS) * cell,
                                   y + (i // TRAY_COLUMNS) * cell, cell, cell)
                slots.append((rect, owner, tile))
            rows = max(1, -(-len(tiles) // TRAY_COLUMNS))
            y += rows * cell + 20
        return slots

    def tray_at(self, pos) -> int | None:
        for index, (rect, _owner, _tile) in enumerate(self.tray_slots()):
            if pos is not None and rect.collidepoint(pos):
                return index
        return None

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface, app, cursor, marked, held=None, held_at=None, tray_focus=None,
             board_focus=True):
        """The board, the tray (`tray_focus`: the focused element), the squares `marked`
        by an error, the `cursor` square while the board has the focus, and the element
        in hand at the pointer (`held_at`) or else on the cursor."""
        draft, geo = self.draft, self.geo
        if draft.kind == ELEMENTS:
            draw_element_board(surface, geo, getattr(draft.cls, "coloured", False), False,
                               coordinate_font(app, geo))
            self._draw_elements(surface)
            self._draw_tray(surface, tray_focus)
        else:
            self._draw_grid(surface, app)
        width = max(3, geo.size // 14)
        for square in marked:
            pygame.draw.rect(surface, MARK, geo.square_rect(square), width)
        if board_focus and cursor is not None:
            rect = geo.square_rect(cursor)
            if draft.kind == SHARES:
                rect = rect.union(geo.square_rect(draft.partner(cursor)))
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), width)
        if held is not None:
            rect = geo.square_rect(cursor).inflate(-6, -6)
            if held_at is not None:
                rect.center = held_at
            draw_element(surface, rect, held, "selected")

    def _draw_grid(self, surface, app) -> None:
        draft, geo = self.draft, self.geo
        draw_frame(surface, geo)
        cell = 2 if draft.kind == SHARES else 1          # Spread: a colour per share
        draw_squares(surface, geo, lambda sq: ((LIGHT, DARK)[(sq[0] + sq[1] // cell) % 2],) * 2)
        done: set[tuple[int, int]] = set()
        for square in sorted(draft.visible_blocked()):
            if draft.kind == SHARES:
                if square in done:
                    continue
                pair = draft.partner(square)
                done.update((square, pair))
                rect = geo.square_rect(square).union(geo.square_rect(pair))
                if draft.is_blocked(pair):
                    draw_obstacle(surface, rect)
                else:
                    draw_hole(surface, geo.square_rect(square))
            else:
                draw_hole(surface, geo.square_rect(square))
        draw_coordinates(surface, geo, coordinate_font(app, geo))

    def _draw_elements(self, surface) -> None:
        geo = self.geo
        for square, stack in enumerate(self.draft.cells):
            if not stack:
                continue
            rect = geo.square_rect((square % SIZE, square // SIZE))
            draw_element(surface, rect.inflate(-6, -6), stack[-1])
            if len(stack) > 1:                           # a Shift stack: how many
                theme.draw_text(surface, str(len(stack)), rect.topright, 26, theme.HIGHLIGHT,
                                "topright", bold=True, shadow=True)

    def _draw_tray(self, surface, focus: int | None) -> None:
        rows = self.tray_rows()
        slots = self.tray_slots()
        draw_lines(surface, _("The tray: what is not on the board"),
                   (TRAY_AREA.x, TRAY_AREA.y - 72), TRAY_AREA.w, 2, theme.TEXT_DIM, sizes=(26,))
        y, index = TRAY_AREA.y, 0
        for owner, tiles in rows:
            heading = _("Either side's (by the half)") if len(rows) == 1 else \
                _(SIDE_HEADINGS[owner])
            theme.draw_fitted(surface, heading, (TRAY_AREA.x, y + 6), TRAY_AREA.w, 26,
                              theme.TEXT)
            for _tile in tiles:
                rect, tray_owner, tile = slots[index]
                draw_element(surface, rect.inflate(-4, -4), Element(tray_owner, tile.a, tile.b),
                             "selected" if focus == index else "normal")
                if focus == index:           # the keyboard's focus, as on the board
                    pygame.draw.rect(surface, theme.FOCUS, rect, 4, border_radius=6)
                index += 1
            if not tiles:
                theme.draw_fitted(surface, _("(empty: all on the board)"), (TRAY_AREA.x, y + 52),
                                  TRAY_AREA.w, 24, theme.TEXT_DIM)
            y = (slots[index - 1][0].bottom if tiles else y + 40 + TRAY_AREA.w //
                 TRAY_COLUMNS) + 20


# ---- the whole screen ------------------------------------------------------------------------
PANEL = pygame.Rect(1150, 96, 740, 924)
LEGENDS = {
    "board": N_("Arrows: move   Enter/Space: block or open   U: undo   Shift+U: redo   "
                "Tab: panel   Esc: back"),
    "elements": N_("Arrows: move   Enter: pick up, set down   R: turn   U: undo   Tab: tray, "
                   "panel   Esc: put it back, back"),
    "tray": N_("Arrows: choose   Enter: take it to the board (or leave the one in hand "
               "here)   Tab: panel   Esc: board"),
    "panel": N_("Up/Down: choose   Left/Right: change   Enter: select   U: undo   Ctrl+S: "
                "save   Tab: board   Esc: back"),
    "text": N_("Type   Left/Right, Home/End: move   Enter: keep   Esc: undo the typing"),
}


def status_line(scene) -> tuple[str, tuple]:
    """What the line under the board says, and its colour: the reader's error, the file
    name's, or that all is well; nothing is wrong while an element is only lifted."""
    if scene.held is not None:
        return _("An element in hand: set it down on a square (Esc puts it back)"), theme.TEXT
    problem = scene.draft.save_problem(scene.check)
    if scene.check.error:
        return scene.error_line(), theme.ILLEGAL
    if problem:
        return _("The board is right, but the file name: {problem}").format(
            problem=problem), theme.HIGHLIGHT
    if scene.read_changes and scene.broken:    # until saved: what reading it changed
        more = len(scene.read_changes) - 1
        first = scene.read_changes[0]
        return (ngettext("Changed on reading: {change} (and {count} more)",
                         "Changed on reading: {change} (and {count} more)", more).format(
                    change=first, count=more) if more else
                _("Changed on reading: {change}").format(change=first), theme.HIGHLIGHT)
    return _("No problems: ready to save and to play"), theme.LEGAL


def draw_editor(scene, surface) -> None:
    """The editor screen: title, board and tray, status line, side panel, legend."""
    theme.draw_felt(surface)
    draft = scene.draft
    theme.draw_fitted(surface, _("Level editor: {game}").format(game=_(draft.cls.title)),
                      (40 + 1080 // 2, 52), 1080, 52, theme.TITLE, "center", bold=True,
                      shadow=True)
    focus = scene.tray_focus if scene.zone == "tray" else None
    marked = scene.check.marked if scene.held is None else frozenset()
    scene.canvas.draw(surface, scene.app, scene.cursor, marked, scene.held, scene.held_at,
                      focus, scene.zone == "board")
    status, colour = status_line(scene)
    draw_lines(surface, status, (40, 948), 1090, 2, colour, shadow=True)
    theme.draw_panel(surface, PANEL)
    menu = scene.menu
    menu.draw(surface, focus=scene.zone == "panel")
    top = min(max(w.rect.bottom for w in menu.body), menu.bottom + menu.SIGN) + 14
    lines = (menu.footer_top - 8 - top) // LEADING      # what room the rows leave
    draw_lines(surface, scene.message, (PANEL.x + 30, top), PANEL.w - 60, lines,
               theme.HIGHLIGHT)
    zone = "text" if scene.menu.editing else scene.zone
    if zone == "board" and draft.kind == ELEMENTS:
        zone = "elements"
    theme.draw_legend(surface, scene.app, LEGENDS[zone])


LEADING = 36      # a line of draw_lines: an accented capital's ink clears the line above


def draw_lines(surface, text: str, at, width: int, most: int, colour, shadow=False,
               sizes=(28, 26, 24, 22, 20)) -> None:
    """`text` wrapped to `width` from `at` in at most `most` lines: smaller (down to 20,
    what 1280x720 still shows) when it needs more, else cut short (and told)."""
    for size in sizes:
        face = theme.font(size)
        lines = theme.wrap_text(text, width, size)
        if len(lines) <= most and all(face.size(line)[0] <= width for line in lines):
            break
    if len(lines) > most:
        lines = lines[:most - 1] + [" ".join(lines[most - 1:])]
    if any(face.size(line)[0] > width for line in lines):    # (a word too long to wrap)
        theme.report_cut(text)
        lines = [theme.fit_text(line, width, size) for line in lines]
    for i, line in enumerate(lines):
        theme.draw_text(surface, line, (at[0], at[1] + i * (LEADING - 28 + size)), size, colour,
                        shadow=shadow)
