"""A game's rules and options on a screen of their own, scrolled by line or by page."""
from __future__ import annotations

from game.i18n import _


from game.shell.frame import theme
from game.shell.frame.scene import Scene


class RulesScene(Scene):
    """The variant's rules and options, scrolled by line or by page."""

    BODY = 32
    LINE = 42
    TOP, BOTTOM = 200, 960

    def __init__(self, app, variant: str):
        super().__init__(app)
        from game.logic.variants import find_variant
        cls = find_variant(variant)
        self.title = _(cls.title)
        width = 1600
        lines = theme.wrap_text(_(cls.rules_text).strip() or _("No rules text yet."), width,
                                self.BODY)
        if cls.options_declared:
            from game.shell.screens.option_words import option_choices, option_label
            lines += ["", "# " + _("Options")]
            for option in cls.options_declared:     # named and valued as the setup shows
                shown = dict(option_choices(option)).get(option.default, str(option.default))
                lines += theme.wrap_text(_("{option} (default {default}): {help}").format(
                    option=_(option_label(option.name)), default=_(shown),
                    help=_(option.help)), width, self.BODY)
        self.lines = lines
        self.per_page = (self.BOTTOM - self.TOP) // self.LINE
        self.offset = 0

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.lines) // self.per_page))

    def scroll(self, delta: int):
        last = (self.pages - 1) * self.per_page   # a page starts where the last one ended
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
        theme.draw_text(surface, _("Page {page} of {pages}").format(page=page, pages=self.pages),
                        (1760, 120), 28,
                        theme.TEXT_DIM, "midright")
        theme.draw_legend(surface, self.app,
                          _("Up/Down: scroll   Left/Right: page   Esc or Enter: back"))
