"""The Hard player's hooks for Shift (open-board game 10): nothing is hidden, so the one
world is the view's own position and alpha-beta searches it.

The evaluation, for `player`: elements left (10 each, a stack counting every element)
and the race to the far edge: each side's most advanced front element (one with nothing
ahead of it and no opponent's element further up its file), worth less when no other own
element matches the number it shows forward, and a threat to win past the edge on the
next move. A crossing that waits for its one move of answer (`equalize`) is not a win
yet: the search goes on into the answer, and a position where it waits is judged exactly
(a draw when the answer can cross too, else the crossing wins).
"""
from __future__ import annotations

from .board import SHAPE, SIZE, Element

perfect = True


def worlds(view):
    from .shift_view import game_of

    def the_position(rng):
        return game_of(view)
    return the_position


# The race to the far edge decides Shift: these weigh how near each side is to a win.
ADVANCE = (0.0, 0.0, 1.0, 3.0, 6.0, 11.0, 18.0, 28.0)   # by ranks advanced, 0..7
STUCK = 0.5             # the share kept by a front element no own element can follow
THREAT = 120.0          # an element on the last rank that an own element can pass
DECIDED = 10_000.0      # a crossing the answer cannot match: above any judgement of play


def _front(state, player: int):
    """The player's front elements, [(ranks advanced, the number it shows forward,
    element)] for each own top element with nothing ahead of it, and how many of the
    player's top elements could be set down against each number ({number: count})."""
    cells, free = state.cells, state.free
    fronts: list[tuple[int, int, Element]] = []
    offers: dict[int, int] = {}
    step = SIZE if player == 0 else -SIZE
    for square, stack in enumerate(cells):
        if not stack:
            continue
        top = stack[-1]
        if top.owner != player:
            continue
        gives = top.south if player == 0 else top.north
        offers[gives] = offers.get(gives, 0) + 1
        if free:
            other = top.north if player == 0 else top.south
            if other != gives:
                offers[other] = offers.get(other, 0) + 1
        ahead = square + step
        if 0 <= ahead < SHAPE.size and cells[ahead]:
            continue
        rank = square // SIZE
        advanced = rank if player == 0 else SIZE - 1 - rank
        asks = top.north if player == 0 else top.south
        if _blocked(cells, ahead, step, player):
            continue
        fronts.append((advanced, asks, top))
    return fronts, offers


def _blocked(cells, square: int, step: int, player: int) -> bool:
    """Whether an opponent's element stands on the file between `square` and the far
    edge: a front behind it races nowhere until it is taken (counting such fronts, Hard
    moved its home elements away from the files the opponent raced up: 82% against
    Medium; not counting them, 98% of 150 games at 3,000 nodes a move)."""
    while 0 <= square < SHAPE.size:
        if cells[square] and cells[square][-1].owner != player:
            return True
        square += step
    return False


def _race(state, player: int) -> tuple[float, bool]:
    """The player's best front (ADVANCE, halved when no other own element matches what it
    asks) and whether they threaten to win past the edge on their next move."""
    fronts, offers = _front(state, player)
    best, threat = 0.0, False
    free = state.free
    for advanced, asks, top in fronts:
        answers = offers.get(asks, 0)
        own_gives = top.south if player == 0 else top.north     # lifting it cannot answer
        if own_gives == asks or (free and (top.north if player == 0 else top.south) == asks):
            answers -= 1
        followed = answers > 0
        if advanced == SIZE - 1 and followed:
            threat = True
        best = max(best, ADVANCE[advanced] * (1.0 if followed else STUCK))
    return best, threat


def evaluate(state, player: int) -> float:
    answering = state.answering
    if answering is not None:
        if state.can_cross():
            return 0.0
        return -DECIDED if player == answering else DECIDED
    other = 1 - player
    counts = state.counts()
    value = 10.0 * (counts[player] - counts[other])
    mine, my_threat = _race(state, player)
    theirs, their_threat = _race(state, other)
    value += mine - theirs
    to_move = state.to_move
    if my_threat:
        value += THREAT if to_move == player else THREAT / 2
    if their_threat:
        value -= THREAT if to_move == other else THREAT / 2
    return value


def tactical(state, moves) -> list:
    """The moves that win at once (past the edge) or capture, [(move, gain)] biggest first."""
    from .shifting import turned
    found = []
    for move in moves:
        if not hasattr(move, "past_edge"):
            continue
        if move.past_edge:
            found.append((move, 1000))
            continue
        stack = state.cells[move.start]
        shown = stack[-1] if move.arrow in (None, stack[-1].arrow) else turned(stack[-1])
        taken = state._contacts(move.end, shown, move.start)[1]
        if taken:
            found.append((move, sum(10 * len(state.cells[s]) for s in taken)))
    found.sort(key=lambda pair: -pair[1])
    return found
