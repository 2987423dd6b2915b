"""`python -m game.logic levels VARIANT` exits 1 on a broken level, escapes what a file
says before it reaches the terminal and says when a folder holds more than it lists; a
level's syntax or size error names the line that is wrong."""
import pytest

from game.logic import levels
from game.logic.cli import main
from game.logic.core import FileFormatError
from game.logic.levels import own_folder, read_level
from game.logic.textfiles import parse_toml


def own(variant, name, text):
    folder = own_folder(variant)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text)


def test_a_broken_level_makes_the_listing_exit_1(capsys):
    assert main(["levels", "dominox"]) == 0
    own("dominox", "bad", 'grid = """\n...\n..\n"""\n')
    assert main(["levels", "dominox"]) == 1
    assert "bad  " in capsys.readouterr().out


def test_names_and_descriptions_reach_the_terminal_escaped(capsys):
    own("dominox", "sly", 'name = "x"\ndescription = "\\u001b]0;pwned\\u0007 \\u202e"\n'
                          'grid = """\n..\n..\n"""\n')
    assert main(["levels", "dominox"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b]0;pwned\\x07 \\u202e" in out


def test_a_folder_with_more_levels_than_listed_says_how_many(capsys, monkeypatch):
    monkeypatch.setattr(levels, "MAX_LEVEL_FILES", 3)
    for n in range(5):
        own("dominox", f"l{n}", 'grid = """\n..\n..\n"""\n')
    main(["levels", "dominox"])
    out = capsys.readouterr().out
    assert "l2" in out and "l3" not in out
    assert f"{6 - 3 + 5 - 3} more not listed" in out      # 6 shipped, 5 own, 3 each listed


def error_line(variant, text):
    with pytest.raises(FileFormatError) as error:
        read_level(variant, parse_toml(text, "f.toml"), "f")
    return error.value.line, error.value.message


def test_a_board_of_ranks_too_many_points_at_the_first_there_is_no_room_for():
    start = open("levels/open3/standard.toml").read()
    lines = start.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("board")) + 1
    lines[top + 8:top + 8] = ["... ... ... ... ... ... ... ..."] * 2   # a ninth and tenth
    line, message = error_line("open3", "\n".join(lines))
    assert line == top + 9 and message.startswith("the board has 10 ranks")


def test_a_grid_too_high_points_at_the_first_row_past_the_most():
    text = 'grid = """\n' + "..\n" * 28 + '"""\n'
    line, message = error_line("dominox", text)
    assert line == 28 and "28 squares high" in message


def test_a_string_never_closed_points_where_it_opens():
    line, message = error_line("dominox", 'name = "x"\ngrid = """\n..\n..\nname2 = 3\n')
    assert (line, message) == (2, "not valid TOML: a multi-line string opens here and is "
                                  "never closed")
