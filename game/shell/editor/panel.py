"""The editor's side panel: the level's file name, name and description, its size or
set, the helpers (mirror, turn, shuffle, clear), Delete, and Save, Play this board and
Back along the bottom."""
from __future__ import annotations

from game.i18n import N_, _
from game.logic.board.shape import MAX_SIDE, MIN_SIDE
from game.shell.frame.widgets import Button, Menu, Selector, TextField, Widget

from game.shell.editor.draft import ELEMENTS, GRID

ROW = 50
# the sets whose names are words, for the template: the Set row translates them
SET_WORDS = (N_("halves"), N_("0-5-halves"))
WIDTH = 680


def panel_menu(scene) -> Menu:
    """The panel's Menu for `scene` (an EditorScene), its buttons calling the scene."""
    draft = scene.draft
    file_name = TextField(N_("File name"), draft.name, scene.set_name, max_length=64)
    file_name.help = N_("The level's file: letters, digits, - and _")
    file_name.refuses = file_name_refuses
    file_name.on_refused = lambda reason: scene.say(
        _("Not typed: {why}").format(why=reason), "invalid")
    title = TextField(N_("Name"), draft.title, scene.set_title, max_length=48)
    about = TextField(N_("About"), draft.description, scene.set_description, max_length=200)
    about.allow_empty = True
    for field, needs in ((file_name, N_("A level needs a file name: type one (Esc keeps the "
                                        "old one)")),
                         (title, N_("A level needs a name: type one (Esc keeps the old one)"))):
        field.on_empty = lambda needs=needs: scene.say(_(needs), "invalid")
    for field in (file_name, title, about):
        field.box_left = 0.3                # short labels: room for a long file name
    rows: list[Widget] = [file_name, title, about]
    sides = [(n, str(n)) for n in range(MIN_SIDE, MAX_SIDE + 1)]
    if draft.kind == GRID:
        sizes = [Selector.of(N_("Width"), sides, draft.width, lambda v: scene.resize(width=v)),
                 Selector.of(N_("Height"), sides, draft.height, lambda v: scene.resize(height=v))]
        for selector in sizes:
            selector.wraps = False          # 26 is the most, 2 the least: no jump between
        rows += sizes
    if draft.kind == ELEMENTS:
        if draft.shift:
            rows.append(Selector.of(N_("Stacks"), [(False, N_("Off")), (True, N_("On"))],
                                    draft.stacks, scene.set_stacks))
        else:
            rows.append(Selector.of(N_("Set"), [(n, n) for n in draft.cls.sets], draft.set_name,
                                    scene.set_set))
        rows.append(Button(N_("Turn the element (R)"), scene.turn))
        if getattr(draft.cls, "test_elements", False):
            rows.append(Button(N_("Face down or up (F)"), scene.flip))
        rows += [Button(N_("Shuffle each side"), scene.helper(
                     lambda: draft.shuffle() if scene.check.error is None else
                     draft.build_start(), N_("Shuffled: each side on its home ranks"))),
                 Button(N_("North mirrors South"), scene.helper(
                     draft.mirror_sides, N_("North now mirrors South across the middle")))]
    else:
        rows += [Button(N_("Mirror left-right"), scene.helper(
                     lambda: draft.mirror(True), N_("Mirrored left to right"))),
                 Button(N_("Mirror top-bottom"), scene.helper(
                     lambda: draft.mirror(False), N_("Mirrored top to bottom")))]
        if draft.kind == GRID:
            rows.append(Button(N_("Quarter turn"), scene.helper(
                draft.rotate, N_("Turned a quarter clockwise"))))
    rows += [Button(N_("Clear the board"), scene.helper(draft.clear, N_("Cleared"))),
             StateButton(lambda: N_("Undo delete") if scene.deleted is not None else
                         N_("Delete this level"), scene.delete)]
    for row in rows:
        row.rect.h = ROW
        if isinstance(row, Button):
            row.size = 34
    footer = [Button(N_("Save"), lambda: scene.save(), width=170, size=36),
              Button(N_("Play this board"), scene.play, width=330, size=36),
              Button(N_("Back"), scene.go_back, width=160, size=36)]
    return Menu(scene.app, rows, center_x=1520, top=124, bottom=830, width=WIDTH, gap=6,
                footer=footer, footer_top=930)


def file_name_refuses(char: str, text: str) -> str | None:
    """Why `char` cannot be typed into a file name (`text` with it), or None."""
    if not (char.isascii() and (char.isalnum() or char in "-_")):
        return _("{char} cannot be in a file name: letters, digits, - and _ only").format(
            char=repr(char))
    if not text[0].isalnum():
        return _("a file name starts with a letter or a digit")
    return None


class StateButton(Button):
    """A button whose label follows the editor's state (`label_of()`, asked when read)."""

    def __init__(self, label_of, on_press):
        self.label_of = label_of
        super().__init__(label_of(), on_press)

    @property                                   # type: ignore[override]
    def label(self) -> str:
        return self.label_of()

    @label.setter
    def label(self, value: str) -> None:
        pass                                    # (Widget sets it: the state says it)
