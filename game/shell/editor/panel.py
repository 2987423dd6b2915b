"""The editor's side panel: the level's file name, name and description, its size or
set, the helpers (mirror, turn, shuffle, clear), Delete, and Save, Play this board and
Back along the bottom."""
from __future__ import annotations

from game.logic.board.shape import MAX_SIDE, MIN_SIDE
from game.shell.frame.widgets import Button, Menu, Selector, TextField, Widget

from game.shell.editor.draft import ELEMENTS, GRID

ROW = 54
WIDTH = 680


def panel_menu(scene) -> Menu:
    """The panel's Menu for `scene` (an EditorScene), its buttons calling the scene."""
    draft = scene.draft
    file_name = TextField("File name", draft.name, scene.set_name, max_length=64)
    file_name.help = "The level's file: letters, digits, - and _"
    file_name.refuses = file_name_refuses
    file_name.on_refused = lambda reason: scene.say(f"Not typed: {reason}", "invalid")
    title = TextField("Name", draft.title, scene.set_title, max_length=48)
    about = TextField("About", draft.description, scene.set_description, max_length=200)
    about.allow_empty = True
    for field, what in ((file_name, "a file name"), (title, "a name")):
        field.on_empty = lambda what=what: scene.say(
            f"A level needs {what}: type one (Esc keeps the old one)", "invalid")
    for field in (file_name, title, about):
        field.box_left = 0.3                # short labels: room for a long file name
    rows: list[Widget] = [file_name, title, about]
    sides = [(n, str(n)) for n in range(MIN_SIDE, MAX_SIDE + 1)]
    if draft.kind == GRID:
        sizes = [Selector.of("Width", sides, draft.width, lambda v: scene.resize(width=v)),
                 Selector.of("Height", sides, draft.height, lambda v: scene.resize(height=v))]
        for selector in sizes:
            selector.wraps = False          # 26 is the most, 2 the least: no jump between
        rows += sizes
    if draft.kind == ELEMENTS:
        if draft.shift:
            rows.append(Selector.of("Stacks", [(False, "Off"), (True, "On")], draft.stacks,
                                    scene.set_stacks))
        else:
            rows.append(Selector.of("Set", [(n, n) for n in draft.cls.sets], draft.set_name,
                                    scene.set_set))
        rows.append(Button("Turn the element (R)", scene.turn))
        if getattr(draft.cls, "test_elements", False):
            rows.append(Button("Face down or up (F)", scene.flip))
        rows += [Button("Shuffle each side", scene.helper(
                     lambda: draft.shuffle() if scene.check.error is None else
                     draft.build_start(), "Shuffled: each side on its home ranks")),
                 Button("North mirrors South", scene.helper(
                     draft.mirror_sides, "North now mirrors South across the middle"))]
    else:
        rows += [Button("Mirror left-right", scene.helper(
                     lambda: draft.mirror(True), "Mirrored left to right")),
                 Button("Mirror top-bottom", scene.helper(
                     lambda: draft.mirror(False), "Mirrored top to bottom"))]
        if draft.kind == GRID:
            rows.append(Button("Quarter turn", scene.helper(draft.rotate,
                                                            "Turned a quarter clockwise")))
    rows += [Button("Clear the board", scene.helper(draft.clear, "Cleared")),
             StateButton(lambda: "Undo delete" if scene.deleted is not None else
                         "Delete this level", scene.delete)]
    for row in rows:
        row.rect.h = ROW
        if isinstance(row, Button):
            row.size = 34
    footer = [Button("Save", lambda: scene.save(), width=170, size=36),
              Button("Play this board", scene.play, width=330, size=36),
              Button("Back", scene.go_back, width=160, size=36)]
    return Menu(scene.app, rows, center_x=1520, top=124, bottom=830, width=WIDTH, gap=8,
                footer=footer, footer_top=930)


def file_name_refuses(char: str, text: str) -> str | None:
    """Why `char` cannot be typed into a file name (`text` with it), or None."""
    if not (char.isascii() and (char.isalnum() or char in "-_")):
        return f"{char!r} cannot be in a file name: letters, digits, - and _ only"
    if not text[0].isalnum():
        return "a file name starts with a letter or a digit"
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
