"""The base of every match scene (line and board alike).

`MatchScene` composes one MatchController and does what every match screen does the same
way: it routes the actions that mean the same in every game (pause, Esc, hints, whose
turn, read aloud, skipping the wait before results), waits a moment between the end of a
round or game and its results, passes for the human after a while when a pass is the only
move, and keeps the focus of the hand tray along the bottom of the screen.

A scene fills in the hooks:

    moved(player, move)     after any move was applied (captions, animations)
    must_pass() -> bool     the human to act may only pass
    selecting() -> bool     something is picked: Esc and a right click cancel it
    read_aloud()            E: the state of the table, said aloud
    undone()                after a take-back (U, Ctrl+Z): drop picks, animations, frozen
                            results of the position that is gone
    drop_pick()             let go of what is picked (a take-back is asked for)
    hands_hidden()          the hands were turned face down under an overlay (a couch)
    advice_withheld() -> str   why the coach may not answer now (classic: tiles drawn but
                            not yet turned up), or ""
    goal_moves() -> list | None   the moves a lesson's step accepts (hints keep to them)
    play_action(action)     every other action (the game's own input)
    announce()              T: whose turn it is (the controller's sentence by default)
    computer_status() -> str   what the panel of a computer to move says ("thinking...")
    seat_kind(player) -> str   who sits there, as its card says ("Medium computer")
    takes_moves() -> bool   the person may act on the table now (a lesson: while it asks)

and tells the coach (coach.Coach) where it may speak and how a move looks on its table:

    coach_button            the Coach button's rect
    advice_rect(move)       where the advice's words go, clear of `move` (or None)
    show_move(surface, move)   light `move` (a move of the state) on the table: the tile or
                            element and where it goes, in theme.SUGGESTION

`tray_rects` lays out the tiles of a hand in a tray; `tray_index_at` finds the tile under
the pointer; `step_cursor` moves the keyboard focus along a hand.
"""
from __future__ import annotations

from game.i18n import N_, _

import math
from typing import TYPE_CHECKING
from collections.abc import Callable

import pygame

from game.logic.agents import AGENTS
from game.logic.core import PASS
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.match.coach import Coach
from game.shell.match.controller import MatchController

AUTO_PASS_SECONDS = 3.0
RECENT_MOVE_SECONDS = 2.5   # a move's slides, flips and badges are over by then
PASS_PROMPT = N_("No tile fits anywhere: you must pass. Press Enter or click Pass.")
WATCH_LEGEND = N_("Only computers play   Esc: pause   T: whose turn   E: read the table   "
                  "F11: full screen")
RESULTS_DUE_LEGEND = N_("Enter or click: the results   Esc: pause")
UNSAVED_MARK = N_("Not saved")     # on the legend while the match in progress cannot be saved
CURSOR_STEPS = {"left": -1, "prev": -1, "right": 1, "next": 1}


