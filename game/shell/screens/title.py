"""The title menu and the game picker ("Rules of which game?")."""
from __future__ import annotations


import pygame

from game.i18n import N_, _
from game.play import saves

from game.shell.frame import theme, tile_art
from game.shell.frame.scene import Scene
from game.shell.match.kinds import can_play
from game.shell.frame.scrolling import row_height
from game.shell.frame.widgets import Button, Label, Menu, Widget, back_or_menu
from game.shell.screens.setup import VariantSelectScene, load_variants
MENU_LEGEND = N_("Up/Down: choose   Enter: select   Esc: back   F11: full screen")
PICK_ROW = 56           # "Rules of which game?": ten games and Back fit at this height
TITLE_ROW = 50          # the title menu: nine rows with Continue fit with no scrolling



def continue_label(save, width: int = 1700, size: int = 34) -> str:
    """'Continue: Dominox, Ann vs Medium, move 14, 23 Nov 14:05'; the players are said
    shorter ('Ann, Bob and 2 computers'), then cut, when they would not fit."""
    title, players, move, when = saves.describe_parts(save)
    line = _("Continue: {game}, {players}, {move}, {when}")
    room = width - theme.font(size, True).size(line.format(game=title, players="", move=move,
                                                           when=when))[0]
    if theme.font(size, True).size(players)[0] > room:
        players = saves.describe_parts(save, short=True)[1]
    return line.format(game=title, players=theme.fit_text(players, room, size, True),
                       move=move, when=when)


class TitleScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.notice = None
        self.continue_button = None      # first, while a match is saved (offer_continue)
        self.menu = Menu(app, [Button(label, action, height=TITLE_ROW) for label, action in (
            (N_("Play"), self.play), (N_("Network"), self.network), (N_("Learn"), self.learn),
            (N_("Rules"), self.rules), (N_("Levels"), self.levels),
            (N_("Statistics"), self.statistics), (N_("Settings"), self.settings),
            (N_("Quit"), app.quit))], top=468, bottom=966, gap=5)

    def renewed(self) -> TitleScene:
        """The title menu built again in the language now chosen (Settings)."""
        fresh = TitleScene(self.app)
        fresh.offer_continue()
        fresh.menu.focus = min(self.menu.focus, len(fresh.menu.widgets) - 1)
        return fresh

    def enter(self):
        self.offer_continue()
        if self.app.notice:               # shown once: taken from the app on arrival
            self.notice, self.app.notice = self.app.notice, None

    def offer_continue(self) -> None:
        """Continue (first) while a match is saved; a damaged save is set aside and the
        notice says so. Read again on every return here: the save follows the match. A
        second window on the data folder offers none: the match is the first one's."""
        save, problem = saves.load_save() if self.app.keeps_matches else (None, None)
        self.app.tell(problem)
        focused, offered = self.menu.focused, self.continue_button is not None
        widgets = [w for w in self.menu.widgets if w is not self.continue_button]
        self.continue_button = None
        if save is not None:
            self.continue_button = Button(
                continue_label(save), lambda: self.app.start_match(save.config, save.state),
                width=1760, height=TITLE_ROW, size=34)
            widgets.insert(0, self.continue_button)
        self.menu.widgets = widgets
        fresh = save is not None and not offered          # a new Continue takes the focus
        self.menu.focus = 0 if fresh or focused not in widgets else widgets.index(focused)
        self.menu.layout()

    def play(self):
        self.app.push(VariantSelectScene(self.app))

    def network(self):
        self.app.open_network()

    def learn(self):
        from game.shell.lessons.learn import LearnScene
        self.app.push(LearnScene(self.app, load_variants(playable_only=True)[0]))

    def rules(self):
        from game.shell.screens.rules import RulesScene
        self.app.push(VariantPickScene(self.app, N_("Rules of which game?"),
                                       lambda name: self.app.push(RulesScene(self.app, name))))

    def levels(self):
        from game.shell.editor.picker import LevelsScene
        self.app.push(LevelsScene(self.app))

    def statistics(self):
        from game.shell.screens.statistics import StatsScene
        self.app.push(StatsScene(self.app))

    def settings(self):
        from game.shell.screens.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def handle(self, action):
        if action.name == "back":        # asked, so that Esc then Enter never quits
            from game.shell.screens.dialogs import ConfirmScene
            self.app.push(ConfirmScene(self.app, _("Quit the game?"), N_("Quit"), N_("Stay"),
                                       self.app.quit, _("A saved match waits for next time")))
        else:
            self.menu.handle(action)

    def draw(self, surface):
        theme.draw_felt(surface)
        w = surface.get_width()
        for i, ends in enumerate(((6, 6), (5, 3), (4, 1), (2, 0), (6, 4))):
            rect = pygame.Rect((0, 0), tile_art.body_size(112, vertical=i % 2 == 0))
            rect.center = (w // 2 + (i - 2) * 150, 150)
            tile_art.draw_tile(surface, rect, ends)
        theme.draw_title(surface, _("DOMINOES"), 318, 150)
        theme.draw_text(surface, _("Line and board domino games, for the couch"),
                        (w // 2, 436), 36, theme.TEXT_DIM, "center")
        self.menu.draw(surface)
        if self.notice:
            theme.draw_caption(surface, self.app, self.notice, color=theme.HIGHLIGHT)
        theme.draw_legend(surface, self.app, _(MENU_LEGEND))


class VariantPickScene(Scene):
    """A list of the variants; choosing one calls `on_pick(name)` after this pops. The
    rules of a variant that cannot be played yet are still offered, marked as such."""

    def __init__(self, app, heading: str, on_pick):
        super().__init__(app)
        self.heading = heading
        variants, self.errors = load_variants()
        # more games: lower rows, so that a dozen still fit; more than that scroll
        row = row_height(len(variants), 240, 890, 10, PICK_ROW)
        rows: list[Widget] = [
            Button(_(cls.title) if can_play(name) else
                   _("{game} (rules only)").format(game=_(cls.title)),
                   lambda n=name: self.pick(n), height=row, size=40 * row // PICK_ROW)
            for name, cls in variants]
        rows += [Label(e, color=theme.ILLEGAL) for e in self.errors]
        self.on_pick = on_pick
        self.menu = Menu(app, rows, top=240, bottom=890, gap=10,
                         footer=[Button(N_("Back"), app.pop)], footer_top=926)

    def pick(self, name):
        self.app.pop()
        self.on_pick(name)

    def handle(self, action):
        back_or_menu(self.app, self.menu, action)

    def draw(self, surface):
        theme.draw_felt(surface)
        theme.draw_title(surface, _(self.heading), 160)
        self.menu.draw(surface)
        theme.draw_legend(surface, self.app, _(MENU_LEGEND))
