"""The line engine against a plain reference: random rounds played move by move by the
engine (bit masks, tables, a chain of states) and by `Reference` below (lists of tiles,
written straight from docs/rules.md, Classic draw dominoes and Blank tiles), which must
agree on everything a player or a record can see. Also what the fast design relies on:
one object per move, fresh lists of legal moves, deals as before, the next round dealt
when asked for, undo."""
import copy
import pickle
import random

import pytest

from game.logic.core import BLANK, PASS, IllegalMoveError, Tile
from game.logic.line.engine import TABLE, LineRound
from game.logic.line.laying import LineRules
from game.logic.line.moves import LineMove
from game.logic.tiles import (BLANK_SET, DOUBLE_SIX_SET, OPEN_BOARD_SET, REDUCED_SETS,
                              seeded_random, shuffle)
from game.logic.variants import new_game


class Reference:
    """One round of line play, plainly: hands and stock as lists of tiles, the line as
    (left, right) pairs."""

    def __init__(self, rules: LineRules, seats, hands: dict, stock: list):
        self.rules, self.seats = rules, tuple(seats)
        self.hands = {s: sorted(hands[s]) for s in self.seats}
        self.stock = list(stock)
        self.line: list[tuple[int, int]] = []
        self.lacks = {s: set() for s in self.seats}
        self.end = None
        self.extra = 0
        self.turn = self.seats.index(self.opener())
        self.begin_turn()

    def opener(self) -> int:
        required = self.required()
        return next((s for s in self.seats if required in self.hands[s]), self.seats[0])

    def required(self):
        """The tile that must open the round, None when any tile may."""
        if self.line or self.rules.opening != "highest_double":
            return None
        held = [t for s in self.seats for t in self.hands[s]]
        doubles = [t for t in held if t.is_double]
        return max(doubles) if doubles else max(held, key=lambda t: (t.a + t.b, t.b))

    @property
    def seat(self):
        return self.seats[self.turn]

    def ends(self):
        return (self.line[0][0], self.line[-1][1]) if self.line else None

    def fits(self, tile, number) -> bool:
        return self.rules.blank or number in (tile.a, tile.b)

    def can_play(self, seat) -> bool:
        if not self.line:
            return bool(self.hands[seat])
        left, right = self.ends()
        return any(self.fits(t, left) or self.fits(t, right) for t in self.hands[seat])

    def legal(self) -> list[str]:
        if self.end:
            return []
        hand = self.hands[self.seat]
        if not self.line:
            required = self.required()
            return [str(required)] if required else sorted({str(t) for t in hand})
        left, right = self.ends()
        moves = [f"{t}{end}" for t in sorted(set(hand))
                 for end, number in (("L", left), ("R", right)) if self.fits(t, number)]
        if moves and self.extra:            # a double's extra play may be declined
            moves.append("stop")
        return moves or ["pass"]

    def play(self, text: str) -> None:
        assert text in self.legal()
        seat = self.seat
        if text == "pass":
            self.lacks[seat] |= set(self.ends())
            return self.next_turn()
        if text == "stop":
            return self.next_turn()
        end = text[-1] if text[-1] in "LR" else ""
        tile = Tile.parse(text[:-1] if end else text)
        self.hands[seat].remove(tile)
        if not self.line:
            self.line = [(tile.a, tile.b)]
        elif end == "L":
            number = self.line[0][0]
            self.line.insert(0, (tile.other(number), number))
        else:
            number = self.line[-1][1]
            self.line.append((number, tile.other(number)))
        if not self.hands[seat]:
            self.end = "domino"
        elif (self.rules.extra_for_double and tile.is_double and self.can_play(seat)
              and not (self.rules.one_extra and self.extra)):
            self.extra += 1
            self.drawn = []
        else:
            self.next_turn()

    def next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.seats)
        self.extra = 0
        self.begin_turn()

    def begin_turn(self) -> None:
        self.drawn = []
        seat = self.seat
        if self.can_play(seat):
            return
        if self.rules.drawing and self.stock and self.line:
            self.lacks[seat] |= set(self.ends())
            while self.stock and not self.can_play(seat):
                self.drawn.append(self.stock.pop(0))
                self.hands[seat].append(self.drawn[-1])
            self.hands[seat].sort()
        if not any(self.can_play(s) for s in self.seats):
            self.end = "blocked"

    def score(self, seat) -> int:
        hand = self.hands[seat]
        return len(hand) if self.rules.score_by == "tiles" else sum(t.a + t.b for t in hand)


