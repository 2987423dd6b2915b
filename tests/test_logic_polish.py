"""Logic polish: Dominox position files must hold a board legal play could reach, Dominox
records must deal the whole set, and the line position helpers live in line_position.py."""
import itertools
import json
import random
import re

import pytest

from game.logic.line import engine as line, position as line_position
from game.logic.line.classic import ClassicMatch
from game.logic.cli import main
from game.logic.core import DominoError, FileFormatError
from game.logic.board.placement import TILES
from game.logic.dominox.game import DominoxGame
from game.logic.dominox.contact_order import contact_problem
from game.logic.board.shape import board_shape
from game.logic.textfiles import parse_toml


def run(argv, capsys):
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


# ---- the contact rule on the placed tiles of a position ------------------------------------
def some_order_is_legal(shape, placements) -> bool:
    """Brute force: try every order of laying the tiles."""
    for order in itertools.permutations(range(len(placements))):
        numbers = {}
        for i in order:
            s1, x, s2, y, _ = placements[i]
            if any(near and n not in near for near, n in
                   (([numbers[t] for t in shape.neighbours[s] if t in numbers], n)
                    for s, n in ((s1, x), (s2, y)))):
                break
            numbers[s1], numbers[s2] = x, y
        else:
            return True
    return False


def random_board(rng, shape, count, kinds):
    """`count` tiles on free slots, their numbers folded to `kinds` values so they touch
    equal and different numbers often."""
    free, placements = set(range(shape.size)), []
    for tile in rng.sample(TILES, count):
        slots = [s for s in shape.slots if s[0] in free and s[1] in free]
        if not slots:
            break
        s1, s2 = rng.choice(slots)
        x, y = (tile.a, tile.b) if rng.random() < 0.5 else (tile.b, tile.a)
        free -= {s1, s2}
        placements.append((s1, x % kinds, s2, y % kinds, tile))
    return placements


def test_the_contact_check_agrees_with_trying_every_order():
    rng = random.Random(7)
    refused = 0
    for width, height, most, kinds, boards in [(3, 3, 4, 2, 1500), (4, 3, 5, 3, 500)]:
        shape = board_shape(width, height)
        for _ in range(boards):
            placements = random_board(rng, shape, rng.randint(2, most), kinds)
            problem = contact_problem(shape, placements)
            assert (problem is None) == some_order_is_legal(shape, placements), placements
            refused += problem is not None
    assert 200 < refused < 1800         # both answers are well represented


def test_boards_reached_by_play_are_accepted():
    for seed in range(20):
        game = DominoxGame.new(2, seed)
        rng = random.Random(seed)
        while not game.is_over():
            game.apply(rng.choice(game.legal_moves()))
        assert contact_problem(game.shape, [(*p, None) for p in game.placed]) is None
        again = DominoxGame.from_position(parse_toml(game.position_text(), "p.toml"))
        assert again.scores() == game.scores()


BAD = '''variant = "dominox"
grid = """
...
...
"""
placed = [
  "0-1@a1b1",
  "0-2@a2b2",
]
hands = [["6-6"], ["1-1"]]
stock = []
to_move = 0
'''


def test_a_board_no_order_of_play_reaches_is_refused_on_the_placement_line(tmp_path, capsys):
    with pytest.raises(FileFormatError) as err:
        DominoxGame.from_position(parse_toml(BAD, "bad.toml"))
    assert err.value.line == 7
    assert str(err.value).startswith("bad.toml:7: placed tile '0-1@a1b1': no order of play")
    assert "the 1 on b1 touches only 2, so 0-1@a1b1 must come before 0-2@a2b2" in str(err.value)
    assert "the 2 on b2 touches only 1, so 0-2@a2b2 must come before 0-1@a1b1" in str(err.value)
    path = tmp_path / "bad.toml"
    path.write_text(BAD)
    status, out, err_text = run(["legal", str(path)], capsys)
    assert status == 2 and out == ""
    assert err_text.startswith(f"error: {path}:7: placed tile '0-1@a1b1'")
    assert err_text.count("\n") == 1


