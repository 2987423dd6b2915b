"""The settings screen: language, display, sound, animation, hints, player names and the
table server of Play online."""
from __future__ import annotations

import pygame

from game.i18n import (N_, _, available_languages, language_name, set_language,
                       supported_language, system_language)
from game.play.settings import (ADDRESS_LENGTH, ANIM_SPEEDS, THINK_TIMES, _default_names,
                                rename_defaults)
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Menu, Selector, TextField

ON_OFF = [(False, N_("Off")), (True, N_("On"))]
SETTINGS_ROW = 52       # thirteen rows and Back fit the screen with no scrolling


def language_choices() -> list[tuple[str, str]]:
    """("", "System (Español)") and each language by its own name."""
    system = language_name(supported_language(system_language()))
    return [("", _("System ({language})").format(language=system))] + [
        (code, language_name(code)) for code in available_languages()]


def apply_language(app) -> None:
    """Speak the settings' language on every screen at once: the scenes that build their
    texts once are built again, the cached layers of the others drawn afresh."""
    before = _default_names()
    set_language(app.settings.language)
    rename_defaults(app.settings, before)
    for i, scene in enumerate(app.stack):
        renewed = getattr(scene, "renewed", None)     # a scene that builds its texts once
        if renewed is not None:
            app.stack[i] = renewed()
        else:
            if hasattr(scene, "_static"):
                scene._static = None
            table = getattr(scene, "table", None)
            if table is not None and hasattr(table, "_hud_key"):
                table._hud_key = None
            if table is not None and hasattr(table, "_static_key"):
                table._static_key = None        # its layer holds the key legend's words
    app.backdrop.forget()
    pygame.display.set_caption(_("Dominoes"))


class SettingsScene(Scene):
    """Language, display, sound, animation, hints and player names; saved when it closes."""

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        speeds = list(ANIM_SPEEDS.items())
        self.fullscreen_row = Selector.of(N_("Full screen"), ON_OFF, app.fullscreen,
                                          self.set_fullscreen)
        rows = [
            Selector.of(N_("Language"), language_choices(), s.language, self.set_language),
            self.fullscreen_row,
            Selector.of(N_("Volume"), [(v, f"{v}%") for v in range(0, 101, 10)],
                        int(round(s.volume * 10)) * 10, self.set_volume),
            Selector.of(N_("Sound"), [(False, N_("On")), (True, N_("Muted"))], s.muted,
                        lambda v: setattr(s, "muted", v)),
            Selector.of(N_("Animation"), speeds, s.anim_speed,
                        lambda v: setattr(s, "anim_speed", v)),
            Selector.of(N_("Computer thinking time"), list(THINK_TIMES.items()),
                        s.think_seconds, lambda v: setattr(s, "think_seconds", v)),
            Selector.of(N_("Legal-move hints"), ON_OFF, s.show_hints,
                        lambda v: setattr(s, "show_hints", v)),
            Selector.of(N_("Board coordinates"), ON_OFF, s.show_coords,
                        lambda v: setattr(s, "show_coords", v)),
        ]
        rows += [TextField(_("Player {number} name").format(number=i + 1), s.player_names[i],
                           lambda text, i=i: s.player_names.__setitem__(i, text))
                 for i in range(4)]
        server = TextField(N_("Server address"), s.server_address, self.set_server,
                           max_length=ADDRESS_LENGTH)
        server.allow_empty = True
        rows.append(server)
        for row in rows:
            row.rect.h = SETTINGS_ROW
        self.menu = Menu(app, rows, top=150, bottom=910, width=900, gap=6,
                         footer=[Button(N_("Back"), app.pop, width=900)], footer_top=940)

    def renewed(self) -> SettingsScene:
        """This screen built again in the language now chosen, the same row in focus."""
        fresh = SettingsScene(self.app)
        fresh.menu.focus = self.menu.focus
        return fresh

    @property
    def wants_text(self) -> bool:
        return self.menu.editing

    def animating(self) -> bool:
        return self.menu.editing          # the text cursor blinks

    def set_language(self, code: str) -> None:
        self.app.settings.language = code
        apply_language(self.app)

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
        theme.draw_title(surface, _("Settings"), 80, 72)
        self.menu.draw(surface)
        legend = (_("Type the name   Enter: keep   Esc: undo") if self.wants_text else
                  _("Up/Down: choose   Left/Right: change   Enter: edit   Esc: back"))
        theme.draw_legend(surface, self.app, legend)
