"""The drawing half of the line-game match scene (see line.scene.LineMatchScene).

`LineTableArt` is mixed into the scene and reads its model (line layout, hand, moves,
controller) without changing it. The static layer (felt, table inset, empty panels, key
legend, placed tiles, player panels, boneyard, header and caption) is drawn into a cached
surface rebuilt only when the scene drops `_static`; each frame adds the turn marker, the
end zones, the last tile, the hand, the buttons, the move badges and a dragged tile.
"""
from __future__ import annotations

from game.i18n import N_, _, ngettext
import math

import pygame

from game.logic.core import Tile

from game.logic.line.moves import LineMove
from game.shell.frame import theme, tile_art
from game.shell.line.scene_parts import LineSceneParts
from game.shell.match.scene import RECENT_MOVE_SECONDS
from game.shell.line.layout import (BONEYARD, COACH_BUTTON, DRAW_BUTTON, END_TURN_BUTTON, HAND_AREA,
                                    PASS_BUTTON, SEAT_PANEL, TABLE, top_panels)
from game.shell.frame.scene import LOGICAL_SIZE

FLIP_SECONDS = 0.3
BADGE_SECONDS = 2.0     # how long "passed" / "drew 2" stays on a player's panel
LEGEND = N_("Left/Right: tile or end    Up/Enter: pick, play    Esc: cancel, pause    "
            "D: draw    T: whose turn    E: ends    H: hints")
BLANK_LEGEND = N_("Left/Right: tile or end    Up/Enter: pick, play    Esc: cancel, pause    "
                  "N: end turn    T: whose turn    E: ends    H: hints")


