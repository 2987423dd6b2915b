"""Dominid's rules (docs/rules.md, Dominid): the seed's worked examples as small positions,
the forbidden placements, clusters seen from above, the opening and the declaration,
position files, records and the greedy player's judgement."""
import json
import random

import pytest

from game.logic.agents import GreedyAgent, RandomAgent, play_out
from game.logic.cli import main as cli_main
from game.logic.core import PASS, DominoError, FileFormatError, IllegalMoveError, Tile
from game.logic.board.placement import TILES, Placement
from game.logic.dominid.game import EVENS, ODDS, DominidGame, first_player, opening_cells
from game.logic.dominid.stacks import Stacks
from game.logic.dominid.view import Border, Cluster
from game.logic.levels import layout_from_file, list_layouts, load_layout
from game.logic.variants import find_variant, new_game


def placed_cost(placed, layout="standard"):
    """What the placements after the opening cost in all, laid on a bare table."""
    shape = load_layout(layout, "dominid").shape
    stacks, total = Stacks(shape), 0
    for index, text in enumerate(placed):
        move = Placement.parse(text)
        s1, s2 = shape.index[move.first], shape.index[move.second]
        if index >= 2:
            total += stacks.cost(shape.slot_of[s1, s2], move.x, move.y)[0]
        stacks.lay(s1, move.x, s2, move.y)
    return total


def position(placed, hands=((), ()), to_move=0, parities=("odds", "evens"), costs=None,
             layout="standard", passes=0, stock=None, fill_hands=True):
    """A position whose stock (or, with `fill_hands`, first the hands up to three) takes
    every tile not placed or named."""
    used = {Placement.parse(p).tile for p in placed} | {Tile.parse(t) for h in hands for t in h}
    rest = [str(t) for t in TILES if t not in used]
    hands = [list(h) for h in hands]
    if fill_hands:
        for hand in hands:
            while len(hand) < 3 and rest:
                hand.append(rest.pop())
    data = {"variant": "dominid", "layout": layout, "placed": list(placed), "hands": hands,
            "stock": rest if stock is None else stock, "to_move": to_move,
            "parities": list(parities), "passes": passes,
            "costs": list(costs) if costs is not None else [placed_cost(placed, layout), 0]}
    return DominidGame.from_position(data)


# ----- the seed's examples -----

def test_two_six_beside_two_five_costs_one():
    game = position(["2-5@h8h9", "3-4@i8i9"], hands=(["2-6"], []), parities=())
    view = game.view(0)
    move = Placement.parse("2-6@g8g9")
    assert view.cost_of(move) == (1, Border("east", ("h8", "h9"), (2, 5), 1))
    assert view.cost_of(Placement.parse("6-2@g8g9"))[0] == 7     # a with p, b with q
    game.apply(move)
    assert game.costs == [1, 0] and game.view(1).costs == (1, 0)


def test_five_five_on_a_five_and_a_four_costs_one_not_seven_or_two():
    placed = ["5-6@h8h9", "4-4@i8i9", "2-1@h7i7"]        # 2-1 below the 5 and the 4
    game = position(placed, hands=([], ["5-5"]), to_move=1, costs=[6, 0])
    move = Placement.parse("5-5@h8i8")
    borders = {b.side: b for b in game.view(1).borders(move)}
    assert {side: (b.numbers, b.cost) for side, b in borders.items()} == {
        "beneath": ((5, 4), 1), "north": ((6, 4), 2), "south": ((2, 1), 7)}
    assert game.view(1).cost_of(move) == (1, borders["beneath"])
    game.apply(move)
    assert game.costs == [6, 1]
    assert game.view(0).levels[game.shape.index["h8"]] == 2
    assert game.view(0).covers[game.shape.index["i8"]] == 3


