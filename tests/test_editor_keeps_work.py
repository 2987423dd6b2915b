"""The level editor loses no work: Delete removes only the open level after asking and
can be undone later from the Levels screen; a file changed by another program or window
is not overwritten without asking; Save keeps what was written by hand; every edit can be
undone and redone, a shrunken board keeps what lies outside it, sizes stop at their
ends. A scripted run makes, edits, resizes, undoes, renames, deletes and restores a level
of every board kind, checking the files on disk after each step."""
import difflib
import json

import pygame
import pytest

from game.logic.levels import list_levels, own_folder
from game.play import saves
from game.shell.editor.canvas import status_line
from game.shell.editor.picker import LevelsScene
from game.shell.editor.scene import EditorScene
from tests.test_level_editor import (answer, click, cursor_to, focus_row, key_button,
                                     open_editor, retype, widget, zone)
from tests.test_shell_support import frame, keys, still_app

@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


KINDS = ["dominox", "open54", "dominid", "open3", "open10"]      # grid, shares, elements


def own(variant, name, text):
    folder = own_folder(variant)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text)
    return folder / f"{name}.toml"


def on_disk(variant):
    folder = own_folder(variant)
    return sorted(p.name for p in folder.glob("*.toml")) if folder.exists() else []


def shift_key(app, code, mod):
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=mod, unicode="", scancode=0))
    app.process_events()


GRID = 'name = "H1"\ndescription = "Mine"\ngrid = """\n....\n.##.\n....\n"""\n'


# ---- 1. Delete ------------------------------------------------------------------------------
def test_delete_removes_only_the_open_level_and_asks_first(app):
    other = own("dominox", "h1-crosses", GRID)
    scene = open_editor(app, "dominox", "standard")
    retype(app, scene, "File name", "h1-crosses")
    key_button(app, scene, "Delete this level")
    assert app.top is scene and scene.message.startswith("Nothing deleted: this level is not")
    assert other.read_text() == GRID
    app.pop()
    scene = open_editor(app, "dominox", "h1-crosses")
    key_button(app, scene, "Delete this level")
    assert answer(app, yes=True) == "Delete h1-crosses.toml?" and not other.exists()


def test_a_deleted_level_comes_back_from_the_levels_screen_after_the_editor_closes(app):
    path = own("dominox", "h1-crosses", GRID)
    scene = open_editor(app, "dominox", "h1-crosses")
    key_button(app, scene, "Delete this level")
    answer(app, yes=True)
    keys(app, pygame.K_ESCAPE, pygame.K_ESCAPE)
    levels = LevelsScene(app, "dominox")
    app.push(levels)
    button = next(w for w in levels.menu.widgets if w.label.startswith("Bring back"))
    assert button.label == "Bring back h1-crosses.toml (deleted)"
    click(app, button.rect.center)
    assert path.read_text() == GRID and "is back" in levels.message
    assert not [w for w in levels.menu.widgets if w.label.startswith("Bring back")]


# ---- 2. saved matches ---------------------------------------------------------------------
def test_the_editor_says_when_a_saved_match_was_begun_on_the_level(app):
    own("dominox", "mine", GRID)
    saves.save_path().parent.mkdir(parents=True, exist_ok=True)
    saves.save_path().write_text(json.dumps({"variant": "dominox",
                                             "options": {"layout": "mine"}}))
    scene = open_editor(app, "dominox", "mine")
    click(app, scene.canvas.geo.square_rect((0, 0)).center)
    key_button(app, scene, "Save")
    assert "a saved match was begun on it: each keeps the board it began on" in scene.message


# ---- 3. changed on disk ------------------------------------------------------------------------
def changed_elsewhere(app, theirs: str | None):
    """The level open, a square blocked, and meanwhile the file changed (None: deleted)."""
    path = own("dominox", "mine", GRID)
    scene = open_editor(app, "dominox", "mine")
    click(app, scene.canvas.geo.square_rect((0, 0)).center)
    if theirs is None:
        path.unlink()
    else:
        path.write_text(theirs)
    return path, scene


def test_a_file_changed_on_disk_is_replaced_only_when_the_player_says_so(app):
    theirs = GRID.replace("Mine", "Changed elsewhere")
    path, scene = changed_elsewhere(app, theirs)
    key_button(app, scene, "Save")
    assert answer(app, yes=True) == "mine.toml changed on disk since you opened it"
    assert path.read_text() != theirs and scene.saved_text == scene.draft.text()
    assert "#..." in path.read_text()


