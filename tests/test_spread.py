"""Spread (open-board game 54): the rules as worked examples on small positions."""
from __future__ import annotations

import json
import random

import pytest

from game.logic.cli import main
from game.logic.core import PASS, DominoError, FileFormatError, IllegalMoveError, Tile
from game.logic.levels import layout_from_file, list_layouts, load_layout
from game.logic.spread.game import SpreadGame
from game.logic.tiles import OPEN_BOARD_SET
from game.logic.variants import new_game


def every_tile_but(*groups):
    """The open-board set minus the tiles named in `groups` (lists of texts)."""
    rest = list(OPEN_BOARD_SET.elements)
    for group in groups:
        for text in group:
            rest.remove(Tile.parse(text))
    return [str(t) for t in rest]


def position(placed=(), hands=(("3-5",), ()), players=2, options=None, **keys):
    hands = [list(h) for h in hands]
    data = {"variant": "open54", "players": players, "placed": list(placed), "hands": hands,
            "pack": keys.pop("pack", None), "to_move": keys.pop("to_move", 0), **keys}
    used = [p.split("@")[0] for p in placed] + [t for h in hands for t in h] + \
        data.get("set_aside", [])
    if data["pack"] is None:
        data["pack"] = every_tile_but(used)
    if options:
        data["options"] = options
    return SpreadGame.from_position(data)


def test_the_set_is_32_elements_with_four_added_doubles():
    assert len(OPEN_BOARD_SET) == 32
    assert sum(t.value for t in OPEN_BOARD_SET.elements) == 192
    for double in ("0-0", "2-2", "4-4", "6-6"):
        assert OPEN_BOARD_SET.counts[Tile.parse(double)] == 2
    game = new_game("open54", 2, 5)
    assert (game.shape.width, game.shape.height) == (8, 16)
    record = game.record()
    assert len(record["deal"]["pack"]) == 32 and record["deal"]["hands"] == [[], []]


def test_a_turn_turns_up_the_top_tile_into_the_hand_first():
    game = new_game("open54", 2, 11)
    first = Tile.parse(game.record()["deal"]["pack"][0])
    assert game.hands[0] == [first] and game.turned_up == first
    view = game.view(1)
    assert view.turned_up == first and view.hand == () and view.hand_sizes == (1, 0)
    assert view.pack_size == 31
    # the first tile may go anywhere on the board
    assert len(game.legal_moves()) > 200 and PASS not in game.legal_moves()
    move = game.legal_moves()[0]
    game.apply(move)
    assert game.hands[0] == [] and game.current_player == 1 and len(game.hands[1]) == 1
    assert game.undo() == move and game.hands[0] == [first] and game.hands[1] == []


def test_every_touching_pair_must_be_equal():
    # 3-5 stands on d8 (3) and d9 (5); a tile beside it must match on every contact
    game = position(["3-5@d8d9"], hands=[["3-3", "5-6", "1-3"], []])
    assert game.is_legal("3-3@e8f8")            # its 3 touches the 3 on d8
    assert game.is_legal("5-6@e9f9")
    assert game.illegal_reason("1-3@e9e8") == \
        "the 1 on e9 touches 5: every touching number must be a 1"
    assert game.illegal_reason("1-3@e8e9") == \
        "the 1 on e8 touches 3: every touching number must be a 1"
    # side to side and end to side count too: 4-4 beside 4-4 touches twice
    game = position(["4-4@d8d9"], hands=[["4-4", "4-6"], []])
    assert game.is_legal("4-4@e8e9")
    assert game.illegal_reason("4-6@e8e9") == \
        "the 6 on e9 touches 4: every touching number must be a 6"
    assert game.illegal_reason("5-5@d10e10") == "you do not have 5-5"


def test_after_the_first_tile_every_tile_needs_a_contact():
    game = position(["3-5@d8d9"], hands=[["1-2"], []])
    assert game.illegal_reason("1-2@a1a2") == "the tile must touch a tile already on the board"
    assert game.legal_moves() == [PASS]
    # diagonal corners do not touch
    game = position(["3-5@d8d9"], hands=[["3-4"], []])
    assert not game.is_legal("3-4@e7f7")
    assert game.is_legal("3-4@d7d6") and str(game.parse_move("3-4@d7d6")) == "4-3@d6d7"


