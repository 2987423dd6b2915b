"""The level editor, driven as a person drives it: by mouse only and by keyboard only, for
a Dominox board, a Spread preset, a Dominid table and a Capture start. Every written file
is checked by loading it with the game's own loader; mistakes are marked before saving
(the loader's very words), Save is refused until the board is right, Play this board
starts a match on it, and the saved level shows in every list."""
import pygame
import pytest

from game.logic.elements.files import load_start
from game.logic.levels import layout_folder, list_levels, load_layout, own_folder
from game.logic.textfiles import read_toml
from game.logic.variants import find_variant
from game.shell.board.scene import BoardMatchScene
from game.shell.editor.picker import LevelsScene
from game.shell.editor.scene import EditorScene
from game.shell.screens.dialogs import ConfirmScene
from game.shell.screens.level_preview import titled
from game.shell.screens.setup import VariantSelectScene, layout_choices, start_choices
from tests.test_shell_support import frame, keys, press, still_app

ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_UP,
          (0, -1): pygame.K_DOWN}


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


def open_editor(app, variant, template) -> EditorScene:
    app.start_editor(variant, template)
    assert isinstance(app.top, EditorScene), getattr(app.top, "lines", app.top)
    frame(app)
    return app.top


# ---- the mouse ----------------------------------------------------------------------------
def centre(scene, square):
    return scene.canvas.geo.square_rect(square).center


def click(app, pos):
    press(app, "click", pos=pos)
    press(app, "release", pos=pos)
    frame(app)


def click_square(app, scene, square):
    click(app, centre(scene, square))


def drag(app, scene, squares):
    """Press on the first square, move over the others, let go on the last."""
    press(app, "click", pos=centre(scene, squares[0]))
    for square in squares[1:]:
        press(app, "point", pos=centre(scene, square))
    press(app, "release", pos=centre(scene, squares[-1]))
    frame(app)


def widget(scene, label):
    return next(w for w in scene.menu.widgets if w.label == label)


def click_button(app, scene, label):
    click(app, widget(scene, label).rect.center)


# ---- the keyboard -------------------------------------------------------------------------
def type_text(app, text):
    """Type `text` as SDL reports it: a key down (and up) with its character, then the
    character again as a TEXTINPUT event ("\b": Backspace, no text). An accented letter
    is composed (a dead key, then the letter): only TEXTINPUT has it."""
    for char in text:
        code = pygame.K_BACKSPACE if char == "\b" else ord(char) if ord(char) < 128 else 0
        unicode = char if code not in (0, pygame.K_BACKSPACE) else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0,
                                             unicode=unicode, scancode=0))
        if char != "\b":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="",
                                             scancode=0))
        app.process_events()


def cursor_to(app, scene, square):
    for axis in (0, 1):
        while scene.cursor[axis] != square[axis]:
            step = [0, 0]
            step[axis] = 1 if square[axis] > scene.cursor[axis] else -1
            before = scene.cursor
            keys(app, ARROWS[tuple(step)])
            assert scene.cursor != before, f"the cursor is stuck at {before}"


def zone(app, scene, name):
    for _ in range(3):
        if scene.zone == name:
            return
        keys(app, pygame.K_TAB)
    assert scene.zone == name


def focus_row(app, scene, label):
    zone(app, scene, "panel")
    for _ in range(len(scene.menu.widgets)):
        if scene.menu.focused.label == label:
            return
        keys(app, pygame.K_DOWN)
    assert scene.menu.focused.label == label


def key_button(app, scene, label):
    focus_row(app, scene, label)
    keys(app, pygame.K_RETURN)
    frame(app)


def retype(app, scene, label, text):
    """Enter on a text field, erase it, type `text`, Enter."""
    focus_row(app, scene, label)
    keys(app, pygame.K_RETURN)
    assert scene.wants_text
    type_text(app, "\b" * 80 + text)
    keys(app, pygame.K_RETURN)
    assert not scene.wants_text and widget(scene, label).text == text


# ---- what was written -----------------------------------------------------------------------
def saved(variant, name):
    path = own_folder(variant) / f"{name}.toml"
    assert path.exists(), f"{path.name} was not written"
    return path


def assert_listed(app, variant, name, title):
    if variant in ("dominox", "open54", "dominid"):
        good, broken = layout_choices(variant)
    else:
        cls = find_variant(variant)
        good, broken = start_choices(cls, load_start(cls, name).set_name)
    assert (name, titled(title, True)) in good and not broken
    levels = LevelsScene(app, variant)
    assert titled(title, True) in [w.label for w in levels.menu.widgets]


