"""Screens pushed on top of others: pause, rules, settings, hand-over, results, messages."""
from __future__ import annotations

import pygame

from . import theme
from .backdrop import FadeIn
from .scene import Scene
from .settings import ANIM_SPEEDS, THINK_TIMES
from .widgets import Button, Label, Menu, Selector, TextField

ON_OFF = [(False, "Off"), (True, "On")]
SETTINGS_ROW = 58       # eleven rows and Back fit the screen with no scrolling
COVER = (12, 18, 22)        # a screen that hides the table (hand-over, a couch question)


class PauseOverlay(Scene):
    """Resume, Rules, Settings, Quit to menu (asks first). Esc/pause resumes."""

    overlay = True
    backdrop_dim = 150

    def __init__(self, app, variant=None, leaving: str | None = None, extra=()):
        super().__init__(app)
        self.variant = variant
        self.leaving = leaving      # what leaving means, when not "saved for later"
        self.extra = list(extra)    # more (label, action) rows: a network host's choices
        self.confirming = False
        self.build()

    def build(self):
        app = self.app
        if self.confirming:
            leave = self.leaving or ("Leave this match?" if app.demo else
                                     "Leave this match? It stays saved for later.")
            rows = [Label(leave, size=32,
                          color=theme.TEXT),
                    Button("No, keep playing", self.cancel, width=640),
                    Button("Yes, quit to menu", app.back_to_menu, width=640)]
        else:
            rows = [Button("Resume", app.pop, width=640)]
            rows += [Button(label, lambda act=act: (app.remove(self), act()), width=640)
                     for label, act in self.extra]
            if self.variant:
                rows.append(Button("Rules", lambda: app.push(RulesScene(app, self.variant)),
                                   width=640))
            rows += [Button("Settings", lambda: app.push(SettingsScene(app)), width=640),
                     Button("Quit to menu", self.ask, width=640)]
        self.menu = Menu(app, rows, top=400, bottom=860)

    def ask(self):
        self.confirming = True
        self.build()

    def cancel(self):
        self.confirming = False
        self.build()

    def handle(self, action):
        if action.name in ("back", "pause"):
            self.cancel() if self.confirming else self.app.pop()
        else:
            self.menu.handle(action)

    def draw(self, surface):
        theme.draw_panel(surface, (560, 220, 800, 560))
        theme.draw_title(surface, "Paused", 300, 80)
        self.menu.draw(surface)
        theme.draw_legend(surface, self.app, "Up/Down: choose   Enter: select   Esc: resume")


class RulesScene(Scene):
    """The variant's rules and options, scrolled by line or by page."""

    BODY = 32
    LINE = 42
    TOP, BOTTOM = 200, 960

    def __init__(self, app, variant: str):
        super().__init__(app)
        from game.logic.variants import find_variant
        cls = find_variant(variant)
        self.title = cls.title
        width = 1600
        lines = theme.wrap_text(cls.rules_text.strip() or "No rules text yet.", width, self.BODY)
        if cls.options_declared:
            lines += ["", "# Options"]
            for option in cls.options_declared:
                lines += theme.wrap_text(f"{option.name} (default {option.default}): "
                                         f"{option.help}", width, self.BODY)
        self.lines = lines
        self.per_page = (self.BOTTOM - self.TOP) // self.LINE
        self.offset = 0

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.lines) // self.per_page))

    def scroll(self, delta: int):
        last = max(0, len(self.lines) - self.per_page)
        self.offset = min(max(self.offset + delta, 0), last)

    def handle(self, action):
        moves = {"up": -1, "down": 1, "left": -self.per_page, "prev": -self.per_page,
                 "right": self.per_page, "next": self.per_page}
        if action.name in ("back", "confirm", "pause"):
            self.app.pop()
        elif action.name in moves:
            self.scroll(moves[action.name])
        elif action.name == "wheel":
            self.scroll(-3 * action.amount)

    def draw(self, surface):
        theme.draw_felt(surface)
        theme.draw_panel(surface, (120, 60, 1680, 940))
        theme.draw_title(surface, self.title, 120, 60)
        y = self.TOP
        for line in self.lines[self.offset:self.offset + self.per_page]:
            heading = line.startswith("# ")
            theme.draw_text(surface, line[2:] if heading else line, (160, y), self.BODY,
                            theme.TITLE if heading else theme.TEXT, bold=heading)
            y += self.LINE
        page = self.offset // self.per_page + 1
        if self.offset + self.per_page >= len(self.lines):
            page = self.pages
        theme.draw_text(surface, f"Page {page} of {self.pages}", (1760, 120), 28,
                        theme.TEXT_DIM, "midright")
        theme.draw_legend(surface, self.app,
                          "Up/Down: scroll   Left/Right: page   Esc or Enter: back")


