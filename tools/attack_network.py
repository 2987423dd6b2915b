"""The network part of tools/attack.py: everything the attacker of issue 43 did, thrown at
a real host listening on the loopback (a HostThread of this process, real sockets).

Each check counts what must stay zero: a deal found by searching seeds, a seed in what a
seat is sent, a stranger in a dropped seat, a flood left open, a non-reader's memory
held past a second, a log line forged or a log flooded, guessing faster than a crawl,
connections past the caps or past the join deadline, a secret in clear on the wire, an
impostor host accepted.
"""
from __future__ import annotations

import json
import socket
import threading
import time

from game.logic.line.moves import BITS, TILES
from game.logic.tiles import seeded_random, shuffle
from game.server import guard
from game.server.bot import SeatBot
from game.server.client import NetClient
from game.server.host import HostThread
from game.server.match import GRACE, HostedMatch, HostSeat
from game.server.protocol import encode_line, new_code
from game.server.secure import NOT_THE_HOST
from network_support import Impostor, Relay, sealed_socket, wait_for

NET_ZERO = ("deals found", "seeds sent", "seats taken", "floods kept open", "memory held",
            "log lines forged", "log flooded", "guessing fast", "connections kept",
            "clear text", "impostors accepted")


class Host:
    """A match of `variant` for two people hosted on the loopback; its log kept."""

    def __init__(self, variant: str = "classic", **settings):
        self.log: list[str] = []
        self.code = new_code()
        self.now = [0.0]                                   # seconds the clock is moved on
        self.match = HostedMatch(variant, [HostSeat("Seat 1"), HostSeat("Seat 2")], {},
                                 settings.pop("seed", None) or _seed(), code=self.code,
                                 log=self.log.append, pace=0.0,
                                 clock=lambda: time.monotonic() + self.now[0], **settings)
        self.sent: list[str] = []                          # every message a seat was sent

        def tap(conn, send):
            def tapped(message):
                self.sent.append(json.dumps(message))
                send(message)
            return tapped
        self.thread = HostThread(self.match, "127.0.0.1", 0, self.log.append, tap)
        self.thread.start()
        self.address = f"127.0.0.1:{self.thread.port}"

    def client(self, code=None, name="Eve", token=None, address=None) -> NetClient:
        return NetClient(address or self.address, {"code": code or self.code, "name": name,
                                                   "token": token}).start()

    def stop(self) -> None:
        self.thread.stop()


def _seed() -> int:
    from game.logic.records import new_seed
    return new_seed()


def messages(client: NetClient, seconds: float, until) -> list[dict]:
    found: list[dict] = []
    wait_for(lambda: found.extend(client.poll()) or until(found), seconds)
    return found


def ended(found: list[dict]) -> str | None:
    return next((m["reason"] for m in found if m["type"] in ("closed", "refused")), None)


# --- 1. seeds ----------------------------------------------------------------------------
def seed_search(tally, rounds: int) -> None:
    """A seat's first hand against every seed from 0 up (the deal of classic's first
    round, as the rules make it); and the seed in anything the seats were sent."""
    host = Host("classic")
    try:
        # (a bot that thinks a while: its first hand is still whole when it is read)
        bots = [SeatBot(host.address, host.code, f"P{i}", "random", seed=i, think=30).start()
                for i in range(2)]
        wait_for(lambda: all(b.step() or (b.state and b.state.own) for b in bots), 20)
        bot = bots[0]
        hand = sum(BITS[TILES.index(tile)] for tile in bot.state.own.hand)
        seat = bot.welcome["seat"]
        searched = rounds * 10_000
        tally.tried("seeds searched")
        other = deal(host.match.seed)[1 - seat]     # what the search would reveal
        candidates = 0
        for seed in range(searched):
            hands = deal(seed)
            if hands[seat] == hand:       # one hand in about a million: some seeds match
                candidates += 1
                if hands[1 - seat] == other:
                    tally.found("deals found", f"seed {seed} deals both hands")
        tally.figures.append(f"{searched:,} seeds searched for seat {seat}'s first hand: "
                             f"{candidates} deal it by chance, none the other hand")
        for b in bots:
            b.think = 0.0                   # (and now as quick as they go)
        play_out(bots)
        tally.tried("games whose every message was searched for the seed")
        if str(host.match.seed) in "".join(host.sent):
            tally.found("seeds sent", "the seed was in what a seat was sent")
    finally:
        host.stop()


def deal(seed: int) -> tuple[int, int]:
    """The two hands (as masks of tiles) of classic's first round dealt from `seed`."""
    order = list(BITS)
    shuffle(seeded_random(f"{seed}:1"), order)
    return sum(order[:7]), sum(order[7:14])


