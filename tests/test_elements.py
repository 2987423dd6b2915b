"""The element board and what the moving games (open-board games 1, 3, 4) share: element
texts, contacts and captures, moves and refusals, level files, positions, records, views,
the greedy player and seeded random games under every option set."""
from __future__ import annotations

import json
import pickle
import random

import pytest

from game.logic.cli import main
from game.logic.core import PASS, DominoError, FileFormatError, IllegalMoveError, OptionError
from game.logic.elements import files
from game.logic.elements.board import Element, ElementBoard, parse_element
from game.logic.elements.moves import element_move_words
from game.logic.elements.positions import game_at
from game.logic.agents import make_agent, play_out
from game.logic.levels import layout_folder
from game.logic.variants import VARIANTS, find_variant, new_game

from test_every_variant import check_position

OURS = ("open1", "open3", "open4")


def at(variant, *texts, **keys):
    options = keys.pop("options", None)
    return game_at(find_variant(variant), texts, options, **keys)


def texts_of(game):
    return game.board.texts()


# ---- elements and contacts ------------------------------------------------------------------
def test_element_texts_read_and_write():
    square, element = parse_element("c2:0:3-5")
    assert square == 10 and element == Element(0, 3, 5) and element.arrow == 1
    assert element.forward == 5 and element.text("c2") == "c2:0:3-5" and element.token() == "s35"
    square, element = parse_element("d1:0:0-0*")
    assert square == 3 and element.face_down and element.text("d1") == "d1:0:0-0*"
    _, north = parse_element("e7:1:2-6")
    assert north.arrow == -1 and north.forward == 2 and north.token() == "n26"
    for bad in ("c2:2:3-5", "c9:0:3-5", "c2-0-3-5", "c2:0:3-5^"):
        with pytest.raises(ValueError):
            parse_element(bad)
    assert parse_element("e4:1:2-6^", arrows=True)[1].arrow == 1


def test_a_move_captures_to_the_north_and_to_the_south_at_once():
    # the south player's 3-5 steps to d4: its 5 faces the north player's 5 on d5 (south
    # end) and its 3 faces the 3 on d3 (north end): both go
    game = at("open3", "c4:0:3-5", "d5:1:5-1", "d3:1:2-3", "h8:1:6-6", "a1:0:6-6")
    game.apply("c4-d4")
    assert texts_of(game) == ["a1:0:6-6", "d4:0:3-5", "h8:1:6-6"]
    assert game.captures == [2, 0] and game.pips == [11, 0] and game.quiet == 0
    view = game.view(1)
    assert view.last_captured == ("d5:1:5-1", "d3:1:2-3") and str(view.last_move) == "c4-d4"
    game.undo()
    assert texts_of(game) == ["a1:0:6-6", "d3:1:2-3", "c4:0:3-5", "d5:1:5-1", "h8:1:6-6"]
    assert game.captures == [0, 0] and game.pips == [0, 0]


def test_only_the_facing_numbers_count_and_sides_do_not_touch():
    # d5's south number is 1, not 5: no capture; e4 beside d4 touches nothing
    game = at("open3", "c4:0:3-5", "d5:1:1-5", "e4:1:5-5", "a8:1:6-6", "a1:0:6-6")
    game.apply("c4-d4")
    assert game.captures == [0, 0] and game.quiet == 1


def test_equal_numbers_between_own_elements_do_nothing():
    game = at("open3", "c4:0:3-5", "d5:0:5-1", "d3:0:2-3", "h8:1:1-6")
    game.apply("c4-d4")
    assert len(texts_of(game)) == 4 and game.captures == [0, 0]


def test_a_capture_needs_the_mover_to_bring_the_contact():
    # the north player's element arrives: it is the one that captures
    game = at("open3", "d4:0:3-5", "e6:1:5-1", "a1:0:1-1", to_move=1)
    game.apply("e6-d5")
    assert texts_of(game) == ["a1:0:1-1", "d5:1:5-1"] and game.captures == [0, 1]


