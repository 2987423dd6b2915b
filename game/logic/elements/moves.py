"""The move of the moving games: from-square and to-square (`c2-c3`), or every landing
square of a jump chain (`c3-e5-c7`); the forced pass is the shared `PASS`. What a move
captures follows from the position, so it is not written in the move."""
from __future__ import annotations

from game.i18n import _

import re
from dataclasses import dataclass, field

from ..core import PASS, IllegalMoveError, Move
from .board import SHAPE

CHAIN = re.compile(r"[a-z0-9]+(-[a-z0-9]+)+")
FORM = "a move is a from and a to square like c2-c3, or a jump chain like c3-e5-c7"


class TextMove(Move):
    """Base of the element games' moves: a frozen dataclass whose canonical text is made
    once, in the field `text`, by the subclass's `__post_init__`."""

    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"


def read_move(text, kind, pattern, form):
    """`text` itself when it is already a move of `kind` or PASS, PASS for "pass", else
    the match of `pattern` on it (IllegalMoveError with `form` when it does not match)."""
    if isinstance(text, kind) or text is PASS:
        return text
    words = str(text).strip().lower()
    if words == PASS:
        return PASS
    match = pattern.fullmatch(words)
    if not match:
        raise IllegalMoveError(text, form)
    return match


@dataclass(frozen=True, repr=False)
class ElementMove(TextMove):
    """The squares a move visits, first the element's square: indices `rank * 8 + file`."""

    path: tuple[int, ...]
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "text", "-".join(SHAPE.names[s] for s in self.path))

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]


def parse_element_move(text) -> ElementMove | object:
    """The move (or PASS) written `text`; a move object passes through unchanged.
    IllegalMoveError says in one line what is wrong with a malformed text."""
    found = read_move(text, ElementMove, CHAIN, FORM)
    if not isinstance(found, re.Match):
        return found
    names = found.group(0).split("-")
    path = []
    for name in names:
        try:
            path.append(SHAPE.square(name))
        except ValueError as exc:
            message = str(exc)
            if "not a square name" in message:
                message = f"{name!r} is not a square (a file a-h and a rank 1-8, like c4)"
            raise IllegalMoveError(text, message) from None
    if any(a == b for a, b in zip(path, path[1:])):
        raise IllegalMoveError(text, "a move must leave its square")
    return ElementMove(tuple(path))


def element_move_words(move) -> str:
    """A move (or its text) as the status line says it: "c2-d1" is "c2 to d1", the jump
    chain "c1-e3-c5" is "c1 to e3, then to c5"; IllegalMoveError says what is wrong with
    a malformed text."""
    move = parse_element_move(move)
    if move is PASS:
        return _("pass")
    names = [SHAPE.names[s] for s in move.path]
    return _("{start} to {end}").format(start=names[0], end=names[1]) + "".join(
        _(", then to {square}").format(square=n) for n in names[2:])