class SettingsScene(Scene):
    """Display, sound, animation, hints and player names; saved when it closes."""

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        speeds = list(ANIM_SPEEDS.items())
        self.fullscreen_row = Selector.of("Full screen", ON_OFF, app.fullscreen,
                                          self.set_fullscreen)
        rows = [
            self.fullscreen_row,
            Selector.of("Volume", [(v, f"{v}%") for v in range(0, 101, 10)],
                        int(round(s.volume * 10)) * 10, self.set_volume),
            Selector.of("Sound", [(False, "On"), (True, "Muted")], s.muted,
                        lambda v: setattr(s, "muted", v)),
            Selector.of("Animation", speeds, s.anim_speed, lambda v: setattr(s, "anim_speed", v)),
            Selector.of("Computer thinking time", list(THINK_TIMES.items()), s.think_seconds,
                        lambda v: setattr(s, "think_seconds", v)),
            Selector.of("Legal-move hints", ON_OFF, s.show_hints,
                        lambda v: setattr(s, "show_hints", v)),
            Selector.of("Board coordinates", ON_OFF, s.show_coords,
                        lambda v: setattr(s, "show_coords", v)),
        ]
        rows += [TextField(f"Player {i + 1} name", s.player_names[i],
                           lambda text, i=i: s.player_names.__setitem__(i, text))
                 for i in range(4)]
        for row in rows:
            row.rect.h = SETTINGS_ROW
        self.menu = Menu(app, rows, top=160, bottom=900, width=900, gap=10,
                         footer=[Button("Back", app.pop, width=900)], footer_top=934)

    @property
    def wants_text(self) -> bool:
        return self.menu.editing

    def animating(self) -> bool:
        return self.menu.editing          # the text cursor blinks

    def set_fullscreen(self, value):
        if value != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def set_volume(self, percent):
        self.app.settings.volume = percent / 100
        self.app.sounds.play("select")

    def leave(self):
        self.app.save_settings()
        for scene in self.app.stack:         # a paused match and its rematch take the names
            ctl = getattr(scene, "ctl", None)
            if ctl is not None:
                ctl.follow_names(self.app.settings.player_names)

    def handle(self, action):
        if self.menu.handle(action):
            return
        if action.name == "back":
            self.app.pop()

    def draw(self, surface):
        self.fullscreen_row.index = int(self.app.fullscreen)    # F11 may have changed it
        theme.draw_felt(surface)
        theme.draw_title(surface, "Settings", 90, 72)
        self.menu.draw(surface)
        legend = ("Type the name   Enter: keep   Esc: undo" if self.wants_text else
                  "Up/Down: choose   Left/Right: change   Enter: edit   Esc: back")
        theme.draw_legend(surface, self.app, legend)


