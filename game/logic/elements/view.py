"""What a player of the moving games sees (everything: nothing is hidden, the test
elements are known to both players), and the greedy computer player's judgement.

A view is a frozen snapshot (agents read it in a worker process while play goes on). The
greedy judgement rebuilds a working game from the view and tries each move on it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..core import PASS, View
from .board import SHAPE, SIZE, ElementBoard, parse_element, past_middle
from .moves import ElementMove

WIN = 1000.0


@dataclass(frozen=True)
class ElementView(View):
    board: tuple[str | None, ...]      # per square (rank * 8 + file): "c2:0:3-5" or None
    to_move: int                       # whose turn it is (also when the game is over)
    captures: tuple[int, int]          # elements each player has removed
    captured_pips: tuple[int, int]     # pips of the elements each player has removed
    scores: tuple[int, int]            # what the result will count (see the rules text)
    quiet: int                         # moves in a row without a capture (race: progress)
    limit: int                         # the game ends when quiet reaches 2 * limit
    set_name: str                      # the set option
    past_middle: tuple[int, int]       # elements each player has in the opponent's half
    last_move: object                  # an ElementMove, PASS or None
    last_captured: tuple[str, ...]     # element texts the last move removed
    # What each game says of its own rules (MovingGame.view_facts):
    goal: str = "most"                 # Capture's goal; "test element", "most" or "race"
    slide: bool = False                # elements slide (Capture's option)
    race: bool = False                 # the race to the middle line (Diagonals' option)

    @cached_property
    def cells(self) -> tuple:
        """Per square the Element standing there, or None."""
        return tuple(None if text is None else parse_element(text)[1] for text in self.board)

    def element_at(self, square):
        """The Element on `square` (a name like "c2" or an index), or None."""
        return self.cells[SHAPE.square(square) if isinstance(square, str) else square]

    def targets(self, square) -> list[ElementMove]:
        """The legal moves of the element on `square` (name or index) on this player's turn:
        `move.end` is where it lands, `move.path` every square of a jump chain."""
        index = SHAPE.square(square) if isinstance(square, str) else square
        return [m for m in self.moves if m is not PASS and m.start == index]


def view_of(game, player: int) -> ElementView:
    names = SHAPE.names
    last = game._stack[-1][1] if game._stack else None
    current = game.current_player
    return ElementView(
        variant=game.variant, player=player, players=2, current_player=current,
        board=tuple(None if e is None else e.text(names[s])
                    for s, e in enumerate(game.board.cells)),
        to_move=game.to_move, captures=tuple(game.captures), captured_pips=tuple(game.pips),
        scores=tuple(game.scores()), quiet=game.quiet, limit=game.limit,
        set_name=game.options["set"], past_middle=game.past_counts(), last_move=last,
        last_captured=tuple(e.text(names[s]) for s, e in game.last_capture()),
        options=dict(game.options), moves=tuple(game.legal_moves()) if current == player else (),
        **game.view_facts())


def game_of(view: ElementView):
    """A working game in the view's position (for trying moves; it has no history)."""
    from ..variants import find_variant
    cls = find_variant(view.variant)
    # an element game's class: its constructor takes the position
    return cls(dict(view.options), None, ElementBoard(view.cells),  # type: ignore[call-arg]
               view.to_move,
               view.captures, view.captured_pips, view.quiet)


def heuristic(view: ElementView, move) -> float:
    game = game_of(view)
    return _rate(game, view.player, game.parse_move(move))


def heuristics(view: ElementView) -> list[float]:
    """Every legal move rated at once: what it captures, what the opponent could capture
    or win in reply, and the game's aim (the test element, the goal, the race)."""
    if not view.moves:
        return []
    game = game_of(view)
    return [_rate(game, view.player, move) for move in view.moves]


def _rate(game, me: int, move) -> float:
    if move is PASS:
        return 0.0
    gained = game.captures[me], game.pips[me]
    info = game._push(move)             # legal already: no check, no history
    try:
        outcome = game.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            return WIN if outcome.winner == me else -WIN
        return game.greedy_value(me, game.captures[me] - gained[0], game.pips[me] - gained[1])
    finally:
        game._pop(move, info)


def capture_judgement(game, me: int, elements: int, pips: int) -> float:
    """What `me`'s move captured (`elements` of `pips` pips), less the most the opponent
    can take in reply, with the threats it leaves and the game's own aims."""
    value = _capture_value(game, elements, pips)
    return value - 0.9 * _best_reply(game) + 2.0 * _threats(game, me) + game.aims(me)


def _capture_value(game, elements: int, pips: int) -> float:
    return 10.0 * elements + (1.0 if getattr(game, "pip_goal", False) else 0.2) * pips


def _best_reply(game) -> float:
    """The most the player now to move could take at once (WIN when they can win)."""
    board, cells = game.board, game.board.cells
    opponent, best = game.to_move, 0.0
    for reply in game.legal_moves():
        if reply is PASS:
            continue
        if cells[reply.end] is not None:            # onto the test element: a win
            return WIN
        element = cells[reply.start]
        taken = board.captures_at(reply.end, element, reply.start, game.one_capture)
        if taken:
            info = game._push(reply)
            outcome = game.outcome()
            game._pop(reply, info)
            if outcome is not None and outcome.winner == opponent:
                return WIN
            value = _capture_value(game, len(taken), sum(cells[s].value for s in taken))
            best = max(best, value)
    return best


def _threats(game, me: int) -> int:
    """How many opponent elements `me` could take next turn if the opponent let them."""
    saved = game.to_move, game._cache
    game.to_move, game._cache = me, None
    try:
        board, cells, found = game.board, game.board.cells, set()
        for move in game._position()[0]:
            if cells[move.end] is None:
                found.update(board.captures_at(move.end, cells[move.start], move.start,
                                               game.one_capture))
        return len(found)
    finally:
        game.to_move, game._cache = saved


def pull_to_test_element(game, me: int) -> float:
    """Toward the opponent's test element, and the opponent kept away from mine."""
    cells = game.board.cells
    mine = [(s, e) for s, e in enumerate(cells) if e is not None and e.owner == me]
    target = next((s for s, e in enumerate(cells)
                   if e is not None and e.owner != me and e.face_down), None)
    own = next((s for s, e in mine if e.face_down), None)
    if target is None:
        return 0.0
    attack = min((_distance(s, target) for s, e in mine if not e.face_down), default=8)
    theirs = [s for s, e in enumerate(cells) if e is not None and e.owner != me]
    defence = min((_distance(s, own) for s in theirs), default=8) if own is not None else 8
    return 0.5 * (8 - attack) + 0.3 * defence


def forward_pull(game, me: int) -> float:
    """A small pull forward: how far `me`'s elements stand from their own edge."""
    forward = sum(s // SIZE if me == 0 else SIZE - 1 - s // SIZE
                  for s, e in enumerate(game.board.cells) if e is not None and e.owner == me)
    return 0.02 * forward


def race_lead(game, me: int) -> float:
    """How much nearer the middle line my remaining elements are than the opponent's."""
    behind = [0, 0]
    for square, element in enumerate(game.board.cells):
        if element is not None and not past_middle(element.owner, square):
            rank = square // SIZE
            behind[element.owner] += (SIZE // 2 - rank) if element.owner == 0 else \
                (rank - SIZE // 2 + 1)
    return float(behind[1 - me] - behind[me])


def _distance(a: int, b: int) -> int:
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))