class MatchScene(Scene):
    results_wait = 1.0          # seconds (at normal speed) between the end and the results
    pass_prompt: str | None = PASS_PROMPT   # said when a forced pass begins to wait (None: nothing)
    undo_rect: pygame.Rect | None = None    # where the scene shows its Undo button
    controller_class = MatchController   # a lesson, or a network seat, brings its own kind
    coach_class = Coach
    last_caption = ""                  # what a board scene's caption goes back to
    last_said: Callable[[], str] | None = None   # a function that makes it again (another language)

    def __init__(self, app, config, state=None):
        super().__init__(app)
        self.ctl = self.controller_class(app, config, on_move=self._on_move, state=state)
        self.coach = self.coach_class(self)   # C: the Hard player's advice (coach.py)
        self.ctl.on_undo = self._on_undo
        self.clock = 0.0                   # simulated seconds since the match began
        self.cursor = 0                    # the focused tile of the shown hand (keyboard)
        self.pass_wait = 0.0               # seconds a forced pass has waited
        self.results_due = None            # (clock time, show) while results wait
        self.results_shown = False
        self.moved_at = float("-inf")      # the clock when the last move was applied

    # --- hooks ------------------------------------------------------------------------
    def moved(self, player: int, move) -> None:
        """Called after any move was applied to the state."""

    def must_pass(self) -> bool:
        return False

    def selecting(self) -> bool:
        return False

    def read_aloud(self) -> None:
        """E: say what lies on the table."""

    def play_action(self, action) -> None:
        """Every action the base does not route itself."""

    def announce(self) -> None:
        self.ctl.announce_turn()

    def undone(self) -> None:
        """Called after a take-back."""

    def make_room(self, rect) -> None:
        """Lay the screen out again leaving `rect` (a lesson's panel) free, where the
        game's layout can give up room; by default nothing moves."""

    def drop_pick(self) -> None:
        """Let go of a picked tile or element (the hand may be hidden now)."""

    def goal_moves(self) -> list | None:
        """The moves that meet what the person is asked to do (a lesson's step), which
        hints and a picked tile's first place keep to; None in a match (the best moves,
        as the rules rate them)."""
        return None

    def advice_withheld(self) -> str:
        """Why the coach may not answer now although the person may act, or ""."""
        return ""

    def hands_hidden(self) -> None:
        """Called when the hands were turned face down under something drawn over the
        table (the scene is not updated while covered: what it keeps must follow now)."""

    @property
    def coach_button(self) -> pygame.Rect:
        raise NotImplementedError

    def advice_rect(self, move) -> pygame.Rect:
        raise NotImplementedError

    def show_move(self, surface, move) -> None:
        raise NotImplementedError

    # --- the flow ---------------------------------------------------------------------
    def enter(self) -> None:
        """Back on top (the settings may have renamed a seat: what is said follows)."""
        if self.last_caption:
            self.last_caption = self.ctl.renamed(self.last_caption)

    def say_last_caption(self) -> None:
        """The caption goes back to the last move's (a refusal or a chain's hint is over),
        in the language of the moment."""
        if self.last_said is not None:
            self.last_caption = self.last_said()
        self.ctl.say(self.last_caption, speak=False, again=self.last_said)

    def leave(self) -> None:
        """Something is drawn over the table: on a couch it hides every hand (controller
        cover), the coach's advice and a picked tile with them."""
        if self.ctl.couch and not self.ctl.state.is_over():
            self.ctl.cover()
            self.coach.dismiss()
            self.drop_pick()
            self.hands_hidden()

    def _on_move(self, player: int, move) -> None:
        self.pass_wait = 0.0
        self.moved_at = self.clock
        self.moved(player, move)

    def _on_undo(self) -> None:
        self.pass_wait = 0.0
        self.cursor = 0
        self.undone()

    def take_back(self) -> None:
        """U, Ctrl+Z or the Undo button: refused while a result waits to be shown."""
        if self.results_due is not None:
            self.ctl.sound("invalid")
            self.ctl.say(_("The results come first: nothing can be taken back now."))
        elif self.ctl.take_back():
            self.drop_pick()            # the other person may be asked: no pick waits

    def wait_for_results(self, show, seconds: float | None = None) -> None:
        """Show the results through `show()` after a moment (scaled by the speed); Enter
        or a click skips the wait."""
        wait = self.results_wait if seconds is None else seconds
        self.results_due = (self.clock + self.ctl.paced(wait), show)
        self.results_shown = False

    def show_results_now(self) -> None:
        show, self.results_due = self.results_due[1], None
        self.results_shown = True
        if not self.ctl.push_held():     # (made a frame ahead, or now)
            show()

    def _prepare_results(self) -> None:
        """The frame before the results are due: make them (their layout takes a share of
        a frame the one that brings them has not to spare); they wait in the controller."""
        self.ctl.holding = True
        try:
            self.results_due[1]()
        finally:
            self.ctl.holding = False

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.results_due is None:       # while results wait, the next round waits too
            self.ctl.update(dt)
            self._pass_when_forced(dt)
        if self.results_due is not None and self.clock >= self.results_due[0]:
            self.show_results_now()
        elif (self.results_due is not None and self.ctl.held is None
              and self.clock + dt >= self.results_due[0]):
            self._prepare_results()
        self.coach.update()

    def _pass_when_forced(self, dt: float) -> None:
        if not self.must_pass():
            return
        if self.pass_wait == 0 and self.pass_prompt:
            self.ctl.sound("pass")
            self.ctl.say(_(self.pass_prompt))
        self.pass_wait += dt
        if self.pass_wait >= AUTO_PASS_SECONDS:
            self.ctl.play(PASS)

    def animating(self) -> bool:
        """A computer thinks, results or a forced pass wait, or a move just happened."""
        if self.coach.thinking:              # its answer shows as soon as it comes
            return True
        waiting = self.results_due is not None and self.results_due[0] < math.inf
        return (self.ctl.thinking or waiting or self.pass_wait > 0
                or self.clock - self.moved_at < RECENT_MOVE_SECONDS)

    # --- input ------------------------------------------------------------------------
    def handle(self, action) -> None:
        name = action.name
        if self.coach.handle(action):
            return
        if name in ("confirm", "click") and self.results_due is not None:
            self.show_results_now()
        elif name == "pause" or (name == "back" and not self.selecting()):
            self.ctl.pause()
        elif name == "hint":
            self.ctl.toggle_hints()
        elif name == "scoring":
            self.toggle_scoring()
        elif name == "announce_turn":
            self.announce()
        elif name == "read_ends":
            self.read_aloud()
        elif name == "undo" or (name == "click" and self.undo_rect is not None
                                and self.undo_shown() and self.undo_rect.collidepoint(action.pos)):
            self.take_back()
        else:
            self.play_action(action)

    # --- what a person is offered -------------------------------------------------------
    @property
    def people_play(self) -> bool:
        """A person plays here (not the demo, not computers alone): the buttons and keys
        of play are shown."""
        return bool(self.ctl.humans) and not self.app.demo

    def legend(self, playing: str) -> str:
        """The key legend: the game's own keys (`playing`) while people play, the
        watcher's keys when only computers play, Enter for the results once they wait."""
        if not self.people_play:
            return WATCH_LEGEND
        return playing if self.results_due is None else RESULTS_DUE_LEGEND

    def computer_status(self) -> str:
        """What the panel of a computer seat to move says it is doing."""
        return N_("thinking...")

    def seat_kind(self, player: int) -> str:
        """Who sits in the seat, as its card says: "human", "Medium computer"."""
        seat = self.ctl.config.seats[player]
        return _("human") if seat.is_human else _("{level} computer").format(
            level=_(AGENTS[seat.level].title))

    def takes_moves(self) -> bool:
        """The person may act on the table now (in a match, whenever it is their turn)."""
        return True

    def draw_legend(self, surface, playing: str) -> None:
        """The legend over the table's own (which shows `playing`) when it differs, or
        when the match is not being saved: then marked so until a save succeeds."""
        legend = self.legend(playing)
        problem = getattr(self.ctl, "save_problem", None)
        if problem is not None:
            theme.draw_legend(surface, self.app, legend, UNSAVED_MARK)
        elif legend != playing:
            theme.draw_legend(surface, self.app, legend)

    def undo_shown(self) -> bool:
        """A person plays and the game goes on."""
        return self.undo_rect is not None and self.people_play and not self.ctl.state.is_over()

    def draw_undo(self, surface) -> None:
        rect = self.undo_rect
        if rect is None or not self.undo_shown():
            return
        live = self.results_due is None and self.ctl.undo_target()[0] is not None
        hot = live and rect.collidepoint(getattr(self, "pointer", None) or (-1, -1))
        fill = theme.HIGHLIGHT if hot else ((52, 74, 82) if live else (34, 46, 50))
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=12)
        colour = theme.TEXT_DARK if hot else (theme.TEXT if live else theme.TEXT_DIM)
        theme.draw_fitted(surface, _("Undo (U)"), rect.center, rect.w - 12, 30, colour, "center",
                          bold=True, smallest=20)

    @property
    def hints(self) -> bool:
        """Legal-move highlights: the setting, which H and the settings screen both change."""
        return self.app.settings.show_hints

    scores_live = ""       # what the live count shows ("areas"), where a game shows one

    @property
    def scoring(self) -> bool:
        """The count as it stands shown on the board (V): the setting, in a match."""
        return self.app.settings.show_scoring

    def set_scoring(self, shown: bool) -> None:
        self.app.settings.show_scoring = shown

    def toggle_scoring(self) -> None:
        """V: show or hide the count as it stands (the scoring areas or clusters)."""
        if not self.scores_live:
            self.ctl.say(_("This game has no count to show on the board before its end."),
                         False)
            return
        self.set_scoring(not self.scoring)
        said = (_("The {what} as they count now: shown.") if self.scoring else
                _("The {what} as they count now: hidden."))
        self.ctl.say(said.format(what=_(self.scores_live)), False)


