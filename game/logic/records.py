"""Game records (RULES.md): replaying one is the same for every variant.

A variant builds the game as the record starts it (`from_record_start`: its deal or
position); the moves are then applied one by one through the public protocol, each
checked for its player, and the first that is not legal is named by its place.
"""
from __future__ import annotations

import argparse

from .core import FileFormatError, IllegalMoveError
from .textfiles import shorten

SEED_LIMIT = 2 ** 63


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
    if seed is not None and (problem := seed_problem(seed)):
        raise FileFormatError("<record>", None, problem)


def seed_problem(seed) -> str | None:
    """Why `seed` cannot seed a deal (every seed is a whole number, 0 <= seed < 2**63:
    it fits the records of other programs), or None."""
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < SEED_LIMIT:
        return None
    return f"the seed must be a whole number from 0 to 2**63 - 1, not {shorten(seed)}"


def seed_argument(text: str) -> int:
    """A command line's seed (argparse type): a whole number in the seed range."""
    try:
        seed = int(text)
    except ValueError:
        seed = text
    if seed_problem(seed):
        raise argparse.ArgumentTypeError(seed_problem(seed))
    return seed


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
