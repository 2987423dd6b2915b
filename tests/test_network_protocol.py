"""The words of the network match: lines and their limits, codes, tokens and addresses,
the codec that carries views (every variant's, read back equal; nothing but the game's
own values ever built from a message), and a seat's stand-in state, which answers the
scenes' questions as the host's state would (the rules' reasons for a try, the moves
played) while holding nothing but the seat's own view and the public facts."""
import json
import random

import pytest

from game.logic.variants import find_variant, new_game, variant_names
from game.server.codec import decode, encode
from game.server.protocol import (CODE_ALPHABET, LineBuffer, ProtocolError, decode_line,
                                  encode_line, new_code, parse_address, same_code)
from game.server.secure import code_problem, split_code, spoken_code
from game.server.seat_state import FROM_VIEW, FROM_WORLD, SeatState
from game.server.snapshot import SeatRecord, position_message, read_position


def test_lines_are_cut_and_an_overlong_one_is_dropped_once_never_held():
    buffer = LineBuffer(10)
    assert buffer.feed(b"abc\nde") == [b"abc"]
    assert buffer.feed(b"f\n" + b"x" * 25) == [b"def", None]
    assert len(buffer._data) == 0                       # what was over the limit went
    assert buffer.feed(b"y" * 30 + b"\nok\n") == [b"ok"]
    assert buffer.feed(b"0123456789A\nfine\n") == [None, b"fine"]


def test_a_line_must_be_a_json_object_of_this_version():
    assert decode_line(encode_line({"type": "ping"})) == {"v": 2, "type": "ping"}
    for bad, words in ((b"[1]", "JSON object"), (b"{", "JSON object"),
                       (b'{"v":1,"type":"ping"}', "version 2, not 1"),
                       (b'{"v":2}', "type"), (b"[" * 100000, "JSON object")):
        with pytest.raises(ProtocolError, match=words):
            decode_line(bad)


def test_codes_are_short_random_and_read_whatever_the_case():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == 8 and set(c) <= set(CODE_ALPHABET)
                                     for c in codes)
    code = sorted(codes)[0]
    assert same_code(code.lower(), code) and same_code(f" {code[:3]}-{code[3:]} ", code)
    assert not same_code(code[:5], code) and not same_code("é" * 8, code)
    assert spoken_code(code) == f"{code[:4]}-{code[4:]}"


def test_a_code_may_carry_a_route_beside_its_secret_and_stays_short_to_say():
    code = new_code("T7Q")
    assert split_code(code) == ("T7Q", code[3:]) and code_problem(code) is None
    assert spoken_code(code) == f"T7Q-{code[3:7]}-{code[7:]}" and len(spoken_code(code)) <= 16
    assert split_code(spoken_code(code).lower()) == ("T7Q", code[3:])
    assert code_problem("ABC23") and code_problem("ABCDEFGH0") and code_problem("X" * 14)
    assert code_problem("ABCDEF") is None, "the codes of older hosted saves still resume"


@pytest.mark.parametrize("text,expected", [
    ("192.168.1.20:7777", ("192.168.1.20", 7777)), ("example.org", ("example.org", 7777)),
    ("[2001:db8::1]:8000", ("2001:db8::1", 8000)), ("2001:db8::1", ("2001:db8::1", 7777)),
    (" host:1 ", ("host", 1))])
def test_addresses_are_read_as_a_person_types_them(text, expected):
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["", "host:0", "host:99999", "host:abc", "[::1]x", "a b:1"])
def test_an_address_that_cannot_be_one_is_refused_with_a_reason(text):
    with pytest.raises(ValueError):
        parse_address(text)


def games(moves: int = 60):
    """(variant, players, state) at every step of a random game of every variant."""
    for name in variant_names():
        cls = find_variant(name)
        for players in sorted({cls.min_players, cls.max_players}):
            rng, state = random.Random(len(name)), new_game(name, players, 3)
            for _ in range(moves):
                yield name, players, state
                if state.is_over():
                    break
                state.apply(rng.choice(state.legal_moves()))


def test_every_view_of_every_game_travels_and_reads_back_equal():
    for _, players, state in games():
        for player in range(players):
            view = state.view(player)
            data, types = encode(view)
            assert decode(*json.loads(json.dumps([data, types]))) == view


@pytest.mark.parametrize("data,types", [
    (["~c", 0, 1], ["os:system"]),
    (["~c", 0], ["game.logic.core:DOUBLE_SIX"]),
    (["~c", 0, 5, 2], ["game.logic.core:Tile"]),           # a tile out of order
    (["~c", 3], ["game.logic.core:Tile"]),
    (["~r", 0, "x"], ["game.logic.core:Outcome"]),
    ("~q", []), ("~wjump", []), (["~c", 0], "not a list"),
    (["~c", 0, "1", "2"], ["game.logic.nowhere:Thing"]),
])
def test_a_value_the_codec_does_not_write_is_refused(data, types):
    with pytest.raises(ProtocolError):
        decode(data, types)


def test_a_seat_knows_what_the_scenes_ask_and_the_rules_answer_its_tries_as_the_host():
    checked = 0
    for name, players, state in games(moves=45):
        if not state.moves_played():
            seats = [SeatState(find_variant(name), p, players, state.options)
                     for p in range(players)]
            held = [SeatRecord() for _ in range(players)]
            tries = set()
        tries |= {str(m) for m in state.legal_moves()[:50]}
        for player, seat in enumerate(seats):
            message = position_message(state, player, held[player], 0)
            read_position(seat, json.loads(json.dumps(message)))
            assert seat.moves_played() == state.moves_played()
            assert seat.current_player == state.current_player
            assert seat.outcome() == state.outcome()
            if state.is_over():
                assert [seat.view(p) for p in range(players)] == [
                    state.view(p) for p in range(players)]
                continue
            other = (player + 1) % players
            with pytest.raises(ValueError):
                seat.view(other)          # another's view: never, until the game is over
            if state.current_player != player:
                assert seat.legal_moves() == []
                continue
            assert seat.legal_moves() == state.legal_moves()
            for text in sorted(tries)[:30]:
                assert seat.illegal_reason(text) == state.illegal_reason(text), (name, text)
                checked += 1
            for attribute in FROM_VIEW | FROM_WORLD:
                if hasattr(state, attribute):
                    mine, theirs = getattr(seat, attribute), getattr(state, attribute)
                    if isinstance(theirs, (bool, int, str, tuple)) or attribute == "shape":
                        assert mine == theirs, (name, attribute)
    assert checked > 1000
