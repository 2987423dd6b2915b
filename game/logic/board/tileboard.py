"""Two-square tiles lying on a board, with the numbers each empty square accepts.

Speed matters here because search and self-play replay thousands of games. Every empty
square keeps a 7-bit mask of the numbers it accepts (all seven while no covered square
touches it), updated incrementally by `cover` and `uncover` under the game's contact rule
(contact.py); with the tables of placement.py a slot's legal tiles are then two lookups
ANDed with the hand's orientations. Dominox and Spread both lay tiles on a TileBoard.
"""
from __future__ import annotations

from game.i18n import _

from .contact import ALL_NUMBERS
from .placement import FIRST_IN, SECOND_IN, Placement
from .shape import EMPTY, BoardShape


class TileBoard:
    def __init__(self, shape: BoardShape, rule):
        self.shape = shape
        self.rule = rule
        size = shape.size
        self.numbers = [EMPTY] * size
        self.counts = [0] * (size * 7)      # counts[s*7+n]: covered neighbours of s showing n
        self.covered = [0] * size           # covered neighbours of s
        self.accepts = [ALL_NUMBERS] * size
        self.sealed = [0] * size            # neighbours that nothing may touch (Spread's
                                            # face-down doubles)
        self.placed: list[tuple[int, int, int, int]] = []   # (s1, x, s2, y) in play order

    # ---- changing it ------------------------------------------------------------------
    def place(self, s1: int, x: int, s2: int, y: int) -> None:
        self.numbers[s1], self.numbers[s2] = x, y
        self.cover(s1, x)
        self.cover(s2, y)
        self.placed.append((s1, x, s2, y))

    def lift(self) -> tuple[int, int, int, int]:
        """Take the last placed tile off again."""
        s1, x, s2, y = entry = self.placed.pop()
        self.uncover(s2, y)
        self.uncover(s1, x)
        self.numbers[s1] = self.numbers[s2] = EMPTY
        return entry

    def cover(self, square: int, number: int) -> None:
        counts, covered, accepts, on_cover = self.counts, self.covered, self.accepts, \
            self.rule.on_cover
        for t in self.shape.neighbours[square]:
            counts[t * 7 + number] += 1
            accepts[t] = on_cover(accepts[t], covered[t], number)
            covered[t] += 1

    def uncover(self, square: int, number: int) -> None:
        counts, covered, accepts, on_uncover = self.counts, self.covered, self.accepts, \
            self.rule.on_uncover
        for t in self.shape.neighbours[square]:
            counts[t * 7 + number] -= 1
            covered[t] -= 1
            accepts[t] = on_uncover(accepts[t], counts, t * 7, covered[t], number)

    def seal(self, squares, step: int = 1) -> None:
        """Forbid (step 1) or allow again (step -1) touching `squares`."""
        for square in squares:
            for t in self.shape.neighbours[square]:
                self.sealed[t] += step

    # ---- reading it -------------------------------------------------------------------
    def legal_bits(self, usable: int, need_contact: bool = False) -> list[tuple[int, int]]:
        """(slot, 56-bit set of oriented tiles) for every free slot where some oriented
        tile of `usable` may lie; with `need_contact` the slot must touch a covered square."""
        if not usable:
            return []
        numbers, accepts, covered, sealed = self.numbers, self.accepts, self.covered, self.sealed
        first_in, second_in = FIRST_IN, SECOND_IN
        found = []
        for slot, (s1, s2) in enumerate(self.shape.slots):
            if numbers[s1] == EMPTY and numbers[s2] == EMPTY:
                if need_contact and not (covered[s1] or covered[s2]):
                    continue
                if sealed[s1] or sealed[s2]:
                    continue
                bits = first_in[accepts[s1]] & second_in[accepts[s2]] & usable
                if bits:
                    found.append((slot, bits))
        return found

    def squares_refusal(self, move: Placement) -> str | None:
        """Why `move` names no two adjacent playable squares of this board, or None."""
        shape = self.shape
        try:
            s1, s2 = shape.square(move.first), shape.square(move.second)
        except ValueError as exc:
            return str(exc)
        for square in (s1, s2):
            if not shape.playable[square]:
                return _("{square} is a blocked square").format(square=shape.names[square])
        if (s1, s2) not in shape.slot_of:
            return _("{first} and {second} are not adjacent squares").format(
                first=move.first, second=move.second)
        return None

    def fit_refusal(self, move: Placement, need_contact: bool = False) -> str | None:
        """Why the board refuses `move` (on two adjacent playable squares) whoever holds
        it, in player words; None when it fits."""
        shape = self.shape
        s1, s2 = shape.index[move.first], shape.index[move.second]
        for square in (s1, s2):
            if self.numbers[square] != EMPTY:
                return _("{square} is taken").format(square=shape.names[square])
        for square in (s1, s2):
            if self.sealed[square]:
                return _("{square} touches a face-down double").format(
                    square=shape.names[square])
        for square, number in ((s1, move.x), (s2, move.y)):
            if not self.accepts[square] >> number & 1:
                touching = sorted({self.numbers[t] for t in shape.neighbours[square]
                                   if self.numbers[t] != EMPTY})
                return self.rule.refusal(number, shape.names[square], touching)
        if need_contact and not (self.covered[s1] or self.covered[s2]):
            return _("the tile must touch a tile already on the board")
        return None

    def placement(self, s1: int, x: int, s2: int, y: int) -> Placement:
        return Placement(x, y, self.shape.names[s1], self.shape.names[s2])

    def copy(self) -> "TileBoard":
        other = object.__new__(TileBoard)
        other.__dict__.update(self.__dict__)
        for name in ("numbers", "counts", "covered", "accepts", "sealed", "placed"):
            setattr(other, name, list(getattr(self, name)))
        return other