def play_it(app, scene, click_it: bool):
    name, variant = scene.draft.name, scene.draft.variant
    if click_it:
        click_button(app, scene, "Play this board")
    else:
        key_button(app, scene, "Play this board")
    match = app.top
    assert isinstance(match, BoardMatchScene)
    options = match.ctl.state.options
    assert options.get("layout", options.get("start")) == name
    assert match.ctl.config.variant == variant


# ---- Dominox --------------------------------------------------------------------------------
def test_a_dominox_board_by_mouse_only(app):
    scene = open_editor(app, "dominox", "standard")
    assert scene.draft.name == "my-standard" and not scene.check.error
    width = widget(scene, "Width")
    click(app, (width.rect.right - 40, width.rect.centery))        # one wider: 9 x 8
    drag(app, scene, [(0, 0), (1, 0), (2, 0)])                      # painted by a drag
    click_square(app, scene, (8, 7))
    click_square(app, scene, (1, 0))                                # and open again
    click_button(app, scene, "Mirror left-right")
    click_button(app, scene, "Save")
    layout = load_layout("my-standard", "dominox")
    assert (layout.width, layout.height) == (9, 8)
    assert layout.blocked == {"i1", "g1", "a8"}
    assert (layout.title, layout.description) == ("Copy of Standard 8x8", "")
    assert read_toml(saved("dominox", "my-standard")).text.startswith("# A level of Dominox")
    assert_listed(app, "dominox", "my-standard", "Copy of Standard 8x8")
    play_it(app, scene, click_it=True)
    assert app.top.ctl.state.shape.width == 9


def test_a_dominox_board_by_keyboard_only(app):
    scene = open_editor(app, "dominox", "holes")
    retype(app, scene, "File name", "keys-board")
    retype(app, scene, "Name", "Keyed in")
    focus_row(app, scene, "Height")
    keys(app, pygame.K_LEFT, pygame.K_LEFT)                          # 8 x 6
    zone(app, scene, "board")
    cursor_to(app, scene, (3, 4))
    keys(app, pygame.K_SPACE)
    cursor_to(app, scene, (2, 2))                                   # c3 was blocked: open
    keys(app, pygame.K_RETURN)
    key_button(app, scene, "Quarter turn")
    key_button(app, scene, "Save")
    layout = load_layout("keys-board", "dominox")
    drawn = scene.draft.level()
    assert (layout.width, layout.height, layout.blocked) == (6, 8, drawn.blocked)
    assert layout.blocked == {"c3", "f3", "f6", "e5"}       # c6, f6, f3 and d5 turned
    assert (layout.title, layout.description) == ("Keyed in", "")
    assert_listed(app, "dominox", "keys-board", "Keyed in")
    play_it(app, scene, click_it=False)


# ---- Spread ---------------------------------------------------------------------------------
def test_a_spread_preset_by_mouse_only(app):
    scene = open_editor(app, "open54", "standard")
    click_square(app, scene, (3, 7))                 # d7: its share is d7-d8
    click_square(app, scene, (0, 15))                # a16: a15-a16
    click_button(app, scene, "Mirror left-right")
    click_button(app, scene, "Save")
    layout = load_layout("my-standard", "open54")
    assert layout.blocked == {"e7", "e8", "h15", "h16"}
    assert_listed(app, "open54", "my-standard", "Copy of Open board")
    play_it(app, scene, click_it=True)
    assert app.top.ctl.state.shape.blocked


def test_a_spread_preset_by_keyboard_only(app):
    scene = open_editor(app, "open54", "corners")
    retype(app, scene, "File name", "lanes-2")
    zone(app, scene, "board")
    cursor_to(app, scene, (4, 8))                    # e9: its share is e9-e10
    keys(app, pygame.K_SPACE)
    cursor_to(app, scene, (0, 0))                    # a1: a corner share opened again
    keys(app, pygame.K_SPACE)
    key_button(app, scene, "Mirror top-bottom")
    key_button(app, scene, "Save")
    layout = load_layout("lanes-2", "open54")
    assert layout.blocked == {"e7", "e8", "a1", "a2", "h1", "h2", "h15", "h16"}
    assert_listed(app, "open54", "lanes-2", "Copy of Corners")
    play_it(app, scene, click_it=False)


