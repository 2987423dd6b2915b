"""Seeded random Dominid games on every shipped table, checked move by move against
invariants and against the placement rule worked out from scratch (no open-slot set)."""
import json
import random

import pytest

from game.logic.cli import main as cli_main
from game.logic.core import PASS, IllegalMoveError
from game.logic.board.placement import PLACEMENT_TABLES, TILES, Placement, tiles_of
from game.logic.dominid.game import EVENS, ODDS, DominidGame
from game.logic.levels import list_layouts
from game.logic.variants import new_game

LAYOUTS = [entry.name for entry in list_layouts("dominid")]
GAMES = 300
MOVE_LIMIT = 200


def snapshot(game):
    stacks = game.stacks
    return (list(stacks.level), list(stacks.top), list(stacks.cover), list(stacks.placed),
            set(stacks.open), list(game.hands), game.drawn, game.to_move, game.declaring,
            list(game.parities), list(game.costs), game.passes, len(game._stack),
            game.arranging)


def brute_force(game):
    """{placement text: cost} of the player to move, straight from the rules text."""
    shape, stacks = game.shape, game.stacks
    level, top, cover = stacks.level, stacks.top, stacks.cover
    width, height = shape.width, shape.height

    def cell(file, rank):
        inside = 0 <= file < width and 0 <= rank < height
        return rank * width + file if inside and shape.playable[rank * width + file] else None

    found = {}
    for rank in range(height):
        for file in range(width):
            for step, across in (((1, 0), ((0, 1), (0, -1))), ((0, 1), ((1, 0), (-1, 0)))):
                a, b = cell(file, rank), cell(file + step[0], rank + step[1])
                if a is None or b is None or level[a] != level[b]:
                    continue
                if level[a] and cover[a] == cover[b]:
                    continue
                pairs = []
                for df, dr in across:
                    u = cell(file + df, rank + dr)
                    v = cell(file + step[0] + df, rank + step[1] + dr)
                    if u is not None and v is not None and level[u] and level[v]:
                        pairs.append((top[u], top[v]))
                if level[a]:
                    pairs.append((top[a], top[b]))
                if not pairs:
                    continue
                for tile in tiles_of(game.hands[game.to_move]):
                    for x, y in {(tile.a, tile.b), (tile.b, tile.a)}:
                        cost = min(abs(x - p) + abs(y - q) for p, q in pairs)
                        found[f"{x}-{y}@{shape.names[a]}{shape.names[b]}"] = cost
    return found


def accounted(game):
    parts = [tiles_of(game.hands[0]), tiles_of(game.hands[1]),
             [TILES[t] for t in game.stock[game.drawn:]],
             [game.placement(i).tile for i in range(len(game.stacks.placed))],
             list(game.draws) if game.arranging else []]
    return sorted(t for part in parts for t in part) == sorted(TILES)


def random_text(game, rng):
    shape = game.shape
    a = rng.randrange(shape.size)
    b = rng.choice([a + 1, a - 1, a + shape.width, a - shape.width, rng.randrange(shape.size)])
    second = shape.names[b] if 0 <= b < shape.size else "z99"
    return str(Placement.parse(f"{rng.randrange(7)}-{rng.randrange(7)}@{shape.names[a]}{second}"))


def play_checked(game, rng, thorough):
    costs_seen = [0, 0]
    for _ in range(MOVE_LIMIT):
        if game.is_over():
            return costs_seen
        assert accounted(game)
        moves = game.legal_moves()
        texts = [str(m) for m in moves]
        assert texts == sorted(set(texts))
        expected = None
        if not game.declaring and not game.arranging and moves != [PASS]:
            if thorough:
                expected = brute_force(game)
                assert texts == sorted(expected)       # the same moves in text order
            for _ in range(4):
                text = random_text(game, rng)
                if text in texts:
                    continue
                before = snapshot(game)
                with pytest.raises(IllegalMoveError):
                    game.apply(text)
                assert snapshot(game) == before
        move = rng.choice(moves)
        before = snapshot(game)
        game.apply(move)
        assert game.undo() == move and snapshot(game) == before
        player = game.to_move
        game.apply(move)
        if expected is not None:
            costs_seen[player] += expected[str(move)]
            assert game.costs == costs_seen
        else:
            costs_seen = list(game.costs)
        for viewer in (0, 1):
            view = game.view(viewer)
            assert set(view.hand) == set(tiles_of(game.hands[viewer]))
            assert view.opponent_hand_size == game.hands[1 - viewer].bit_count()
            assert not view.arranging and not view.draws
            hidden = set(tiles_of(game.hands[1 - viewer]))
            assert not hidden & {p.tile for p in view.placed} and not hidden & set(view.hand)
    pytest.fail("the game did not end")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_random_games_keep_every_invariant(layout):
    count = GAMES // len(LAYOUTS)
    for seed in range(count):
        game = new_game("dominid", 2, seed, {"layout": layout})
        rng = random.Random(seed)
        play_checked(game, rng, thorough=seed % 5 == 0)
        assert accounted(game) and game.legal_moves() == [] and game.current_player is None
        outcome = game.outcome()
        assert outcome.scores == game.final_scores()
        record = json.loads(json.dumps(game.record()))
        assert DominidGame.from_record(record).outcome() == outcome
        if seed % 10 == 0:
            text = game.position_text()
            assert DominidGame.position_from_text(text, "<t>").position_text() == text


def test_positions_midway_read_back_with_the_same_moves():
    rng = random.Random(2)
    for seed in range(20):
        game = new_game("dominid", 2, 100 + seed)
        for _ in range(rng.randrange(1, 25)):
            game.apply(rng.choice(game.legal_moves()))
        text = game.position_text()
        again = DominidGame.position_from_text(text, "<t>")
        assert again.position_text() == text
        assert again.legal_moves() == game.legal_moves()
        assert again.stacks.open == game.stacks.open


def test_a_table_makes_only_the_placements_a_position_lists():
    game = new_game("dominid", 2, 5, {"arrange": "fixed"})
    PLACEMENT_TABLES.pop(game.shape, None)      # as in a fresh process
    listed = game.legal_moves()
    made = [p for p in PLACEMENT_TABLES[game.shape][0] if p is not None]
    assert len(made) == len(listed) > 0 and set(made) == set(listed)
    assert [str(m) for m in listed] == sorted(brute_force(game))
    assert game.legal_moves() == listed and all(
        again is first for again, first in zip(game.legal_moves(), listed))


def test_selfplay_then_replay(tmp_path, capsys):
    assert cli_main(["selfplay", "dominid", "--games", "20", "--ai", "greedy,random"]) == 0
    out = capsys.readouterr().out
    path = tmp_path / "games.jsonl"
    path.write_text(out)
    assert cli_main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith("20 games replayed")


def test_clone_is_independent():
    game = new_game("dominid", 2, 3)
    game.apply(game.legal_moves()[0])           # the opening arranged
    game.apply(game.legal_moves()[0])
    copy = game.clone()
    copy.apply(copy.legal_moves()[0])
    copy.apply(copy.legal_moves()[-1])
    assert len(game.stacks.placed) == 3 and len(copy.stacks.placed) == 4
    assert game.declaring and not copy.declaring
    assert game.legal_moves() == [EVENS, ODDS]
    assert all(isinstance(m, Placement) for m in copy.legal_moves())
