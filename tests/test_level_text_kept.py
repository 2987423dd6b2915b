"""A level written by hand and edited keeps everything the edit did not change: its
comments, key order, spacing and quotes; a difference shows only on the lines the edit
changed (compared as text, line by line)."""
import difflib
from dataclasses import replace

from game.logic.level_edits import edited_level_text
from game.logic.levels import read_level
from game.logic.textfiles import parse_toml
from game.logic.variants import find_variant

HAND_GRID = """\
# My own board, written by hand.
#   '#' is a hole; keep the middle open!
name   =   "Mine"      # what the menus say
grid = '''
    ........
    ........
    ..#..#..
    ........
'''
# (no description: none needed)
"""

HAND_START = """\
# Capture, my way
description = 'Half and half'   # short
name = "Duel"
set = "halves"
board = \"\"\"
  n61 n52 n33 n14 n00 n22 n44 n66
  n05 n42 n13 n60 n35 n04 n51 n26
  ... ... ... ... ... ... ... ...
  ... ... ... ... ... ... ... ...
  ... ... ... ... ... ... ... ...
  ... ... ... ... ... ... ... ...
  s32 s65 s10 s43 s36 s21 s54 s20
  s66 s44 s22 s00 s11 s03 s55 s46
\"\"\"
"""


def reader(variant, name="mine"):
    return lambda toml: read_level(variant, toml, name)


def edit(variant, original, change):
    """The original edited: the level it holds changed by `change`, written as the editor
    writes a level, then kept in the original's text."""
    read = reader(variant)
    level = change(read(parse_toml(original)))
    new = find_variant(variant).level_text(level)
    return edited_level_text(original, new, read), read(parse_toml(new))


def changed_lines(before, after):
    """(removed, added) lines of a line diff."""
    diff = list(difflib.ndiff(before.splitlines(), after.splitlines()))
    return ([line[2:] for line in diff if line.startswith("- ")],
            [line[2:] for line in diff if line.startswith("+ ")])


def test_one_square_blocked_changes_only_its_row():
    text, wanted = edit("dominox", HAND_GRID, lambda lvl: replace(lvl, blocked=lvl.blocked |
                                                                   {"a1"}))
    assert changed_lines(HAND_GRID, text) == (["    ........"], ["    #......."])
    assert reader("dominox")(parse_toml(text)) == wanted


def test_a_new_name_and_description_keep_the_comment_and_the_spacing():
    text, wanted = edit("dominox", HAND_GRID,
                        lambda lvl: replace(lvl, title="Yours", description="Two holes"))
    removed, added = changed_lines(HAND_GRID, text)
    assert removed == ['name   =   "Mine"      # what the menus say']
    assert added == ['name   =   "Yours"      # what the menus say',
                     'description = "Two holes"']
    assert text.index("description") < text.index("grid = '''")   # above its board
    assert reader("dominox")(parse_toml(text)) == wanted


def test_a_taller_board_adds_its_rank_and_keeps_the_indent():
    text, wanted = edit("dominox", HAND_GRID, lambda lvl: replace(lvl, height=5))
    removed, added = changed_lines(HAND_GRID, text)
    assert removed == [] and added == ["    ........"]
    assert reader("dominox")(parse_toml(text)).height == 5 == wanted.height


def test_a_start_with_two_elements_swapped_changes_one_rank():
    def swap(start):
        placed = dict(start.placed)
        placed[0], placed[1] = placed[1], placed[0]
        return replace(start, placed=tuple(sorted(placed.items())))
    text, wanted = edit("open3", HAND_START, swap)
    assert changed_lines(HAND_START, text) == (["  s66 s44 s22 s00 s11 s03 s55 s46"],
                                               ["  s44 s66 s22 s00 s11 s03 s55 s46"])
    assert text.startswith("# Capture, my way\ndescription = 'Half and half'   # short")
    assert reader("open3")(parse_toml(text)) == wanted


def test_a_file_it_cannot_follow_is_written_anew():
    original = 'grid = "........\\n..#.....\\n"\n'          # the grid on one line
    read = reader("dominox")
    level = read(parse_toml(original))
    new = find_variant("dominox").level_text(replace(level, blocked=frozenset()))
    text = edited_level_text(original, new, read)
    assert read(parse_toml(text)) == read(parse_toml(new))
    assert edited_level_text("not = [toml", new, read) == new


def test_a_grid_of_escaped_rows_in_a_triple_quoted_string_is_written_anew():
    """Rows written with \\n escapes inside one triple-quoted line numbered as if each sat
    on a line of its own (an IndexError that ended the game): the new text is written."""
    original = 'name = "Esc"\ngrid = """\\n......\\n......\\n......\\n......\\n"""\n'
    read = reader("dominox")
    level = read(parse_toml(original))
    new = find_variant("dominox").level_text(replace(level, blocked=frozenset({"a1"})))
    text = edited_level_text(original, new, read)
    assert read(parse_toml(text)) == read(parse_toml(new))
