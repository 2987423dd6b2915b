"""A lesson on the real board: the variant's own match scene, started from the lesson's
position, with the lesson's panel beside it (panel.py).

`lesson_scene(app, lesson, ...)` builds the scene: a subclass of the variant's match
scene (line or board) with `LessonFlow` in front of it, a `LessonController` that never
lets a computer think (the opponent's moves are the lesson's scripted replies), saves
nothing and counts nothing in the statistics, and no coach. The person moves exactly as
in a match; every answer is judged by the logic (game.logic.lessons.accepts). A right
answer shows the explanation and Next (which plays the opponent's reply and the next
goal); a legal move that is no answer shows the lesson's `wrong` words and Retry; a move
the rules refuse shows their reason. H lights the answer on the board, U retries the
step, Esc goes back to the list of lessons. Once a step is answered the board takes no
move until Next (its keys are the panel's), and an opponent to move is never said to be
thinking (its reply is scripted): "waiting" while Next would play it, else nothing.
"""
from __future__ import annotations

from game.i18n import N_, _

import re

from game.logic.core import PASS
from game.logic.lessons import accepted_moves, accepts, shown_answer
from game.play import lesson_progress
from game.play.config import MatchConfig, Seat
from game.shell.lessons.panel import ASK, DONE, RIGHT, WRONG, LessonPanel
from game.shell.match.coach import Coach
from game.shell.match.controller import MatchController
from game.shell.match.scene import MatchScenePart

PANEL_LEGEND = N_("Left/Right: choose   Enter: press   U: retry   Esc: back to the lessons")
# The match's legends as a lesson shows them (`legend`: Esc leaves for the lessons, H shows
# the answer), for the template: the legend bar translates the whole line.
LESSON_LEGENDS = (
    N_("Left/Right: tile or end    Up/Enter: pick, play    Esc: cancel, the lessons    "
       "D: draw    T: whose turn    E: ends    H: answer"),
    N_("Left/Right: tile or end    Up/Enter: pick, play    Esc: cancel, the lessons    "
       "N: end turn    T: whose turn    E: ends    H: answer"),
    N_("Click, Left/Right: pick tile   R, right-click, wheel: turn   F: flip   "
       "Arrows: move   Enter, click: place   Esc: back to hand / the lessons   H: answer"
       "   V: areas"),
    N_("Click, Left/Right: pick tile   R, right-click, wheel: turn   F: flip   "
       "Arrows: move   Enter, click: place   Esc: back to hand / the lessons   H: answer"),
    N_("Click, Left/Right: pick tile   R, right-click, wheel: turn   F: flip   "
       "Arrows: move   Enter, click: place   H: answer   V: clusters   Esc: back / the lessons"),
    N_("Esc: the lessons"), N_("H: answer"),      # parts of the keys of a panel (Dominid's)
    N_("Click or arrows + Enter: pick an element, then where it goes   Drag: move   "
       "Tab: next   Esc: put back   H: answer   T: turn   E: standing"),
    N_("Click or arrows + Enter: pick, then where   R, wheel, right-click: turn the arrow   "
       "Tab: next   Esc: put back   H: answer   E: standing"),
    N_("Pointer or arrows: move the element   R, right-click, wheel: turn it   "
       "Enter, click: place   Tab: next place   H: answer   T: turn   E: standing"),
)
NAVIGATION = {"left": -1, "up": -1, "prev": -1, "right": 1, "down": 1, "next": 1}


class LessonController(MatchController):
    """The match controller of a lesson: one person, an opponent who only ever plays the
    lesson's replies, nothing saved or counted."""

    def __init__(self, app, config, on_move=None, state=None):
        super().__init__(app, config, on_move, state)
        self.on_refusal = None          # called with the words of a refused try
        self._refusing = False

    def update(self, dt: float) -> None:
        """No computer thinks: the opponent's moves are the lesson's."""

    def after_change(self) -> None:
        """A lesson is no match in progress: nothing is saved."""

    def _count_match(self) -> None:
        """Nor is it counted in the statistics."""

    def pause(self) -> None:
        self.app.pop()                  # Esc: back to the list of lessons

    def reply(self, move) -> None:
        """Play the opponent's scripted `move` (the lesson checked that it is legal)."""
        self._apply(move)

    def rewind(self, played: int) -> None:
        """Take back every move after the first `played` ones (Retry)."""
        count = len(self.state.moves_played()) - played
        for _x in range(count):
            self.state.undo()
        self.ply += 1
        if self.on_undo is not None:
            self.on_undo()

    # a refused try is said with the "invalid" sound first: the words that follow are
    # the reason the panel shows
    def sound(self, name: str) -> None:
        self._refusing = name == "invalid"
        super().sound(name)

    def say(self, text: str, speak: bool = True, again=None) -> None:
        super().say(text, speak, again)
        if self._refusing and self.on_refusal is not None:
            self.on_refusal(text)
        self._refusing = False


