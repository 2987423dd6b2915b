"""Worked examples of the line games: classic draw dominoes and blank tiles."""
import random

import pytest

from game.logic.agents import GreedyAgent
from game.logic.line.blank import BlankGame
from game.logic.line.classic import ClassicMatch
from game.logic.core import DOUBLE_SIX, PASS, FileFormatError, IllegalMoveError, Tile
from game.logic.line.engine import LineRound
from game.logic.line.laying import LineRules
from game.logic.line.moves import LineMove
from game.logic.variants import new_game


def tiles(text):
    return [Tile.parse(t) for t in text.split()]


def position(hands, line=(), to_move=0, stock=None, totals=None, options=None, rest_to=None):
    """A classic position file; tiles named nowhere go to the stock (or to hand `rest_to`)."""
    named = {t for h in hands for t in tiles(h)} | {Tile.of(*map(int, p.split("|"))) for p in line}
    named |= set(tiles(stock or ""))
    rest = [str(t) for t in DOUBLE_SIX if t not in named]
    hands = [tiles(h) for h in hands]
    stock_list = [str(t) for t in tiles(stock or "")]
    if rest_to is None:
        stock_list += rest
    else:
        hands[rest_to] += [Tile.parse(t) for t in rest]
    q = lambda items: "[" + ", ".join(f'"{i}"' for i in items) + "]"
    text = ['variant = "classic"', f"players = {len(hands)}", f"line = {q(line)}",
            "hands = [", *(f"  {q(map(str, h))}," for h in hands), "]",
            f"stock = {q(stock_list)}", f"to_move = {to_move}"]
    if totals:
        text.append(f"totals = {totals}")
    text.append("[options]")
    for key, value in (options or {}).items():
        text.append(f"{key} = {str(value).lower() if isinstance(value, bool) else value}")
    return ClassicMatch.position_from_text("\n".join(text) + "\n", "pos.toml")


def play(game, *moves):
    for move in moves:
        game.apply(move)
    return game


# ---- moves and the seed's chain ------------------------------------------------------
def test_move_text_round_trips_and_malformed_text_is_refused():
    for text in ["6-6", "3-6R", "0-3L", "_", "_L", "_R", "pass"]:
        assert str(LineMove.parse(text)) == text
    assert str(LineMove.parse("6-3R")) == "3-6R"
    for bad in ["", "7-8R", "3-6X", "36R", "passR", "3-"]:
        with pytest.raises(IllegalMoveError):
            LineMove.parse(bad)


def test_seed_chain_accepts_3_5_right_and_2_6_left():
    game = position(["3-5 2-6 0-0", "1-1"], line=["2|4", "4|1", "1|3"], rest_to=1, stock="")
    assert game.round.ends == (2, 3)
    moves = [str(m) for m in game.legal_moves()]
    assert moves == ["2-6L", "3-5R"]
    assert game.illegal_reason("3-5L") == "neither 5 nor 3 matches the left end 2"
    assert game.illegal_reason("0-0R") == "0-0 fits neither end (2 and 3)"
    assert game.illegal_reason("4-4R") == "4-4 is not in your hand"
    assert game.illegal_reason("pass") == "you have a playable tile, so you cannot pass"
    game.apply("3-5R")
    assert [str(p) for p in game.round.line] == ["2|4", "4|1", "1|3", "3|5"]
    game.undo()
    game.apply("2-6L")
    assert [str(p) for p in game.round.line] == ["6|2", "2|4", "4|1", "1|3"]
    assert game.round.ends == (6, 3)


def test_a_tile_fitting_both_ends_lists_both_sides_even_for_equal_ends():
    game = position(["3-6 0-1", "1-1"], line=["6|6"], rest_to=1, stock="")
    assert [str(m) for m in game.legal_moves()] == ["3-6L", "3-6R"]


# ---- opening -----------------------------------------------------------------------
def test_highest_double_opens_and_must_be_played():
    rnd = LineRound(LineRules(), (0, 1), {0: tiles("4-4 1-2"), 1: tiles("5-5 0-6")}, [])
    assert rnd.current == 1
    assert [str(m) for m in rnd.legal_moves()] == ["5-5"]
    assert rnd.illegal_reason(LineMove(Tile(0, 6))) == "you must open with the highest double 5-5"


