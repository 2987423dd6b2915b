"""The table of Packs (open-board game 22): the element board in the middle, South's card
on the left and North's on the right, the goal panel and the last-move panel below them;
across, the wide board (16 x 4) spans the screen above a row of the four panels.

A card shows its player's face-down pack with the count left, the element turned up from
it (large, on the card of the player to move, in the orientation the human is choosing),
the count of its elements on the opponent's half, its captures, and the tray of the
elements it had to set aside. Nothing of a pack is ever drawn face up.

PacksTable draws like ElementTable (a cached static layer with the resting elements and
the panels), then what moves: the element placed last, sliding in from its card (or
standing where the ghost put it), the elements it captured, fading off their squares,
the turned-up element, the input tool, and at the end a ring round every element that
counts and the banner.
"""
from __future__ import annotations

from game.i18n import N_, _

import pygame

from game.logic.core import PASS, Tile
from game.logic.elements.board import Element
from game.shell.board.elements import art as element_art
from game.shell.board.elements.table import GOLD, SWATCH, ElementTable, TableLayout
from game.shell.frame import theme

TURNED = 140                     # the square the turned-up element is drawn in on a card
PACK_SPRITE = 96                 # the top of a face-down pack on a card
ASIDE = 60                       # an element set aside, in the card's tray
ASIDE_STEP = 34
FADE_SECONDS = 0.5
# Across: the board over the whole width (squares of 79), below it South's card, the
# goal, the last move and North's card; a card is as tall as its pack, turned-up
# element and set-aside tray need.
ACROSS_ROW, ACROSS_HEIGHT = 486, 530
ACROSS_LAYOUT = TableLayout(
    board=pygame.Rect(36, 84, 1848, ACROSS_ROW - 96),
    cards=(pygame.Rect(36, ACROSS_ROW, 430, ACROSS_HEIGHT),
           pygame.Rect(1454, ACROSS_ROW, 430, ACROSS_HEIGHT)),
    goal=pygame.Rect(490, ACROSS_ROW, 458, ACROSS_HEIGHT),
    last=pygame.Rect(972, ACROSS_ROW, 458, ACROSS_HEIGHT),
    pass_button=pygame.Rect(1083, ACROSS_ROW + ACROSS_HEIGHT - 126, 236, 110))

_scaled: dict = {}               # element sprites scaled to the card's sizes


def scaled_sprite(element, size: int, source: int) -> pygame.Surface:
    """The element at `size`, scaled from its sprite at `source` (the board's, rendered
    ahead of play) instead of rendered afresh in the frame that first shows it."""
    key = (element, size, source)
    sprite = _scaled.get(key)
    if sprite is None:
        sprite = _scaled[key] = pygame.transform.smoothscale(
            element_art.element_sprite(element, source), (size, size))
    return sprite


def turned_element(view, player: int, ends=None) -> Element | None:
    """The element `player` has turned up, its numbers (south, north) as `ends` say or
    as the tile reads; None when it is not that player's turn."""
    if view.turned_up is None or view.to_move != player or view.current_player is None:
        return None
    tile = Tile.parse(view.turned_up)
    south, north = ends if ends is not None else (tile.a, tile.b)
    return Element(player, south, north)