# The seed's finished game, as a position built to match its words: all 28 tiles laid
# (stacks up to four high), evens has three 4s and three 6s (17 - 3 - 3 = 11), odds a
# line of three 5s and three 1s to their right (15 - 3 - 3 = 9), and no other number
# makes a cluster. Found by a seeded search for plays of the small table whose costs
# add up to 17 + 15; who laid which tile is not part of a position, only the sum.
FINAL_EXAMPLE = """\
variant = "dominid"
layout = "small"
placed = ["3-5@e5e6", "3-4@f5f6", "6-6@e6f6", "4-2@e4f4", "1-2@e5f5", "1-3@g4g5",
          "2-6@e5e6", "2-3@f4g4", "4-0@f4f5", "4-4@e3f3", "3-3@h4h5", "4-6@d5d6",
          "5-2@g3h3", "2-2@h3h4", "4-5@f2g2", "6-3@f2f3", "1-5@i4i5", "2-0@e5f5",
          "5-0@g4h4", "1-6@j4j5", "5-5@f1g1", "1-1@i5j5", "0-1@i4j4", "6-5@g1g2",
          "0-3@i4i5", "4-1@i6j6", "0-0@h4i4", "6-0@g5h5"]
hands = [[], []]
stock = []
to_move = 0
parities = ["evens", "odds"]
passes = 0
costs = [17, 15]
"""


def test_the_seeds_final_count_evens_eleven_odds_nine():
    game = DominidGame.position_from_text(FINAL_EXAMPLE, "final.toml")
    assert game.is_over() and game.legal_moves() == [] and game.current_player is None
    outcome = game.outcome()
    assert outcome.scores == (11, 9) and outcome.winner == 1 and outcome.reason == "cost"
    assert game.record()["result"] == {"scores": [11, 9], "winner": 1}
    clusters = game.view(0).clusters()
    assert [(c.number, c.cells, c.owner) for c in clusters] == [
        (5, ("g2", "g3", "g4"), 1), (4, ("e3", "e4", "f4"), 0),
        (1, ("j4", "j5", "j6"), 1), (6, ("d6", "e6", "f6"), 0)]
    assert max(game.stacks.level) == 4
    assert game.view(1).scores_now() == (11, 9) and game.cluster_points() == (6, 6)


# ----- forbidden placements (the seed's figure 5) -----

OPENING = ["2-5@h8h9", "3-4@i8i9"]


@pytest.mark.parametrize("text, reason", [
    ("1-6@h8h9", "it would lie exactly on one tile"),
    ("1-6@g8h8", "the two cells are at levels 0 and 1"),
    ("1-6@h10h11", "touching end to end does not count"),
    ("1-6@f9g9", "touching end to end does not count"),
    ("1-6@g9g10", "only one of its cells has a neighbour on that side"),
    ("1-6@g7h7", "only one of its cells has a neighbour on that side"),
    ("1-6@a1a2", "it touches no tile"),
    ("1-6@p16q16", "q16 is off the table"),
    ("1-6@a1c1", "a1 and c1 are not neighbouring cells"),
    ("3-5@g8g9", "you do not have 3-5"),
])
def test_forbidden_placements_say_why(text, reason):
    game = position(OPENING, hands=(["1-6"], []), parities=())
    before = game.position_text()
    assert reason in game.illegal_reason(text)
    with pytest.raises(IllegalMoveError, match=reason):
        game.apply(text)
    assert game.position_text() == before
    if "you do not have" not in reason:            # the table refuses it whoever holds it
        assert game.view(0).cost_of(Placement.parse(text)) is None


def test_borders_no_pair_is_said_in_those_words():
    game = position(OPENING, hands=(["1-6"], []), parities=())
    assert game.illegal_reason("1-6@h10h11").startswith("it borders no pair of numbers")


def test_straddling_two_tiles_is_allowed_at_every_height():
    game = position(OPENING + ["1-6@h8i8"], hands=([], ["0-0"]), to_move=1)
    assert game.illegal_reason("0-0@h9i9") is None             # level 1, two tiles
    assert game.illegal_reason("0-0@h8i8") == "it would lie exactly on one tile"
    assert game.illegal_reason("0-0@h8h9") == "the two cells are at levels 2 and 1"
    game.apply("0-0@h9i9")
    assert {game.view(0).level_at(s) for s in ("h8", "i8", "h9", "i9")} == {2}
    assert game.illegal_reason("0-0@h8h9") == "you do not have 0-0"


def test_blocked_cells_take_nothing():
    game = position(OPENING, hands=(["1-6"], []), parities=(), layout="pillars")
    assert game.illegal_reason("1-6@d4d5") == "d4 is a blocked cell"
    small = position(["2-5@e5e6", "3-4@f5f6"], hands=(["1-6"], []), parities=(), layout="small")
    assert small.illegal_reason("1-6@j1k1") == "k1 is off the table"


