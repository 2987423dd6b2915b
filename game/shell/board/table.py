"""The table around the board: a card for each seat (2 to 4), the stock or pack, the
game's info panel, the hand tray with the pass button and the caption line, laid out on
the 1920x1080 logical screen, and BoardTable, which draws a BoardMatchScene from them.

Two seats get one tall card each, left and right of the board; with three or four the
cards are stacked in those two columns (clockwise: left top, right top, right bottom,
left bottom). What a card, the stock and the info panel say beyond names and counts
comes from the variant's adapter; the board's squares too.
"""
from __future__ import annotations

from game.i18n import N_, _, ngettext

import pygame

from game.shell.board.art import coordinate_font
from game.shell.board.geometry import squares_of, tile_body
from game.shell.frame import theme, tile_art
from game.shell.frame.backdrop import next_serial
from game.shell.match.scene import tray_index_at, tray_rects

BOARD_AREA = pygame.Rect(470, 92, 980, 744)
COLUMNS = (36, 1484)                     # x of the left and right card columns
CARDS_TOP, CARDS_HEIGHT, CARD_WIDTH, CARD_GAP = 100, 460, 400, 20
STOCK_RECT = pygame.Rect(36, 600, 400, 230)
INFO_RECT = pygame.Rect(1484, 600, 400, 230)
TRAY_RECT = pygame.Rect(300, 852, 1320, 160)
HAND_AREA = pygame.Rect(530, 852, 1060, 160)     # the tiles of the tray, right of its label
PASS_RECT = pygame.Rect(1648, 872, 236, 116)
UNDO_RECT = pygame.Rect(36, 896, 236, 68)        # left of the tray, below the stock
COACH_RECT = pygame.Rect(36, 974, 236, 50)       # below Undo
ADVICE_RECT = pygame.Rect(300, 4, 1320, 84)      # the coach's words, over the caption
CAPTION_RECT = pygame.Rect(0, 14, 1920, 66)
HAND_LONG = 120
MINI_LONG, MINI_SMALL = 68, 48           # hidden hands on tall and on stacked cards
TURNED_LONG = 148                        # a tile turned up in public, by the stock
LEGEND_LONG = 52                         # the sample tiles of the tray's legend
GOLD = (255, 206, 84)
FLIGHT_SECONDS = 0.45


def card_rects(seats: int) -> list[pygame.Rect]:
    """The seats' cards: one tall card a side for two, else stacked in the two columns."""
    left, right = COLUMNS
    if seats <= 2:
        return [pygame.Rect(x, CARDS_TOP, CARD_WIDTH, CARDS_HEIGHT) for x in (left, right)]
    half = (CARDS_HEIGHT - CARD_GAP) // 2
    low = CARDS_TOP + half + CARD_GAP
    rects = [pygame.Rect(left, CARDS_TOP, CARD_WIDTH, half),
             pygame.Rect(right, CARDS_TOP, CARD_WIDTH, half),
             pygame.Rect(right, low, CARD_WIDTH, half), pygame.Rect(left, low, CARD_WIDTH, half)]
    if seats == 3:                         # the left column holds one seat: make it tall
        rects[0] = pygame.Rect(left, CARDS_TOP, CARD_WIDTH, CARDS_HEIGHT)
    return rects[:seats]