class HandOverScene(Scene):
    """Hides the table between two people's turns; Enter or a click continues. Esc or
    pause opens the pause menu over it, so a match can be left without showing a hand."""

    def __init__(self, app, name: str, on_continue=None, variant=None):
        super().__init__(app)
        self.name = name
        self.on_continue = on_continue
        self.variant = variant
        self.done = False

    def handle(self, action):
        if action.name in ("back", "pause"):
            self.app.push(PauseOverlay(self.app, self.variant))
        elif action.name in ("confirm", "click") and not self.done:
            self.done = True
            if self.on_continue:
                self.on_continue()
            self.app.remove(self)

    def draw(self, surface):
        surface.fill(COVER)
        w, h = surface.get_size()
        theme.draw_text(surface, "Pass the screen to", (w // 2, h // 2 - 140), 48,
                        theme.TEXT_DIM, "center")
        theme.draw_fitted(surface, self.name, (w // 2, h // 2), w - 160, 120, theme.TITLE,
                          "center", bold=True, shadow=True)
        theme.draw_text(surface, "Press Enter or click to continue", (w // 2, h // 2 + 160),
                        40, theme.TEXT, "center")
        theme.draw_legend(surface, self.app, "Enter or click: continue   Esc: pause")


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
        self._fade = FadeIn(app.backdrop, self._draw_results)
        self.panel = pygame.Rect((40, 100, 1840, 880) if figure else (360, 100, 1200, 880))
        # Made a frame before the results show (their first frame shows only the table):
        # a new panel takes 4 ms, measuring new text as much.
        theme.panel_layer(self.panel.size, alpha=255)
        self._texts, self._dots = self._lay_out()
        if on_continue is not None:
            buttons = [Button("Continue", self.proceed, width=520)]
        else:
            buttons = ([Button("Rematch", rematch, width=520)] if rematch else []) + (
                [Button("Review", review, width=520)] if review else []) + [
                Button("Menu", app.back_to_menu, width=520)]
        harmless = 1 if rematch and len(buttons) > 1 else 0     # the one after Rematch
        self.menu = Menu(app, buttons, top=800 if len(buttons) < 3 else 730, bottom=960,
                         center_x=500 if figure else 960, focus=harmless)

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
        text = f"Enter: {self.menu.focused.label.lower()}   Up/Down: choose"
        if self.figure is not None:
            text += "   Left/Right: round"
        if self.review and self.menu.focused.label != "Review":
            text += "   C: review"
        if self.on_board is not None:
            return text + "   Esc or a click beside: see the board"
        return text + ("   Esc: menu" if self.on_continue is None else "")

    def draw(self, surface):
        if self.ready:
            self._draw_results(surface)
        else:                          # fading in over the table
            self._fade.draw(surface, round(255 * self.shown_for / self.APPEAR_SECONDS))
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
        for text, _, width, size, _, _, bold in texts:
            if width is not None:
                theme.fitted(text, width, size, bold)
        return texts, dots

    def _draw_results(self, surface) -> pygame.Rect:
        """Draws the results; returns the area they cover (the panel and its shadow)."""
        # opaque: nothing of the table or its banners shows through the empty middle
        area = theme.draw_panel(surface, self.panel, alpha=255)
        theme.draw_title(surface, self.title, 180, 64)
        for text, pos, width, size, colour, anchor, bold in self._texts:
            if width is None:
                theme.draw_text(surface, text, pos, size, colour, anchor, bold=bold)
            else:
                theme.draw_fitted(surface, text, pos, width, size, colour, anchor, bold=bold)
        for colour, centre in self._dots:
            pygame.draw.circle(surface, colour, centre, 11)
        if self.figure is not None:
            self.figure.draw(surface)
        self.menu.draw(surface, focus=self.ready)
        return area


class ConfirmScene(Scene):
    """A question answered Yes or No (Esc says No), with a line of `detail` under it: the
    other person on the couch allows a take-back. Over the dimmed table, or with `cover`
    on a screen of its own (the person answering must not see a hand)."""

    overlay = True
    backdrop_dim = 170

    def __init__(self, app, question: str, yes: str, no: str, on_yes, detail: str = "",
                 cover: bool = False, on_no=None):
        super().__init__(app)
        self.question, self.detail = question, detail
        self.on_yes, self.on_no = on_yes, on_no
        self.overlay = not cover
        self.menu = Menu(app, [Button(yes, self.agree, width=560),
                               Button(no, self.refuse, width=560)],
                         top=520, bottom=700, focus=1)

    def agree(self):
        self.app.remove(self)
        self.on_yes()

    def refuse(self):
        self.app.remove(self)
        if self.on_no is not None:
            self.on_no()

    def handle(self, action):
        if action.name in ("back", "pause"):
            self.refuse()
        else:
            self.menu.handle(action)

    def draw(self, surface):
        if not self.overlay:
            surface.fill(COVER)
        theme.draw_panel(surface, (460, 280, 1000, 480), alpha=255)
        size = next((s for s in (44, 38, 32) if theme.font(s, True).size(self.question)[0]
                     <= 920), 32)
        theme.draw_text(surface, theme.fit_text(self.question, 920, size, True), (960, 370),
                        size, theme.TITLE, "center", bold=True)
        theme.draw_fitted(surface, self.detail, (960, 440), 920, 30, theme.TEXT, "center")
        self.menu.draw(surface)
        theme.draw_legend(surface, self.app, "Up/Down: choose   Enter: select   Esc: no")


class MessageScene(Scene):
    """A full-screen message (an error that stopped something); Enter or Esc goes back."""

    def __init__(self, app, title: str, message: str):
        super().__init__(app)
        self.title = title
        self.lines = theme.wrap_text(message, 1500, 34)
        self.menu = Menu(app, [Button("OK", app.pop, width=400)], top=860, bottom=940)

    def handle(self, action):
        if action.name in ("back", "confirm"):
            self.app.pop()
        else:
            self.menu.handle(action)

    def draw(self, surface):
        theme.draw_felt(surface)
        theme.draw_panel(surface, (160, 140, 1600, 840))
        theme.draw_title(surface, self.title, 240, 64)
        y = 340
        for line in self.lines[:12]:
            theme.draw_text(surface, line, (960, y), 34, theme.TEXT, "midtop")
            y += 44
        self.menu.draw(surface)
