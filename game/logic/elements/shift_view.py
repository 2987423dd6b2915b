"""What a player of Shift sees (everything: nothing is hidden), and the greedy computer
player's judgement of a shift (open-board game 10).

A view is a frozen snapshot; the greedy judgement rebuilds a working game from it
(`game_of`) and tries each move on it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..core import PASS, View
from .board import SIZE
from .shifting import (parse_crossed, parse_square, parse_stack, square_name, stack_text,
                       turned)

WIN = 1000.0


@dataclass(frozen=True)
class ShiftView(View):
    board: tuple             # per square its stack text ("c2:0:3-5", bottom first by /) or None
    to_move: int
    captures: tuple
    scores: tuple
    quiet: int
    limit: int
    free_arrows: bool
    stacks: bool
    last_move: object
    last_captured: tuple     # stack texts the last move removed
    crossed: tuple           # element texts set past an edge, in play order ("d9:0:4-2")
    answering: int | None    # who has one move to answer the first player's crossing

    @cached_property
    def cells(self) -> tuple:
        """Per square its stack: a tuple of Elements, bottom first (empty: ())."""
        free = self.free_arrows
        return tuple(() if t is None else parse_stack(t, free)[1] for t in self.board)

    @cached_property
    def past_edge(self) -> tuple:
        """(square, Element) of each element set past an edge (rank 9 or rank 0)."""
        return tuple(parse_crossed(text, self.free_arrows) for text in self.crossed)

    def stack_at(self, square) -> tuple:
        return self.cells[parse_square(square) if isinstance(square, str) else square]

    def element_at(self, square):
        """The top Element on `square` (name or index), or None."""
        stack = self.stack_at(square)
        return stack[-1] if stack else None

    def targets(self, square) -> list:
        """The legal moves of the top element on `square` on this player's turn; past-the-
        edge targets have `move.past_edge` (end on rank 9 or rank 0)."""
        index = parse_square(square) if isinstance(square, str) else square
        return [m for m in self.moves if m is not PASS and m.start == index]


def view_of(game, player: int) -> ShiftView:
    last = game._stack[-1][1] if game._stack else None
    current = game.current_player
    free = game.free
    return ShiftView(
        variant=game.variant, player=player, players=2, current_player=current,
        board=tuple(stack_text(s, st, free) if st else None for s, st in enumerate(game.cells)),
        to_move=game.to_move, captures=tuple(game.captures), scores=tuple(game.scores()),
        quiet=game.quiet, limit=game.limit, free_arrows=free, stacks=game.options["stacks"],
        last_move=last,
        last_captured=tuple(stack_text(s, st, free) for s, st in game.last_capture()),
        crossed=tuple(e.text(square_name(s), free) for s, e in game.crossed),
        answering=game.answering, options=dict(game.options),
        moves=tuple(game.legal_moves()) if current == player else ())


def game_of(view: ShiftView):
    """A working game in the view's position (for trying moves; it has no history)."""
    from ..variants import find_variant
    # the Shift game's class: its constructor takes the position
    return find_variant(view.variant)(  # type: ignore[call-arg]
        dict(view.options), None, view.cells, view.to_move,
                                      view.captures, view.quiet, view.past_edge)


def rate(game, me: int, move) -> float:
    """Win, removals, what the opponent could remove or win in reply, and a little pull
    forward. A crossing the opponent may answer wins when no answer crosses too, else it
    draws."""
    if move is PASS:
        return 0.0
    before = game.captures[me]
    info = game._push(move)
    try:
        outcome = game.outcome()
        if outcome is not None:
            return 0.0 if outcome.winner is None else (WIN if outcome.winner == me else -WIN)
        if game.answering is not None:
            return 0.0 if game.can_cross() else WIN
        gained = game.captures[me] - before
        reply = 0.0
        for answer in game._position()[0]:
            if answer.past_edge:
                reply = WIN
                break
            stack = game.cells[answer.start]
            shown = stack[-1] if answer.arrow in (None, stack[-1].arrow) else turned(stack[-1])
            taken = game._contacts(answer.end, shown, answer.start)[1]
            reply = max(reply, 10.0 * sum(len(game.cells[s]) for s in taken))
        end = move.end // SIZE
        forward = end if me == 0 else SIZE - 1 - end
        return 10.0 * gained - 0.9 * reply + 0.1 * forward
    finally:
        game._pop(move, info)