class BoardTable:
    """Draws a BoardMatchScene: the cached board layer, the cards, the stock, the shown
    hand and the captions, then what moves. Reads the scene; changes nothing in it."""

    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self.ctl = scene.ctl
        self.geo = scene.geo
        self.adapter = scene.adapter
        self.cards = card_rects(scene.game.players)
        self.stock_rect = STOCK_RECT
        self.pass_rect = PASS_RECT
        self.undo_rect = UNDO_RECT
        self.coach_rect, self.advice_rect = COACH_RECT, ADVICE_RECT
        self.hud_rects = (*(r.inflate(20, 20) for r in self.cards), STOCK_RECT.inflate(20, 20),
                          INFO_RECT.inflate(20, 20), TRAY_RECT.inflate(20, 20),
                          PASS_RECT.inflate(8, 8), CAPTION_RECT)
        self._static = self._static_key = self._hud_key = None
        self._serial = next_serial()      # whose static layer the app's kept surface holds
        self._patches = []                 # (rect, clean background) of every HUD panel
        self._settled = 0                  # placed tiles already drawn into the static layer
        self._end_layer = None
        self._scoring = None               # (move, size) and the live count's layer

    # --- geometry the scene asks about ------------------------------------------------
    def hand_rects(self) -> list[pygame.Rect]:
        """Where each tile of the shown hand lies (upright tiles in the tray)."""
        return tray_rects(len(self.scene.shown_tiles()), HAND_AREA, HAND_LONG, min_long=50,
                          gap=20, lift=6)

    def hand_index_at(self, pos) -> int | None:
        return tray_index_at(self.hand_rects(), pos)

    def card_rect(self, player: int) -> pygame.Rect:
        return self.cards[player]

    def hand_target(self, player: int) -> pygame.Rect:
        return TRAY_RECT if self.ctl.shown_hand == player else self.cards[player]

    # --- drawing ----------------------------------------------------------------------
    def put(self, surface, text, pos, size, colour=theme.TEXT, anchor="topleft", bold=False,
            width=CARD_WIDTH - 48, smallest=None):
        """One line of text fitted to `width` pixels (the inside of a panel); a text of the
        template (N_) is translated here."""
        return theme.draw_fitted(surface, _(text), pos, width, size, colour, anchor, bold=bold,
                                 smallest=smallest)

    def draw(self, surface) -> None:
        scene = self.scene
        view = scene.table_view()               # (the board and the stock are public)
        surface.blit(self._static_layer(view), (0, 0))
        if view.placed:
            self._draw_last(surface, view)
        if scene.scoring and scene.over_for is None:
            self._draw_scoring(surface)
        if scene.over_for is not None:
            if self._end_layer is None:
                font = self.app.font(max(14, min(34, self.geo.size * 2 // 5)), True)
                self._end_layer = self.adapter.end_layer(self.geo, font) or False
            if self._end_layer:
                surface.blit(self._end_layer, self.geo.outer)
        scene.tool.draw(surface)
        self._draw_flight(surface)

    def _draw_scoring(self, surface) -> None:
        """The count as it stands over the board (V): made once a move."""
        key = (self.ctl.ply, self.geo.size)
        if self._scoring is None or self._scoring[0] != key:
            font = self.app.font(max(14, min(34, self.geo.size * 2 // 5)), True)
            self._scoring = (key, self.adapter.scoring_layer(self.geo, font))
        if self._scoring[1] is not None:
            surface.blit(self._scoring[1], self.geo.outer)

    def _static_layer(self, view) -> pygame.Surface:
        """Everything that only changes with a move or a choice: felt, board, placed tiles
        but the last, the cards, stock, hand and caption. The board is drawn once and a
        tile added when it stops being the last one; the panels are redrawn onto clean
        copies of their backgrounds when what they show changes. So a frame is one blit
        plus the few things that move."""
        settled = max(0, len(view.placed) - 1)
        key = (self.app.settings.show_coords, self.adapter.board_key(view))
        if key != self._static_key or settled < self._settled or self._layer_lost():
            self._build_static(key)
        if self._settled < settled:
            self.adapter.settle(self._static, self.geo, view, self._settled, settled)
            self._settled = settled
        scene, ctl = self.scene, self.ctl
        turn = (ctl.ply, ctl.shown_hand, ctl.human_turn, scene.over_for is None,
                ctl.config.seats)
        keys: dict[int | str, tuple] = {   # the seats' cards by seat, the other panels by name
            player: (turn, ctl.thinking and player == scene.game.current_player)
            for player in range(len(self.cards))}
        # The stock shows its count; a tray with no hand shown only a line of words.
        hand: tuple
        if ctl.shown_hand is not None:
            hand = (turn, scene.cursor, scene.tool.hud_key(), self.app.settings.show_hints)
        else:
            hand = (scene.results_due is not None, ctl.couch, scene.over_for is None,
                    tuple(ctl.humans))
        keys.update(stock=(self.adapter.stock_size(view), self.adapter.turned_up(view)),
                    info=turn, caption=ctl.caption, hand=hand)
        self._refresh_panels(keys, view)
        return self._static

    def _refresh_panels(self, keys: dict, view) -> None:
        """Redraw only the panels whose key changed (a computer starting to think
        changes its own card only), or every panel on a new static layer. `keys` names
        the cards by seat number, the others by name."""
        old = self._hud_key
        if not isinstance(old, dict):
            self._refresh_hud(keys, view)
            return
        changed = [name for name, key in keys.items() if key != old[name]]
        if not changed:
            return
        self._hud_key = keys
        seats = len(self.cards)        # the patches: the cards, stock, info, tray, pass, caption
        patches = {"stock": (seats,), "info": (seats + 1,), "hand": (seats + 2, seats + 3),
                   "caption": (seats + 4,)}
        for name in changed:
            for index in patches.get(name, (name,)):
                rect, patch = self._patches[index]
                self._static.blit(patch, rect)
        surface = self._static
        for name in changed:
            if isinstance(name, int):
                self._draw_card(surface, name)
            elif name == "stock":
                self._draw_stock(surface, view)
            elif name == "info":
                self._draw_info(surface, view)
            elif name == "hand":
                self._draw_hand(surface)
            else:
                self._draw_caption(surface)

    def _refresh_hud(self, key, view) -> None:
        """Redraw the panels onto clean copies of their backgrounds when `key` changed."""
        if key != self._hud_key:
            self._hud_key = key
            for rect, patch in self._patches:
                self._static.blit(patch, rect)
            self._draw_hud(self._static, view)

    def _lay_static(self, coords: bool, panels) -> pygame.Surface:
        """The static layer drawn afresh on the app's kept surface (a new 1920x1080
        surface took a third of a rematch's frame): felt, the adapter's board, the
        `panels` and the legend, with a clean copy of each HUD panel's background kept
        for redraws."""
        layer = self._static = self.app.backdrop.table_layer(self._serial)
        theme.draw_felt(layer)
        self.adapter.draw_board(layer, self.geo,
                                coordinate_font(self.app, self.geo) if coords else None)
        for rect in panels:
            theme.draw_panel(layer, rect)
        theme.draw_legend(layer, self.app, self.adapter.legend)
        self._patches = [(rect, self.app.backdrop.table_piece(rect)) for rect in self.hud_rects]
        self._hud_key = None
        return layer

    def _layer_lost(self) -> bool:
        """Whether the static layer must be laid (again): never laid, or the kept surface
        now holds another table's (a later match's, or the fresh table of a take-back)."""
        return not self.app.backdrop.holds_table(self._serial)

    def _build_static(self, key) -> None:
        self._lay_static(key[0], (*self.cards, STOCK_RECT, INFO_RECT, TRAY_RECT))
        self._static_key, self._settled = key, 0

    def _draw_hud(self, surface, view) -> None:
        for player in range(len(self.cards)):
            self._draw_card(surface, player)
        self._draw_stock(surface, view)
        self._draw_info(surface, view)
        self._draw_hand(surface)
        self._draw_caption(surface)

    def _draw_caption(self, surface) -> None:
        if self.ctl.caption:
            # as wide as the coach's words, which lie over it (none of it peeks out)
            theme.draw_fitted(surface, self.ctl.caption, CAPTION_RECT.center,
                              ADVICE_RECT.w - 40, 34, theme.TEXT, "center", shadow=True)

    def _draw_last(self, surface, view) -> None:
        """The last tile: sliding in from where it was played, then outlined (the
        adapter draws it: board.adapter's draw_last)."""
        placement = view.placed[-1]
        body = tile_body(self.geo, *squares_of(placement))
        slide, duration = self.scene.slide, self.ctl.paced(theme.SLIDE_SECONDS)
        t = 1.0 if slide is None or duration <= 0 else (self.scene.clock - slide[1]) / duration
        if t < 1:
            centre = pygame.Vector2(slide[0].center).lerp(body.center, theme.ease_out(t))
            body = body.copy()
            body.center = (round(centre.x), round(centre.y))
        self.adapter.draw_last(surface, self.geo, view, body, t >= 1)

    def warm_up(self) -> None:
        """Render the sprites this table will need (about a tenth of a second), so that
        no move pays for a new sprite in its frame. Sprites already cached cost nothing."""
        tile_art.warm(tile_body(self.geo, (0, 0), (1, 0)).w)
        tile_art.warm(MINI_LONG if len(self.cards) == 2 else MINI_SMALL, horizontal_too=False)
        tile_art.warm(HAND_LONG, horizontal_too=False, states=("normal", "playable"))

    # --- the cards --------------------------------------------------------------------
    def _draw_card(self, surface, player: int) -> None:
        ctl, scene, rect = self.ctl, self.scene, self.cards[player]
        over = scene.over_for is not None
        to_move = scene.game.current_player == player and not over
        tall = rect.h >= 300
        if to_move:
            pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 4, border_radius=22)
        disc, radius = (((rect.x + 50, rect.y + 52), 30) if tall
                        else ((rect.x + 42, rect.y + 40), 24))
        pygame.draw.circle(surface, (150, 136, 100), disc, radius)
        pygame.draw.circle(surface, self.adapter.seat_colour(player), disc, radius - 3)
        self.put(surface, ctl.name(player), (disc[0] + radius + 16, disc[1]),
                 44 if tall else 38, theme.TEXT, "midleft", bold=True,
                 width=rect.right - 20 - disc[0] - radius - 16, smallest=28)
        kind = scene.seat_kind(player)
        side = self.adapter.side_name(player)
        status = N_("Thinking...") if ctl.thinking else N_("To move")
        if tall:
            self.put(surface, f"{_(side)} · {kind}" if side else kind, (rect.x + 24, rect.y + 96),
                     27, theme.TEXT_DIM)
            y = rect.y + 136
            if to_move:
                self.put(surface, status, (rect.x + 24, y + 4), 32, GOLD, bold=True)
            if not over:
                y += 50
            step, cap = 16, 48
        else:                              # a stacked card: the status takes the kind's row
            if to_move:
                self.put(surface, status, (rect.x + 24, rect.y + 70), 28, GOLD, bold=True)
            else:
                self.put(surface, kind, (rect.x + 24, rect.y + 70), 26, theme.TEXT_DIM)
            y, step, cap = rect.y + 106, 6, 34
        for text, size, colour, bold in self.adapter.card_lines(player, over):
            self.put(surface, text, (rect.x + 24, y), min(size, cap), colour, bold=bold)
            y += min(size, cap) + step
        self._draw_card_hand(surface, player, rect, tall, over)
        if tall:                           # more lines from the bottom of a tall card up
            y = rect.bottom - 20
            for text, size, colour, bold in reversed(self.adapter.card_footer(player, over)):
                y -= size
                self.put(surface, text, (rect.x + 24, y), size, colour, bold=bold)
                y -= 10

    def _draw_card_hand(self, surface, player, rect, tall, over) -> None:
        """The seat's hand size and its tiles, small (face down unless it may be seen)."""
        hand = self.scene.hand_of(player)
        shown = self.ctl.shown_hand == player and not over
        count = ngettext("{count} tile", "{count} tiles", len(hand)).format(count=len(hand))
        below = shown and bool(hand)       # (an empty hand, as while arranging: nothing is)
        if tall:
            self.put(surface, (ngettext("{count} tile, shown below", "{count} tiles, shown below",
                                        len(hand)) if below else
                               ngettext("{count} tile in hand", "{count} tiles in hand",
                                        len(hand))).format(count=len(hand)),
                     (rect.x + 24, rect.y + 230), 28)
            area = pygame.Rect(rect.x + 24, rect.y + 270, rect.w - 48, rect.bottom - 290)
            long_side = MINI_LONG
        else:
            self.put(surface, count, (rect.right - 24, rect.bottom - 36), 28, theme.TEXT,
                     "midright", width=110)
            area = pygame.Rect(rect.x + 24, rect.bottom - 64, rect.w - 170, 56)
            long_side = MINI_SMALL
            if below:
                self.put(surface, N_("shown below"), area.midleft, 26, theme.TEXT_DIM, "midleft",
                         width=area.w)
        if shown:
            return
        if not self.ctl.face_up(player):
            # the tiles everyone saw come first, so their order tells nothing of the rest
            public = sorted(self.adapter.public_tiles(player))
            hand = public + [None] * (len(hand) - len(public))
        for tile, spot in zip(hand, self._mini_rects(len(hand), area, long_side)):
            tile_art.draw_tile(surface, spot, None if tile is None else tile_art.ends_of(tile))

    @staticmethod
    def _mini_rects(count: int, area: pygame.Rect, long_side: int) -> list[pygame.Rect]:
        """Rows of 8 small upright tiles from the top left of `area` (as many rows as fit,
        then one row fanned)."""
        w = long_side // 2
        rows = max(1, min(-(-count // 8), (area.h + 14) // (long_side + 14)))
        per_row = -(-count // rows) if count else 0
        rects = []
        for i in range(count):
            row, col = divmod(i, per_row)
            step = min(w + 12, (area.w - w) / max(1, per_row - 1))
            rects.append(pygame.Rect(area.x + round(col * step), area.y + row * (long_side + 14),
                                     w, long_side))
        return rects

    # --- the stock and the info panel -------------------------------------------------
    def _draw_stock(self, surface, view) -> None:
        rect, adapter = STOCK_RECT, self.adapter
        self.put(surface, adapter.stock_title, (rect.x + 24, rect.y + 20), 34, theme.TEXT,
                 bold=True)
        count = adapter.stock_size(view)
        turned = adapter.turned_up(view)
        right = rect.right - 24                # where text must stop
        if turned is not None:             # turned up in public: large, by the pack
            tw, th = tile_art.body_size(TURNED_LONG, vertical=True)
            spot = pygame.Rect(rect.right - 22 - tw, rect.y + 16, tw, th)
            tile_art.draw_tile(surface, spot, tile_art.ends_of(turned), "just_played")
            label = _("turned up")        # under the tile, or from the panel's edge back
            centred = theme.font(22).size(label)[0] <= 2 * (rect.right - 12 - spot.centerx)
            self.put(surface, label, (spot.centerx, rect.bottom - 22) if centred else
                     (rect.right - 12, rect.bottom - 22), 22, theme.TEXT_DIM,
                     "center" if centred else "midright", width=rect.right - rect.x - 162)
            right = spot.x - 12
        w, h = tile_art.body_size(90, vertical=False)
        for i in range(min(count, 6)):
            tile_art.draw_tile(surface, (rect.x + 30 + i * 4, rect.y + 150 - i * 10, w, h))
        words = N_("empty") if count == 0 else ngettext("{count} tile", "{count} tiles",
                                                        count).format(count=count)
        self.put(surface, words, (rect.x + 144, rect.y + 128), 48 if turned is None else 30,
                 GOLD, "midleft", bold=True, width=right - rect.x - 144)
        if turned is None:                 # (else the turned-up tile's label says enough)
            self.put(surface, adapter.stock_note(count), (rect.x + 24, rect.y + 190), 26,
                     theme.TEXT_DIM)

    def _draw_info(self, surface, view) -> None:
        rect, game = INFO_RECT, self.scene.game
        self.put(surface, self.adapter.info_title(), (rect.x + 24, rect.y + 20), 34,
                 theme.TEXT, bold=True)
        self.put(surface, ngettext("{count} tile on the board", "{count} tiles on the board",
                                   len(view.placed)).format(count=len(view.placed)),
                 (rect.x + 24, rect.y + 70), 30)
        last = view.last_move
        played = game.moves_played()
        if last is not None and played:
            mover = played[-1][0]
            side = self.adapter.side_name(mover)
            words = self.adapter.last_words(last)
            text = (_("Last: {side} {move}").format(side=_(side), move=words) if side
                    else _("Last: {move}").format(move=words))
            spot = self.put(surface, text, (rect.x + 24, rect.y + 112), 28, width=rect.w - 90)
            if not side:                   # the mover's seat colour says who
                pygame.draw.circle(surface, self.adapter.seat_colour(mover),
                                   (spot.right + 18, spot.centery), 10)
        if view.passes:
            passes = ngettext("{count} pass in a row", "{count} passes in a row",
                              view.passes).format(count=view.passes)
            self.put(surface, passes, (rect.x + 24, rect.y + 166), 28, GOLD)
            return
        for i, line in enumerate(self.adapter.info_note):
            self.put(surface, line, (rect.x + 24, rect.y + 160 + 30 * i), 26, theme.TEXT_DIM)

    # --- the hand tray ----------------------------------------------------------------
    def _draw_hand(self, surface) -> None:
        scene, ctl = self.scene, self.ctl
        player = ctl.shown_hand
        if player is None:
            text = (N_("Enter / click: results") if scene.results_due is not None
                    else N_("Waiting for the next player")
                    if ctl.couch and scene.over_for is None
                    else N_("Computers at play") if not ctl.humans else "")
            self.put(surface, text, TRAY_RECT.center, 34, theme.TEXT_DIM, "center",
                     width=TRAY_RECT.w - 48)          # (the tray's width, not a card's)
            return
        rects = self.hand_rects()
        width = (rects[0].x if rects else TRAY_RECT.right) - TRAY_RECT.x - 48
        self.put(surface, _("{name}'s tiles").format(name=ctl.name(player)),
                 (TRAY_RECT.x + 24, TRAY_RECT.y + 20),
                 30, theme.TEXT, bold=True, width=width)
        if scene.over_for is not None:
            self.put(surface, N_("Enter / click: results"), (TRAY_RECT.x + 24, TRAY_RECT.y + 60),
                     26, GOLD, width=width)
        elif not ctl.human_turn:
            self.put(surface, N_("wait for your turn"), (TRAY_RECT.x + 24, TRAY_RECT.y + 60), 26,
                     theme.TEXT_DIM, width=width)
        else:
            self._draw_legend(surface, scene.tool.tray_legend(), width)
        playable = scene.playable() if scene.hints else set()
        tiles = scene.shown_tiles()
        for i, (tile, rect) in enumerate(zip(tiles, rects)):
            state = scene.tool.tray_state(i) or ("playable" if tile in playable else "normal")
            tile_art.draw_tile(surface, rect, tile_art.ends_of(tile), state)
            if i == scene.cursor and not scene.tool.active and ctl.human_turn:
                pygame.draw.rect(surface, theme.SELECTION, rect.inflate(14, 14), 4,
                                 border_radius=10)
        if scene.must_pass():
            self.draw_pass(surface, PASS_RECT, 40, 86)

    def draw_pass(self, surface, rect, words_y: int, keys_y: int) -> None:
        """The Pass button of a forced pass: "Pass" `words_y` below its top, the keys
        that pass `keys_y` below it."""
        pygame.draw.rect(surface, (120, 40, 36), rect, border_radius=16)
        pygame.draw.rect(surface, GOLD, rect, 3, border_radius=16)
        self.put(surface, N_("Pass"), (rect.centerx, rect.y + words_y), 44, theme.TEXT, "center",
                 bold=True)
        self.put(surface, N_("Enter / click"), (rect.centerx, rect.y + keys_y), 26,
                 theme.TEXT_DIM, "center")

    def _draw_legend(self, surface, legend, width: int) -> None:
        """Under the hand's name, what the shapes over the board mean: a small sample of
        each (a tile in its tile_art look, or a patch of colour) and its words."""
        x, y = TRAY_RECT.x + 24, TRAY_RECT.y + 60
        for ends, look, words in legend:
            sample = pygame.Rect(x, y + 2, LEGEND_LONG, LEGEND_LONG // 2)
            if isinstance(look, str):
                tile_art.draw_tile(surface, sample, ends, look)
            else:
                pygame.draw.rect(surface, look, sample, border_radius=6)
            self.put(surface, words, (sample.right + 12, sample.centery), 24, theme.TEXT,
                     "midleft", width=width - LEGEND_LONG - 12, smallest=16)
            y += 38

    def _draw_flight(self, surface) -> None:
        flight = self.scene.flight
        duration = self.ctl.paced(FLIGHT_SECONDS)
        if flight is None or duration <= 0:
            return
        t = (self.scene.clock - flight[2]) / duration
        if t >= 1:
            return
        pos = pygame.Vector2(flight[0]).lerp(flight[1], theme.ease_out(t))
        w, h = tile_art.body_size(80, vertical=True)
        tile_art.draw_tile(surface, (round(pos.x - w / 2), round(pos.y - h / 2), w, h))
