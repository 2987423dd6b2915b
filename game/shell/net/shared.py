"""What every network screen shares: the person's name (asked for, kept in the settings)
and the screen that says what a join waits for."""
from __future__ import annotations

from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import TextField


def asked_name(app) -> str:
    """The person's name to start a name field with: empty while it is the default
    ("Player 1"), so a first-time player is asked for theirs."""
    name = app.settings.player_names[0]
    return "" if name == "Player 1" else name


def name_field(name: str, on_change, width: int = 760) -> TextField:
    field = TextField("Your name", name, on_change, width=width)
    field.help = "Your name, as the others at the table see it"
    return field


def keep_name(app, text: str) -> bool:
    """Keep `text` as the person's name (in the settings); False when there is none."""
    from game.play.settings import clean_name
    name = clean_name(text)
    if not name:
        return False
    if name != app.settings.player_names[0]:
        app.settings.player_names[0] = name
        app.save_settings()
    return True


class WaitScene(Scene):
    """What a join waits for (the connection, the host's welcome); Esc gives up."""

    def __init__(self, app, text: str):
        super().__init__(app)
        self.text = text

    def handle(self, action) -> None:
        if action.name in ("back", "pause"):
            self.app.end_network()
            self.app.remove(self)

    def animating(self) -> bool:
        return True

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        theme.draw_panel(surface, (360, 380, 1200, 300))
        theme.draw_fitted(surface, self.text, (960, 480), 1100, 44, theme.TITLE, "center",
                          bold=True)
        dots = "." * (1 + int(self.app.time * 2) % 3)
        theme.draw_text(surface, f"Waiting for the host{dots}", (960, 570), 34, theme.TEXT,
                        "center")
        theme.draw_legend(surface, self.app, "Esc: give up")