def laid(line) -> list[tuple[int, int]]:
    return [(p.left, p.right) for p in line]


def check_same(game, ref: Reference) -> None:
    rnd = game.round
    assert rnd.current == (None if ref.end else ref.seat)
    assert [str(m) for m in game.legal_moves()] == ref.legal()
    assert rnd.hands == ref.hands and rnd.stock == ref.stock
    assert laid(rnd.line) == ref.line and rnd.ends == ref.ends()
    assert rnd.drawn == ref.drawn and rnd.end_reason == ref.end
    assert rnd.extra_plays == ref.extra
    for player in range(game.players):
        view = game.view(player)
        assert view.known_missing[player] == ref.lacks.get(player, set())
        assert view.drawn_this_turn == len(ref.drawn)
        assert view.hand == tuple(ref.hands.get(player, ()))


CASES = [("classic", 2, {"block": True}), ("classic", 2, {}), ("classic", 3, {}),
         ("classic", 4, {}), ("blank", 3, {}), ("blank", 2, {"one_extra": False}),
         ("blank", 4, {"doubles": False})]


@pytest.mark.parametrize("variant, players, options", CASES)
def test_the_engine_plays_every_round_like_the_reference(variant, players, options):
    if variant == "classic":
        options = dict(options, limit=60)        # matches of a few rounds
    for seed in range(150):
        game = new_game(variant, players, seed, options)
        rng = random.Random(seed)
        while not game.is_over():
            rnd = game.round
            deal = rnd.record(players)["deal"]
            hands = {s: [Tile.parse(t) for t in deal["hands"][s]] for s in rnd.seats}
            ref = Reference(game.rules, rnd.seats, hands, [Tile.parse(t) for t in deal["stock"]])
            rounds = len(getattr(game, "finished_rounds", ()))
            while True:
                check_same(game, ref)
                if ref.end:
                    break
                move = rng.choice(game.legal_moves())
                game.apply(move)
                ref.play(str(move))
                if game.is_over() or len(getattr(game, "finished_rounds", ())) > rounds:
                    scores = [ref.score(s) for s in ref.seats]
                    if variant == "classic":        # the round as it ended
                        result = game.finished_rounds[-1]
                        assert result.reason == ref.end
                        assert [result.scores[s] for s in ref.seats] == scores
                        assert {s: list(result.hands[s]) for s in ref.seats} == ref.hands
                        assert result.boneyard == len(ref.stock)
                    else:
                        assert game.outcome().reason == ref.end
                        assert [game.outcome().scores[s] for s in ref.seats] == scores
                    break


def test_rounds_read_from_positions_play_on_like_the_rounds_they_were_written_from():
    """Rounds that start mid-line (where the player to move may draw at once)."""
    rng = random.Random(4)
    for seed in range(300):
        game = new_game("classic", rng.choice((2, 3)), seed, {"limit": 1000})
        for _ in range(rng.randrange(1, 12)):
            if game.finished_rounds:
                break
            game.apply(rng.choice(game.legal_moves()))
        if game.finished_rounds:
            continue
        text = game.position_text()
        again = type(game).position_from_text(text)
        assert again.position_text() == text
        while not game.finished_rounds:
            assert again.legal_moves() == game.legal_moves()
            assert again.round.hands == game.round.hands and again.round.line == game.round.line
            move = rng.choice(game.legal_moves())
            game.apply(move)
            again.apply(move)
        assert again.finished_rounds[0].scores == game.finished_rounds[0].scores