# ----- clusters seen from above -----

CLUSTER_BASE = ["1-3@h8h9", "0-3@i8i9", "2-3@j8j9"]


def test_clusters_join_cells_of_different_levels():
    game = position(CLUSTER_BASE + ["3-3@h9i9"], costs=[2, 0])
    levels = [game.stacks.level[game.shape.index[s]] for s in ("h9", "i9", "j9")]
    assert levels == [2, 2, 1]
    assert game.view(0).clusters() == [Cluster(3, ("h9", "i9", "j9"), 0)]
    assert game.cluster_points() == (3, 0)
    assert game.final_scores() == (2 - 3, 0)


def test_covering_a_number_breaks_its_cluster_and_zero_is_nobodys():
    broken = position(CLUSTER_BASE + ["3-4@h9i9"], costs=[3, 0])
    assert broken.view(0).clusters() == [] and broken.cluster_points() == (0, 0)
    zeros = position(["0-0@h8h9", "0-1@i8i9", "0-2@h7i7", "0-3@h10i10"],
                     costs=[placed_cost(["0-0@h8h9", "0-1@i8i9", "0-2@h7i7", "0-3@h10i10"]), 0])
    assert zeros.view(0).clusters() == []


def test_clusters_before_the_choice_belong_to_nobody():
    game = position(["3-3@h8h9", "1-3@i8i9"], parities=())
    assert game.view(0).clusters() == [Cluster(3, ("h8", "h9", "i9"), None)]
    assert game.cluster_points() == (0, 0)


# ----- the opening and the declaration -----

@pytest.mark.parametrize("draws, first", [
    (["2-6", "3-4"], 0),          # 8 beats 7
    (["1-2", "0-4"], 1),
    (["0-4", "1-3"], 0),          # equal totals: the single 4 beats 3
    (["1-3", "0-4"], 1),
    (["2-2", "1-3"], 1),
])
def test_the_first_player_draw_and_its_tie_break(draws, first):
    assert first_player([Tile.parse(t) for t in draws]) == first
    rest = [str(t) for t in TILES if str(t) not in draws]
    game = DominidGame.from_deal(draws, [rest[:3], rest[3:6]], rest[6:], {"arrange": "fixed"})
    assert game.to_move == first
    tile = Tile.parse(draws[first])
    assert game.start["opening"][0] == f"{tile.a}-{tile.b}@h8h9"
    assert game.start["opening"][1].endswith("@i8i9")
    chosen = DominidGame.from_deal(draws, [rest[:3], rest[3:6]], rest[6:])
    assert chosen.to_move == 1 - first and chosen.arranging     # the losing tile arranges


def test_opening_cells_are_the_middle_files_and_ranks():
    names = lambda layout: [load_layout(layout, "dominid").shape.names[c]
                            for c in opening_cells(load_layout(layout, "dominid").shape)]
    assert names("standard") == ["h8", "h9", "i8", "i9"]
    assert names("small") == ["e5", "e6", "f5", "f6"]


def test_the_first_player_declares_right_after_the_first_move():
    game = new_game("dominid", 2, 4)
    game.apply(game.legal_moves()[0])           # the opening, arranged by the other player
    first = game.to_move
    assert game.illegal_reason("odds") == ("the first player chooses odds or evens right "
                                           "after their first move")
    game.apply(game.legal_moves()[0])
    assert [str(m) for m in game.legal_moves()] == ["evens", "odds"]
    assert game.current_player == first and game.view(first).declaring
    assert len(game.view(first).hand) == 3                # refilled before choosing
    assert game.illegal_reason(game.legal_moves()[0]) is None
    for text in ("pass", "1-1@a1a2"):
        assert game.illegal_reason(text) == "declare odds or evens first"
    game.apply("EVENS")
    assert game.parities == ([EVENS, ODDS] if first == 0 else [ODDS, EVENS])
    assert game.current_player == 1 - first
    assert game.view(1 - first).parities[1 - first] == "odds"
    assert game.illegal_reason("odds") == "odds and evens are already chosen"
    assert game.undo() == EVENS and game.declaring and game.parities == [None, None]


