"""What a Spread player may see, and the greedy computer player's judgement of a move.

A view is a frozen snapshot (agents read it in a worker process while play goes on).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..board.game import BoardView
from ..board.placement import Placement
from ..board.shape import EMPTY
from ..core import PASS, Tile


@dataclass(frozen=True)
class SpreadView(BoardView):
    face_down: frozenset[int]          # squares of doubles lying face down
    placed: tuple[Placement, ...]      # in the order they were laid (the engine's first)
    laid: tuple[str, ...]              # what the engine laid before play (3 players)
    hand: tuple[Tile, ...]             # this player's tiles (the same tile may come twice)
    hand_sizes: tuple[int, ...]
    pack_size: int
    turned_up: Tile | None             # turned up at the start of this turn (public)
    last_move: object                  # a Placement, PASS or None
    passes: int                        # passes in a row
    dealt: int                         # the dealt option (0: turn up every turn)
    seen: tuple[tuple[Tile, ...], ...]  # per hand, its tiles everyone saw turned up



def view_of(game, player: int) -> SpreadView:
    last = game._stack[-1][1] if game._stack else None
    current = game.current_player
    return SpreadView(
        variant=game.variant, player=player, players=game.players, current_player=current,
        options=dict(game.options),
        width=game.shape.width, height=game.shape.height, blocked=game.shape.blocked,
        numbers=tuple(game.board.numbers), face_down=frozenset(game.face_down_squares),
        placed=tuple(game.board.placement(*p) for p in game.board.placed),
        laid=tuple(game.laid), hand=tuple(game.hands[player]),
        hand_sizes=tuple(len(h) for h in game.hands), pack_size=len(game.pack) - game.drawn,
        turned_up=game.turned_up, last_move=last, passes=game.passes, dealt=game.dealt,
        seen=tuple(tuple(h) for h in game.seen),
        moves=tuple(game.legal_moves()) if current == player else ())


def heuristic(view: SpreadView, move) -> float:
    """How the greedy player rates `move` (see `heuristics`)."""
    if move == PASS:
        return 0.0
    ratings = heuristics(view)
    moves = view.legal_moves()
    return ratings[moves.index(move)] if move in moves else _rate(view, move, 1)


def heuristics(view: SpreadView) -> list[float]:
    """Every legal move rated at once: lay the tile that fits the fewest places now (the
    flexible ones will still fit later), in a spot that touches many tiles (it spends
    squares the others could use)."""
    fits = Counter(m.tile for m in view.moves if m != PASS)
    return [0.0 if m == PASS else _rate(view, m, fits[m.tile]) for m in view.moves]


def _rate(view: SpreadView, move: Placement, fits: int) -> float:
    shape, numbers = view.shape, view.numbers
    touching = 0
    for name in (move.first, move.second):
        touching += sum(1 for t in shape.neighbours[shape.index[name]] if numbers[t] != EMPTY)
    return 10.0 / max(1, fits) + 0.5 * touching
