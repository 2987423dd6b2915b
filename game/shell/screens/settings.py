"""The settings screen: display, sound, animation, hints, player names and the table
server of Play online."""
from __future__ import annotations


from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.play.settings import ADDRESS_LENGTH, ANIM_SPEEDS, THINK_TIMES
from game.shell.frame.widgets import Button, Menu, Selector, TextField
ON_OFF = [(False, "Off"), (True, "On")]
SETTINGS_ROW = 54       # twelve rows and Back fit the screen with no scrolling


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
        server = TextField("Server address", s.server_address, self.set_server,
                           max_length=ADDRESS_LENGTH)
        server.allow_empty = True
        rows.append(server)
        for row in rows:
            row.rect.h = SETTINGS_ROW
        self.menu = Menu(app, rows, top=150, bottom=910, width=900, gap=8,
                         footer=[Button("Back", app.pop, width=900)], footer_top=940)

    @property
    def wants_text(self) -> bool:
        return self.menu.editing

    def animating(self) -> bool:
        return self.menu.editing          # the text cursor blinks

    def set_fullscreen(self, value):
        if value != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def set_server(self, text: str) -> None:
        """The table server of Play online; typed again, the key this game met there is
        forgotten (the server's owner said it changed: its new key is met anew)."""
        from game.shell.net.memory import remember_key
        self.app.settings.server_address = text.strip()
        remember_key(text, None)

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