def chosen_game(draws=("1-3", "0-4")):
    rest = [str(t) for t in TILES if str(t) not in draws]
    return DominidGame.from_deal(list(draws), [rest[:3], rest[3:6]], rest[6:])


def test_the_player_with_the_losing_tile_arranges_the_two_side_by_side():
    """"The player with the losing domino must arrange the two side by side in the
    center of the table while the winning player draws three dominoes to start their
    hand. Then, the losing player draws their 3 dominoes." (0-4 beats 1-3 on the single 4.)"""
    game = chosen_game()
    assert game.current_player == 0 and game.arranging          # 1-3 lost
    texts = [str(m) for m in game.legal_moves()]
    assert len(texts) == 8 and texts == sorted(texts)
    assert "arrange 1-3@h8h9 4-0@i8i9" in texts and "arrange 0-4@h8h9 3-1@i8i9" in texts
    assert game.view(0).hand == () and len(game.view(1).hand) == 3   # draws after arranging
    assert game.view(1).opponent_hand_size == 0 and game.view(0).stock_size == 23
    for text, words in (("pass", "first the opening"), ("odds", "first the opening"),
                        ("1-3@g8g9", "first the opening"),
                        ("arrange 1-3@h8h9 4-4@i8i9", "first the opening: 1-3 and 0-4"),
                        ("arrange 1-3@h8i8 4-0@h9i9", "upright, side by side"),
                        ("arrange 1-3", "not an arrangement")):
        assert words in game.illegal_reason(text), text
    game.apply("arrange 1-3@h8h9 4-0@i8i9")
    assert game.current_player == 1 and not game.arranging
    view = game.view(0)
    assert [str(p) for p in view.placed] == ["1-3@h8h9", "4-0@i8i9"] and len(view.hand) == 3
    assert view.number_at("i8") == 4 and view.number_at("i9") == 0
    assert game.illegal_reason("arrange 1-3@h8h9 4-0@i8i9") == \
        "the opening already lies on the table"
    game.apply(game.legal_moves()[0])
    assert game.declaring and game.current_player == 1            # the first player declares
    assert game.undo() and game.undo() and game.arranging and game.stacks.placed == []


@pytest.mark.parametrize("draws, count", [(("1-3", "0-4"), 8), (("2-2", "1-3"), 4),
                                          (("2-2", "4-4"), 2)])
def test_up_to_eight_arrangements_fewer_with_doubles(draws, count):
    assert len(chosen_game(draws).legal_moves()) == count


def test_fixed_keeps_the_engines_opening_and_nobody_arranges():
    game = new_game("dominid", 2, 4, {"arrange": "fixed"})
    assert not game.arranging and len(game.stacks.placed) == 2
    assert all(isinstance(m, Placement) for m in game.legal_moves())
    assert "already lies" in game.illegal_reason(str(chosen_game().legal_moves()[0]))


def test_a_position_before_the_arrangement_reads_back_and_lists_the_arrangements(
        tmp_path, capsys):
    game = chosen_game()
    text = game.position_text()
    assert 'draws = ["1-3", "0-4"]' in text and "placed = []" in text
    again = DominidGame.position_from_text(text, "a.toml")
    assert again.position_text() == text and again.legal_moves() == game.legal_moves()
    path = tmp_path / "a.toml"
    path.write_text(text)
    assert cli_main(["legal", str(path)]) == 0
    assert capsys.readouterr().out.split("\n")[0] == str(game.legal_moves()[0])
    one_draw = text.replace('draws = ["1-3", "0-4"]', 'draws = ["1-3"]').replace(
        'stock = [', 'stock = ["0-4", ')
    for changed, words in ((text.replace("to_move = 0", "to_move = 1"), "player 0 arranges"),
                           (one_draw, "draws must name the two turned-up tiles"),
                           (text.replace('"chosen"', '"fixed"'), "always lies")):
        with pytest.raises(FileFormatError, match=words):
            DominidGame.position_from_text(changed, "a.toml")


@pytest.mark.parametrize("level", ["random", "greedy", "hard"])
def test_every_computer_level_arranges_the_opening(level):
    from game.logic.agents import make_agent
    game = chosen_game()
    view = game.view(game.current_player)
    agent = make_agent(level, iterations=60) if level == "hard" else make_agent(level)
    move = agent.choose(view, random.Random(3))
    assert move in game.legal_moves()
    if level == "hard":                 # it searched the arrangements
        assert sorted(map(str, agent.last.moves)) == sorted(map(str, view.moves))
    game.apply(move)
    assert game.current_player == 1


