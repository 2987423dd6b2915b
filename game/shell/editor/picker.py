"""The Levels screen of the title menu: choose a game, then a level to start from
(shipped, or one of your own), a blank new one, one of yours that is broken (to fix it),
or one deleted while the game runs (to bring it back); the side panel shows the focused
level's board and description. The editor opens on a copy (your own in place)."""
from __future__ import annotations


import pygame

from game.i18n import N_, _, ngettext

from game.logic import levels
from game.logic.levels import list_levels, unlisted_levels
from game.logic.variants import VARIANTS
from game.shell.board.elements.art import draw_element
from game.shell.editor.canvas import draw_lines
from game.shell.editor.level_file import deleted_levels, forget_deleted, restore
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Label, Menu, Selector, Widget, back_or_menu
from game.shell.screens.dialogs import ConfirmScene
from game.shell.screens.level_preview import (DARK, FRAME, LIGHT, draw_board,
                                               draw_description, problem_line, titled)

LEGEND = N_("Up/Down: choose   Left/Right: change the game   Enter: edit   Esc: back")
PANEL = pygame.Rect(1060, 200, 800, 760)


def editable_variants() -> list[tuple[str, str]]:
    """(name, title) of every game with level files."""
    return [(name, entry.load().title) for name, entry in VARIANTS.items() if entry.levels]


class LevelsScene(Scene):
    def __init__(self, app, variant: str | None = None):
        super().__init__(app)
        self.games = editable_variants()
        names = [n for n, _title in self.games]
        self.variant = variant if variant in names else names[0]
        self.menu: Menu | None = None
        self.message = ""
        self.rebuild()

    def enter(self):
        self.rebuild()          # back from the editor: a level saved or deleted shows

    def rebuild(self) -> None:
        focus = self.menu.focus if self.menu else 0
        self.previews: dict[Widget, object] = {}      # a level's button: its entry, shown
        rows: list[Widget] = [Selector.of(N_("Game"), self.games, self.variant, self.set_variant),
                              Button(N_("A new blank level"), self.new_level, height=56, size=34)]
        for entry in list_levels(self.variant):
            title = (entry.level.title if entry.level else "") or entry.name
            if entry.level is not None:
                button = Button(titled(title, entry.own), lambda n=entry.name: self.edit(n),
                                height=56, size=34)
                self.previews[button] = entry
                rows.append(button)
                continue
            error = problem_line(entry)
            if entry.own:                             # yours: open it to fix it
                rows.append(Button(_("Fix {file}").format(file=f"{entry.name}.toml"),
                                   lambda n=entry.name: self.edit(n), height=56, size=34))
            rows += [Label(line, color=theme.ILLEGAL, size=26, height=32)
                     for line in theme.wrap_text(error, 900, 26)]
        more = unlisted_levels(self.variant)
        if more:               # a folder holds more than any list takes: say so, never hide
            rows.append(Label(ngettext(
                "{count} more level file is not listed (a folder lists its first {most} by "
                "name)", "{count} more level files are not listed (a folder lists its first "
                "{most} by name)", more).format(count=f"{more:,}", most=levels.MAX_LEVEL_FILES),
                              color=theme.ILLEGAL, size=26, height=32))
        for level in deleted_levels(self.app):
            if level.variant == self.variant:
                rows.append(Button(_("Bring back {file} (deleted)").format(file=level.path.name),
                                   lambda d=level: self.bring_back(d), height=56, size=30))
        self.menu = Menu(self.app, rows, center_x=520, top=230, bottom=900, width=940, gap=8,
                         focus=focus, footer=[Button(N_("Back"), self.app.pop, width=400)],
                         footer_top=930)

    def set_variant(self, name: str) -> None:
        self.variant = name
        self.rebuild()

    def edit(self, name: str) -> None:
        self.app.start_editor(self.variant, name)

    def new_level(self) -> None:
        self.app.start_editor(self.variant, blank=True)

    def bring_back(self, level, replace: bool = False) -> None:
        """Write a level deleted this session back where it was (asking first when a file
        of its name is there again)."""
        try:
            refusal = restore(level, replace)
        except OSError as error:
            self.message = _("Not brought back: {error}").format(error=error.strerror or error)
            return
        if refusal:
            self.app.push(ConfirmScene(self.app, _("{file} is there again").format(
                file=level.path.name), N_("Replace it"), N_("Keep it"),
                lambda: self.bring_back(level, True),
                _("Not brought back yet: {why}").format(why=refusal)))
            return
        forget_deleted(self.app, level)
        self.message = _("{file} is back among your levels").format(file=level.path.name)
        self.rebuild()

    def handle(self, action):
        back_or_menu(self.app, self.menu, action)

    def draw(self, surface):
        theme.draw_felt(surface)
        theme.draw_title(surface, _("Levels"), 100, 72)
        theme.draw_fitted(surface, _("Choose a level to start from: you edit a copy (your "
                                     "own levels in place), saved with your levels"),
                          (960, 180), 1840, 30, theme.TEXT_DIM, "center")
        self.menu.draw(surface)
        theme.draw_panel(surface, PANEL)
        entry = self.previews.get(self.menu.focused) if self.menu.focused else None
        if entry is not None:
            draw_level(surface, entry, PANEL)
        else:
            lines = [_("A new blank level: an open board, or every element in the tray.")] \
                if self.menu.focused is self.menu.widgets[1] else \
                [_("Your levels are kept beside your saved match; a broken one opens to be "
                   "fixed, and one deleted while the game runs can be brought back here.")]
            y = PANEL.y + 40
            for line in (line for text in lines for line in theme.wrap_text(text, 720, 28)):
                theme.draw_text(surface, line, (PANEL.x + 40, y), 28, theme.TEXT)
                y += 38             # (an accented capital's ink clears the line above)
        if self.message:            # beside Back, under the panel
            draw_lines(surface, self.message, (PANEL.x, 966), PANEL.w, 2, theme.TEXT)
        theme.draw_legend(surface, self.app, LEGEND)


