"""Menu widgets driven by Actions: buttons, value selectors, text fields, and a vertical
Menu that gives one of them keyboard/gamepad focus and follows the mouse."""
from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame

from game.i18n import _
from game.shell.frame import theme
from game.shell.frame.scrolling import draw_scroll_sign

MARKS_A_LETTER = 2    # accents a typed letter may carry (Vietnamese has two)

ROW_HEIGHT = 64
ROW_GAP = 12


class Widget:
    """One row of a Menu. `handle` gets the actions while the row has focus and returns
    True if it used them."""

    focusable = True
    help = ""              # a line the screen may show while the row has focus
    marker = None          # a colour dot before the label (a seat's colour)

    def __init__(self, label: str, width: int = 760, height: int = ROW_HEIGHT):
        self.label = label          # a text of the template (N_), translated when drawn
        self.rect = pygame.Rect(0, 0, width, height)

    @property
    def shown_label(self) -> str:
        """The label in the current language (a label already translated stays as it is)."""
        return _(self.label)

    def handle(self, action) -> bool:
        return False

    def click(self, pos) -> None:
        self.handle_confirm()

    def handle_confirm(self) -> None:
        pass

    def draw(self, surface, focused: bool) -> None:
        colour = (52, 74, 82) if focused else (30, 44, 52)
        pygame.draw.rect(surface, colour, self.rect, border_radius=14)
        if theme._logs:
            theme.report_box(surface, self.rect)
        if focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(8, 8), width=4,
                             border_radius=18)


class Label(Widget):
    """A line of text that focus skips (section headings, notes, errors)."""

    focusable = False

    def __init__(self, label: str, width: int = 760, height: int = 44, color=theme.TEXT_DIM,
                 size: int = 28):
        super().__init__(label, width, height)
        self.color, self.size = color, size

    def draw(self, surface, focused: bool) -> None:
        drawn = theme.draw_text(surface, self.shown_label, self.rect.midleft, self.size,
                                self.color, "midleft")
        if drawn.right > self.rect.right:
            theme.report_cut(self.shown_label)


class Button(Widget):
    def __init__(self, label: str, on_press, width: int = 760, height: int = ROW_HEIGHT,
                 size: int = 40):
        super().__init__(label, width, height)
        self.on_press = on_press
        self.size = size

    def handle(self, action) -> bool:
        if action.name == "confirm":
            self.handle_confirm()
            return True
        return False

    def handle_confirm(self) -> None:
        self.on_press()

    def draw(self, surface, focused: bool) -> None:
        super().draw(surface, focused)
        # a focused label is bold, so wider: fitted, it never spills out of its button
        theme.draw_fitted(surface, self.shown_label, self.rect.center, self.rect.w - 24, self.size,
                          theme.TEXT, "center", bold=focused)


class Selector(Widget):
    """A label and one value of a list; left/right (or clicking an arrow) changes it."""

    value_indent = 0       # room kept between the label and the value (for a button)
    column = 0             # where a menu lines up its values, from the row's left (line_up)

    def __init__(self, label: str, choices, index: int = 0, on_change=None,
                 width: int = 760, height: int = ROW_HEIGHT):
        super().__init__(label, width, height)
        self.choices = list(choices)            # (value, text) pairs
        self.index = min(max(index, 0), len(self.choices) - 1)
        self.on_change = on_change
        self.previews = False       # the setup's side panel shows the chosen level's board
        self.wraps = True           # past the last choice to the first; False: stop there

    @classmethod
    def of(cls, label, choices, value, on_change=None, **kw) -> "Selector":
        """A selector whose current value is `value` (or the first choice)."""
        values = [v for v, _x in choices]
        return cls(label, choices, values.index(value) if value in values else 0, on_change, **kw)

    @property
    def value(self):
        return self.choices[self.index][0]

    def step(self, delta: int) -> None:
        if len(self.choices) < 2:
            return
        index = self.index + delta
        if not self.wraps and not 0 <= index < len(self.choices):
            return
        self.index = index % len(self.choices)
        if self.on_change:
            self.on_change(self.value)

    def handle(self, action) -> bool:
        steps = {"left": -1, "right": 1, "confirm": 1}
        if action.name in steps:
            self.step(steps[action.name])
            return True
        return False

    def click(self, pos) -> None:
        # Left half of the value steps back, right half forward; the label only focuses.
        left = getattr(self, "_value_left", self.rect.x + self.rect.w * 0.42)
        if pos[0] >= left - 30:
            self.step(-1 if pos[0] < (left + self.rect.right) / 2 else 1)

    def draw(self, surface, focused: bool) -> None:
        super().draw(surface, focused)
        r = self.rect
        x = r.x + 24
        if self.marker:
            pygame.draw.circle(surface, self.marker, (x + 10, r.centery), 11)
            x += 34
        label = theme.draw_fitted(surface, self.shown_label, (x, r.centery), r.x + r.w // 2 - x, 34,
                                  theme.TEXT, "midleft")
        left = max(r.x + r.w * 0.42, label.right + 30 + self.value_indent, r.x + self.column)
        right = r.right - 28
        self._value_left = left
        text = _(self.choices[self.index][1]) if self.choices else "-"
        colour = theme.HIGHLIGHT if focused else theme.TEXT
        size = 34
        while size > 22 and theme.font(size, focused).size(text)[0] > right - left - 70:
            size -= 2
        if theme.font(size, focused).size(text)[0] > right - left - 50:
            theme.report_cut(text)                   # it runs into the arrows
        theme.draw_text(surface, text, ((left + right) / 2, r.centery), size, colour, "center",
                        bold=focused)
        if len(self.choices) > 1:
            for mark_x, mark in ((left, "<"), (right, ">")):
                theme.draw_text(surface, mark, (mark_x, r.centery), 40, theme.TEXT_DIM, "center",
                                bold=True)