def test_the_no_capture_test_of_the_board():
    board = ElementBoard.of([parse_element("a1:0:1-2"), parse_element("h8:1:3-4")])
    assert not board.capture_possible()
    board.put(9, Element(1, 2, 5))                  # its south 2 could meet a north 2
    assert board.capture_possible()
    board = ElementBoard.of([parse_element("a1:0:1-2"), parse_element("h8:1:1-4*")])
    assert not board.capture_possible()


# ---- moves and refusals ----------------------------------------------------------------------
def test_moves_are_said_in_words_naming_their_squares_in_order():
    game = at("open4", "c1:0:1-2", "d2:0:0-0", "d4:0:3-3", "a8:1:1-1")
    chains = 0
    for move in game.legal_moves():
        words = element_move_words(str(move))
        squares = words.replace(", then to ", " to ").split(" to ")
        assert "-".join(squares) == str(move), words
        chains += len(move.path) > 2
    assert chains and element_move_words(PASS) == "pass"
    with pytest.raises(IllegalMoveError, match="x9 is off the board"):
        element_move_words("c2-x9")


def test_move_texts_parse_and_refuse_in_one_line():
    game = new_game("open3", 2, 1)
    assert str(game.parse_move("A2-A3")) == "a2-a3" and game.parse_move("pass") is PASS
    move = game.parse_move("a2-a3")
    assert game.parse_move(move) is move
    for text, reason in (("a2", "a move is a from and a to square like c2-c3, or a jump chain "
                                "like c3-e5-c7"),
                         ("a2-z9", "z9 is off the board"),
                         ("a2-a2", "a move must leave its square"),
                         ("a2-x", "'x' is not a square (a file a-h and a rank 1-8, like c4)")):
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(text)
        assert refused.value.reason == reason
    for text, reason in (("a3-a4", "there is no element on a3"),
                         ("a7-a6", "the element on a7 is your opponent's"),
                         ("a1-a2", "a2 is taken"),
                         ("a2-a4", "an element moves one square, in any of the eight directions"),
                         ("a2-a3-a4", "a move names only its from and to squares here; only "
                                      "Diagonals chains jumps"),
                         ("pass", "you cannot pass: you have a move")):
        assert game.illegal_reason(text) == reason


def test_every_variant_is_registered_with_its_level_folder():
    for name, title in zip(OURS, ("Test element", "Capture", "Diagonals")):
        entry = VARIANTS[name]
        assert entry.scene == "board" and entry.levels == name and entry.legend
        assert find_variant(name).title == title and find_variant(name).rules_text


# ---- level files ------------------------------------------------------------------------------
SHIPPED = {"open1": {"standard": "halves", "crossed": "halves", "reduced-0-4": "0-4",
                     "reduced-0-5": "0-5"},
           "open3": {"standard": "halves", "crossed": "halves", "reduced-0-4": "0-4",
                     "reduced-0-5": "0-5"},
           "open4": {"standard": "0-3", "crossed": "0-3", "halves": "0-5-halves"}}


@pytest.mark.parametrize("variant", OURS)
def test_every_shipped_start_loads_and_is_fair(variant):
    cls = find_variant(variant)
    entries = files.list_starts(cls)
    assert entries[0].name == "standard"
    assert {e.name: e.level.set_name for e in entries if not e.error} == SHIPPED[variant]
    for entry in entries:
        assert entry.error is None, entry.error
        start = entry.level
        assert start.title and start.description
        sides = [[e for _, e in start.placed if e.owner == o] for o in (0, 1)]
        # the numbers facing the opponent are the same on both sides, and add up to
        # about half of each side's pips
        forwards = [sorted(e.forward for e in side if not e.face_down) for side in sides]
        assert forwards[0] == forwards[1]
        for side in sides:
            total = sum(e.value for e in side)
            assert abs(2 * sum(e.forward for e in side) - total) <= 1
    for path in layout_folder(variant).glob("*.toml"):
        assert "Legend" in path.read_text()


def test_the_standard_halves_hold_every_digit_equally_often():
    start = files.load_start(find_variant("open3"), "standard")
    for owner in (0, 1):
        digits = [n for _, e in start.placed if e.owner == owner for n in (e.south, e.north)]
        assert sum(digits) == 96
        assert [digits.count(d) for d in range(7)] == [5, 4, 5, 4, 5, 4, 5]


