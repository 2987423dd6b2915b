"""The table around the Dominox board: both players' cards, the stock, the game's info
panel, the hand tray with the pass button and the captions, laid out on the 1920x1080
logical screen, and GridTable, which draws a GridMatchScene from them.

The board itself, its squares, tiles, ghost and territory tint come from board_art.
"""
from __future__ import annotations

import pygame

from game.logic.agents import AGENTS
from game.shell import theme, tile_art
from game.shell.board.art import (LAST_MOVE, LEGAL_GLOW, draw_board, draw_placed, draw_placed_at,
                                  parse_square, squares_of, territory_layer, tile_body)
from game.shell.match.controller import sentence
from game.shell.scene import LOGICAL_SIZE

BOARD_AREA = pygame.Rect(470, 92, 980, 744)
CARD_RECTS = (pygame.Rect(36, 100, 400, 460), pygame.Rect(1484, 100, 400, 460))
STOCK_RECT = pygame.Rect(36, 600, 400, 230)
INFO_RECT = pygame.Rect(1484, 600, 400, 230)
TRAY_RECT = pygame.Rect(300, 852, 1320, 160)
PASS_RECT = pygame.Rect(1648, 872, 236, 116)
COLOURS = ("White", "Black")
SWATCH = ((236, 226, 200), (30, 36, 52))
HAND_LONG = 120
MINI_LONG = 68
GOLD = (255, 206, 84)
HINT_FILL = (*LEGAL_GLOW, 90)
HINT_RING = (150, 255, 170, 230)
LEGEND = ("Click, Left/Right: pick tile   R, right-click, wheel: turn   F: flip   "
          "Arrows: move   Enter, click: place   Esc: back to hand / pause   H: hints")
CAPTION_RECT = pygame.Rect(0, 14, 1920, 66)
HUD_RECTS = (*(r.inflate(20, 20) for r in CARD_RECTS), STOCK_RECT.inflate(20, 20),
             INFO_RECT.inflate(20, 20), TRAY_RECT.inflate(20, 20), PASS_RECT.inflate(8, 8),
             CAPTION_RECT)
FLIGHT_SECONDS = 0.45