class PacksTable(ElementTable):
    """Draws a Packs BoardMatchScene; reads the scene, changes nothing in it."""

    def __init__(self, scene):
        super().__init__(scene)
        self._turned = self._turned_key = None     # the turned-up element's spot, drawn

    # --- geometry the scene asks about ------------------------------------------------
    def turned_rect(self, player: int) -> pygame.Rect:
        """Where the element `player` turns up lies on their card."""
        card = self.cards[player]
        return pygame.Rect(card.right - 18 - TURNED, card.y + 290, TURNED, TURNED)

    def pack_rect(self, player: int) -> pygame.Rect:
        card = self.cards[player]
        return pygame.Rect(card.x + 4, card.y + 300, PACK_SPRITE, PACK_SPRITE)

    def card_rect(self, player: int) -> pygame.Rect:
        """A computer's element slides onto the board from where it was turned up."""
        return self.turned_rect(player)

    def aside_rects(self, player: int, count: int) -> list[pygame.Rect]:
        """The set-aside elements in one row along the bottom of the card, overlapping
        once there are more than fit."""
        card = self.cards[player]
        width = card.w - 40 - ASIDE
        step = min(ASIDE_STEP, width / max(1, count - 1))
        return [pygame.Rect(card.x + 14 + round(i * step), card.bottom - ASIDE - 12, ASIDE,
                            ASIDE) for i in range(count)]

    def banner_area(self) -> pygame.Rect:
        """Across, the goal and last-move panels below their first lines: the shallow
        board stays in sight, with the rings round the elements that count."""
        if self.scene.game.across:
            panels = self.layout.goal.union(self.layout.last)
            return pygame.Rect(panels.x, panels.y + 170, panels.w, panels.h - 170)
        return super().banner_area()

    def warm_up(self) -> None:
        """Every element either way round at the board's size (and as a human's ghost), so
        that no move renders a sprite in its frame."""
        size = self.geo.size
        for owner in (0, 1):
            element_art.swatch(owner, SWATCH)
            element_art.element_sprite(Element(owner, 0, 0, True), PACK_SPRITE)
            states = ("normal", "preview") if self.ctl.is_human(owner) else ("normal",)
            for south in range(7):
                for north in range(7):
                    for state in states:
                        element_art.element_sprite(Element(owner, south, north), size, state)

    # --- the last move ----------------------------------------------------------------
    def _taken(self) -> tuple:
        """(square, element) pairs the last move captured (the adapter noted them)."""
        ply, taken = self.adapter.last_taken
        return taken if ply == self.ctl.ply else ()

    def _durations(self, view) -> tuple[float, float]:
        move = view.last_move
        slide = self.ctl.paced(theme.SLIDE_SECONDS) if move not in (None, PASS) else 0.0
        return slide, self.ctl.paced(FADE_SECONDS) if self._taken() else 0.0

    def _flying(self, view) -> bool:
        since = self._since_move()
        slide, fade = self._durations(view)
        return since is not None and fade > 0 and since < slide + fade

    def _sync_trophies(self, view) -> None:
        """(Captures are counted on the cards, not laid out there.)"""

    def flights(self, view) -> list[tuple]:
        """(element, rect, alpha) of each element the last move captured, this frame:
        where it stood until the placed element lands, then fading away; [] after."""
        since = self._since_move()
        slide, fade = self._durations(view)
        if since is None or fade <= 0 or since >= slide + fade:
            return []
        t = 0.0 if since < slide else (since - slide) / fade
        geo = self.geo
        return [(element, geo.square_rect(geo.index_square(square)), round(200 * (1 - t)))
                for square, element in self._taken()]

    def _draw_captures(self, surface, view) -> None:
        for element, rect, alpha in self.flights(view):
            element_art.draw_element(surface, rect, element, alpha=alpha,
                                     turned=self.geo.turned)

    def _wanted(self, view) -> list[tuple]:
        """Per square (element, tinted): the last placement's square tinted, its element
        left out (drawn apart while it slides in)."""
        move = view.last_move
        placed = None if move is None or move is PASS else move.square
        return [(None if square == placed else element, square == placed)
                for square, element in enumerate(view.cells)]

    def _draw_moved(self, surface, view) -> None:
        move = view.last_move
        if move is None or move is PASS or view.cells[move.square] is None:
            return
        geo, slide = self.geo, self.scene.slide
        rect = geo.square_rect(geo.index_square(move.square))
        since, duration = self._since_move(), self._durations(view)[0]
        if since is not None and slide is not None and duration > 0 and since < duration:
            point = pygame.Vector2(slide[0].center).lerp(rect.center,
                                                          theme.ease_out(since / duration))
            rect = rect.copy()
            rect.center = (round(point.x), round(point.y))
        element_art.draw_element(surface, rect, view.cells[move.square], turned=geo.turned)

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        scene = self.scene
        view = scene.table_view()
        surface.blit(self._static_layer(view), (0, 0))
        self._draw_moved(surface, view)
        self._draw_captures(surface, view)
        self._draw_turned(surface, view)
        scene.tool.draw(surface)
        if scene.over_for is not None:
            self._draw_counted(surface, view)
            if self._end_layer is None:
                self._end_layer = self._banner()
            spot = self._end_layer.get_rect(center=self.banner_area().center)
            surface.blit(self._end_layer, spot)

    def _draw_turned(self, surface, view) -> None:
        """The element the player to move has turned up, large on their card: public from
        the moment it is turned; a human's turns show as they choose (kept per look)."""
        player = view.to_move
        ends = self.scene.tool.shown_ends()
        key = (self.ctl.ply, player, ends)
        if key != self._turned_key:
            element = turned_element(view, player, ends)
            self._turned_key, self._turned = key, None
            if element is not None:
                spot = pygame.Surface((TURNED, TURNED), pygame.SRCALPHA)
                box = spot.get_rect()
                pygame.draw.rect(spot, (24, 34, 38), box, border_radius=14)
                pygame.draw.rect(spot, GOLD, box, 3, border_radius=14)
                sprite = scaled_sprite(element, TURNED - 8, self.geo.size)
                spot.blit(sprite, sprite.get_rect(center=box.center))
                self._turned = spot
        if self._turned is not None:
            surface.blit(self._turned, self.turned_rect(player))

    def _draw_counted(self, surface, view) -> None:
        """At the end: a ring in its owner's colour round every element that counts."""
        geo, width = self.geo, max(3, self.geo.size // 20)
        game = self.scene.game
        for square, element in enumerate(view.cells):
            if element is not None and game.on_far_half(element.owner, square):
                rect = geo.square_rect(geo.index_square(square)).inflate(-6, -6)
                pygame.draw.rect(surface, element_art.SEAT_COLOURS[element.owner], rect,
                                 width, border_radius=10)

    # --- the panels -------------------------------------------------------------------
    def _draw_card_rest(self, surface, player: int, view) -> None:
        """Below the card's lines: the pack and the set-aside tray."""
        rect = self.cards[player]
        self._draw_pack(surface, player, view)
        aside = view.set_aside[player]
        self.put(surface, _("Set aside: {count}").format(count=len(aside)),
                 (rect.x + 24, rect.bottom - 112), 26, theme.TEXT_DIM)
        for text, spot in zip(aside, self.aside_rects(player, len(aside))):
            tile = Tile.parse(text)
            surface.blit(scaled_sprite(Element(player, tile.a, tile.b), ASIDE, self.geo.size),
                         spot)

    def _draw_pack(self, surface, player: int, view) -> None:
        """The face-down pack: a few backs stacked, as high as it is full, and its count."""
        spot, left = self.pack_rect(player), view.pack_sizes[player]
        back = Element(player, 0, 0, True)
        for i in range(min(4, -(-left // 8))):
            element_art.draw_element(surface, spot.move(4 * i, -6 * i), back)
        words = _("empty") if left == 0 else str(left)      # under the word Pack
        x = spot.x + PACK_SPRITE + 4                 # right of the pack's backs
        width = self.turned_rect(player).x - x - 8
        self.put(surface, N_("Pack"), (x, spot.y + 16), 26, theme.TEXT_DIM, width=width)
        self.put(surface, words, (x, spot.y + 48), 32, theme.TEXT, bold=True, width=width)
        if turned_element(view, player) is not None:
            self.put(surface, N_("turned up"), (x, spot.y + 90), 24, GOLD, width=width)
