"""What keeps a host standing against peers it does not know (game.server.guard and
host.py): a peer that never reads is aborted and its memory freed at once, a join has a
deadline, connections are capped in all and per address, wrong codes are slowed per
address without locking out a friend who mistyped, and the log can be neither forged
nor flooded."""
import json
import socket
import time

import pytest

import game.server.host as host_module
from game.server import guard
from game.server.client import NetClient
from game.server.host import MatchServer
from game.server.protocol import encode_line

from network_support import Hosted, sealed_socket, wait_for
from test_network_encryption import closed_reason
from test_network_host import hosted as plain_match, join


def on_host(hosted: Hosted, action) -> None:
    """Run `action()` on the host's own loop, as everything there runs."""
    loop = hosted.thread.loop
    assert loop is not None
    done = []
    loop.call_soon_threadsafe(lambda: done.append(action()))
    assert wait_for(lambda: done, 10)


def test_a_peer_that_never_reads_is_aborted_and_its_memory_freed_at_once():
    hosted = Hosted("classic", ["remote", "remote"])
    try:
        sock, _, _ = sealed_socket(hosted.address, "TEST42",
                                   {"name": "Slow", "token": None})
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        assert wait_for(lambda: hosted.match.seats[0].conn is not None, 10)
        conn = hosted.match.seats[0].conn
        said = {"type": "said", "text": "x" * 3000}
        on_host(hosted, lambda: [conn.send(said) for _ in range(4000)])     # 12 MB
        started = time.monotonic()
        transport = conn.writer.transport
        assert wait_for(lambda: transport.get_write_buffer_size() == 0
                        and transport.is_closing(), 1.0)
        assert time.monotonic() - started < 1.0
        assert any("does not read what it is sent: closed" in line for line in hosted.log)
        sock.close()
    finally:
        hosted.stop()


def test_a_connection_that_does_not_join_in_time_is_closed(monkeypatch):
    monkeypatch.setattr(host_module, "JOIN_DEADLINE", 0.5)
    hosted = Hosted("classic", ["remote", "remote"])
    try:
        idle = socket.create_connection(("127.0.0.1", hosted.thread.port), 5)
        idle.sendall(b"{")                  # a byte now and then is not a join
        assert idle.recv(100) == b""        # closed, long before the minute of silence
        assert any("did not join within 0.5 s: closed" in line for line in hosted.log)
        sealed, _, _ = sealed_socket(hosted.address, "TEST42")     # the code, no join
        sealed.settimeout(5)
        assert sealed.recv(100) == b""
    finally:
        hosted.stop()


def test_connections_are_capped_per_address_and_in_all():
    hosted = Hosted("classic", ["remote", "remote"])
    server = hosted.thread.server
    server.max_per_address, server.max_connections = 3, 5
    try:
        held = [socket.create_connection(("127.0.0.1", hosted.thread.port), 5)
                for _ in range(3)]
        assert wait_for(lambda: len(server.conns) == 3, 5)
        extra = socket.create_connection(("127.0.0.1", hosted.thread.port), 5)
        answer = json.loads(extra.makefile("rb").readline())
        assert answer["reason"] == "The host takes no more connections from your address."
        server.max_per_address = 10
        held += [socket.create_connection(("127.0.0.1", hosted.thread.port), 5)
                 for _ in range(2)]
        assert wait_for(lambda: len(server.conns) == 5, 5)
        extra = socket.create_connection(("127.0.0.1", hosted.thread.port), 5)
        assert "no more connections now" in json.loads(extra.makefile("rb").readline())[
            "reason"]
        for sock in held:
            sock.close()
    finally:
        hosted.stop()


def test_guessing_codes_is_slowed_to_a_crawl_but_a_friend_who_mistyped_gets_in():
    hosted = Hosted("classic", ["remote", "remote"])
    try:
        def attempt(code):
            return closed_reason(NetClient(hosted.address, {"code": code, "name": "Eve",
                                                            "token": None}).start())
        reasons = [attempt(f"WRONG{n:03d}".replace("0", "A").replace("1", "B"))
                   for n in range(guard.FREE_TRIES)]
        assert reasons == ["That is not this match's code."] * guard.FREE_TRIES
        started = time.monotonic()
        blocked = attempt("ZZZZZZZZ")
        assert blocked.startswith("Too many wrong codes from your address: try again in")
        assert time.monotonic() - started < 1.0, "refused at once, without a key exchange"
        # the right code after the wait: a friend who mistyped five times is let in
        time.sleep(2 * guard.WRONG_CODE_DELAY + 0.5)
        friend = NetClient(hosted.address, {"code": "test42", "name": "Ann",
                                            "token": None}).start()
        assert wait_for(lambda: any(m["type"] == "welcome" for m in friend.poll()), 10)
        friend.close()
    finally:
        hosted.stop()


