"""The coach on screen: advice in a person's turn, and the review of a finished game.

`Coach` belongs to a match scene (match.scene.MatchScene makes one). C or its button asks
the worker process for the Hard player's choice on the view of the person to move
(game.logic.agents.coach.advise), so the frame loop never waits; "Thinking..." shows
meanwhile. The scene shows the answer on its table (its show_move: the tile lit and the
end marked in the line games, the placement's ghost or the element's path on the boards)
and says where the button and the panel with the reason go; G, Enter or the panel's Play
it button plays it (Enter plays the suggestion until the person moves the hand's cursor
or the board's: then Enter is theirs again, and G still plays the suggestion);
Esc, C again or any move takes it away. The coach is
offered only while a person may act (after the hand-over, so it never shows a hand to the
wrong person), and never in computer-only matches or the demo.

`ReviewScene` (Review on the final results, or C there) asks the coach about every choice
the people made, one move at a time in the worker, and lists the moves where it would
have played otherwise and what that cost, with how sure it is (game.logic.agents.review):
never a move it advised there (the controller keeps its advice: `ctl.advised`), and
otherwise with the thinking time and seed its advice would have had. Esc cancels it.
"""
from __future__ import annotations

from game.i18n import N_, _

from concurrent.futures import Future

import pygame

from game.logic.agents.coach import advise
from game.logic.agents.review import decisions, position_seed, review_move, review_note
from game.play import thinking
from game.shell.frame import theme
from game.shell.frame.scene import Scene

MARK = theme.SUGGESTION         # the coach's colour: its button, its panel, its move
TAKE_WIDTH = (250, 400)         # the advice's Play it button: as wide as its label needs
STEERING = {"left", "right", "up", "down", "next", "prev", "rotate", "flip"}   # cursor moves