GOOD_BOARD = files.load_start(find_variant("open3"), "standard")


def level(board_lines, set_name="halves", extra=""):
    rows = "\n".join(board_lines)
    return (f'# Legend: see the shipped files\nname = "x"\nset = "{set_name}"\n{extra}'
            f'board = """\n{rows}\n"""\n')


def standard_lines(variant="open3", name="standard"):
    path = layout_folder(variant) / f"{name}.toml"
    text = path.read_text()
    return text.split('board = """\n')[1].split('\n"""')[0].splitlines()


def swap(lines, row, column, token):
    lines = list(lines)
    tokens = lines[row].split()
    tokens[column] = token
    lines[row] = " ".join(tokens)
    return lines


BAD_STARTS = [
    # (variant, board lines, message); the board starts on line 5 of the file
    ("open3", lambda s: swap(s, 1, 2, "x12"), 6,
     f"unknown square 'x12' on c7 (write {files.LEGEND})"),
    ("open3", lambda s: swap(s, 7, 0, "s66 s11"), 12, "rank 1 has 9 squares: write 8, "
                                                       "separated by spaces"),
    ("open3", lambda s: s[:7], 11, "the board has 7 ranks: draw all 8, rank 8 at the top"),
    ("open3", lambda s: swap(s, 7, 0, "..."), 4,
     "the south player has 15 elements; the halves set gives each side 16"),
    ("open3", lambda s: swap(s, 7, 1, "s66"), 12, "s66 on b1: tile 6-6 stands here 3 times "
                                                  "(the set has 2)"),
    ("open3", lambda s: swap(swap(s, 7, 0, "s44"), 0, 6, "n66"), 4,
     "the two groups hold 92 and 100 pips: halves of one set must hold equal pips"),
    ("open3", lambda s: swap(s, 7, 3, "s00*"), 12,
     "s00* on d1: only the test elements of game 1 lie face down"),
    ("open1", lambda s: swap(s, 7, 3, "s00"), 4,
     "the south player has no test element: lay a 0-0 face down (s00*)"),
    ("open1", lambda s: swap(s, 7, 2, "s22*"), 12, "s22* on c1: a test element is a 0-0"),
    ("open1", lambda s: swap(s, 7, 2, "s00*"), 12, "d1: the south player has a second "
                                                   "face-down element; each side has one test "
                                                   "element"),
    ("open4", lambda s: swap(swap(s, 7, 0, "..."), 7, 1, "s33"), 12,
     "s33 on b1: the south player's elements stand on dark squares (a1 is dark)"),
    ("open4", lambda s: swap(swap(s, 7, 0, "..."), 3, 0, "s33"), 8,
     "s33 on a5: the south player's elements start on ranks 1 to 4"),
]


@pytest.mark.parametrize("variant, change, line, message", BAD_STARTS)
def test_starts_that_break_the_rules_name_their_line(variant, change, line, message, tmp_path):
    cls = find_variant(variant)
    set_name = cls.sets[0]
    path = tmp_path / "bad.toml"
    path.write_text(level(change(standard_lines(variant)), set_name))
    with pytest.raises(FileFormatError) as error:
        files.load_start(cls, str(path))
    assert str(error.value) == f"{path}:{line}: {message}"


def test_level_files_refuse_unknown_keys_and_sets(tmp_path):
    cls = find_variant("open3")
    path = tmp_path / "bad.toml"
    path.write_text(level(standard_lines(), extra='colour = "red"\n'))
    with pytest.raises(FileFormatError, match=r"bad.toml:4: unknown key 'colour'"):
        files.load_start(cls, str(path))
    path.write_text(level(standard_lines(), set_name="0-3"))
    with pytest.raises(FileFormatError, match=r"bad.toml:3: set must be one of halves, 0-4, 0-5"):
        files.load_start(cls, str(path))
    path.write_text(level(standard_lines(), set_name="0-4"))
    with pytest.raises(FileFormatError, match=r"bad.toml:11: s65 on b2: 5-6 is not in the 0-4 "
                                              "set"):
        files.load_start(cls, str(path))