def test_keep_it_keeps_the_changed_file_and_saves_this_one_under_a_free_name(app):
    theirs = GRID.replace("Mine", "Changed elsewhere")
    path, scene = changed_elsewhere(app, theirs)
    key_button(app, scene, "Save")
    assert answer(app, yes=False) == "mine.toml changed on disk since you opened it"
    assert path.read_text() == theirs and on_disk("dominox") == ["mine-2.toml", "mine.toml"]
    assert "#..." in (path.parent / "mine-2.toml").read_text() and not scene.unsaved
    assert widget(scene, "File name").text == "mine-2"
    assert scene.message == "mine.toml is kept as it is; this one is saved as mine-2"


def test_a_file_deleted_meanwhile_is_written_again_only_when_asked(app):
    path, scene = changed_elsewhere(app, None)
    key_button(app, scene, "Save")
    assert answer(app, yes=False) == "mine.toml was deleted since you opened it"
    assert on_disk("dominox") == [] and scene.unsaved
    key_button(app, scene, "Save")
    answer(app, yes=True)
    assert "#..." in path.read_text() and not scene.unsaved


def test_play_this_board_plays_once_the_question_is_answered(app, monkeypatch):
    path, scene = changed_elsewhere(app, GRID.replace("Mine", "Changed elsewhere"))
    played = []
    monkeypatch.setattr(app, "start_match", played.append)
    key_button(app, scene, "Play this board")
    answer(app, yes=True)
    assert "#..." in path.read_text() and [c.options for c in played] == [{"layout": "mine"}]


def test_renaming_a_level_of_yours_asks_and_leaves_one_entry(app):
    path = own("dominox", "mine", GRID)
    scene = open_editor(app, "dominox", "mine")
    retype(app, scene, "File name", "crosses")
    key_button(app, scene, "Save")
    assert answer(app, yes=True) == "Rename mine.toml to crosses.toml?"
    assert on_disk("dominox") == ["crosses.toml"] and not path.exists()
    assert [e.name for e in list_levels("dominox") if e.own] == ["crosses"]
    assert "renamed from mine.toml" in scene.message
    retype(app, scene, "File name", "again")
    key_button(app, scene, "Save")                     # the open file is crosses.toml now
    assert answer(app, yes=True) == "Rename crosses.toml to again.toml?"
    assert on_disk("dominox") == ["again.toml"]


def test_undo_delete_never_overwrites_a_level_another_window_saved_meanwhile(app):
    path = own("dominox", "mine", GRID)
    scene = open_editor(app, "dominox", "mine")
    key_button(app, scene, "Delete this level")
    answer(app, yes=True)
    other = GRID.replace("H1", "Other window")
    path.write_text(other)
    keys(app, pygame.K_u)
    assert answer(app, yes=False) == "mine.toml is there again"
    assert path.read_text() == other


# ---- 4. by hand ---------------------------------------------------------------------------------
def test_saving_a_hand_written_level_changes_only_the_line_edited(app):
    text = ("# Drawn by hand: keep this\nname = 'Ring'   # the title\n\ngrid = '''\n"
            "  ......\n  .#..#.\n  ......\n'''\n# the end\n")
    path = own("dominox", "halo", text)
    scene = open_editor(app, "dominox", "halo")
    click(app, scene.canvas.geo.square_rect((0, 2)).center)           # a3, the top row
    key_button(app, scene, "Save")
    diff = [line for line in difflib.ndiff(text.splitlines(), path.read_text().splitlines())
            if line[0] in "+-"]
    assert diff == ["-   ......", "+   #....."]


