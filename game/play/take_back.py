"""What a take-back takes: a person's whole last turn and every move after it.

A turn may be several moves of one player in a row (blank tiles: a double earns another
tile, and ending the turn is a move too), so one take-back returns to where the turn
began rather than to its last move. A round ending between two moves of one player (the
last tile of a round, then the same player opening the next) parts two turns. Shared by
the window (match.controller, net.controller) and the network host (server.agreement).
"""
from __future__ import annotations

from game.i18n import _, ngettext


def turn_start(state, who: int) -> int | None:
    """The index in `state.moves_played()` of the first move of `who`'s last turn, or
    None when `who` has not moved."""
    played = state.moves_played()
    last = next((i for i in range(len(played) - 1, -1, -1) if played[i][0] == who), None)
    if last is None:
        return None
    start = last
    while start > 0 and played[start - 1][0] == who:
        start -= 1
    if start == last or not hasattr(state, "finished_rounds"):
        return start
    # A round may have ended inside the run: the turn starts after the last such move.
    game = state.clone()
    for _x in range(len(played) - last):
        game.undo()                              # now just after move last - 1
    for index in range(last - 1, start - 1, -1):
        rounds = len(game.finished_rounds)
        game.undo()                              # now just before move `index`
        if len(game.finished_rounds) != rounds:  # move `index` ended a round
            return index + 1
    return start


def as_sent(text: str) -> str:
    """A text as the host sends it: English (each window says it in its own language,
    game.shell.net.words)."""
    return text


def as_sent_counted(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def take_back_detail(name: str, turn: int, after: int, _=_, ngettext=ngettext) -> str:
    """"Ann's last turn (2 moves) and the 3 moves after it would be taken back.": a
    turn of `turn` moves by `name`, and `after` moves of others after it; in the current
    language, or as the host sends it with `_=as_sent, ngettext=as_sent_counted`."""
    what = (_("{name}'s last move") if turn == 1 else
            _("{name}'s last turn ({count} moves)")).format(name=name, count=turn)
    if not after:
        return _("{what} would be taken back.").format(what=what)
    return ngettext("{what} and the move after it would be taken back.",
                    "{what} and the {count} moves after it would be taken back.",
                    after).format(what=what, count=after)
