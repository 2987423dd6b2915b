"""The Levels screen of the title menu: choose a game, then the level to start from
(shipped, or one of your own); the editor opens on a copy of it (your own in place)."""
from __future__ import annotations

from game.logic.levels import list_levels
from game.logic.variants import VARIANTS
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Label, Menu, Selector, Widget, back_or_menu
from game.shell.screens.level_preview import level_choices

LEGEND = "Up/Down: choose   Left/Right: change the game   Enter: edit   Esc: back"


def editable_variants() -> list[tuple[str, str]]:
    """(name, title) of every game with level files."""
    return [(name, entry.load().title) for name, entry in VARIANTS.items() if entry.levels]


class LevelsScene(Scene):
    def __init__(self, app, variant: str | None = None):
        super().__init__(app)
        self.games = editable_variants()
        names = [n for n, _ in self.games]
        self.variant = variant if variant in names else names[0]
        self.menu: Menu | None = None
        self.rebuild()

    def enter(self):
        self.rebuild()          # back from the editor: a level saved or deleted shows

    def rebuild(self) -> None:
        focus = self.menu.focus if self.menu else 0
        good, broken = level_choices(list_levels(self.variant), lambda e: e.level)
        rows: list[Widget] = [Selector.of("Game", self.games, self.variant, self.set_variant)]
        rows += [Button(title, lambda n=name: self.edit(n), height=56, size=34)
                 for name, title in good]
        rows += [Label(line, color=theme.ILLEGAL, size=26, height=32)
                 for error in broken for line in theme.wrap_text(error, 1100, 26)]
        self.menu = Menu(self.app, rows, top=230, bottom=900, width=1120, gap=8, focus=focus,
                         footer=[Button("Back", self.app.pop, width=400)], footer_top=930)

    def set_variant(self, name: str) -> None:
        self.variant = name
        self.rebuild()

    def edit(self, name: str) -> None:
        self.app.start_editor(self.variant, name)

    def handle(self, action):
        back_or_menu(self.app, self.menu, action)

    def draw(self, surface):
        theme.draw_felt(surface)
        theme.draw_title(surface, "Levels", 100, 72)
        theme.draw_text(surface, "Choose a level to start from: you edit a copy (your own "
                        "levels in place), saved with your levels", (960, 180), 30,
                        theme.TEXT_DIM, "center")
        self.menu.draw(surface)
        theme.draw_legend(surface, self.app, LEGEND)