def test_wrong_codes_wait_longer_and_longer_then_are_forgotten():
    guesses = guard.Guesses()
    now = 0.0
    for _ in range(guard.FREE_TRIES):
        assert guesses.wait("a", now) == 0
        guesses.start("a")
        guesses.end("a", now, wrong=True)
    waits = []
    for _ in range(12):
        wait = guesses.wait("a", now)
        waits.append(wait)
        now += wait
        guesses.start("a")
        guesses.end("a", now, wrong=True)
    assert waits[:4] == [1.0, 2.0, 4.0, 8.0] and waits[-1] == guard.LONGEST_WAIT
    assert sum(waits) > 1000, "a dozen guesses take more than a quarter of an hour"
    assert guesses.wait("b", now) == 0, "another address is not held up"
    guesses.start("a")                   # past the free tries, one try at a time
    assert guesses.wait("a", now + guard.LONGEST_WAIT + 1) > 0
    guesses.end("a", now, wrong=False)
    assert guesses.wait("a", now + guard.FORGIVEN_AFTER + 1) == 0


def test_the_wrong_codes_of_many_addresses_are_forgotten_in_time_and_capped(monkeypatch):
    """An attacker spraying addresses (each a few wrong codes) grew the counts forever."""
    monkeypatch.setattr(guard, "GUESSERS", 500)
    guesses = guard.Guesses()
    for number in range(2000):
        address = f"2001:db8:{number:x}::/64"
        guesses.start(address)
        guesses.end(address, 10.0 + number / 1000, wrong=True)
    assert len(guesses.last) == len(guesses.strikes) == 500 and not guesses.trying
    assert "2001:db8:7cf::/64" in guesses.strikes          # the newest are kept
    guesses.start("10.0.0.1")
    guesses.end("10.0.0.1", 20.0 + guard.FORGIVEN_AFTER, wrong=True)
    assert set(guesses.last) == set(guesses.strikes) == {"10.0.0.1"}  # the rest forgiven


def test_ipv6_addresses_count_by_their_home_network():
    assert guard.address_key("2001:db8:1:2::5") == guard.address_key("2001:db8:1:2:ff::9")
    assert guard.address_key("2001:db8:1:3::5") != guard.address_key("2001:db8:1:2::5")
    assert guard.address_key("::ffff:10.0.0.1") == "10.0.0.1"


def test_a_peers_text_cannot_forge_a_log_line_or_reach_the_terminal():
    hosted = Hosted("classic", ["remote", "remote"])
    try:
        sock = socket.create_connection(("127.0.0.1", hosted.thread.port), 5)
        forged = "\x1b]0;pwned\x07\x1b[2J\n12:00:00 seat 1 (Ann): 6-6L\u202e"
        sock.sendall(json.dumps({"v": forged, "type": "hello"}).encode() + b"\n")
        answer = json.loads(sock.makefile("rb").readline())
        assert "version 2" in answer["reason"]
        assert wait_for(lambda: any("refused connection" in line for line in hosted.log), 5)
        assert all(not any(c in line for c in "\x1b\x07\n\u202e") for line in hosted.log)
        assert any("\\x1b]0;pwned" in line for line in hosted.log)
    finally:
        hosted.stop()


def test_refusals_are_one_line_a_kind_and_connection_and_capped_in_all():
    lines: list[str] = []
    match = plain_match()
    server = MatchServer(match, log=lines.append)
    ann = join(match, "Ann")
    for n in range(50):
        match.refuse(ann, "move", f"It is not your turn ({n}).")
        match.refuse(ann, "message", "Not a JSON object.")
    server.refusals.ended(ann)
    assert len([line for line in lines if "refused" in line]) == 2
    assert lines[-1].endswith(": 98 more refusals")
    lines.clear()
    match = plain_match()
    server = MatchServer(match, log=lines.append)
    strangers = [join(match, f"E{n}", code="WRONG") for n in range(60)]
    assert len(lines) == guard.LOG_LINES
    server.refusals.tick(time.monotonic() + guard.LOG_WINDOW + 1)
    assert lines[-1] == f"{60 - guard.LOG_LINES} more refusals from {60 - guard.LOG_LINES} " \
                        "connections"
    assert all(stranger.closed for stranger in strangers)


def test_a_name_the_terminal_cannot_print_is_logged_with_replacements_and_seated():
    lines: list[str] = []

    def latin1_terminal(line: str) -> None:
        line.encode("iso-8859-1")              # what print() does with LANG=de_DE.ISO-8859-1
        lines.append(line)
    match = plain_match()
    MatchServer(match, log=latin1_terminal)
    ann = join(match, "Zoë 😀")
    assert ann.seat == 0 and match.seats[0].conn is ann and ann.last("welcome")
    assert any("took seat 1" in line and "?" in line for line in lines)


@pytest.mark.parametrize("route", ["XY", "ABCDEFGHJKLMNPQ"])
def test_a_hello_for_another_route_is_refused(route):
    hosted = Hosted("classic", ["remote", "remote"])
    try:
        sock = socket.create_connection(("127.0.0.1", hosted.thread.port), 5)
        sock.sendall(encode_line({"type": "hello", "route": route, "pake": "AAAA"}))
        answer = json.loads(sock.makefile("rb").readline())
        assert answer["reason"] == "No match with that code is hosted here."
    finally:
        hosted.stop()