def test_an_end_may_touch_only_different_numbers_if_its_tile_came_first():
    # 0-0 first; 3-3 apart; then 3-0 fits b1 against c1's 3, leaving a1's 0 beside a 3.
    data = {"variant": "dominox", "placed": ["0-0@a1a2", "3-3@c1d1", "3-0@b1b2"],
            "hands": [["6-6"], ["1-1"]], "stock": all_tiles_but("0-0 3-3 0-3 6-6 1-1")}
    assert DominoxGame.from_position(data).legal_moves()
    # Without the 3-3 the 3 on b1 would have met only a 0.
    data["placed"] = ["0-0@a1a2", "3-0@b1b2"]
    with pytest.raises(FileFormatError, match="the 3 on b1 touches only 0"):
        DominoxGame.from_position(data)


def test_an_end_that_must_meet_a_different_number_first_is_refused():
    # 0-0 touches only 1s, so it came first; then 1-1 and 1-2 each need the other's 1
    # beside their own 1 before they can be laid against the 0s.
    data = {"variant": "dominox", "grid": "....\n....\n....", "hands": [[], []],
            "stock": [], "placed": ["1-2@b3c3", "1-1@b1b2", "0-0@a2a3"], "passes": 2}
    with pytest.raises(FileFormatError) as err:
        DominoxGame.from_position(data)
    assert str(err.value).endswith("placed tile '1-2@b3c3': no order of play fits the contact "
                                   "rule: at best the 1 on b3 meets 0 before any 1")
    data["placed"] = ["1-2@b3c3", "1-1@b1b2", "0-0@d1d2"]     # 0-0 away from both
    data["hands"] = [all_tiles_but("1-2 1-1 0-0"), []]     # passes = 2: the game is over
    assert DominoxGame.from_position(data).is_over()


def all_tiles_but(texts: str) -> list[str]:
    """Every tile but those in `texts` (a position lists all 28 somewhere)."""
    return [str(t) for t in TILES if str(t) not in texts.split()]


# ---- record deals ----------------------------------------------------------------------
def full_record(seed=3, options=None, moves=4):
    game = DominoxGame.new(2, seed, options)
    for _ in range(moves):
        if not game.is_over():
            game.apply(game.legal_moves()[0])
    return game.record()


@pytest.mark.parametrize("change, message", [
    (lambda d: d["stock"].pop(), "the deal leaves out "),
    (lambda d: d["stock"].append(d["hands"][0][0]), "is dealt twice"),
    (lambda d: d["stock"].append("6-7"), "'6-7' is not a double-six tile"),
    (lambda d: d["hands"][1].append(d["stock"].pop()), "hand 1 holds 9 tiles, but the hand "
                                                      "option deals 8"),
    (lambda d: d["hands"].append([]), "two lists of tiles"),
    (lambda d: d["stock"].insert(0, "x"), "not a tile: 'x'"),
])
def test_a_record_deal_must_be_the_whole_set_in_hands_of_the_option_size(change, message):
    record = full_record()
    assert DominoxGame.from_record(record).record() == record
    change(record["deal"])
    with pytest.raises(DominoError, match="^bad deal: .*" + re.escape(message)):
        DominoxGame.from_record(record)


def test_the_hand_option_sets_the_hand_size_a_deal_must_have(tmp_path, capsys):
    record = full_record(5, {"hand": 5})
    assert DominoxGame.from_record(record).record() == record
    record["options"] = {"hand": 6}
    with pytest.raises(DominoError, match="hand 0 holds 5 tiles, but the hand option deals 6"):
        DominoxGame.from_record(record)
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(full_record(moves=200)) + "\n" + json.dumps(record) + "\n")
    status, out, err = run(["replay", str(path)], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"error: {path}:2: game 2: bad deal: hand 0 holds 5 tiles")


# ---- the line position helpers moved to line_position.py ------------------------------
def test_line_position_helpers_live_in_their_own_module():
    for name in ("read_round", "round_position_lines", "_tile_list", "_line_with", "_toml_list"):
        assert hasattr(line_position, name) and not hasattr(line, name)
    match = ClassicMatch.new(3, 4)
    text = match.position_text()
    again = ClassicMatch.position_from_text(text, "p.toml")
    assert again.position_text() == text
    assert line_position.round_position_lines(again.round, 3)[0].startswith("line = [")
