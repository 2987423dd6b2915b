import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.logic.core import PASS, DominoError, FileFormatError, IllegalMoveError, OptionError, Tile
from game.logic.board.placement import TILES, Placement, placement_words
from game.logic.dominox.game import DominoxGame, territory_of
from game.logic.board.shape import EMPTY, board_shape, square_name
from game.logic.positions import load_position
from game.logic.variants import find_variant, new_game

SEED_MOVES = ["0-0@g7g8", "0-5@g6h6", "2-0@e7f7", "2-6@d7d8", "3-1@b1b2",
              "5-5@b7b8", "5-6@c7c8", "1-5@a6a7", "1-4@a2a3"]
WHITE_HAND = ["0-0", "0-2", "1-3", "5-6", "1-4", "2-5", "3-4", "4-6"]
BLACK_HAND = ["0-5", "2-6", "5-5", "1-5", "1-2", "3-6", "0-3", "2-4"]


def seed_example_game():
    used = set(WHITE_HAND + BLACK_HAND)
    stock = [str(t) for t in TILES if str(t) not in used]
    return DominoxGame.from_deal([WHITE_HAND, BLACK_HAND], stock, seed=None)


def position(placed, hands, to_move=0, stock=(), layout="standard"):
    return DominoxGame.from_position({"variant": "dominox", "layout": layout,
                                      "placed": list(placed), "hands": hands,
                                      "stock": list(stock), "to_move": to_move})


def all_tiles_but(*given):
    """Every tile not in `given` (lists of tile texts or placements): a position accounts
    for all 28 tiles, so a test puts the rest where they change nothing it checks."""
    used = {Placement.parse(t).tile if "@" in t else Tile.parse(t) for group in given
            for t in group}
    return [str(t) for t in TILES if t not in used]


def test_registry_finds_dominox_and_refuses_other_player_counts():
    assert find_variant("dominox") is DominoxGame
    with pytest.raises(OptionError):
        new_game("dominox", players=3)
    with pytest.raises(OptionError, match="unknown option"):
        DominoxGame.new(2, 0, {"size": 9})


def test_canonical_text_round_trips():
    assert str(Placement.parse("5-3@c4c5")) == "5-3@c4c5"
    assert str(Placement.parse("3-5@c5c4")) == "5-3@c4c5"
    assert str(Placement.parse("3-5@d4c4")) == "5-3@c4d4"
    assert Placement.parse("5-3@c4c5") != Placement.parse("3-5@c4c5")
    assert Placement.parse("2-2@a9a10").first == "a9"
    assert eval(repr(Placement.parse("6-1@h7h8"))) == Placement.parse("6-1@h7h8")
    game = DominoxGame.new(2, 3)
    for move in game.legal_moves():
        assert game.parse_move(str(move)) == move
    with pytest.raises(IllegalMoveError, match="write it like 5-3@c4c5"):
        game.parse_move("5-3 c4c5")
    with pytest.raises(IllegalMoveError, match="numbers go from 0 to 6"):
        game.parse_move("7-3@c4c5")


@given(st.integers(0, 25), st.integers(0, 25), st.sampled_from([(1, 0), (0, 1)]),
       st.integers(0, 6), st.integers(0, 6))
def test_placement_text_has_one_canonical_form(file, rank, step, x, y):
    file, rank = min(file, 24), min(rank, 24)
    low = square_name(file, rank)
    high = square_name(file + step[0], rank + step[1])
    forward = Placement.parse(f"{x}-{y}@{low}{high}")
    backward = Placement.parse(f"{y}-{x}@{high}{low}")
    assert forward == backward and str(forward) == f"{x}-{y}@{low}{high}"
    assert Placement.parse(str(forward)) == forward



def test_seed_example_replays_move_by_move():
    game = seed_example_game()
    assert game.current_player == 0 and game.legal_moves()[0].tile == Tile(0, 0)
    for index, text in enumerate(SEED_MOVES):
        assert game.current_player == index % 2
        if index == 6:
            assert game.is_legal("2-5@c7c8"), game.illegal_reason("2-5@c7c8")
        assert Placement.parse(text) in game.legal_moves(), (text, game.illegal_reason(text))
        game.apply(text)
    assert [str(m) for _, m in game.moves_played()] == SEED_MOVES
    assert game.view(0).number_at("g7") == 0 and game.view(0).number_at("a3") == 4


