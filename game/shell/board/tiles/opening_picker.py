"""Dominid's opening, arranged by a person: a row of small previews over the board.

When the human to act holds the losing tile (option arrange = chosen), StackTool hands
its turn to an OpeningPicker. Each legal arrangement (the rules list them) is a card
showing the two tiles upright side by side as they would lie, grouped by the tile on the
left; the focused one (Left/Right, Up/Down to the other group, the pointer) also lies on
the opening cells as a ghost, and Enter or a click lays it. The coach's suggestion takes
the focus when it comes. With hints on, the focused card says how dear it leaves the
first player's first tile (the greedy judgement).
"""
from __future__ import annotations

import pygame

from game.logic.agents import greedy_ratings
from game.shell import theme, tile_art
from game.shell.board.geometry import squares_of
from game.shell.board.tiles.stack_art import darker
from game.shell.board.table import BOARD_AREA, GOLD
from game.shell.match.scene import choice_action, index_at

CARD = (90, 112)
GAP, GROUP_GAP = 8, 30
TILE_LONG = 68
PANEL_HEIGHT = 258
HINT_LINE = 30              # the panel grows by a line when hints are on


def panel_clear_of(geo, squares, size) -> pygame.Rect:
    """A panel of `size` over the board, centred, above or below `squares` (whichever
    side has more room) and inside the board area."""
    spot = geo.square_rect(squares[0]).unionall([geo.square_rect(s) for s in squares]) \
        if squares else pygame.Rect(geo.rect.center, (0, 0))
    panel = pygame.Rect((0, 0), size)
    panel.centerx = geo.rect.centerx
    if spot.top - geo.rect.top >= geo.rect.bottom - spot.bottom:
        panel.bottom = spot.top - 12
    else:
        panel.top = spot.bottom + 12
    return panel.clamp(BOARD_AREA)


def shown_order(moves: list) -> list:
    """The arrangements grouped by the tile on the left, then in text order."""
    return sorted(moves, key=lambda m: (str(m.left.tile), str(m)))


class OpeningPicker:
    """Picks one of the legal arrangements of `scene` (see the module notes)."""

    def __init__(self, scene, stacker):
        self.scene = scene
        self.stacker = stacker
        self.focus = 0
        self._layout = self._layout_key = None
        self._ratings = (None, [])         # (ply, the greedy ratings of the arrangements)
        self._followed = None              # the coach's advice the focus went to

    def options(self) -> list:
        return shown_order(self.scene.legal_moves())

    # --- input ------------------------------------------------------------------------
    def point(self, pos) -> None:
        index = index_at(self.layout()[1], pos)
        if index is not None:
            self.focus = index

    def handle(self, action) -> None:
        count = len(self.options())
        if action.name == "back":
            self.scene.ctl.pause()
        elif count:
            group = (count + 1) // 2 if count > 2 else 0     # Up/Down: to the other group
            self.focus, chosen = choice_action(action, self.focus, self.layout()[1], group)
            if chosen is not None:
                self.choose(chosen)

    def choose(self, index: int) -> None:
        options = self.options()
        self.focus = min(index, len(options) - 1)
        self.scene.ctl.play(str(options[self.focus]))

    # --- where things go --------------------------------------------------------------
    def layout(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The panel and one card per arrangement, above or below the opening cells
        (whichever side has more room); kept for the move."""
        options = self.options()
        key = (self.scene.ctl.ply, len(options), self.scene.hints)
        if key != self._layout_key:
            cells = [c for p in options[:1] for pair in map(squares_of, p.placements)
                     for c in pair]
            half = (len(options) + 1) // 2 if len(options) > 2 else len(options)
            width = len(options) * CARD[0] + (len(options) - 1) * GAP + GROUP_GAP + 64
            panel = panel_clear_of(self.scene.geo, cells, (max(width, 560), PANEL_HEIGHT + (
                HINT_LINE if self.scene.hints else 0)))
            x = panel.centerx - (width - 64) // 2
            cards = []
            for i in range(len(options)):
                if i == half:
                    x += GROUP_GAP
                cards.append(pygame.Rect(x, panel.y + 86, *CARD))
                x += CARD[0] + GAP
            self._layout, self._layout_key = (panel, cards), key
        return self._layout

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        options = self.options()
        if not options:
            return
        self.focus = min(self.focus, len(options) - 1)
        advice = self.scene.coach.shown
        if advice is not None and advice is not self._followed:
            self._followed = advice
            texts = [str(m) for m in options]
            if advice.move in texts:
                self.focus = texts.index(advice.move)
        focused = options[self.focus]
        for placement in focused.placements:          # the focused one, on its cells
            self.stacker.draw_tile(surface, placement, 1, state="ghost_ok")
        panel, cards = self.layout()
        theme.draw_panel(surface, panel, alpha=245, border=GOLD)
        theme.draw_text(surface, "Arrange the opening", (panel.centerx, panel.y + 12), 38,
                        theme.TITLE, "midtop", bold=True)
        theme.draw_fitted(surface, self.subtitle(), (panel.centerx, panel.y + 54),
                          panel.w - 40, 24, theme.TEXT_DIM, "midtop")
        for i, (move, rect) in enumerate(zip(options, cards)):
            self._draw_card(surface, move, rect, i == self.focus)
        theme.draw_fitted(surface, "Left/Right, Up/Down and Enter · or click a card",
                          (panel.centerx, panel.bottom - 30), panel.w - 40, 24,
                          theme.TEXT_DIM, "center")
        if self.scene.hints:
            theme.draw_fitted(surface, self.hint(focused),
                              (panel.centerx, panel.bottom - 30 - HINT_LINE), panel.w - 40,
                              24, theme.LEGAL, "center")

    def _draw_card(self, surface, move, rect: pygame.Rect, focused: bool) -> None:
        fill = (70, 58, 30) if focused else (34, 44, 50)
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        pygame.draw.rect(surface, GOLD if focused else darker(theme.TEXT_DIM), rect,
                         5 if focused else 2, border_radius=12)
        w, h = tile_art.body_size(TILE_LONG, vertical=True)
        left = pygame.Rect(0, 0, w, h)
        left.midright = (rect.centerx - 1, rect.centery)
        for placement, spot in zip(move.placements, (left, left.move(w + 2, 0))):
            # upright: the first number lies on the lower cell, so it is drawn below
            tile_art.draw_tile(surface, spot, (placement.y, placement.x))

    def subtitle(self) -> str:
        scene = self.scene
        arranger = scene.game.current_player
        draws = scene.view(arranger).draws
        first = 1 - arranger
        name = scene.ctl.name
        return (f"{name(first)}'s {draws[first]} beat your {draws[arranger]}: lay both "
                f"side by side. You take your tiles after.")

    def hint(self, focused) -> str:
        """How dear the focused arrangement leaves the first player's first tile."""
        view = self.scene.view(self.scene.game.current_player)
        moves = view.legal_moves()
        if self._ratings[0] != self.scene.ctl.ply:        # once a move, not a frame
            self._ratings = (self.scene.ctl.ply, greedy_ratings(view, moves))
        ratings = self._ratings[1]
        rating = ratings[moves.index(focused)]
        best = "  (the dearest)" if rating >= max(ratings) else ""
        return (f"{self.scene.ctl.name(1 - view.player)}'s cheapest first tile would cost "
                f"about {rating:.1f}{best}")
