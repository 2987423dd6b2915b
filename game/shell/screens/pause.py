"""The pause menu over a match: Resume, Rules, Settings, Quit to menu."""
from __future__ import annotations

from game.i18n import N_, _


from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Label, Menu
from game.shell.screens.rules import RulesScene
from game.shell.screens.settings import SettingsScene


class PauseOverlay(Scene):
    """Resume, Rules, Settings, Quit to menu (asks first). Esc/pause resumes."""

    overlay = True
    backdrop_dim = 150
    title = N_("Paused")

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
            leave = self.leaving or (N_("Leave this match?") if app.demo else
                                     N_("Leave this match? It stays saved for later."))
            # the question on one line, or two smaller ones where the words are longer,
            # as even as they go (no word left alone on the second)
            lines = theme.wrap_text(_(leave), 760, 32)
            size = 32 if len(lines) == 1 else 28
            width = 760
            while len(lines) > 1 and width > 400 and len(
                    theme.wrap_text(_(leave), width - 20, size)) <= 2:
                width -= 20
            rows = [Label(line, width=width, size=size, color=theme.TEXT, height=40)
                    for line in theme.wrap_text(_(leave), width, size)[:2]]
            rows += [Button(N_("No, keep playing"), self.cancel, width=640),
                    Button(N_("Yes, quit to menu"), app.back_to_menu, width=640)]
        else:
            rows = [Button(N_("Resume"), app.pop, width=640)]
            rows += [Button(label, lambda act=act: (app.remove(self), act()), width=640)
                     for label, act in self.extra]
            if self.variant:
                rows.append(Button(N_("Rules"), lambda: app.push(RulesScene(app, self.variant)),
                                   width=640))
            rows += [Button(N_("Settings"), lambda: app.push(SettingsScene(app)), width=640),
                     Button(N_("Quit to menu"), self.ask, width=640)]
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

    def panel_rect(self) -> tuple[int, int, int, int]:
        """The panel behind the menu: longer when more rows are offered (a network
        table's)."""
        bottom = max(780, max(w.rect.bottom for w in self.menu.widgets) + 40)
        return 560, 220, 800, bottom - 220

    def draw(self, surface):
        theme.draw_panel(surface, self.panel_rect())
        theme.draw_title(surface, self.title, 300, 80)
        self.menu.draw(surface)
        theme.draw_legend(surface, self.app, _("Up/Down: choose   Enter: select   Esc: resume"))
