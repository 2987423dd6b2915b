"""The match setup: the game, the players, who sits in each seat, the options; Start."""
from __future__ import annotations

from game.i18n import N_, _, current_language

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame


from game.logic.records import new_seed
from game.shell.frame import theme
from game.play.config import MatchConfig, Seat
from game.shell.screens.level_preview import (draw_layout, layouts_of, level_choices,
                                              own_folder_shown)
from game.shell.frame.scene import Scene
from game.shell.match.kinds import can_play
from game.shell.screens.dialogs import MessageScene, ask_before_replacing_save
from game.shell.screens.option_words import option_choices, option_label
from game.shell.frame.widgets import Button, Label, Menu, Selector, Widget
if TYPE_CHECKING:
    from game.logic.state import GameState

SETUP_ROW = 58          # the setup's rows: nine and Start/Back fit with no scrolling


def load_variants(playable_only: bool = False
                  ) -> tuple[list[tuple[str, type[GameState]]], list[str]]:
    """[(name, state class)] of every variant that imports (with `playable_only`, only
    those whose match scene can be built: see `can_play`), and an error line for each
    that does not import (the logic package is imported here, not at start-up)."""
    from game.logic.variants import find_variant, variant_names
    found, errors = [], []
    for name in variant_names():
        if playable_only and not can_play(name):
            continue
        try:
            found.append((name, find_variant(name)))
        except Exception as error:      # one broken variant module must not stop the menu
            errors.append(_("{game}: not available ({error})").format(game=name, error=error))
    return found, errors


def layout_choices(variant: str) -> tuple[list[tuple[str, str]], list[str]]:
    """(playable layouts as (name, title), error lines of broken ones) of the variant's
    levels, shipped and own (the registry's `levels`; none for a variant without)."""
    from game.logic import levels
    from game.logic.variants import variant_entry
    return level_choices(levels.list_layouts(variant) if variant_entry(variant).levels else (),
                         lambda e: e.level)


def start_choices(cls, set_name, stacks=False) -> tuple[list[tuple[str, str]], list[str]]:
    """(the starting boards of an open-board moving game made for the set `set_name`, as
    (name, title), then "random"; error lines of broken level files) from the variant's
    levels, shipped and own (elements.files.list_starts). Shift's boards are made for its
    `stacks` option instead of a set."""
    from game.logic.elements import files, shift_starts
    if not hasattr(cls, "sets"):
        good, broken = level_choices(shift_starts.list_starts(), lambda e: e.level,
                                     lambda start: start.stacks == bool(stacks))
    else:
        set_name = set_name if set_name in cls.sets else cls.sets[0]
        good, broken = level_choices(files.list_starts(cls), lambda e: e.level,
                                     lambda start: start.set_name == set_name)
    return good + [("random", N_("Random"))], broken


class EditableSelector(Selector):
    """The layout or start choice with an Edit button between its label and its value: a
    click on it, or E while the row has the focus, opens the level editor on the chosen
    board (`on_edit(value)`)."""

    def __init__(self, selector: Selector, on_edit):
        super().__init__(selector.label, selector.choices, selector.index, selector.on_change,
                         selector.rect.w, selector.rect.h)
        # the button as wide as its word (100 px at least), and room for it before the value
        self.edit_width = max(100, theme.font(30, True).size(_("Edit"))[0] + 28)
        self.value_indent = self.edit_width + 24
        self.help = _("{help} (E or Edit: change it, or make your own, in the editor)").format(
            help=selector.help)
        self.on_edit = on_edit
        self.previews = getattr(selector, "previews", False)
        self.broken: dict[str, str] = {}       # the choices that do not load: their errors

    def edit_rect(self) -> pygame.Rect:
        """Just before the value (where the last drawing put it)."""
        left = getattr(self, "_value_left", self.rect.x + self.rect.w * 0.42 + self.value_indent)
        return pygame.Rect(left - 30 - self.edit_width, self.rect.y, self.edit_width,
                           self.rect.h).inflate(0, -14)

    def handle(self, action) -> bool:
        if action.name == "read_ends":
            self.on_edit(self.value)
            return True
        return super().handle(action)

    def click(self, pos) -> None:
        if self.edit_rect().collidepoint(pos):
            self.on_edit(self.value)
        else:
            super().click(pos)

    def draw(self, surface, focused: bool) -> None:
        super().draw(surface, focused)
        box = self.edit_rect()
        pygame.draw.rect(surface, (70, 98, 108), box, border_radius=10)
        theme.draw_text(surface, _("Edit"), box.center, 30, theme.TEXT, "center", bold=True)