def test_the_start_option_names_a_file_or_random():
    game = new_game("open3", 2, 3, {"start": "crossed"})
    crossed = files.load_start(type(game), "crossed")
    assert game.record()["start"] == ElementBoard.of(crossed.placed).texts()
    assert game.record()["options"]["start"] == "crossed"
    with pytest.raises(OptionError, match="unknown start 'nowhere' for open3 .known: "
                                          "standard, crossed, reduced-0-4, reduced-0-5, random"):
        new_game("open3", 2, 3, {"start": "nowhere"})
    with pytest.raises(OptionError, match="the start 'crossed' is made for the halves set, "
                                          "not 0-4"):
        new_game("open3", 2, 3, {"start": "crossed", "set": "0-4"})
    assert new_game("open3", 2, 3, {"set": "0-4"}).record()["start"][0] == "a1:0:4-4"


@pytest.mark.parametrize("variant, set_name", [("open1", "halves"), ("open1", "0-4"),
                                               ("open3", "0-5"), ("open4", "0-3"),
                                               ("open4", "0-5-halves")])
def test_random_starts_shuffle_the_groups_with_balanced_arrows(variant, set_name):
    cls = find_variant(variant)
    first = new_game(variant, 2, 1, {"start": "random", "set": set_name})
    again = new_game(variant, 2, 1, {"start": "random", "set": set_name})
    other = new_game(variant, 2, 2, {"start": "random", "set": set_name})
    assert first.record()["start"] == again.record()["start"] != other.record()["start"]
    placed = [parse_element(t) for t in first.record()["start"]]
    assert files.board_problem(cls, set_name, placed, complete=True) is None
    for owner in (0, 1):
        side = [e for _, e in placed if e.owner == owner]
        total = sum(e.value for e in side)
        assert abs(2 * sum(e.forward for e in side) - total) <= 6
        if cls.test_elements:       # the test element stands on the back rank
            square = next(s for s, e in placed if e.owner == owner and e.face_down)
            assert square // 8 == (0 if owner == 0 else 7)


# ---- positions and records ---------------------------------------------------------------------
def test_position_files_round_trip_and_list_their_moves(tmp_path, capsys):
    game = new_game("open3", 2, 4)
    for move in ("c2-c3", "d7-d6", "c3-c4", "d6-d5"):
        game.apply(move)
    text = game.position_text()
    assert text.startswith('variant = "open3"\nto_move = 0\ncaptures = [0, 0]\n'
                           'captured_pips = [0, 0]\nquiet = 4\nboard = """\n')
    assert '[options]\ngoal = "most"\nslide = false\nset = "halves"\nlimit = 40\n' in text
    copy = find_variant("open3").position_from_text(text)
    assert copy.position_text() == text and copy.legal_moves() == game.legal_moves()
    copy.apply(copy.legal_moves()[0])
    record = json.loads(json.dumps(copy.record()))
    assert record["position"]["quiet"] == 4 and len(record["moves"]) == 1
    assert find_variant("open3").from_record(record).record() == record
    path = tmp_path / "here.toml"
    path.write_text(text)
    assert main(["legal", str(path)]) == 0
    assert capsys.readouterr().out.split() == [str(m) for m in game.legal_moves()]


def position_file(board_lines, **keys):
    lines = [f'variant = "{keys.pop("variant", "open3")}"']
    lines += [f"{k} = {json.dumps(v)}" for k, v in keys.items()]
    return "\n".join(lines) + '\nboard = """\n' + "\n".join(board_lines) + '\n"""\n'