def test_after_the_second_move_nothing_can_ever_cover_h8():
    placed = SEED_MOVES[:2]
    for to_move in (0, 1):
        hands = [all_tiles_but(placed), []] if to_move == 0 else [[], all_tiles_but(placed)]
        game = position(placed, hands, to_move)
        moves = game.legal_moves()
        assert len(moves) > 100
        assert not [m for m in moves if "h8" in (m.first, m.second)]
        assert game.illegal_reason("0-5@h7h8") == "you do not have 0-5"
        assert game.illegal_reason("5-6@h7h8") == "the 6 on h8 touches 0 but no 6"


def test_the_b7_b8_example_has_exactly_four_placements():
    placed = ["2-1@a7a8", "4-3@c7c8", "5-4@b6c6"]
    game = position(placed, [all_tiles_but(placed), []])
    on_b7_b8 = [str(m) for m in game.legal_moves() if (m.first, m.second) == ("b7", "b8")]
    assert sorted(on_b7_b8) == sorted(["4-1@b7b8", "5-1@b7b8", "2-3@b7b8", "5-3@b7b8"])
    assert game.illegal_reason("6-1@b7b8") == "the 6 on b7 touches 2, 4 and 5 but no 6"


def test_illegal_moves_are_refused_in_player_words():
    game = seed_example_game()
    assert game.illegal_reason("0-2@a1a2") == "you must open with your lowest double 0-0"
    assert game.illegal_reason(PASS) == "you cannot pass: you have a legal placement"
    assert game.illegal_reason("0-0@a1a3") == "a1 and a3 are not adjacent squares"
    assert game.illegal_reason("0-0@h8i8") == "i8 is off the board"
    game.apply("0-0@g7g8")
    assert game.illegal_reason("0-5@g7g6") == "g7 is taken"
    assert game.illegal_reason("0-1@a1a2") == "you do not have 0-1"
    assert game.illegal_reason("5-0@g6h6") == "the 5 on g6 touches 0 but no 5"
    before = game.record()
    with pytest.raises(IllegalMoveError) as err:
        game.apply("5-0@g6h6")
    assert err.value.reason == "the 5 on g6 touches 0 but no 5"
    assert game.record() == before
    holes = position([], [["0-0"], ["1-1"]], stock=all_tiles_but(["0-0", "1-1"]), layout="holes")
    assert holes.illegal_reason("0-0@c3c4") == "c3 is a blocked square"


def test_the_opener_holds_the_lowest_double_and_draws_follow_each_move():
    for seed in range(30):
        game = DominoxGame.new(2, seed)
        deal = game.record()["deal"]
        doubles = [(Tile.parse(t), p) for p, hand in enumerate(deal["hands"]) for t in hand
                   if Tile.parse(t).is_double]
        lowest, holder = min(doubles)
        assert game.current_player == holder
        assert {m.tile for m in game.legal_moves()} == {lowest}
        assert len(deal["hands"][0]) == len(deal["hands"][1]) == 8 and len(deal["stock"]) == 12
        game.apply(game.legal_moves()[0])
        assert game.view(holder).hand.__len__() == 8 and game.view(0).stock_size == 11
    assert DominoxGame.new(2, 5).record() == DominoxGame.new(2, 5).record()
    assert len(DominoxGame.new(2, 5, {"hand": 5}).record()["deal"]["stock"]) == 18


def test_pass_is_the_only_move_exactly_when_nothing_fits():
    game = position(["0-0@a1a2"], [["6-6"], ["1-1"] + all_tiles_but(["0-0", "6-6", "1-1"])])
    assert game.legal_moves() != [PASS]
    # a1 b1 c1 / a2 b2 c2 with 0-1 on a1b1 and 1-2 on c1c2: a2 takes only a 0, b2 a 1 or 2,
    # and the one such tile left, 0-2, fills the corner e1e2 beyond the blocked d file.
    placed = ["0-1@a1b1", "1-2@c1c2", "0-2@e1e2"]
    game = DominoxGame.from_position({"variant": "dominox", "grid": "...#.\n...#.",
                                      "placed": placed,
                                      "hands": [["6-6"], all_tiles_but(placed, ["6-6"])],
                                      "stock": [], "to_move": 0})
    assert game.legal_moves() == [PASS] and game.is_legal(PASS)
    game.apply(PASS)
    assert game.current_player == 1 and game.legal_moves() == [PASS]
    game.apply(PASS)
    assert game.is_over() and game.legal_moves() == [] and game.current_player is None
    assert game.illegal_reason(PASS) == "the game is over"


