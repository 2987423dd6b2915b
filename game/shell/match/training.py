"""Training wheels for a first game: the coach's suggestion, dimmed, on every turn of the
person, with its reason in one line, until the person turns it off (C).

`TrainingCoach` is the match scene's coach (learn.start_first_game puts it there): it
asks the coach (coach.py, in the worker process) as soon as the person may act, draws the
suggestion faintly on the table so the person's own choice stays theirs, and plays it
only on G or a click on the line's Play it; Enter keeps picking up the person's own tile
or element. C turns the wheels off; after that C asks the coach as in any match.
"""
from __future__ import annotations

import pygame

from game.shell.frame import theme
from game.shell.match.coach import MARK, Coach

DIM_ALPHA = 120                 # how strongly the suggestion shows through
LINE_HEIGHT = 56


class TrainingCoach(Coach):
    def __init__(self, scene):
        super().__init__(scene)
        self.wheels = True
        self._layer = None          # (ply, surface) of the dimmed suggestion

    def update(self) -> None:
        super().update()
        if self.wheels and self.job is None and self.advice is None and self.available():
            self.ask()

    def handle(self, action) -> bool:
        if not self.wheels:
            return super().handle(action)
        name = action.name
        if name == "coach" or (name == "click" and self.button().collidepoint(
                action.pos or (-1, -1))):
            self.wheels = False
            self.dismiss()
            self.ctl.say("The coach's suggestions are off: C asks for one.", speak=False)
            return True
        if self.advice is not None and (name == "take_advice" or (
                name == "click" and self.take_rect().collidepoint(action.pos or (-1, -1)))):
            self.take()
            return True
        return False

    def draw(self, surface) -> None:
        if not self.wheels:
            super().draw(surface)
            return
        if not self.offered or self.ctl.state.is_over():
            return
        self._draw_button(surface)
        if self.advice is None:
            return
        ply, advice = self.advice
        if self._layer is None or self._layer[0] != ply:     # drawn once a suggestion
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self.scene.show_move(layer, self.shown_move())
            layer.set_alpha(DIM_ALPHA)
            self._layer = (ply, layer)
        surface.blit(self._layer[1], (0, 0))
        rect = self.note_line()
        theme.draw_panel(surface, rect, alpha=255, border=MARK)      # (over the caption)
        words = rect.copy()
        words.w -= self.take_rect().w + 16
        text, room = f"Coach: {advice.text}", words.w - 36
        lines = [text] if theme.font(22).size(text)[0] <= room else \
            theme.wrap_text(text, room, 22)          # (a long reason: two smaller lines)
        if len(lines) > 2:                           # (the second fitted: cut if need be)
            lines = [lines[0], " ".join(lines[1:])]
        size = 28 if len(lines) == 1 else 22
        for i, line in enumerate(lines):
            theme.draw_fitted(surface, line, (words.x + 24, rect.centery + (i * 2 + 1 -
                              len(lines)) * 12), room, size, theme.TEXT_DIM, "midleft")
        self._draw_take(surface)

    def note_line(self) -> pygame.Rect:
        """One line where the coach's panel would stand."""
        rect = self._note_rect()
        return pygame.Rect(rect.x, rect.bottom - LINE_HEIGHT - 14, rect.w, LINE_HEIGHT)

    def take_rect(self) -> pygame.Rect:
        if not self.wheels:
            return super().take_rect()
        note = self.note_line()
        rect = pygame.Rect(0, 0, 300, note.h - 12)
        rect.midright = (note.right - 8, note.centery)
        return rect

    def button_label(self) -> str:
        return "Hide coach (C)" if self.wheels else super().button_label()

    def take_label(self) -> str:
        return "Play it (G)" if self.wheels else super().take_label()
