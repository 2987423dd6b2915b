"""What every network screen shares: the person's name (asked for, kept in the settings)
and the screen that says what a join waits for."""
from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Menu, TextField
from game.shell.screens.setup import VariantSelectScene
from game.shell.screens.title import MENU_LEGEND


def asked_name(app) -> str:
    """The person's name to start a name field with: empty while it is the default
    ("Player 1"), so a first-time player is asked for theirs."""
    name = app.settings.player_names[0]
    return "" if name == "Player 1" else name


def name_field(name: str, on_change, width: int = 760) -> TextField:
    field = TextField(N_("Your name"), name, on_change, width=width)
    field.help = N_("Your name, as the others at the table see it")
    return field


def second_name_field(name: str, on_change=None, width: int = 760) -> TextField:
    """The name of the second person on this computer's couch."""
    field = TextField(N_("Second person's name"), name, on_change, width=width)
    field.help = N_("The name of the second person here, as the others at the table see it")
    return field


def keep_name(app, text: str, index: int = 0) -> bool:
    """Keep `text` as the name of the person of seat `index` here (in the settings: the
    first person's, or the second's of a couch); False when there is none."""
    from game.play.settings import clean_name
    name = clean_name(text)
    if not name:
        return False
    if name != app.settings.player_names[index]:
        app.settings.player_names[index] = name
        app.save_settings()
    return True


class KeptField(TextField):
    """A field filled with what was kept (the last match joined), shown selected: the
    first key typed replaces it (Backspace empties it); Enter edits it as it is."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.selected = bool(self.text)

    def handle_confirm(self) -> None:
        self.selected = False
        super().handle_confirm()

    def type_first(self, char: str) -> None:
        """The first key on the field in focus: it starts the editing."""
        kept = self.selected
        self.handle_confirm()
        if kept:
            self.text, self.cursor = "", 0
            if char in ("\b", "\x7f"):
                return
        self.type(char)

    def draw(self, surface, focused: bool) -> None:
        super().draw(surface, focused)
        if self.selected and not self.editing:
            r = self.rect
            left = r.x + r.w * self.box_left + 12
            width = min(theme.font(self.SIZE).size(self.text)[0], r.right - 28 - left)
            mark = pygame.Surface((int(width) + 8, r.h - 24), pygame.SRCALPHA)
            mark.fill((*theme.SELECTION, 90))
            surface.blit(mark, (left - 4, r.y + 12))


def typing_row(menu: Menu) -> bool:
    """Whether keys are typing: a text field in focus takes them at once, no Enter first
    (the system's text input is on, letters come as text, Backspace erases)."""
    return isinstance(menu.focused, TextField)


def form_key(menu: Menu, action) -> bool:
    """A network form's keys before its menu's: a character typed into the text field in
    focus starts its editing; Backspace (a `back` with its "\\b") never leaves the form,
    only Esc does; Space on a button presses it. True when `action` was used here."""
    focused = menu.focused
    if action.name == "back" and action.char == "\b":
        return True
    if action.name != "text" or menu.editing:
        return False
    if isinstance(focused, KeptField):
        focused.type_first(action.char)
    elif isinstance(focused, TextField):
        focused.handle_confirm()
        focused.type(action.char)
    elif action.char == " " and focused is not None:
        focused.handle_confirm()
    return True


class WaitScene(Scene):
    """What a join waits for (the connection, the host's welcome, at a table the
    server's); Esc gives up. `text` is a sentence of the template, filled in with
    `words` where it is shown."""

    def __init__(self, app, text: str, table: bool = False, **words: str):
        super().__init__(app)
        self.text, self.table, self.words = text, table, words

    def handle(self, action) -> None:
        if action.name in ("back", "pause"):
            self.app.end_network()
            self.app.remove(self)

    def animating(self) -> bool:
        return True

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        theme.draw_panel(surface, (360, 380, 1200, 300))
        theme.draw_fitted(surface, _(self.text).format(**self.words), (960, 480),
                          1100, 44, theme.TITLE, "center", bold=True)
        dots = "." * (1 + int(self.app.time * 2) % 3)
        waiting = _("Waiting for the server") if self.table else _("Waiting for the host")
        theme.draw_text(surface, waiting + dots, (960, 570), 34, theme.TEXT, "center")
        theme.draw_legend(surface, self.app, N_("Esc: give up"))


class FormScene(Scene):
    """A network screen of fields and buttons (`self.menu`, made by the subclass) with one
    line under them: what went wrong (`say`, red) or the focused row's help."""

    title = ""
    intro = ""              # a line under the title, if any
    menu: Menu

    def __init__(self, app):
        super().__init__(app)
        self.problem: str | None = None

    @property
    def wants_text(self) -> bool:
        return typing_row(self.menu)

    def say(self, reason: str) -> None:
        self.problem = reason

    def handle(self, action) -> None:
        self.problem = None if action.name != "point" else self.problem
        if form_key(self.menu, action):
            return
        if action.name == "back" and not self.menu.editing:     # (editing: undo the typing)
            self.app.pop()
        else:
            self.menu.handle(action)

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        theme.draw_title(surface, self.title, 160)
        if self.intro:
            theme.draw_fitted(surface, _(self.intro), (960, 290), 1800, 32, theme.TEXT_DIM,
                              "center")
        self.menu.draw(surface)
        text = self.problem or _(getattr(self.menu.focused, "help", "") or "")
        theme.draw_caption(surface, self.app, text,
                           color=theme.ILLEGAL if self.problem else theme.TEXT, y=1000)
        theme.draw_legend(surface, self.app, MENU_LEGEND)


class NetSetupScene(VariantSelectScene):
    """The new-game screen of a match with friends on other computers: the person's name
    first, seats of the kinds `SEATS` then the computers; the first seat this computer's,
    the second a friend's."""

    SEATS: list[tuple[str, str]] = []

    def __init__(self, app):
        self.name = asked_name(app)
        self.problem: str | None = None
        super().__init__(app)

    def seat_kinds(self) -> list[tuple[str, str]]:          # type: ignore[override]
        return self.SEATS + VariantSelectScene.seat_kinds()[1:]

    @staticmethod
    def default_seat(index: int) -> str:
        return ("here", "remote")[index] if index < 2 else "greedy"

    def set_name(self, text: str) -> None:
        self.name = text

    @property
    def wants_text(self) -> bool:
        return typing_row(self.menu)

    def say(self, reason: str) -> None:
        self.problem = reason

    def handle(self, action):
        if action.name != "point":     # what was wrong is said until the next action
            self.problem = None
        if form_key(self.menu, action):
            return None
        if self.menu.editing:                  # Esc undoes the typing, it does not leave
            return self.menu.handle(action)
        return super().handle(action)

    def help_text(self) -> str:
        return "" if self.problem else _(super().help_text())   # (the problem takes its
                                                                # line)

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.problem:
            theme.draw_caption(surface, self.app, self.problem, color=theme.ILLEGAL, y=1000)
