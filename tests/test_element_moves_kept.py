"""The element games keep a position's legal moves with each applied move, so that
taking the move back (a search does at every node) restores them without working them
out again: what is restored must be exactly what working them out gives."""
from __future__ import annotations

import random

import pytest

from game.logic import new_game


def fresh_moves(game) -> list[str]:
    game._cache = None
    return [str(m) for m in game.legal_moves()]


@pytest.mark.parametrize("variant", ["open1", "open3", "open4", "open10", "open22"])
def test_undo_restores_the_legal_moves_of_the_position_it_returns_to(variant):
    rng = random.Random(3)
    game = new_game(variant, 2, 7, {})
    for _ in range(40):
        if game.is_over():
            break
        before = [str(m) for m in game.legal_moves()]
        kept = game._position()
        for move in rng.sample(before, min(3, len(before))):
            game.apply(move)
            game.undo()
            assert game._position() is kept          # restored, not worked out again
            assert [str(m) for m in game.legal_moves()] == before == fresh_moves(game)
            kept = game._position()
        game.apply(rng.choice(before))


def test_a_clone_s_undo_never_restores_the_other_s_moves():
    game = new_game("open10", 2, 5, {})
    game.apply(game.legal_moves()[0])
    other = game.clone()
    other.undo()
    other.apply(other.legal_moves()[-1])
    game.undo()                          # back to the start, whatever the clone did
    assert [str(m) for m in game.legal_moves()] == fresh_moves(new_game("open10", 2, 5, {}))
