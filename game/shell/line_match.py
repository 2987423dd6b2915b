"""The match scene of the line games: classic draw dominoes and blank tiles.

One scene serves both variants; what differs (drawing, blank tiles, rounds) is read from
the state and its views. The line of play lies on the table as a snake (line_layout),
the shown hand at the bottom, the other players along the top, the boneyard and the
Draw/Pass buttons on the right, a caption line and a key legend underneath. The static
parts are drawn once into a cached layer, rebuilt only when something changes; a frame
adds the hand, the last tile, the open ends and whatever moves.
"""
from __future__ import annotations

import math

import pygame

from game.logic.core import Tile
from game.logic.line import LineMove, Placed

from . import tile_art, theme
from .line_layout import (BONEYARD, DRAW_BUTTON, HAND_AREA, HAND_LONG, PASS_BUTTON,
                          SEAT_PANEL, TABLE, hand_rects, layout_line, top_panels)
from .match_common import MatchController
from .scene import Scene

LINE_LONG = 112
SLIDE_SECONDS = 0.22
FLIP_SECONDS = 0.3
RESULTS_DELAY = 0.9
LEGEND = ("Left/Right: tile or end    Up/Enter: pick, play    Esc: cancel, pause    "
          "D: draw    T: whose turn    E: ends    H: hints")


