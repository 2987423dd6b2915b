"""Files of game records, read one record at a time: what `replay` and `legal` read.

A file holds records one a line (JSON lines, as `selfplay` writes them), or one JSON
object or array laid out over any number of lines. Lines are streamed and never kept, so
memory follows one record, not the file; the bounds below keep any file, however made,
to a few hundred MB and a few seconds before its one-line answer (the replay of real
games aside: that is the work asked for).
"""
from __future__ import annotations

import json
from collections.abc import Iterator

from .core import DominoError, FileFormatError
from .textfiles import MiB, decode, long_number_line, open_checked, read_lines

RECORD_LIMIT = 10_000        # records in one file
LINE_COUNT_LIMIT = 100_000   # lines of a file of records one a line, blank ones too
WHOLE_LIMIT = 8 * MiB        # a record or an array laid out over several lines, read whole


def read_records(path: str) -> Iterator[tuple[int, object]]:
    """(the line it starts on, its JSON value) of each record of the file at `path`, read
    carefully (textfiles); DominoError names the line of the first problem."""
    lines = read_lines(path, "record")
    try:
        first = _first_line(path, lines)
        if first is None:
            raise DominoError(f"{path}: no game records")
        number, text = first
        if not text.lstrip().startswith("["):
            try:
                value = _json(text, path, number)
            except DominoError as error:    # perhaps one record laid out over several lines
                yield from _whole(path, error)
                return
            yield number, value
            yield from _one_a_line(path, lines)
            return
    finally:
        lines.close()
    yield from _whole(path, None)


def _first_line(path, lines) -> tuple[int, str] | None:
    for number, text in lines:
        _count_line(path, number)
        if text.strip():
            return number, text
    return None


def _count_line(path, number: int) -> None:
    if number > LINE_COUNT_LIMIT:
        raise FileFormatError(path, number, f"more than {LINE_COUNT_LIMIT:,} lines: not a "
                                            "file of game records")


def _one_a_line(path, lines) -> Iterator[tuple[int, object]]:
    count = 1
    for number, text in lines:
        _count_line(path, number)
        if not text.strip():
            continue
        count += 1
        if count > RECORD_LIMIT:
            raise FileFormatError(path, number, f"more than {RECORD_LIMIT:,} game records "
                                                "in one file: split it")
        yield number, _json(text, path, number)


def _whole(path, first_error: DominoError | None) -> Iterator[tuple[int, object]]:
    """The records of a file that is one JSON value (an object, or an array of them);
    `first_error` is its first line's, when that line was taken for a record alone."""
    with open_checked(path, "record") as handle:
        data = handle.read(WHOLE_LIMIT + 1)
    if len(data) > WHOLE_LIMIT:
        if first_error is not None:     # a broken first record of many, or one huge record
            raise DominoError(f"{first_error} (and read whole, the file is over the "
                              f"{WHOLE_LIMIT:,} bytes a record over several lines may take)")
        raise DominoError(f"{path}: an array of game records is at most {WHOLE_LIMIT:,} "
                          "bytes: write them one a line")
    text = decode(data, path).strip()
    del data
    if text.startswith("["):
        values = _json(text, path, None)
        if not values:
            raise DominoError(f"{path}: no game records")
        if len(values) > RECORD_LIMIT:
            raise FileFormatError(path, None, f"more than {RECORD_LIMIT:,} game records "
                                              "in one file: split it")
        for value in values:
            yield 1, value
        return
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as whole:
        if type(whole) is ValueError:        # a number too long: name its line
            _json(text, path, None)
        raise first_error or DominoError(f"{path}: not valid JSON") from None
    yield 1, value


def _json(text: str, path, line: int | None):
    """The JSON value of `text`: line `line` of `path`, or (None) the whole file."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DominoError(f"{path}:{line or exc.lineno}: not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise DominoError(f"{path}:{line or 1}: not valid JSON: nested too deeply") from None
    except ValueError:          # a number of thousands of digits
        line = line or long_number_line(text) or 1
        raise DominoError(f"{path}:{line}: not valid JSON: a number has too many "
                          "digits") from None
