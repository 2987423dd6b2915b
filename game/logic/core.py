"""The vocabulary every variant shares: errors, tiles, moves, outcomes and views.

The bottom of the logic package: it imports nothing of the package, so every module
may use its words. The state protocol built on them is `state.GameState`.
"""
from __future__ import annotations

from dataclasses import dataclass


class DominoError(ValueError):
    """Base of every error the logic package raises on bad input."""


class IllegalMoveError(DominoError):
    """A move that is malformed or not legal in the position; `reason` says why."""

    def __init__(self, move: object, reason: str):
        super().__init__(f"illegal move {str(move)!r}: {reason}")
        self.move = str(move)
        self.reason = reason


class OptionError(DominoError):
    """An unknown variant, option or agent name, or an option value of the wrong kind."""


class FileFormatError(DominoError):
    """A malformed level, position or record file: `path:line: message` on one line."""

    def __init__(self, path: object, line: int | None, message: str):
        where = f"{path}:{line}" if line else f"{path}"
        super().__init__(f"{where}: {message}")
        self.path = str(path)
        self.line = line
        self.message = message


@dataclass(frozen=True, order=True)
class Tile:
    """A domino `a-b` with a <= b. Blank tiles (no pips) are `Tile(-1, -1)`, written `_`."""

    a: int
    b: int

    def __post_init__(self):
        if self.a > self.b:
            raise ValueError(f"tile ends out of order: {self.a}-{self.b}")

    @classmethod
    def of(cls, x: int, y: int) -> "Tile":
        return cls(x, y) if x <= y else cls(y, x)

    @classmethod
    def parse(cls, text: str) -> "Tile":
        text = text.strip()
        if text == "_":
            return BLANK
        parts = text.split("-")
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
            raise ValueError(f"not a tile: {text!r} (expected a-b, like 3-5)")
        return cls.of(int(parts[0]), int(parts[1]))

    @property
    def is_blank(self) -> bool:
        return self.a < 0

    @property
    def is_double(self) -> bool:
        return self.a == self.b

    @property
    def value(self) -> int:
        return 0 if self.is_blank else self.a + self.b

    def other(self, n: int) -> int:
        """The number at the other end from `n` (which must be on the tile)."""
        return self.b if n == self.a else self.a

    def __str__(self) -> str:
        return "_" if self.is_blank else f"{self.a}-{self.b}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


BLANK = Tile(-1, -1)


def double_set(top: int = 6) -> tuple[Tile, ...]:
    """Every tile from 0-0 to top-top, in canonical order (0-0, 0-1, ..., top-top)."""
    return tuple(Tile(a, b) for a in range(top + 1) for b in range(a, top + 1))


DOUBLE_SIX = double_set(6)


class Move:
    """Base of every variant's move class: a small frozen value whose `str()` is the
    canonical text of docs/rules.md, Writing moves and games down. Only the pass says `is_pass`."""

    __slots__ = ()
    is_pass = False


class WordMove(str):
    """A move that is one word and also its own text (`pass`, blank tiles' `stop`), so a
    record entry, a typed move and the move object compare equal. One object per word:
    its module names it in capitals (PASS), which is what pickling hands back."""

    __slots__ = ()
    word = ""
    is_pass = False

    def __new__(cls):
        return str.__new__(cls, cls.word)

    def __repr__(self) -> str:
        return self.word.upper()

    def __reduce__(self):           # the module's object itself, also across the worker process
        return self.word.upper()


class PassMove(WordMove):
    """The forced pass, the one pass move of every variant."""

    __slots__ = ()
    word = "pass"
    is_pass = True


PASS = PassMove()

# Why a game ended: a small fixed set, so screens and statistics can rely on the words.
REASONS = {
    "domino": "a player emptied their hand",
    "blocked": "nobody could play any more",
    "eliminated": "one player was left below the point limit",
    "all out": "the last players reached the point limit in the same round",
    "territory": "the board was counted",
    "goal": "a player reached the game's goal",
    "no captures": "the move limit passed without a capture",
    "no moves": "a side had no element or no move left",
    "packs": "both packs were used up",
    "cost": "the structure was scored",
    "test element": "an element reached the opponent's test element",
    "no captures left": "no capture is possible any more",
    "overshot": "a player's captured pips went past the goal",
    "race": "a player brought every element past the middle line",
    "both crossed": "the second player crossed the far edge in answer to the first",
}


@dataclass(frozen=True)
class Outcome:
    """How a game ended. `scores` per player (their meaning is the variant's), `winner` a
    player index or None for a draw, `reason` one of REASONS."""

    scores: tuple[int, ...]
    winner: int | None
    reason: str

    def __post_init__(self):
        if self.reason not in REASONS:
            raise ValueError(f"unknown outcome reason {self.reason!r}")

    def as_record(self) -> dict:
        return {"scores": list(self.scores), "winner": self.winner}


@dataclass(frozen=True, kw_only=True)
class View:
    """What one player may see of a state: a frozen snapshot that later moves do not
    change (agents read it in a worker process). Variants add their public fields;
    `moves` holds the legal moves on this player's turn only. `options` are the game's
    options, every one of them: they are rules everyone at the table knows, and a player
    who had to guess them (is drawing allowed?) would plan for another game."""

    variant: str
    player: int
    players: int
    current_player: int | None
    options: dict
    moves: tuple = ()

    def legal_moves(self) -> list:
        return list(self.moves)