class LineMatchScene(Scene):
    def __init__(self, app, config):
        super().__init__(app)
        self.ctl = MatchController(app, config, on_move=self._moved)
        self.state = self.ctl.state
        self.blank = self.state.variant == "blank"
        self.hints = bool(getattr(app.settings, "show_hints", True))
        self.clock = 0.0
        self.cursor = 0
        self.selected: Tile | None = None
        self.end: str | None = None          # the chosen end of the selected tile
        self.hover = None                    # hand index under the pointer
        self.pointer = (0, 0)
        self.press = None                    # (pos, hand index) of a press that may drag
        self.dragging = False
        self.pending: list[Tile] = []        # drawn tiles the human has not turned up yet
        self._pending_for = None
        self._cursor_for = None
        self.rounds_seen = len(getattr(self.state, "finished_rounds", ()))
        self.frozen = None                   # (line, opener, last index) while results show
        self.anim = None                     # (ends, from rect, to rect, start, seconds)
        self.flip = None                     # (tile, start): a drawn tile turning face up
        self.results_due = None              # (time, show)
        self.face_up_drawn: set[int] = set()  # whose tiles the last frame showed face up
        self._layout_key = None
        self._signature = None
        self._static = None
        self._static_surface = None          # reused: a rebuild redraws it in place
        self._labels: dict = {}
        if not self.blank:                   # first renders would stall the first moves
            tile_art.warm(LINE_LONG)
            tile_art.warm(HAND_LONG, vertical_too=False, states=("normal", "playable"))
        self._refresh()

    # --- the model the screen shows ---------------------------------------------------
    @property
    def bottom(self):
        """The seat whose hand lies at the bottom (None: nobody's, between couch turns)."""
        if self.ctl.couch:
            player = self.state.current_player
            return player if self.ctl.is_human(player) else None
        return self.ctl.humans[0] if self.ctl.humans else 0

    @property
    def my_turn(self) -> bool:
        return (self.ctl.human_turn and self.bottom == self.state.current_player
                and self.frozen is None and self.results_due is None)

    def _refresh(self) -> None:
        ctl, state, bottom = self.ctl, self.state, self.bottom
        viewer = bottom if bottom is not None else (state.current_player or 0)
        self.public = view = state.view(viewer)
        self.hand, self.moves = [], []
        if bottom is not None and ctl.face_up(bottom) and self.frozen is None:
            key = (bottom, ctl.ply)
            if self._pending_for != key:
                self._pending_for = key
                self.pending = list(view.drawn_tiles) if ctl.human_turn else []
            self.hand = list(view.hand)
            for tile in self.pending:
                self.hand.remove(tile)
            if ctl.human_turn and not self.pending:
                self.moves = view.legal_moves()
                if self._cursor_for != key:        # a new turn: start on a tile that fits
                    self._cursor_for = key
                    fits = [i for i, t in enumerate(self.hand) if self.ends_for(t)]
                    self.cursor = fits[0] if fits else 0
        self.cursor = min(self.cursor, max(0, len(self.hand) - 1))
        self.hand_rects = hand_rects(len(self.hand))
        if self.frozen is None:
            placed = [text for _, text, _ in view.history if text != "pass"]
            from_file = len(view.line) - len(placed)       # a line set up by a position file
            opener = max(0, from_file // 2 + sum(t.endswith("L") for t in placed))
            last = 0 if placed and placed[-1].endswith("L") else len(view.line) - 1
            self._set_layout(view.line, opener, last)
        else:
            self._set_layout(*self.frozen)
        self._static = None

    def _set_layout(self, line, opener, last) -> None:
        self.last_index = last
        key = (tuple(line), opener)
        if key != self._layout_key:
            self._layout_key = key
            self.line, self.opener = tuple(line), opener
            self.layout = self._layout_of(self.line, opener)
            self._ghosts = {}

    def _layout_of(self, line, opener):
        pairs = [(p.left, p.right) for p in line]
        return layout_line(pairs, opener, TABLE, LINE_LONG, crosswise=not self.blank)

    def _with(self, tile: Tile, end: str):
        """The line after `tile` goes on `end`: (line, opener, index of the new tile)."""
        line = list(self.line)
        if not line:
            return [Placed(tile, tile.a, tile.b)], 0, 0
        if end == "L":
            number = line[0].left
            fit = number if tile.is_blank or number in (tile.a, tile.b) else tile.b
            return [Placed(tile, tile.other(fit), fit)] + line, self.opener + 1, 0
        number = line[-1].right
        fit = number if tile.is_blank or number in (tile.a, tile.b) else tile.a
        return line + [Placed(tile, fit, tile.other(fit))], self.opener, len(line)

    def ghost(self, tile: Tile, end: str):
        """Where `tile` would lie on `end` (a layout Placed), cached per line."""
        if (tile, end) not in self._ghosts:
            line, opener, index = self._with(tile, end)
            self._ghosts[(tile, end)] = self._layout_of(line, opener).tiles[index]
        return self._ghosts[(tile, end)]

    def ends_for(self, tile: Tile) -> list[str]:
        return [m.end for m in self.moves if m.tile == tile]

    @property
    def must_pass(self) -> bool:
        return bool(self.moves) and self.moves[0].is_pass

    # --- moves ------------------------------------------------------------------------
    def _moved(self, player: int, move: LineMove) -> None:
        before = self.public
        drawn = before.drawn_this_turn if before.current_player == player else 0
        self.ctl.say(self._describe(player, move, drawn))
        self.anim = None
        if not move.is_pass:
            self._animate_play(player, move)
        self.selected = self.end = self.press = None
        self.dragging = False
        rounds = len(getattr(self.state, "finished_rounds", ()))
        if rounds > self.rounds_seen or self.state.is_over():
            self.rounds_seen = rounds
            if move.is_pass:
                self.frozen = (self.line, self.opener, self.last_index)
            else:
                self.frozen = self._with(move.tile, move.end)
            self.ctl.hide_hands()
            self.results_due = (self.clock + self.ctl.paced(RESULTS_DELAY), self._show_results)
        elif self.state.current_player == player and not move.is_pass:
            self.ctl.caption += " Another play."
        self._refresh()

    def _describe(self, player: int, move: LineMove, drawn: int) -> str:
        name = self.ctl.name(player)
        drew = f"drew {drawn} and " if drawn else ""
        if move.is_pass:
            return f"{name} {drew}passed."
        tile = "a blank tile" if move.tile.is_blank else str(move.tile)
        if not move.end:
            return f"{name} {drew}opened with {tile}."
        return f"{name} {drew}played {tile} on the {'left' if move.end == 'L' else 'right'}."

    def _animate_play(self, player: int, move: LineMove) -> None:
        line, opener, index = self._with(move.tile, move.end)
        dest = self._layout_of(line, opener).tiles[index]
        if player == self.bottom and move.tile in self.hand:
            start = self.hand_rects[self.hand.index(move.tile)]
        else:
            start = self._seat_rect(player)
        seconds = self.ctl.paced(SLIDE_SECONDS)
        if seconds > 0:
            self.anim = (dest.ends, pygame.Rect(start), dest.rect, self.clock, seconds)

    def _play(self, tile: Tile, end: str) -> None:
        if not self.ctl.play(f"{tile}{end}") and end in self.ends_for(tile):
            self.end = end

    def _pass(self) -> None:
        if self.pending:
            self.ctl.sound("invalid")
            self.ctl.say("Draw first: press D or click Draw.")
        elif self.must_pass:
            self.ctl.play("pass")
        else:
            self.ctl.sound("invalid")
            self.ctl.say("You have a tile that fits, so you cannot pass.")

    def _draw(self) -> None:
        ctl = self.ctl
        if not self.my_turn:
            ctl.say("It is not your turn to draw.")
        elif self.pending:
            tile = self.pending.pop(0)
            ctl.sound("draw")
            self.flip = (tile, self.clock)
            self._refresh()
            if self.pending:
                more = f"{len(self.pending)} more to draw."
            else:
                more = "Nothing fits: press Enter to pass." if self.must_pass else "It fits."
            ctl.say(f"You drew {tile}. {more}")
        elif not self.must_pass:
            ctl.say("You have a tile that fits: play it instead of drawing.")
        elif self.state.options.get("block") or self.blank:
            ctl.say("Nobody draws in this game: you must pass.")
        else:
            ctl.say("The boneyard is empty: you must pass.")

    def _select(self, tile: Tile) -> None:
        if self.pending:
            self.ctl.sound("invalid")
            self.ctl.say("No tile fits: draw first (press D or click Draw).")
            return
        ends = self.ends_for(tile)
        if not ends:
            move = LineMove(tile, "L" if self.line else "")
            reason = self.state.illegal_reason(move) or "that tile cannot be played now"
            self.ctl.sound("invalid")
            self.ctl.say(reason[0].upper() + reason[1:] + ".")
            return
        self.ctl.sound("select")
        self.selected = tile
        self.end = self.end if self.end in ends else ends[-1]
        if len(ends) == 1:
            where = {"": "to open", "L": "on the left", "R": "on the right"}[ends[0]]
            self.ctl.say(f"{tile}: press Enter or click it again to play it {where}.", False)
        else:
            self.ctl.say(f"{tile} fits both ends: Left or Right, then Enter.", False)

    def _cancel(self) -> None:
        self.selected = self.end = self.press = None
        self.dragging = False

    # --- results ----------------------------------------------------------------------
    def _show_results(self) -> None:
        ctl, state = self.ctl, self.state
        names = [ctl.name(p) for p in range(state.players)]
        outcome = state.outcome()
        if self.blank:
            rows = [(names[p], outcome.scores[p]) for p in range(state.players)]
            ctl.show_results("Blank tiles", rows, self._winner_text(outcome), True,
                             headers=("Player", "Tiles left"))
            return
        last = state.finished_rounds[-1]
        rows = [(names[p], f"+{last.scores[p]}", last.totals[p]) for p in range(state.players)]
        headers = ("Player", f"Round {last.number}", "Total")
        if outcome is not None:
            ctl.show_results("Match over", rows, self._winner_text(outcome), True,
                             headers=headers)
            return
        text = (f"{names[last.domino]} played every tile" if last.reason == "domino"
                else "Blocked: nobody can play")
        if last.out:
            text += "; out: " + ", ".join(names[p] for p in last.out)
        ctl.show_results(f"Round {last.number} over", rows, text, False,
                         on_continue=self._continue, headers=headers)

    def _winner_text(self, outcome) -> str:
        return "A draw" if outcome.winner is None else f"{self.ctl.name(outcome.winner)} wins!"

    def _continue(self) -> None:
        self.frozen = self.anim = None
        player = self.state.current_player
        self.ctl.say(f"Round {self.public.round_number}: {self.ctl.name(player)} opens.")
        self._refresh()

    # --- accessibility ----------------------------------------------------------------
    def _announce(self) -> None:
        player = self.state.current_player
        if player is None:
            self.ctl.say("The game is over.")
            return
        text = f"{self.ctl.name(player)} to play."
        if self.my_turn:
            if self.pending:
                text += f" No tile fits: draw {len(self.pending)} (press D)."
            elif self.must_pass:
                text += " Nothing fits: press Enter to pass."
            else:
                text += f" {len({m.tile for m in self.moves})} of your tiles fit."
        self.ctl.say(text)

    def _read_ends(self) -> None:
        if not self.line:
            text = "The line is empty."
            if self.my_turn and len(self.moves) == 1:
                text += f" Open with {self.moves[0].tile}."
        elif self.blank:
            text = f"{len(self.line)} blank tiles in the line: any tile fits either end."
        else:
            left, right = self.line[0].left, self.line[-1].right
            text = f"Open ends: {left} on the left, {right} on the right."
        self.ctl.say(text)

    # --- input ------------------------------------------------------------------------
    def handle(self, action) -> None:
        name, ctl = action.name, self.ctl
        if name == "pause":
            ctl.pause()
        elif name in ("back", "rclick"):
            if self.selected is not None:
                self._cancel()
            elif name == "back":
                ctl.pause()
        elif name == "announce_turn":
            self._announce()
        elif name == "read_ends":
            self._read_ends()
        elif name == "hint":
            self.hints = not self.hints
            ctl.say(f"Hints {'on' if self.hints else 'off'}.", False)
        elif name == "draw":
            self._draw()
        elif name == "point":
            self._point(action.pos)
        elif name == "click":
            self._click(action.pos)
        elif name == "release":
            self._release(action.pos)
        elif name in ("left", "right", "prev", "next", "up", "down", "confirm", "rotate", "flip"):
            if self.my_turn:
                self._key(name)
            elif name == "confirm" and self.state.current_player is not None:
                ctl.say(f"Wait: {ctl.name(self.state.current_player)} is playing.", False)

    def _key(self, name: str) -> None:
        step = {"left": -1, "prev": -1, "right": 1, "next": 1}.get(name, 0)
        self.hover = None
        if self.selected is None:
            if step and self.hand:
                self.cursor = (self.cursor + step) % len(self.hand)
            elif name == "confirm" and self.pending:
                self._draw()
            elif name == "confirm" and self.must_pass:
                self._pass()
            elif name in ("up", "confirm") and self.hand:
                self._select(self.hand[self.cursor])
            return
        if step and self.line:
            self.end = "L" if step < 0 else "R"
        elif name in ("rotate", "flip") and self.line:
            self.end = "R" if self.end == "L" else "L"
        elif name == "down":
            self._cancel()
        elif name == "confirm":
            self._play(self.selected, self.end if self.end is not None else "")

    def _point(self, pos) -> None:
        self.pointer = pos
        self.hover = self._hand_at(pos)
        if self.press and not self.dragging:
            (x, y), _ = self.press
            self.dragging = abs(pos[0] - x) + abs(pos[1] - y) > 14

    def _click(self, pos) -> None:
        self.pointer = pos
        if DRAW_BUTTON.collidepoint(pos):
            self._draw()
            return
        if PASS_BUTTON.collidepoint(pos):
            self._pass() if self.my_turn else None
            return
        if not self.my_turn:
            return
        zone = self._zone_at(pos)
        if zone is not None and self.selected is not None:
            self._play(self.selected, zone)
            return
        index = self._hand_at(pos)
        if index is None:
            if zone is not None:
                self.ctl.say("Pick a tile from your hand first.", False)
            self._cancel()
            return
        tile = self.hand[index]
        ends = self.ends_for(tile)
        if tile == self.selected and len(ends) == 1:
            self._play(tile, ends[0])
            return
        self.cursor = index
        if tile != self.selected:
            self._select(tile)
        if tile == self.selected:
            self.press = (pos, index)

    def _release(self, pos) -> None:
        dragged, self.dragging, self.press = self.dragging, False, None
        if dragged and self.selected is not None and self.my_turn:
            zone = self._zone_at(pos)
            if zone is not None:
                self._play(self.selected, zone)

    def _zone_at(self, pos):
        for key, zone in self.layout.zones.items():
            if zone.rect.inflate(24, 24).collidepoint(pos):
                return key
        return None

    def _hand_at(self, pos):
        for i in range(len(self.hand_rects) - 1, -1, -1):     # later tiles lie on top
            if self.hand_rects[i].inflate(0, 28).move(0, -14).collidepoint(pos):
                return i
        return None

    # --- the frame --------------------------------------------------------------------
    def enter(self) -> None:
        self._signature = None

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.anim and self.clock >= self.anim[3] + self.anim[4]:
            self.anim = None
        if self.results_due:
            if self.clock >= self.results_due[0]:
                show, self.results_due = self.results_due[1], None
                show()
            return
        self.ctl.update(dt)
        bottom = self.bottom
        signature = (self.ctl.ply, bottom, self.ctl.human_turn, self.frozen is None,
                     bottom is not None and self.ctl.face_up(bottom), self.ctl.caption,
                     self.hints)
        if signature != self._signature:
            self._signature = signature
            self._refresh()

    def draw(self, surface) -> None:
        if self._static is None:
            self._static = self._build_static()
        surface.blit(self._static, (0, 0))
        self._draw_turn_marker(surface)
        self._draw_zones(surface)
        self._draw_last_tile(surface)
        self._draw_hand(surface)
        self._draw_buttons(surface)
        if self.dragging and self.selected is not None:
            self._draw_dragged(surface)

    def _draw_zones(self, surface) -> None:
        if not self.moves or self.must_pass:
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
        t = min(1.0, (self.clock - t0) / seconds)
        ease = 1 - (1 - t) ** 3
        rect = dest.copy()
        rect.center = (round(start.centerx + (dest.centerx - start.centerx) * ease),
                       round(start.centery + (dest.centery - start.centery) * ease))
        tile_art.draw_tile(surface, rect, ends, "normal")

    def _draw_hand(self, surface) -> None:
        self.face_up_drawn = {self.bottom} if self.hand else set()
        self.face_up_drawn |= self._face_up_panels
        playable = {m.tile for m in self.moves if not m.is_pass}
        keyboard = self.my_turn and self.hover is None and self.selected is None
        for i, (tile, rect) in enumerate(zip(self.hand, self.hand_rects)):
            if tile == self.selected and self.dragging:
                continue
            look = "selected" if tile == self.selected else (
                "playable" if self.hints and tile in playable else "normal")
            if tile != self.selected and (i == self.hover or (keyboard and i == self.cursor)):
                rect = rect.move(0, -14)
            if self.flip and self.flip[0] == tile and self._draw_flip(surface, tile, rect):
                continue
            tile_art.draw_tile(surface, rect, tile_art.ends_of(tile), look)
        if keyboard and self.hand_rects:
            focus = self.hand_rects[self.cursor]
            pygame.draw.rect(surface, theme.FOCUS, (focus.x, focus.bottom + 8, focus.w, 6),
                             border_radius=3)

    def _draw_flip(self, surface, tile: Tile, rect) -> bool:
        seconds = self.ctl.paced(FLIP_SECONDS)
        t = (self.clock - self.flip[1]) / seconds if seconds else 1.0
        if t >= 1:
            self.flip = None
            return False
        long_side = max(rect.size)
        sprite = (tile_art.back(long_side, True) if t < 0.5
                  else tile_art.face(tile_art.ends_of(tile), long_side, True))
        width = max(1, round(sprite.get_width() * abs(1 - 2 * t)))
        squeezed = pygame.transform.scale(sprite, (width, sprite.get_height()))
        surface.blit(squeezed, (rect.centerx - width // 2, rect.y - tile_art.pad(long_side)))
        return True

    def _draw_dragged(self, surface) -> None:
        rect = self.hand_rects[0].copy() if self.hand_rects else pygame.Rect(0, 0, 48, 96)
        rect.center = self.pointer
        end = self._zone_at(self.pointer)
        look = "normal" if end is None else (
            "ghost_ok" if end in self.ends_for(self.selected) else "ghost_bad")
        tile_art.draw_tile(surface, rect, tile_art.ends_of(self.selected), look)

    def _draw_buttons(self, surface) -> None:
        if self.blank:
            buttons = []                        # every blank tile fits: no draw, no pass
        elif self.state.options.get("block"):
            buttons = [(PASS_BUTTON, "Pass", self.my_turn and self.must_pass)]
        else:
            buttons = [(DRAW_BUTTON, "Draw", self.my_turn and bool(self.pending)),
                       (PASS_BUTTON, "Pass", self.my_turn and self.must_pass)]
        for rect, label, live in buttons:
            hot = live and rect.collidepoint(self.pointer)
            fill = theme.HIGHLIGHT if hot else ((60, 150, 96) if live else (40, 56, 52))
            pygame.draw.rect(surface, (0, 0, 0), rect.move(4, 6), border_radius=14)
            pygame.draw.rect(surface, fill, rect, border_radius=14)
            edge = theme.HIGHLIGHT if live else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, rect, 3, border_radius=14)
            colour = theme.TEXT_DARK if hot else (theme.TEXT if live else theme.TEXT_DIM)
            key = (label, colour)
            if key not in self._labels:
                self._labels[key] = theme.font(36, True).render(label, True, colour)
            image = self._labels[key]
            surface.blit(image, image.get_rect(center=rect.center))

    def _draw_turn_marker(self, surface) -> None:
        player = self.state.current_player
        if player is None or self.frozen is not None:
            return
        rect = self._seat_rect(player).inflate(10, 10)
        glow = 0.5 + 0.5 * math.sin(self.clock * 4)
        colour = [round(c * (0.6 + 0.4 * glow)) for c in theme.HIGHLIGHT]
        pygame.draw.rect(surface, colour, rect, 4, border_radius=20)

    # --- the static layer -------------------------------------------------------------
    @property
    def top_seats(self) -> list[int]:
        fixed = None if self.ctl.couch else self.bottom
        return [p for p in range(self.state.players) if p != fixed]

    @property
    def _face_up_panels(self) -> set[int]:
        return {p for p in self.top_seats if not self.ctl.humans and self.ctl.face_up(p)}

    def _seat_rect(self, player: int) -> pygame.Rect:
        seats = self.top_seats
        if player in seats:
            return top_panels(len(seats))[seats.index(player)]
        return SEAT_PANEL

    def _build_static(self) -> pygame.Surface:
        seats = self.top_seats
        panels = [(rect, theme.PLAYER_COLOURS[p % 4])
                  for p, rect in zip(seats, top_panels(len(seats)))]
        base = _base_layer(self.app, panels + [(SEAT_PANEL, theme.PANEL_EDGE)])
        surface = self._static_surface
        if surface is None or surface.get_size() != base.get_size():
            surface = self._static_surface = base.copy()
        else:
            surface.blit(base, (0, 0))
        for i, placed in enumerate(self.layout.tiles):
            if i != self.last_index:
                tile_art.draw_tile(surface, placed.rect, placed.ends)
        self._draw_header(surface)
        for player, rect in zip(seats, top_panels(len(seats))):
            self._draw_top_panel(surface, player, rect)
        self._draw_seat_panel(surface)
        self._draw_boneyard(surface)
        if not self.hand:
            self._draw_hand_message(surface)
        _text(surface, self.ctl.caption, (TABLE.centerx, HAND_AREA.bottom + 26),
              theme.CAPTION_SIZE, theme.TEXT, "center", shadow=True)
        return surface

    def _status(self, player: int) -> tuple[str, tuple]:
        view, state = self.public, self.state
        if player in getattr(view, "eliminated", ()):
            return "out", theme.TEXT_DIM
        if player == state.current_player and self.frozen is None:
            return ("to play", theme.HIGHLIGHT) if self.ctl.is_human(player) else (
                "thinking...", theme.HIGHLIGHT)
        return "", theme.TEXT

    def _scores(self, player: int) -> str:
        view = self.public
        tiles = view.hand_sizes[player]
        text = f"{tiles} tile{'s' if tiles != 1 else ''}"
        if player in getattr(view, "eliminated", ()):
            text = "out of the match"
        if not self.blank:
            text += f"    total {view.totals[player]} / {view.limit}"
            rounds = self.state.finished_rounds
            if rounds:
                text += f"    last +{rounds[-1].scores[player]}"
        return text

    def _draw_top_panel(self, surface, player: int, rect) -> None:
        colour = theme.PLAYER_COLOURS[player % len(theme.PLAYER_COLOURS)]
        pygame.draw.circle(surface, colour, (rect.x + 30, rect.y + 32), 11)
        _text(surface, self.ctl.name(player), (rect.x + 52, rect.y + 14), 36,
              bold=True)
        status, status_colour = self._status(player)
        _text(surface, status, (rect.right - 20, rect.y + 16), 30, status_colour,
              "topright")
        count = self.public.hand_sizes[player]
        face_up = player in self._face_up_panels
        tiles = list(self.state.view(player).hand) if face_up else [None] * count
        long_side, area = 56, rect.width - 40
        step = min(34, (area - 28) / max(1, count - 1)) if count > 1 else 34
        for i, tile in enumerate(tiles):
            spot = pygame.Rect(rect.x + 20 + round(i * step), rect.y + 60, 28, long_side)
            tile_art.draw_tile(surface, spot, None if tile is None else tile_art.ends_of(tile))
        _text(surface, self._scores(player), (rect.x + 20, rect.bottom - 40), 28,
              theme.TEXT_DIM)

    def _draw_seat_panel(self, surface) -> None:
        player, rect = self.bottom, SEAT_PANEL
        if player is None or (self.ctl.couch and not self.hand):
            _text(surface, "Couch play", (rect.x + 20, rect.y + 16), 34, bold=True)
            _text(surface, "hands stay hidden", (rect.x + 20, rect.y + 64), 28,
                  theme.TEXT_DIM)
            return
        colour = theme.PLAYER_COLOURS[player % len(theme.PLAYER_COLOURS)]
        pygame.draw.circle(surface, colour, (rect.x + 30, rect.y + 32), 11)
        name = self.ctl.name(player)
        _text(surface, f"{name}'s hand" if self.ctl.couch else name,
              (rect.x + 52, rect.y + 14), 36, bold=True)
        status, status_colour = self._status(player)
        if not self.ctl.couch:
            _text(surface, status, (rect.right - 16, rect.y + 18), 28, status_colour,
                  "topright")
        view = self.public
        if self.blank:
            lines = [f"{view.hand_sizes[player]} tiles in hand"]
        else:
            lines = [f"total {view.totals[player]} / {view.limit}"]
            rounds = self.state.finished_rounds
            if rounds:
                lines.append(f"last round +{rounds[-1].scores[player]}")
        for i, text in enumerate(lines):
            _text(surface, text, (rect.x + 20, rect.y + 62 + 40 * i), 32, theme.TEXT)

    def _draw_boneyard(self, surface) -> None:
        rect = BONEYARD
        count = self.public.boneyard + len(self.pending)
        for i in range(min(3, count)):
            spot = pygame.Rect(rect.x + 27 + 6 * i, rect.y + 14 - 4 * i, 96, 48)
            tile_art.draw_tile(surface, spot, None)
        label = "put aside" if self.blank else (
            "no drawing" if self.state.options.get("block") else "boneyard")
        _text(surface, str(count), (rect.centerx, rect.y + 96), 44, theme.TEXT,
              "center", bold=True)
        _text(surface, label, (rect.centerx, rect.y + 136), 26, theme.TEXT_DIM,
              "center")

    def _draw_header(self, surface) -> None:
        if self.blank:
            text = "Blank tiles: every tile fits either end"
        else:
            text = f"Round {self.public.round_number}    out at {self.public.limit} points"
        _text(surface, text, (TABLE.x + 20, TABLE.y + 12), 28, theme.TEXT_DIM)

    def _draw_hand_message(self, surface) -> None:
        player = self.state.current_player
        if self.frozen is not None:
            text = "Round over" if not self.state.is_over() else "Game over"
        elif player is None:
            text = ""
        elif self.ctl.is_human(player):
            text = f"Pass the screen to {self.ctl.name(player)}"
        else:
            text = f"{self.ctl.name(player)} is thinking..."
        _text(surface, text, HAND_AREA.center, 40, theme.TEXT_DIM, "center")


_bases: dict = {}
_texts: dict = {}


def _text(surface, text, pos, size, color=theme.TEXT, anchor="topleft", bold=False,
          shadow=False) -> None:
    """theme.draw_text with the rendered line cached: the static layer is redrawn after
    every move and its words rarely change."""
    key = (str(text), size, color, bold, shadow)
    if key not in _texts:
        if len(_texts) > 400:
            _texts.clear()
        face = theme.font(size, bold)
        image = face.render(str(text), True, color)
        if shadow:
            framed = pygame.Surface((image.get_width() + 3, image.get_height() + 3),
                                    pygame.SRCALPHA)
            framed.blit(face.render(str(text), True, theme.SHADOW), (3, 3))
            framed.blit(image, (0, 0))
            image = framed
        _texts[key] = image
    image = _texts[key]
    surface.blit(image, image.get_rect(**{anchor: pos}))


def _base_layer(app, panels) -> pygame.Surface:
    """The felt, the table's inset, the empty panels and the key legend: what never
    changes during a match, drawn once per arrangement of panels."""
    key = tuple((tuple(rect), colour) for rect, colour in panels)
    if key not in _bases:
        from .scene import LOGICAL_SIZE
        surface = pygame.Surface(LOGICAL_SIZE)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        theme.draw_felt(surface)
        inset = pygame.Surface(TABLE.size, pygame.SRCALPHA)
        pygame.draw.rect(inset, (0, 0, 0, 40), inset.get_rect(), border_radius=28)
        pygame.draw.rect(inset, (255, 255, 255, 26), inset.get_rect(), 2, border_radius=28)
        surface.blit(inset, TABLE)
        for rect, colour in panels:
            theme.draw_panel(surface, rect, border=colour)
        theme.draw_legend(surface, app, LEGEND)
        _bases[key] = surface
    return _bases[key]