class Coach:
    def __init__(self, scene):
        self.scene = scene
        self.ctl = scene.ctl
        self.app = scene.app
        self.job = None             # (ply, Future) while the worker thinks
        self.advice = None          # (ply, Advice) shown until the position changes
        self.steered = False        # the person moved a cursor since: Enter is theirs

    # --- when it is offered -----------------------------------------------------------
    @property
    def offered(self) -> bool:
        """A person plays here (not the demo, not computers alone)."""
        return bool(self.ctl.humans) and not getattr(self.app, "demo", None)

    def available(self) -> bool:
        """A person may act now, so the coach may speak."""
        scene = self.scene
        return (self.offered and self.ctl.human_turn and scene.results_due is None
                and not self.ctl.state.is_over() and not scene.advice_withheld())

    @property
    def thinking(self) -> bool:
        return self.job is not None

    @property
    def shown(self):
        """The Advice on screen, or None."""
        return self.advice[1] if self.advice else None

    def button(self) -> pygame.Rect:
        return self.scene.coach_button

    def shown_move(self):
        """The move of the advice on screen, as the state reads it, or None."""
        return self.ctl.state.parse_move(self.advice[1].move) if self.advice else None

    # --- asking and answering ---------------------------------------------------------
    def ask(self) -> None:
        if not self.available():
            if self.offered:
                self.ctl.say(self.scene.advice_withheld() if self.ctl.human_turn else
                             _("The coach helps in your own turn."), speak=False)
            return
        if self.job is not None or self.advice is not None:
            return
        ctl = self.ctl
        player = ctl.state.current_player
        names = [ctl.name(p) for p in range(ctl.state.players)]
        seconds = getattr(self.app.settings, "think_seconds", 1.0)
        view = ctl.state.view(player)
        seed = position_seed(len(ctl.state.moves_played()))     # as the review searches
        future = thinking.ask(advise, view, seconds, None, seed, names, budget=seconds)
        self.job = (ctl.ply, future, view)

    def dismiss(self) -> None:
        if self.job is not None:
            self.job[1].cancel()
        self.job = self.advice = None
        self.steered = False

    def update(self) -> None:
        ply = self.ctl.ply
        if (self.job or self.advice) and (not self.available()
                                          or (self.job or self.advice)[0] != ply):
            self.dismiss()               # a move (or a take-back) came first
            return
        if self.job is None or not self.job[1].done():
            return
        job, self.job = self.job, None
        future = job[1]
        try:
            advice = future.result()
        except Exception:                # the worker failed: say so, play goes on
            self.ctl.say(_("The coach could not answer this time."), speak=False)
            return
        self.advice, self.steered = (ply, advice), False
        self.ctl.advised.append((job[2], advice.move))     # the review never contradicts it
        if not self.ctl.couch and hasattr(self.app, "speak"):
            self.app.speak(_("The coach suggests {advice}").format(advice=advice.text))

    def take(self) -> None:
        """Play the suggested move (G, Enter or the Play it button while it shows)."""
        move = self.shown.move
        self.dismiss()
        self.ctl.play(move)

    def handle(self, action) -> bool:
        """Takes C, a click on the button, and while advice shows Esc (puts it away),
        Enter, G or a click on Play it (plays it); True if taken. Enter plays the
        suggestion rather than picking up whatever the hand's cursor is on, until the person
        moves a cursor: what they then pick with Enter is their own choice."""
        name = action.name
        if self.advice is not None and name in STEERING:
            self.steered = True
            return False
        if name == "coach":
            self.dismiss() if (self.job or self.advice) else self.ask()
            return True
        if name == "back" and (self.job or self.advice):
            self.dismiss()
            return True
        if self.advice is not None and (name == "take_advice" or (
                name == "confirm" and not self.steered) or (
                name == "click" and self.take_rect().collidepoint(action.pos or (-1, -1)))):
            self.take()
            return True
        if name == "take_advice":
            if self.offered:
                self.ctl.say(_("Ask the coach first (C), then G plays its move."), speak=False)
            return True
        if (name == "click" and self.offered and action.pos is not None
                and not self.ctl.state.is_over() and self.button().collidepoint(action.pos)):
            self.ask()
            return True
        return False

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        if not self.offered or self.ctl.state.is_over():
            return
        self._draw_button(surface)
        if self.job is not None:
            self._draw_note(surface, _("The coach is thinking..."))
        elif self.advice is not None:
            self.scene.show_move(surface, self.shown_move())
            self._draw_note(surface, _("Coach: {advice}").format(advice=self.advice[1].text))
            self._draw_take(surface)

    def _draw_button(self, surface) -> None:
        rect = self.button()
        live = self.available()
        pointer = getattr(self.scene, "pointer", None) or (-1, -1)
        hot = live and rect.collidepoint(pointer)
        fill = theme.HIGHLIGHT if hot else ((70, 62, 40) if live else (34, 46, 50))
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        pygame.draw.rect(surface, MARK if live else theme.PANEL_EDGE, rect, 2, border_radius=12)
        colour = theme.TEXT_DARK if hot else (theme.TEXT if live else theme.TEXT_DIM)
        label = self.button_label()
        lines = theme.wrap_text(label, rect.w - 12, 20, True)
        if theme.font(20, True).size(label)[0] <= rect.w - 12 or len(lines) != 2:
            theme.draw_fitted(surface, label, rect.center, rect.w - 12, 30, colour, "center",
                              bold=True, smallest=20)
            return
        for i, line in enumerate(lines):        # a longer language: two lines
            theme.draw_text(surface, line, (rect.centerx, rect.centery + 22 * i - 22), 20,
                            colour, "midtop", bold=True)

    def button_label(self) -> str:
        return _("Coach (C)")

    def take_label(self) -> str:
        return _("Play it (G)") if self.steered else _("Play it (Enter, G)")

    def _draw_note(self, surface, text: str) -> None:
        rect = self._note_rect()
        words = rect.copy()
        if self.advice is not None:            # the Play it button takes the right end
            words.w -= self.take_rect().w + 16
        lines = theme.wrap_text(text, words.w - 48, 30)[:2]
        # opaque: the caption line under it must not show through its words
        theme.draw_panel(surface, rect, border=MARK, alpha=255)
        top = rect.centery - 19 * len(lines)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (words.centerx, top + 38 * i), 30, theme.TEXT,
                            "midtop")

    def take_rect(self) -> pygame.Rect:
        """The Play it button, at the right end of the advice."""
        note = self._note_rect()
        needs = theme.font(26, True).size(self.take_label())[0] + 32
        rect = pygame.Rect(0, 0, max(TAKE_WIDTH[0], min(TAKE_WIDTH[1], needs)), note.h - 24)
        rect.midright = (note.right - 14, note.centery)
        return rect

    def _draw_take(self, surface) -> None:
        rect = self.take_rect()
        pointer = getattr(self.scene, "pointer", None) or (-1, -1)
        hot = rect.collidepoint(pointer)
        pygame.draw.rect(surface, theme.HIGHLIGHT if hot else (70, 62, 40), rect,
                         border_radius=10)
        pygame.draw.rect(surface, MARK, rect, 2, border_radius=10)
        theme.draw_fitted(surface, self.take_label(), rect.center, rect.w - 16, 26,
                          theme.TEXT_DARK if hot else theme.TEXT, "center", bold=True)

    def _note_rect(self) -> pygame.Rect:
        return self.scene.advice_rect(self.shown_move())