# ---- Dominid --------------------------------------------------------------------------------
def test_a_dominid_table_by_mouse_only_marks_the_blocked_opening(app):
    scene = open_editor(app, "dominid", "small")
    click_square(app, scene, (4, 4))                 # e5: an opening cell
    assert scene.check.error.endswith("e5 is blocked, but the four middle squares (e5, f5, "
                                      "e6, f6) must stay open for the opening")
    assert scene.check.marked == {(4, 4)}            # the square of its rank the error names
    path = own_folder("dominid") / "my-small.toml"
    path.parent.mkdir(parents=True)
    path.write_text(scene.draft.text())              # the loader says it word for word
    assert [e.error for e in list_levels("dominid") if e.own] == [scene.check.error]
    path.unlink()
    frame(app)
    click_button(app, scene, "Save")
    assert not (own_folder("dominid") / "my-small.toml").exists()
    assert scene.message.startswith("Not saved: my-small.toml:") and \
        scene.message.endswith(": e5 is blocked, but the four middle squares (e5, f5, e6, "
                               "f6) must stay open for the opening")
    click_square(app, scene, (4, 4))
    click_square(app, scene, (0, 0))
    click_button(app, scene, "Save")
    assert load_layout("my-small", "dominid").blocked == {"a1"}
    assert_listed(app, "dominid", "my-small", "Copy of Small 10x10")
    play_it(app, scene, click_it=True)


def test_a_dominid_table_by_keyboard_only(app):
    scene = open_editor(app, "dominid", "small")
    retype(app, scene, "File name", "towers")
    retype(app, scene, "About", "Four pillars")
    focus_row(app, scene, "Width")
    keys(app, pygame.K_RIGHT, pygame.K_RIGHT)        # 12 wide: the opening moves to f, g
    zone(app, scene, "board")
    for square in ((1, 1), (10, 1), (1, 8), (10, 8)):
        cursor_to(app, scene, square)
        keys(app, pygame.K_SPACE)
    key_button(app, scene, "Save")
    layout = load_layout("towers", "dominid")
    assert (layout.width, layout.height, layout.description) == (12, 10, "Four pillars")
    assert layout.blocked == {"b2", "k2", "b9", "k9"}
    assert_listed(app, "dominid", "towers", "Copy of Small 10x10")
    play_it(app, scene, click_it=False)


# ---- Capture --------------------------------------------------------------------------------
def test_a_capture_start_by_mouse_only(app):
    scene = open_editor(app, "open3", "standard")
    standard = load_start(find_variant("open3"), "standard")
    drag(app, scene, [(1, 1), (1, 3)])               # b2 -> b4 by dragging
    assert scene.draft.top(3 * 8 + 1) is not None and scene.draft.top(8 + 1) is None
    click_square(app, scene, (0, 0))                 # a1 in hand...
    click(app, (1000, 900))                          # ...left in the tray: one missing
    assert "the south player has 15 elements" in scene.check.error
    assert len(scene.canvas.tray_slots()) == 1
    click_button(app, scene, "Save")
    assert not (own_folder("open3") / "my-standard.toml").exists()
    click(app, scene.canvas.tray_slots()[0][0].center)
    press(app, "rclick", pos=centre(scene, (0, 0)))   # turned end for end in hand
    click_square(app, scene, (0, 0))
    assert scene.check.error is None
    click_button(app, scene, "North mirrors South")
    click_button(app, scene, "Save")
    start = load_start(find_variant("open3"), "my-standard")
    assert sorted(start.placed) == sorted(scene.draft.level().placed)
    moved = dict(start.placed)
    assert moved[3 * 8 + 1] == dict(standard.placed)[8 + 1]
    a1 = moved[0]
    assert moved[56] == type(a1)(1, a1.north, a1.south)            # North mirrors a1 on a8
    assert_listed(app, "open3", "my-standard", "Copy of Standard")
    play_it(app, scene, click_it=True)
    assert sorted(app.top.ctl.state.board.texts()) == \
        sorted(e.text(f"{'abcdefgh'[s % 8]}{s // 8 + 1}") for s, e in start.placed)


def test_a_capture_start_by_keyboard_only(app):
    scene = open_editor(app, "open3", "standard")
    retype(app, scene, "File name", "keyed")
    zone(app, scene, "board")
    keys(app, pygame.K_RETURN)                        # a1 in hand
    cursor_to(app, scene, (0, 3))
    keys(app, pygame.K_RETURN, pygame.K_r)           # set down on a4 and turned
    cursor_to(app, scene, (1, 0))
    keys(app, pygame.K_RETURN, pygame.K_TAB, pygame.K_RETURN)   # b1 left in the tray
    assert "has 15 elements" in scene.check.error
    key_button(app, scene, "Save")
    assert not (own_folder("open3") / "keyed.toml").exists()
    zone(app, scene, "board")
    keys(app, pygame.K_RETURN)                        # on the empty b1: the tray
    assert scene.zone == "tray"
    keys(app, pygame.K_RETURN, pygame.K_RETURN)      # the element, then set down on b1
    assert scene.check.error is None
    key_button(app, scene, "Save")
    start = load_start(find_variant("open3"), "keyed")
    standard = dict(load_start(find_variant("open3"), "standard").placed)
    placed = dict(start.placed)
    a1 = standard[0]
    assert placed[24] == type(a1)(0, a1.north, a1.south) and 0 not in placed
    assert placed[1].tile == standard[1].tile
    assert_listed(app, "open3", "keyed", "Copy of Standard")
    play_it(app, scene, click_it=False)


