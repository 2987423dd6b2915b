"""Pieces the shifting and placing games (10 and 22) share on the element board: squares
past the edge, stacks of elements and their texts, level-file tokens with arrows.

A stack is a tuple of Elements, bottom first; an empty square is the empty tuple. Only
the top element of a stack touches anything. Squares past the edge keep the index
formula `rank * 8 + file`: rank 9 (index rank 8) is 64..71, rank 0 (index rank -1) is
-8..-1, so `square_name` names them `c9` or `e0`.
"""
from __future__ import annotations

import re

from ..core import FileFormatError
from game.i18n import _
from .board import (NORTH_ARROW, OWNER_LETTERS, SHAPE, SIZE, Element, board_tokens,
                    home_arrow, parse_element)

FILES = "abcdefgh"
_NAME = re.compile(r"([a-h])([0-9])")
_TOKEN = re.compile(r"([sn])([0-6])([0-6])([\^v]?)")


def square_name(square: int) -> str:
    """`c2`, also past the edges: `d9` (rank 9), `e0` (rank 0)."""
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def parse_square(name: str, past_edges: bool = False) -> int:
    """The index of a square name; ValueError in player words."""
    match = _NAME.fullmatch(name)
    if not match:
        raise ValueError(f"{name!r} is not a square (a file a-h and a rank 1-8, like c4)")
    file, rank = FILES.index(match.group(1)), int(match.group(2)) - 1
    if not (0 <= rank < SIZE or (past_edges and rank in (-1, SIZE))):
        where = "1-8, or 0 and 9 just past the edges" if past_edges else "1-8"
        raise ValueError(f"{name} is off the board (ranks {where})")
    return rank * SIZE + file


def turned(element: Element) -> Element:
    """The element turned end for end: its numbers swap and its arrow points the other way."""
    return Element(element.owner, element.north, element.south, element.face_down,
                   -element.arrow)    # type: ignore[operator]  # set by __post_init__


def parse_crossed(text: str, arrows: bool) -> tuple[int, Element]:
    """(square, element) of an element text past an edge (`d9:0:4-2`, rank 9 or 0);
    ValueError in player words."""
    name, _, rest = str(text).strip().partition(":")
    square = parse_square(name, past_edges=True)
    if 0 <= square < SHAPE.size:
        raise ValueError(f"{text!r}: {name} is on the board, not past an edge (rank 9 or 0)")
    try:
        element = parse_element(f"a1:{rest}", arrows)[1]
    except ValueError as exc:       # its words quote the stand-in square: quote the text
        raise ValueError(str(exc).replace(repr(f"a1:{rest}"), repr(text))) from None
    if element.face_down:
        raise ValueError(f"{text!r}: no element lies face down in this game")
    return square, element


def arrow_mark(arrow: int) -> str:
    return "^" if arrow == NORTH_ARROW else "v"


def stack_text(square: int, stack, arrows: bool) -> str:
    """`a1:0:3-5`, a stack bottom first: `a1:0:3-5/a1:0:1-2`."""
    name = square_name(square)
    return "/".join(e.text(name, arrows) for e in stack)


def parse_stack(text: str, arrows: bool) -> tuple[int, tuple]:
    """(square, stack) of a stack text; ValueError when the parts name different squares
    or owners."""
    parts = [parse_element(part, arrows) for part in str(text).split("/")]
    squares = {square for square, _ in parts}
    if len(squares) != 1:
        raise ValueError(f"{text!r}: a stack's elements all stand on one square")
    if len({e.owner for _, e in parts}) != 1:
        raise ValueError(f"{text!r}: a stack belongs to one player")
    if any(e.face_down for _, e in parts):
        raise ValueError(f"{text!r}: no element lies face down in this game")
    return parts[0][0], tuple(e for _, e in parts)


def token(element: Element, arrows: bool) -> str:
    """`s35`, with free arrows `s35^`."""
    mark = arrow_mark(element.arrow) if arrows else ""   # type: ignore[arg-type]  # as above
    return f"{OWNER_LETTERS[element.owner]}{element.south}{element.north}{mark}"


def stack_token(stack, arrows: bool) -> str:
    return "/".join(token(e, arrows) for e in stack) if stack else "..."


def parse_stack_token(text: str) -> tuple:
    """The stack of a grid token (`...` empty, `s35`, `s35/s12`, with `^`/`v` for arrows);
    ValueError if it is none of these."""
    if text == "...":
        return ()
    stack = []
    for part in text.split("/"):
        match = _TOKEN.fullmatch(part)
        if not match:
            raise ValueError(text)
        letter, south, north, mark = match.groups()
        owner = OWNER_LETTERS.index(letter)
        arrow = home_arrow(owner) if not mark else (NORTH_ARROW if mark == "^" else -NORTH_ARROW)
        stack.append(Element(owner, int(south), int(north), False, arrow))
    if len({e.owner for e in stack}) != 1:
        raise ValueError(text)
    return tuple(stack)


def grid_lines(cells, arrows: bool, shape=SHAPE) -> list[str]:
    """The board as files draw it: the top rank first, one token per square."""
    width = shape.width
    return [" ".join(stack_token(cells[r * width + f], arrows) for f in range(width))
            for r in reversed(range(shape.height))]


def parse_grid(toml, key: str = "board", shape=SHAPE) -> tuple[list, dict]:
    """(cells, {square: line}) of the board drawn in `key` of a TomlFile."""
    cells, lines = [()] * shape.size, {}
    for square, text, line in board_tokens(toml, key, shape=shape):
        try:
            cells[square] = parse_stack_token(text)
        except ValueError:
            raise FileFormatError(toml.path, line, _(
                "unknown square {token} on {square} (write '...' for an empty square, else s "
                "or n with the south and the north number like s35, a stack bottom first "
                "joined by / like s35/s12)").format(token=repr(text),
                                                    square=shape.names[square])) from None
        lines[square] = line
    return cells, lines