def test_position_files_account_for_captured_elements(tmp_path):
    cls = find_variant("open3")
    lines = swap(standard_lines(), 0, 0, "...")           # north's a8 (6-1) was captured
    with pytest.raises(FileFormatError, match=r"<position>:2: captured_pips must say how many"):
        cls.position_from_text(position_file(lines))
    game = cls.position_from_text(position_file(lines, captured_pips=[7, 0]))
    assert game.captures == [1, 0] and game.pips == [7, 0]
    with pytest.raises(FileFormatError, match=r"<position>:2: captures: player 0 has removed 0 "
                                              r"elements, but player 1 misses 1 of 16"):
        cls.position_from_text(position_file(lines, captures=[0, 0], captured_pips=[7, 0]))
    with pytest.raises(FileFormatError, match=r"<position>:2: captured_pips add up to 8, but "
                                              r"the elements missing from the board hold 7"):
        cls.position_from_text(position_file(lines, captured_pips=[8, 0]))
    with pytest.raises(FileFormatError, match=r"<position>:2: quiet must be 0 to 79"):
        cls.position_from_text(position_file(standard_lines(), quiet=80))
    with pytest.raises(FileFormatError, match=r"<position>:2: to_move must be 0"):
        cls.position_from_text(position_file(standard_lines(), to_move=2))
    with pytest.raises(FileFormatError, match=r"<position>:2: unknown key 'hands'"):
        cls.position_from_text(position_file(standard_lines(), hands=[]))
    # per-player sets say which elements are gone, so their pips follow from the board
    lines = swap(standard_lines("open3", "reduced-0-4"), 0, 0, "...")     # a8 held 1-1
    game = cls.position_from_text(position_file(lines) + '[options]\nset = "0-4"\n')
    assert game.captures == [1, 0] and game.pips == [2, 0]


def test_a_finished_position_is_no_position_to_play_from():
    cls = find_variant("open3")
    lines = ["... " * 7 + "n12"] + ["... " * 7 + "..."] * 6 + ["s34 " + "... " * 7]
    with pytest.raises(FileFormatError, match="the game is over here .no captures left."):
        cls.position_from_text(position_file(lines) + '[options]\nset = "0-4"\n')


def test_records_hold_the_start_and_replay(tmp_path, capsys):
    for variant in OURS:
        game = new_game(variant, 2, 6)
        play_out(game, [make_agent("random")] * 2, random.Random(6))
        record = game.record()
        assert record["start"] == game.start["start"] and len(record["start"]) >= 24
        replayed = find_variant(variant).from_record(json.loads(json.dumps(record)))
        assert replayed.record() == record
    bad = dict(record, start=record["start"][1:])
    with pytest.raises(DominoError, match="bad start: the south player has 11 elements"):
        find_variant(variant).from_record(bad)
    bad = dict(record, start=["z1:0:1-1"] + record["start"])
    with pytest.raises(DominoError, match="bad start: 'z1:0:1-1': z1 is off the board"):
        find_variant(variant).from_record(bad)


def test_a_game_from_a_position_records_the_position():
    game = at("open3", "c4:0:3-5", "d6:1:5-1", "h8:1:2-2", captures=(3, 1), pips=(20, 4),
              quiet=5)
    game.apply("c4-d5")
    record = game.record()
    assert record["position"] == {"to_move": 0, "captures": [3, 1], "captured_pips": [20, 4],
                                  "quiet": 5}
    assert record["start"] == ["c4:0:3-5", "d6:1:5-1", "h8:1:2-2"]


# ---- views and computers -----------------------------------------------------------------------
def test_the_view_shows_the_board_counters_and_targets():
    game = new_game("open1", 2, 2)
    view = game.view(0)
    assert view.board[3] == "d1:0:0-0*" and view.board[20] is None
    assert view.element_at("d1") == Element(0, 0, 0, True)
    assert (view.captures, view.captured_pips, view.quiet, view.limit) == ((0, 0), (0, 0), 0, 40)
    assert view.goal == "test element" and view.set_name == "halves" and view.to_move == 0
    assert [str(m) for m in view.targets("b2")] == ["b2-a3", "b2-b3", "b2-c3"]
    assert game.view(1).moves == () and game.view(1).targets("b2") == []
    assert view.last_move is None and view.last_captured == ()
    assert pickle.loads(pickle.dumps(view)) == view           # it travels to a worker
    assert find_variant("open4").new(2, 1).view(0).goal == "most"
    assert find_variant("open4").new(2, 1, {"race": True}).view(1).goal == "race"


@pytest.mark.parametrize("variant, options", [("open1", {}), ("open3", {}),
                                              ("open3", {"goal": "exact:48"}),
                                              ("open4", {}), ("open4", {"race": True})])