# --- the post-game review ---------------------------------------------------------------
class ReviewScene(Scene):
    """The coach's view of a finished game's human moves; see the module notes."""

    overlay = True
    backdrop_dim = 200
    ROWS = 18                   # lines of notes on the panel at once

    def __init__(self, app, state, humans, names, seconds: float | None = None, todo=None,
                 advised=()):
        super().__init__(app)
        # (a network seat brings its own choices: it holds no state to replay)
        self.todo = decisions(state, humans) if todo is None else list(todo)
        self.names = names
        self.single = len(humans) == 1
        # the coach's thinking time in play, so that it judges as it advised
        self.seconds = getattr(app.settings, "think_seconds", 1.0) if seconds is None \
            else seconds
        self.advised = list(advised)        # (view, move) the coach advised in play
        self.done = 0
        self.notes: list[str] = []
        self.job: Future | None = None      # the worker reviewing the next move
        self.offset = 0

    @property
    def finished(self) -> bool:
        return self.done >= len(self.todo)

    def animating(self) -> bool:
        return not self.finished            # the progress line counts on

    def update(self, dt) -> None:
        if self.finished:
            return
        number, player, view, played = self.todo[self.done]
        if self.job is None:
            advised = next((move for seen, move in self.advised if seen == view), None)
            self.job = thinking.ask(review_move, view, played, self.seconds,
                                    position_seed(number - 1), self.names, advised,
                                    budget=2 * self.seconds)
            return
        if not self.job.done():
            return
        job, self.job = self.job, None
        self.done += 1
        try:
            review = job.result()
        except Exception:
            return                          # one move the worker failed on: skip it
        who = "you" if self.single else self.names[player]
        note = review_note(number, view, review, who)
        if note:
            self.notes.append(note)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.app.remove(self)

    def handle(self, action) -> None:
        name = action.name
        if name in ("back", "pause") or (name == "confirm" and self.finished):
            self.cancel()
        elif name in ("up", "down"):
            self.scroll(1 if name == "down" else -1)
        elif name == "wheel":
            self.scroll(-action.amount)

    def scroll(self, lines: int) -> None:
        self.offset = max(0, min(self.offset + lines, len(self._lines()) - self.ROWS))

    def progress(self) -> str:
        if not self.todo:
            return _("No move of yours had a choice: nothing to review.")
        if not self.finished:
            return _("Reviewing move {number} of {count}...").format(number=self.done + 1,
                                                                     count=len(self.todo))
        if not self.single:         # two people on the couch: every note names its player
            if not self.notes:
                return _("None of the {count} choices made at this table cost anything the "
                         "coach can tell.").format(count=len(self.todo))
            return _("{costly} of the {count} choices made at this table cost something, as "
                     "far as the coach can tell").format(costly=len(self.notes),
                                                          count=len(self.todo))
        if not self.notes:
            return _("None of your {count} choices cost anything the coach can tell.").format(
                count=len(self.todo))
        return _("{costly} of your {count} choices cost something, as far as the coach can "
                 "tell").format(costly=len(self.notes), count=len(self.todo))

    def _lines(self) -> list[str]:
        lines = []
        for note in self.notes:
            lines += theme.wrap_text(note, 1500, 28) + [""]
        return lines

    def draw(self, surface) -> None:
        theme.draw_panel(surface, (160, 90, 1600, 900), alpha=255)      # results hidden
        theme.draw_title(surface, N_("Review"), 130, 64)
        theme.draw_fitted(surface, self.progress(), (960, 200), 1500, 32, theme.HIGHLIGHT,
                          "midtop", bold=True, smallest=24)
        y = 270
        for line in self._lines()[self.offset:self.offset + self.ROWS]:
            theme.draw_text(surface, line, (210, y), 28, theme.TEXT)
            y += 36
        legend = (N_("Up/Down: scroll   Esc or Enter: back") if self.finished else
                  N_("Esc: stop the review"))
        theme.draw_legend(surface, self.app, legend)