def test_without_a_double_the_heaviest_tile_opens():
    rnd = LineRound(LineRules(), (0, 1), {0: tiles("3-6 1-2"), 1: tiles("4-5 0-6")}, [])
    assert rnd.current == 0 and [str(m) for m in rnd.legal_moves()] == ["3-6"]
    assert "heaviest tile 3-6" in rnd.illegal_reason(LineMove(Tile(1, 2)))


def test_dealt_rounds_are_opened_by_the_highest_double_held():
    for seed in range(40):
        game = new_game("classic", 3, seed)
        held = {t: p for p in range(3) for t in game.round.hands[p]}
        top = max(t for t in held if t.is_double)
        assert game.current_player == held[top]
        assert game.legal_moves() == [LineMove(top)]


def test_with_opening_any_the_first_player_opens_every_round_with_any_tile():
    for seed in range(10):
        game = new_game("classic", 2, seed, {"opening": "any", "block": True})
        hand = game.round.hands[0]
        assert game.current_player == 0
        assert game.legal_moves() == [LineMove(t) for t in hand]
        game.apply(LineMove(hand[-1]))
        again = ClassicMatch.position_from_text(game.position_text())
        assert again.options == game.options and again.legal_moves() == game.legal_moves()
        while not game.finished_rounds:
            game.apply(game.legal_moves()[0])
        if not game.is_over():          # the next round: player 0 opens again, as they like
            assert game.current_player == 0 and len(game.legal_moves()) == 7


def test_a_position_must_give_the_move_to_the_opener():
    with pytest.raises(FileFormatError, match="6-6 must open"):
        position(["1-2", "6-6"], to_move=0)


# ---- drawing and passing -------------------------------------------------------------
def test_a_player_who_cannot_play_draws_until_a_tile_fits():
    game = position(["6-6 1-1", "0-1 2-3"], line=["5|6"], stock="0-2 1-3 4-5 2-2")
    game.apply("6-6R")
    assert game.current_player == 1
    assert game.drawn_this_turn == tiles("0-2 1-3 4-5")
    assert sorted(game.round.hands[1]) == tiles("0-1 0-2 1-3 2-3 4-5")
    assert [str(m) for m in game.legal_moves()] == ["4-5L"]
    other, own = game.view(0), game.view(1)
    assert other.drawn_this_turn == 3 and other.drawn_tiles == ()
    assert own.drawn_tiles == tuple(tiles("0-2 1-3 4-5"))
    assert 5 in other.known_missing[1] and 6 in other.known_missing[1]
    game.undo()
    assert game.drawn_this_turn == [] and game.round.hands[1] == tiles("0-1 2-3")
    assert game.round.stock[:4] == tiles("0-2 1-3 4-5 2-2")


def test_forced_pass_when_the_boneyard_is_empty():
    game = position(["6-6 1-1", "0-1 2-3", "3-5 4-4"], line=["5|6"], stock="", rest_to=2)
    game.apply("6-6R")
    assert game.current_player == 1 and game.drawn_this_turn == []
    assert [str(m) for m in game.legal_moves()] == ["pass"]
    assert game.illegal_reason("0-1L") == "0-1 fits neither end (5 and 6)"
    game.apply("pass")
    assert game.current_player == 2


def test_block_option_never_draws():
    game = position(["6-6 4-5", "0-1 2-3"], line=["5|6"], stock="5-5", options={"block": True})
    stock = list(game.round.stock)
    game.apply("6-6R")
    assert game.drawn_this_turn == [] and game.legal_moves() == [PASS]
    assert game.round.stock == stock and len(stock) == 23
    for seed in range(10):
        match = new_game("classic", 2, seed, {"block": True, "limit": 20})
        for _ in range(1000):
            if match.is_over():
                break
            assert match.drawn_this_turn == [] and len(match.round.stock) == 14
            match.apply(match.legal_moves()[0])
        assert match.is_over()


