import dataclasses
import inspect
import os

import pytest

from game.logic.core import FileFormatError, OptionError
from game.logic.elements import files as element_files
import game.logic.levels as levels
from game.logic.levels import layout_folder, layout_from_file, list_layouts, load_layout

SHIPPED = {"standard": (8, 8, 0), "quick": (6, 6, 0), "large": (10, 10, 0),
           "cross": (8, 8, 16), "holes": (8, 8, 4), "ring": (8, 8, 4)}


def test_every_shipped_layout_loads():
    entries = {e.name: e for e in list_layouts("dominox")}
    assert set(SHIPPED) <= set(entries)
    assert list_layouts("dominox")[0].name == "standard"
    for name, (width, height, blocked) in SHIPPED.items():
        entry = entries[name]
        assert entry.error is None, entry.error
        layout = load_layout(name, "dominox")
        assert (layout.width, layout.height, len(layout.blocked)) == (width, height, blocked)
        assert layout.title and layout.description
        assert layout.name == name
    for path in layout_folder("dominox").glob("*.toml"):
        assert "Legend" in path.read_text(), f"{path.name} lacks its legend comment"


def test_grid_reads_top_rank_first():
    cross = load_layout("cross", "dominox")
    assert {"a1", "b2", "h8", "g7", "a8", "h1"} <= cross.blocked
    assert "c1" not in cross.blocked and "a3" not in cross.blocked
    assert cross.grid_text().splitlines()[0] == "##....##"
    shape = cross.shape
    assert shape.playable[shape.square("c1")] and not shape.playable[shape.square("h8")]


def write(tmp_path, text, name="bad.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


LEGEND = "'.' for a playable square, '#' for a blocked one"
BAD_FILES = [
    ('name = "x"\ngrid = """\n...\n..\n...\n"""\n',
     "{path}:4: this row is 2 squares wide but the first row (line 3) is 3: "
     "the grid must be rectangular"),
    ('name = "x"\ngrid = """\n...\n.x.\n"""\n',
     "{path}:4: unknown character 'x' in the grid (use " + LEGEND + ")"),
    ('name = "x"\ngrid = """\n.\n.\n"""\n',
     "{path}:3: the board is 1 square wide; it must be 2 to 26"),
    ('name = "x"\ngrid = """\n' + "." * 27 + "\n" + "." * 27 + '\n"""\n',
     "{path}:3: the board is 27 squares wide; it must be 2 to 26"),
    ('name = "x"\ngrid = """\n' + "..\n" * 27 + '"""\n',
     "{path}:29: the board is 27 squares high; it must be 2 to 26"),
    ('name = "x"\ndescription = "none"\n',
     "{path}: missing 'grid': draw the board with " + LEGEND),
    ('name = "x"\n\ngrid = """\n.#\n#.\n"""\n',
     "{path}:3: the board has no two adjacent playable squares, so no tile fits"),
    ('name = "x"\ngrid = """\n\n"""\n',
     "{path}:2: the grid is empty: draw the board with " + LEGEND),
    ('name = "x"\nsize = 8\ngrid = """\n..\n..\n"""\n',
     "{path}:2: unknown key 'size' (known: name, description, grid)"),
    ('name = 3\ngrid = """\n..\n..\n"""\n', "{path}:1: name must be a str, not 3"),
    ('name = "x\ngrid = """\n..\n"""\n', "{path}:1: not valid TOML: "),
]


@pytest.mark.parametrize("text, message", BAD_FILES)
def test_malformed_level_files_name_file_and_line(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(FileFormatError) as err:
        layout_from_file(path, "dominox")
    expected = message.format(path=path)
    assert str(err.value).startswith(expected) and "\n" not in str(err.value)
    if not expected.endswith(": "):
        assert str(err.value) == expected


def test_list_layouts_reports_a_broken_file_without_raising(tmp_path):
    write(tmp_path, 'name = "Fine"\ngrid = """\n...\n...\n"""\n', "fine.toml")
    write(tmp_path, 'name = "Broken"\ngrid = """\n...\n.?.\n"""\n', "broken.toml")
    entries = {e.name: e for e in list_layouts("dominox", folder=tmp_path)}
    assert entries["fine"].error is None and entries["fine"].level.width == 3
    assert entries["broken"].level is None
    broken = tmp_path / "broken.toml"
    assert entries["broken"].error.startswith(f"{broken}:4: unknown character '?'")


def test_unknown_layout_name_lists_the_known_ones():
    with pytest.raises(OptionError, match=r"unknown layout 'nowhere' \(known: .*standard"):
        load_layout("nowhere", "dominox")


def test_a_missing_layout_file_is_a_file_error(tmp_path):
    with pytest.raises(FileFormatError, match="no such file"):
        layout_from_file(tmp_path / "gone.toml", "dominox")


@pytest.mark.parametrize("name", ["/etc/passwd", "../dominox/standard", "standard.toml",
                                  "a/b", "", "x" * 100, 3])
def test_layouts_are_named_never_given_as_paths(name):
    with pytest.raises(OptionError, match="a layout is the name of a level in levels/dominox/"):
        load_layout(name, "dominox")


def test_edited_file_is_read_again(tmp_path, monkeypatch):
    monkeypatch.setattr(levels, "LEVELS_ROOT", tmp_path)
    (tmp_path / "dominox").mkdir()
    path = write(tmp_path / "dominox", 'grid = """\n..\n..\n"""\n', "edit.toml")
    assert load_layout("edit", "dominox").width == 2
    path.write_text('grid = """\n...\n...\n"""\n')
    os.utime(path, (1, 1))
    assert load_layout("edit", "dominox").width == 3


def test_no_function_of_the_levels_defaults_to_one_game():
    """The level functions serve every registered game: each is told which."""
    taking = [f for _, f in inspect.getmembers(levels, inspect.isfunction)
              if f.__module__ == levels.__name__
              and "variant" in inspect.signature(f).parameters]
    assert levels.layout_folder in taking and levels.load_layout in taking
    for function in taking:
        default = inspect.signature(function).parameters["variant"].default
        assert default is inspect.Parameter.empty, f"{function.__name__} defaults to {default}"


def test_a_listed_level_has_one_name_for_what_it_holds(tmp_path):
    (tmp_path / "fine.toml").write_text('name = "Fine"\ngrid = """\n...\n...\n"""\n')
    (entry,) = levels.list_levels("dominox", tmp_path)
    assert entry.level.width == 3
    assert [f.name for f in dataclasses.fields(levels.LevelEntry)] == \
        ["name", "path", "level", "error", "own"]
    assert not [name for name, value in vars(levels.LevelEntry).items()
                if isinstance(value, property)]
    for module in (levels, element_files):          # and no second name for the class
        assert not [name for name, value in vars(module).items()
                    if value is levels.LevelEntry and name != "LevelEntry"]
