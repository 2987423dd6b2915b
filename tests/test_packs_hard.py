"""Packs' Hard player: its judgement of the root placements (packs_judge.Judge) keeps
to the rules, computes its capture races exactly and sees a threatened element."""
from __future__ import annotations

import itertools
import random

import pytest

from game.logic.agents import make_agent, play_out
from game.logic.agents.hard import HardAgent
from game.logic.core import Tile
from game.logic.elements.board import Element
from game.logic.elements.open22 import PacksGame, board_cells
from game.logic.elements.packs_judge import Judge
from game.logic.tiles import OPEN_BOARD_SET
from game.logic.variants import new_game


@pytest.mark.parametrize("across", [False, True])
def test_the_judge_places_elements_as_the_rules_do(across):
    """Every legal placement, made on the judge's lines, gives the lines of the game
    after it (captures included), and nothing else does."""
    for seed in range(3):
        state = new_game("open22", 2, seed, {"across": across})
        rng = random.Random(seed)
        while not state.is_over():
            view = state.view(state.current_player)
            judge = Judge(view)
            lines = judge.lines(board_cells(view))
            want = set()
            for move in view.legal_moves():
                if hasattr(move, "square"):
                    state.apply(move)
                    want.add(tuple(judge.lines(board_cells(state.view(0)))))
                    state.undo()
            made = {tuple(lines[:i] + [after] + lines[i + 1:])
                    for i, line in enumerate(lines)
                    for after in judge.moves(line, Tile.parse(view.turned_up), True)}
            assert made == want
            state.apply(rng.choice(state.legal_moves()))


def test_a_capture_race_is_the_average_over_every_order_of_the_packs():
    """Three elements left in each pack, one copy of the tile on each side: who turns
    it up first, this player turning up next, over all 3! x 3! orders."""
    judge = object.__new__(Judge)
    judge.sizes, judge._races = (3, 3), {}
    for mine, theirs in ((1, 1), (2, 1), (0, 2), (1, 0)):
        won = lost = 0
        orders = list(itertools.product(itertools.permutations(range(3)), repeat=2))
        for own, other in orders:
            first = [min((own.index(c) for c in range(mine)), default=9),
                     min((other.index(c) for c in range(theirs)), default=9)]
            if first[0] < 9 and first[0] <= first[1]:
                won += 1
            elif first[1] < 9:
                lost += 1
        assert judge.race(mine, theirs) == pytest.approx((won / len(orders),
                                                          lost / len(orders)))


# Player 0 turns up 1-2. On c2 it would face the north player's c4 (south 4) across c3;
# only 2-4 fills c3, and only the opponent still has one (or, the other way, only player
# 0: the other 2-4 stands on a1 or on the north player's home). On d2 it faces nothing.
LENGTHWAYS = {"c1": (0, 0, 1), "d1": (0, 3, 1), "c8": (1, 5, 5), "c7": (1, 6, 5),
              "c6": (1, 0, 6), "c5": (1, 3, 0), "c4": (1, 4, 3)}
ACROSS = {"c1": (0, 0, 1), "d1": (0, 3, 1), "c4": (1, 4, 3)}    # c4 is North's home


def threatened(capture_tile_mine: bool, board=LENGTHWAYS, across: bool = False):
    board = dict(board)
    home = "a4" if across else "a8"
    board["a1" if not capture_tile_mine else home] = (0 if not capture_tile_mine else 1,
                                                      2, 4)
    options = PacksGame.resolve({"across": across})
    shape = PacksGame.shape_for(options)
    cells = [None] * shape.size
    for name, (owner, south, north) in board.items():
        cells[shape.square(name)] = Element(owner, south, north)
    packs = []
    for owner in (0, 1):
        used = [Tile.of(s, n) for o, s, n in board.values() if o == owner]
        left = list(OPEN_BOARD_SET.elements)
        for tile in used + ([Tile.of(1, 2)] if owner == 0 else []):
            left.remove(tile)
        packs.append(([Tile.of(1, 2)] if owner == 0 else []) + left)
    game = PacksGame(options, None, packs, cells, 0)
    view = game.view(0)
    moves = {str(m): m for m in view.legal_moves()}
    values = Judge(view).judge(view, [moves["1-2@c2"], moves["1-2@d2"]])
    return dict(zip(("c2", "d2"), values)), view


@pytest.mark.parametrize("board, across", [(LENGTHWAYS, False), (ACROSS, True)])
def test_the_judge_keeps_an_element_out_of_a_capture_only_the_opponent_can_make(board,
                                                                                across):
    values, view = threatened(False, board, across)
    assert values["d2"] > values["c2"]
    assert str(HardAgent(iterations=10).choose(view, random.Random(1))) != "1-2@c2"


@pytest.mark.parametrize("board, across", [(LENGTHWAYS, False), (ACROSS, True)])
def test_the_judge_seeks_a_capture_race_only_it_can_win(board, across):
    values, _ = threatened(True, board, across)
    assert values["c2"] > values["d2"]


@pytest.mark.parametrize("level", ["random", "greedy", "hard"])
def test_hard_plays_whole_games_across_against_every_level(level):
    """Easy, Medium and Hard as the other seat, Hard in either seat: every move legal
    (apply refuses any other), the game ends on the packs and its record replays. Hard
    thinks 20 ms a move, not its default second (which made these the slowest tests of
    the suite): the same search, over fewer sampled orders; what is checked here does not
    depend on how many."""
    for seat in (0, 1):
        state = new_game("open22", 2, 30 + seat, {"across": True})
        quick = "hard@0.02"
        agents = [make_agent(quick), make_agent(quick if level == "hard" else level)]
        if seat:
            agents.reverse()
        play_out(state, agents, random.Random(seat))
        assert state.outcome().reason == "packs"
        assert PacksGame.from_record(state.record()).outcome() == state.outcome()


def test_the_look_ahead_judges_every_candidate_on_the_same_sampled_orders():
    from game.logic.elements import packs_ahead
    state = new_game("open22", 2, 4, {})
    for _ in range(12):
        state.apply(state.legal_moves()[0])
    view = state.view(state.current_player)
    moves = view.legal_moves()
    first = packs_ahead.root(view, moves, random.Random(1), None)
    again = packs_ahead.root(view, moves, random.Random(1), None)
    means = [first.mean(i) for i in range(len(moves))]
    assert len(means) == len(moves) and all(0 <= m <= 1 for m in means)
    assert means == [again.mean(i) for i in range(len(moves))]     # the orders decide


def test_without_time_for_one_order_the_exact_expectation_answers():
    from game.logic.agents.search import Budget
    from game.logic.elements import packs_ahead, packs_judge
    _, view = threatened(False)
    moves = view.legal_moves()
    hurried = packs_ahead.root(view, moves, random.Random(1), Budget(seconds=1e-9))
    exact = packs_judge.root(view, moves, random.Random(1), Budget(seconds=1e-9))
    assert [hurried.mean(i) for i in range(len(moves))] == \
        [exact.mean(i) for i in range(len(moves))]


@pytest.mark.parametrize("board, across", [(LENGTHWAYS, False), (ACROSS, True)])
def test_the_look_ahead_keeps_an_element_out_of_a_capture_only_the_opponent_can_make(
        board, across):
    from game.logic.elements import packs_ahead
    _, view = threatened(False, board, across)
    moves = {str(m): m for m in view.legal_moves()}
    judged = packs_ahead.root(view, [moves["1-2@c2"], moves["1-2@d2"]], random.Random(2),
                              None)
    assert judged.mean(1) > judged.mean(0)