# ---- 5. undo, redo, resize --------------------------------------------------------------------
def test_every_edit_undoes_and_redoes_and_a_shrunken_board_keeps_its_squares(app):
    scene = open_editor(app, "dominox", "standard")
    original = scene.draft.text()
    click(app, scene.canvas.geo.square_rect((7, 7)).center)            # h8 blocked
    blocked = scene.draft.text()
    focus_row(app, scene, "Width")
    keys(app, pygame.K_LEFT)                                           # 7 wide: h8 hidden
    assert scene.draft.width == 7 and "#" not in scene.draft.text().split('"""')[1]
    keys(app, pygame.K_RIGHT)                                          # back: h8 still there
    assert scene.draft.text() == blocked
    keys(app, pygame.K_u, pygame.K_u, pygame.K_u)
    assert scene.draft.text() == original
    shift_key(app, pygame.K_u, pygame.KMOD_SHIFT)
    assert scene.draft.text() == blocked
    shift_key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.draft.text() == original
    shift_key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.draft.text() == blocked
    retype(app, scene, "Name", "Renamed")
    keys(app, pygame.K_u)
    assert widget(scene, "Name").text == scene.draft.title != "Renamed"


def test_sizes_stop_at_their_ends_instead_of_wrapping(app):
    scene = open_editor(app, "dominox", "standard")
    focus_row(app, scene, "Width")
    for _ in range(25):
        keys(app, pygame.K_RIGHT)
    assert scene.draft.width == 26
    focus_row(app, scene, "Height")
    for _ in range(10):
        keys(app, pygame.K_LEFT)
    assert scene.draft.height == 2


# ---- what makes it pleasant -------------------------------------------------------------------
def test_a_copy_gets_its_own_name_and_an_emptied_name_is_asked_for(app):
    scene = open_editor(app, "dominox", "standard")
    assert (scene.draft.name, scene.draft.title, scene.draft.description) == \
        ("my-standard", "Copy of Standard 8x8", "")
    focus_row(app, scene, "Name")
    keys(app, pygame.K_RETURN)
    from tests.test_level_editor import type_text
    type_text(app, "\b" * 40)
    keys(app, pygame.K_RETURN)
    assert scene.wants_text and scene.message.startswith("A level needs a name")


def test_a_broken_level_of_yours_opens_with_its_problem_to_be_fixed(app):
    path = own("dominox", "mine", 'name = "Half"\ngrid = """\n#...\n...\n"""\n')
    scene = open_editor(app, "dominox", "mine")
    assert scene.message.startswith("Fixing mine.toml: line 4: this row is 3 squares wide")
    assert scene.draft.title == "Half" and (0, 1) in scene.draft.blocked
    key_button(app, scene, "Save")
    assert [e.level.title for e in list_levels("dominox") if e.name == "mine"] == ["Half"]
    assert path.read_text() == 'name = "Half"\ngrid = """\n#...\n....\n"""\n'   # row 2 mended


def test_stacks_on_lay_a_valid_start_and_a_lifted_element_shows_no_error(app):
    scene = open_editor(app, "open10", "standard")
    focus_row(app, scene, "Stacks")
    keys(app, pygame.K_RIGHT)
    assert scene.draft.stacks and scene.check.error is None
    assert sorted(len(s) for s in scene.draft.cells if s) == [4] * 16
    zone(app, scene, "board")
    keys(app, pygame.K_RETURN)                                         # lifted: 31 there
    assert scene.check.error and "the south player has 31 elements" in scene.check.error
    assert status_line(scene)[0].startswith("An element in hand")


def test_the_focused_play_button_fits_its_label(app, monkeypatch):
    from game.shell.frame import theme
    scene = open_editor(app, "dominox", "standard")
    focus_row(app, scene, "Play this board")
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: drawn.append(
        (text, real(surface, text, *a, **k))) or drawn[-1][1])
    scene.draw(app.screen)
    rect = next(r for text, r in drawn if text == "Play this board")
    assert widget(scene, "Play this board").rect.contains(rect)


def test_the_setup_hint_names_the_players_own_levels_folder(app):
    from game.shell.screens.setup import VariantSelectScene
    app.settings.last_setup = {"variant": "dominox"}
    select = VariantSelectScene(app)
    layout = next(w for w in select.menu.widgets if w.label == "Layout")
    assert "; yours are in " in layout.help and "dominoes/levels/dominox (" in layout.help


