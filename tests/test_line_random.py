"""Seeded random games of the line variants, checking invariants after every move (the
engine against a plain reference is in test_line_engine.py)."""
import json
import random

import pytest

from game.logic.agents import GreedyAgent
from game.logic.core import DOUBLE_SIX, PASS, IllegalMoveError
from game.logic.line.moves import LineMove
from game.logic.variants import find_variant, new_game

GREEDY = GreedyAgent()
ALL_TILES = {(t.a, t.b) for t in DOUBLE_SIX}


def fingerprint(game):
    """Everything a move can change, cheap enough to compare after every move."""
    rnd = game.round
    hands = tuple((p, tuple(h)) for p, h in sorted(rnd.hands.items()))
    return (game.current_player, tuple(rnd.line), hands,
            tuple(rnd.stock), len(rnd.moves), tuple(game.totals), len(game.finished_rounds),
            game.round_number, tuple(rnd.drawn), game.outcome())


def check_tiles(game):
    rnd = game.round
    held = [t for h in rnd.hands.values() for t in h]
    every = held + [p.tile for p in rnd.line] + rnd.stock
    assert len(every) == 28
    if game.variant == "classic":
        assert {(t.a, t.b) for t in every} == ALL_TILES
        for p, q in zip(rnd.line, rnd.line[1:]):
            assert p.right == q.left


def illegal_tries(game, rng):
    """A tile not in hand, a tile on an end it does not fit, and a pass while able."""
    rnd = game.round
    hand = rnd.hands[game.current_player]
    moves = game.legal_moves()
    if game.variant == "classic":
        outside = [t for t in DOUBLE_SIX if t not in hand]
        yield LineMove(rng.choice(outside), rng.choice("LR"))
        if rnd.line:
            for tile in hand:
                for end in "LR":
                    if LineMove(tile, end) not in moves:
                        yield LineMove(tile, end)
                        return
    if moves != [PASS]:
        yield PASS


def check_views(game, rng):
    player = rng.randrange(game.players)
    view = game.view(player)
    others = {t for p, h in game.round.hands.items() if p != player for t in h}
    if game.variant == "classic":
        assert not others & set(view.hand) and not others & set(view.drawn_tiles)
        assert not set(game.round.stock) & set(view.hand)
    assert list(view.hand) == game.round.hands.get(player, [])
    assert view.boneyard == len(game.round.stock)
    assert view.legal_moves() == (game.legal_moves() if player == game.current_player else [])
    texts = [str(m) for m in game.legal_moves()]
    assert texts == sorted(texts) and len(set(texts)) == len(texts)
    if player != game.current_player:
        assert view.drawn_tiles == ()


def play_checked(variant, players, options, seed, full_checks):
    game = new_game(variant, players, seed, options)
    rng = random.Random(seed)
    agent_greedy = seed % 5 == 0
    for step in range(5000):
        check_tiles(game)
        if game.is_over():
            break
        if full_checks or step % 10 == 0:
            before = fingerprint(game)
            for bad in illegal_tries(game, rng):
                with pytest.raises(IllegalMoveError) as err:
                    game.apply(bad)
                assert err.value.reason and game.illegal_reason(bad) == err.value.reason
                assert fingerprint(game) == before
            check_views(game, rng)
        if agent_greedy:
            move = GREEDY.choose(game.view(game.current_player), rng)
        else:
            move = rng.choice(game.legal_moves())
        if full_checks and rng.random() < 0.2:
            before, record = fingerprint(game), game.record()
            game.apply(move)
            assert game.undo() == move
            assert fingerprint(game) == before and game.record() == record
        elif step % 10 == 5:
            before = fingerprint(game)
            game.apply(move)
            assert game.undo() == move and fingerprint(game) == before
        game.apply(move)
    else:
        pytest.fail(f"{variant} seed {seed} did not end")
    assert game.legal_moves() == [] and game.current_player is None
    if not full_checks and seed % 4:
        return game
    record = json.loads(json.dumps(game.record()))
    again = find_variant(variant).from_record(record)
    assert again.outcome() == game.outcome() and again.record() == record
    if full_checks:          # undo everything, across every round boundary
        with pytest.raises(IndexError):
            for _ in range(5001):
                again.undo()
        assert again.record() == new_game(variant, players, seed, options).record()
    return game


OPTION_SETS = [
    ("classic", 2, {"limit": 30}, 400),
    ("classic", 3, {"limit": 30}, 400),
    ("classic", 4, {"limit": 30}, 400),
    ("classic", 2, {"limit": 30, "block": True}, 400),
    ("classic", 4, {"limit": 150}, 6),
    ("classic", 2, {"limit": 150, "block": True}, 6),
    ("blank", 3, {}, 400),
    ("blank", 4, {"one_extra": False}, 400),
    ("blank", 2, {"doubles": False}, 300),
]


@pytest.mark.parametrize("variant, players, options, games", OPTION_SETS)
def test_random_games_keep_every_invariant(variant, players, options, games):
    reasons = set()
    for seed in range(games):
        game = play_checked(variant, players, options, seed, full_checks=seed < 15)
        reasons.add(game.outcome().reason)
        if variant == "classic":
            limit = options["limit"]
            outcome = game.outcome()
            alive = [p for p in range(players) if game.totals[p] < limit]
            assert len(alive) <= 1
            if alive:
                assert outcome.winner == alive[0]
            assert game.record()["result"]["scores"] == game.totals
    assert reasons