def test_a_pass_that_draws_does_not_count_towards_the_end():
    game = DominoxGame.from_position({"variant": "dominox", "grid": "..\n..",
                                      "placed": ["0-1@a1b1"],
                                      "hands": [["6-6"], all_tiles_but(["0-1", "6-6", "5-5"])],
                                      "stock": ["5-5"], "to_move": 0})
    game.apply(PASS)
    assert game.passes == 0 and game.view(0).hand == (Tile(5, 5), Tile(6, 6))
    game.apply(PASS)
    assert game.passes == 1 and not game.is_over()
    game.apply(PASS)
    assert game.is_over()


def empty_board(empty_squares):
    """An 8x8 board covered everywhere but on `empty_squares`."""
    shape = board_shape(8, 8)
    numbers = [0] * shape.size
    for name in empty_squares:
        numbers[shape.square(name)] = EMPTY
    return shape, numbers


def test_territory_in_the_style_of_the_seed_final_tally():
    singles = ["a1", "c1", "e1", "h1", "b3"]                     # 3 white, 2 black
    pairs = ["d3", "e3", "h3", "h4", "a5", "a6", "c5", "d5"]     # four 1+1 areas
    three = ["f5", "f6", "f7"]                                   # 2 black, 1 white
    six = ["b7", "c7", "d7", "b8", "c8", "d8"]                   # 3 + 3
    shape, numbers = empty_board(singles + pairs + three + six)
    regions = territory_of(shape, numbers)
    assert sorted(len(r.squares) for r in regions) == [1] * 5 + [2] * 4 + [3, 6]
    by_first = {r.squares[0]: r for r in regions}
    assert (by_first["a1"].winner, by_first["a1"].points) == (0, 1)
    assert (by_first["h1"].winner, by_first["h1"].points) == (1, 1)
    three_area = by_first["f5"]
    assert (three_area.white, three_area.black, three_area.winner,
            three_area.points) == (1, 2, 1, 3)
    assert all(r.winner is None and r.points == 0 for r in regions if len(r.squares) in (2, 6))
    white = sum(r.points for r in regions if r.winner == 0)
    black = sum(r.points for r in regions if r.winner == 1)
    assert (white, black) == (3, 5)


def test_territory_leaves_out_blocked_squares():
    shape = board_shape(3, 3, frozenset({4}))     # b2 blocked: a ring of 8 squares
    numbers = [EMPTY] * shape.size
    regions = territory_of(shape, numbers)
    assert len(regions) == 1 and "b2" not in regions[0].squares
    ring = regions[0]
    assert (ring.white, ring.black, ring.winner, ring.points) == (4, 4, None, 0)
    numbers[shape.square("a1")] = numbers[shape.square("b1")] = 3
    (region,) = territory_of(shape, numbers)
    assert (region.white, region.black, region.winner, region.points) == (3, 3, None, 0)
    numbers[shape.square("c2")] = numbers[shape.square("c3")] = 3
    regions = {r.squares: (r.white, r.black, r.winner, r.points)
               for r in territory_of(shape, numbers)}
    assert regions == {("c1",): (1, 0, 0, 1), ("a2", "a3", "b3"): (1, 2, 1, 3)}


def finished(grid, placed):
    """The game over on `grid` after `placed`: both passed with the stock empty (the tiles
    left are in the hands, which the score does not count)."""
    return DominoxGame.from_position({"variant": "dominox", "grid": grid, "placed": placed,
                                      "hands": [all_tiles_but(placed), []], "stock": [],
                                      "to_move": 0, "passes": 2})


