"""The menu over a network match. Nothing pauses (the others play on, the time of whoever
left runs), so its title is "Menu"; its choices follow the table: once a person has been
gone two minutes, the computer may play for them, offered at once."""
from __future__ import annotations

from game.i18n import N_
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.pause import PauseOverlay


class NetPauseOverlay(PauseOverlay):
    title = N_("Menu")

    def __init__(self, app, variant):
        self.session = app.network
        super().__init__(app, variant, self.session.leaving(), self.session.pause_buttons())

    def choices(self) -> list[str]:
        return [label for label, _act in self.extra]

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.session is not self.app.network or self.confirming:
            return
        fresh = self.session.pause_buttons()
        if [label for label, _act in fresh] != self.choices():
            focused = self.menu.focus
            self.extra = fresh
            self.build()
            self.menu.focus = min(focused, len(self.menu.widgets) - 1)
            self.menu.layout()


class NetHandOver(HandOverScene):
    """The couch's hand-over at a network table: its Esc opens the network match's menu
    (what leaving means there, the computer for a seat gone too long)."""

    legend = N_("Enter or click: continue   Esc: menu")

    def handle(self, action):
        if action.name in ("back", "pause"):
            self.app.push(NetPauseOverlay(self.app, self.variant))
        else:
            super().handle(action)
