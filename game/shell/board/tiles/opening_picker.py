"""Dominid's opening, arranged by a person: a row of small previews over the board.

When the human to act holds the losing tile (option arrange = chosen), StackTool hands
its turn to an OpeningPicker. Each legal arrangement (the rules list them) is a card
showing the two tiles upright side by side as they would lie, grouped by the tile on the
left; the focused one (Left/Right, Up/Down to the other group, the pointer) also lies on
the opening cells as a ghost, and Enter or a click lays it. The coach's suggestion takes
the focus when it comes. With hints on, the focused card says how dear it leaves the
first player's first tile (the greedy judgement). The panel leaves the key of the level
tones right of the board whole, and its keys are in the footer (StackTool.keys_legend).
"""
from __future__ import annotations

from game.i18n import _, decimal

import pygame

from game.logic.agents import greedy_ratings
from game.shell.board.geometry import squares_of
from game.shell.board.table import BOARD_AREA, GOLD
from game.shell.board.tiles.stack_art import darker, level_key_rect
from game.shell.frame import theme, tile_art
from game.shell.match.scene import choice_action, index_at

CARD = (90, 104)
GAP, GROUP_GAP = 8, 30
TILE_LONG = 68
MIN_WIDTH = 560
MARGIN = 20                 # between the panel's edge and its words
TEXT_SIZE = 24
# From the top: the title, the subtitle's lines, the cards, the focused card's hint's
# lines (hints on); the keys are the footer's. Tight enough that a subtitle of two lines
# and a hint of two still fit above or below the opening cells of the small table (292
# pixels), in a panel that leaves the key of the level tones whole.
WORDS_TOP = 58              # the subtitle's first line, under the title (clear of its accents)
TEXT_LINE = 26              # a line of the subtitle
CARDS_GAP = 8
LINE_BELOW = 28             # a line of the hint, under the cards
BOTTOM = 12
KEY_GAP = 12                # between a panel and the key of the level tones


def panel_area(geo) -> pygame.Rect:
    """Where a panel over the board may lie: the board area left of the key of the level
    tones (which says what the colours of the stacks mean: a panel leaves it whole)."""
    key = level_key_rect(geo, BOARD_AREA)
    if key is None:
        return BOARD_AREA
    return pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, key.left - KEY_GAP - BOARD_AREA.x,
                       BOARD_AREA.h)


def panel_clear_of(geo, squares, size) -> pygame.Rect:
    """A panel of `size` over the board, centred, above or below `squares` (whichever
    side has more room) and inside the panel area (panel_area)."""
    spot = geo.square_rect(squares[0]).unionall([geo.square_rect(s) for s in squares]) \
        if squares else pygame.Rect(geo.rect.center, (0, 0))
    panel = pygame.Rect((0, 0), size)
    panel.centerx = geo.rect.centerx
    if spot.top - geo.rect.top >= geo.rect.bottom - spot.bottom:
        panel.bottom = spot.top - 12
    else:
        panel.top = spot.bottom + 12
    return panel.clamp(panel_area(geo))


def words_width(*texts: str) -> int:
    """The width of a panel that shows the widest of `texts` on one line."""
    return max(theme.font(TEXT_SIZE).size(text)[0] for text in texts) + 2 * MARGIN


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
        self._subtitle: list[str] = []     # the subtitle's lines and each card's hint's,
        self._hints: list[list[str]] = []  # wrapped to the panel (set with the layout)
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
        (whichever side has more room); kept for the move. The panel is as wide as its
        words (up to the board area's width), and what is still wider wraps onto more
        lines: no word is cut or shrunk."""
        options = self.options()
        subtitle = self.subtitle()
        key = (self.scene.ctl.ply, len(options), self.scene.hints, subtitle)
        if key != self._layout_key:
            hints = [self.hint(m) for m in options] if self.scene.hints else []
            cards_width = len(options) * CARD[0] + (len(options) - 1) * GAP + GROUP_GAP
            least = max(cards_width + 64, MIN_WIDTH, words_width(*hints) if hints else 0)
            one_line = subtitle.replace("\n", " ")
            room = panel_area(self.scene.geo).w
            if max(least, words_width(one_line)) > room:        # long names: a sentence
                one_line = subtitle                             # a line, no word alone
            width = min(max(least, words_width(*one_line.splitlines())), room)
            self._subtitle = theme.wrap_text(one_line, width - 2 * MARGIN, TEXT_SIZE)
            self._hints = [theme.wrap_text(h, width - 2 * MARGIN, TEXT_SIZE) for h in hints]
            below = max(map(len, self._hints), default=0)
            cards_top = WORDS_TOP + len(self._subtitle) * TEXT_LINE + CARDS_GAP
            height = cards_top + CARD[1] + below * LINE_BELOW + BOTTOM
            cells = [c for p in options[:1] for pair in map(squares_of, p.placements)
                     for c in pair]
            panel = panel_clear_of(self.scene.geo, cells, (width, height))
            half = (len(options) + 1) // 2 if len(options) > 2 else len(options)
            x = panel.centerx - cards_width // 2
            y = panel.y + cards_top
            cards = []
            for i in range(len(options)):
                if i == half:
                    x += GROUP_GAP
                cards.append(pygame.Rect(x, y, *CARD))
                x += CARD[0] + GAP
            self._layout, self._layout_key = (panel, cards), key
        return self._layout

    def text_lines(self) -> list[tuple[str, tuple[int, int], tuple]]:
        """(line, its centre, colour) of every line of words the panel shows now: the
        subtitle under the title, then below the cards the focused card's hint."""
        panel, cards = self.layout()
        x, top = panel.centerx, panel.y + WORDS_TOP + TEXT_LINE // 2
        lines = [(line, (x, top + i * TEXT_LINE), theme.TEXT_DIM)
                 for i, line in enumerate(self._subtitle)]
        below = cards[0].bottom + LINE_BELOW // 2 if cards else panel.bottom
        if self._hints:
            lines += [(line, (x, below + i * LINE_BELOW), theme.LEGAL)
                      for i, line in enumerate(self._hints[self.focus])]
        return lines

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
        theme.draw_text(surface, _("Arrange the opening"), (panel.centerx, panel.y + 8), 38,
                        theme.TITLE, "midtop", bold=True)
        for i, (move, rect) in enumerate(zip(options, cards)):
            self._draw_card(surface, move, rect, i == self.focus)
        for line, spot, colour in self.text_lines():
            theme.draw_text(surface, line, spot, TEXT_SIZE, colour, "center")

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
        """Who begins and why, then what follows: two sentences, a line each when they
        do not fit on one."""
        scene = self.scene
        arranger = scene.game.current_player
        draws = scene.view(arranger).draws
        first = 1 - arranger
        name = scene.ctl.name
        return _("{name}'s {tile} beat your {yours}: lay both side by side.\nYou take your "
                 "tiles after.").format(name=name(first), tile=draws[first],
                                        yours=draws[arranger])

    def hint(self, focused) -> str:
        """How dear the focused arrangement leaves the first player's first tile."""
        view = self.scene.view(self.scene.game.current_player)
        moves = view.legal_moves()
        if self._ratings[0] != self.scene.ctl.ply:        # once a move, not a frame
            self._ratings = (self.scene.ctl.ply, greedy_ratings(view, moves))
        ratings = self._ratings[1]
        rating = ratings[moves.index(focused)]
        text = _("{name}'s cheapest first tile would cost about {cost}").format(
            name=self.scene.ctl.name(1 - view.player), cost=decimal(rating))
        return text + "  " + _("(the dearest)") if rating >= max(ratings) else text
