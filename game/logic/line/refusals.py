"""Why a line game refuses a move, in a player's words (LineRound.illegal_reason): the
round over, a stop or a pass not allowed, a tile not held, the opening the rules require,
an end not named, or numbers that do not match."""
from __future__ import annotations

from game.i18n import _

from .moves import LEFT, STOP


def refusal(rnd, move) -> str | None:
    """Why `move`, not among the legal moves of the round `rnd`, is refused."""
    if rnd.end_reason:
        return _("the round is over")
    if move is STOP:        # in a game without extra plays, say so: no double earns one
        return _("stop ends a turn only when a double has earned another play") \
            if rnd._extra else _("there is no stop here: no tile earns another play")
    if move.is_pass:        # a pass is legal only when it is the one legal move
        return _("you have a playable tile, so you cannot pass")
    tile = move.tile
    seat, table = rnd._state[:2]
    (left, right), begun = table.ends, table.begun
    if tile not in rnd.hand_tiles(seat) or (not begun and move.end):
        return (_("{tile} is not in your hand") if tile not in rnd.hand_tiles(seat) else
                _("the first tile is played alone: write {tile}")).format(tile=tile)
    if not begun:
        required = rnd.required_opening()
        if required and tile != required:
            return (_("you must open with the highest double {tile}") if required.is_double
                    else _("nobody holds a double, so you must open with the heaviest "
                           "tile {tile}")).format(tile=required)
        return None
    if not move.end:
        return _("say which end: {tile}L or {tile}R").format(tile=tile)
    number, on_left = (left, True) if move.end == LEFT else (right, False)
    if not (rnd.rules.fits(tile, left) or rnd.rules.fits(tile, right)):
        return (_("{tile} fits neither end (both {left})") if left == right else
                _("{tile} fits neither end ({left} and {right})")).format(
            tile=tile, left=left, right=right)
    if not rnd.rules.fits(tile, number):
        return ((_("{a} does not match the left end {number}") if on_left else
                 _("{a} does not match the right end {number}")) if tile.is_double else
                _("neither {b} nor {a} matches the left end {number}") if on_left else
                _("neither {b} nor {a} matches the right end {number}")).format(
            a=tile.a, b=tile.b, number=number)
    return None