def test_greedy_arranges_to_leave_the_first_tile_dearest():
    """The arranger moves second: the first player's first tile pays its distance to a
    pair of the opening's numbers, so greedy leaves that tile the dearest (on the
    tiles it cannot see)."""
    from game.logic.dominid.opening import expected_cheapest, first_tile_costs
    game = chosen_game()
    view = game.view(0)
    ratings = DominidGame.heuristics(view)
    assert len(set(ratings)) > 1
    best = view.moves[ratings.index(max(ratings))]
    assert str(GreedyAgent().choose(view, random.Random(1))) in \
        {str(m) for m, r in zip(view.moves, ratings) if r == max(ratings)}
    costs = first_tile_costs(game.shape, best, view.unseen)
    assert len(costs) == 26 and max(ratings) == pytest.approx(expected_cheapest(costs))
    # the cheapest of three tiles, checked against every hand of three
    from itertools import combinations
    hands = list(combinations(costs, 3))
    assert max(ratings) == pytest.approx(sum(min(h) for h in hands) / len(hands))


def test_an_empty_hand_passes_and_the_game_ends_when_every_tile_is_laid():
    game = new_game("dominid", 2, 8)
    rng = random.Random(8)
    while len(game.stacks.placed) < 27:
        game.apply(rng.choice(game.legal_moves()))
    assert game.hands[1 - game.to_move] == 0 and game.hands[game.to_move].bit_count() == 1
    assert game.illegal_reason("pass") == "you cannot pass: you have a legal placement"
    mover = game.to_move
    text = game.position_text().replace(f"to_move = {mover}", f"to_move = {1 - mover}")
    stuck = DominidGame.position_from_text(text, "stuck.toml")
    assert stuck.legal_moves() == [PASS] and stuck.illegal_reason("pass") is None
    stuck.apply("pass")
    assert stuck.passes == 1 and not stuck.is_over()
    stuck.apply(stuck.legal_moves()[0])
    assert stuck.is_over() and stuck.passes == 0 and stuck.legal_moves() == []
    assert stuck.illegal_reason("pass") == "the game is over"


def test_two_passes_in_a_row_end_the_game():
    game = position(OPENING + ["1-6@h8i8"], passes=2)
    assert game.is_over() and game.outcome().winner == 1      # 4 against 0
    assert game.outcome().scores == (4, 0)


# ----- position files -----

def test_position_text_reads_back_identically():
    game = new_game("dominid", 2, 11)
    rng = random.Random(1)
    for _ in range(9):
        game.apply(rng.choice(game.legal_moves()))
    text = game.position_text()
    again = DominidGame.position_from_text(text, "p.toml")
    assert again.position_text() == text
    assert again.legal_moves() == game.legal_moves()
    assert again.costs == game.costs and again.stacks.level == game.stacks.level


def test_legal_command_lists_a_position(tmp_path, capsys):
    game = position(OPENING, hands=(["2-6", "0-0", "1-1"], []), parities=())
    path = tmp_path / "p.toml"
    path.write_text(game.position_text())
    assert cli_main(["legal", str(path)]) == 0
    moves = capsys.readouterr().out.split()
    assert "2-6@g8g9" in moves and moves == sorted(moves)


GOOD = {"variant": "dominid", "layout": "standard", "arrange": "chosen",
        "placed": OPENING + ["1-6@g8g9"],
        "hands": None, "stock": None, "to_move": 1, "parities": ["odds", "evens"],
        "passes": 0, "costs": None}


def good_text(**change):
    """A good position file (the tiles not named go to the hands, then the stock),
    one key a line in GOOD's order, with `change` made."""
    data = dict(GOOD, **change)
    used = {Placement.parse(p).tile for p in data["placed"]}
    rest = [str(t) for t in TILES if t not in used]
    data["hands"] = data["hands"] or [rest[:3], rest[3:6]]
    held = {t for h in data["hands"] for t in h}
    if data["stock"] is None:
        data["stock"] = [t for t in rest if t not in held]
    if data["costs"] is None:
        data["costs"] = [placed_cost(data["placed"]), 0]
    return "".join(f"{k} = {json.dumps(v)}\n" for k, v in data.items())