def test_finished_game_outcome_and_scores():
    # a1 b1 c1 / a2 b2 c2 / a3 b3 c3: a1, c1, b2, a3, c3 are white
    game = finished("...\n...\n...", ["1-1@a1b1", "2-2@a3b3"])
    assert game.is_over() and game.scores() == (5, 0) and game.outcome().winner == 0
    game = finished("...\n...\n...", ["1-1@a1b1", "2-2@a3b3", "1-3@b2c2"])
    assert game.scores() == (2, 1) and game.outcome().winner == 0
    assert game.outcome().scores == (2, 1)
    assert game.record()["result"] == {"scores": [2, 1], "winner": 0}
    game = finished("..\n..", ["1-1@a1b1"])
    assert game.scores() == (0, 0) and game.outcome().winner is None
    game = finished("...\n.#.\n...", ["1-1@a1b1", "2-2@c2c3"])     # c1 alone; a2 a3 b3
    assert game.scores() == (1, 3) and game.outcome().winner == 1


def test_views_hide_the_opponent_and_are_snapshots():
    game = DominoxGame.new(2, 11)
    mover = game.current_player
    view = game.view(mover)
    other = game.view(1 - mover)
    assert view.legal_moves() == game.legal_moves() and other.legal_moves() == []
    assert view.opponent_hand_size == 8 and view.stock_size == 12
    assert set(view.hand).isdisjoint(other.hand)
    hidden = set(other.hand) | {Tile.parse(t) for t in game.record()["deal"]["stock"]}
    assert set(view.unseen) == hidden
    assert not any(repr(t) in repr(view) for t in hidden)
    first = view.legal_moves()[0]
    game.apply(first)
    assert view.placed == () and all(n == EMPTY for n in view.numbers)
    assert view.legal_moves()[0] == first and view.stock_size == 12
    assert game.view(mover).last_move == first and game.view(mover).placed == (first,)


def test_from_record_names_the_bad_move_index():
    game = DominoxGame.new(2, 4)
    for _ in range(5):
        game.apply(game.legal_moves()[-1])
    record = game.record()
    assert DominoxGame.from_record(record).record() == record
    record["moves"][3]["move"] = record["moves"][1]["move"]
    with pytest.raises(IllegalMoveError, match=r"moves\[3\]: you do not have"):
        DominoxGame.from_record(record)
    with pytest.raises(DominoError, match="needs a deal"):
        DominoxGame.from_record({"variant": "dominox", "moves": []})
    record["moves"][3]["player"] = 7
    with pytest.raises(IllegalMoveError, match=r"moves\[3\]: recorded for player 7"):
        DominoxGame.from_record(record)


def test_clones_are_independent():
    game = DominoxGame.new(2, 8)
    game.apply(game.legal_moves()[0])
    twin = game.clone()
    before = game.record(), list(game.accepts), list(game.hands)
    while not twin.is_over():
        twin.apply(twin.legal_moves()[-1])
    assert (game.record(), list(game.accepts), list(game.hands)) == before
    assert twin.record()["moves"][0] == game.record()["moves"][0]


def test_record_format_follows_the_rules_page():
    game = seed_example_game()
    for text in SEED_MOVES:
        game.apply(text)
    record = game.record()
    assert set(record) == {"variant", "options", "seed", "players", "grid", "deal", "moves",
                           "result"}
    assert record["options"] == {"layout": "standard", "hand": 8}
    assert record["grid"] == "\n".join(["........"] * 8)
    assert record["deal"]["hands"][0][0] == "0-0"
    assert record["moves"][1] == {"player": 1, "move": "0-5@g6h6"}
    assert record["result"] is None
    with pytest.raises(DominoError, match="appears twice"):
        DominoxGame.from_deal([["0-0", "0-0"], ["1-1"]], [])
    with pytest.raises(DominoError, match="neither hand holds a double"):
        DominoxGame.from_deal([["0-1"], ["1-2"]], [])