def play_out(bots, seconds: float = 120) -> None:
    """Let the bots play on threads of their own until their game is over."""
    threads = [threading.Thread(target=b.run, args=(seconds, lambda b: b.state is not None
                                                     and b.state.is_over()), daemon=True)
               for b in bots]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 10)
    for b in bots:
        b.close()


# --- 2. a dropped seat -------------------------------------------------------------------
def dropped_seat(tally, rounds: int) -> None:
    host = Host("classic")
    try:
        ann, ben = host.client(name="Ann"), host.client(name="Ben")
        welcome = messages(ann, 10, lambda f: any(m["type"] == "welcome" for m in f))
        messages(ben, 10, lambda f: any(m["type"] == "welcome" for m in f))
        token, seat = next((m["token"], m["seat"]) for m in welcome if m["type"] == "welcome")
        ann.close()
        wait_for(lambda: host.match.seats[seat].conn is None, 10)
        host.now[0] += GRACE + 1                            # the grace has run out
        time.sleep(0.1)
        for _ in range(rounds):
            tally.tried("strangers after the grace")
            eve = host.client(name="Eve")
            found = messages(eve, 10, lambda f: ended(f) or any(m["type"] == "welcome"
                                                                 for m in f))
            if any(m["type"] == "welcome" for m in found):
                tally.found("seats taken", "a stranger took a dropped seat after the grace")
            eve.close()
        tally.tried("the owner coming back")
        back = host.client(name="Ann", token=token)
        found = messages(back, 10, lambda f: ended(f) or any(m["type"] == "welcome"
                                                             for m in f))
        if not any(m["type"] == "welcome" and m["token"] == token for m in found):
            tally.found("seats taken", f"the owner was refused: {ended(found)}")
        back.close()
        ben.close()
    finally:
        host.stop()


# --- 3. 4. floods and non-readers --------------------------------------------------------
def dodged_flood(tally, rounds: int) -> None:
    """3,300 messages a second with a 60 ms pause every 200, for up to 15 s."""
    host = Host("classic")
    try:
        tally.tried("dodged floods")
        sock, sealer, _ = sealed_socket(host.address, host.code, {"name": "Eve",
                                                                    "token": None})
        ping = encode_line({"type": "ping"})
        began, sent = time.monotonic(), 0
        try:
            while time.monotonic() - began < 15:
                sock.sendall(b"".join(sealer.seal(ping) for _ in range(10)))
                sent += 10
                time.sleep(10 / 3300 + (0.06 if sent % 200 == 0 else 0))
            tally.found("floods kept open", f"{sent} messages in 15 s and still open")
        except OSError:
            tally.figures.append(f"a dodged flood closed after {time.monotonic() - began:.1f} "
                                 f"s ({sent} messages)")
        sock.close()
    finally:
        host.stop()


def non_reader(tally, rounds: int) -> None:
    host = Host("classic")
    try:
        tally.tried("non-readers")
        sock, _, _ = sealed_socket(host.address, host.code, {"name": "Slow", "token": None})
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        wait_for(lambda: host.match.seats[0].conn is not None, 10)
        conn = host.match.seats[0].conn
        said = {"type": "said", "text": "x" * 3000}
        host.thread.loop.call_soon_threadsafe(lambda: [conn.send(said) for _ in range(5000)])
        wait_for(lambda: conn.closed, 10)
        freed = wait_for(lambda: conn.writer.transport.get_write_buffer_size() == 0
                         and conn.writer.transport.is_closing(), 1.0)
        if not freed:
            tally.found("memory held", f"{conn.writer.transport.get_write_buffer_size():,} "
                                       "bytes still held a second after the drop")
        sock.close()
    finally:
        host.stop()


# --- 5. the log --------------------------------------------------------------------------
def log_forgery(tally, rounds: int) -> None:
    host = Host("classic")
    try:
        tally.tried("forged log lines")
        sock = socket.create_connection(("127.0.0.1", host.thread.port), 5)
        forged = "\x1b]0;pwned\x07\x1b[2J\n12:00:00 seat 1 (Ann): 6-6L"
        sock.sendall(json.dumps({"v": forged, "type": "hello"}).encode() + b"\n")
        sock.recv(1000)
        sock.close()
        wait_for(lambda: any("refused" in line for line in host.log), 5)
        bad = [line for line in host.log if any(ord(c) < 32 or ord(c) == 127 for c in line)]
        if bad:
            tally.found("log lines forged", bad[0])
        tally.tried("junk from 6 strangers at once")
        before = len(host.log)
        socks = [sealed_socket(host.address, host.code)[:2] for _ in range(6)]
        began, junk = time.monotonic(), 0
        while time.monotonic() - began < min(10, rounds):
            for sock, sealer in socks:
                try:
                    sock.sendall(b"".join(sealer.seal(b"junk\n") for _ in range(10)))
                    junk += 10
                except OSError:
                    pass
            time.sleep(0.5)
        lines = len(host.log) - before
        kinds = len(socks) * 2 + 2                # a line a kind and connection, a summary
        tally.figures.append(f"{junk} junk messages from {len(socks)} connections: "
                             f"{lines} log lines")
        if lines > kinds + guard.LOG_LINES:
            tally.found("log flooded", f"{lines} log lines for {junk} junk messages")
        for sock, _ in socks:
            sock.close()
    finally:
        host.stop()