# ---- end of a round and scoring --------------------------------------------------------
# Every 0 tile lies in (or goes into) the line with 0 on both ends, so nobody can follow.
ZERO_LINE = ["0|1", "1|2", "2|0", "0|0", "0|3", "3|4", "4|0", "0|5", "5|6"]


def test_blocked_round_is_detected_at_once_and_each_adds_own_pips():
    game = position(["0-6 1-1 2-2", "3-3"], line=ZERO_LINE, stock="", rest_to=1,
                    options={"limit": 500})
    game.apply("0-6R")
    assert len(game.finished_rounds) == 1
    result = game.finished_rounds[0]
    assert result.reason == "blocked" and result.domino is None
    hand_1 = [Tile.parse(t) for t in game.record()["rounds"][0]["deal"]["hands"][1]]
    rest = sum(t.value for t in hand_1)
    assert result.scores == (6, rest) and game.totals == [6, rest]
    assert [m["move"] for m in game.record()["rounds"][0]["moves"]] == ["0-6R"]
    assert game.round_number == 2 and game.round.line == []


def test_domino_scores_the_others_hands_and_0_0_counts_nothing():
    game = position(["6-6", "0-0 1-1", "2-3"], line=["5|6"], stock="", rest_to=2,
                    totals=[0, 0, 0])
    game.apply("6-6R")
    result = game.finished_rounds[0]
    assert result.reason == "domino" and result.domino == 0
    assert result.scores[:2] == (0, 2)
    assert result.scores[2] == sum(t.value for t in DOUBLE_SIX) - 11 - 12 - 2


def test_elimination_at_the_limit_with_three_players():
    game = position(["6-6", "0-0", "1-2"], line=["5|6"], stock="", rest_to=2,
                    totals=[10, 149, 20], options={"limit": 150})
    game.apply("6-6R")
    assert game.totals[:2] == [10, 149] and game.eliminated == [2]
    assert not game.is_over() and game.round.seats == (0, 1)
    assert len(game.round.hands[0]) == len(game.round.hands[1]) == 7
    assert len(game.round.stock) == 14 and game.round.hands.get(2) is None
    assert game.view(2).hand == () and game.view(0).hand_sizes[2] == 0
    assert game.record()["rounds"][1]["active"] == [0, 1]


def test_a_total_exactly_at_the_limit_is_out():
    game = position(["6-6", "0-0 1-1", "1-2"], line=["5|6"], stock="", rest_to=2,
                    totals=[0, 148, 0], options={"limit": 150})
    game.apply("6-6R")
    assert game.totals[1] == 150 and game.eliminated[0] == 1


def test_elimination_with_four_players_deals_to_three():
    game = position(["6-6", "0-0", "1-2", "0-1"], line=["5|6"], stock="", rest_to=3,
                    totals=[0, 0, 0, 99], options={"limit": 100})
    game.apply("6-6R")
    assert game.eliminated == [3] and game.round.seats == (0, 1, 2)
    assert len(game.round.stock) == 7
    rest = [p for p in range(3) for _ in game.round.hands[p]]
    assert len(rest) == 21


def test_last_player_left_wins():
    game = position(["6-6", "1-2"], line=["5|6"], stock="", rest_to=1, totals=[149, 10])
    game.apply("6-6R")
    assert game.outcome().winner == 0 and game.outcome().reason == "eliminated"
    assert game.legal_moves() == [] and game.current_player is None
    assert game.illegal_reason("pass") == "the game is over"


