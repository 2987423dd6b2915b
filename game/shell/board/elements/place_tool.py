"""PlaceElementTool: how a person places the turned-up element in Packs (open-board game
22).

On a human's turn the element turned up from their pack stands over the board as a ghost
at the focus square, which follows the pointer (or the arrows; Tab and Shift-Tab jump
from one legal placement to the next). R, F, a right click, the wheel or a click on the
turned-up element on the card turn it end for end: which number points north. The
ghost is green where the placement is legal and red with the rules' reason (the
state's `illegal_reason`, said just outside the board so that it hides no rank) where
not; Enter or a click places it. With hints on, a
disc lights every square where it may go as it is turned now, and a thin ring where it
may go turned the other way. When it fits nowhere the scene offers the pass (Enter or
the Pass button). The tool decides no rule: every lit square comes from the view's legal
moves.
"""
from __future__ import annotations

import pygame

from game.logic.core import PASS, IllegalMoveError, Tile
from game.logic.elements.board import Element
from game.shell.board.elements.art import draw_element
from game.shell.board.elements.table import CAPTION_RECT
from game.shell.board.tool_base import KEY_STEPS, draw_reason_outside
from game.shell.frame import theme
from game.shell.frame.scene import LOGICAL_SIZE
from game.shell.match.controller import sentence

LEGAL = (110, 235, 140)
LEGAL_RING = (30, 110, 50)
TURNED_RING = (200, 235, 210)
FOCUS = theme.SELECTION
# between the caption line and the key legend: where a refusal may go beside the board
REASON_ROOM = pygame.Rect(0, CAPTION_RECT.bottom, LOGICAL_SIZE[0],
                          LOGICAL_SIZE[1] - theme.LEGEND_HEIGHT - CAPTION_RECT.bottom)


