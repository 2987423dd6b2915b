"""The exact end of a two-player round without draws (line/endgame.py): its margin is the
one a plain search through the game's own legal_moves, apply and undo finds."""
from __future__ import annotations

import random

import pytest

from game.logic.agents.hooks import hooks_for
from game.logic.line.endgame import SOLVE_TILES, margin_for, solvable
from game.logic.variants import new_game


def searched_margin(state, player: int) -> int:
    """`player`'s margin by best play of both, searched through the public API alone."""
    if state.finished_rounds:
        scores = state.finished_rounds[-1].scores
        return scores[1 - player] - scores[player]
    mover = state.current_player
    best = None
    for move in state.legal_moves():
        state.apply(move)
        value = searched_margin(state, mover)
        state.undo()
        best = value if best is None else max(best, value)
    return best if mover == player else -best


def small_ends(options: dict, seeds, players: int = 2):
    """States of seeded random rounds once they are solvable."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game("classic", players, seed, options)
        while not state.finished_rounds and not solvable(state):
            state.apply(rng.choice(state.legal_moves()))
        if not state.finished_rounds:
            yield state


@pytest.mark.parametrize("options", [{"block": True}, {"block": True, "opening": "any"}, {}])
def test_the_solved_margin_is_what_a_plain_search_finds(options):
    checked = 0
    for state in small_ends(options, range(60)):
        for player in (0, 1):
            assert margin_for(state, player) == searched_margin(state, player)
        checked += 1
    assert checked >= 10


def test_only_two_player_ends_without_draws_are_solved():
    for state in small_ends({}, range(30), players=3):
        raise AssertionError(f"a three-player round was solvable: {state.position_text()}")
    for seed in range(30):              # with drawing, only once the boneyard is empty
        rng = random.Random(seed)
        state = new_game("classic", 2, seed)
        while not state.finished_rounds:
            if solvable(state):
                assert state.round.boneyard == 0
                hands = state.round._hands
                assert hands[0].bit_count() + hands[1].bit_count() <= SOLVE_TILES
            state.apply(rng.choice(state.legal_moves()))


def test_playouts_of_the_block_game_stop_where_the_end_is_solved():
    hooks = hooks_for("classic")
    for state in small_ends({"block": True}, range(5)):
        assert hooks.done(state)
        value = hooks.rollout_value(state, 0)
        margin = margin_for(state, 0)
        assert 0.0 <= value <= 1.0 and (value > 0.5) == (margin > 0)