# A part mixed into a match scene class, or put in front of one, at run time (a line
# scene's art and input, a lesson, a network seat) reads the scene: mypy reads the part as
# a MatchScene, while at run time it is a plain class.
if TYPE_CHECKING:
    MatchScenePart = MatchScene
else:
    MatchScenePart = object


# --- the hand tray ----------------------------------------------------------------------
def tray_rects(count: int, area: pygame.Rect, long_side: int, min_long: int | None = None,
               gap: int = 16, lift: int = 0) -> list[pygame.Rect]:
    """Rects of `count` upright tiles centred in `area` (`lift` pixels below its middle).
    A hand too wide for the tray first gets smaller tiles (down to `min_long`), then
    overlaps like a fan (later tiles lie on top)."""
    if count <= 0:
        return []
    min_long = long_side if min_long is None else min_long
    while count * (long_side // 2 + gap) - gap > area.w and long_side > min_long:
        long_side, gap = max(min_long, long_side - 8), max(8, gap - 2)
    width = long_side // 2
    step: float = width + gap
    if count > 1 and count * step - gap > area.w:
        step = (area.w - width) / (count - 1)
    total = round(step * (count - 1)) + width
    left = area.centerx - total // 2
    top = area.centery - long_side // 2 + lift
    return [pygame.Rect(left + round(i * step), top, width, long_side) for i in range(count)]


def tray_index_at(rects, pos, grow=(12, 12), shift=(0, 0)) -> int | None:
    """The index of the tile under `pos` (the topmost where tiles overlap), each rect
    grown by `grow` and moved by `shift` to be easy to hit; None off the hand."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].inflate(*grow).move(*shift).collidepoint(pos):
            return i
    return None


def index_at(rects, pos) -> int | None:
    """The index of the rect under `pos` (None off them all, or without a pointer)."""
    return None if pos is None else tray_index_at(rects, pos, grow=(0, 0))


def choice_action(action, focus: int, rects, row: int) -> tuple[int, int | None]:
    """A row of choices (buttons, cards: their `rects`) driven by `action`: (the focus
    after it, the index chosen or None). Left/Right (Tab) step along, wrapping; Up/Down
    step `row` choices; Enter chooses the focused one, a click the one under it."""
    name, count = action.name, len(rects)
    if name in CURSOR_STEPS:
        return step_cursor(focus, count, name), None
    if name in ("up", "down"):
        return (focus + row) % count, None
    if name == "confirm":
        return focus, focus
    if name == "click":
        index = index_at(rects, action.pos)
        return (focus if index is None else index), index
    return focus, None


def step_cursor(cursor: int, count: int, name: str) -> int:
    """The focus after Left/Right (or Tab/Shift-Tab) along a hand of `count` tiles."""
    if not count:
        return 0
    return (cursor + CURSOR_STEPS.get(name, 0)) % count
