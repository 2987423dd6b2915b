"""Every file the logic package reads is untrusted: special files, odd encodings, deep
nesting and huge numbers give one line naming the file, never a traceback or a hang."""
from __future__ import annotations

import os

import pytest

from game.logic.cli import main
from game.logic.core import FileFormatError
from game.logic.levels import layout_from_file
from game.logic.positions import load_position
from game.logic.variants import new_game

GRID = 'name = "x"\ngrid = """\n...\n...\n"""\n'


def special_files(folder):
    """name -> path of files no reader may open as text."""
    os.mkfifo(folder / "pipe.toml")
    (folder / "folder.toml").mkdir()
    os.symlink(folder / "nowhere", folder / "dangling.toml")
    os.symlink(folder / "loop_b.toml", folder / "loop_a.toml")
    os.symlink(folder / "loop_a.toml", folder / "loop_b.toml")
    return {"pipe": (folder / "pipe.toml", "not a regular file"),
            "folder": (folder / "folder.toml", "a folder, not a file"),
            "dangling": (folder / "dangling.toml", "a link to nothing"),
            "loop": (folder / "loop_a.toml", "a link that leads back to itself"),
            "device": ("/dev/zero", "not a regular file")}


@pytest.mark.parametrize("reader", [lambda path: layout_from_file(path, "dominox"),
                                    load_position], ids=["layout_from_file", "load_position"])
def test_special_files_are_refused_in_one_line(tmp_path, reader):
    for path, message in special_files(tmp_path).values():
        with pytest.raises(FileFormatError) as err:
            reader(path)
        assert str(err.value) == f"{path}: {message}" + (
            " (a device, a pipe or a socket)" if message == "not a regular file" else "")


def test_special_files_are_refused_by_replay_and_legal(tmp_path, capsys):
    for path, message in special_files(tmp_path).values():
        for command in ("replay", "legal"):
            assert main([command, str(path)]) == 2
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize("text, message", [
    ('name = "x"\nx = ' + "1" * 5000 + "\n" + GRID,
     ":2: not valid TOML: a number has too many digits"),
    ("x = " + "[" * 3000 + "]" * 3000 + "\n" + GRID, ": not valid TOML: nested too deeply"),
    ('name = "\xff"\n' + GRID, ":1: not UTF-8 text"),
])
def test_parser_failures_are_one_line_errors(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if "\xff" not in text
                     else text.encode("latin-1"))
    with pytest.raises(FileFormatError) as err:
        layout_from_file(path, "dominox")
    assert str(err.value) == f"{path}{message}".replace(":  ", ": ")


def test_a_byte_order_mark_and_crlf_line_ends_are_fine(tmp_path):
    path = tmp_path / "windows.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GRID.replace("\n", "\r\n").encode())
    assert layout_from_file(path, "dominox").width == 3
    game = new_game("classic", 2, 1)
    position = tmp_path / "p.toml"
    position.write_bytes(b"\xef\xbb\xbf" + game.position_text().replace("\n", "\r\n").encode())
    assert load_position(position).position_text() == game.position_text()


def test_oversized_files_are_refused_before_they_are_read(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text(GRID + "#" * (300 * 1024) + "\n")
    with pytest.raises(FileFormatError, match="too big for a level file"):
        layout_from_file(path, "dominox")


@pytest.mark.parametrize("record, message", [
    ('{"variant": "classic", "players": ' + "1" * 100 + "}",
     "classic is played by 2 to 4 players, not 1111"),
    ('{"variant": "classic", "players": -2, "rounds": [{}]}', "not -2"),
    ('{"variant": "dominox", "players": 2, "seed": 1e400, "deal": {}}',
     "the seed must be a whole number"),
    ('{"variant": "dominox", "players": 2, "seed": "7", "deal": {}}',
     "the seed must be a whole number"),
    ('{"variant": ' + "[" * 5000 + "]" * 5000 + "}", "nested too deeply"),
    ('{"variant": "classic", "seed": ' + "9" * 5000 + "}", "a number has too many digits"),
])
def test_records_with_numbers_out_of_range_are_refused(tmp_path, capsys, record, message):
    path = tmp_path / "games.jsonl"
    path.write_text(record + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