# the side panel's summary: 28 px lines 36 apart (an accented capital clears the line
# above), a blank line half that, from y 300 to above "Full rules" at 920
SUMMARY_STEP = 36
SUMMARY_ROOM = 600


def _summary_height(lines) -> int:
    return sum(SUMMARY_STEP if line else SUMMARY_STEP // 2 for line, _goal in lines)


class VariantSelectScene(Scene):
    """Choose the game, the players, each seat's controller and the options; Start."""

    start_label = N_("Start")
    title = N_("New game")

    def __init__(self, app):
        super().__init__(app)
        self.variants, self.errors = load_variants(playable_only=True)
        self.classes = dict(self.variants)
        self.seat_choices = self.seat_kinds()
        setup = self.saved_setup()
        names = list(self.classes)
        self.variant = setup.get("variant") if setup.get("variant") in names else (
            names[0] if names else None)
        saved_seats = setup.get("seats") if isinstance(setup.get("seats"), list) else []
        kinds = [k for k, _x in self.seat_choices]
        self.seats = [saved_seats[i] if i < len(saved_seats) and saved_seats[i] in kinds
                      else self.default_seat(i) for i in range(4)]
        saved_options = setup.get("options") if isinstance(setup.get("options"), dict) else {}
        self.options = {n: dict(v) for n, v in saved_options.items() if isinstance(v, dict)}
        self.players = setup.get("players")
        self.layouts = {}                        # the variant's levels by name, to preview
        self.menu = None
        self.rebuild(focus=0)

    def saved_setup(self) -> dict:
        """The setup last started here (a dict: load_settings checks it)."""
        return self.app.settings.last_setup

    @staticmethod
    def seat_kinds() -> list[tuple[str, str]]:
        """(kind, words) of who may sit in a seat: a person, or the computer's levels."""
        from game.logic.agents import AGENTS
        return [("human", N_("Human"))] + [
            (name, _("Computer: {level}").format(level=_(cls.title)))
            for name, cls in AGENTS.items()]

    @staticmethod
    def default_seat(index: int) -> str:
        return "human" if index == 0 else "greedy"

    # ---- state -> widgets ----------------------------------------------------------
    @property
    def cls(self):
        return self.classes.get(self.variant)

    def rebuild(self, focus=None):
        focus = self.menu.focus if focus is None and self.menu else (focus or 0)
        rows = []
        if self.cls is not None:
            cls = self.cls
            if not isinstance(self.players, int) or not (
                    cls.min_players <= self.players <= cls.max_players):
                self.players = cls.min_players
            rows.append(Selector.of(N_("Game"), [(n, c.title) for n, c in self.variants],
                                    self.variant, self.set_variant))
            rows.append(Selector.of(N_("Players"), [(n, str(n)) for n in range(
                cls.min_players, cls.max_players + 1)], self.players, self.set_players))
            rows[0].help = _("Left/Right picks the game; its rules are summed up on the right")
            rows[1].help = (_("{low} to {high} players").format(low=cls.min_players,
                                                                 high=cls.max_players)
                            if cls.min_players < cls.max_players
                            else _("Always {count} players").format(count=cls.min_players))
            names = self.app.settings.player_names
            for i in range(self.players):
                seat = Selector.of(names[i], self.seat_choices, self.seats[i],
                                   lambda v, i=i: self.set_seat(i, v))
                seat.marker = theme.PLAYER_COLOURS[i]
                seat.help = _("Who plays seat {number}: a person or the computer").format(
                    number=i + 1)
                rows.append(seat)
            rows += self.option_rows(cls)
        rows += [Label(e, color=theme.ILLEGAL) for e in self.errors]
        for row in rows:
            if row.focusable:
                row.rect.h = SETUP_ROW
        footer = ([Button(self.start_label, self.start, width=260),
                   Button(N_("How to play"), self.how_to_play, width=360)]
                  if self.cls is not None else []) + [
            Button(N_("Back"), self.app.pop, width=260 if self.cls is not None else 900)]
        self.menu = Menu(self.app, rows, center_x=520, top=200, bottom=850, focus=focus,
                         width=900, gap=10, footer=footer, footer_top=896)

    def option_rows(self, cls) -> list:
        chosen = self.options.setdefault(self.variant, {})
        rows: list[Widget] = []
        for option in cls.options_declared:
            choices: Sequence[tuple[object, str]] = option_choices(option)
            broken: list[str] = []
            if option.name == "layout":
                choices, broken = layout_choices(self.variant)
            elif option.name == "start":
                choices, broken = start_choices(cls, chosen.get("set"), chosen.get("stacks"))
            offered = {v for v, _x in choices}     # a broken level: offered by its name
            errors = {error.split(".toml", 1)[0]: error for error in broken}
            choices = [*choices, *((name, _("{file}.toml (does not load)").format(file=name))
                                   for name in errors if name not in offered)]
            broken = [error for name, error in errors.items() if name in offered]
            if not choices:
                choices = [(option.default, str(option.default))]
            values = [v for v, _x in choices]
            if chosen.get(option.name) not in values:
                chosen[option.name] = option.default if option.default in values else values[0]
            label = option_label(option.name)
            selector = Selector.of(label, choices, chosen[option.name],
                                   lambda v, n=option.name: chosen.__setitem__(n, v))
            selector.help = _(option.help)
            if option.name == "layout":    # the side panel shows the focused level's board
                self.layouts = layouts_of(self.variant)
                selector.previews = True
            if option.name in ("set", "stacks"):   # the starting boards offered follow them
                selector.on_change = lambda v, n=option.name: (chosen.__setitem__(n, v),
                                                               self.rebuild())
            elif option.name == "start":
                selector.help = _("The board to start from: a level file made for the set, "
                                  "or the set shuffled on the home ranks (random)")
                if not hasattr(cls, "sets"):
                    selector.help = _("The board to start from: a level file made for stacks "
                                      "on or off, or the elements shuffled at home (random)")
            if option.name in ("layout", "start"):        # Edit beside the choice
                selector.help += _("; yours are in {folder}").format(
                    folder=own_folder_shown(self.variant))
                selector = EditableSelector(selector, self.edit)
                selector.broken = errors
            rows.append(selector)
            rows += [Label(line, color=theme.ILLEGAL, size=26, height=32)
                     for error in broken for line in theme.wrap_text(error, 880, 26)]
        return rows

    def set_variant(self, name):
        self.variant = name
        self.rebuild()

    def enter(self):
        if self.menu is not None:
            self.rebuild()      # back from the editor: its new level is offered

    def edit(self, name):
        self.app.start_editor(self.variant, name)

    def set_players(self, n):
        self.players = n
        self.rebuild()

    def set_seat(self, i, kind):
        self.seats[i] = kind

    # ---- start ---------------------------------------------------------------------
    def config(self, seed: int) -> MatchConfig:
        names = self.app.settings.player_names
        seats = tuple(Seat(names[i]) if self.seats[i] == "human"
                      else Seat(names[i], "computer", self.seats[i])
                      for i in range(self.players))
        return MatchConfig(self.variant, seats, dict(self.options.get(self.variant, {})), seed)

    def start(self):
        from game.shell.lessons.learn import offer_lessons
        self.app.settings.last_setup = {"variant": self.variant, "players": self.players,
                                        "seats": list(self.seats), "options": self.options}
        self.app.save_settings()
        config = self.config(new_seed())
        for row in self.menu.widgets:           # a level that does not load: not started
            error = getattr(row, "broken", {}).get(getattr(row, "value", None))
            if error:
                self.app.push(MessageScene(self.app, _("This level does not load"), error))
                return

        def begin():
            if not offer_lessons(self.app, config):     # a game new to the person: lessons?
                self.app.start_match(config)
        ask_before_replacing_save(self.app, begin)

    def how_to_play(self):
        from game.shell.lessons.learn import LessonListScene
        self.app.push(LessonListScene(self.app, self.variant))

    def handle(self, action):
        if action.name == "back":
            self.app.pop()
        else:
            self.menu.handle(action)

    # ---- drawing -------------------------------------------------------------------
    @staticmethod
    @functools.cache
    def summary(cls, language: str = "", room: int = SUMMARY_ROOM) -> tuple[tuple[str, bool], ...]:
        """(line, of the goal) of the side panel: how the game is won first, then the
        first whole paragraphs of the rules that fit `room` pixels (wrapped once per
        variant, not every frame; once per language too)."""
        lines: list[tuple[str, bool]] = []
        if cls.how_to_win:
            lines += [(line, True) for line in
                      theme.wrap_text(_("How to win: {goal}").format(goal=_(cls.how_to_win)),
                                      740, 28, True)] + \
                [("", False)]
        for paragraph in _(cls.rules_text).strip().split("\n\n"):
            wrapped = theme.wrap_text(paragraph.replace("\n", " "), 740, 28)
            if _summary_height(lines) + len(wrapped) * SUMMARY_STEP > room:
                break
            lines += [(line, False) for line in wrapped] + [("", False)]
        return tuple(lines)

    def draw(self, surface):
        theme.draw_felt(surface)
        theme.draw_title(surface, _(self.title), 100, 72)
        self.menu.draw(surface)
        panel = (1040, 200, 820, 760)
        theme.draw_panel(surface, panel)
        cls = self.cls
        focused = self.menu.focused
        layout = self.layouts.get(focused.value) if getattr(focused, "previews", False) \
            else None
        error = getattr(focused, "broken", {}).get(getattr(focused, "value", None))
        if error:                                   # the chosen level does not load
            theme.draw_text(surface, _("{file}.toml does not load").format(file=focused.value),
                            (1080, 230), 40,
                            theme.TITLE, bold=True)
            for i, line in enumerate(theme.wrap_text(error, 740, 28)[:12]):
                theme.draw_text(surface, line, (1080, 300 + 34 * i), 28, theme.ILLEGAL)
            theme.draw_text(surface, _("Edit opens it to be fixed, if it is yours"), (1080, 920),
                            26, theme.TEXT_DIM, "midleft")
        elif layout is not None:
            draw_layout(surface, layout, pygame.Rect(panel))
        elif cls is not None:
            theme.draw_text(surface, _(cls.title), (1080, 230), 40, theme.TITLE, bold=True)
            y = 300
            for line, goal in self.summary(cls, current_language()):
                theme.draw_text(surface, line, (1080, y), 28,
                                theme.HIGHLIGHT if goal else theme.TEXT, bold=goal)
                y += SUMMARY_STEP if line else SUMMARY_STEP // 2
            theme.draw_fitted(surface, _("Full rules: Rules on the title menu or the pause menu"),
                              (1080, 920), 740, 26, theme.TEXT_DIM, "midleft", smallest=20)
        help_text = self.help_text()
        draw_help(surface, help_text[:1].upper() + help_text[1:])
        theme.draw_legend(surface, self.app,
                          _("Up/Down: choose   Left/Right: change   Enter: select   Esc: back"))

    def help_text(self) -> str:
        """The line under the buttons: the focused row's help."""
        return getattr(self.menu.focused, "help", "") or ""


HELP_AREA = pygame.Rect(40, 966, 1840, 60)      # between Start / Back and the key legend


def draw_help(surface, text: str) -> None:
    """The focused row's help under the buttons, never over them: one line, or two
    smaller ones (a level's description, the starting board)."""
    lines = theme.wrap_text(text, HELP_AREA.w, 30) if text else []
    size = 30
    if len(lines) > 1:
        size = 24
        lines = theme.wrap_text(text, HELP_AREA.w, size)[:2]
    step = HELP_AREA.h // max(1, len(lines))
    for i, line in enumerate(lines):
        theme.draw_fitted(surface, line, (HELP_AREA.centerx, HELP_AREA.y + step * i + step // 2),
                          HELP_AREA.w, size, theme.TEXT, "center", shadow=True)