def test_a_pass_only_when_nothing_fits_and_the_game_ends_when_all_pass_with_no_pack():
    game = position(["3-5@d8d9"], hands=[["1-2"], ["0-1"]])
    game.pack = []              # nothing more to turn up
    assert game.illegal_reason("pass") is None
    game.apply(PASS)
    assert not game.is_over() and game.current_player == 1
    game.apply(PASS)
    outcome = game.outcome()
    assert outcome.scores == (1, 1) and outcome.winner is None and outcome.reason == "blocked"
    assert game.legal_moves() == [] and game.illegal_reason("pass") == "the game is over"
    game = position(["3-5@d8d9"], hands=[["3-3"], ["0-1"]])
    assert game.illegal_reason(PASS) == "you cannot pass: a tile in your hand can be laid"


def test_whoever_turns_up_the_last_tile_still_gets_a_turn_after_passes():
    game = position(["3-5@d8d9"], hands=[["1-2"], ["0-1"]])
    game.pack, game.drawn = [Tile.parse("1-1"), Tile.parse("3-3")], 0
    game.apply(PASS)            # player 0: nothing fits, tiles still to come
    game.apply(PASS)            # player 1 turned up 1-1: nothing fits
    # Player 0 turns up the last tile, 3-3: the two passes came with tiles to come, so
    # the game goes on and 3-3 may be laid beside the 3.
    assert not game.is_over() and game.current_player == 0 and game.passes == 0
    assert game.is_legal("3-3@d6d7")
    game.undo()
    assert game.passes == 1 and game.current_player == 1


def test_fewest_tiles_wins():
    game = position(["3-5@d8d9"], hands=[["1-2", "1-1"], ["0-1"]])
    game.pack = []
    game.apply(PASS)
    game.apply(PASS)
    assert game.outcome().winner == 1 and game.outcome().scores == (2, 1)


def test_face_down_doubles_cannot_be_touched():
    options = {"face_down": True}
    game = position([], hands=[["4-4", "4-5"], []], options=options)
    game.apply("4-4@d8d9")
    assert game.face_down_squares == {game.shape.index["d8"], game.shape.index["d9"]}
    # no face-up tile yet: the next tile needs no contact, but may not touch the double
    game.hands[1] = [Tile.parse("4-5")]
    assert game.illegal_reason("4-5@e8e9") == "e8 touches a face-down double"
    assert game.is_legal("4-5@a1a2")
    view = game.view(1)
    assert view.face_down == frozenset(game.face_down_squares)
    game.apply("4-5@a1a2")
    game.hands[0] = [Tile.parse("1-6")]
    assert game.illegal_reason("1-6@g1g2") == "the tile must touch a tile already on the board"


def test_blocked_shares_take_no_tile_and_are_no_contact():
    game = position([], hands=[["3-5"], []], layout="corners")
    assert game.illegal_reason("3-5@a1b1") == "a1 is a blocked square"
    game.apply("3-5@c1c2")
    game.hands[1] = [Tile.parse("1-2")]
    assert game.illegal_reason("1-2@b3b4") == "the tile must touch a tile already on the board"
    record = game.record()
    assert record["position"]["layout"] == "corners"


def test_layouts_are_level_files_with_whole_shares(tmp_path):
    names = [e.name for e in list_layouts("open54") if e.error is None]
    assert names[0] == "standard" and len(names) >= 5
    assert all(e.error is None for e in list_layouts("open54"))
    diamond = load_layout("diamond", "open54")
    assert (diamond.width, diamond.height) == (8, 16) and len(diamond.blocked) == 24
    # the diamond is symmetric both ways
    mirrored = {f"{'abcdefgh'[7 - 'abcdefgh'.index(n[0])]}{17 - int(n[1:])}"
                for n in diamond.blocked}
    assert mirrored == set(diamond.blocked)
    bad = tmp_path / "half.toml"
    rows = ["........"] * 16
    rows[3] = "..#....."
    bad.write_text('name = "Half"\ngrid = """\n' + "\n".join(rows) + '\n"""\n')
    with pytest.raises(FileFormatError) as err:
        layout_from_file(bad, "open54")
    assert str(err.value) == (f"{bad}:6: file c is blocked in one square of a board cell but "
                              "not in the other: a blocked share covers both squares of its cell")