def test_position_files_round_trip_and_name_bad_lines(tmp_path):
    game = seed_example_game()
    for text in SEED_MOVES[:5]:
        game.apply(text)
    path = tmp_path / "pos.toml"
    path.write_text(game.position_text())
    loaded = load_position(path)
    assert loaded.legal_moves() == game.legal_moves()
    assert loaded.position_text() == game.position_text()
    for move in loaded.legal_moves()[:3]:
        assert loaded.apply(move) == move and loaded.undo() == move
    inline = DominoxGame.from_position({"variant": "dominox", "grid": "##..\n....", "placed": [],
                                        "hands": [["3-3"], []], "to_move": 0,
                                        "stock": all_tiles_but(["3-3"])})
    assert inline.position_text().startswith('variant = "dominox"\ngrid = """\n##..\n....\n"""')
    assert DominoxGame.from_record(inline.record()).legal_moves() == inline.legal_moves()

    def error_of(text):
        bad = tmp_path / "bad.toml"
        bad.write_text(text)
        with pytest.raises(FileFormatError) as err:
            load_position(bad)
        return str(err.value).replace(str(bad), "F")

    head = 'variant = "dominox"\nlayout = "standard"\n'
    assert error_of(head + 'placed = ["0-0@a1a3"]\nhands = [[], []]\n') == \
        "F:3: placed tile '0-0@a1a3': a1 and a3 are not adjacent playable squares"
    assert error_of(head + 'placed = ["0-0@a1a2", "1-1@a2a3"]\nhands = [[], []]\n') == \
        "F:3: placed tile '1-1@a2a3': a2 is taken"
    assert error_of(head + 'placed = ["0-0@a1a2"]\nhands = [["0-0"], []]\n') == \
        "F:4: hands: tile 0-0 appears twice (also in placed)"
    assert error_of(head + f'hands = [["1-2"], []]\nstock = {all_tiles_but(["1-2"])}\n'
                    .replace("'", '"')) == \
        "F:3: the board is empty, so the player to move must hold a double to open with"
    assert error_of(head + 'hands = [["9-9"]]\n').startswith("F:3: hands must be two lists")
    assert error_of(head + 'hands = [["1-1"], []]\nto_move = 2\n'
                    + f'stock = {all_tiles_but(["1-1"])}\n'.replace("'", '"')) == \
        "F:4: to_move must be 0 (White) or 1 (Black)"
    assert error_of('variant = "dominox"\nlayout = "moon"\nhands = [[], []]\n').startswith(
        "F:2: unknown layout 'moon'")
    assert error_of(head + 'hands = [["1-1"], []]\ncolour = 1\n') == \
        "F:4: unknown key 'colour' (known: variant, layout, grid, name, description, placed, " \
        "hands, stock, to_move, passes, options)"
    text = 'variant = "dominox"\ngrid = """\n..\n.x\n"""\nhands = [["1-1"], []]\n'
    assert error_of(text).startswith("F:4: unknown character 'x'")


def test_a_position_keeps_the_hand_option_and_refuses_a_bad_one():
    game = new_game("dominox", 2, 5, {"hand": 10, "layout": "holes"})
    game.apply(game.legal_moves()[0])
    text = game.position_text()
    assert "[options]\nhand = 10" in text
    again = DominoxGame.position_from_text(text)
    assert again.options == game.options and again.position_text() == text
    assert "[options]" not in new_game("dominox", 2, 5).position_text()
    with pytest.raises(FileFormatError, match="hand"):
        DominoxGame.position_from_text(text.replace("hand = 10", "hand = 99"), "F")


def test_rules_text_states_the_project_choices():
    text = DominoxGame.rules_text
    for words in ("lowest double", "stock", "pass", "a1", "layout", "nothing"):
        assert words in text
    assert DominoxGame.title == "Dominox"
    assert {o.name for o in DominoxGame.options_declared} == {"layout", "hand"}


def test_placements_are_said_in_words_with_each_number_by_its_square():
    game = new_game("dominox", 2, 5)
    game.apply(game.legal_moves()[0])
    for move in game.legal_moves():
        words = placement_words(str(move))                   # "5-3 on c4-c5"
        numbers, _, squares = words.partition(" on ")
        x, y = numbers.split("-")
        first, second = squares.split("-")
        assert Placement.make(int(x), first, int(y), second) == move, words
    assert placement_words("3-5@c5c4") == "5-3 on c4-c5"   # as the rules write it
    assert placement_words("pass") == "pass"
    with pytest.raises(ValueError, match="not a placement"):
        placement_words("5-3@c4")
