"""The named conditions a lesson step may accept its answers by.

A step either lists its answers (`answers = ["c3-d4"]`) or accepts every legal move that
meets a condition (`condition = "captures"`, `condition = "scores_at_least:5"`). A
condition reads the state only through what every variant of its kind keeps (captures,
the score as it stands, Dominid's costs, the outcome), so a lesson file can name one for
any game that keeps that number; `problem` says why it cannot apply to another.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def _captures(state, player):
    captures = getattr(state, "captures", None)
    return None if captures is None else captures[player]


def _score(state, player):
    scores = getattr(state, "scores", None)
    return scores()[player] if callable(scores) else None


def _cost(state, player):
    costs = getattr(state, "costs", None)
    return None if costs is None else costs[player]


@dataclass(frozen=True)
class Kind:
    words: str                  # what it asks, for the rules of lesson files
    amount: str                 # "none", "optional" (default 1) or "needed"
    # (state, player) -> number, read before and after the move (None: the game keeps none)
    measure: Callable[[object, int], int | None] | None = None
    missing: str = ""           # why a game without that number cannot use it


KINDS = {
    "captures": Kind("the move removes at least N of the opponent's elements (N is 1 "
                     "unless written captures:N)", "optional", _captures,
                     "nothing is captured in this game"),
    "scores_at_least": Kind("after the move the mover's score, as the game counts it now "
                            "(territory, captures, elements across), is at least N",
                            "needed", _score, "this game keeps no running score"),
    "costs_at_most": Kind("the move costs at most N (Dominid)", "needed", _cost,
                          "only Dominid's tiles cost points"),
    "wins": Kind("the move ends the game and the mover wins", "none"),
    "draws": Kind("the move ends the game in a draw", "none"),
    "ends_game": Kind("the move ends the game", "none"),
    "crosses": Kind("the move sets an element past the far edge (Shift)", "none"),
}


@dataclass(frozen=True)
class Condition:
    name: str
    amount: int | None = None

    @classmethod
    def parse(cls, text) -> "Condition":
        """The condition `text` names ("captures", "captures:2"); ValueError says why not."""
        if not isinstance(text, str):
            raise ValueError(f"a condition is a name like \"captures\", not {str(text)[:40]!r}")
        name, colon, number = text.strip().partition(":")
        kind = KINDS.get(name)
        if kind is None:
            raise ValueError(f"unknown condition {name!r} (known: {', '.join(KINDS)})")
        if colon and kind.amount == "none":
            raise ValueError(f"{name} takes no number")
        if not colon and kind.amount == "needed":
            raise ValueError(f"{name} needs a number: {name}:N")
        amount = None
        if colon:
            if not (number.isascii() and number.isdigit()) or len(number) > 4:
                raise ValueError(f"{name}:N needs a whole number, not {number[:20]!r}")
            amount = int(number)
        elif kind.amount == "optional":
            amount = 1
        return cls(name, amount)

    def __str__(self) -> str:
        return self.name if self.amount is None else f"{self.name}:{self.amount}"

    def problem(self, state) -> str | None:
        """Why this condition cannot judge moves of `state`'s game, or None."""
        kind = KINDS[self.name]
        player = state.current_player
        if kind.measure is not None and kind.measure(state, player) is None:
            return f"{self.name}: {kind.missing}"
        if self.name == "crosses" and not any(hasattr(m, "past_edge")
                                              for m in state.legal_moves()):
            return "crosses: no element crosses an edge in this game"
        return None

    def met(self, state, move) -> bool:
        """Whether `move` (legal for the player to move in `state`) meets the condition;
        `state` is left as it was."""
        kind, player = KINDS[self.name], state.current_player
        if self.name == "crosses":
            return bool(getattr(state.parse_move(move), "past_edge", False))
        before = kind.measure(state, player) if kind.measure else None
        state.apply(move)
        try:
            if kind.measure is None:
                outcome = state.outcome()
                return outcome is not None and (self.name == "ends_game" or (
                    outcome.winner == player if self.name == "wins" else outcome.winner is None))
            after = kind.measure(state, player)
            if after is None or before is None or self.amount is None:
                return False        # problem() and parse() refuse such a condition
            if self.name == "captures":
                return after - before >= self.amount
            if self.name == "scores_at_least":
                return after >= self.amount
            return after - before <= self.amount          # costs_at_most
        finally:
            state.undo()


def describe() -> list[str]:
    """One line per condition, for the rules of lesson files."""
    return [f"{name}: {kind.words}" for name, kind in KINDS.items()]
