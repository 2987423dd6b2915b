"""The Hard player's hooks for the open-board moving games (games 1, 3 and 4): nothing
is hidden, so the one world is the view's own position, rebuilt by the variant
(`game_of(view)` of elements/view.py), and alpha-beta searches it (alphabeta.py).

The evaluation, for `player`, in elements (about 10 points each):
* material: elements left, each worth 10 (game 3 "most"), or the score the game counts
  (captures, captured pips under a pip goal);
* game 1: how near my closest element is to the opponent's test element, against how
  near theirs is to mine (reaching it wins);
* forward progress, a little (it brings elements into contact).
Game 4's race is judged apart (`race_value`): by what each side still has to bring over
the middle line, so that taking an opponent's element behind the line counts against the
taker, as the source says; and there no capture is searched first or past the depth.
"""
from __future__ import annotations

perfect = True

SIZE = 8


def worlds(view):
    from ..elements.view import game_of

    def the_position(rng):
        return game_of(view)
    return the_position


def _distance(a: int, b: int) -> int:
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


def evaluate(state, player: int) -> float:
    if getattr(state, "race", False):
        return race_value(state, player)
    other = 1 - player
    cells = state.board.cells
    counts = state.board.counts
    value = 10.0 * (counts[player] - counts[other])
    goal = state.options.get("goal", "most")
    if goal.startswith(("pips", "exact", "targets")):
        value += 1.0 * (state.pips[player] - state.pips[other])
    elif goal.startswith("captures") or state.captures_win:
        value += 10.0 * (state.captures[player] - state.captures[other])
    forward = [0, 0]
    tests: list[int | None] = [None, None]      # per owner, the square of their test
    squares: list[list[int]] = [[], []]
    for square, element in enumerate(cells):
        if element is None:
            continue
        owner = element.owner
        if element.face_down:
            tests[owner] = square
        else:
            squares[owner].append(square)
        rank = square // SIZE
        forward[owner] += rank if owner == 0 else SIZE - 1 - rank
    their_test, my_test = tests[other], tests[player]
    if their_test is not None and my_test is not None:
        attack = min((_distance(s, their_test) for s in squares[player]), default=SIZE)
        defence = min((_distance(s, my_test) for s in squares[other]), default=SIZE)
        value += 6.0 * (defence - attack)
    return value + 0.3 * (forward[player] - forward[other])


def race_value(state, player: int) -> float:
    """The race: the first side with no element left behind the middle line wins, so a
    side is judged by the ranks its elements behind the line still have to go (10 each:
    about the moves it still needs) and, a little, by how many they are. Removing an
    opponent's element behind the line spares them its moves ("unprofitable", says the
    source), losing one's own there spares one's own; elements past the line count a
    little too, for a game that ends on the move limit (then more of them wins)."""
    half = SIZE // 2
    behind, to_go, past = [0, 0], [0, 0], [0, 0]
    for square, element in enumerate(state.board.cells):
        if element is None:
            continue
        owner = element.owner
        rank = square // SIZE
        ahead = rank if owner == 0 else SIZE - 1 - rank      # ranks from its own edge
        if ahead >= half:
            past[owner] += 1
        else:
            behind[owner] += 1
            to_go[owner] += half - ahead
    other = 1 - player
    return (10.0 * (to_go[other] - to_go[player]) + 2.0 * (behind[other] - behind[player])
            + 1.0 * (past[player] - past[other]))


def tactical(state, moves) -> list:
    """The moves that win at once (onto the test element) or capture, [(move, gain)]
    biggest gain first: the captured elements' worth, by the board's own capture rule
    (none in the race, where taking brings the opponent nearer their goal)."""
    if getattr(state, "race", False):
        return []           # a capture in the race is no gain: nothing to follow or try first
    board = state.board
    cells = board.cells
    one = getattr(state, "one_capture", False)
    found = []
    for move in moves:
        if not hasattr(move, "path"):
            continue
        if cells[move.end] is not None:
            found.append((move, 1000))
            continue
        taken = board.captures_at(move.end, cells[move.start], vacated=move.start, one=one)
        if taken:
            found.append((move, sum(10 + cells[s].value for s in taken)))
    found.sort(key=lambda pair: -pair[1])
    return found