# ---- what the fast design relies on ----------------------------------------------------
def test_a_move_is_one_object_whatever_makes_it():
    move = LineMove(Tile(3, 5), "R")
    assert move is LineMove.parse("3-5R") is LineMove.parse("5-3r") is LineMove.parse(" 3-5R ")
    assert move is pickle.loads(pickle.dumps(move)) is copy.deepcopy(move) is copy.copy(move)
    assert move == LineMove(Tile.parse("3-5"), "R") and move != LineMove(Tile(3, 5), "L")
    assert move != "3-5R" and move != PASS and hash(move) == hash(LineMove(Tile(3, 5), "R"))
    assert str(move) == "3-5R" and repr(move) == "LineMove.parse('3-5R')"
    assert (move.tile, move.end, move.is_pass) == (Tile(3, 5), "R", False)
    with pytest.raises(AttributeError):
        move.end = "L"
    assert LineMove(BLANK, "L") is LineMove.parse("_L") and str(LineMove(BLANK)) == "_"
    assert LineMove.parse("pass") is PASS and LineMove.parse("PASS") is PASS


def test_legal_moves_are_a_fresh_list_each_time():
    game = new_game("classic", 2, 5)
    game.apply(game.legal_moves()[0])
    moves = game.legal_moves()
    again = game.legal_moves()
    assert moves == again and moves is not again
    moves.clear()
    assert game.legal_moves() == again and game.view(game.current_player).legal_moves() == again
    other = new_game("classic", 2, 5)                # the same hand, the same ends
    other.apply(other.legal_moves()[0])
    assert other.legal_moves() == again


def test_moves_given_as_text_or_as_other_pass_objects_are_the_same_moves():
    game = new_game("classic", 4, 2)
    while game.legal_moves() != [PASS]:
        move = game.legal_moves()[-1]
        assert game.apply(str(move)) is move
        if game.finished_rounds:
            game = new_game("classic", 4, game.seed + 1)
    other_pass = pickle.loads(pickle.dumps(PASS))       # equal to PASS, not PASS itself
    assert game.apply(other_pass) is PASS and game.undo() is PASS
    assert game.apply("pass") is PASS


def test_the_shuffle_orders_tiles_as_random_shuffle_does():
    sets = (DOUBLE_SIX_SET, BLANK_SET, OPEN_BOARD_SET, *REDUCED_SETS.values())
    for seed in range(500):
        for tiles in sets:
            expected = list(tiles.elements)
            random.Random(f"{seed}:1").shuffle(expected)
            assert tiles.shuffled(random.Random(f"{seed}:1")) == expected
        items = list(range(seed % 70))          # past 64: Random.shuffle itself
        expected = items[:]
        random.Random(seed).shuffle(expected)
        shuffle(random.Random(seed), items)
        assert items == expected


def test_a_seeded_generator_starts_where_random_random_of_the_text_does():
    for text in ("0:1", "17:3", f"{2 ** 63 - 1}:1000000", "", "é:ü"):
        fast, slow = seeded_random(text), random.Random(text)
        assert fast.getstate() == slow.getstate()
        assert [fast.getrandbits(5) for _ in range(50)] == [slow.getrandbits(5) for _ in range(50)]

    class Other(random.Random):                     # another generator: its own shuffle
        def shuffle(self, x):
            x.reverse()
    items = [1, 2, 3]
    shuffle(Other(), items)
    assert items == [3, 2, 1]


def test_each_round_is_dealt_from_the_seed_and_its_number():
    game = new_game("classic", 3, 21, {"limit": 1000})
    for number in (1, 2, 3):
        rnd = game.round
        hands, stock = DOUBLE_SIX_SET.deal(random.Random(f"21:{number}"), [7, 7, 7])
        assert rnd.hands == {s: sorted(h) for s, h in enumerate(hands)} and rnd.stock == stock
        while len(game.finished_rounds) < number:
            game.apply(game.legal_moves()[0])


