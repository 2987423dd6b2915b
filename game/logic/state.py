"""The protocol every variant's state follows (in the spirit of python-chess and OpenSpiel).

A state lists legal moves in canonical text order, applies a move or refuses it with a
reason, undoes, says whose turn it is, whether the game is over and how it ended, and
gives each player a view that hides what that player may not see. It sits above the
record and file readers, so its conveniences (`from_record`, `position_from_text`) can
use them while they use only the vocabulary of core.py.
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .core import IllegalMoveError, OptionError, Outcome, View
from .options import Options
from .records import replay_record
from .textfiles import parse_toml


class GameState(ABC):
    """The protocol every variant's state implements (push/pop style, like python-chess).

    Moves are variant-specific frozen objects (subclasses of `Move`, or `PASS`) whose
    `str()` is the canonical text docs/rules.md gives; `parse_move` turns text back into a move.
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

    options_declared: ClassVar[Options] = ()
    rules_text: ClassVar[str] = ""            # plain-language rules for the rules screen,
                                              # including the choices this project made
    # The keys a record of this variant may hold besides the common ones (records.py):
    # how its game starts. The boards of elements use start, deal and position between them.
    record_keys: ClassVar[tuple] = ("deal", "start", "position")
    # What the rest of the program reads from the variant itself (docs/adding-a-game.md):
    notation: ClassVar[str] = ""              # how a move is written, for docs/rules.md
    score_counts: ClassVar[str] = "score"     # what the Outcome's scores count, as the
    lower_score_wins: ClassVar[bool] = False  # statistics say it, and which way is better
    hard_hooks: ClassVar[str | None] = None   # module of the Hard player's hooks
                                              # (agents/hooks.py says what it defines)
    views_tell_the_world: ClassVar[bool] = False  # a Hard world can be made from any
                                              # player's view on anyone's turn
    coach_reasons: ClassVar[str] = "board"    # which of the coach's reasons fit its moves:
                                              # "line", "board", "spread" or "elements"
    how_to_win: ClassVar[str] = ""            # how the game is won, in a sentence or two
                                              # (the new-game screen's summary begins so)
    hands_differ: ClassVar[bool] = True       # a hand's tiles can be told apart, so
                                              # people sharing a screen hand it over

    players: int
    seed: int | None
    options: dict[str, Any]
    start: dict                       # the record's deal, position or start
    _stack: list

    # ---- construction -----------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: dict | None = None) -> "GameState":
        """A game dealt from `seed` (options by name; unknown names raise OptionError, and
        so does a number of players the variant is not played by: require_players)."""

    @classmethod
    def from_record(cls, record: dict) -> "GameState":
        """The game of `record` from its deal with all its moves applied; IllegalMoveError
        (whose message names the move's index) at the first move that is not legal."""
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
    def require_players(cls, players) -> int:
        """`players`, when that many players can play this variant; else OptionError
        (saying why)."""
        problem = cls.players_problem(players)
        if problem:
            raise OptionError(problem)
        return players

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
        the public board, the game's options, and the legal moves on that player's
        turn."""

    def public_facts(self) -> dict:
        """What every seat may know besides its own view and the moves played, by the
        attribute it stands for (a network seat's stand-in state is given these): nothing,
        unless how the game started is public."""
        return {}

    def secret_tiles(self, player: int) -> tuple:
        """The tiles `player` holds that no other player may see (their view's hand,
        unless the variant shows some of it to everyone)."""
        return tuple(getattr(self.view(player), "hand", ()))

    def record(self) -> dict:
        """The game record (docs/rules.md, Writing moves and games down): variant,
        options, seed, players, how it started (`self.start`: its deal or position),
        moves, result."""
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
