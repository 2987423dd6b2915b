"""The hand-over screen between two people's turns on a couch: it hides the table."""
from __future__ import annotations

from game.i18n import N_, _


from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.screens.pause import PauseOverlay


class HandOverScene(Scene):
    """Hides the table between two people's turns; Enter or a click continues. Esc or
    pause opens the pause menu over it, so a match can be left without showing a hand."""

    legend = N_("Enter or click: continue   Esc: pause")

    def __init__(self, app, name, on_continue=None, variant=None, leaving=lambda: None):
        super().__init__(app)
        self.leaving = leaving          # what leaving the match means (the pause menu's)
        self._name = name               # a text, or a function that says it now
        self.on_continue = on_continue
        self.variant = variant
        self.done = False

    @property
    def name(self) -> str:
        """Whose turn it is, as the seat is named now (a language chosen meanwhile
        renames a default name)."""
        return self._name() if callable(self._name) else self._name

    def handle(self, action):
        if action.name in ("back", "pause"):
            self.app.push(PauseOverlay(self.app, self.variant, self.leaving()))
        elif action.name in ("confirm", "click") and not self.done:
            self.done = True
            if self.on_continue:
                self.on_continue()
            self.app.remove(self)

    def draw(self, surface):
        surface.fill(theme.COVER)
        w, h = surface.get_size()
        theme.draw_text(surface, _("Pass the screen to"), (w // 2, h // 2 - 140), 48,
                        theme.TEXT_DIM, "center")
        theme.draw_fitted(surface, self.name, (w // 2, h // 2), w - 160, 120, theme.TITLE,
                          "center", bold=True, shadow=True)
        theme.draw_text(surface, _("Press Enter or click to continue"), (w // 2, h // 2 + 160),
                        40, theme.TEXT, "center")
        theme.draw_legend(surface, self.app, self.legend)