class LessonCoach(Coach):
    """Lessons have their own help (H lights the answer): no coach is offered."""

    offered = False


class LessonFlow(MatchScenePart):
    """Stands in front of a match scene class (see lesson_scene): the steps of the lesson,
    judging each answer, the panel and the keys of a lesson."""

    controller_class = LessonController
    coach_class = LessonCoach

    def __init__(self, app, lesson, has_next: bool = False, on_next=None):
        self.lesson = lesson
        self.has_next = has_next
        self.on_next = on_next or app.pop      # Next after the last step
        state = lesson.start()
        super().__init__(app, lesson_config(app, lesson, state), state)
        self.game_title = type(state).title
        self.student = state.current_player
        self.ctl.on_refusal = self._refused
        self.step_index = 0
        self._goal_for = None                   # the step whose accepted moves _goal holds
        self._goal: list = []
        self.panel = LessonPanel(self)
        self.make_room(self.panel.rect)
        self._begin_step()

    @property
    def step(self):
        return self.lesson.steps[self.step_index]

    def _begin_step(self) -> None:
        state = self.ctl.state
        self.before = state.clone()           # the step's position, to judge answers in
        self.played = len(state.moves_played())
        self.answer = shown_answer(self.before, self.step)
        self.phase = ASK
        self.show_answer = False
        self.refusal = ""
        self.panel.refresh()
        self.last_said = lambda goal=self.step.goal: _(goal)   # (a dropped pick's caption)
        self.say_last_caption()

    # --- the match scene's hooks --------------------------------------------------------
    scoring_shown = True           # a lesson shows the count as it stands until V hides it

    @property
    def scoring(self) -> bool:
        return self.scoring_shown

    def set_scoring(self, shown: bool) -> None:
        self.scoring_shown = shown

    def goal_moves(self) -> list | None:
        """While the step asks: the moves it accepts (worked out once a step), so that
        the hints and a picked tile's first place serve the lesson's goal."""
        if self.phase != ASK:
            return None
        if self._goal_for is not self.step:
            self._goal_for, self._goal = self.step, accepted_moves(self.before, self.step)
        return self._goal

    def moved(self, player: int, move) -> None:
        super().moved(player, move)
        if player != self.student or self.phase != ASK:
            return
        self.show_answer = False
        if not accepts(self.before, self.step, move):
            self.phase = WRONG
            self.ctl.sound("pass")
        elif self.step_index + 1 < len(self.lesson.steps):
            self.phase = RIGHT
            self.ctl.sound("round_end")
        else:
            self._finish()
        self.panel.refresh()

    def _finish(self) -> None:
        """The lesson is done: remembered as finished, Next goes on."""
        self.phase = DONE
        self.ctl.sound("win")
        notice = lesson_progress.mark_done(self.lesson.variant, self.lesson.name)
        self.app.tell(notice)

    def _refused(self, text: str) -> None:
        if self.phase == ASK:
            self.refusal = text

    def wait_for_results(self, show, seconds=None) -> None:
        """The lesson's panel says what the end meant: no results screen."""

    def study_board(self) -> None:
        """(as above: the final board simply stays)"""

    def _pass_when_forced(self, dt: float) -> None:
        """A forced pass waits for the person: it may be what the lesson asks."""

    def undo_shown(self) -> bool:
        return False                        # U retries the step (the panel's Retry)

    def legend(self, playing: str) -> str:
        """The panel's keys once the step is answered; while it asks, the match's keys
        with H showing the answer and Esc leaving for the list of lessons (no pause)."""
        if self.phase != ASK:
            return PANEL_LEGEND
        legend = re.sub(r"\bpause\b", "the lessons", super().legend(playing))
        if "H: " not in legend:
            return f"{legend}   H: answer"
        return re.sub(r"H: [a-z ]+?(?=   |$)", "H: answer", legend)

    def takes_moves(self) -> bool:
        """Only while the step asks: an answered step's keys are the panel's."""
        return self.phase == ASK

    def seat_kind(self, player: int) -> str:
        """The opponents play the lesson's moves, not a computer's level."""
        return _("human") if player == self.student else _("scripted moves")

    def computer_status(self) -> str:
        """No computer thinks here: the opponent's scripted reply waits for Next (after a
        wrong try or the last step it never comes: nothing is said)."""
        return N_("waiting") if self.phase == RIGHT else ""

    # --- the lesson's own actions -------------------------------------------------------
    def press_button(self, key: str) -> None:
        if key == "next":
            self.next_step()
        elif key == "retry":
            self.retry()
        elif key == "answer":
            self.toggle_answer()
        elif key == "back":
            self.app.remove(self)
        elif key == "pass":
            self.ctl.play(PASS)

    def next_step(self) -> None:
        if self.phase == DONE:
            self.on_next()
            return
        if self.phase != RIGHT:
            return
        self.step_index += 1
        if self.step.reply is not None:
            self.ctl.reply(self.step.reply)
        if self.step.closing:
            self._finish()
            self.panel.refresh()
        else:
            self._begin_step()

    def retry(self) -> None:
        """The step as it began: a picked tile or element goes back (with a refused try's
        red reason beside it), and so do the moves made since."""
        self.drop_pick()
        if len(self.ctl.state.moves_played()) > self.played:
            self.ctl.rewind(self.played)
        self.ctl.say(_("Try this step again."), speak=False)
        self.phase = ASK
        self.refusal = ""
        self.panel.refresh()

    def toggle_answer(self) -> None:
        if self.phase == WRONG:
            self.retry()
        elif self.phase != ASK:
            return
        self.show_answer = not self.show_answer and self.answer is not None
        if self.show_answer:         # the answer alone: no wrong tile in hand under it
            self.drop_pick()
            self.refusal = ""
        self.panel.refresh()

    def handle(self, action) -> None:
        name = action.name
        if name == "point":
            self.panel.point(action.pos)
        button = self.panel.button_at(action.pos) if name == "click" else None
        if button is not None:
            self.press_button(button.key)
        elif name == "hint":
            self.toggle_answer()
        elif name == "undo":
            self.retry()
        elif name in ("coach", "take_advice"):
            return
        elif name == "scoring":            # whatever the step's phase
            self.toggle_scoring()
        elif self.phase != ASK:
            if name in NAVIGATION:
                self.panel.move_focus(NAVIGATION[name])
            elif name == "confirm" and self.panel.focused is not None:
                self.press_button(self.panel.focused.key)
            elif name in ("back", "pause"):
                self.app.remove(self)
        else:
            super().handle(action)

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.show_answer and self.phase == ASK and self.answer is not None:
            self.show_move(surface, self.answer)
        self.panel.draw(surface)


def lesson_config(app, lesson, state) -> MatchConfig:
    """The seats of a lesson: the person at the taught seat, the others named as the
    lesson's words name them (the opponent never thinks: its moves are scripted)."""
    student = state.current_player
    names = app.settings.player_names
    seats = tuple(Seat(names[0]) if seat == student else
                  Seat(_("Opponent") if state.players == 2 else
                       _("Opponent {number}").format(number=seat + 1),
                       "computer", "random")
                  for seat in range(state.players))
    return MatchConfig(lesson.variant, seats, dict(state.options), 0)


_classes: dict = {}


def lesson_scene(app, lesson, has_next: bool = False, on_next=None):
    """The scene that teaches `lesson` on its variant's own match scene."""
    base = app.match_scene_class(lesson.variant)
    if base not in _classes:
        _classes[base] = type(f"Lesson{base.__name__}", (LessonFlow, base), {})
    return _classes[base](app, lesson, has_next, on_next)
