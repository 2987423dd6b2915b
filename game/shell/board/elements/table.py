"""The table of the open-board moving games (games 1, 3 and 4): the 8x8 element board
large in the middle (no hand tray: nothing is held), South's card on the left and North's
on the right with their counts and the elements each has captured, the goal panel and
the last-move panel below them, and the caption line on top.

ElementTable draws a BoardMatchScene like board.table.BoardTable does (a cached static
layer: felt, board, resting elements and panels, redrawn only when a move, a pick or a
panel's text changes), then what moves: the element that moved last, sliding along its
path; the elements it captured, flying off to its capturer's card; the input tool's
lit squares; and at the end a banner over the board saying why the game ended.
"""
from __future__ import annotations

from game.i18n import N_, _

from collections import Counter
from dataclasses import dataclass

import pygame

from game.logic.core import PASS
from game.logic.elements.board import parse_element
from game.shell.board.art import LAST_MOVE
from game.shell.board.elements import art as element_art
from game.shell.board.table import BoardTable
from game.shell.frame import theme

BOARD_AREA = pygame.Rect(470, 84, 980, 940)
CARDS = (pygame.Rect(36, 100, 400, 580), pygame.Rect(1484, 100, 400, 580))
GOAL_RECT = pygame.Rect(36, 704, 400, 306)
LAST_RECT = pygame.Rect(1484, 704, 400, 306)
PASS_RECT = pygame.Rect(1566, 884, 236, 110)
CAPTION_RECT = pygame.Rect(0, 14, 1920, 66)
UNDO_RECT = pygame.Rect(1716, 20, 176, 54)      # the caption's right end: the cards are full
COACH_RECT = pygame.Rect(28, 20, 196, 54)       # the caption's left end
ADVICE_RECT = pygame.Rect(240, 6, 1460, 84)     # the coach's words, between the two
CAPTION_ROOM = ADVICE_RECT.w - 40     # the caption's width: the coach's words cover it
TROPHY = 72                      # the square a captured element is drawn in on a card
TROPHY_STEP = (44, 66)           # from one captured element to the next, and row to row
TROPHIES_PER_ROW = 8
SWATCH = 84
GOLD = (255, 206, 84)
FLIGHT_SECONDS = 0.5
GOAL_SIZE = 27                   # the goal's words (1/40 of the screen's height), set
GOAL_SIZES = (GOAL_SIZE, 25, 23, 21)     # smaller when a language needs more lines
LAST_TINT = (*LAST_MOVE, 70)


@dataclass(frozen=True)
class TableLayout:
    """Where the board and the panels lie: the board's area, the two cards (South's
    first), the goal panel, the last-move panel and the Pass button inside it."""
    board: pygame.Rect
    cards: tuple
    goal: pygame.Rect
    last: pygame.Rect
    pass_button: pygame.Rect


LAYOUT = TableLayout(BOARD_AREA, CARDS, GOAL_RECT, LAST_RECT, PASS_RECT)