def test_players_out_in_the_same_round_lowest_total_wins_and_equal_is_a_draw():
    # 0-6 blocks the round: player 0 keeps 32 pips, player 1 keeps the rest (94 pips).
    def blocked_round(totals):
        game = position(["0-6 6-6 5-5 4-6", "3-3"], line=ZERO_LINE, stock="", rest_to=1,
                        totals=totals, options={"limit": 150})
        return game.apply("0-6R") and game

    game = blocked_round([140, 100])
    assert game.finished_rounds[0].scores == (32, 94)
    assert set(game.finished_rounds[0].out) == {0, 1}
    assert game.totals == [172, 194]
    assert game.outcome().winner == 0 and game.outcome().reason == "all out"
    draw = blocked_round([128, 66])
    assert draw.totals == [160, 160] and draw.outcome().winner is None
    three = position(["0-6 6-6 5-5 4-6", "3-3", "1-1"], line=ZERO_LINE, stock="", rest_to=1,
                     totals=[140, 100, 0])
    three.apply("0-6R")
    assert three.outcome().winner == 2 and three.outcome().reason == "eliminated"


def test_rounds_after_the_first_are_dealt_from_the_seed_and_undo_crosses_them():
    game = new_game("classic", 2, 7, {"limit": 400})
    while not game.finished_rounds:
        game.apply(game.legal_moves()[0])
    second = game.record()["rounds"][1]
    again = new_game("classic", 2, 7, {"limit": 400})
    while not again.finished_rounds:
        again.apply(again.legal_moves()[0])
    assert again.record()["rounds"][1]["deal"] == second["deal"]
    before = game.record()
    move = game.undo()
    assert game.finished_rounds == [] and len(game.record()["rounds"]) == 1
    game.apply(move)
    assert game.record() == before


# ---- records -------------------------------------------------------------------------------
def test_from_record_names_the_round_and_move_of_an_illegal_move():
    game = new_game("classic", 2, 3, {"limit": 60})
    for _ in range(5):
        game.apply(game.legal_moves()[-1])
    record = game.record()
    record["rounds"][0]["moves"][3]["move"] = "pass"
    with pytest.raises(IllegalMoveError, match="round 1, move 4"):
        ClassicMatch.from_record(record)
    record["rounds"][0]["moves"][3]["move"] = "9-9R"
    with pytest.raises(IllegalMoveError, match="round 1, move 4"):
        ClassicMatch.from_record(record)
    assert game.illegal_reason("9-9R").startswith("9-9 is not a double-six tile")
    assert game.illegal_reason("hello").startswith("not a move")


def test_from_record_refuses_moves_after_the_end_of_a_round():
    game = new_game("classic", 2, 3, {"limit": 500})
    while not game.finished_rounds:
        game.apply(game.legal_moves()[0])
    record = game.record()
    record["rounds"][0]["moves"].append(record["rounds"][0]["moves"][-1])
    with pytest.raises(IllegalMoveError, match="the round is already over"):
        ClassicMatch.from_record(record)


def test_from_record_uses_the_recorded_deal_not_the_seed():
    game = new_game("classic", 2, 3)
    record = game.record()
    record["seed"] = 99
    assert ClassicMatch.from_record(record).round.hands == game.round.hands


# ---- views and the greedy player -----------------------------------------------------------
def test_views_are_snapshots_and_hide_other_hands():
    game = new_game("classic", 3, 11)
    player = game.current_player
    view = game.view(player)
    other = game.view((player + 1) % 3)
    assert view.legal_moves() == game.legal_moves() and other.legal_moves() == []
    assert other.hand == tuple(game.round.hands[(player + 1) % 3])
    game.apply(game.legal_moves()[0])
    assert view.line == () and view.current_player == player
    assert len(view.hand) == 7


def test_greedy_leaves_ends_the_next_player_showed_they_lack():
    game = position(["6-6 3-4 0-4 2-6", "0-1 2-3"], line=["5|6"], stock="0-2 1-3 4-5 2-2")
    game.apply("6-6R")          # player 1 cannot follow 5 or 6, draws up to 4-5
    game.apply("4-5L")
    view = game.view(0)
    assert view.known_missing[1] == {5, 6}
    score = ClassicMatch.heuristic
    # 2-6R sheds more pips, but 3-4L keeps a 6 (which player 1 lacks) on an end.
    assert score(view, LineMove.parse("3-4L")) > score(view, LineMove.parse("2-6R"))
    assert score(view, LineMove.parse("2-6R")) > score(view, LineMove.parse("0-4L"))
    assert str(GreedyAgent().choose(view, random.Random(1))) == "3-4L"


