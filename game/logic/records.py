"""Game records (RULES.md): replaying one is the same for every variant.

A variant builds the game as the record starts it (`from_record_start`: its deal or
position); the moves are then applied one by one through the public protocol, each
checked for its player, and the first that is not legal is named by its place.
"""
from __future__ import annotations

from .core import FileFormatError, IllegalMoveError


def check_header(cls, record) -> None:
    """FileFormatError unless `record` is a JSON object of variant `cls`."""
    if not isinstance(record, dict):
        raise FileFormatError("<record>", None, f"a game record is a JSON object, not {record!r}")
    if record.get("variant") != cls.variant:
        raise FileFormatError("<record>", None,
                              f"not a {cls.variant} record: {str(record.get('variant'))[:40]!r}")
    if "players" in record:
        cls.require_players(record["players"])
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or abs(seed) >= 2 ** 63):
        raise FileFormatError("<record>", None, f"the seed must be a whole number below 2**63, "
                                                f"not {str(seed)[:40]!r}")


def replay_record(cls, record: dict):
    check_header(cls, record)
    state = cls.from_record_start(record)
    replay_moves(state, record.get("moves", []))
    return state


def replay_moves(state, entries, where=lambda index: f"moves[{index}]", stop=None) -> None:
    """Apply the recorded `entries` ({"player": p, "move": text}, or bare texts) to `state`.
    `where(index)` names an entry in errors; `stop()`, when given, says why no further
    move may be played (for instance: its round is over), or None."""
    if not isinstance(entries, list):
        raise FileFormatError("<record>", None, "moves must be a list")
    for index, entry in enumerate(entries):
        text = entry.get("move") if isinstance(entry, dict) else entry
        player = entry.get("player") if isinstance(entry, dict) else None
        problem = stop() if stop else None
        if problem is None and state.is_over():
            problem = "the game is already over"
        if problem:
            raise IllegalMoveError(text, f"{where(index)}: {problem}")
        if player is not None and player != state.current_player:
            raise IllegalMoveError(text, f"{where(index)}: recorded for player {player} "
                                         f"but player {state.current_player} is to move")
        try:
            state.apply(text if isinstance(text, str) else str(text))
        except IllegalMoveError as exc:
            raise IllegalMoveError(text, f"{where(index)}: {exc.reason}") from None
