"""The position message: what the host sends a seat after every change, and how the seat
reads it into its SeatState.

It is built from `state.view(seat)` and the public facts alone (facts.py): the seat's
view, the moves played since what the seat already holds (or the point a take-back went
back to), the outcome, the public facts when they changed, and once the game is over
every player's final view. Values go through the codec, whose table of types travels
with the message.
"""
from __future__ import annotations

import json

from game.server.codec import decode, encode
from game.server.facts import public_facts
from game.server.protocol import ProtocolError


def common_prefix(sent: list, now: list) -> int:
    """How many of the moves the seat holds are still the game's first moves."""
    count = 0
    for old, new in zip(sent, now):
        if old != new:
            break
        count += 1
    return count


class SeatRecord:
    """What one seat holds already: the moves (as [player, text]) and the facts (as the
    JSON last sent), so a message carries only what changed."""

    def __init__(self):
        self.moves: list = []
        self.facts: str | None = None


def shared_facts(state) -> tuple:
    """The public facts of `state`, encoded, and their text: the same for every seat, so
    a change that is sent to several seats computes them once."""
    facts = encode(public_facts(state))
    return facts, json.dumps(facts, separators=(",", ":"))


def position_message(state, seat: int, held: SeatRecord, ply: int,
                     facts: tuple | None = None) -> dict:
    """The message for `seat`; `held` is brought up to what the seat will then hold;
    `facts`: shared_facts(state), when the caller has them already."""
    played = state.moves_played()
    now = [[player, str(move)] for player, move in played]
    start = common_prefix(held.moves, now)
    outcome = state.outcome()
    final = [state.view(p) for p in range(state.players)] if outcome is not None else None
    body = {"view": state.view(seat), "moves": [list(entry) for entry in played[start:]],
            "outcome": outcome, "final": final}
    data, types = encode(body)
    assert isinstance(data, dict), "a table with text keys is sent as a table"
    facts, facts_text = facts or shared_facts(state)
    message = {"type": "position", "ply": ply, "from": start, "types": types, **data}
    if facts_text != held.facts:
        message["facts"] = {"data": facts[0], "types": facts[1]}
    held.moves, held.facts = now, facts_text
    return message


def read_position(seat_state, message: dict) -> None:
    """Bring `seat_state` to the position `message` describes; ProtocolError when the
    message is not one a host writes."""
    start = message.get("from")
    if not isinstance(start, int) or isinstance(start, bool):
        raise ProtocolError("a position needs the point its moves start from")
    fields = {name: message.get(name) for name in ("view", "moves", "outcome", "final")}
    body = decode(fields, message.get("types"))
    facts = None                                   # unchanged since the last position
    if "facts" in message:
        given = message["facts"]
        if not isinstance(given, dict):
            raise ProtocolError("the facts of a position are a table")
        facts = decode(given.get("data"), given.get("types"))
        if not isinstance(facts, dict):
            raise ProtocolError("the facts of a position are a table")
    view, moves = body["view"], body["moves"]
    if not isinstance(moves, tuple) or not all(
            isinstance(m, tuple) and len(m) == 2 and isinstance(m[0], int) for m in moves):
        raise ProtocolError("the moves of a position are pairs of a seat and a move")
    try:
        seat_state.update(view, start, moves, body["outcome"], facts, body["final"])
    except (ValueError, AttributeError, TypeError) as error:
        raise ProtocolError(f"a position that does not fit this seat ({error})") from None
