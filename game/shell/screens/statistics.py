"""The Statistics screen (title menu → Statistics): one page per game, a row per person
and opponents, read from game.play.statistics."""
from __future__ import annotations

import functools

from game.i18n import N_, _, decimal

from game.play import statistics as stats

from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Menu, Selector

LEVELS = {"human": N_("People"), "random": N_("Easy"), "greedy": N_("Medium"), "hard": N_("Hard")}
# (heading, right edge) of the number columns; the player and the opponents come first
COLUMNS = ((N_("Games"), 880), (N_("Won"), 1010), (N_("Lost"), 1130), (N_("Drawn"), 1260),
           (N_("Streak"), 1390), (N_("Best run"), 1540), (N_("Best"), 1660),
           (N_("Average"), 1800))
PLAYER_X, AGAINST_X = 120, 430
TABLE_TOP, ROW = 400, 54
MAX_ROWS = 9
NOTES_BOTTOM, NOTE_STEP = 980, 32     # the notes under the table: their last line ends here


@functools.lru_cache(maxsize=16)
def _foot(*texts: str) -> list[str]:
    """The notes under the table as lines (wrapped once, not every frame)."""
    return [line for text in texts for line in theme.wrap_text(text, 1680, 26)]


def _draw_heading(surface, heading: str, right: int, width: int) -> None:
    """A column's heading, right-aligned at `right`: on one line, smaller if need be, or
    on two where a language's words are longer than the column."""
    lines = theme.wrap_text(heading, width, 24)
    if theme.font(24).size(heading)[0] <= width or len(lines) != 2:
        theme.draw_fitted(surface, heading, (right, TABLE_TOP), width, 28, theme.TEXT_DIM,
                          "topright", smallest=20)
        return
    for i, line in enumerate(lines):
        theme.draw_text(surface, line, (right, TABLE_TOP - 14 + 26 * i), 24, theme.TEXT_DIM,
                        "topright")
EXPLAIN = N_("Each person's record, under the name in their seat. A match counts when it "
           "ends; demos and computer-only matches do not.")
EMPTY = N_("No statistics yet. Finish a match (Play on the title menu) against the computer "
         "or a friend, and its result is counted here for every person at the table.")


def opponents_text(opponents: str) -> str:
    """"greedy+random" -> "Medium + Easy" (people first, then the levels by strength)."""
    order = list(LEVELS)
    kinds = sorted(opponents.split("+"), key=lambda k: order.index(k) if k in order else 9)
    return " + ".join(_(LEVELS.get(k, k)) for k in kinds)


def number(value, decimals: int = 0) -> str:
    if value is None:
        return "-"
    return decimal(value, decimals) if decimals else str(value)


class StatsScene(Scene):
    """Left/Right (or the Game selector) turns the pages; Esc or Back returns."""

    def __init__(self, app):
        super().__init__(app)
        from game.logic.variants import find_variant, variant_names
        records, self.notice = stats.load()
        titles = {}
        for name in variant_names():
            try:
                titles[name] = find_variant(name).title
            except Exception:            # a broken variant module: its name will do
                titles[name] = name
        self.pages = []                  # [(variant, [Record])] in the registry's order
        for name in variant_names() + sorted({r.variant for r in records.values()}
                                             - set(titles)):
            rows = sorted((r for r in records.values() if r.variant == name),
                          key=lambda r: (r.player.lower(), opponents_text(r.opponents)))
            if rows:
                self.pages.append((name, rows))
        self.page = 0
        widgets = []
        if self.pages:
            choices = [(i, titles.get(name, name)) for i, (name, _x) in enumerate(self.pages)]
            widgets.append(Selector.of(N_("Game"), choices, 0, self.turn_to, width=900))
        widgets.append(Button(N_("Back"), app.pop, width=900))
        self.menu = Menu(app, widgets, top=170, bottom=330)
        self.empty_text = EMPTY

    def turn_to(self, page: int) -> None:
        self.page = page

    def handle(self, action):
        if action.name in ("back", "pause"):
            self.app.pop()
        elif action.name in ("left", "right") and self.pages and self.menu.focus != 0:
            self.menu.widgets[0].handle(action)       # the page turns from the Back row too
        else:
            self.menu.handle(action)

    def draw(self, surface):
        theme.draw_felt(surface)
        theme.draw_title(surface, _("Statistics"), 90, 72)
        self.menu.draw(surface)
        theme.draw_panel(surface, (80, 350, 1760, 640))
        if not self.pages:
            y = 560
            for line in theme.wrap_text(_(self.empty_text), 1400, 34):
                theme.draw_text(surface, line, (960, y), 34, theme.TEXT, "midtop")
                y += 46
        else:
            self.draw_table(surface, *self.pages[self.page])
        if self.notice:
            theme.draw_caption(surface, self.app, self.notice, color=theme.HIGHLIGHT)
        theme.draw_legend(surface, self.app,
                          N_("Left/Right: another game   Up/Down: choose   Esc: back")
                          if self.pages else N_("Enter or Esc: back"))

    def draw_table(self, surface, variant: str, rows) -> None:
        word, lower = stats.score_kind(variant)
        dim = theme.TEXT_DIM
        better = _("fewer is better") if lower else _("more is better")
        notes = _("Best and Average: {measure} at the end of a match ({better}).  "
                  "Streak: wins in a row now;  Best run: the longest.").format(
            measure=_(word), better=better)
        # the notes at the panel's foot, as many lines as the language needs
        foot = _foot(notes, _(EXPLAIN))
        notes_top = NOTES_BOTTOM - NOTE_STEP * len(foot)
        theme.draw_text(surface, _("Player"), (PLAYER_X, TABLE_TOP), 28, dim)
        theme.draw_text(surface, _("Against"), (AGAINST_X, TABLE_TOP), 28, dim)
        left = AGAINST_X + 300
        for heading, right in COLUMNS:
            _draw_heading(surface, _(heading), right, right - left - 14)
            left = right
        y = TABLE_TOP + 50
        room = max(1, (notes_top - y - 34) // ROW + 1)          # rows above the notes
        shown = min(MAX_ROWS, room if len(rows) <= room else room - 1)
        for record in rows[:shown]:
            theme.draw_text(surface, theme.fit_text(record.player, 290, 34, True),
                            (PLAYER_X, y), 34, theme.TEXT, bold=True)
            theme.draw_text(surface, theme.fit_text(opponents_text(record.opponents), 300, 34),
                            (AGAINST_X, y), 34, theme.TEXT)
            values = (record.games, record.wins, record.losses, record.draws, record.streak,
                      record.best_streak, number(record.best_score),
                      number(record.average, 1))
            for (_x, right), value in zip(COLUMNS, values):
                theme.draw_text(surface, str(value), (right, y), 34, theme.TEXT, "topright")
            y += ROW
        if len(rows) > shown:
            theme.draw_text(surface, _("and {count} more").format(count=len(rows) - shown),
                            (PLAYER_X, y), 28, dim)
        for i, line in enumerate(foot):
            theme.draw_text(surface, line, (PLAYER_X, notes_top + NOTE_STEP * i), 26, dim)