# ---- the scripted run ---------------------------------------------------------------------
@pytest.mark.parametrize("variant", KINDS)
def test_a_scripted_run_through_every_step_checks_the_files(app, variant):
    app.start_editor(variant, blank=True)
    scene = app.top
    assert isinstance(scene, EditorScene) and scene.draft.name == "my-level"
    if scene.draft.kind == "elements":                 # an empty board: laid at random
        key_button(app, scene, "Shuffle each side")
    assert scene.check.error is None, scene.check.error
    key_button(app, scene, "Save")                     # made
    assert on_disk(variant) == ["my-level.toml"]
    made = (own_folder(variant) / "my-level.toml").read_text()
    zone(app, scene, "board")
    if scene.draft.kind == "elements":                 # edited: an element turned round
        file = next(f for f in range(8) if scene.draft.top(f) and
                    scene.draft.top(f).south != scene.draft.top(f).north)
        cursor_to(app, scene, (file, 0))
        keys(app, pygame.K_r)
    else:
        cursor_to(app, scene, (0, 0))
        keys(app, pygame.K_RETURN)                     # edited: a1 blocked
    if scene.draft.kind == "grid":                     # resized
        focus_row(app, scene, "Height")
        keys(app, pygame.K_RIGHT)
    key_button(app, scene, "Save")
    edited = (own_folder(variant) / "my-level.toml").read_text()
    assert edited != made and on_disk(variant) == ["my-level.toml"]
    keys(app, pygame.K_u)                              # undone
    if scene.draft.kind == "grid":
        keys(app, pygame.K_u)
    key_button(app, scene, "Save")
    assert (own_folder(variant) / "my-level.toml").read_text() == made
    retype(app, scene, "File name", "renamed")         # renamed: kept as a copy
    key_button(app, scene, "Save")
    assert answer(app, yes=False) == "Rename my-level.toml to renamed.toml?"
    assert on_disk(variant) == ["my-level.toml", "renamed.toml"]
    key_button(app, scene, "Delete this level")        # deleted: the open one only
    assert answer(app, yes=True) == "Delete renamed.toml?"
    assert on_disk(variant) == ["my-level.toml"]
    keys(app, pygame.K_u)                              # restored
    assert on_disk(variant) == ["my-level.toml", "renamed.toml"]
    assert (own_folder(variant) / "renamed.toml").read_text() == made
    frame(app)


def test_undoing_a_delete_keeps_the_edits_made_before_it_unsaved(app, monkeypatch):
    path = own("dominox", "mine", GRID)
    scene = open_editor(app, "dominox", "mine")
    click(app, scene.canvas.geo.square_rect((0, 0)).center)            # a1 blocked: unsaved
    edited = scene.draft.text()
    key_button(app, scene, "Delete this level")
    answer(app, yes=True)
    keys(app, pygame.K_u)                                              # the file is back
    assert path.read_text() == GRID and scene.draft.text() == edited and scene.unsaved
    played = []
    monkeypatch.setattr(app, "start_match", played.append)
    key_button(app, scene, "Play this board")                          # saves the draft first
    assert played and scene.draft.text() == edited and "#..." in path.read_text()


def test_ctrl_s_saves_from_the_board(app):
    scene = open_editor(app, "dominox", "standard")
    zone(app, scene, "board")
    keys(app, pygame.K_RETURN)                                         # a1 blocked
    shift_key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert on_disk("dominox") == ["my-standard.toml"] and not scene.unsaved
    assert scene.cursor == (0, 0)                                      # S did not move it


def test_the_delete_button_offers_to_undo_the_delete_until_an_edit(app):
    path = own("dominox", "mine", GRID)
    scene = open_editor(app, "dominox", "mine")
    key_button(app, scene, "Delete this level")
    answer(app, yes=True)
    assert not path.exists() and scene.menu.focused.label == "Undo delete"
    key_button(app, scene, "Undo delete")
    assert path.read_text() == GRID and scene.menu.focused.label == "Delete this level"
    key_button(app, scene, "Delete this level")
    answer(app, yes=True)
    click(app, scene.canvas.geo.square_rect((0, 0)).center)           # an edit: U undoes it
    assert widget(scene, "Delete this level")


def test_one_esc_leaves_an_untouched_copy_and_two_an_edited_one(app):
    scene = open_editor(app, "dominox", "standard")
    keys(app, pygame.K_ESCAPE)
    assert app.top is not scene
    scene = open_editor(app, "dominox", "standard")
    zone(app, scene, "board")
    keys(app, pygame.K_RETURN, pygame.K_ESCAPE)                       # a1 blocked: asked
    assert app.top is scene and scene.message.startswith("Not saved yet")
    keys(app, pygame.K_u, pygame.K_ESCAPE)                            # undone: as opened
    assert app.top is not scene