class TextField(Widget):
    """Editable text: confirm or a click starts editing; typed `text` actions go in at
    the cursor (left/right, home/end move it; "\b" erases before it, "\x7f" after it);
    confirm keeps the new text, back restores the old one. A longer text than the box
    scrolls to keep the cursor in sight. `refuses(char, text)`, when given, says why a
    typed character cannot go in (`text`: the field with it; None: it can), and
    `on_refused(reason)` is then told."""

    SIZE = 34               # the text's size in the box: never shrunk, scrolled instead
    box_left = 0.45         # where the box begins, a share of the row's width

    def __init__(self, label: str, text: str, on_change=None, max_length: int = 16,
                 width: int = 760, height: int = ROW_HEIGHT):
        super().__init__(label, width, height)
        self.text = text
        self.on_change = on_change
        self.max_length = max_length
        self.editing = False
        self.cursor = len(text)      # where typing goes in, 0 to len(text)
        self._before = text
        self.allow_empty = False    # else an emptied field keeps its old text...
        self.on_empty: Callable[[], None] | None = None   # ...or, given this, is called
                                                           # and the field stays open
        self.refuses: Callable[[str, str], str | None] | None = None
        self.on_refused: Callable[[str], None] | None = None

    def handle(self, action) -> bool:
        if not self.editing:
            if action.name == "confirm":
                self.handle_confirm()
                return True
            return False
        name = action.name
        if name == "text":
            self.type(action.char)
        elif name in ("left", "right", "home", "end"):
            moves = {"left": self.cursor - 1, "right": self.cursor + 1, "home": 0,
                     "end": len(self.text)}
            self.cursor = min(max(moves[name], 0), len(self.text))
        elif name in ("confirm", "click"):
            self.finish()
        elif name == "back":
            self.text, self.editing = self._before, False
            self.cursor = len(self.text)
        return True       # while editing, the field keeps every action

    def type(self, char: str) -> None:
        """One typed character (or "\b", "\x7f": erase before or after the cursor)."""
        at = self.cursor
        if char == "\b":
            self.text, self.cursor = self.text[:max(at - 1, 0)] + self.text[at:], max(at - 1, 0)
            return
        if char == "\x7f":
            self.text = self.text[:at] + self.text[at + 1:]
            return
        if not char.isprintable():
            return
        if unicodedata.combining(char) and at >= MARKS_A_LETTER and all(
                unicodedata.combining(c) for c in self.text[at - MARKS_A_LETTER:at]):
            return        # a pile of marks on one letter is drawn up over the lines above
        typed = self.text[:at] + char + self.text[at:]
        reason = self.refuses(char, typed) if self.refuses else None
        if reason is None and len(self.text) >= self.max_length:
            reason = _("at most {count} characters").format(count=self.max_length)
        if reason is not None:
            if self.on_refused:
                self.on_refused(reason)
            return
        self.text, self.cursor = typed, at + 1

    def handle_confirm(self) -> None:
        self.editing, self._before, self.cursor = True, self.text, len(self.text)

    def finish(self) -> None:
        if not self.text.strip() and not self.allow_empty and self.on_empty:
            self.on_empty()
            return
        self.editing = False
        self.text = self.text.strip() or ("" if self.allow_empty else self._before)
        self.cursor = len(self.text)
        if self.on_change and self.text != self._before:
            self.on_change(self.text)

    def draw(self, surface, focused: bool) -> None:
        super().draw(surface, focused)
        r = self.rect
        theme.draw_fitted(surface, self.shown_label, (r.x + 24, r.centery),
                          int(r.w * self.box_left) - 34, 34, theme.TEXT, "midleft")
        box = pygame.Rect(r.x + r.w * self.box_left, r.y + 8, r.w * (1 - self.box_left) - 16,
                          r.h - 16)
        pygame.draw.rect(surface, (12, 20, 24), box, border_radius=8)
        if self.editing:
            pygame.draw.rect(surface, theme.SELECTION, box, width=3, border_radius=8)
        inner = box.inflate(-24, 0)
        if not self.editing:
            theme.draw_fitted(surface, self.text, (inner.x, box.centery), inner.w, self.SIZE,
                              theme.TEXT, "midleft")
            return
        font = theme.font(self.SIZE)
        caret = font.size(self.text[:self.cursor])[0]
        after = min(60, font.size(self.text)[0] - caret)    # and some of what follows it
        shift = max(0, caret + after - inner.w + 4)  # scrolled: the cursor stays in sight
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        theme.draw_text(surface, self.text, (inner.x - shift, box.centery), self.SIZE,
                        theme.HIGHLIGHT, "midleft")
        surface.set_clip(clip)
        x = inner.x + caret - shift
        pygame.draw.line(surface, theme.TEXT, (x, box.y + 8), (x, box.bottom - 8), 3)


