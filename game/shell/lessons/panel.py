"""The lesson's panel beside the real board: the lesson's title and text, the goal (always
on screen), what the last try earned (the explanation, the reason a move is no answer,
or the rules' reason a move is refused), the hint, and the buttons Show answer, Retry,
Back and Next.

It stands where it hides the least of the table: over the right-hand column of the board
games (a seat's card and the panel under it), over the goal and last-move panels of
Packs across, and at the right end of the line games' table, which their scene gives up
to it (the scene's make_room: the line and the other players' panels keep left of it).
The card it lies over is shown in brief along its top (the name, whose turn it is, the
count that card shows), so both seats' cards stay in sight. It reads the lesson scene
(scene.py) and changes nothing in it.
"""
from __future__ import annotations

from game.i18n import _, ngettext

import pygame

from game.shell.frame import theme

ASK, RIGHT, WRONG, DONE = "ask", "right", "wrong", "done"
RIGHT_COLOUR = (140, 230, 150)
WRONG_COLOUR = (255, 150, 130)
BUTTON_H = 52
# (text size, leading): the first that lets everything fit is used; a quarter of the size
# between lines lets an accented capital clear the line above, the last tries less
TEXT_SIZES = ((28, 7), (26, 6), (24, 6), (22, 5), (20, 5), (20, 3))
WORDS_TOP = 104                      # below the panel's heading and the lesson's title
CARD_STRIP = 92                      # the covered seat's card in brief, above the heading


def panel_rect(scene) -> pygame.Rect:
    """Where the panel lies on the logical surface of `scene` (a lesson scene)."""
    table = getattr(scene, "table", None)
    layout = getattr(table, "layout", None)
    if layout is not None and hasattr(layout, "last"):         # the moving games, Packs:
        # (a little larger: the card's glow while its player is to move stays under it)
        return layout.cards[1].union(layout.last).inflate(8, 8)  # a column, or a row across
    if hasattr(scene, "geo"):                                  # tiles on a board
        from game.shell.board.table import COLUMNS, INFO_RECT, card_rects
        card = card_rects(2)[1]
        return pygame.Rect(COLUMNS[1], card.y, INFO_RECT.w,
                           INFO_RECT.bottom - card.y).inflate(8, 8)
    from game.shell.line.layout import TABLE      # the table's right end, and above it
    return pygame.Rect(TABLE.right - 532, 20, 520, TABLE.bottom - 32)


def covered_seat(scene, rect) -> int | None:
    """The seat whose card lies under the panel at `rect` (the board games), or None."""
    cards = getattr(getattr(scene, "table", None), "cards", ())
    return next((player for player, card in enumerate(cards) if rect.colliderect(card)), None)


class Button:
    def __init__(self, key: str, label: str):
        self.key, self.label = key, label
        self.rect = pygame.Rect(0, 0, 0, 0)