# --- 6. connections and guessing ---------------------------------------------------------
def guessing(tally, rounds: int) -> None:
    """Connections guessing codes at once for 10 s: how many codes are really tried."""
    host = Host("classic")
    try:
        tried, refusals = [0], []
        stop = time.monotonic() + 10

        def guesser():
            while time.monotonic() < stop:
                found = messages(host.client(code=new_code()), 10, ended)
                refusals.append(ended(found) or "")
                tried[0] += ended(found) == "That is not this match's code."
        threads = [threading.Thread(target=guesser, daemon=True) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        tally.tried("guessing connections")
        tally.figures.append(f"8 connections at once for 10 s: {len(refusals)} tries, "
                             f"{tried[0]} codes checked")
        if tried[0] > guard.FREE_TRIES + 5:
            tally.found("guessing fast", f"{tried[0]} codes checked in 10 s from one address")
    finally:
        host.stop()


def idle_connections(tally, rounds: int) -> None:
    host = Host("classic")
    try:
        tally.tried("idle connections")
        held = []
        for _ in range(200):
            try:
                held.append(socket.create_connection(("127.0.0.1", host.thread.port), 5))
            except OSError:
                break
        time.sleep(0.5)
        kept = len(host.thread.server.conns)
        tally.figures.append(f"200 idle connections: {kept} held by the host")
        if kept > guard.MAX_PER_ADDRESS:
            tally.found("connections kept", f"{kept} idle connections held from one address")
        for sock in held:
            sock.close()
        tally.tried("a byte now and then")
        trickle = socket.create_connection(("127.0.0.1", host.thread.port), 5)
        trickle.settimeout(1)
        began = time.monotonic()
        closed = False
        while time.monotonic() - began < 15 and not closed:
            try:
                trickle.sendall(b"{")
                closed = trickle.recv(100) == b""
            except TimeoutError:
                pass
            except OSError:
                closed = True
        if not closed:
            tally.found("connections kept", "a byte every second kept a connection 15 s")
        trickle.close()
    finally:
        host.stop()


# --- 8. the wire -------------------------------------------------------------------------
def passive_tap(tally, rounds: int) -> None:
    host = Host("classic")
    relay = Relay(host.address)
    try:
        tally.tried("tapped games")
        bots = [SeatBot(relay.address, host.code, name, "random", seed=i).start()
                for i, name in enumerate(("Annabel", "Benedikt"))]
        play_out(bots)
        seen = bytes(relay.seen)
        secrets = [host.code, *(b.welcome["token"] for b in bots if b.welcome),
                   "Annabel", "Benedikt", '"hand"', '"move"', '"token"']
        secrets += [json.dumps(str(m)) for _, m in host.match.state.moves_played()]
        found = sorted({s for s in secrets if len(s) >= 5 and s.encode() in seen})
        tally.figures.append(f"{len(seen):,} bytes tapped")
        if found:
            tally.found("clear text", f"in clear: {found[:5]}")
    finally:
        relay.close()
        host.stop()


def man_in_the_middle(tally, rounds: int) -> None:
    impostor = Impostor()
    tally.tried("impostor hosts")
    client = NetClient(impostor.address, {"code": "ABCD-EFGH", "name": "Ann",
                                          "token": "secret"}).start()
    reason = ended(messages(client, 10, lambda found: ended(found) or impostor.got))
    time.sleep(0.3)
    if reason != NOT_THE_HOST or impostor.got:
        tally.found("impostors accepted",
                    f"{reason!r}, {sum(map(len, impostor.got))} bytes sent")
    impostor.close()


CHECKS = (seed_search, dropped_seat, dodged_flood, non_reader, log_forgery, guessing,
          idle_connections, passive_tap, man_in_the_middle)


def network(tally, rng, workdir, rounds: int) -> None:
    for check in CHECKS:
        try:
            check(tally, rounds)
        except Exception as error:             # a check that broke is a finding, never a pass
            tally.found("tracebacks", f"{check.__name__}: {type(error).__name__}: {error}")