# ---- blank tiles -----------------------------------------------------------------------------
def test_blank_tiles_a_double_lets_its_player_play_again_or_stop():
    """"he or she may play again": after each blank tile (a double) the player lays
    another or ends the turn with `stop`; by default one extra play a turn."""
    game = new_game("blank", 3, 0)
    assert game.options["one_extra"] is True
    assert [str(m) for m in game.legal_moves()] == ["_"]
    assert "only when a double has earned" in game.illegal_reason("stop")
    game.apply("_")
    assert game.current_player == 0 and [str(m) for m in game.legal_moves()] == ["_L", "_R", "stop"]
    assert "cannot pass" in game.illegal_reason("pass")
    game.apply("_L")                    # the extra play taken: the turn is over
    assert game.current_player == 1 and "stop" not in map(str, game.legal_moves())
    game.apply("_R")
    game.apply("stop")                  # the extra play declined
    assert game.current_player == 2 and len(game.round.hand_tiles(1)) == 6
    record = game.record()
    assert [m["move"] for m in record["moves"]] == ["_", "_L", "_R", "stop"]
    assert BlankGame.from_record(record).record() == record
    game.undo()
    assert game.current_player == 1 and str(game.legal_moves()[-1]) == "stop"


def test_blank_tiles_the_seeds_example_goes_round_the_table():
    """The source's example: three players, player 1 opens in the centre, then each turn
    one tile to the left or right of the line, until player 1 lays the last tile and
    wins. Each player here ends the turn after one tile (`stop`). The example's passes
    ("cannot make a valid move") cannot happen: a blank tile fits either end."""
    game = new_game("blank", 3, 5)
    example = [(0, "_"), (1, "_L"), (2, "_R"), (0, "_R")]      # its steps 2 to 5
    for player, move in example:
        assert game.current_player == player
        game.apply(move)
        game.apply("stop")
    assert game.current_player == 1 and "cannot pass" in game.illegal_reason("pass")
    while not game.is_over():           # round the table, one tile a turn
        game.apply("_L")
        if not game.is_over():
            game.apply("stop")
    outcome = game.outcome()
    assert outcome.winner == 0 and outcome.scores == (0, 1, 1)
    assert [p for p, m in game.moves_played() if str(m) != "stop"] == [0, 1, 2] * 6 + [0]


def test_blank_tiles_one_extra_off_lets_every_tile_go_on_until_stop():
    game = new_game("blank", 2, 0, {"one_extra": False})
    play(game, "_", "_L", "_R")
    assert game.current_player == 0 and game.round.extra_plays == 3
    assert str(game.legal_moves()[-1]) == "stop"
    game.apply("stop")
    assert game.current_player == 1


def test_computers_take_every_extra_play_and_easy_sometimes_stops():
    from game.logic.agents import make_agent
    game = new_game("blank", 2, 0)
    game.apply("_")
    view = game.view(0)
    rng = random.Random(2)
    for level in ("greedy", "hard"):
        assert {str(make_agent(level).choose(view, rng)) for _ in range(20)} <= {"_L", "_R"}
    assert "stop" in {str(make_agent("random").choose(view, rng)) for _ in range(40)}


def test_blank_tiles_without_doubles_alternate_and_the_emptier_wins():
    game = new_game("blank", 2, 0, {"doubles": False})
    players = []
    while not game.is_over():
        players.append(game.current_player)
        game.apply(game.legal_moves()[-1])
    assert players == [0, 1] * 6 + [0]
    assert game.outcome().winner == 0 and game.outcome().scores == (0, 1)
    assert game.illegal_reason("3-5L") == "the game is over"


def test_blank_refuses_pip_tiles():
    game = new_game("blank", 2, 0)
    assert game.illegal_reason("3-5") == "3-5 is not in your hand"
    with pytest.raises(IllegalMoveError):
        game.apply("_L")