class Menu:
    """A vertical list of widgets centred on `center_x` from `top`, scrolled to keep the
    focused row inside `bottom`; a sign above or below says when rows are scrolled out of
    sight (a click on it scrolls). `footer` widgets (the last ones of the list in focus
    order) stand side by side in one row at `footer_top`, never scrolled: Start and Back
    stay on screen however long the list. Up/down/next/prev move focus (left/right too
    along the footer); the pointer focuses the row under it; a click presses it."""

    SIGN = 30               # the height of the strip a scroll sign takes

    def __init__(self, app, widgets, center_x: int = 960, top: int = 300, bottom: int = 1000,
                 focus: int = 0, width: int | None = None, gap: int = ROW_GAP, footer=(),
                 footer_top: int | None = None):
        self.app = app
        self._lined_up: tuple | None = None     # the selectors' labels last lined up
        self.footer = list(footer)
        self.widgets = list(widgets) + self.footer
        if width:
            for w in self.body:
                w.rect.w = width
        self.center_x, self.top, self.bottom, self.gap = center_x, top, bottom, gap
        self.footer_top = bottom + self.SIGN if footer_top is None else footer_top
        self.scroll = 0
        self.focus = self._nearest_focusable(focus)
        self.layout()

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

    @property
    def editing(self) -> bool:
        """True while a text field is being typed into (the app then sends `text` only)."""
        return isinstance(self.focused, TextField) and self.focused.editing

    @property
    def body(self) -> list[Widget]:
        """The scrolled rows (every widget but the footer)."""
        return self.widgets[:len(self.widgets) - len(self.footer)]

    def _nearest_focusable(self, index: int) -> int:
        for i in list(range(index, len(self.widgets))) + list(range(index - 1, -1, -1)):
            if 0 <= i < len(self.widgets) and self.widgets[i].focusable:
                return i
        return -1

    def layout(self) -> None:
        y = self.top
        for w in self.body:
            w.rect.midtop = (self.center_x, y)
            y += w.rect.h + self.gap
        most = max(0, y - self.gap - self.bottom)        # the scroll that shows the last row
        focused = self.focused
        if focused in self.footer:       # the end of the list (notes after the last row)
            self.scroll = most
        elif focused is not None:
            visible = self.bottom - self.top
            y0 = focused.rect.top - self.top
            if y0 - self.scroll < 0:
                self.scroll = y0
            elif y0 + focused.rect.h - self.scroll > visible:
                self.scroll = y0 + focused.rect.h - visible
        self.scroll = min(max(self.scroll, 0), most)
        for w in self.body:
            w.rect.y -= self.scroll
        if self.footer:             # one row, as wide together as the list
            span = sum(w.rect.w for w in self.footer) + self.gap * (len(self.footer) - 1)
            x = self.center_x - span // 2
            for w in self.footer:
                w.rect.topleft = (x, self.footer_top)
                x += w.rect.w + self.gap

    def hidden(self) -> tuple[int, int]:
        """How many rows lie wholly or partly out of sight above the list and below it."""
        above = sum(1 for w in self.body if w.rect.top < self.top - 1)
        below = sum(1 for w in self.body if w.rect.bottom > self.bottom + 1)
        return above, below

    def sign_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the signs for rows above and below are drawn (and clicked)."""
        width = max((w.rect.w for w in self.body), default=400)
        up = pygame.Rect(0, 0, width, self.SIGN - 4)
        up.midbottom = (self.center_x, self.top - 2)
        down = up.copy()
        down.midtop = (self.center_x, self.bottom + 2)
        return up, down

    def move(self, delta: int) -> None:
        if self.focus < 0:
            return
        i = self.focus
        for _x in range(len(self.widgets)):
            i = (i + delta) % len(self.widgets)
            if self.widgets[i].focusable:
                break
        if i != self.focus:
            self.focus = i
            self.app.sounds.play("select")
            self.layout()

    def _row_at(self, pos) -> int:
        if pos is None:
            return -1
        for i, w in enumerate(self.widgets):
            inside = w in self.footer or self.top - 4 <= pos[1] <= self.bottom + 4
            if w.focusable and inside and w.rect.collidepoint(pos):
                return i
        return -1

    def _scroll_sign_at(self, pos) -> int:
        """-1 or +1 for a click on the sign above or below (while it shows), else 0."""
        above, below = self.hidden()
        up, down = self.sign_rects()
        if pos is not None and above and up.collidepoint(pos):
            return -1
        if pos is not None and below and down.collidepoint(pos):
            return 1
        return 0

    def handle(self, action) -> bool:
        """Apply `action`; True if the menu used it."""
        focused = self.focused
        if focused is not None and self.editing:
            outside = action.name == "click" and action.pos is not None and \
                not focused.rect.collidepoint(action.pos)
            if not outside:
                return focused.handle(action)
            # a click elsewhere ends the typing and is a click too (it was lost)
            focused.handle(action)
            if self.editing:          # (an emptied field that stays open)
                return True
        name = action.name
        if name in ("up", "prev"):
            self.move(-1)
        elif name in ("down", "next"):
            self.move(1)
        elif name in ("left", "right") and focused in self.footer:
            index = self.footer.index(focused) + (1 if name == "right" else -1)
            if 0 <= index < len(self.footer):
                self.move(1 if name == "right" else -1)
        elif name == "wheel":
            self.move(-action.amount)
        elif name == "click" and self._scroll_sign_at(action.pos):
            self._scroll_to_hidden(self._scroll_sign_at(action.pos))
        elif name in ("point", "click"):
            row = self._row_at(action.pos)
            if row < 0:
                return False
            if row != self.focus:
                self.focus = row
                self.layout()
            if name == "click":
                self.widgets[row].click(action.pos)
        elif focused is not None:
            return focused.handle(action)
        else:
            return False
        return True

    def _scroll_to_hidden(self, direction: int) -> None:
        """Focus the nearest row out of sight that way, which scrolls it into view (below
        the last one: the footer, which shows the end of the list)."""
        body = self.body
        rows = [i for i, w in enumerate(body) if w.focusable and (
            w.rect.top < self.top if direction < 0 else w.rect.bottom > self.bottom)]
        if not rows and direction > 0:
            rows = [i for i, w in enumerate(self.footer, len(body)) if w.focusable]
        if rows:
            self.focus = rows[-1] if direction < 0 else rows[0]
            self.app.sounds.play("select")
            self.layout()

    def draw(self, surface, focus: bool = True) -> None:
        """The rows in sight, the footer and the scroll signs; with `focus` off no row is
        marked (a screen that takes no input yet)."""
        focused = self.focus if focus else -1
        self._line_up()
        clip = surface.get_clip()
        # room for the focus ring around the first and last rows, hardly more
        surface.set_clip(pygame.Rect(0, self.top - 6, surface.get_width(),
                                     self.bottom - self.top + 12))
        for i, w in enumerate(self.body):     # a row partly out of sight is one of those
            if w.rect.top >= self.top - 1 and w.rect.bottom <= self.bottom + 1:   # the
                w.draw(surface, i == focused)                 # signs count: not drawn
        surface.set_clip(clip)
        for i, w in enumerate(self.footer, len(self.body)):
            w.draw(surface, i == focused)
        for count, rect, pointing in zip(self.hidden(), self.sign_rects(), (-1, 1)):
            if count:
                draw_scroll_sign(surface, rect, pointing, count)


    def _line_up(self) -> None:
        """The selectors' values start in one column, right of the longest label (as
        far as half the row): a longer language's labels do not stagger the arrows."""
        rows = [w for w in self.body if isinstance(w, Selector)]
        key = tuple((w.shown_label, w.rect.w, bool(w.marker)) for w in rows)
        if key == self._lined_up:
            return
        self._lined_up = key
        needs = [min(w.rect.w // 2, 24 + 34 * bool(w.marker) + theme.font(34).size(
            w.shown_label)[0]) + 30 + w.value_indent for w in rows]
        for w in rows:
            w.column = min(max(needs, default=0), w.rect.w // 2)   # (a long one its own)


def back_or_menu(app, menu: Menu, action) -> None:
    """The input of a screen that is one menu: back (Esc) leaves it, the rest is the menu's."""
    if action.name == "back":
        app.pop()
    else:
        menu.handle(action)
