"""Learning a game: Title -> Learn lists the games with their lesson progress; a game's
list of lessons (also How to play on the new-game screen, and `main.py --learn VARIANT`)
opens each lesson on the real board (scene.py) and ends with Play a first game:
a match against Easy with the coach's suggestion shown on every turn (training.py).

The first time a person starts a game they have never played (no statistics under their
name, no lesson of it finished, not offered before), the game offers its lessons; one
press (Esc, or Enter on Play now) skips them.
"""
from __future__ import annotations

from game.i18n import N_, _, ngettext

from typing import TYPE_CHECKING

import pygame

from game.logic.lessons import list_lessons, lesson_files
from game.logic.records import new_seed
from game.logic.variants import find_variant

from game.play import lesson_progress, statistics as stats

from game.play.config import MatchConfig, Seat
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.scrolling import row_height
from game.shell.frame.widgets import Button, Label, Menu, Widget

if TYPE_CHECKING:
    from game.logic.lessons.files import Lesson

LIST_LEGEND = N_("Up/Down: choose   Enter: open the lesson   Esc: back   F11: full screen")
GAMES_LEGEND = N_("Up/Down: choose   Enter: select   Esc: back   F11: full screen")
ROW = 56                    # ten games and Back fit at this height
FIRST_GAME = N_("Play a first game")


def progress_label(title: str, done: int, total: int) -> str:
    if not total:
        return _("{game}: no lessons yet").format(game=_(title))
    if done >= total:
        return ngettext("{game}: the lesson done", "{game}: all {total} lessons done",
                        total).format(game=_(title), total=total)
    return ngettext("{game}: {done} of {total} lesson done", "{game}: {done} of {total} "
                    "lessons done", total).format(game=_(title), done=done, total=total)


class MenuScreen(Scene):
    """A screen of one Menu: Esc goes back, every other action is the menu's."""

    menu: Menu

    def handle(self, action) -> None:
        if action.name == "back":
            self.app.pop()
        else:
            self.menu.handle(action)


