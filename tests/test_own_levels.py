"""The player's own levels: a folder beside the saves, listed after the shipped ones and
marked as theirs, found by name wherever a level is named (options, records), never
hiding a shipped level; the level text every game writes reads back to the same level."""
import json

import pytest

from game.logic.cli import main
from game.logic.core import FileFormatError, OptionError
from game.logic.levels import (find_level, layout_folder, list_levels, load_layout, name_problem,
                               own_folder, read_level)
from game.logic.textfiles import parse_toml
from game.logic.userdata import data_dir
from game.logic.variants import VARIANTS, find_variant, new_game
from game.play import storage
from game.shell.screens.level_preview import titled
from game.shell.screens.setup import layout_choices, start_choices

LEVEL_VARIANTS = [name for name, entry in VARIANTS.items() if entry.levels]


def own(variant, name, text):
    folder = own_folder(variant)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text)
    return folder / f"{name}.toml"


def shipped_text(variant, name="standard"):
    return (layout_folder(variant) / f"{name}.toml").read_text()


def test_own_levels_live_beside_the_saves(private_data_home):
    assert own_folder("dominox") == private_data_home / "dominoes" / "levels" / "dominox"
    assert storage.data_dir() == data_dir()


def test_an_own_layout_is_listed_after_the_shipped_ones_and_plays_by_name():
    path = own("dominox", "mine", 'name = "Mine"\ndescription = "Small."\ngrid = """\n'
                                   '....\n.#..\n....\n"""\n')
    entries = list_levels("dominox")
    assert [e.own for e in entries] == sorted(e.own for e in entries)   # shipped first
    mine = entries[-1]
    assert (mine.name, mine.own, mine.error, mine.path) == ("mine", True, None, str(path))
    assert load_layout("mine", "dominox").blocked == frozenset({"b2"})
    game = new_game("dominox", 2, 5, {"layout": "mine"})
    assert game.shape.width == 4 and game.shape.height == 3
    replayed = find_variant("dominox").from_record(game.record())
    assert replayed.shape.blocked == game.shape.blocked
    good, broken = layout_choices("dominox")
    assert ("mine", titled("Mine", True)) in good and ("standard", "Standard 8x8") in good \
        and not broken


def test_an_own_level_never_hides_a_shipped_one():
    own("dominox", "standard", 'name = "Fake"\ngrid = """\n..\n..\n"""\n')
    entries = [e for e in list_levels("dominox") if e.name == "standard"]
    assert [e.own for e in entries] == [False, True]
    assert entries[1].level is None
    assert entries[1].error.endswith("'standard' is the name of a level that comes with the "
                                     "game: give yours another")
    assert load_layout("standard", "dominox").width == 8
    assert name_problem("standard", "dominox") and name_problem("../x", "dominox")
    assert name_problem("standard-2", "dominox") is None
    assert "comes with the game" in name_problem("Standard", "dominox")   # any case
    assert "device on Windows" in name_problem("con", "dominox")
    assert "device on Windows" in name_problem("COM1", "dominox")
    assert name_problem("console", "dominox") is None
    good, broken = layout_choices("dominox")
    assert [t for n, t in good if n == "standard"] == ["Standard 8x8"] and len(broken) == 1


def test_an_unknown_level_lists_shipped_and_own_names():
    own("dominox", "mine", shipped_text("dominox"))
    with pytest.raises(OptionError, match=r"unknown layout 'gone' \(known: standard, .*mine\)"):
        find_level("gone", "dominox")


def test_own_starts_of_the_moving_games_and_shift_play_by_name():
    own("open3", "mine", shipped_text("open3").replace('"Standard"', '"Mine"'))
    own("open10", "mine", shipped_text("open10", "stacks").replace('"Stacks"', '"My stacks"'))
    game = new_game("open3", 2, 1, {"start": "mine"})
    assert game.board.texts() == new_game("open3", 2, 1, {"start": "standard"}).board.texts()
    assert new_game("open10", 2, 1, {"start": "mine", "stacks": True}).options["start"] == "mine"
    good, _ = start_choices(find_variant("open3"), "halves")
    assert ("mine", titled("Mine", True)) in good
    good, _ = start_choices(find_variant("open10"), None, True)
    assert ("mine", titled("My stacks", True)) in good and good[-1] == ("random", "Random")


def test_a_dominid_table_that_blocks_the_opening_names_its_line():
    own("dominid", "blocked", 'name = "B"\ngrid = """\n....\n.#..\n....\n....\n"""\n')
    entry = [e for e in list_levels("dominid") if e.name == "blocked"][0]
    assert entry.error.endswith("blocked.toml:4: b3 is blocked, but the four middle squares "
                                "(b2, c2, b3, c3) must stay open for the opening")


@pytest.mark.parametrize("variant", LEVEL_VARIANTS)
def test_every_shipped_level_written_again_reads_back_the_same(variant):
    cls = find_variant(variant)
    for entry in list_levels(variant):
        text = cls.level_text(entry.level)
        again = read_level(variant, parse_toml(text, "again.toml"), entry.name)
        assert {k: v for k, v in vars(again).items() if k != "path"} == \
            {k: v for k, v in vars(entry.level).items() if k != "path"}
        assert text.startswith("# A level of ") and "Legend: " in text.splitlines()[1]


def test_names_and_descriptions_with_quotes_and_backslashes_read_back():
    layout = load_layout("holes", "dominox")
    odd = type(layout)(**{**vars(layout), "title": 'Say "hi" \\ there',
                          "description": "tab\tand line\nend"})
    again = read_level("dominox", parse_toml(find_variant("dominox").level_text(odd), "x"), "x")
    assert (again.title, again.description) == (odd.title, odd.description)


def test_the_levels_command_lists_shipped_and_own_with_their_errors(capsys):
    own("open54", "mine", shipped_text("open54").replace('"Standard"', '"Mine"'))
    own("open54", "broken", 'grid = """\n#.\n..\n"""\n')
    assert main(["levels", "open54"]) == 1                # a level is broken
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["standard", "shipped"]
    assert [line.split()[:2] for line in lines[-2:]] == [["broken", "own"], ["mine", "own"]]
    assert "error: " in lines[-2] and "broken.toml:2: file a is blocked in one square" in \
        lines[-2]
    assert len(lines) == len(list_levels("open54")) and str(own_folder("open54")) in err
    assert main(["levels", "classic"]) == 2
    assert "classic has no level files" in capsys.readouterr().err


def test_a_record_of_an_own_layout_replays(tmp_path, capsys):
    own("open54", "mine", shipped_text("open54", "corners"))
    game = new_game("open54", 2, 3, {"layout": "mine"})
    while not game.is_over():
        game.apply(game.legal_moves()[0])
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(game.record()) + "\n")
    assert main(["replay", str(path)]) == 0


def test_a_broken_own_level_is_an_error_naming_its_file_not_a_crash():
    own("open1", "bad", 'name = "x"\nset = "halves"\nboard = """\ns11\n"""\n')
    with pytest.raises((FileFormatError, OptionError), match="bad.toml:4: the board has 1 ranks"):
        new_game("open1", 2, 1, {"start": "bad"})