# ---- position files --------------------------------------------------------------------------
def test_position_files_round_trip():
    game = new_game("classic", 3, 5, {"limit": 90})
    for _ in range(7):
        game.apply(game.legal_moves()[0])
    text = game.position_text()
    again = ClassicMatch.position_from_text(text)
    assert again.position_text() == text
    assert again.legal_moves() == game.legal_moves()
    assert again.view(1).line == game.view(1).line
    blank = play(new_game("blank", 2, 0, {"one_extra": True}), "_", "_L", "_R")
    copy = BlankGame.position_from_text(blank.position_text())
    assert copy.position_text() == blank.position_text() and copy.current_player == 1


@pytest.mark.parametrize("change, line, message", [
    (('"1-2"', '"7-2"'), 8, "'7-2' is not a double-six tile"),
    (('"1-2"', '"0-0"'), 8, "0-0 appears twice"),
    (('"6|6"', '"5|5"'), 6, "5|6 and 5|5 do not join (6 next to 5)"),
    (("to_move = 0\n", ""), None, "missing 'to_move'"),
    (("limit = 150", "limits = 3"), 14, "unknown option 'limits'"),
    (("players = 2", "players = 5"), 2, "2 to 4 players, not 5"),
])
def test_position_errors_name_the_line(change, line, message):
    text = position(["0-0 1-2 4-5", "1-1"], line=["5|6", "6|6"]).position_text()
    lines = text.splitlines()
    assert lines[7] == '  ["0-0", "1-2", "4-5"],' and lines[13] == "[options]"
    with pytest.raises(FileFormatError) as err:
        ClassicMatch.position_from_text(text.replace(*change), "bad.toml")
    assert message in str(err.value)
    assert str(err.value).startswith(f"bad.toml:{line}: " if line else "bad.toml: ")


def test_games_from_positions_record_and_replay_exactly():
    game = position(["6-6 1-1 4-5", "0-1 2-3"], line=["5|6"], stock="0-2 1-3 3-5 2-2",
                    totals=[20, 30], options={"limit": 60})
    while not game.is_over():
        game.apply(game.legal_moves()[-1])
    record = game.record()
    assert record["start"] == {"totals": [20, 30], "round": 1}
    assert record["rounds"][0]["start"] == {"line": ["5|6"], "to_move": 0}
    again = ClassicMatch.from_record(record)
    assert again.record() == record and again.outcome() == game.outcome()
    blank = play(new_game("blank", 2, 0, {"one_extra": True}), "_")
    assert blank.current_player == 0 and blank.round.extra_plays == 1
    copy = BlankGame.position_from_text(blank.position_text())
    assert "extra_plays = 1" in blank.position_text()
    copy.apply("_R")
    assert copy.current_player == 1
    while not copy.is_over():
        copy.apply("_L")
    assert BlankGame.from_record(copy.record()).record() == copy.record()


def test_a_record_whose_deal_is_not_the_tile_set_is_refused():
    record = new_game("classic", 2, 4).record()
    record["rounds"][0]["deal"]["stock"][0] = record["rounds"][0]["deal"]["stock"][1]
    with pytest.raises(FileFormatError, match="round 1: bad deal"):
        ClassicMatch.from_record(record)


def test_clones_are_independent():
    game = new_game("classic", 2, 9)
    twin = game.clone()
    twin.apply(twin.legal_moves()[0])
    assert game.round.line == [] and len(twin.round.line) == 1
    twin.undo()
    assert twin.record() == game.record()


def test_position_files_on_disk_load_through_the_shared_loader(tmp_path):
    from game.logic.positions import load_position
    game = new_game("classic", 2, 8, {"block": True})
    game.apply(game.legal_moves()[0])
    path = tmp_path / "mid-round.toml"
    path.write_text(game.position_text())
    loaded = load_position(path)
    assert isinstance(loaded, ClassicMatch) and loaded.options["block"] is True
    assert loaded.legal_moves() == game.legal_moves()
    path.write_text(game.position_text().replace("to_move", "to_mve"))
    with pytest.raises(FileFormatError, match="unknown key 'to_mve'"):
        load_position(path)