class GridTable:
    """Draws a GridMatchScene: the cached board layer, the ghost, both players' cards,
    the stock, the shown hand and the captions. Reads the scene; changes nothing."""

    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self.ctl = scene.ctl
        self.geo = scene.geo
        self.stock_rect = STOCK_RECT
        self.pass_rect = PASS_RECT
        self._static = self._static_key = self._hud_key = None
        self._patches = []                 # (rect, clean background) of every HUD panel
        self._settled = 0                  # placed tiles already drawn into the static layer
        self._hints = self._hints_key = None
        self._territory = None
        self._scores = self._scores_ply = None

    # --- geometry the scene asks about ------------------------------------------------

    def hand_rects(self) -> list[pygame.Rect]:
        """Where each tile of the shown hand lies (vertical tiles centred in the tray)."""
        count = len(self.scene.shown_tiles())
        long_side, gap = HAND_LONG, 20
        w, h = tile_art.body_size(long_side, vertical=True)
        while count * (w + gap) > TRAY_RECT.w - 260 and long_side > 50:
            long_side, gap = long_side - 8, max(8, gap - 2)
            w, h = tile_art.body_size(long_side, vertical=True)
        total = count * w + max(0, count - 1) * gap
        x0 = TRAY_RECT.centerx + 100 - total // 2
        y = TRAY_RECT.centery - h // 2 + 6
        return [pygame.Rect(x0 + i * (w + gap), y, w, h) for i in range(count)]

    def hand_index_at(self, pos) -> int | None:
        for i, rect in enumerate(self.hand_rects()):
            if rect.inflate(12, 12).collidepoint(pos):
                return i
        return None

    def card_rect(self, player: int) -> pygame.Rect:
        return CARD_RECTS[player]

    def hand_target(self, player: int) -> pygame.Rect:
        return TRAY_RECT if self.ctl.shown_hand == player else CARD_RECTS[player]

    def final_caption(self) -> str:
        outcome = self.scene.game.outcome()
        white, black = outcome.scores
        if outcome.winner is None:
            return f"A draw: {white} points each."
        win, lose = (white, black) if outcome.winner == 0 else (black, white)
        who = f"{self.ctl.name(outcome.winner)} ({COLOURS[outcome.winner]})"
        return f"{who} wins, {win} points to {lose}."

    # --- drawing ----------------------------------------------------------------------

    def put(self, surface, text, pos, size, colour=theme.TEXT, anchor="topleft", bold=False):
        return theme.draw_text(surface, text, pos, size, colour, anchor, bold=bold)

    def draw(self, surface) -> None:
        scene = self.scene
        view = scene.view(0)
        surface.blit(self._static_layer(view), (0, 0))
        if scene.ghost is not None and self.app.settings.show_hints:
            self._draw_hints(surface)
        if view.placed:
            self._draw_last(surface, view.placed[-1])
        if scene.over_for is not None:
            if self._territory is None:
                regions = [([parse_square(s) for s in r.squares], r.winner, r.points)
                           for r in scene.game.territory()]
                font = self.app.font(max(14, min(34, self.geo.size * 2 // 5)), True)
                self._territory = territory_layer(self.geo, regions, font)
            surface.blit(self._territory, self.geo.outer)
        if scene.ghost is not None:
            self._draw_ghost(surface)
        self._draw_flight(surface)

    def _static_layer(self, view) -> pygame.Surface:
        """Everything that only changes with a move or a choice: felt, board, placed tiles
        but the last, the cards, stock, hand and caption. The board is drawn once and a
        tile added when it stops being the last one; the panels are redrawn onto clean
        copies of their backgrounds when what they show changes. So a frame is one blit
        plus the few things that move."""
        settled = max(0, len(view.placed) - 1)
        coords = self.app.settings.show_coords
        if coords != self._static_key or settled < self._settled:
            self._build_static(coords)
        while self._settled < settled:
            draw_placed(self._static, self.geo, view.placed[self._settled])
            self._settled += 1
        scene, ctl = self.scene, self.ctl
        key = (ctl.ply, ctl.caption, ctl.thinking, ctl.shown_hand, ctl.human_turn,
               scene.cursor, scene.picked, scene.over_for is None,
               self.app.settings.show_hints, ctl.config.seats)
        if key != self._hud_key:
            self._hud_key = key
            for rect, patch in self._patches:
                self._static.blit(patch, rect)
            self._draw_hud(self._static, view)
        return self._static

    def _build_static(self, coords: bool) -> None:
        if self._static is None:
            self._static = pygame.Surface(LOGICAL_SIZE)
            if pygame.display.get_surface() is not None:
                self._static = self._static.convert()     # the screen's format: fast blits
        layer = self._static
        theme.draw_felt(layer)
        font = self.app.font(max(14, min(28, self.geo.margin * 2 // 3)), True)
        draw_board(layer, self.geo, self.scene.blocked, font if coords else None)
        for rect in (*CARD_RECTS, STOCK_RECT, INFO_RECT, TRAY_RECT):
            theme.draw_panel(layer, rect)
        theme.draw_legend(layer, self.app, LEGEND)
        self._patches = [(rect, layer.subsurface(rect).copy()) for rect in HUD_RECTS]
        self._static_key, self._settled, self._hud_key = coords, 0, None

    def _draw_hud(self, surface, view) -> None:
        for player in (0, 1):
            self._draw_card(surface, player)
        self._draw_stock(surface, view)
        self._draw_info(surface, view)
        self._draw_hand(surface)
        if self.ctl.caption:
            theme.draw_text(surface, self.ctl.caption, (960, 46), 34, theme.TEXT, "center",
                            shadow=True)

    def _draw_last(self, surface, placement) -> None:
        """The last tile: sliding in from where it was played, then outlined."""
        s1, s2 = squares_of(placement)
        body = tile_body(self.geo, s1, s2)
        slide, duration = self.scene.slide, self.ctl.paced(theme.SLIDE_SECONDS)
        t = 1.0 if slide is None or duration <= 0 else (self.app.time - slide[1]) / duration
        if t < 1:
            centre = pygame.Vector2(slide[0].center).lerp(body.center, theme.ease_out(t))
            body = body.copy()
            body.center = (round(centre.x), round(centre.y))
        else:
            width = max(3, self.geo.size // 16)
            pygame.draw.rect(surface, LAST_MOVE, body.inflate(2 * width + 2, 2 * width + 2),
                             width, border_radius=max(4, self.geo.size // 8))
        draw_placed_at(surface, body, placement, s1, s2)

    def warm_up(self) -> None:
        """Render the sprites this table will need (about a tenth of a second), so that
        no move pays for a new sprite in its frame. Sprites already cached cost nothing."""
        tile_art.warm(tile_body(self.geo, (0, 0), (1, 0)).w)
        tile_art.warm(MINI_LONG, horizontal_too=False)
        tile_art.warm(HAND_LONG, horizontal_too=False, states=("normal", "playable"))

    def _draw_hints(self, surface) -> None:
        scene = self.scene
        tile = scene.shown_tiles()[scene.picked]
        key = (self.ctl.ply, tile)
        if key != self._hints_key:
            layer = pygame.Surface(self.geo.rect.size, pygame.SRCALPHA)
            offset = (-self.geo.rect.x, -self.geo.rect.y)
            spots = {square for move in scene.legal_moves()
                     if move != "pass" and move.tile == tile for square in squares_of(move)}
            radius = max(4, self.geo.size // 6)
            for square in spots:
                centre = self.geo.square_rect(square).move(offset).center
                pygame.draw.circle(layer, HINT_FILL, centre, radius * 2)
                pygame.draw.circle(layer, HINT_RING, centre, radius * 2, max(2, radius // 3))
            self._hints, self._hints_key = layer, key
        surface.blit(self._hints, self.geo.rect)

    def _draw_ghost(self, surface) -> None:
        scene = self.scene
        ghost = scene.ghost
        body = tile_body(self.geo, *ghost.squares)
        legal = scene.ghost_reason is None
        tile_art.draw_tile(surface, body, ghost.drawing_ends(),
                           "ghost_ok" if legal else "ghost_bad")
        if legal:
            return
        reason = sentence(scene.ghost_reason)
        back = pygame.Rect((0, 0), theme.font(28).size(reason)).inflate(28, 14)
        back.midbottom = (body.centerx, body.top - 10)
        if back.top < self.geo.outer.top:
            back.midtop = (body.centerx, body.bottom + 10)
        back.clamp_ip(pygame.Rect((0, 0), LOGICAL_SIZE))
        pygame.draw.rect(surface, (90, 18, 18), back, border_radius=12)
        pygame.draw.rect(surface, theme.ILLEGAL, back, 2, border_radius=12)
        theme.draw_text(surface, reason, back.center, 28, anchor="center")

    def _draw_card(self, surface, player: int) -> None:
        ctl, scene, rect = self.ctl, self.scene, CARD_RECTS[player]
        to_move = scene.game.current_player == player
        if to_move:
            pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 4, border_radius=22)
        pygame.draw.circle(surface, (150, 136, 100), (rect.x + 50, rect.y + 52), 30)
        pygame.draw.circle(surface, SWATCH[player], (rect.x + 50, rect.y + 52), 27)
        self.put(surface, ctl.name(player)[:14], (rect.x + 96, rect.y + 52), 44, theme.TEXT,
                 "midleft", bold=True)
        seat = ctl.config.seats[player]
        kind = "human" if seat.is_human else f"{AGENTS[seat.level].title} computer"
        self.put(surface, f"{COLOURS[player]}  ·  {kind}", (rect.x + 24, rect.y + 96), 27,
                 theme.TEXT_DIM)
        view = scene.view(player)
        if scene.over_for is not None:
            points = scene.game.outcome().scores[player]
            self.put(surface, f"{points} points", (rect.x + 24, rect.y + 136), 48, GOLD,
                     bold=True)
        else:
            if to_move:
                self.put(surface, "Thinking..." if ctl.thinking else "To move",
                         (rect.x + 24, rect.y + 140), 32, GOLD, bold=True)
            self.put(surface, f"Territory now: {self._live_scores()[player]}",
                     (rect.x + 24, rect.y + 186), 28)
        shown = ctl.shown_hand == player and scene.over_for is None
        count = theme.count(len(view.hand), "tile") + (", shown below" if shown else " in hand")
        self.put(surface, count, (rect.x + 24, rect.y + 230), 28)
        if shown:
            return
        face_up = ctl.face_up(player)
        w, h = tile_art.body_size(MINI_LONG, vertical=True)
        for i, tile in enumerate(view.hand):
            x = rect.x + 26 + (i % 8) * (w + 12)
            y = rect.y + 282 + (i // 8) * (h + 14)
            tile_art.draw_tile(surface, (x, y, w, h), tile_art.ends_of(tile) if face_up else None)

    def _live_scores(self):
        if self._scores_ply != self.ctl.ply:
            self._scores, self._scores_ply = self.scene.game.scores(), self.ctl.ply
        return self._scores

    def _draw_stock(self, surface, view) -> None:
        rect = STOCK_RECT
        self.put(surface, "Stock", (rect.x + 24, rect.y + 20), 34, theme.TEXT, bold=True)
        w, h = tile_art.body_size(90, vertical=False)
        for i in range(min(view.stock_size, 6)):
            tile_art.draw_tile(surface, (rect.x + 40 + i * 4, rect.y + 150 - i * 10, w, h))
        count = view.stock_size
        words = "empty" if count == 0 else theme.count(count, "tile")
        self.put(surface, words, (rect.x + 170, rect.y + 128), 48, GOLD, "midleft", bold=True)
        note = "one drawn after each turn" if count else "no more tiles to draw"
        self.put(surface, note, (rect.x + 24, rect.y + 190), 26, theme.TEXT_DIM)

    def _draw_info(self, surface, view) -> None:
        rect = INFO_RECT
        game = self.scene.game
        self.put(surface, game.layout.title[:20], (rect.x + 24, rect.y + 20), 34, theme.TEXT,
                 bold=True)
        self.put(surface, f"{theme.count(len(view.placed), 'tile')} on the board",
                 (rect.x + 24, rect.y + 70), 30)
        last = view.last_move
        if last is not None:
            mover = 1 - game.current_player if game.current_player is not None else None
            text = f"Last: {last}" if mover is None else f"Last: {COLOURS[mover]} {last}"
            self.put(surface, text, (rect.x + 24, rect.y + 112), 30)
        if view.passes:
            passes = f"{theme.count(view.passes, 'pass', 'passes')} in a row"
            self.put(surface, passes, (rect.x + 24, rect.y + 166), 28, GOLD)
            return
        self.put(surface, "Each empty area scores for", (rect.x + 24, rect.y + 160), 26,
                 theme.TEXT_DIM)
        self.put(surface, "the colour most of it has", (rect.x + 24, rect.y + 190), 26,
                 theme.TEXT_DIM)

    def _draw_hand(self, surface) -> None:
        scene, ctl = self.scene, self.ctl
        player = ctl.shown_hand
        if player is None:
            text = ("Waiting for the next player" if ctl.couch and scene.over_for is None
                    else "Computers at play" if not ctl.humans else "")
            self.put(surface, text, TRAY_RECT.center, 34, theme.TEXT_DIM, "center")
            return
        self.put(surface, f"{ctl.name(player)}'s tiles", (TRAY_RECT.x + 24, TRAY_RECT.y + 20),
                 30, theme.TEXT, bold=True)
        if scene.over_for is not None:
            self.put(surface, "Enter / click: results", (TRAY_RECT.x + 24, TRAY_RECT.y + 60),
                     26, GOLD)
        elif not ctl.human_turn:
            self.put(surface, "wait for your turn", (TRAY_RECT.x + 24, TRAY_RECT.y + 60), 26,
                     theme.TEXT_DIM)
        playable = scene.playable() if self.app.settings.show_hints else set()
        tiles = scene.shown_tiles()
        for i, (tile, rect) in enumerate(zip(tiles, self.hand_rects())):
            state = ("selected" if i == scene.picked else
                     "playable" if tile in playable else "normal")
            tile_art.draw_tile(surface, rect, tile_art.ends_of(tile), state)
            if i == scene.cursor and scene.picked is None and ctl.human_turn:
                pygame.draw.rect(surface, theme.SELECTION, rect.inflate(14, 14), 4,
                                 border_radius=10)
        if scene.must_pass():
            pygame.draw.rect(surface, (120, 40, 36), PASS_RECT, border_radius=16)
            pygame.draw.rect(surface, GOLD, PASS_RECT, 3, border_radius=16)
            self.put(surface, "Pass", (PASS_RECT.centerx, PASS_RECT.y + 40), 44, theme.TEXT,
                     "center", bold=True)
            self.put(surface, "Enter / click", (PASS_RECT.centerx, PASS_RECT.y + 86), 26,
                     theme.TEXT_DIM, "center")

    def _draw_flight(self, surface) -> None:
        flight = self.scene.flight
        duration = self.ctl.paced(FLIGHT_SECONDS)
        if flight is None or duration <= 0:
            return
        t = (self.app.time - flight[2]) / duration
        if t >= 1:
            return
        pos = pygame.Vector2(flight[0]).lerp(flight[1], theme.ease_out(t))
        w, h = tile_art.body_size(80, vertical=True)
        tile_art.draw_tile(surface, (round(pos.x - w / 2), round(pos.y - h / 2), w, h))