class ElementTable(BoardTable):
    """Draws a moving game's BoardMatchScene; reads the scene, changes nothing in it."""

    def __init__(self, scene):
        super().__init__(scene)
        self.layout = layout = self.adapter.layout_for(scene.game)
        self.cards = list(layout.cards)
        self.stock_rect = layout.goal
        self.pass_rect = layout.pass_button
        self.undo_rect = UNDO_RECT
        self.coach_rect, self.advice_rect = COACH_RECT, ADVICE_RECT
        self.hud_rects = (*(r.inflate(20, 20) for r in layout.cards),
                          layout.goal.inflate(20, 20), layout.last.inflate(20, 20), CAPTION_RECT)
        self.trophies: list[list] = [[], []]   # the elements each player has captured
        self._trophy_ply = None
        self._board_patch = None
        self._board_clean = False
        self._board_key = None
        self._drawn: dict = {}
        self._tint_layer = None

    # --- geometry the scene asks about ------------------------------------------------
    def hand_rects(self) -> list:
        return []

    def hand_index_at(self, pos):
        return None

    def hand_target(self, player: int) -> pygame.Rect:
        return self.cards[player]

    def trophy_rect(self, player: int, index: int) -> pygame.Rect:
        """Where the `index`-th element `player` captured lies on their card."""
        card = self.cards[player]
        row, col = divmod(index, TROPHIES_PER_ROW)
        rect = pygame.Rect(0, 0, TROPHY, TROPHY)
        rect.center = (card.x + 24 + col * TROPHY_STEP[0] + TROPHY_STEP[0] // 2,
                       card.y + 346 + row * TROPHY_STEP[1] + TROPHY_STEP[1] // 2)
        return rect

    def warm_up(self) -> None:
        view = self.scene.table_view()
        cells = [e for e in view.cells if e is not None]
        element_art.warm(self.geo.size, cells)
        element_art.warm(TROPHY, cells)
        for owner in (0, 1):
            element_art.swatch(owner, SWATCH)

    # --- timing of the last move --------------------------------------------------------
    def _since_move(self) -> float | None:
        slide = self.scene.slide
        return None if slide is None else self.scene.clock - slide[1]

    def _durations(self, view) -> tuple[float, float]:
        """(slide, flight) seconds of the last move's animation (0 when instant)."""
        move = view.last_move
        steps = len(move.path) - 1 if move is not None and move is not PASS else 1
        return (self.ctl.paced(theme.SLIDE_SECONDS) * max(1, steps),
                self.ctl.paced(FLIGHT_SECONDS) if view.last_captured else 0.0)

    def taken_count(self, view) -> int:
        """How many elements the last move captured (Shift counts those of stacks)."""
        return len(view.last_captured)

    def _flying(self, view) -> bool:
        since = self._since_move()
        slide, flight = self._durations(view)
        return since is not None and flight > 0 and since < slide + flight

    # --- captured elements --------------------------------------------------------------
    def _sync_trophies(self, view) -> None:
        ply = self.ctl.ply
        if ply == self._trophy_ply:
            return
        move = view.last_move
        if self._trophy_ply is not None and ply == self._trophy_ply + 1 and move is not None:
            if move is not PASS:
                self.trophies[1 - view.to_move] += [parse_element(t)[1]
                                                    for t in view.last_captured]
        else:                              # from the start board: what is missing now
            start = Counter(parse_element(t)[1] for t in
                            self.scene.game.start.get("start", ()))
            missing = start - Counter(e for e in view.cells if e is not None)
            self.trophies = [sorted((e for e in missing.elements() if e.owner == 1 - p),
                                    key=lambda e: (e.value, e.south)) for p in (0, 1)]
        self._trophy_ply = ply

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        scene = self.scene
        view = scene.table_view()
        surface.blit(self._static_layer(view), (0, 0))
        self._draw_moved(surface, view)
        scene.tool.draw(surface)
        self._draw_captures(surface, view)
        if scene.over_for is not None:
            if self._end_layer is None:
                self._end_layer = self._banner()
            for square in self.adapter.end_squares():
                rect = self.geo.square_rect(self.geo.index_square(square))
                pygame.draw.rect(surface, GOLD, rect.inflate(-2, -2), max(4, self.geo.size // 14),
                                 border_radius=8)
            spot = self._end_layer.get_rect(center=self.banner_area().center)
            surface.blit(self._end_layer, spot)

    def _static_layer(self, view) -> pygame.Surface:
        """Felt, board and panels built once; the resting elements redrawn on the board
        when a move or a pick changes them; the panels when what they say changes."""
        settings = self.app.settings
        if self._layer_lost() or self._static_key != settings.show_coords:
            self._build_static(settings.show_coords)
        self._sync_trophies(view)
        scene, ctl, tool = self.scene, self.ctl, self.scene.tool
        key = (ctl.ply, tool.hud_key())
        if key != self._board_key:
            self._board_key = key
            self._draw_resting(view)
        hud_key = (ctl.ply, ctl.caption, ctl.thinking, ctl.human_turn, scene.over_for is None,
                   self._flying(view), scene.must_pass(), ctl.config.seats)
        self._refresh_hud(hud_key, view)
        return self._static

    def _build_static(self, coords: bool) -> None:
        layout = self.layout
        self._lay_static(coords, (*layout.cards, layout.goal, layout.last))
        self._board_patch = self.app.backdrop.table_piece(self.geo.rect)
        self._static_key, self._board_key = coords, None
        self._drawn = {}                   # per square: what the static layer shows there
        self._board_clean = True           # no element drawn on the board yet

    def _draw_resting(self, view) -> None:
        """The board's squares with every element at rest (not the picked one, nor the
        one that moved last: _draw_moved draws it) and the last move's squares tinted,
        redrawn square by square where that changed: a move costs a few squares, not
        the whole board."""
        wanted = self._wanted(view)
        layer, geo = self._static, self.geo
        for square in sorted(self._dirty(wanted)):
            rect = self._square_rect(square)
            layer.set_clip(rect)
            if not self._board_clean:      # (a board just laid needs no patch)
                layer.blit(self._board_patch, geo.rect)
            if wanted[square][1]:
                layer.blit(self._tint(), rect)
            self._draw_square(layer, square, wanted)
        layer.set_clip(None)
        self._drawn, self._board_clean = dict(enumerate(wanted)), False

    def _wanted(self, view) -> list[tuple]:
        """Per square (what rests there, tinted) as the static layer should show it."""
        move, skip = view.last_move, {self.scene.tool.selected}
        moved = () if move is None or move is PASS else (move.start, move.end)
        skip.update(moved[1:])
        return [(None if square in skip else element, square in moved)
                for square, element in enumerate(view.cells)]

    def _dirty(self, wanted) -> set:
        drawn = self._drawn
        return {square for square, look in enumerate(wanted) if drawn.get(square) != look}

    def _square_rect(self, square: int) -> pygame.Rect:
        return self.geo.square_rect(self.geo.index_square(square))

    def _draw_square(self, layer, square: int, wanted) -> None:
        element = wanted[square][0]
        if element is not None:
            element_art.draw_element(layer, self._square_rect(square), element,
                                     turned=self.geo.turned)

    def _tint(self) -> pygame.Surface:
        if self._tint_layer is None:
            self._tint_layer = pygame.Surface((self.geo.size, self.geo.size), pygame.SRCALPHA)
            self._tint_layer.fill(LAST_TINT)
        return self._tint_layer

    def _draw_moved(self, surface, view) -> None:
        """The element that moved last: along its path while it slides, then at rest."""
        move = view.last_move
        if move is None or move is PASS or self.scene.tool.selected == move.end:
            return
        element = view.cells[move.end]
        if element is None:
            return
        geo = self.geo
        centres = [pygame.Vector2(geo.square_rect(geo.index_square(s)).center)
                   for s in move.path]
        rect = geo.square_rect(geo.index_square(move.end))
        since, (slide, _) = self._since_move(), self._durations(view)
        if since is not None and slide > 0 and since < slide:
            t = since / slide * (len(centres) - 1)
            leg = min(int(t), len(centres) - 2)
            point = centres[leg].lerp(centres[leg + 1], theme.ease_out(t - leg))
            rect = rect.copy()
            rect.center = (round(point.x), round(point.y))
        element_art.draw_element(surface, rect, element, turned=geo.turned)

    def flights(self, view) -> list[tuple]:
        """(element, rect, alpha) of each element the last move captured, this frame:
        where it stood until the mover arrives, then on its way to its place on the
        capturer's card, shrinking and fading a little; [] once it is there."""
        since = self._since_move()
        slide, flight = self._durations(view)
        if since is None or flight <= 0 or since >= slide + flight:
            return []
        mover = 1 - view.to_move
        taken = self._taken_elements(view)
        first = len(self.trophies[mover]) - len(taken)
        found = []
        for k, (square, element) in enumerate(taken):
            start = self._square_rect(square)
            if since < slide:
                found.append((element, start, 170))
                continue
            t = theme.ease_out((since - slide) / flight)
            goal = self.trophy_rect(mover, first + k)
            size = round(start.w + (goal.w - start.w) * t)
            centre = pygame.Vector2(start.center).lerp(goal.center, t)
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(centre.x), round(centre.y))
            found.append((element, rect, 255 - round(60 * t)))
        return found

    def _taken_elements(self, view) -> list[tuple]:
        """(square, element) of each element the last move captured."""
        return [parse_element(t) for t in view.last_captured]

    def _draw_captures(self, surface, view) -> None:
        for element, rect, alpha in self.flights(view):
            # the board's sprite, shrunk on the way (not a new sprite for every size)
            sprite = element_art.element_sprite(element, self.geo.size)
            if rect.w != self.geo.size:
                sprite = pygame.transform.smoothscale(sprite, rect.size)
            else:
                sprite = sprite.copy()
            sprite.set_alpha(alpha)
            surface.blit(sprite, rect)

    # --- the panels -------------------------------------------------------------------
    def _draw_hud(self, surface, view) -> None:
        for player in (0, 1):
            self._draw_seat_card(surface, player, view)
        self._draw_goal(surface, view)
        self._draw_last(surface, view)
        self._draw_caption(surface)         # between the buttons at the caption's two ends

    def _draw_caption(self, surface) -> None:
        """The caption on one line, set smaller as it grows; a move with its captures and
        who is next can outgrow that line (in a longer language): then two lines."""
        caption = self.ctl.caption
        if not caption:
            return
        if theme.font(26).size(theme.drawable(caption))[0] <= CAPTION_ROOM:
            theme.draw_fitted(surface, caption, CAPTION_RECT.center, CAPTION_ROOM, 34,
                              theme.TEXT, "center", shadow=True, smallest=26)
            return
        for i, line in enumerate(theme.wrap_text(caption, CAPTION_ROOM, 26)[:2]):
            theme.draw_fitted(surface, line, (CAPTION_RECT.centerx, CAPTION_RECT.y + 16 + 32 * i),
                              CAPTION_ROOM, 26, theme.TEXT, "center", shadow=True, smallest=26)

    def _draw_seat_card(self, surface, player: int, view) -> None:
        ctl, scene, rect, adapter = self.ctl, self.scene, self.cards[player], self.adapter
        over = scene.over_for is not None
        outcome = scene.game.outcome() if over else None
        to_move = scene.game.current_player == player and not over
        if to_move or (outcome is not None and outcome.winner == player):
            pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 4, border_radius=22)
        surface.blit(element_art.swatch(player, SWATCH), (rect.x + 12, rect.y + 8))
        left = rect.x + 24 + SWATCH - 8
        self.put(surface, ctl.name(player), (left, rect.y + 28), 44, theme.TEXT, bold=True,
                 width=rect.right - 20 - left)
        kind = scene.seat_kind(player)
        self.put(surface, f"{_(adapter.side_name(player))} · {kind}", (rect.x + 24, rect.y + 102),
                 27, theme.TEXT_DIM, width=rect.w - 36)
        self.put(surface, adapter.looks(player), (rect.x + 24, rect.y + 136), 26,
                 theme.TEXT_DIM, width=rect.w - 36)
        y = rect.y + 172
        if to_move:
            status = N_("Thinking...") if ctl.thinking else N_("To move")
            self.put(surface, status, (rect.x + 24, y), 32, GOLD, bold=True)
        elif outcome is not None:
            status = N_("Winner") if outcome.winner == player else \
                N_("A draw") if outcome.winner is None else ""
            self.put(surface, status, (rect.x + 24, y), 36, GOLD, bold=True)
        y += 44
        for text, size, colour, bold in adapter.card_lines(player, over):
            self.put(surface, text, (rect.x + 24, y), size, colour, bold=bold)
            y += size + 8
        self._draw_card_rest(surface, player, view)

    def _draw_card_rest(self, surface, player: int, view) -> None:
        """Below the card's lines: the elements the player has captured."""
        rect = self.cards[player]
        trophies = self.trophies[player]
        shown = len(trophies) - (self.taken_count(view) if self._flying(view) and
                                 1 - view.to_move == player else 0)
        for index, element in enumerate(trophies[:shown]):
            spot = self.trophy_rect(player, index)
            if spot.centery > rect.bottom - 30:
                break
            element_art.draw_element(surface, spot, element)

    def _draw_goal(self, surface, view) -> None:
        rect, adapter = self.layout.goal, self.adapter
        self.put(surface, adapter.info_title(), (rect.x + 24, rect.y + 18), 34, theme.TEXT,
                 bold=True)
        y, room = rect.y + 62, rect.h - 140             # (above the count of quiet moves)
        for size in GOAL_SIZES:
            lines = adapter.goal_lines(size)
            step = size + 6                 # (room for a line of accented capitals)
            if len(lines) * step <= room:
                break
        if len(lines) > room // step:       # (a screen walk sees the words left out)
            theme.report_cut(" ".join(lines[room // step:]))
        for line in lines[:room // step]:
            self.put(surface, line, (rect.x + 24, y), size, theme.TEXT_DIM, width=rect.w - 48)
            y += step
        label, count, fraction = adapter.quiet_line(view)
        self.put(surface, label, (rect.x + 24, rect.bottom - 78), 26, theme.TEXT_DIM)
        self.put(surface, count, (rect.right - 24, rect.bottom - 27), 28, theme.TEXT,
                 "midright", bold=True, width=190)
        bar = pygame.Rect(rect.x + 24, rect.bottom - 34, rect.w - 48 - 200, 14)
        pygame.draw.rect(surface, (50, 62, 66), bar, border_radius=7)
        if fraction > 0:
            fill = bar.copy()
            fill.w = max(14, round(bar.w * min(1.0, fraction)))
            colour = theme.ILLEGAL if fraction >= 0.75 else GOLD
            pygame.draw.rect(surface, colour, fill, border_radius=7)

    def _draw_last(self, surface, view) -> None:
        rect, button = self.layout.last, self.layout.pass_button
        self.put(surface, N_("Last move"), (rect.x + 24, rect.y + 18), 34, theme.TEXT, bold=True)
        lines = self.adapter.last_lines(view)
        y = rect.y + 66
        for text, colour in lines:        # a long line (a stack captured) wraps
            for part in theme.wrap_text(text, rect.w - 48, 28):
                spot = self.put(surface, part, (rect.x + 24, y), 28, colour, width=rect.w - 40)
                y = spot.bottom + 2
            y += 6
        if self.scene.must_pass() and self.ctl.human_turn:
            self.draw_pass(surface, button, 38, 82)

    def banner_area(self) -> pygame.Rect:
        """What the end banner lies over (and may be as wide as): the board."""
        return self.geo.rect

    def _banner(self) -> pygame.Surface:
        """The end of the game over the board: why it ended, who won, the counts."""
        headline, detail = self.adapter.end_banner()
        width = self.banner_area().w - 60
        size = 30           # a long ending is set smaller rather than cut short
        lines = theme.wrap_text(detail, width - 80, size)
        if len(lines) > 3:
            size = 26
            lines = theme.wrap_text(detail, width - 80, size)
        step = size + 8
        layer = pygame.Surface((width, 128 + step * len(lines)), pygame.SRCALPHA)
        theme.draw_panel(layer, layer.get_rect().inflate(-24, -24), alpha=240,
                         border=GOLD)
        size, headline = theme.fitted(headline, width - 80, 46, True, smallest=30)
        theme.draw_text(layer, headline, (width // 2, 62), size, GOLD, "center", bold=True)
        for i, line in enumerate(lines):
            theme.draw_text(layer, line, (width // 2, 110 + step * i), size, theme.TEXT,
                            "center")
        return layer
