"""What a lesson's words say about the board, checked against the board.

A text that names a number on a square ("the 6 on f5", "the 2 of i8", "your element on c3
shows 4"), or a tile or element with its square ("North's 4-6 on d5", "your 2-5 on j8 and
j9"), must be true where the text is read: in the step's position, or after one of the
step's accepted answers (a goal or a hint may name where the answer puts a tile, an
explanation what it did). `claims(text)` finds them; `holds(state, claim)` reads the
board. Only what the board shows is checked: words like "next to" are the writer's care.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

SQUARE = r"([a-z](?:1[0-9]|2[0-6]|[1-9]))"
TILE_ON = re.compile(rf"\b(\d)-(\d) (?:on|at) {SQUARE}(?:(?:-| and ){SQUARE})?\b")
NUMBER_ON = re.compile(rf"\b(\d) (?:on|of) {SQUARE}\b")
NUMBER_OF_ELEMENT = re.compile(rf"\b(\d) of (?:[A-Za-z]+'s |your |the )?(?:element|tile|stack) "
                               rf"(?:on|at) {SQUARE}\b")
ELEMENT_SHOWS = re.compile(rf"\b(?:element|tile|stack) on {SQUARE} shows (\d)\b")


@dataclass(frozen=True)
class Claim:
    words: str                  # as the text says it
    squares: tuple[str, ...]    # one square, or the two a tile covers
    numbers: tuple[int, ...]    # the number on the square, or the tile's two numbers

    def __str__(self) -> str:
        return repr(self.words)


def claims(text: str) -> list[Claim]:
    """The claims about the board that `text` makes (see the module notes)."""
    found = []
    rest = text
    for match in TILE_ON.finditer(text):
        squares = tuple(s for s in match.group(3, 4) if s)
        found.append(Claim(match.group(0), squares, (int(match.group(1)),
                                                     int(match.group(2)))))
        rest = rest.replace(match.group(0), " ")
    for pattern, number, square in ((NUMBER_OF_ELEMENT, 1, 2), (ELEMENT_SHOWS, 2, 1),
                                    (NUMBER_ON, 1, 2)):
        for match in pattern.finditer(rest):
            found.append(Claim(match.group(0), (match.group(square),),
                               (int(match.group(number)),)))
        rest = pattern.sub(" ", rest)
    return found


def holds(state, claim: Claim) -> bool:
    """Whether the board of `state` shows what `claim` says (a square that is not on the
    board never does)."""
    found = [numbers_on(state, square) for square in claim.squares]
    shown = [numbers for numbers in found if numbers is not None]
    if len(shown) < len(found):
        return False
    if len(claim.numbers) == 1:
        return claim.numbers[0] in shown[0]
    if len(claim.squares) == 2:          # a tile: its two numbers on its two squares
        first, second = shown
        x, y = claim.numbers
        return (x in first and y in second) or (y in first and x in second)
    if hasattr(state.view(state.current_player or 0), "cells"):   # an element: both ends
        return set(claim.numbers) == shown[0]
    return bool(shown[0]) and shown[0] <= set(claim.numbers)   # a tile by one of its squares


def numbers_on(state, square: str) -> set[int] | None:
    """The numbers the board shows on `square` to the player to move (the top of a
    stack; an element shows both of its ends), or None when there is no such square."""
    view = state.view(state.current_player or 0)
    shape = getattr(view, "shape", None) or getattr(state, "shape", None)
    if shape is None and hasattr(view, "cells"):     # the 8 x 8 board of the moving games
        from ..elements.board import SHAPE as shape
    index = None if shape is None else shape.index.get(square)
    if index is None:
        return None
    cells = getattr(view, "cells", None)
    if cells is not None:                # an element board
        cell = cells[index]
        if isinstance(cell, tuple):      # a stack (Shift): its top element shows
            cell = cell[-1] if cell else None
        return set() if cell is None else {cell.south, cell.north}
    number = view.numbers[index]
    return set() if number < 0 else {number}
