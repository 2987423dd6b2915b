"""The level editor's screen: the board (and for starting boards the tray of the set) on
the left, the side panel on the right (name, description, size, helpers, Save, Play
this board, Delete, Back); every change is read by the game's own reader at once, and
what it says is wrong is marked on the board and said in one line."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path


from game.i18n import N_, _
from game.logic.board.shape import FILES
from game.logic.elements.board import Element
from game.logic.variants import find_variant
from game.shell.frame.scene import Scene

from game.shell.editor.canvas import PANEL, TRAY_AREA, TRAY_COLUMNS, Canvas, draw_editor
from game.shell.editor.draft import ELEMENTS, GRID, SIZE, Check, Draft
from game.shell.editor.file_actions import FileActions
from game.shell.editor.history import History
from game.shell.editor.level_file import DeletedLevel, LevelFile, disk_text
from game.shell.editor.panel import panel_menu
from game.shell.editor.templates import blank_of, free_name, salvage, template_entry

SIDES = (N_("South"), N_("North"))
MOVES = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}


class EditorScene(FileActions, Scene):
    """Edit a copy of the level `template` of `variant` (an own level is edited in
    place: saving keeps its name and what was written by hand; a broken one of yours
    opens to be fixed), or with `blank` a new empty level."""

    def __init__(self, app, variant: str, template: str | None = None, blank: bool = False):
        super().__init__(app)
        entry, model = template_entry(variant, template)
        self.read_changes: list[str] = []       # what reading a broken file changed
        cls = find_variant(variant)
        if blank:
            level, name = blank_of(model.level), free_name(variant, "level")
            self.message = _("A new level: draw it, give it a name, save it")
        elif entry.level is None:           # one of yours that does not load: fix it
            text = disk_text(Path(entry.path)) or ""
            level, self.read_changes = salvage(text, model.level, getattr(cls, "sets", ()))
            name = entry.name
            problem = re.sub(rf"^{re.escape(entry.path)}:(?:(\d+):)? ",
                             lambda m: _("line {line}: ").format(line=m[1]) if m[1] else "",
                             entry.error or "")
            self.message = (_("Fixing {file}: {problem}. Save keeps the file as it is under "
                              "another name") if level != blank_of(model.level) else
                            _("Fixing {file} (nothing of it could be read: the board is "
                              "blank): {problem}. Save keeps the file as it is under another "
                              "name")).format(file=f"{entry.name}.toml", problem=problem)
        elif entry.own:
            level, name = entry.level, entry.name
            self.message = _("Editing your level {name}").format(name=entry.name)
        else:                               # a copy: its own name, nothing said of it yet
            shipped = _(entry.level.title) or entry.name     # (a shipped level's: ours)
            copied = _("Copy of {name}").format(name=shipped)
            level = replace(entry.level, title=copied, description="")  # type: ignore[call-arg]
            name = free_name(variant, entry.name)
            self.message = _("Editing a copy of {name}").format(name=shipped)
        self.draft = Draft(variant, level, name)
        self.file = LevelFile(Path(entry.path) if entry.own and not blank else None)
        self.opened_from = self.file.text     # what a person wrote: kept by every save
        self.broken = entry.own and entry.level is None and not blank   # set aside at save
        self.saved_text = self.draft.text() if self.file.text is not None and entry.level \
            else None
        self.opened_as = self.draft.snapshot()       # (untouched: Back leaves at once)
        self.history = History(self.opened_as)
        self.canvas = Canvas(self.draft)
        self.zone = "board"
        self.cursor = (0, 0)
        self.held_from: int | None = None         # its square, None from the tray
        self.lifted: Element | None = None        # it as it was lifted (Esc puts it back)
        self.held_at = None                       # the pointer, while the mouse moves it
        self.dragging = False
        self.painting: bool | None = None         # block (True) or open while dragging
        self.stroke = False                       # a mouse stroke: one undo step when done
        self.tray_focus = 0
        self.deleted: DeletedLevel | None = None  # the level just deleted: U brings it back
        self.leaving = False                      # Esc once with unsaved changes
        self.checked_text: str | None = None
        self.check: Check                         # (refresh() reads the draft, now and on)
        self.menu = panel_menu(self)
        self.refresh()

    # ---- state ------------------------------------------------------------------------
    @property
    def held(self) -> Element | None:
        """The element in hand (out of the tray while held)."""
        return self.draft.hand

    @held.setter
    def held(self, element: Element | None) -> None:
        self.draft.hand = element

    @property
    def wants_text(self) -> bool:
        return self.menu.editing

    def refresh(self) -> None:
        """Read the draft again (only when its text changed), lay the board out, and keep
        the edit for undo (a mouse stroke once it ends, a move once the element is down)."""
        text = self.draft.text()
        if text != self.checked_text:
            self.checked_text, self.check = text, self.draft.check()
            self.canvas.layout()
            self.leaving = False
        if not self.stroke and self.held is None and self.history.record(self.draft.snapshot()):
            self.deleted = None                   # U now undoes the edit, not the delete
        w, h = self.draft.width, self.draft.height
        self.cursor = (min(self.cursor[0], w - 1), min(self.cursor[1], h - 1))

    def undo(self, redo: bool = False) -> None:
        """Take back the last edit (or with `redo` do again the one taken back)."""
        self.drop_held()
        state = self.history.redo() if redo else self.history.undo()
        if state is None:
            self.say(_("Nothing to redo") if redo else _("Nothing to undo"), "invalid")
            return
        self.draft.restore(state)
        focus = self.menu.focus
        self.menu = panel_menu(self)               # the fields show the draft again
        self.menu.focus = min(focus, len(self.menu.widgets) - 1)
        self.refresh()
        self.say(_("Redone") if redo else _("Undone: Shift+U or Ctrl+Y redoes it"))

    # ---- the panel's helpers -----------------------------------------------------------
    def changed(self, text: str | None = None) -> None:
        self.refresh()
        if text:
            self.say(text)

    def set_name(self, name: str) -> None:
        self.draft.name = name
        self.changed()

    def set_title(self, title: str) -> None:
        self.draft.title = title
        self.changed()

    def set_description(self, text: str) -> None:
        self.draft.description = text
        self.changed()

    def resize(self, width=None, height=None) -> None:
        self.draft.resize(width or self.draft.width, height or self.draft.height)
        self.changed(_("{width} x {height} squares").format(width=self.draft.width,
                                                            height=self.draft.height))

    def helper(self, action, text: str):
        """A panel button that changes the draft: `action()`, then say `text` (N_)."""
        def press():
            self.drop_held()
            action()
            self.changed(_(text))
            self.menu_sync()
        return press

    def menu_sync(self) -> None:
        """Size selectors follow a quarter turn."""
        for widget in self.menu.widgets:
            value = {"Width": self.draft.width, "Height": self.draft.height}.get(widget.label)
            if value is not None:
                widget.index = value - 2

    def set_set(self, set_name) -> None:
        """Another set: the board is laid anew from it, shuffled on the home ranks (the
        old elements do not fit it; Undo brings them back)."""
        self.drop_held()
        self.draft.set_name = set_name
        self.draft.build_start()
        self.changed(_("The {set} set, shuffled on the home ranks: move them as you like").format(
            set=_(set_name)))

    def set_stacks(self, stacks) -> None:
        """Stacks on or off: the board is laid anew, valid at once (a whole set each in
        stacks of four on the back rank, or half of one set each on two ranks)."""
        self.drop_held()
        self.draft.stacks = stacks
        self.draft.build_start()
        self.changed(_("Stacks of four, a whole set each, shuffled on the back ranks") if
                     stacks else _("One element a square, half of one set each, shuffled"))

    def turn(self) -> None:
        self.transform(self.draft.turned, _("Turned end for end"))

    def flip(self) -> None:
        if getattr(self.draft.cls, "test_elements", False):
            self.transform(self.draft.flipped, _("Turned face down or up (a test element)"))

    def transform(self, change, text: str) -> None:
        """Turn or flip the element in hand, else the one under the cursor."""
        if self.held is not None:
            self.held = change(self.held)
        elif self.draft.kind == ELEMENTS and self.draft.top(self.square()) is not None:
            self.draft.cells[self.square()][-1] = change(self.draft.top(self.square()))
        else:
            self.say(_("Pick an element first: Enter on it, or a click"), "invalid")
            return
        self.changed(text)

    # ---- input ---------------------------------------------------------------------------
    def handle(self, action):
        name = action.name
        if self.menu.editing:
            self.menu.handle(action)
            return
        if name in ("point", "click", "release", "rclick", "wheel"):
            self.pointer(action)
        elif name in ("next", "prev"):
            zones = ["board", "tray", "panel"] if self.draft.kind == ELEMENTS else \
                ["board", "panel"]
            step = 1 if name == "next" else -1
            self.zone = zones[(zones.index(self.zone) + step) % len(zones)]
        elif name == "save":
            self.drop_held()
            self.save()
        elif name == "undo" and self.deleted is not None:
            self.undo_delete()
        elif name in ("undo", "redo"):
            self.undo(redo=name == "redo")
        elif name == "back" and self.held is not None:
            self.put_back()
        elif name == "back" and self.zone == "tray":
            self.zone = "board"
        elif name == "back":
            self.go_back()
        elif self.zone == "panel":
            self.menu.handle(action)
        elif name == "rotate":
            self.turn()
        elif name == "flip":
            self.flip()
        elif self.zone == "tray":
            self.tray_key(name)
        else:
            self.board_key(name)

    def square(self) -> int:
        return self.cursor[1] * SIZE + self.cursor[0]

    def board_key(self, name: str) -> None:
        self.held_at = None
        if name in MOVES:
            dx, dy = MOVES[name]
            step = 2 if self.draft.kind not in (GRID, ELEMENTS) and dy else 1
            f = min(max(self.cursor[0] + dx, 0), self.draft.width - 1)
            r = min(max(self.cursor[1] + dy * step, 0), self.draft.height - 1)
            self.cursor = (f, r)
        elif name == "confirm":
            self.act_on(self.cursor)
            self.painting = None            # a key paints one square: the pointer none

    def act_on(self, square) -> None:
        """Enter or a click on a square: paint it, or pick up / set down an element."""
        draft = self.draft
        if draft.kind != ELEMENTS:
            self.painting = not draft.is_blocked(square)
            draft.paint(square, self.painting)
            self.changed()
            return
        index = square[1] * SIZE + square[0]
        if self.held is not None:
            refusal = draft.put(index, self.held)
            if refusal:
                self.say(refusal, "invalid")
                return
            owner = draft.owner_at(index, self.held.owner)
            crossed = self.held_from is not None and owner != self.held.owner
            self.held = None
            self.say(_("Set down in {side}'s half: it is {side}'s element now").format(
                side=_(SIDES[owner])) if crossed else _("Set down"), "place")
        elif draft.top(index) is not None:
            self.held, self.held_from = draft.take(index), index
            self.lifted = self.held
            self.say(_("In hand: set it down on a square (Esc puts it back)"))
        else:
            self.zone = "tray"
            self.say(_("Choose an element from the tray"))
            return
        self.changed()

    def put_back(self) -> None:
        """The element in hand goes back where it was taken from, as it was (from the
        tray: to the tray)."""
        if self.held is None:
            return
        if self.held_from is not None and self.lifted is not None:
            self.draft.put(self.held_from, self.lifted)
            self.held, self.held_at = None, None
            self.say(_("Back on {square}").format(
                square=f"{FILES[self.held_from % SIZE]}{self.held_from // SIZE + 1}"))
            self.changed()
            return
        self.drop_held()
        self.say(_("Back in the tray"))

    def drop_held(self) -> None:
        """The element in hand goes back to the tray."""
        if self.held is not None:
            self.held, self.held_at = None, None
            self.changed()

    def tray_key(self, name: str) -> None:
        slots = self.canvas.tray_slots()
        if name == "confirm" and self.held is not None:     # put in the tray
            self.drop_held()
            self.say(_("Back in the tray"))
            return
        if not slots:
            self.zone = "board"
            return
        steps = {"left": -1, "right": 1, "up": -TRAY_COLUMNS, "down": TRAY_COLUMNS}
        if name in steps:
            self.tray_focus = min(max(self.tray_focus + steps[name], 0), len(slots) - 1)
        elif name == "confirm":
            self.take_from_tray(self.tray_focus)
            self.zone = "board"

    def take_from_tray(self, index: int) -> None:
        _rect, owner, tile = self.canvas.tray_slots()[index]
        low, high = tile.a, tile.b           # the higher number faces the opponent
        self.held = Element(owner, low, high) if owner == 0 else Element(owner, high, low)
        self.held_from = None
        self.tray_focus = min(index, len(self.canvas.tray_slots()) - 2)
        self.say(_("In hand: set it down on a square (R turns it, Esc puts it back)"))

    def pointer(self, action) -> None:
        name, pos = action.name, action.pos
        square = self.canvas.square_at(pos)
        if name == "release":
            self.painting = None
            if self.stroke:
                self.stroke = False
                self.refresh()
            if self.dragging and self.held is not None and square is not None and \
                    square[1] * SIZE + square[0] != self.held_from:
                self.act_on(square)
            self.dragging = False
            return
        if self.held is not None:
            self.held_at = pos
        if name in ("rclick", "wheel") and (self.held is not None or square is not None):
            if square is not None:
                self.cursor = square
            self.turn()
            return
        if square is not None:
            if name == "point" and self.painting is not None:
                self.cursor = square
                self.draft.paint(square, self.painting)
                self.changed()
            elif name == "click":
                self.zone, self.cursor = "board", square
                self.stroke = self.draft.kind != ELEMENTS     # a drag paints: one undo
                self.act_on(square)
                self.dragging = self.held is not None
            return
        slot = self.canvas.tray_at(pos)
        if name == "click" and slot is not None:
            self.drop_held()
            self.tray_focus = slot
            self.take_from_tray(slot)
            self.held_at, self.dragging = pos, True
        elif PANEL.collidepoint(pos):
            if name == "click":
                self.zone = "panel"
            self.menu.handle(action)
        elif name == "click" and self.held is not None:
            if TRAY_AREA.collidepoint(pos):           # dropped on the tray: kept there
                self.drop_held()
                self.say(_("Back in the tray"))
            else:
                self.put_back()

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, surface):
        draw_editor(self, surface)
