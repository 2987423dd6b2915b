"""The results over the table: a round's or a match's scores and what comes next."""
from __future__ import annotations

from game.i18n import N_, _

import pygame

from game.shell.frame import theme
from game.shell.frame.backdrop import FadeIn
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Menu


PANELS = ((1840, 880), (1200, 880))    # the panel's size with a chart beside, and without


class ResultsScene(Scene):
    """A score table on an opaque panel over the dimmed table: Continue after a round,
    Rematch, Review or Menu after a match. `rows` are (name, numbers...); `headers` names
    the columns (or the first row does, if it holds only words). A `figure` (the classic
    score chart: draw(surface), handle(action) -> bool) takes the right half, the table
    moving left.

    The results fade in for APPEAR_SECONDS and take no input until they are fully shown,
    so a key pressed for the last move (or twice) never chooses here; then the focus is
    on the harmless button (Review, else Menu), never on Rematch."""

    overlay = True
    backdrop_dim = 170
    APPEAR_SECONDS = 0.5  # the fade-in; not scaled by the animation speed: it guards input
    DEMO_PAUSE = 6.0     # seconds a demo (attract mode) shows results before going on
    note = None          # a line above the buttons (a network rematch: who it waits for)
    on_board = None      # set by a board game: Esc hides the results to study the board
    unattended = False   # computers only at the table: go on by itself, as in a demo

    def __init__(self, app, title, rows, winner_text, on_continue=None, rematch=None,
                 headers=None, review=None, figure=None):
        super().__init__(app)
        self.figure = figure
        rows = [tuple(r) for r in rows]
        if headers is None and rows and rows[0][1:] and all(
                isinstance(x, str) and not x.lstrip("-").isdigit() for x in rows[0][1:]):
            headers, rows = rows[0], rows[1:]
        self.title, self.rows, self.headers = title, rows, headers
        self.winner_text = winner_text
        self.on_continue, self.rematch = on_continue, rematch
        self.review = review        # the coach's review of the game (final results)
        self.demo_wait = self.DEMO_PAUSE
        self.shown_for = 0.0        # seconds since the results appeared
        self.shown_alpha = 0        # how opaque the last frame drew them
        self._fade = FadeIn(app.backdrop, self._draw_panel, self._draw_table,
                            *([self._draw_figure] if figure is not None else []))
        self.panel = pygame.Rect((40, 100, *PANELS[0]) if figure else (360, 100, *PANELS[1]))
        # (the panel's picture is made as the app starts: warm_up; a new one takes 4 ms)
        theme.panel_layer(self.panel.size, alpha=255)
        self._texts, self._dots = self._lay_out()
        if on_continue is not None:
            buttons = [Button(N_("Continue"), self.proceed, width=520)]
        else:
            buttons = ([Button(N_("Rematch"), rematch, width=520)] if rematch else []) + (
                [Button(N_("Review"), review, width=520)] if review else []) + [
                Button(N_("Menu"), app.back_to_menu, width=520)]
        harmless = 1 if rematch and len(buttons) > 1 else 0     # the one after Rematch
        self.menu = Menu(app, buttons, top=800 if len(buttons) < 3 else 730, bottom=960,
                         center_x=500 if figure else 960, focus=harmless)

    @staticmethod
    def warm_up() -> None:
        """Make the pictures of both panels the results may take (4 ms each), before any
        frame: the frame that brings the results has no time for them."""
        for size in PANELS:
            theme.panel_layer(size, alpha=255)

    @property
    def ready(self) -> bool:
        """Fully shown: from now on keys and clicks choose."""
        return self.shown_for >= self.APPEAR_SECONDS - 1e-6

    def animating(self) -> bool:
        return not self.ready

    def proceed(self):
        self.app.remove(self)
        self.on_continue()

    def update(self, dt):
        self.shown_for += dt
        # Nobody is at the controls in a demo: go on by itself after a while.
        if not (self.app.demo or self.unattended) or self.demo_wait is None:
            return
        self.demo_wait -= dt
        if self.demo_wait <= 0:
            self.demo_wait = None
            self.menu.widgets[0].handle_confirm()

    def show_board(self):
        self.app.remove(self)
        self.on_board()

    def handle(self, action):
        if not self.ready:
            return                      # pressed before the results could be read
        if self.figure is not None and self.figure.handle(action):
            return
        # a click on the board around the results
        beside = action.name == "click" and not self.panel.collidepoint(action.pos)
        if self.on_board is not None and (action.name == "back" or beside):
            self.show_board()
        elif action.name == "back" and self.on_continue is None:
            self.app.back_to_menu()
        elif action.name == "coach" and self.review:
            self.review()
        else:
            self.menu.handle(action)

    def legend(self) -> str:
        """The results' own keys: what Enter does now, and what Esc does."""
        text = _("Enter: {button}   Up/Down: choose").format(
            button=self.menu.focused.shown_label.lower())
        if self.figure is not None:
            text += _("   Left/Right: round")
        if self.review and self.menu.focused.label != "Review":
            text += _("   C: review")
        if self.on_board is not None:
            return text + _("   Esc or a click beside: see the board")
        return text + (_("   Esc: menu") if self.on_continue is None else "")

    def draw(self, surface):
        self.shown_alpha = 0
        if self.ready:
            self.shown_alpha = 255
            self._draw_results(surface)
        elif self._fade.prepared():    # fading in over the table
            self.shown_alpha = round(255 * self.shown_for / self.APPEAR_SECONDS)
            self._fade.draw(surface, self.shown_alpha)
        elif self.shown_for > 0:       # the frames after the one that brought them (which
            self._fade.prepare(surface, 1)   # drew the table under them): their picture,
                                             # a part a frame (panel, scores, chart)
        theme.draw_legend(surface, self.app, self.legend())

    def _lay_out(self) -> tuple[list, list]:
        """Every line of text on the results, as draw_fitted takes it (surface aside), and
        each row's dot: measured once, as fitting new text to its box costs milliseconds."""
        left, right = (120, 880) if self.figure else (440, 1480)  # the table's first and last x
        size = next((s for s in (44, 38, 32) if theme.font(s, True).size(self.winner_text)[0]
                     <= 1120), None)               # long sentences get smaller, then two lines
        lines = [self.winner_text] if size else theme.wrap_text(self.winner_text, 1120, 32, True)
        # (text, where, box width or None: no box, size, colour, anchor, bold)
        texts: list[tuple[str, tuple[int, int], int | None, int, tuple[int, int, int], str,
                          bool]]
        texts = [(line, (960, 270 + (40 * i - 20) * (len(lines) > 1)), 1120, size or 32,
                  theme.HIGHLIGHT, "center", True) for i, line in enumerate(lines[:2])]
        columns = max([len(r) for r in self.rows] + [len(self.headers or ())] + [1])
        step = min(260, (right - left - 140) // max(1, columns - 1))
        # The name column is left-aligned; number columns are right-aligned.
        xs = [left] + [right - (columns - 2 - i) * step for i in range(columns - 1)]
        # the name column ends where the widest value of the next column begins
        values = [theme.font(48, len(r) == 2).size(str(r[1]))[0] for r in self.rows if r[1:]]
        name_width = (xs[1] - max(values, default=0) if columns > 1 else right + 40) - xs[0] - 30
        y = 340
        if self.headers:
            texts += [(text, (x, y), None, 30, theme.TEXT_DIM, "topright" if i else "topleft",
                       False) for i, (x, text) in enumerate(zip(xs, self.headers))]
            y += 50
        dots = []
        for i, row in enumerate(self.rows[:7]):
            dots.append((theme.PLAYER_COLOURS[i % len(theme.PLAYER_COLOURS)], (left - 24, y + 26)))
            texts += [(value, (x, y), name_width if j == 0 else step - 20, 48, theme.TEXT,
                       "topright" if j else "topleft", j == len(row) - 1 or j == 0)
                      for j, (x, value) in enumerate(zip(xs, row))]
            y += 62
        for text, _pos, width, size, _colour, _anchor, bold in texts:
            if width is not None:
                theme.fitted(text, width, size, bold)
        return texts, dots

    def _draw_results(self, surface) -> pygame.Rect:
        """Draws the results; returns the area they cover (the panel and its shadow)."""
        area = self._draw_panel(surface)
        self._draw_table(surface)
        self._draw_figure(surface)
        return area

    def note_lines(self) -> tuple[list[str], int]:
        """The note over the buttons, kept to their column (beside a figure the column
        is narrower): one line, or two smaller ones when it is long."""
        width = min(1040, 2 * (self.menu.center_x - self.panel.left) - 60)
        if theme.font(34, bold=True).size(self.note or "")[0] <= width:
            return [self.note or ""], width
        return theme.wrap_text(self.note or "", width, 28, bold=True)[:2], width

    def _draw_note(self, surface) -> None:
        lines, width = self.note_lines()
        size = 34 if len(lines) == 1 else 28
        for i, line in enumerate(lines):
            y = self.menu.top - 50 + (i - (len(lines) - 1) / 2) * 36
            theme.draw_fitted(surface, line, (self.menu.center_x, round(y)), width, size,
                              theme.HIGHLIGHT, "center", bold=True)

    def _draw_figure(self, surface) -> None:
        if self.figure is not None:
            self.figure.draw(surface)

    def _draw_panel(self, surface) -> pygame.Rect:
        """The panel and the title; returns the area the results cover (the panel and
        its shadow)."""
        # opaque: nothing of the table or its banners shows through the empty middle
        area = theme.draw_panel(surface, self.panel, alpha=255)
        theme.draw_title(surface, self.title, 180, 64)
        return area

    def _draw_table(self, surface) -> None:
        """The scores and the buttons."""
        for text, pos, width, size, colour, anchor, bold in self._texts:
            if width is None:
                theme.draw_text(surface, text, pos, size, colour, anchor, bold=bold)
            else:
                theme.draw_fitted(surface, text, pos, width, size, colour, anchor, bold=bold)
        for colour, centre in self._dots:
            pygame.draw.circle(surface, colour, centre, 11)
        if self.note:
            self._draw_note(surface)
        self.menu.draw(surface, focus=self.ready)
