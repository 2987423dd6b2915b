"""A level file edited in place: the editor's new level written into the text a person
wrote, so that what it did not change (comments, key order, spacing, quotes) stays as
it was.

The board (`grid` or `board`, a multi-line string) is changed row by row on its own
lines; a changed name, description, set or stacks goes through tomlkit, the
style-preserving TOML library, which keeps the comment after a value. Whatever the
result, it is read back by the game's reader and must give the very level the editor
made; if it does not (a file written in a way this cannot follow), the level is written
anew, as the editor writes every new level.
"""
from __future__ import annotations


import tomlkit

from .core import DominoError
from .textfiles import TomlFile, parse_toml

BOARD_KEYS = ("grid", "board")
SCALAR_KEYS = ("name", "description", "set", "stacks")


def edited_level_text(original: str, new: str, read) -> str:
    """`new` (a whole level file as the editor writes it) written into `original` (the
    file as it is on disk) so that only what differs changes. `read(toml)` is the game's
    reader of a parsed level file (the same name and path for every text); the result
    reads back to what `new` reads to."""
    try:
        before, after = parse_toml(original), parse_toml(new)
        wanted = read(after)
        read_before = _safely(read, before)
        text = _edit_board(original, before, after)
        text = _edit_scalars(text, before, after, read_before, wanted)
        if read(parse_toml(text)) == wanted:
            return text
    except Exception:       # whatever keeping the text trips on (say, a grid written
        pass                # on one line with \n escapes): the new text is written
    return new


def _safely(read, toml):
    try:
        return read(toml)
    except DominoError:
        return None


def _edit_board(text: str, before: TomlFile, after: TomlFile) -> str:
    key = next((k for k in BOARD_KEYS if k in after.data), None)
    if key is None or not isinstance(before.data.get(key), str):
        return text
    old_rows, new_rows = before.grid_lines(key), [row for _, row in after.grid_lines(key)]
    if [row for _, row in old_rows] == new_rows:
        return text
    lines = text.split("\n")
    numbers = [number for number, _ in old_rows]
    if len(set(numbers)) != len(numbers) or not old_rows:
        return _replace_value(text, key, after.data[key])
    if len(old_rows) == len(new_rows):          # the same ranks: each changed row in place
        for (number, old), new in zip(old_rows, new_rows):
            if old != new:
                line = lines[number - 1]
                at = line.index(old)
                lines[number - 1] = line[:at] + new + line[at + len(old):]
        return "\n".join(lines)
    first, last = numbers[0], numbers[-1]
    own_lines = all(lines[n - 1].strip() == row for n, row in old_rows)
    if not own_lines or numbers != list(range(first, last + 1)):
        return _replace_value(text, key, after.data[key])
    indent = lines[first - 1][:len(lines[first - 1]) - len(lines[first - 1].lstrip())]
    lines[first - 1:last] = [indent + row for row in new_rows]
    return "\n".join(lines)


def _replace_value(text: str, key: str, value: str) -> str:
    document = tomlkit.parse(text)
    document[key] = tomlkit.string(value, multiline=True)
    return tomlkit.dumps(document)


def _edit_scalars(text: str, before: TomlFile, after: TomlFile, read_before, wanted) -> str:
    """Each of name, description, set and stacks that the new level changes, in place (a
    key the file leaves out and the new level keeps at what leaving it out means stays
    out); a key the file lacks is written on the line above its board."""
    changed = {key: after.data[key] for key in SCALAR_KEYS if key in after.data
               and before.data.get(key, _meaning(key, read_before)) != after.data[key]}
    if not changed:
        return text
    document = tomlkit.parse(text)
    missing = []
    for key, value in changed.items():
        if key in document:
            document[key] = value
        else:
            missing.append(key)
    text = tomlkit.dumps(document)
    if missing:
        board = next((k for k in BOARD_KEYS if k in before.data), None)
        line = parse_toml(text).line_of(board) if board else None
        lines = text.split("\n")
        at = line - 1 if line else len(lines)
        lines[at:at] = [tomlkit.dumps({key: changed[key]}).rstrip("\n") for key in missing]
        text = "\n".join(lines)
    return text


def _meaning(key: str, level) -> object:
    """What leaving `key` out of the file means for `level` (as the reader gave it)."""
    if level is None:                   # a broken file: what the reader defaults to
        return {"description": "", "stacks": False}.get(key)
    attribute = {"name": "title", "description": "description", "set": "set_name",
                 "stacks": "stacks"}[key]
    return getattr(level, attribute, None)