@pytest.mark.parametrize("change, line, message", [
    ({"colour": "red"}, 11, "unknown key 'colour'"),
    ({"layout": "moon"}, 2, "unknown layout 'moon'"),
    ({"costs": [1, 0]}, 10, "costs add up to 1, but the placed tiles cost 2 in all"),
    ({"costs": [-1, 3]}, 10, "costs must be two whole numbers"),
    ({"placed": OPENING + ["1-6@h10h11"]}, 4, "end to end"),
    ({"placed": ["5-2@h8h9", "3-4@i8i9"], "parities": [], "arrange": "fixed"}, 4,
     "smaller number south"),
    ({"placed": ["5-2@h8h9", "3-4@j8j9"], "parities": []}, 4, "upright on h8h9 and i8i9"),
    ({"arrange": "any"}, 3, "option arrange must be one of chosen, fixed"),
    ({"draws": ["2-5", "3-4"]}, 11, "only while the opening is still to be arranged"),
    ({"placed": ["3-4@h8h9"]}, 4, "the two opening tiles"),
    ({"placed": OPENING + ["1-6@g8g9", "1-6@f8f9"]}, 4, "tile 1-6 appears twice"),
    ({"stock": ["6-6"]}, 6, "missing 0-6, 1-1 and 16 more"),
    ({"hands": [["0-0"], ["0-1", "0-2", "0-3"]]}, 5, "hand 0 holds 1 tile:"),
    ({"parities": ["odds", "odds"]}, 8, "parities must be"),
    ({"parities": ["odds", "evens"], "placed": OPENING}, 8, "nobody has moved yet"),
    ({"to_move": 2}, 7, "to_move must be 0 or 1"),
    ({"passes": 3}, 9, "passes must be 0, 1 or 2"),
    ({"placed": OPENING + ["1-6@g8g9", "0-0@h10i10"], "parities": []}, 8, "give the parities"),
    ({"parities": [], "passes": 1}, 9, "nobody can have passed"),
    ({"variant": "dominox"}, 1, "this reader is for dominid positions"),
])
def test_position_errors_name_the_line(change, line, message):
    with pytest.raises(FileFormatError) as error:
        DominidGame.position_from_text(good_text(**change), "p.toml")
    assert str(error.value).startswith(f"p.toml:{line}: ") and message in str(error.value)
    assert "\n" not in str(error.value)


def test_a_position_may_wait_for_the_declaration():
    game = DominidGame.position_from_text(good_text(parities=[]), "p.toml")
    assert game.declaring and game.legal_moves() == [EVENS, ODDS] and game.current_player == 1
    assert game.position_text() == good_text(parities=[])


def test_layout_that_blocks_the_opening_is_refused_by_the_loader_with_its_line(tmp_path):
    path = tmp_path / "blocked.toml"
    path.write_text('name = "Blocked"\ngrid = """\n....\n.#..\n....\n....\n"""\n')
    with pytest.raises(FileFormatError) as error:
        layout_from_file(path, "dominid")
    assert str(error.value).startswith(f"{path}:4: b3 is blocked")
    assert "b2, c2, b3, c3" in str(error.value)
    assert layout_from_file(path, "dominox").blocked == {"b3"}      # a Dominox board may


def test_a_table_with_its_middle_four_cells_blocked_is_listed_with_its_error(monkeypatch,
                                                                             tmp_path):
    from game.logic import levels
    folder = tmp_path / "dominid"
    folder.mkdir()
    rows = ["." * 16] * 16
    rows[7] = rows[8] = "." * 7 + "##" + "." * 7
    (folder / "walled.toml").write_text('name = "Walled"\ngrid = """\n' + "\n".join(rows)
                                        + '\n"""\n')
    monkeypatch.setattr(levels, "LEVELS_ROOT", tmp_path)
    (entry,) = list_layouts("dominid")
    assert entry.level is None
    assert entry.error.startswith(f"{folder / 'walled.toml'}:10: h9 is blocked")
    with pytest.raises(DominoError, match="walled.toml:10: "):
        new_game("dominid", 2, 1, {"layout": "walled"})