class LearnScene(MenuScreen):
    """Title -> Learn: every game (`variants`, (name, state class) pairs of those that can
    be played) with how many of its lessons are done."""

    def __init__(self, app, variants):
        super().__init__(app)
        self.variants = list(variants)
        # more games: lower rows, so that a dozen still fit; more than that scroll
        row = row_height(len(self.variants), 240, 890, 10, ROW)
        self.buttons = [Button(cls.title, lambda n=name: app.push(LessonListScene(app, n)),
                               height=row, size=36 * row // ROW) for name, cls in self.variants]
        self.menu = Menu(app, self.buttons, top=240, bottom=890, gap=10, width=1100,
                         footer=[Button(N_("Back"), app.pop)], footer_top=926)
        self.sound = None               # variant -> names of its sound lessons

    def enter(self) -> None:
        """The labels follow the progress (a lesson may just have been finished)."""
        progress, notice = lesson_progress.load()
        self.app.tell(notice)
        if self.sound is None:          # the lessons that can be played, read once
            self.sound = {name: {e.name for e in list_lessons(name) if e.lesson}
                          for name, _x in self.variants}
        for button, (name, cls) in zip(self.buttons, self.variants):
            names = self.sound[name]
            button.label = progress_label(cls.title, len(progress.finished(name) & names),
                                          len(names))

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        theme.draw_title(surface, N_("Learn a game"), 160)
        self.menu.draw(surface)
        theme.draw_legend(surface, self.app, GAMES_LEGEND)


class LessonButton(Button):
    """A lesson's row in the list: the panel beside it shows the lesson it opens."""

    def __init__(self, lesson: Lesson, label: str, on_press, **size):
        super().__init__(label, on_press, **size)
        self.lesson = lesson


class LessonListScene(MenuScreen):
    """One game's lessons, in order, each marked when done; broken files with their
    error; Play a first game and Back. The focused lesson's text shows on the right."""

    def __init__(self, app, variant: str):
        super().__init__(app)
        self.variant = variant
        self.title = find_variant(variant).title
        self.entries = list_lessons(variant)
        self.lessons = [e.lesson for e in self.entries if e.lesson is not None]
        self.done: set[str] = set()
        self.build(focus=0)

    def build(self, focus=None) -> None:
        self.done = lesson_progress.load()[0].finished(self.variant)
        rows: list[Widget] = []
        index = 0
        for entry in self.entries:
            if entry.lesson is None:
                error = entry.error or _("cannot be read")
                short = error.replace(entry.path, entry.path.rsplit("/", 1)[-1], 1)
                rows += [Label(line, color=theme.ILLEGAL, size=26, height=32)
                         for line in theme.wrap_text(short, 880, 26)]
                continue
            lesson = entry.lesson
            mark = "   " + _("(done)") if lesson.name in self.done else ""
            rows.append(LessonButton(lesson, f"{lesson.number}. {_(lesson.title)}{mark}",
                                     lambda i=index: self.open(i), width=900, height=ROW,
                                     size=34))
            index += 1
        if not self.lessons:
            rows.append(Label(N_("No lessons for this game yet."), size=30))
        footer = [Button(FIRST_GAME, self.first_game, width=520),
                  Button(N_("Back"), self.app.pop, width=368)]
        focus = self.menu.focus if focus is None else focus
        self.menu = Menu(self.app, rows, center_x=520, top=200, bottom=880, focus=focus,
                         width=900, gap=10, footer=footer, footer_top=916)

    def enter(self) -> None:
        focus = self.menu.focus if hasattr(self, "menu") else 0
        self.build(focus)

    def open(self, index: int) -> None:
        """Lesson `index` (of the sound ones); Next after its last step opens the next,
        and after the last lesson comes back here with Play a first game in focus."""
        from game.shell.lessons.scene import lesson_scene
        last = index + 1 >= len(self.lessons)

        def after():
            self.app.remove(scene)
            if last:
                self.menu.focus = len(self.menu.widgets) - 2      # Play a first game
                self.menu.layout()
            else:
                self.open(index + 1)

        scene = lesson_scene(self.app, self.lessons[index], not last, after)
        self.app.push(scene)

    def first_game(self) -> None:
        start_first_game(self.app, self.variant)

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        theme.draw_title(surface, _("How to play {game}").format(game=_(self.title)), 100, 64)
        self.menu.draw(surface)
        panel = pygame.Rect(1040, 200, 820, 780)
        theme.draw_panel(surface, panel)
        focused = self.menu.focused
        lesson = focused.lesson if isinstance(focused, LessonButton) else None
        x, width = panel.x + 40, panel.w - 80
        if lesson is None:
            done = len(self.done & {lesson.name for lesson in self.lessons})
            heading = progress_label(self.title, done, len(self.lessons))
            words = _("Each lesson sets up the real board and asks for one move at a time: "
                      "read the goal, make the move, and the lesson explains what it did. H "
                      "lights the answer, U tries again.\n"
                      "After the lessons, play a first game against the Easy computer with "
                      "the coach's suggestion shown on every turn (C turns it off).")
        else:
            heading, words = _(lesson.title), _(lesson.text)
        theme.draw_fitted(surface, heading, (x, panel.y + 30), width, 40, theme.TITLE,
                          bold=True)
        y = panel.y + 100
        for paragraph in words.split("\n"):
            for line in theme.wrap_text(paragraph, width, 28):
                if y > panel.bottom - 40:
                    break
                theme.draw_text(surface, line, (x, y), 28, theme.TEXT)
                y += 36              # (an accented capital clears the line above)
            y += 14
        theme.draw_legend(surface, self.app, LIST_LEGEND if self.lessons else GAMES_LEGEND)


def start_first_game(app, variant: str) -> None:
    """A match against Easy with training wheels: the coach's suggestion, dimmed, on
    every turn of the person until they turn it off (C)."""
    from game.shell.match.scene import MatchScene
    from game.shell.match.training import TrainingCoach
    cls = find_variant(variant)
    names = app.settings.player_names
    seats = (Seat(names[0]),) + tuple(Seat(names[i], "computer", "random")
                                      for i in range(1, cls.min_players))
    app.start_match(MatchConfig(cls.variant, seats, {}, new_seed()))
    scene = app.top
    if isinstance(scene, MatchScene):
        scene.coach = TrainingCoach(scene)


# --- the offer before a first game ----------------------------------------------------------
def should_offer(config, progress, records) -> bool:
    """A person starts a game none of its people has played, with lessons to offer that
    were never offered nor begun."""
    variant = config.variant
    if variant in progress.offered or progress.finished(variant) or not lesson_files(variant):
        return False
    people = {seat.name for seat in config.seats if seat.is_human}
    return bool(people) and not any(r.player in people and r.variant == variant and r.games
                                    for r in records.values())


def offer_lessons(app, config) -> bool:
    """Before the match of `config`: push the offer of the game's lessons if it is due
    (True), else nothing (False: start the match)."""
    progress, notice = lesson_progress.load()
    app.tell(notice)                    # nothing is offered on a file that was not read
    records = stats.load()[0]
    if notice or not should_offer(config, progress, records):
        return False
    notice = lesson_progress.mark_offered(config.variant)
    app.tell(notice)
    app.push(LessonOffer(app, config))
    return True


class LessonOffer(Scene):
    """"New to Shift?": Learn it first, or Play now (Esc, or Enter on it)."""

    overlay = True
    backdrop_dim = 170

    def __init__(self, app, config):
        super().__init__(app)
        self.config = config
        cls = find_variant(config.variant)
        self.question = _("New to {game}?").format(game=_(cls.title))
        count = len(lesson_files(config.variant))
        self.detail = ngettext("{count} short lesson on the real board teaches it in about "
                               "five minutes.", "{count} short lessons on the real board "
                               "teach it in about five minutes.", count).format(count=count)
        self.menu = Menu(app, [Button(N_("Learn it first"), self.learn, width=560),
                               Button(N_("Play now"), self.play, width=560)],
                         top=520, bottom=700, focus=1)

    def learn(self) -> None:
        self.app.remove(self)
        self.app.push(LessonListScene(self.app, self.config.variant))

    def play(self) -> None:
        self.app.remove(self)
        self.app.start_match(self.config)

    def handle(self, action) -> None:
        if action.name in ("back", "pause"):
            self.play()
        else:
            self.menu.handle(action)

    def draw(self, surface) -> None:
        theme.draw_panel(surface, (460, 280, 1000, 480), alpha=255)
        theme.draw_fitted(surface, self.question, (960, 370), 920, 44, theme.TITLE, "center",
                          bold=True)
        theme.draw_fitted(surface, self.detail, (960, 440), 920, 30, theme.TEXT, "center")
        self.menu.draw(surface)
        theme.draw_legend(surface, self.app, N_("Up/Down: choose   Enter: select   Esc: play now"))


def open_first_lesson(app, variant: str) -> None:
    """`main.py --learn VARIANT`: the game's list of lessons with its first lesson open."""
    scene = LessonListScene(app, variant)
    app.push(scene)
    if scene.lessons:
        scene.open(0)
