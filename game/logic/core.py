"""The vocabulary every variant shares: errors, tiles, moves, outcomes and the state protocol.

The logic package never imports pygame. A variant's state follows the protocol of
`GameState` below (in the spirit of python-chess and OpenSpiel): it lists legal moves in
canonical text order, applies a move or refuses it with a reason, undoes, says whose turn
it is, whether the game is over and how it ended, and gives each player a view that hides
what that player may not see.
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar


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
    canonical text of RULES.md. Only the pass says `is_pass`."""

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
    `moves` holds the legal moves on this player's turn only."""

    variant: str
    player: int
    players: int
    current_player: int | None
    moves: tuple = ()

    def legal_moves(self) -> list:
        return list(self.moves)


class GameState(ABC):
    """The protocol every variant's state implements (push/pop style, like python-chess).

    Moves are variant-specific frozen objects (subclasses of `Move`, or `PASS`) whose
    `str()` is the canonical text from RULES.md; `parse_move` turns text back into a move.
    Every method that takes a move accepts either the object or its text.

    One move stack serves every variant: `apply` checks the move, asks the variant to
    `_push` it (which returns what undoing it needs) and keeps `(player, move, undo info)`;
    `undo` pops and hands that back to `_pop`. A variant may override `apply` for speed as
    long as it keeps the stack the same way.
    """

    variant: ClassVar[str]            # registry name, e.g. "classic"
    title: ClassVar[str]              # human name, e.g. "Classic draw dominoes"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    options_declared: ClassVar[tuple] = ()   # tuple of options.Option
    rules_text: ClassVar[str] = ""            # plain-language rules for the rules screen,
                                              # including the choices this project made
    # The keys a record of this variant may hold besides the common ones (records.py):
    # how its game starts. The boards of elements use start, deal and position between them.
    record_keys: ClassVar[tuple] = ("deal", "start", "position")

    players: int
    seed: int | None
    options: dict[str, Any]
    start: dict                       # the record's deal, position or start
    _stack: list

    # ---- construction -----------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: dict | None = None) -> "GameState":
        """A game dealt from `seed` (options by name; unknown names raise OptionError)."""

    @classmethod
    def from_record(cls, record: dict) -> "GameState":
        """The game of `record` from its deal with all its moves applied; IllegalMoveError
        (whose message names the move's index) at the first move that is not legal."""
        from .records import replay_record
        return replay_record(cls, record)

    @classmethod
    def from_record_start(cls, record: dict) -> "GameState":
        """The game as the record starts it (its deal or position), before any move."""
        raise NotImplementedError

    @classmethod
    @abstractmethod
    def from_position(cls, data, path: str = "<position>") -> "GameState":
        """A state from a position file's TomlFile (textfiles.py) or plain dict;
        FileFormatError names the file, the line and what is wrong."""

    @classmethod
    def position_from_text(cls, text: str, path: str = "<position>") -> "GameState":
        from .textfiles import parse_toml
        return cls.from_position(parse_toml(text, path), path)

    @classmethod
    def players_problem(cls, players) -> str | None:
        """Why `players` players cannot play this variant, or None when they can."""
        if (isinstance(players, int) and not isinstance(players, bool)
                and cls.min_players <= players <= cls.max_players):
            return None
        span = (f"{cls.min_players}" if cls.min_players == cls.max_players
                else f"{cls.min_players} to {cls.max_players}")
        return f"{cls.variant} is played by {span} players, not {repr(players)[:40]}"

    @classmethod
    def require_players(cls, players) -> None:
        """OptionError (saying why) unless `players` players can play this variant."""
        problem = cls.players_problem(players)
        if problem:
            raise OptionError(problem)

    @staticmethod
    def heuristic(view, move) -> float:
        """How good `move` looks to the greedy computer player, from `view` alone."""
        return 0.0

    # ---- the state --------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player to move, or None when the game is over."""

    @abstractmethod
    def legal_moves(self) -> list:
        """Legal moves of the player to move in canonical text order; [] when the game
        is over."""

    @abstractmethod
    def parse_move(self, text):
        """The move object for `text` (a move object is returned as it is);
        IllegalMoveError if the text is malformed."""

    @abstractmethod
    def illegal_reason(self, move) -> str | None:
        """Why `move` is illegal here, in words for a player; None when it is legal."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    def stated_results_problem(self, record: dict) -> str | None:
        """Which result `record` (this game's record) states besides the game's own that
        its moves do not give, or None; a match of rounds checks each round's."""
        return None

    @abstractmethod
    def view(self, player: int) -> View:
        """What `player` may see: own tiles, the sizes of other hands and of the stock,
        the public board, and the legal moves on that player's turn."""

    def secret_tiles(self, player: int) -> tuple:
        """The tiles `player` holds that no other player may see (their view's hand,
        unless the variant shows some of it to everyone)."""
        return tuple(getattr(self.view(player), "hand", ()))

    def record(self) -> dict:
        """The game record (RULES.md): variant, options, seed, players, how it started
        (`self.start`: its deal or position), moves, result."""
        outcome = self.outcome()
        return {**self.record_header(), **self.start, "moves": self.record_moves(),
                "result": outcome.as_record() if outcome else None}

    @abstractmethod
    def position_text(self) -> str:
        """This position as a position file (TOML) that `position_from_text` reads back."""

    # ---- moves: one stack for every variant --------------------------------------------
    @abstractmethod
    def _push(self, move):
        """Play the legal `move` for the player to move; return what `_pop` needs."""

    @abstractmethod
    def _pop(self, move, info) -> None:
        """Take back `move`, the last one pushed, given what `_push` returned."""

    def apply(self, move):
        """Play `move` (object or text) for the player to move and return the move object.
        Raises IllegalMoveError with the reason, leaving the state unchanged."""
        move = self.parse_move(move)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        player = self.current_player
        self._stack.append((player, move, self._push(move)))
        return move

    def undo(self):
        """Take back the last applied move and return it; IndexError if there is none."""
        if not self._stack:
            raise IndexError("no move to take back")
        _, move, info = self._stack.pop()
        self._pop(move, info)
        return move

    def moves_played(self) -> list[tuple[int, object]]:
        """(player, move) of every applied move, oldest first."""
        return [(player, move) for player, move, _ in self._stack]

    def record_moves(self) -> list[dict]:
        return [{"player": p, "move": str(m)} for p, m, _ in self._stack]

    def record_header(self) -> dict:
        return {"variant": self.variant, "options": dict(self.options), "seed": self.seed,
                "players": self.players}

    def is_over(self) -> bool:
        return self.outcome() is not None

    def is_legal(self, move) -> bool:
        try:
            return self.illegal_reason(move) is None
        except IllegalMoveError:
            return False

    def clone(self):
        return copy.deepcopy(self)