def draw_level(surface, entry, panel: pygame.Rect) -> None:
    """A level's title, description and board (squares, or the elements of a start)."""
    level, x, width = entry.level, panel.x + 40, panel.w - 80
    said = (lambda text: text) if entry.own else _      # a shipped level's words: ours
    theme.draw_fitted(surface, titled(said(level.title) or entry.name, entry.own),
                      (x, panel.y + 30), width, 40, theme.TITLE, bold=True)
    theme.draw_fitted(surface, f"{entry.name}.toml", (x, panel.y + 84), width, 28,
                      theme.TEXT_DIM)
    y = draw_description(surface, said(level.description) or _("(no description)"),
                         (x, panel.y + 130), width)
    area = pygame.Rect(x, y + 20, width, panel.bottom - y - 60)
    if hasattr(level, "grid_text"):
        draw_board(surface, level, area)
    else:
        draw_start(surface, level, area)


def draw_start(surface, level, area: pygame.Rect) -> None:
    """A starting board: 8 x 8 squares with the element (the top of a stack) on each."""
    size = 8
    cell = min(area.w, area.h) // size
    board = pygame.Rect(0, 0, cell * size, cell * size)
    board.center = area.center
    pygame.draw.rect(surface, FRAME, board.inflate(10, 10), border_radius=6)
    stacks = level.cells if hasattr(level, "cells") else \
        [[e for s, e in level.placed if s == square] for square in range(size * size)]
    for square, stack in enumerate(stacks):
        file, rank = square % size, square // size
        rect = pygame.Rect(board.x + file * cell, board.bottom - (rank + 1) * cell, cell, cell)
        surface.fill((LIGHT, DARK)[(file + rank) % 2 == 0], rect)
        if stack:
            draw_element(surface, rect.inflate(-4, -4), stack[-1])