# ---- more ------------------------------------------------------------------------------------
def answer(app, yes: bool):
    """Answer the question the editor asks (its dialog on top): Yes or No."""
    assert isinstance(app.top, ConfirmScene), app.top
    question = app.top.question
    keys(app, *((pygame.K_UP, pygame.K_RETURN) if yes else (pygame.K_ESCAPE,)))
    frame(app)
    return question


def test_a_shipped_name_is_refused_and_an_own_level_is_deleted_with_an_undo(app):
    scene = open_editor(app, "dominox", "standard")
    retype(app, scene, "File name", "holes")
    key_button(app, scene, "Save")
    assert "'holes' is the name of a level that comes with the game" in scene.message
    retype(app, scene, "File name", "gone-soon")
    key_button(app, scene, "Save")
    path = saved("dominox", "gone-soon")
    text = path.read_text()
    key_button(app, scene, "Delete this level")
    assert answer(app, yes=False) == "Delete gone-soon.toml?" and path.exists()
    retype(app, scene, "File name", "standard")          # what is typed deletes nothing
    key_button(app, scene, "Delete this level")
    assert answer(app, yes=True) == "Delete gone-soon.toml?"
    assert not path.exists() and "gone-soon" not in [e.name for e in list_levels("dominox")]
    keys(app, pygame.K_u)
    assert path.read_text() == text and (layout_folder("dominox") / "standard.toml").exists()


def test_a_level_written_by_hand_keeps_its_meaning_name_and_description(app):
    folder = own_folder("open10")
    folder.mkdir(parents=True)
    text = ('# my own\nname = "By hand"\ndescription = "Stacks, written in an editor"\n'
            "stacks = true\nboard = '''\n")
    stacks = list_levels("open10")[1].level
    from game.logic.elements.shifting import grid_lines
    text += "\n".join(grid_lines(stacks.cells, False)) + "\n'''\n"
    (folder / "hand.toml").write_text(text)
    scene = open_editor(app, "open10", "hand")
    assert scene.draft.name == "hand" and not scene.unsaved
    key_button(app, scene, "Save")
    again = list_levels("open10")[-1].level
    assert (again.title, again.description, again.stacks, again.cells) == \
        ("By hand", "Stacks, written in an editor", True, stacks.cells)


def test_the_variant_select_edits_the_chosen_board_and_lists_the_new_one(app):
    app.settings.last_setup = {"variant": "open54"}
    select = VariantSelectScene(app)
    app.push(select)
    layout = next(w for w in select.menu.widgets if w.label == "Layout")
    click(app, layout.edit_rect().center)
    editor = app.top
    assert isinstance(editor, EditorScene) and editor.draft.title == "Copy of Open board"
    click_button(app, editor, "Save")
    click_button(app, editor, "Back")
    assert app.top is select
    layout = next(w for w in select.menu.widgets if w.label == "Layout")
    assert ("my-standard", titled("Copy of Open board", True)) in layout.choices


def test_leaving_with_unsaved_changes_asks_once(app):
    scene = open_editor(app, "dominox", "standard")
    keys(app, pygame.K_SPACE, pygame.K_ESCAPE)
    assert app.top is scene and "Not saved yet" in scene.message
    keys(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_shift_stacks_take_an_element_on_top_and_the_reader_counts_four_at_most(app):
    scene = open_editor(app, "open10", "stacks")
    zone(app, scene, "board")
    keys(app, pygame.K_RETURN)                        # the top of the a1 stack in hand
    assert len(scene.draft.cells[0]) == 3
    cursor_to(app, scene, (1, 0))
    keys(app, pygame.K_RETURN)                        # on top of b1: five there
    assert len(scene.draft.cells[1]) == 5
    assert scene.check.error.endswith("b1 holds 5 elements: four at most")
    assert scene.check.marked == {(1, 0)}
    keys(app, pygame.K_RETURN)                        # lifted again, and back on a1
    cursor_to(app, scene, (0, 0))
    keys(app, pygame.K_RETURN)
    assert scene.check.error is None
    focus_row(app, scene, "Stacks")
    keys(app, pygame.K_LEFT)                          # stacks off: a valid board of halves
    assert scene.check.error is None and not scene.draft.stacks
    assert sorted(len(stack) for stack in scene.draft.cells if stack) == [1] * 32