def test_shipped_layouts_load():
    entries = list_layouts("dominid")
    assert [e.name for e in entries][0] == "standard" and all(e.error is None for e in entries)
    sizes = {e.name: (e.level.width, e.level.height) for e in entries}
    assert sizes["standard"] == (16, 16) and sizes["small"] == (10, 10)
    assert any(e.level.blocked for e in entries)
    for entry in entries:
        game = DominidGame.new(2, 3, {"layout": entry.name})
        play_out(game, [RandomAgent(), RandomAgent()], random.Random(3))
        assert game.is_over()


# ----- records -----

def test_record_holds_draws_hands_stock_opening_and_replays():
    game = new_game("dominid", 2, 5, {"arrange": "fixed"})
    play_out(game, [GreedyAgent(), RandomAgent()], random.Random(5))
    record = json.loads(json.dumps(game.record()))
    deal = record["deal"]
    assert len(deal["draws"]) == 2 and [len(h) for h in deal["hands"]] == [3, 3]
    assert len(deal["stock"]) == 20 and len(record["opening"]) == 2
    assert record["moves"][1]["move"] in ("odds", "evens")
    assert record["result"]["scores"] == list(game.final_scores())
    assert DominidGame.from_record(record).outcome() == game.outcome()


def test_a_chosen_opening_is_the_first_move_of_the_record():
    game = new_game("dominid", 2, 5)
    play_out(game, [GreedyAgent(), RandomAgent()], random.Random(5))
    record = json.loads(json.dumps(game.record()))
    first = first_player([Tile.parse(t) for t in record["deal"]["draws"]])
    assert "opening" not in record and record["options"]["arrange"] == "chosen"
    assert record["moves"][0]["player"] == 1 - first
    assert record["moves"][0]["move"].startswith("arrange ")
    assert record["moves"][2]["move"] in ("odds", "evens")
    assert DominidGame.from_record(record).record() == record
    with pytest.raises(DominoError, match="not a record key"):
        DominidGame.from_record(dict(record, opening=["2-5@h8h9", "3-4@i8i9"]))


def test_a_record_written_before_the_arrange_option_replays_as_fixed():
    game = new_game("dominid", 2, 6, {"arrange": "fixed"})
    play_out(game, [RandomAgent(), RandomAgent()], random.Random(6))
    old = game.record()
    old["options"] = {"layout": "standard"}          # no arrange: the engine laid it
    assert DominidGame.from_record(old).outcome() == game.outcome()


def test_records_with_a_wrong_opening_or_deal_are_refused():
    record = new_game("dominid", 2, 6, {"arrange": "fixed"}).record()
    with pytest.raises(DominoError, match="the opening of these draws"):
        DominidGame.from_record(dict(record, opening=list(reversed(record["opening"]))))
    deal = dict(record["deal"], stock=record["deal"]["stock"][1:])
    with pytest.raises(DominoError, match="missing "):
        DominidGame.from_record(dict(record, deal=deal))


# ----- the computer players -----

def test_greedy_prefers_the_cheapest_placement():
    game = position(OPENING, hands=(["2-6", "0-0", "1-1"], []), parities=())
    view = game.view(0)
    ratings = dict(zip(view.moves, DominidGame.heuristics(view)))
    best = max(ratings, key=ratings.get)
    assert view.cost_of(best)[0] == min(view.cost_of(m)[0] for m in view.moves)


def test_greedy_declares_the_parity_it_holds():
    game = position(OPENING, hands=(["1-3", "3-5", "1-5"], []), parities=())
    game.apply("1-3@g8g9")
    view = game.view(0)
    assert view.declaring
    assert DominidGame.heuristic(view, ODDS) > DominidGame.heuristic(view, EVENS)


def test_greedy_beats_random():
    wins = 0
    for seed in range(30):
        game = new_game("dominid", 2, seed)
        greedy = seed % 2
        seats = [RandomAgent(), RandomAgent()]
        seats[greedy] = GreedyAgent()
        play_out(game, seats, random.Random(seed))
        wins += game.outcome().winner == greedy
    assert wins >= 24


def test_registry_and_pass_object():
    assert find_variant("dominid") is DominidGame
    assert DominidGame.new(2, 1).parse_move("pass") is PASS
