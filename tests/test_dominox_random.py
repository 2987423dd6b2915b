"""Seeded random Dominox games on every shipped layout, checked against invariants."""
import dataclasses
import random

import pytest

from game.logic.agents import GreedyAgent, RandomAgent
from game.logic.core import PASS, IllegalMoveError
from game.logic.board.placement import TILES, Placement, tiles_of
from game.logic.dominox.game import DominoxGame
from game.logic.dominox.view import DominoxView
from game.logic.board.shape import EMPTY

LAYOUTS = ["standard", "quick", "large", "cross", "holes", "ring"]
MOVE_LIMIT = 300


def snapshot(game):
    return (list(game.numbers), list(game.counts), list(game.covered), list(game.accepts),
            list(game.hands), game.drawn, game.to_move, game.passes, game.opening,
            list(game.placed), len(game.history))


def masks_from_scratch(game):
    masks = []
    for square in range(game.shape.size):
        shown = {game.numbers[t] for t in game.shape.neighbours[square] if game.numbers[t] != EMPTY}
        masks.append(sum(1 << n for n in shown) if shown else 0b1111111)
    return masks


def brute_force_placements(game):
    """The legal placements straight from the rules text, without masks or tables."""
    shape, numbers = game.shape, game.numbers
    hand = [TILES[game.opening]] if game.opening >= 0 else tiles_of(game.hands[game.to_move])

    def end_fits(square, number):
        shown = [numbers[t] for t in shape.neighbours[square] if numbers[t] != EMPTY]
        return not shown or number in shown

    found = set()
    for s1, s2 in shape.slots:
        if numbers[s1] != EMPTY or numbers[s2] != EMPTY:
            continue
        for tile in hand:
            for x, y in ((tile.a, tile.b), (tile.b, tile.a)):
                if end_fits(s1, x) and end_fits(s2, y):
                    found.add(str(Placement(x, y, shape.names[s1], shape.names[s2])))
    return found


def random_placement_text(game, rng):
    shape = game.shape
    a = rng.randrange(shape.size)
    b = rng.choice([a + 1, a - 1, a + shape.width, a - shape.width, rng.randrange(shape.size)])
    names = [shape.names[a], shape.names[b % shape.size] if b >= 0 else "a1"]
    return f"{rng.randrange(7)}-{rng.randrange(7)}@{names[0]}{names[1]}"


def play_checked(game, rng, thorough):
    while not game.is_over():
        assert len(game.history) < MOVE_LIMIT, "the game did not end"
        moves = game.legal_moves()
        texts = [str(m) for m in moves]
        assert texts == sorted(texts) and len(set(texts)) == len(texts)
        assert (moves == [PASS]) == (not game._legal_bits())
        if thorough:
            assert set(texts) - {PASS} == brute_force_placements(game)
            assert game.accepts == masks_from_scratch(game)
            for _ in range(5):
                text = random_placement_text(game, rng)
                if game.is_legal(text):
                    continue
                before = snapshot(game)
                with pytest.raises(IllegalMoveError) as err:
                    game.apply(text)
                assert err.value.reason and game.illegal_reason(text) == err.value.reason
                assert snapshot(game) == before
        move = rng.choice(moves)
        before = snapshot(game)
        game.apply(move)
        if thorough:
            assert game.undo() == move and snapshot(game) == before
            game.apply(move)
        placed = 2 * len(game.placed)
        assert placed == sum(n != EMPTY for n in game.numbers)
        on_board = {Placement(x, y, "a1", "a2").tile for _, x, _, y in game.placed}
        in_hands = set(tiles_of(game.hands[0])) | set(tiles_of(game.hands[1]))
        in_stock = {TILES[t] for t in game.stock[game.drawn:]}
        assert len(on_board) + len(in_hands) + len(in_stock) == 28
        assert on_board | in_hands | in_stock == set(TILES)
    if thorough:
        assert game.accepts == masks_from_scratch(game)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_random_games_keep_every_invariant(layout):
    rng = random.Random(layout)
    for index in range(50):
        game = DominoxGame.new(2, index, {"layout": layout})
        start = snapshot(game)
        play_checked(game, rng, thorough=index < 6)
        record = game.record()
        assert record["result"] == game.outcome().as_record()
        replay = DominoxGame.from_record(record)
        assert replay.outcome() == game.outcome() and replay.record() == record
        scores = game.scores()
        assert sum(scores) <= game.shape.size - 2 * len(game.placed)
        while game.history:
            game.undo()
        assert snapshot(game) == start
        assert game.accepts == [0b1111111] * game.shape.size


def test_views_hide_the_opponent_in_every_position():
    rng = random.Random(5)
    names = {f.name for f in dataclasses.fields(DominoxView)}
    about_tiles = {n for n in names if "stock" in n or "hand" in n}
    assert about_tiles == {"hand", "opponent_hand_size", "stock_size"}
    for seed in range(10):
        game = DominoxGame.new(2, seed)
        while not game.is_over():
            for player in (0, 1):
                view = game.view(player)
                assert set(view.hand) == set(tiles_of(game.hands[player]))
                assert view.opponent_hand_size == game.hands[1 - player].bit_count()
                stock = {TILES[t] for t in game.stock[game.drawn:]}
                hidden = set(tiles_of(game.hands[1 - player])) | stock
                assert set(view.unseen) == hidden
                assert view.stock_size == len(game.stock) - game.drawn
                mine = player == game.current_player
                assert view.legal_moves() == (game.legal_moves() if mine else [])
            game.apply(rng.choice(game.legal_moves()))


def test_greedy_beats_random():
    rng = random.Random(1)
    agents = [GreedyAgent(), RandomAgent()]
    greedy_wins = random_wins = 0
    for seed in range(24):
        game = DominoxGame.new(2, seed)
        greedy_seat = seed % 2
        while not game.is_over():
            player = game.current_player
            agent = agents[0] if player == greedy_seat else agents[1]
            game.apply(agent.choose(game.view(player), rng))
        winner = game.outcome().winner
        greedy_wins += winner == greedy_seat
        random_wins += winner == 1 - greedy_seat
    assert greedy_wins > 2 * random_wins, (greedy_wins, random_wins)


@pytest.mark.parametrize("player", [0, 1])
def test_heuristic_seals_a_lone_square_of_its_own_colour(player):
    # Rank 1: a1 b1 c1 are white, black, white; rank 2: e2 f2 g2 are black, white, black.
    # Covering two squares of a line leaves its third square alone, sealed for good: in
    # the first line that square is white, in the second black.
    hands = [["3-3"], ["1-2"]] if player == 0 else [["1-2"], ["3-3"]]
    game = DominoxGame.from_position({"variant": "dominox", "grid": "####...\n...####",
                                      "hands": hands, "to_move": player,
                                      "stock": [str(t) for t in TILES
                                                if str(t) not in ("3-3", "1-2")]})
    view = game.view(player)
    score = {str(m): DominoxGame.heuristic(view, m) for m in view.legal_moves()}
    first_line = [score["3-3@a1b1"], score["3-3@b1c1"]]
    second_line = [score["3-3@e2f2"], score["3-3@f2g2"]]
    own, other = (first_line, second_line) if player == 0 else (second_line, first_line)
    assert min(own) > max(other)
    assert str(GreedyAgent().choose(view, random.Random(0))) in (
        ("3-3@a1b1", "3-3@b1c1") if player == 0 else ("3-3@e2f2", "3-3@f2g2"))
