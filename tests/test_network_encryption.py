"""The wire between a joiner and the host: the code proved by SPAKE2, every message
sealed. A passive tap on the loopback sees no code, token, name, hand or move; a man in
the middle with a key of its own is refused with a sentence that says so; a message
changed on the way ends the connection; a wrong code is refused as it always was."""
import json
import time

from game.server.client import NetClient
from game.server.protocol import encode_line
from game.server.secure import (NOT_THE_HOST, HostHandshake, JoinerHandshake, Opener, Sealer,
                                Tampered, spoken_code)

from network_support import Hosted, Impostor, Relay, run_bot, wait_for


def closed_reason(client: NetClient, seconds: float = 20.0) -> str:
    """The first reason the client was given to stop: a refusal, or why it closed."""
    found: list = []

    def ended() -> bool:
        found.extend(client.poll())
        return any(m["type"] in ("closed", "refused") for m in found)
    assert wait_for(ended, seconds)
    return next(m["reason"] for m in found if m["type"] in ("closed", "refused"))


def test_a_passive_tap_sees_no_code_token_name_hand_or_move():
    hosted = Hosted("classic", ["remote", "remote"], {"limit": 50}, code="K7PQ-RS2T")
    relay = Relay(hosted.address)
    try:
        from game.server.bot import SeatBot
        bots = [SeatBot(relay.address, "k7pq rs2t", name, "random", seed=i).start()
                for i, name in enumerate(("Annabel", "Benedikt"))]
        threads = [run_bot(bot, 120) for bot in bots]
        for thread in threads:
            thread.join(130)
        assert all(bot.state is not None and bot.state.is_over() for bot in bots)
        seen = bytes(relay.seen)
        tokens = [bot.welcome["token"] for bot in bots]
        moves = {json.dumps(str(move)) for _, move in hosted.match.state.moves_played()
                 if len(str(move)) >= 3}
        secrets = ["K7PQRS2T", "K7PQ-RS2T", *tokens, "Annabel", "Benedikt", '"hand"',
                   '"move"', '"token"', '"welcome"', '"position"', *moves]
        assert len(seen) > 10_000 and moves
        found = [text for text in secrets if text.encode() in seen]
        assert found == [], f"in clear on the wire: {found}"
    finally:
        relay.close()
        hosted.stop()


def test_a_man_in_the_middle_with_a_key_of_its_own_is_refused_in_words():
    """It answers the joiner's key exchange itself (it does not know the code, so it
    guesses one) and sends a proof of its key: the joiner sends it nothing sealed."""
    impostor = Impostor()
    client = NetClient(impostor.address, {"code": "ABCD-EFGH", "name": "Ann",
                                          "token": "a-secret-token"}).start()
    assert closed_reason(client) == NOT_THE_HOST
    assert "someone between you and the host" in NOT_THE_HOST
    time.sleep(0.2)
    assert b"".join(impostor.got) == b"", "nothing sealed was sent to the impostor"
    impostor.close()


def test_a_message_changed_on_the_way_ends_the_connection_on_both_sides():
    flipped = []

    def change(direction, data):
        if direction == "up" and len(data) > 40 and not flipped and data[:1] != b"{":
            flipped.append(direction)
            data = data[:30] + bytes([data[30] ^ 1]) + data[31:]
        return data
    hosted = Hosted("classic", ["remote", "remote"])
    relay = Relay(hosted.address, change)
    try:
        client = NetClient(relay.address, {"code": "TEST42", "name": "Ann",
                                           "token": None}).start()
        assert wait_for(lambda: any("changed on the way" in line for line in hosted.log), 20)
        assert flipped and closed_reason(client)
        assert hosted.match.seats[0].conn is None
    finally:
        relay.close()
        hosted.stop()


def test_a_wrong_code_is_refused_as_before():
    hosted = Hosted("classic", ["remote", "remote"])
    try:
        client = NetClient(hosted.address, {"code": "NOPE-9999", "name": "Eve",
                                            "token": None}).start()
        assert closed_reason(client) == "That is not this match's code."
        assert any("refused join: That is not this match's code." in line
                   for line in hosted.log)
    finally:
        hosted.stop()


def test_sealed_frames_open_once_in_order_and_never_when_changed():
    key = bytes(range(32))
    sealer, opener = Sealer(key), Opener(key)
    frames = [sealer.seal(f"message {i}".encode()) for i in range(3)]
    assert opener.feed(b"".join(frames)[:-3], 100) == [b"message 0", b"message 1"]
    assert opener.feed(b"".join(frames)[-3:], 100) == [b"message 2"]
    for bad in (frames[0], frames[2][:-1] + bytes([frames[2][-1] ^ 1])):   # replayed, changed
        again = Opener(key)
        again.feed(frames[0] + frames[1], 100)
        try:
            again.feed(bad, 100)
        except Tampered:
            continue
        raise AssertionError("a replayed or changed frame opened")
    big = Sealer(key).seal(b"x" * 500)
    skipping = Opener(key)
    assert skipping.feed(big[:100], 200) == [None] and skipping.feed(big[100:], 200) == []


def test_both_sides_agree_only_on_the_same_code():
    joiner = JoinerHandshake(spoken_code("T7ABCDEFGH").lower())
    host = HostHandshake("ABCDEFGH", "T7")
    assert host.check(joiner.proof(host.answer(joiner.hello())))
    joiner.check(json.loads(host.channel(encode_line)[0]))
    wrong = JoinerHandshake("T7ABCDEFGJ")
    host = HostHandshake("ABCDEFGH", "T7")
    assert not host.check(wrong.proof(host.answer(wrong.hello())))