class LineTableArt(LineSceneParts):
    """Mixed into LineMatchScene: everything it draws, and the state only drawing uses."""

    def _init_art(self) -> None:
        self.face_up_drawn: set[int] = set()  # whose tiles the last frame showed face up
        self.badges: dict[int, tuple] = {}    # player -> (text, start, seconds)
        self._static: pygame.Surface | None = None
        self._static_surface: pygame.Surface | None = None  # reused: rebuilt in place
        self._badge_images: dict[str, pygame.Surface] = {}

    # --- the frame --------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self._static is None:
            self._static = self._build_static()
        surface.blit(self._static, (0, 0))
        self._draw_turn_marker(surface)
        self._draw_zones(surface)
        self._draw_last_tile(surface)
        self._draw_hand(surface)
        self._draw_buttons(surface)
        self.draw_undo(surface)
        self._draw_badges(surface)
        if self.dragging and self.selected is not None:
            self._draw_dragged(surface, self.selected)

    def _draw_zones(self, surface) -> None:
        if not self.moves or self.must_pass():
            return
        for key, zone in self.layout.zones.items():
            fits = self.selected is not None and key in self.ends_for(self.selected)
            hinted = self.hints and self.selected is None and any(m.end == key for m in self.moves)
            if fits or hinted:
                colour = theme.LEGAL if fits else theme.HIGHLIGHT
                pygame.draw.rect(surface, colour, zone.rect.inflate(12, 12), 4, border_radius=10)
        if self.selected is not None:
            end = self._zone_at(self.pointer)
            end = self.end if end is None else end
            if end is not None and end in self.layout.zones:
                ghost = self.ghost(self.selected, end)
                look = "ghost_ok" if end in self.ends_for(self.selected) else "ghost_bad"
                tile_art.draw_tile(surface, ghost.rect, ghost.ends, look)

    def _draw_last_tile(self, surface) -> None:
        if not self.layout.tiles:
            return
        placed = self.layout.tiles[self.last_index]
        if self.anim is None:
            tile_art.draw_tile(surface, placed.rect, placed.ends, "just_played")
            return
        ends, start, dest, t0, seconds = self.anim
        ease = theme.ease_out((self.clock - t0) / seconds)
        rect = dest.copy()
        rect.center = (round(start.centerx + (dest.centerx - start.centerx) * ease),
                       round(start.centery + (dest.centery - start.centery) * ease))
        tile_art.draw_tile(surface, rect, ends, "normal")

    def _draw_hand(self, surface) -> None:
        bottom = self.bottom                 # (a hand shows only with a seat at the bottom)
        self.face_up_drawn = {bottom} if self.hand and bottom is not None else set()
        self.face_up_drawn |= self._face_up_panels
        playable = {m.tile for m in self.moves if isinstance(m, LineMove)}
        keyboard = self.my_turn and self.hover is None and self.selected is None
        for i, (tile, rect) in enumerate(zip(self.hand, self.hand_rects)):
            if tile == self.selected and self.dragging:
                continue
            look = "selected" if tile == self.selected else (
                "playable" if self.hints and tile in playable else "normal")
            if tile != self.selected and (i == self.hover or (keyboard and i == self.cursor)):
                rect = rect.move(0, -14)
            if self.flip and tile in self.flip and self._draw_flip(surface, self.flip, tile,
                                                                   rect):
                continue
            tile_art.draw_tile(surface, rect, tile_art.ends_of(tile), look)
        if keyboard and self.hand_rects:
            focus = self.hand_rects[self.cursor]
            pygame.draw.rect(surface, theme.FOCUS, (focus.x, focus.bottom + 8, focus.w, 6),
                             border_radius=3)

    def _draw_flip(self, surface, flip: dict[Tile, float], tile: Tile, rect) -> bool:
        """`tile` turning face up (True), or done turning: then gone from `flip` (the
        scene's), and `flip` from the scene once empty."""
        seconds = self.ctl.paced(FLIP_SECONDS)
        t = max(0.0, (self.clock - flip[tile]) / seconds) if seconds else 1.0
        if t >= 1:
            del flip[tile]
            self.flip = flip or None
            return False
        long_side = max(rect.size)
        sprite = (tile_art.back(long_side, True) if t < 0.5
                  else tile_art.face(tile_art.ends_of(tile), long_side, True))
        width = max(1, round(sprite.get_width() * abs(1 - 2 * t)))
        squeezed = pygame.transform.scale(sprite, (width, sprite.get_height()))
        surface.blit(squeezed, (rect.centerx - width // 2, rect.y - tile_art.pad(long_side)))
        return True

    def _draw_dragged(self, surface, selected: Tile) -> None:
        rect = self.hand_rects[0].copy() if self.hand_rects else pygame.Rect(0, 0, 48, 96)
        rect.center = self.pointer
        end = self._zone_at(self.pointer)
        look = "normal" if end is None else (
            "ghost_ok" if end in self.ends_for(selected) else "ghost_bad")
        tile_art.draw_tile(surface, rect, tile_art.ends_of(selected), look)

    def _draw_buttons(self, surface) -> None:
        player = self.state.current_player
        if not self.people_play or (player is not None and not self.ctl.is_human(player)
                                    and self.ctl.config.seats[player].is_human):
            buttons = []          # nobody here presses them (a friend's turn, online)
        elif self.blank:                        # every blank tile fits: no draw, no pass
            buttons = [(END_TURN_BUTTON, N_("End turn"), self.my_turn and self.may_stop)] \
                if self.state.options["doubles"] else []
        elif self.state.options.get("block"):
            buttons = [(PASS_BUTTON, N_("Pass"), self.my_turn and self.must_pass())]
        else:
            buttons = [(DRAW_BUTTON, N_("Draw"), self.my_turn and bool(self.pending)),
                       (PASS_BUTTON, N_("Pass"), self.my_turn and self.must_pass())]
        for rect, label, live in buttons:
            hot = live and rect.collidepoint(self.pointer)
            fill = theme.HIGHLIGHT if hot else ((60, 150, 96) if live else (40, 56, 52))
            pygame.draw.rect(surface, (0, 0, 0), rect.move(4, 6), border_radius=14)
            pygame.draw.rect(surface, fill, rect, border_radius=14)
            edge = theme.HIGHLIGHT if live else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, rect, 3, border_radius=14)
            colour = theme.TEXT_DARK if hot else (theme.TEXT if live else theme.TEXT_DIM)
            theme.draw_fitted(surface, _(label), rect.center, rect.w - 16, 36, colour, "center",
                              bold=True, smallest=24)

    # --- a move shown on the table (the coach's advice) --------------------------------
    coach_button = COACH_BUTTON

    def show_move(self, surface, move) -> None:
        """The move's tile lit in the hand and its place at the end of the line; a move
        without a tile (a pass, blank tiles' end of turn) lights its button."""
        tile = getattr(move, "tile", None)
        if tile is None:
            theme.outline_suggestion(surface, PASS_BUTTON)
            return
        if tile in self.hand:
            theme.outline_suggestion(surface,
                                     self.hand_rects[self.hand.index(tile)].move(0, -14))
        place = self._place_of(move)
        if place is not None:
            tile_art.draw_tile(surface, place.rect, place.ends, "ghost_ok")
            theme.outline_suggestion(surface, place.rect)

    def advice_rect(self, move) -> pygame.Rect:
        """A band along the bottom of the table, or along its top when `move` goes to
        the lower half."""
        table = self.table_area
        rect = pygame.Rect(0, 0, min(1240, table.w - 40), 92)
        rect.centerx = table.centerx
        place = self._place_of(move)
        low = place is None or place.rect.centery < table.centery
        rect.bottom = table.bottom - 8 if low else table.y + 56 + rect.h
        return rect

    def _place_of(self, move):
        """Where `move`'s tile would lie on the line (a layout Placed), or None."""
        tile = getattr(move, "tile", None)
        if tile is None or move.end not in self.layout.zones:
            return None
        return self.ghost(tile, move.end)

    def _draw_turn_marker(self, surface) -> None:
        player = self.state.current_player
        if player is None or self.frozen is not None:
            return
        rect = self._seat_rect(player).inflate(10, 10)
        # Two pulses as a turn begins, then steady (a still screen lets the app idle).
        since = self.clock - self.moved_at
        glow = 0.5 + 0.5 * math.cos(since * 4 * math.pi / RECENT_MOVE_SECONDS) \
            if 0 <= since < RECENT_MOVE_SECONDS else 1.0
        colour = [round(c * (0.6 + 0.4 * glow)) for c in theme.HIGHLIGHT]
        pygame.draw.rect(surface, colour, rect, 4, border_radius=20)

    # --- move badges ------------------------------------------------------------------
    def _badge_move(self, player: int, is_pass: bool, drawn: int) -> None:
        """Flag a forced pass or a draw on the player's panel for a moment."""
        words = [_("drew {count}").format(count=drawn)] if drawn else []
        if is_pass:
            words.append(_("passed"))
        seconds = self.ctl.paced(BADGE_SECONDS)
        if words and seconds > 0:
            self.badges[player] = (", ".join(words), self.clock, seconds)
        else:
            self.badges.pop(player, None)

    def badge_text(self, player: int) -> str | None:
        """The badge showing on `player`'s panel now, if any."""
        badge = self.badges.get(player)
        if badge is None or self.clock >= badge[1] + badge[2]:
            return None
        return badge[0]

    def _badge_rect(self, player: int, size) -> pygame.Rect:
        """A pill hanging off the panel edge that faces the table, at its right end,
        clear of the name and score lines."""
        panel = self._seat_rect(player)
        rect = pygame.Rect((0, 0), size).inflate(36, 14)
        if panel is SEAT_PANEL:
            rect.bottomright = (panel.right - 24, panel.top + 8)
        else:
            rect.topright = (panel.right - 24, panel.bottom - 8)
        return rect

    def _badge_rects(self) -> list[pygame.Rect]:
        """Where the badges showing now hang."""
        return [self._badge_rect(player, theme.font(30, True).size(text))
                for player in self.badges if (text := self.badge_text(player))]

    def _draw_badges(self, surface) -> None:
        for player in list(self.badges):
            text = self.badge_text(player)
            if text is None:
                del self.badges[player]
                continue
            if text not in self._badge_images:
                self._badge_images[text] = theme.font(30, True).render(text, True,
                                                                        theme.TEXT_DARK)
            image = self._badge_images[text]     # its size places the pill under it
            rect = self._badge_rect(player, image.get_size())
            pygame.draw.rect(surface, theme.SHADOW, rect.move(3, 4), border_radius=18)
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, border_radius=18)
            colour = theme.PLAYER_COLOURS[player % len(theme.PLAYER_COLOURS)]
            pygame.draw.rect(surface, colour, rect, 3, border_radius=18)
            surface.blit(image, image.get_rect(center=rect.center))

    # --- the static layer -------------------------------------------------------------
    @property
    def top_seats(self) -> list[int]:
        fixed = None if self.ctl.shared else self.bottom
        return [p for p in range(self.state.players) if p != fixed]

    @property
    def _face_up_panels(self) -> set[int]:
        return {p for p in self.top_seats if not self.ctl.humans and self.ctl.face_up(p)}

    def _top_panels(self) -> list[pygame.Rect]:
        """The other players' panels along the top, over the table."""
        table = self.table_area
        return top_panels(len(self.top_seats), left=table.left, right=table.right)

    def _seat_rect(self, player: int) -> pygame.Rect:
        seats = self.top_seats
        if player in seats:
            return self._top_panels()[seats.index(player)]
        return SEAT_PANEL

    def _build_static(self) -> pygame.Surface:
        seats = self.top_seats
        panels = [(rect, theme.PLAYER_COLOURS[p % 4])
                  for p, rect in zip(seats, self._top_panels())]
        base = _base_layer(self.app, self.table_area, panels + [(SEAT_PANEL, theme.PANEL_EDGE)],
                           BLANK_LEGEND if self.blank else LEGEND)
        surface = self._static_surface
        if surface is None or surface.get_size() != base.get_size():
            surface = self._static_surface = base.copy()
        else:
            surface.blit(base, (0, 0))
        for i, placed in enumerate(self.layout.tiles):
            if i != self.last_index:
                tile_art.draw_tile(surface, placed.rect, placed.ends)
        self._draw_header(surface)
        for player, rect in zip(seats, self._top_panels()):
            self._draw_top_panel(surface, player, rect)
        self._draw_seat_panel(surface)
        self._draw_boneyard(surface)
        if not self.hand:
            self._draw_hand_message(surface)
        self._draw_caption(surface)
        return surface

    def _draw_caption(self, surface) -> None:
        """Under the hand, centred, clear of the Coach button's row (a long one centred in
        the room from the table's edge to that row)."""
        text, size, end = self.ctl.caption, theme.CAPTION_SIZE, COACH_BUTTON.left - 16
        room = 2 * (end - TABLE.centerx)
        centre, width = (TABLE.centerx, room) if theme.font(size).size(text)[0] <= room \
            else ((TABLE.x + 20 + end) // 2, end - TABLE.x - 20)
        theme.draw_fitted(surface, text, (centre, HAND_AREA.bottom + 26), width, size,
                          theme.TEXT, "center", shadow=True)

    def _status(self, player: int) -> tuple[str, tuple]:
        view, state = self.public, self.state
        if player in getattr(view, "eliminated", ()):
            return _("out"), theme.TEXT_DIM
        if player == state.current_player and self.frozen is None:
            person = self.ctl.config.seats[player].is_human    # (here or on their computer)
            return (_("to play") if person else _(self.computer_status()),
                    theme.HIGHLIGHT)
        return "", theme.TEXT

    def _scores(self, player: int) -> str:
        view = self.public
        held = self.tiles_held(player)
        parts = [] if player in getattr(view, "eliminated", ()) else \
            [ngettext("{count} tile", "{count} tiles", held).format(count=held)]
        if not self.blank:         # (one who is out: the status beside the name says so)
            parts.append(_("total {total} / {limit}").format(total=view.totals[player],
                                                             limit=view.limit))
            rounds = self.state.finished_rounds
            if rounds:
                parts.append(_("last +{points}").format(points=rounds[-1].scores[player]))
        return "    ".join(parts)

    def _draw_top_panel(self, surface, player: int, rect) -> None:
        colour = theme.PLAYER_COLOURS[player % len(theme.PLAYER_COLOURS)]
        pygame.draw.circle(surface, colour, (rect.x + 30, rect.y + 32), 11)
        status, status_colour = self._status(player)
        status_rect = theme.draw_text(surface, status, (rect.right - 20, rect.y + 16), 30,
                                      status_colour, "topright")
        right = status_rect.left - 16 if status else rect.right - 20
        theme.draw_fitted(surface, self.ctl.name(player), (rect.x + 52, rect.y + 14),
                          right - rect.x - 52, 36, bold=True)
        count = self.tiles_held(player)
        face_up = player in self._face_up_panels
        tiles = self.panel_tiles(player) if face_up else [None] * count
        long_side, area = 56, rect.width - 40
        step = min(34, (area - 28) / max(1, count - 1)) if count > 1 else 34
        for i, tile in enumerate(tiles):
            spot = pygame.Rect(rect.x + 20 + round(i * step), rect.y + 60, 28, long_side)
            tile_art.draw_tile(surface, spot, None if tile is None else tile_art.ends_of(tile))
        theme.draw_fitted(surface, self._scores(player), (rect.x + 20, rect.bottom - 40),
                          rect.w - 40, 28, theme.TEXT_DIM)

    def _draw_seat_panel(self, surface) -> None:
        player, rect = self.bottom, SEAT_PANEL
        if player is None or (self.ctl.shared and not self.hand):
            theme.draw_fitted(surface, _("Couch play"), (rect.x + 20, rect.y + 16),
                              rect.w - 40, 34, bold=True)
            theme.draw_fitted(surface, _("hands stay hidden") if self.ctl.couch else
                              _("every tile looks alike"), (rect.x + 20, rect.y + 64),
                              rect.w - 40, 28, theme.TEXT_DIM, smallest=22)
            return
        colour = theme.PLAYER_COLOURS[player % len(theme.PLAYER_COLOURS)]
        pygame.draw.circle(surface, colour, (rect.x + 30, rect.y + 32), 11)
        name = self.ctl.name(player)
        status, status_colour = self._status(player)
        right = rect.right - 16
        if not self.ctl.shared and status:
            right = theme.draw_text(surface, status, (right, rect.y + 18), 28, status_colour,
                                    "topright").left - 12
        width = right - rect.x - 52
        if self.ctl.shared:                # smaller first; then a long name is cut, never
            whose = _("{name}'s hand")     # the "'s hand"
            if theme.font(24, True).size(whose.format(name=name))[0] > width:
                room = width - theme.font(24, True).size(whose.format(name=""))[0]
                name = theme.fit_text(name, room, 24, True)
            name = whose.format(name=name)
        theme.draw_fitted(surface, name, (rect.x + 52, rect.y + 14), width, 36, bold=True,
                          smallest=24)
        view = self.public
        if self.blank:
            held = self.tiles_held(player)
            lines = [ngettext("{count} tile in hand", "{count} tiles in hand",
                              held).format(count=held)]
        else:
            lines = [_("total {total} / {limit}").format(total=view.totals[player],
                                                        limit=view.limit)]
            rounds = self.state.finished_rounds
            if rounds:
                lines.append(_("last round +{points}").format(
                    points=rounds[-1].scores[player]))
        for i, text in enumerate(lines):
            theme.draw_fitted(surface, text, (rect.x + 20, rect.y + 62 + 40 * i), rect.w - 36,
                              32, theme.TEXT)

    def _draw_boneyard(self, surface) -> None:
        rect = BONEYARD
        count = self.public.boneyard + len(self.pending)
        for i in range(min(3, count)):
            spot = pygame.Rect(rect.x + 27 + 6 * i, rect.y + 14 - 4 * i, 96, 48)
            tile_art.draw_tile(surface, spot, None)
        label = _("put aside") if self.blank else (
            _("no drawing") if self.state.options.get("block") else _("boneyard"))
        theme.draw_text(surface, str(count), (rect.centerx, rect.y + 96), 44, theme.TEXT,
              "center", bold=True)
        theme.draw_text(surface, label, (rect.centerx, rect.y + 136), 26, theme.TEXT_DIM,
              "center")

    def _draw_header(self, surface) -> None:
        if self.blank:
            text = _("Blank tiles: every tile fits either end")
        else:
            limit = self.public.limit
            text = ngettext("Round {round}    out at {limit} point",
                            "Round {round}    out at {limit} points", limit).format(
                round=self.public.round_number, limit=limit)
        table = self.table_area
        header = theme.draw_text(surface, text, (table.x + 20, table.y + 12), 28,
                                 theme.TEXT_DIM)
        prompt = self.turn_prompt()
        if prompt:               # centred on the table, unless that runs into the header
            width, height = theme.font(32).size(prompt)
            x = max(table.centerx, header.right + 32 + width // 2)
            spot = pygame.Rect(x - width // 2, table.y + 12, width, height)
            for badge in self._badge_rects():       # below a move's badge, not under it
                if badge.colliderect(spot):
                    spot.top = badge.bottom + 4
            theme.draw_text(surface, prompt, spot.midtop, 32, theme.HIGHLIGHT, "midtop")

    def turn_prompt(self) -> str:
        """What the human to move can do now, in a few words (every screen says what next)."""
        if not self.ctl.human_turn or self.frozen is not None:
            return ""
        if self.pending:                    # drawn tiles the human has yet to turn up
            return _("Nothing fits: press Draw")
        moves = [str(m) for m in self.state.legal_moves()]
        if moves == ["pass"]:           # (the pass is made by itself in a moment)
            return _("Nothing fits: you pass")
        ends = self.public.ends                 # None while the line is empty
        if not self.public.line or ends is None:
            if self.blank:
                return _("Lay a blank tile to open")
            return (_("Open with {tile}").format(tile=moves[0]) if len(moves) == 1 else
                    _("Lay any tile to open"))
        if self.blank:
            return _("Lay another tile, or End turn (N)") if self.may_stop else \
                _("Lay a tile on either end")
        left, right = ends
        return _("Play a tile showing {left} or {right}").format(left=left, right=right) \
            if left != right else _("Play a tile showing {number}").format(number=left)

    def _draw_hand_message(self, surface) -> None:
        theme.draw_fitted(surface, self.hand_message(), HAND_AREA.center, HAND_AREA.w - 40, 40,
                          theme.TEXT_DIM, "center")

    def hand_message(self) -> str:
        """What the tray says while no hand lies in it."""
        player = self.state.current_player
        if self.frozen is not None:
            text = _("Round over") if not self.state.is_over() else _("Game over")
        elif player is None:
            text = ""
        elif self.ctl.is_human(player):
            text = _("Pass the screen to {name}").format(name=self.ctl.name(player))
        elif self.ctl.config.seats[player].is_human:     # a friend on another computer
            text = _("Waiting for {name} (on their computer)").format(
                name=self.ctl.name(player))
        else:
            status = self.computer_status()
            text = _("{name} is {doing}").format(name=self.ctl.name(player),
                                                 doing=_(status)) if status else ""
        return text


_bases: dict = {}


def _base_layer(app, table, panels, legend: str) -> pygame.Surface:
    """The felt, the table's inset, the empty panels and the key legend: what never
    changes during a match, drawn once per arrangement of table, panels and legend."""
    key = (tuple(table), tuple((tuple(rect), colour) for rect, colour in panels), _(legend))
    if key not in _bases:
        surface = pygame.Surface(LOGICAL_SIZE)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        theme.draw_felt(surface)
        inset = pygame.Surface(table.size, pygame.SRCALPHA)
        pygame.draw.rect(inset, (0, 0, 0, 40), inset.get_rect(), border_radius=28)
        pygame.draw.rect(inset, (255, 255, 255, 26), inset.get_rect(), 2, border_radius=28)
        surface.blit(inset, table)
        for rect, colour in panels:
            theme.draw_panel(surface, rect, border=colour)
        theme.draw_legend(surface, app, legend)
        _bases[key] = surface
    return _bases[key]
