"""What a seat is told besides its view: the public facts of a match that the match
scenes read from the state and no view holds.

Every fact here is something a person at the couch sees: the moves played (each is laid
face up or said aloud), the result, a line game's finished rounds (their hands are shown
with the round's results), the turned-up tiles that decide Dominid's first player, and
the starting board of the moving games, where nothing is hidden (each rules class says
its own in `public_facts`). The secrecy test (tests/test_network_secrecy.py) checks
every byte sent against the hidden tiles.
"""
from __future__ import annotations

from dataclasses import replace

from game.logic.board.layout import Layout


def public_facts(state) -> dict:
    """The facts of `state` every seat may know, by the state attribute they stand for."""
    facts: dict[str, object] = {}
    if hasattr(state, "finished_rounds"):            # the line games' rounds
        facts["finished_rounds"] = tuple(state.finished_rounds)
        facts["start_totals"] = tuple(getattr(state, "start_totals", ()))
    layout = getattr(state, "layout", None)
    if isinstance(layout, Layout):                   # its title names the table
        facts["layout"] = replace(layout, path="")  # (where the host keeps it is its own)
    facts.update(state.public_facts())               # a game's own (its rules say which)
    return facts


def history(state) -> list[list]:
    """[[player, move text], ...] of every move played, oldest first."""
    return [[player, str(move)] for player, move in state.moves_played()]
