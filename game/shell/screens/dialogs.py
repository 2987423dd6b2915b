"""Small screens that ask or tell: a yes-or-no question, a message; and the question
before a new match takes the place of the saved one."""
from __future__ import annotations

from game.i18n import N_, _


from game.play import saves
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Menu


class ConfirmScene(Scene):
    """A question answered Yes or No (Esc says No), with a line of `detail` under it: the
    other person on the couch allows a take-back. Over the dimmed table, or with `cover`
    on a screen of its own (the person answering must not see a hand)."""

    overlay = True
    backdrop_dim = 170

    def __init__(self, app, question: str, yes: str, no: str, on_yes, detail: str = "",
                 cover: bool = False, on_no=None, focus_yes: bool = False,
                 legend: str = N_("Up/Down: choose   Enter: select   Esc: no")):
        super().__init__(app)
        self.question, self.detail = question, detail
        self.legend = legend            # (a template text: what Esc does, said as it is)
        self.on_yes, self.on_no = on_yes, on_no
        self.overlay = not cover
        # as wide as the longer answer needs (a file name in it), up to the panel's width
        width = min(900, max(560, *(theme.font(40, True).size(_(label))[0] + 60
                                    for label in (yes, no))))
        self.menu = Menu(app, [Button(yes, self.agree, width=width),
                               Button(no, self.refuse, width=width)],
                         top=520, bottom=700, focus=0 if focus_yes else 1)

    def agree(self):
        self.app.remove(self)
        self.on_yes()

    def refuse(self):
        self.app.remove(self)
        if self.on_no is not None:
            self.on_no()

    def handle(self, action):
        if action.name in ("back", "pause"):
            self.refuse()
        else:
            self.menu.handle(action)

    def draw(self, surface):
        if not self.overlay:
            surface.fill(theme.COVER)
        theme.draw_panel(surface, (460, 280, 1000, 480), alpha=255)
        size = next((s for s in (44, 38, 32) if theme.font(s, True).size(self.question)[0]
                     <= 920), 32)
        asked = theme.wrap_text(self.question, 920, size, True)     # a long one: two lines
        if len(asked) > 2:
            theme.report_cut(self.question)
            asked = [asked[0], theme.fit_text(" ".join(asked[1:]), 920, size, True)]
        lines = theme.wrap_text(self.detail, 920, 30) if self.detail else []
        room = 3 if len(asked) == 1 else 2      # the detail's lines above the buttons
        if len(lines) > room:                  # the last one fitted (and told if cut)
            lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
        y = 370 - 22 * (len(asked) - 1) - 18 * (len(lines) > 2)
        for line in asked:
            theme.draw_text(surface, line, (960, y), size, theme.TITLE, "center", bold=True)
            y += size + 6
        y += 36 - size // 2
        for line in lines:
            theme.draw_fitted(surface, line, (960, y), 920, 30, theme.TEXT, "center")
            y += 38
        self.menu.draw(surface)
        theme.draw_legend(surface, self.app, self.legend)


class MessageScene(Scene):
    """A full-screen message (an error that stopped something); Enter or Esc goes back."""

    def __init__(self, app, title: str, message: str):
        super().__init__(app)
        self.title = title
        self.lines = theme.wrap_text(message, 1500, 34)
        self.menu = Menu(app, [Button(N_("OK"), app.pop, width=400)], top=860, bottom=940)

    def handle(self, action):
        if action.name in ("back", "confirm"):
            self.app.pop()
        else:
            self.menu.handle(action)

    def draw(self, surface):
        theme.draw_felt(surface)
        theme.draw_panel(surface, (160, 140, 1600, 840))
        theme.draw_title(surface, self.title, 240, 64)
        y = 340
        for line in self.lines[:12]:
            theme.draw_text(surface, line, (960, y), 34, theme.TEXT, "midtop")
            y += 44
        self.menu.draw(surface)


def ask_before_replacing_save(app, begin) -> None:
    """Run `begin()` (which starts a new match), first asking when the match in
    progress is saved: the new match's first move would write over it."""
    saved = None
    if getattr(app, "keeps_matches", True):
        try:
            saved = saves.read_save()
        except (OSError, saves.DamagedSave):     # none, or one the title menu speaks of
            saved = None
    if saved is None:
        begin()
        return
    app.push(ConfirmScene(app, _("Replace the saved match?"), N_("Yes, start the new game"),
                          N_("No, keep it"), begin,
                          detail=_("{match}: a new game takes its place.").format(
                              match=saves.describe(saved))))
