"""The move of the moving games: from-square and to-square (`c2-c3`), or every landing
square of a jump chain (`c3-e5-c7`); the forced pass is the shared `PASS`. What a move
captures follows from the position, so it is not written in the move."""
from __future__ import annotations

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
        return "pass"
    names = [SHAPE.names[s] for s in move.path]
    return f"{names[0]} to {names[1]}" + "".join(f", then to {n}" for n in names[2:])


def refusal(game, move: ElementMove) -> str:
    """Why `move` is not legal for the player to move of `game` (the move is not in its
    legal list), in a player's words."""
    cells, names = game.board.cells, SHAPE.names
    element = cells[move.start]
    if element is None:
        return f"there is no element on {names[move.start]}"
    if element.owner != game.to_move:
        return f"the element on {names[move.start]} is your opponent's"
    if game.coloured:
        return _diagonal_refusal(game, move, element)
    if len(move.path) > 2:
        return "a move names only its from and to squares here; only Diagonals chains jumps"
    target = cells[move.end]
    if target is not None and not game.takes_test_element(element, target):
        if game.test_elements and element.face_down:
            return "a test element never lands on another element, not even on your " \
                   "opponent's test element"
        if game.test_elements and target.face_down:
            return f"{names[move.end]} holds your own test element"
        return f"{names[move.end]} is taken: only an opponent's test element may be landed on" \
            if game.test_elements else f"{names[move.end]} is taken"
    (f1, r1), (f2, r2) = SHAPE.file_rank(move.start), SHAPE.file_rank(move.end)
    if not game.slide:
        return "an element moves one square, in any of the eight directions"
    if f1 != f2 and r1 != r2 and abs(f1 - f2) != abs(r1 - r2):
        return "an element slides in a straight line: along a file, a rank or a diagonal"
    step = ((f2 > f1) - (f2 < f1), (r2 > r1) - (r2 < r1))
    # The squares from start to end are on the board: step finds each (never None).
    square = SHAPE.step(move.start, step)
    while square != move.end and cells[square] is None:     # type: ignore[index]
        square = SHAPE.step(square, step)                   # type: ignore[arg-type]
    return f"the way is blocked on {names[square]}"         # type: ignore[index]


def _diagonal_refusal(game, move: ElementMove, element) -> str:
    cells, names, board = game.board.cells, SHAPE.names, game.board
    landed = {move.start}
    for number, (here, there) in enumerate(zip(move.path, move.path[1:]), start=1):
        (f1, r1), (f2, r2) = SHAPE.file_rank(here), SHAPE.file_rank(there)
        if abs(f1 - f2) != abs(r1 - r2) or abs(f1 - f2) not in (1, 2):
            return "elements move diagonally: one square, or a jump over your own element " \
                   "to the square just beyond"
        if abs(f1 - f2) == 1 and len(move.path) > 2:
            return "a step of one square is a whole move: only jumps chain"
        if abs(f1 - f2) == 2:
            # between two squares of the board: on the board
            over: int = SHAPE.step(  # type: ignore[assignment]
                here, ((f2 - f1) // 2, (r2 - r1) // 2))
            if cells[over] is None or over == move.start:
                return f"there is nothing to jump over on {names[over]}"
            if cells[over].owner != element.owner:
                return "you can jump only over your own elements"
        if there in landed:
            return "a chain never lands twice on the same square"
        if cells[there] is not None:
            return f"{names[there]} is taken"
        landed.add(there)
        if number < len(move.path) - 1 and board.captures_at(there, element, move.start, True):
            return f"the move stops on {names[there]}, where it captures"
    return "that move is not legal here"
