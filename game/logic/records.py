"""Game records (docs/rules.md, Writing moves and games down): replaying one is the same
for every variant.

A variant builds the game as the record starts it (`from_record_start`: its deal or
position); the moves are then applied one by one through the public protocol, each
checked for its player, and the first that is not legal is named by its place.
"""
from __future__ import annotations

import argparse
import json
import secrets

from .core import FileFormatError, IllegalMoveError
from .textfiles import shorten

# A new deal's seed is 128 random bits from `secrets`: nobody can search the seeds for
# the one that deals the hand they hold. Records keep whole numbers below 2**256 (the
# small seeds of older records and of tests replay as they always did).
SEED_BITS = 128
SEED_LIMIT = 2 ** 256
# Every record's keys; a variant adds its own (`record_keys`: its deal, start or position).
# `shell` holds a saved match's seats and date (game.play.saves), read by the shell alone.
COMMON_KEYS = ("variant", "options", "seed", "players", "moves", "result", "shell")
MOVE_KEYS = ("player", "move")
MOVE_TEXT_LIMIT = 200        # characters of a move's text: far above any move, one short line
RESULT_KEYS = ("scores", "winner", "reason")


def unknown_key(data: dict, known, where: str) -> str | None:
    """Why `data` (a JSON object of a record) is refused for its first key not in
    `known`, or None: a misspelt key would otherwise be ignored without a word."""
    for key in data:
        if key not in known:
            return f"unknown key {shorten(key)} in {where} (known: {', '.join(known)})"
    return None


def check_header(cls, record) -> None:
    """FileFormatError unless `record` is a JSON object of variant `cls` whose keys are
    all known to it."""
    if not isinstance(record, dict):
        raise FileFormatError("<record>", None, f"a game record is a JSON object, not {record!r}")
    if record.get("variant") != cls.variant:
        raise FileFormatError("<record>", None,
                              f"not a {cls.variant} record: {str(record.get('variant'))[:40]!r}")
    problem = unknown_key(record, COMMON_KEYS + cls.record_keys, "the record")
    if problem:
        raise FileFormatError("<record>", None, problem)
    if "players" in record:
        cls.require_players(record["players"])
    seed = record.get("seed")
    if seed is not None and (problem := seed_problem(seed)):
        raise FileFormatError("<record>", None, problem)


def seed_problem(seed) -> str | None:
    """Why `seed` cannot seed a deal (every seed is a whole number, 0 <= seed < 2**256),
    or None."""
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < SEED_LIMIT:
        return None
    return f"the seed must be a whole number from 0 to 2**256 - 1, not {shorten(seed)}"


class SecureDeals:
    """Where new seeds come from: the system's secure source. (A test that replays a
    person's evening puts a seeded stand-in in `deal_source`, whose `new_seed` gives the
    deals it expects.)"""

    @staticmethod
    def new_seed() -> int:
        return secrets.randbits(SEED_BITS)


deal_source = SecureDeals()


def new_seed() -> int:
    """The seed of a new deal: unpredictable, from the system's secure source."""
    return deal_source.new_seed()


def seed_argument(text: str) -> int:
    """A command line's seed (argparse type): a whole number in the seed range."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(seed_problem(text)) from None
    problem = seed_problem(seed)
    if problem:
        raise argparse.ArgumentTypeError(problem)
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
        problem = unknown_key(entry, MOVE_KEYS, where(index)) if isinstance(entry, dict) \
            else None
        if problem:
            raise FileFormatError("<record>", None, problem)
        problem = stop() if stop else None
        if problem is None and state.is_over():
            problem = "the game is already over"
        if isinstance(text, str) and len(text) > MOVE_TEXT_LIMIT:
            problem = f"a move is at most {MOVE_TEXT_LIMIT} characters"
            text = text[:40] + "..."
        if problem:
            raise IllegalMoveError(text, f"{where(index)}: {problem}")
        if player is not None and player != state.current_player:
            raise IllegalMoveError(text, f"{where(index)}: recorded for player {shorten(player)} "
                                         f"but player {state.current_player} is to move")
        try:
            state.apply(text if isinstance(text, str) else str(text))
        except IllegalMoveError as exc:
            raise IllegalMoveError(text, f"{where(index)}: {exc.reason}") from None


def stated_result_problem(given: dict, stated, required=("scores", "winner")) -> str | None:
    """Why the result a record states is not `given` (what its moves give, with the
    reason), or None. The `required` keys must be there; a key a writer may add (the
    reason) is checked when present, never required; any other key is refused by name."""
    if not isinstance(stated, dict):
        return f"the record's result must be a JSON object, not {shorten(stated)}"
    problem = unknown_key(stated, RESULT_KEYS, "the result")
    missing = [key for key in required if key not in stated]
    if problem or missing:
        return problem or f"the result has no {missing[0]!r}"
    if any(stated[key] != given.get(key) for key in stated):
        shown = {key: given[key] for key in given if key in required or key in stated}
        return (f"wrong result: the moves give {json.dumps(shown)}, the record says "
                f"{json.dumps(stated)[:200]}")
    return None