def test_the_greedy_player_beats_the_random_one(variant, options):
    wins = 0
    for seed in range(2):
        game = new_game(variant, 2, seed, options)
        greedy = seed % 2
        agents = [make_agent("random"), make_agent("random")]
        agents[greedy] = make_agent("greedy")
        play_out(game, agents, random.Random(seed))
        wins += game.outcome().winner == greedy
    assert wins == 2


def test_the_greedy_player_takes_and_avoids_being_taken():
    # d4 can take the 5-1 on d5 by stepping... it stands below it: c4-d4 takes, c4-b4
    # walks into the 4 on b5's south end? b5 shows 4 south, c4 shows 5 north: safe
    game = at("open3", "c4:0:3-5", "d5:1:5-1", "a8:1:6-6", "h1:0:1-1")
    view = game.view(0)
    ratings = dict(zip(map(str, view.moves), find_variant("open3").heuristics(view)))
    assert max(ratings, key=ratings.get) == "c4-d4"
    # the 6-6 on a8 can only be caught by a north 6 facing it; stepping h1-h2 under a
    # waiting 1 on h4 invites h4-h3 taking it
    game = at("open3", "c4:0:3-2", "h4:1:1-1", "a8:1:6-6", "h1:0:0-1", "b2:0:4-4")
    view = game.view(0)
    ratings = dict(zip(map(str, view.moves), find_variant("open3").heuristics(view)))
    assert ratings["h1-h2"] < ratings["b2-b3"]


# ---- seeded random games under every option set --------------------------------------------------
OPTION_SETS = [
    ("open1", {"set": "0-4"}), ("open1", {"set": "0-5", "limit": 10}),
    ("open1", {"start": "random"}), ("open1", {"start": "crossed"}),
    ("open3", {"goal": "captures:1"}), ("open3", {"goal": "captures:3"}),
    ("open3", {"goal": "pips:48"}), ("open3", {"goal": "exact:48"}),
    ("open3", {"goal": "targets", "set": "0-4"}), ("open3", {"slide": True, "limit": 15}),
    ("open3", {"set": "0-5", "start": "random"}),
    ("open4", {"race": True}), ("open4", {"set": "0-5-halves"}),
    ("open4", {"start": "random", "race": True, "set": "0-5-halves"}),
    ("open4", {"start": "crossed", "limit": 10}),
]


@pytest.mark.parametrize("variant, options", OPTION_SETS,
                         ids=[f"{v}-{o}" for v, o in OPTION_SETS])
def test_random_games_keep_the_protocol_under_every_option(variant, options):
    cls = find_variant(variant)
    for seed in range(2):
        game = new_game(variant, 2, seed, options)
        rng, seen = random.Random(seed), set()
        for ply in range(3000):
            if game.is_over():
                break
            if ply % 9 == 0:
                check_position(game, cls, seen)
            moves = game.legal_moves()
            seen.update(str(m) for m in moves)
            game.apply(rng.choice(moves))
        outcome = game.outcome()
        assert outcome is not None and game.legal_moves() == []
        assert outcome.scores == game.scores()
        total = len(files.SETS[game.options["set"]].tiles)
        per_side = files.SETS[game.options["set"]].per_side
        assert game.board.counts[1] == per_side - game.captures[0] <= total
        assert game.board.counts[0] == per_side - game.captures[1]
        assert cls.from_record(game.record()).outcome() == outcome


@pytest.mark.parametrize("variant, options, ai", [("open1", [], "greedy,random"),
                                                  ("open3", ["goal=targets"], "random"),
                                                  ("open4", ["race=true"], "random,greedy")])
def test_selfplay_and_replay_from_the_command_line(variant, options, ai, tmp_path, capsys):
    argv = ["selfplay", variant, "--games", "3", "--seed", "2", "--ai", ai]
    for option in options:
        argv += ["--option", option]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 3 and "games/s" in err
    path = tmp_path / "games.jsonl"
    path.write_text(out)
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith("3 games replayed")
    record = json.loads(out.splitlines()[0])
    record["result"]["winner"] = None if record["result"]["winner"] is not None else 0
    path.write_text(json.dumps(record) + "\n")
    assert main(["replay", str(path)]) == 1
    assert "wrong result" in capsys.readouterr().err