def test_a_game_from_a_preset_records_its_blocked_squares():
    game = new_game("open54", 2, 3, {"layout": "pillars"})
    blocked = game.record()["deal"]["blocked"]
    assert len(blocked) == 8 and "c11" in blocked and "c12" in blocked
    record = game.record()
    record["deal"]["blocked"] = blocked[:-1]
    with pytest.raises(DominoError, match="the record says otherwise"):
        SpreadGame.from_record(record)


def test_three_players_lay_the_two_surplus_tiles_before_play():
    game = new_game("open54", 3, 8)
    record = game.record()
    laid = record["deal"]["laid"]
    assert len(laid) == 2 and len(record["deal"]["pack"]) == 30
    first = laid[0].split("@")[1]
    assert {first[:2], first[2:]} <= {"d8", "e8", "d9", "e9"}
    # the second lies at the first legal place of its tile, in text order
    fresh = SpreadGame(3, game.layout, game.options, None)
    fresh.lay_surplus([Tile.parse(laid[0].split("@")[0])])
    tile = Tile.parse(laid[1].split("@")[0])
    fresh.hands[0] = [tile]
    first_legal = fresh.legal_moves()[0]
    assert laid[1] == (str(tile) if first_legal == PASS else str(first_legal))
    assert game.view(0).laid == tuple(laid)
    assert len(game.view(0).placed) == sum("@" in t for t in laid)
    # replay checks the laid tiles
    record["deal"]["laid"] = [laid[1], laid[0]]
    with pytest.raises(DominoError, match="surplus tiles are laid"):
        SpreadGame.from_record(record)


def test_dealt_hands_lay_from_the_hand_and_turn_up_only_when_nothing_fits():
    game = position(["3-5@d8d9"], hands=[["3-3", "1-2"], ["0-1"]], options={"dealt": 2},
                    pack=None)
    assert game.turned_up is None and game.legal_moves()[0].tile == Tile.parse("3-3")
    game.apply("3-3@c8c7")
    # player 1 holds 0-1, which fits nowhere: the top of the pack is turned up for them
    assert game.turned_up is not None and len(game.hands[1]) == 2
    moves = game.legal_moves()
    assert moves == [PASS] or {m.tile for m in moves} == {game.turned_up}


def test_the_first_to_empty_the_hand_wins_at_once_with_dealt_hands():
    game = position(["3-5@d8d9"], hands=[["3-3"], ["0-1", "1-1"]], options={"dealt": 1})
    game.apply("3-3@c8b8")
    outcome = game.outcome()
    assert outcome.winner == 0 and outcome.reason == "domino" and outcome.scores == (0, 2)


def test_position_files_round_trip_and_refuse_what_breaks_the_set(tmp_path):
    game = new_game("open54", 3, 4, {"face_down": True})
    rng = random.Random(4)
    for _ in range(12):
        game.apply(rng.choice(game.legal_moves()))
    text = game.position_text()
    again = SpreadGame.position_from_text(text, "p.toml")
    assert again.position_text() == text and again.legal_moves() == game.legal_moves()
    broken = text.replace('"pack": [', '"pack": ["0-0", ', 1) if '"pack"' in text else None
    broken = text.replace("pack = [", 'pack = ["6-6", "6-6", ', 1)
    with pytest.raises(FileFormatError, match=r"p\.toml:\d+: tile 6-6 appears 3 times"):
        SpreadGame.position_from_text(broken, "p.toml")
    with pytest.raises(FileFormatError, match="unknown key 'bogus'"):
        SpreadGame.position_from_text(text + "bogus = 3\n".join(["", ""]) if False else
                                      "bogus = 3\n" + text, "p.toml")
    path = tmp_path / "spread.toml"
    path.write_text(text)
    assert main(["legal", str(path)]) == 0