def test_the_next_round_is_dealt_when_asked_for():
    game = new_game("classic", 2, 9, {"limit": 1000})
    while not game.finished_rounds:
        game.apply(game.legal_moves()[0])
    first = game.finished_rounds[0]
    assert first.number == 1 and game.round_number == 2 and game.current_player is not None
    assert game.round.moves == [] and len(game.round.stock) == 14
    twin = new_game("classic", 2, 9, {"limit": 1000})
    while not twin.finished_rounds:
        twin.apply(twin.legal_moves()[0])
    assert twin.record() == game.record()                     # the record asks for it too
    assert twin.view(0) == game.view(0)
    last = game.undo()                                        # back across the boundary
    assert game.finished_rounds == [] and game.round_number == 1
    assert game.apply(last) is last and game.finished_rounds == [first]


def test_undo_takes_every_move_back_to_the_deal():
    for variant, players, options in CASES:
        if variant == "classic":
            options = dict(options, limit=40)
        game = new_game(variant, players, 3, options)
        start = game.record()
        rng = random.Random(3)
        played, seen = [], []
        while not game.is_over():
            seen.append((game.record(), game.view(game.current_player)))
            played.append(game.apply(rng.choice(game.legal_moves())))
        assert [m for _, m in game.moves_played()] == played
        for move in reversed(played):
            record, view = seen.pop()
            assert game.undo() == move
            assert game.record() == record and game.view(view.player) == view
        assert game.record() == start
        with pytest.raises(IndexError):
            game.undo()


def test_a_clone_plays_on_alone():
    game = new_game("classic", 3, 8, {"limit": 100})
    rng = random.Random(8)
    for _ in range(50):                 # into the second round or further
        game.apply(rng.choice(game.legal_moves()))
    assert game.finished_rounds and not game.is_over()
    twin = game.clone()
    assert twin.record() == game.record()
    while not twin.is_over():
        twin.apply(rng.choice(twin.legal_moves()))
    while twin.moves_played() != game.moves_played():
        twin.undo()
    assert twin.record() == game.record() and twin.view(0) == game.view(0)


def test_copies_of_a_game_share_the_tables_of_moves():
    game = new_game("classic", 4, 9)
    for _ in range(6):
        game.apply(game.legal_moves()[0])
    for copied in (game.clone(), copy.copy(game), pickle.loads(pickle.dumps(game))):
        assert copied._live._state[TABLE] is game._live._state[TABLE]     # not a copy
        assert copied.legal_moves() == game.legal_moves()
    blank = new_game("blank", 2, 9)
    assert pickle.loads(pickle.dumps(blank)).round._state[TABLE] is blank.round._state[TABLE]


def test_moves_that_are_no_moves_are_refused_with_a_reason():
    game = new_game("classic", 2, 4)
    rnd = game.round
    for junk in ([1], {"move": "6-6"}, 7, None, "6-6X", "pass"):
        with pytest.raises(IllegalMoveError):
            game.apply(junk)
        with pytest.raises(IllegalMoveError):
            rnd.apply(junk)
    assert game.record()["rounds"][0]["moves"] == []


def test_a_round_alone_refuses_illegal_moves_and_takes_moves_back():
    rnd = LineRound(LineRules(), (0, 1), {0: [Tile(6, 6), Tile(0, 1)], 1: [Tile(5, 6), Tile(2, 3)]},
                    [Tile(4, 5), Tile(1, 4)])
    assert rnd.current == 0 and rnd.legal_moves() == [LineMove(Tile(6, 6))]
    with pytest.raises(IllegalMoveError, match="highest double 6-6"):
        rnd.apply(LineMove(Tile(0, 1)))
    rnd.apply(LineMove(Tile(6, 6)))
    assert [str(m) for m in rnd.legal_moves()] == ["5-6L", "5-6R"]
    rnd.apply(LineMove.parse("5-6R"))
    assert rnd.current == 0 and rnd.drawn == [Tile(4, 5)] and rnd.stock == [Tile(1, 4)]
    assert [str(m) for m in rnd.legal_moves()] == ["4-5R"]
    assert rnd.undo() == LineMove.parse("5-6R")
    assert rnd.current == 1 and rnd.stock == [Tile(4, 5), Tile(1, 4)]
    assert rnd.hands[0] == [Tile(0, 1)] and rnd.drawn == []
    assert rnd.undo() == LineMove(Tile(6, 6)) and rnd.moves == []
    with pytest.raises(IndexError):
        rnd.undo()