class LessonPanel:
    """The panel of one lesson scene: its buttons (for clicks and the keyboard focus) and
    its drawing."""

    def __init__(self, scene):
        self.scene = scene
        self.rect = panel_rect(scene)
        self.covered = covered_seat(scene, self.rect)
        self.top = self.rect.y + (CARD_STRIP if self.covered is not None else 0)
        self.focus = 0
        self.pointer = None
        self.buttons: list[Button] = []
        self._lines = None              # (key, (size, leading), lines) last laid out

    # --- the buttons --------------------------------------------------------------------
    def refresh(self) -> None:
        """The buttons the phase offers; the focus on the one Enter should press."""
        scene = self.scene
        phase = scene.phase
        keys = []
        if phase == ASK and scene.must_pass() and self.covers_pass():
            keys.append(("pass", _("Pass (Enter)")))
        if phase == RIGHT:
            keys.append(("next", _("Next")))
        elif phase == DONE:
            keys.append(("next", _("Next lesson") if scene.has_next else _("Finish")))
        keys.append(("retry", _("Retry (U)")))
        if phase in (ASK, WRONG):
            keys.append(("answer", _("Answer (H)")))
        keys.append(("back", _("Back (Esc)")))
        self.buttons = [Button(k, label) for k, label in keys]
        self.focus = 0
        # two buttons a row read best; three a row when the words need the room
        for per_row in (2, 3):
            self._place_buttons(per_row)
            if self.fits():
                break

    def covers_pass(self) -> bool:
        """Whether the table's own Pass button lies under the panel."""
        rect = getattr(getattr(self.scene, "table", None), "pass_rect", None)
        return rect is not None and self.rect.colliderect(rect)

    def _place_buttons(self, per_row: int) -> None:
        rect = self.rect
        if rect.w > 700:                                        # a wide panel: one row
            per_row = len(self.buttons)
        elif rect.w < 560:                 # three a row would cut the labels: the words
            per_row = 2                    # are set smaller instead
        rows = [self.buttons[i:i + per_row] for i in range(0, len(self.buttons), per_row)]
        y = rect.bottom - 20 - len(rows) * (BUTTON_H + 12) + 12
        for row in rows:
            width = (rect.w - 48 - 12 * (len(row) - 1)) // len(row)
            for i, button in enumerate(row):
                button.rect = pygame.Rect(rect.x + 24 + i * (width + 12), y, width, BUTTON_H)
            y += BUTTON_H + 12

    @property
    def buttons_top(self) -> int:
        return min((b.rect.y for b in self.buttons), default=self.rect.bottom - 20)

    def button_at(self, pos) -> Button | None:
        return next((b for b in self.buttons if pos and b.rect.collidepoint(pos)), None)

    def move_focus(self, delta: int) -> None:
        if self.buttons:
            self.focus = (self.focus + delta) % len(self.buttons)

    @property
    def focused(self) -> Button | None:
        return self.buttons[self.focus] if self.buttons else None

    def point(self, pos) -> None:
        self.pointer = pos
        button = self.button_at(pos)
        if button is not None:
            self.focus = self.buttons.index(button)

    # --- the words ----------------------------------------------------------------------
    def blocks(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) of each block of words, top to bottom."""
        scene = self.scene
        step, phase = scene.step, scene.phase
        blocks = []
        if step.closing:                    # the opponent's last word, and what it meant
            return [(_(step.explain), RIGHT_COLOUR, False)]
        # the lesson's words, read once: a wrong try shows the goal again, the answer lit
        # the goal and the hint in their place
        if phase == ASK and step.text and not scene.show_answer:
            blocks.append((_(step.text), theme.TEXT, False))
        blocks.append((_("Goal: {goal}").format(goal=_(step.goal)), theme.HIGHLIGHT, True))
        if phase in (RIGHT, DONE):
            blocks.append((_("Right! {explanation}").format(explanation=_(step.explain)),
                           RIGHT_COLOUR, False))
        elif phase == WRONG:
            blocks.append((_(step.wrong), WRONG_COLOUR, False))
        elif scene.show_answer:
            blocks.append((_(step.hint) if step.hint else _("The answer is lit on the board."),
                           theme.SELECTION, False))
        elif scene.refusal:
            blocks.append((_("Not allowed: {reason}").format(reason=scene.refusal),
                           WRONG_COLOUR, False))
        return blocks

    def layout(self):
        """(size, [(line, colour, bold, gap before)]) of the words at the largest size
        that fits above the buttons, worked out once per change."""
        blocks = self.blocks()
        key = (tuple(blocks), self.rect.size, self.buttons_top)
        if self._lines is not None and self._lines[0] == key:
            return self._lines[1], self._lines[2]
        room = self.buttons_top - (self.top + WORDS_TOP) - 12
        width = self.rect.w - 48
        for size, leading in TEXT_SIZES:
            lines = []
            for text, colour, bold in blocks:
                for i, paragraph in enumerate(text.split("\n")):
                    wrapped = theme.wrap_text(paragraph, width, size, bold)
                    gap = size // 2 if (i or lines) else 0
                    lines += [(line, colour, bold, gap if j == 0 else 0)
                              for j, line in enumerate(wrapped)]
            height = sum(size + leading + gap for *_x, gap in lines)
            if height <= room:
                break
        self._lines = (key, (size, leading), lines)
        return (size, leading), lines

    def fits(self) -> bool:
        """Whether every word of the current phase fits above the buttons."""
        (size, leading), lines = self.layout()
        height = sum(size + leading + gap for *_x, gap in lines)
        return height <= self.buttons_top - (self.top + WORDS_TOP) - 12

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface) -> None:
        scene, rect = self.scene, self.rect
        theme.draw_panel(surface, rect, alpha=255, border=theme.TITLE)
        if self.covered is not None:
            self._draw_card(surface, self.covered)
        lesson = scene.lesson
        count = (_("Lesson {number}, step {step} of {steps}") if len(lesson.steps) > 1
                 else _("Lesson {number}")).format(number=lesson.number,
                                                   step=scene.step_index + 1,
                                                   steps=len(lesson.steps))
        theme.draw_fitted(surface, count, (rect.x + 24, self.top + 20),
                          rect.w - 48, 24, theme.TEXT_DIM)
        theme.draw_fitted(surface, _(lesson.title), (rect.x + 24, self.top + 54),
                          rect.w - 48, 38, theme.TITLE, bold=True, smallest=24)
        (size, leading), lines = self.layout()
        y = self.top + WORDS_TOP
        for i, (line, colour, bold, gap) in enumerate(lines):
            y += gap
            if y + size > self.buttons_top - 8:
                theme.report_cut(" ".join(text for text, *_x in lines[i:]))
                break
            theme.draw_text(surface, line, (rect.x + 24, y), size, colour, bold=bold)
            y += size + leading
        for i, button in enumerate(self.buttons):
            self._draw_button(surface, button, i == self.focus and scene.phase != ASK)

    def _draw_card(self, surface, player: int) -> None:
        """The seat's card the panel lies over, in brief: its colour, name and side and
        whether it is to move, then the count the card shows (and the tiles in hand)."""
        scene, rect = self.scene, self.rect
        adapter = scene.adapter
        over = scene.over_for is not None
        middle = rect.y + 30
        pygame.draw.circle(surface, (150, 136, 100), (rect.x + 34, middle), 14)  # as on cards
        pygame.draw.circle(surface, adapter.seat_colour(player), (rect.x + 34, middle), 11)
        right = rect.right - 20
        if scene.game.current_player == player and not over:
            right = theme.draw_text(surface, _("To move"), (right, middle), 26, theme.HIGHLIGHT,
                                    "midright", bold=True).x - 14
        room = right - rect.x - 56
        name = adapter.name(player)            # "Ann (Black)", or "Ann" where that fits not
        if theme.font(30, True).size(name)[0] > room:
            name = scene.ctl.name(player)
        theme.draw_fitted(surface, name, (rect.x + 56, middle), room, 30, theme.TEXT,
                          "midleft", bold=True, smallest=24)
        words = [text for text, *_x in adapter.card_lines(player, over)[:1]]
        if scene.ctl.hands and not over:
            held = len(scene.hand_of(player))
            words.append(ngettext("{count} tile in hand", "{count} tiles in hand",
                                  held).format(count=held))
        theme.draw_fitted(surface, ", ".join(words), (rect.x + 24, middle + 34), rect.w - 48,
                          26, theme.TEXT, "midleft")
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + 16, rect.y + CARD_STRIP - 4),
                         (rect.right - 16, rect.y + CARD_STRIP - 4), 2)

    def _draw_button(self, surface, button: Button, focused: bool) -> None:
        hot = focused or (self.pointer is not None and button.rect.collidepoint(self.pointer))
        fill = theme.HIGHLIGHT if hot else (52, 74, 82)
        pygame.draw.rect(surface, fill, button.rect, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, button.rect, 2, border_radius=12)
        theme.draw_fitted(surface, button.label, button.rect.center, button.rect.w - 16, 26,
                          theme.TEXT_DARK if hot else theme.TEXT, "center", bold=True)