class PlaceElementTool:
    picked = None                          # (the board scene's name for a picked hand tile)
    active = False                         # nothing is picked up: Esc pauses

    def __init__(self, scene):
        self.scene = scene
        self.focus: int | None = None      # the ghost's square
        self.flipped: bool | None = None   # turned end for end (None: not chosen yet)
        self._reason: str | None = None    # why the ghost's placement is illegal
        self._origin = None                # the rect a human's element was placed from
        self._reason_key = None
        self._marks = None                 # (square size, disc, ring) of the hints

    # --- the tool interface -----------------------------------------------------------
    def reset(self) -> None:
        """A new turn (or a take-back): the ghost starts afresh where it may go."""
        self.flipped, self._reason_key, self.focus = None, None, None

    def cancel(self) -> None:
        """(Nothing is picked up to put back.)"""

    def hud_key(self) -> tuple:
        return ()                          # the ghost is drawn each frame, not cached

    def tray_state(self, index: int):
        return None

    def origin(self):
        origin, self._origin = self._origin, None
        return origin

    # --- the turned-up element and where it may go ------------------------------------
    def shown(self) -> bool:
        """Is the ghost over the board now (a human's turn with an element to place)?"""
        scene = self.scene
        return scene.ctl.human_turn and not scene.game.is_over() and not scene.must_pass() \
            and self.tile() is not None

    def tile(self) -> Tile | None:
        player = self.scene.game.current_player
        if player is None:
            return None
        text = self.scene.view(player).turned_up
        return None if text is None else Tile.parse(text)

    def moves(self) -> list:
        return [m for m in self.scene.legal_moves() if m is not PASS]

    def ends(self) -> tuple[int, int] | None:
        """(south, north) of the ghost. Until the player turns it,
        the way the tile reads, unless only the other way fits somewhere."""
        tile = self.tile()
        if tile is None:
            return None
        if self.flipped is None:
            ways = {(m.low, m.high) for m in self.moves()}
            self.flipped = (tile.a, tile.b) not in ways and (tile.b, tile.a) in ways
        return (tile.b, tile.a) if self.flipped else (tile.a, tile.b)

    def shown_ends(self) -> tuple[int, int] | None:
        """The ends the card's turned-up element shows: the ghost's on a human's turn."""
        return self.ends() if self.shown() else None

    @property
    def ghost(self):
        """The placement the ghost stands for ("3-5@c2"), or None when none is shown."""
        if not self.shown():
            return None
        south, north = self.ends()
        return f"{south}-{north}@{self.scene.game.shape.names[self.square()]}"

    def square(self) -> int:
        """The ghost's square: the focus, or as a turn begins the square nearest the middle
        of the home rank where the element may go (so that Enter places it)."""
        if self.focus is None:
            game = self.scene.game
            player = game.current_player or 0
            middle = game.width // 2 - 1 + player           # d1 / e8 (across: h1 / i4)
            start = game.home_rank(player) * game.width + middle
            now, turned = self.spots() if self.tile() is not None else (set(), set())
            width = game.width

            def away(square: int) -> tuple:
                return (abs(square // width - start // width) + abs(square % width - middle),
                        square)
            goal = [m for m in self.scene.goal_moves() or () if m is not PASS]
            if goal:                       # a lesson's: where its step's answer goes
                move = min(goal, key=lambda m: away(m.square))
                self.focus, tile = move.square, self.tile()
                self.flipped = tile is not None and (move.low, move.high) != (tile.a, tile.b)
                return self.focus
            self.focus = min(now or turned, key=away, default=start)
        return self.focus

    def spots(self) -> tuple[set, set]:
        """(squares where the ghost may go as turned now, squares only turned round)."""
        ends = self.ends()
        now = {m.square for m in self.moves() if (m.low, m.high) == ends}
        return now, {m.square for m in self.moves()} - now

    # --- input ------------------------------------------------------------------------
    def square_at(self, pos) -> int | None:
        geo = self.scene.geo
        found = geo.square_at(pos) if pos is not None else None
        return None if found is None else found[1] * geo.width + found[0]

    def point(self, pos) -> None:
        square = self.square_at(pos)
        if square is not None:
            self.focus = square            # the ghost follows the pointer over the board

    def handle(self, action) -> None:
        if not self.shown():
            return
        name = action.name
        if name == "click":
            square = self.square_at(action.pos)
            player = self.scene.game.current_player
            if square is not None:
                self.focus = square
                self._place()
            elif self.scene.table.turned_rect(player).collidepoint(action.pos):
                self.turn()
        elif name in ("rotate", "flip", "rclick", "wheel"):
            self.turn()
        elif name in KEY_STEPS:
            geo = self.scene.geo
            f, r = geo.index_square(self.square())
            df, dr = geo.step(*KEY_STEPS[name])
            self.focus = min(max(r + dr, 0), geo.height - 1) * geo.width + \
                min(max(f + df, 0), geo.width - 1)
        elif name in ("next", "prev"):
            self._cycle(1 if name == "next" else -1)
        elif name == "confirm":
            self._place()

    def turn(self) -> None:
        """Turn the element end for end (a double looks the same either way)."""
        self.ends()
        self.flipped = not self.flipped
        self.scene.ctl.sound("select")

    def _cycle(self, step: int) -> None:
        """Tab: the next legal placement in board order (turning the ghost as it needs)."""
        moves = sorted(self.moves(), key=lambda m: (m.square, m.low, m.high))
        ends, tile = self.ends(), self.tile()
        if not moves or ends is None or tile is None:   # (moves: a tile is turned up)
            return
        now = (self.square(), *ends)
        keys = [(m.square, m.low, m.high) for m in moves]
        if now in keys:
            index = (keys.index(now) + step) % len(keys)
        else:
            later = [i for i, k in enumerate(keys) if k > now]
            index = (later[0] if later else 0) if step > 0 else \
                max([i for i, k in enumerate(keys) if k < now], default=len(keys) - 1)
        move = moves[index]
        self.focus = move.square
        self.flipped = (move.low, move.high) != (tile.a, tile.b)

    def _place(self) -> None:
        text = self.ghost
        geo = self.scene.geo
        self._origin = geo.square_rect(geo.index_square(self.square()))
        if not self.scene.ctl.play(text):    # refused: the caption says why
            self._origin = None

    @property
    def reason(self) -> str | None:
        """Why the ghost's placement is illegal, as the rules say it; None when it is
        legal or no ghost is shown (asked once per move, square and way round)."""
        key = (self.scene.ctl.ply, self.ghost)
        if key != self._reason_key:
            self._reason_key = key
            try:
                self._reason = self.scene.game.illegal_reason(key[1]) if key[1] else None
            except IllegalMoveError as error:
                self._reason = error.reason
        return self._reason

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        ends = self.shown_ends()
        if ends is None:
            return
        scene, geo = self.scene, self.scene.geo
        if scene.hints:
            self._draw_hints(surface)
        rect = geo.square_rect(geo.index_square(self.square()))
        reason = self.reason
        legal = reason is None
        south, north = ends
        element = Element(scene.game.current_player, south, north)
        draw_element(surface, rect, element, "preview", turned=geo.turned)
        pygame.draw.rect(surface, LEGAL if legal else theme.ILLEGAL, rect.inflate(-2, -2),
                         max(3, geo.size // 22), border_radius=6)
        if reason is not None:         # beside the board: over it, it would hide a rank
            draw_reason_outside(surface, sentence(reason), rect, geo.outer, REASON_ROOM,
                                scene.table.hud_rects)

    def _draw_hints(self, surface) -> None:
        """A disc on every square where the ghost may go as turned now, a thin ring where
        it may go turned round (two small sprites, blitted square by square)."""
        geo = self.scene.geo
        if self._marks is None or self._marks[0] != geo.size:
            self._marks = (geo.size, *hint_marks(geo.size))
        now, turned = self.spots()
        for square, mark in [(s, self._marks[1]) for s in now] + \
                [(s, self._marks[2]) for s in turned]:
            rect = geo.square_rect(geo.index_square(square))
            surface.blit(mark, mark.get_rect(center=rect.center))


def hint_marks(size: int) -> tuple[pygame.Surface, pygame.Surface]:
    """(the disc of a legal square, the ring of a square legal turned round)."""
    radius, width = size // 6, max(2, size // 40)
    disc = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    ring = disc.copy()
    centre = disc.get_rect().center
    pygame.draw.circle(disc, (*LEGAL, 215), centre, radius)
    pygame.draw.circle(disc, (*LEGAL_RING, 235), centre, radius, width)
    pygame.draw.circle(ring, (*TURNED_RING, 200), centre, radius, width)
    return disc, ring