def test_placed_tiles_must_be_legal_in_the_order_given():
    with pytest.raises(FileFormatError, match="cannot lie there in this order: the tile must "
                                              "touch a tile already on the board"):
        position(["3-5@d8d9", "1-2@a1a2"], hands=[[], []])


def test_selfplay_and_replay_from_the_command_line(tmp_path, capsys):
    games = tmp_path / "games.jsonl"
    for players in (2, 3, 4):
        assert main(["selfplay", "open54", "--games", "3", "--players", str(players),
                     "--ai", "greedy" if players == 2 else "random"]) == 0
        games.write_text(capsys.readouterr().out)
        assert main(["replay", str(games)]) == 0
        assert "3 games replayed" in capsys.readouterr().out
    record = json.loads(games.read_text().splitlines()[0])
    record["moves"][2]["move"] = "6-6@a1a2"
    games.write_text(json.dumps(record) + "\n")
    assert main(["replay", str(games)]) == 1


def test_moves_are_deduplicated_when_a_hand_holds_a_tile_twice():
    game = position([], hands=[["0-0", "0-0"], []])
    moves = [str(m) for m in game.legal_moves()]
    assert len(moves) == len(set(moves)) and moves == sorted(moves)
    assert moves[0] == "0-0@a10a11" and "0-0@a1a2" in moves
    game.apply("0-0@a1a2")
    assert game.hands[0] == [Tile.parse("0-0")]
    with pytest.raises(IllegalMoveError, match="you do not have 0-0"):
        game.apply("0-0@a3a4")          # player 1's turn now
    game.undo()
    assert game.hands[0] == [Tile.parse("0-0")] * 2


def test_every_tile_turned_up_is_seen_by_everyone_until_it_is_laid():
    """A turned-up tile shows to the table before it joins the hand: each view lists it
    under its holder (`seen`) until it is laid; undo takes that back too."""
    game = new_game("open54", 2, 5)
    rng = random.Random(5)
    history = []
    while not game.is_over():
        for player in range(2):
            view = game.view(player)
            assert [list(h) for h in view.seen] == game.seen
            assert not game.dealt and sorted(game.seen[player]) == sorted(game.hands[player])
        history.append([list(h) for h in game.seen])
        game.apply(rng.choice(game.legal_moves()))
    while game.moves_played():
        game.undo()
        assert game.seen == history.pop()


def test_dealt_tiles_stay_secret_and_turned_up_ones_do_not():
    game = position(["3-5@d8d9"], hands=[["3-3", "1-2"], ["0-1"]], options={"dealt": 2})
    assert game.seen == [[], []] and game.secret_tiles(1) == (Tile.parse("0-1"),)
    game.apply("3-3@c8c7")          # player 1 has nothing that fits: a tile is turned up
    turned = game.turned_up
    assert game.seen[1] == [turned] and game.view(0).seen[1] == (turned,)
    assert game.secret_tiles(1) == (Tile.parse("0-1"),)
    game.undo()
    assert game.seen == [[], []]


def test_seen_tiles_are_kept_in_position_files_and_checked():
    game = new_game("open54", 2, 8)
    rng = random.Random(8)
    while not any(len(h) > 1 for h in game.seen):
        game.apply(rng.choice(game.legal_moves()))
    text = game.position_text()
    again = SpreadGame.position_from_text(text, "p.toml")
    assert again.seen == game.seen and again.view(0).seen == game.view(0).seen
    holder = next(p for p, h in enumerate(game.seen) if h)
    stranger = [t for t in OPEN_BOARD_SET.elements if t not in game.hands[holder]][0]
    lists = [[str(t) for t in h] for h in game.seen]
    lists[holder].append(str(stranger))
    wrong = text.replace(f"seen = {json.dumps([[str(t) for t in h] for h in game.seen])}",
                         f"seen = {json.dumps(lists)}")
    assert wrong != text
    with pytest.raises(FileFormatError, match=rf"p\.toml:\d+: seen: player {holder} does not "
                                              rf"hold {stranger}"):
        SpreadGame.position_from_text(wrong, "p.toml")
