"""The host's network side: asyncio streams, one task per connection, a tick for the
match, and every message checked before the match sees it.

Why asyncio streams: the standard library's, so hosting needs nothing more than the
crypto packages; one thread serves every connection without ever waiting on one (a slow
or silent peer costs the others nothing); a message is one sealed frame of JSON.

A connection first proves the match code by the key exchange of secure.py (the host
answers a wrong code in words, after a pause that grows for an address that keeps
guessing: guard.py); from then on every message is sealed, and a frame that does not
open ends the connection. Then each message is checked: one over the size limit is
dropped (never held whole) and refused; one that is not a message of the protocol, or
not one a player may send, is refused; more than RATE a second (beyond a burst of
BURST) are refused, and a connection refused FLOOD_LIMIT times within FLOOD_WINDOW is
closed. A connection that has not joined within JOIN_DEADLINE seconds, sends nothing
for IDLE_LIMIT seconds (clients ping every few seconds), or does not read what it is
sent (SLOW_LIMIT bytes waiting) is aborted at once: its socket and buffers are freed
then, never held while the peer lingers. Connections are capped in all and per address.
Every line of the log is escaped, and refusals are one line per connection and kind.
Nothing a peer sends reaches the match unchecked, and nothing it does can stop the
event loop: an error of the match's own is logged, never fatal.

`serve_match` runs a host until stopped (the headless server, game.server.__main__);
`HostThread` runs the same host on a thread of the game's own process (Host on the
network screen), so the game's frame loop never waits for the network.
"""
from __future__ import annotations

import asyncio
import math
import socket
import threading
import time
import traceback

from game.server import guard
from game.server.protocol import (CLIENT_LINE_LIMIT, LineBuffer, ProtocolError,
                                  check_client_message, decode_line, encode_line)
from game.server.secure import (HANDSHAKE_LINE_LIMIT, HandshakeError, HostHandshake,
                                Sealer, Tampered, normal_code, split_code)

TICK = 0.02              # seconds between two looks at the computers and the clocks
RATE = 20.0              # messages a second a peer may send, on average
BURST = 40               # ... and at once
IDLE_LIMIT = 60.0        # seconds a peer may stay silent (clients ping every 5)
JOIN_DEADLINE = 10.0     # seconds from connecting to holding a seat
SLOW_LIMIT = 4 * 1024 * 1024   # bytes waiting for a peer that does not read them
FLUSH = 1.0              # seconds a polite goodbye may take to leave before the abort


class Connection:
    """One peer. `send` never waits: the bytes go to the transport's buffer, sealed once
    the handshake is done."""

    def __init__(self, reader, writer, log):
        self.reader, self.writer, self.log = reader, writer, log
        address = writer.get_extra_info("peername")
        host = str(address[0]).removeprefix("::ffff:") if isinstance(address, tuple) else ""
        self.peer = f"{host}:{address[1]}" if host else "peer"
        self.address = guard.address_key(host)
        self.seat = None
        self.is_host = False
        self.held = None                 # what the seat holds (snapshot.SeatRecord)
        self.bytes_sent = 0
        self.closed = False
        self.sealer: Sealer | None = None
        self.allowance = float(BURST)
        self.opened = self.last_heard = self.refilled = time.monotonic()
        self.flood = guard.Flood()

    def send(self, message: dict) -> None:
        if self.closed:
            return
        data = encode_line(message)
        if self.sealer is not None:
            data = self.sealer.seal(data)
        transport = self.writer.transport
        if transport.get_write_buffer_size() + len(data) > SLOW_LIMIT:
            self.log(f"{self.peer}: does not read what it is sent: closed")
            self.abort("too slow")
            return
        self.bytes_sent += len(data)
        self.writer.write(data)

    def close(self, reason: str) -> None:
        """A polite end: what is written may leave for FLUSH seconds, then the socket is
        aborted whatever the peer does."""
        if not self.closed:
            self.closed = True
            self.writer.close()
            try:
                asyncio.get_running_loop().call_later(FLUSH, self.writer.transport.abort)
            except RuntimeError:          # no loop (a test's connection): closed is enough
                pass

    def abort(self, reason: str) -> None:
        """An end at once: the socket and everything waiting for the peer are freed now."""
        self.closed = True
        self.writer.transport.abort()

    def allowed(self) -> bool:
        """A token bucket: RATE messages a second, BURST at once."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.refilled) * RATE)
        self.refilled = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


class MatchServer:
    """Serves one HostedMatch on `port`; `port` 0 takes a free one (`bound_port`)."""

    def __init__(self, match, host: str | None = None, port: int = 0, log=print, tap=None,
                 max_connections: int = guard.MAX_CONNECTIONS,
                 max_per_address: int = guard.MAX_PER_ADDRESS):
        self.match, self.host, self.port = match, host, port
        self.log = _safe(log)
        self.tap = tap                       # tests: sees (connection, bytes) of each send
        self.max_connections, self.max_per_address = max_connections, max_per_address
        self.server: asyncio.Server | None = None
        self.bound_port: int | None = None
        self._stopping: asyncio.Event | None = None
        self._tasks: set = set()
        self.conns: set[Connection] = set()      # every connection, joined or not
        self.guesses = guard.Guesses()
        self.refusals = guard.RefusalLog(self.log)
        match.log = self.log
        match.note_refusal = self._note_refusal

    def _note_refusal(self, conn, line: str, kind: str) -> None:
        self.refusals.refused(conn, line, kind, time.monotonic())

    async def run(self, ready=None) -> None:
        """Serve until `stop()`; `ready(error or None)` is called once listening (or not)."""
        stopping = self._stopping = asyncio.Event()
        try:
            if self.host is None:             # one port for every address, IPv4 and IPv6
                server = await asyncio.start_server(self._serve,
                                                    sock=listening_socket(self.port))
            else:
                server = await asyncio.start_server(self._serve, self.host, self.port)
            self.server = server
        except OSError as error:
            if ready:
                ready(error)
                return
            raise
        self.bound_port = server.sockets[0].getsockname()[1]
        if ready:
            ready(None)
        ticker = asyncio.create_task(self._tick())
        try:
            await stopping.wait()
        finally:
            ticker.cancel()
            server.close()
            conns = list(self.match.conns)
            resumable = self.match.saver is not None and not self.match.state.is_over()
            self._guard(lambda: self.match.close(
                "The host stopped the match for now: it stays saved there. Once the host "
                "resumes it, join again with the same code to take your seat back."
                if resumable else "The host has stopped the match."))
            await self._flush(conns)
            for conn in list(self.conns):
                conn.abort("stopped")
            for task in list(self._tasks):
                task.cancel()

    @staticmethod
    async def _flush(conns) -> None:
        """Let the goodbyes reach the peers (a moment at most) before the loop ends."""
        waits = [conn.writer.wait_closed() for conn in conns]
        try:
            await asyncio.wait_for(asyncio.gather(*waits, return_exceptions=True), FLUSH)
        except (TimeoutError, asyncio.CancelledError):
            pass

    def stop(self) -> None:
        if self._stopping is not None:
            self._stopping.set()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self._guard(self.match.tick)
            now = time.monotonic()
            self.refusals.tick(now)
            for conn in list(self.conns):
                if conn.closed:
                    continue
                if now - conn.last_heard > IDLE_LIMIT:
                    self.log(f"{conn.peer}: silent for {IDLE_LIMIT:g} s: closed")
                    conn.send({"type": "bye", "again": True, "reason": (
                        f"Nothing came from this computer for {IDLE_LIMIT:g} seconds, so "
                        "the host closed the connection: join again to take your seat "
                        "back.")})
                    conn.close("silent")       # (the goodbye may go; the abort follows)
                elif conn.seat is None and now - conn.opened > JOIN_DEADLINE:
                    self.log(f"{conn.peer}: did not join within {JOIN_DEADLINE:g} s: closed")
                    conn.abort("no join")

    def _guard(self, action) -> None:
        """Run a step of the match; a fault in it is logged, never fatal to the host."""
        try:
            action()
        except Exception:
            self.log("host error: " + " | ".join(
                line.strip() for line in traceback.format_exc().splitlines()[-3:]))

    def _admitted(self, conn: Connection) -> bool:
        """Whether the caps leave room for `conn` (if not, it is told in clear and closed)."""
        same = sum(other.address == conn.address for other in self.conns)
        if len(self.conns) >= self.max_connections:
            reason = "The host takes no more connections now."
        elif same >= self.max_per_address:
            reason = "The host takes no more connections from your address."
        else:
            return True
        self._refuse_clear(conn, "connection", reason)
        return False

    def _refuse_clear(self, conn: Connection, about: str, reason: str) -> None:
        """Refuse before the channel is sealed (the handshake's own words), and close."""
        self._note_refusal(conn, f"{conn.peer} (not seated): refused {about}: {reason}", about)
        conn.send({"type": "refused", "about": about, "reason": reason})
        conn.close(about)
        self.refusals.ended(conn)

    async def _serve(self, reader, writer) -> None:
        task = asyncio.current_task()
        conn = Connection(reader, writer, self.log)
        if not self._admitted(conn):
            return
        self._tasks.add(task)
        self.conns.add(conn)
        if self.tap is not None:
            # a test's tap wraps this one connection's send, to see or hold its bytes
            conn.send = self.tap(conn, conn.send)  # type: ignore[method-assign]
        connected = False
        try:
            shaken = await self._handshake(conn, _Lines(reader, conn))
            if shaken is None:
                return
            opener, rest = shaken
            self._guard(lambda: self.match.connect(conn))
            connected = True
            while not conn.closed:
                for message in opener.feed(rest, CLIENT_LINE_LIMIT):
                    await self._handle(conn, message)
                    if conn.closed:
                        break
                rest = await reader.read(65536)
                if not rest:
                    break
                conn.last_heard = time.monotonic()
        except Tampered as error:
            self.log(f"{conn.peer}: {error}: closed")
            conn.abort("tampered")
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass
        finally:
            self._tasks.discard(task)
            self.conns.discard(conn)
            if connected:
                self._guard(lambda: self.match.disconnect(conn))
            self.refusals.ended(conn)
            conn.close("gone")

    async def _handshake(self, conn: Connection, lines: "_Lines"):
        """(opener, bytes already read) once `conn` proved the match code, else None
        (it was told why, in clear, and closed)."""
        try:
            hello = await lines.message()
            if hello is None:
                return None
            if hello["type"] != "hello" or not isinstance(hello.get("route"), str):
                raise ProtocolError("a connection starts with the key exchange of the code")
        except ProtocolError as error:
            self._refuse_clear(conn, "connection", _sentence(str(error)))
            return None
        route, secret = split_code(self.match.code)
        if normal_code(hello["route"][:20]) != route:
            self._refuse_clear(conn, "join", "No match with that code is hosted here.")
            return None
        wait = self.guesses.wait(conn.address, time.monotonic())
        if wait > 0:
            self._refuse_clear(conn, "join", "Too many wrong codes from your address: try "
                                             f"again in {math.ceil(wait)} s.")
            return None
        self.guesses.start(conn.address)
        proved = False
        try:
            shake = HostHandshake(secret, route)
            conn.send(shake.answer(hello))
            proof = await lines.message()
            if proof is None:
                return None
            proved = shake.check(proof)
        except (ProtocolError, HandshakeError) as error:
            self._refuse_clear(conn, "connection", _sentence(str(error)))
            return None
        finally:
            self.guesses.end(conn.address, time.monotonic(), wrong=not proved)
        if not proved:
            await asyncio.sleep(guard.WRONG_CODE_DELAY)
            self._refuse_clear(conn, "join", "That is not this match's code.")
            return None
        line, sealer, opener = shake.channel(encode_line)
        conn.writer.write(line)
        conn.sealer = sealer
        return opener, lines.rest()

    async def _handle(self, conn, line: bytes | None) -> None:
        match = self.match
        if not conn.allowed():
            match.refuse(conn, "message", "Too many messages: slow down.")
            if conn.flood.refused(time.monotonic()):
                self.log(f"{conn.peer}: kept flooding: closed")
                conn.abort("flooding")
            return
        if line is None:
            match.refuse(conn, "message", f"A message may be at most {CLIENT_LINE_LIMIT} "
                                          "bytes long.")
            return
        try:
            message = check_client_message(decode_line(line))
        except ProtocolError as error:
            match.refuse(conn, "message", _sentence(str(error)))
            return
        self._guard(lambda: match.receive(conn, message))


class _Lines:
    """The handshake's lines in clear, read one at a time (whatever else came with them
    is kept for the sealed frames)."""

    def __init__(self, reader, conn: Connection):
        self.reader, self.conn = reader, conn
        self.buffer = LineBuffer(HANDSHAKE_LINE_LIMIT)
        self.waiting: list = []

    async def message(self) -> dict | None:
        """The next message in clear; None when the peer went; ProtocolError if it is not
        one."""
        while not self.waiting:
            data = await self.reader.read(4096)
            if not data:
                return None
            self.conn.last_heard = time.monotonic()
            self.waiting += self.buffer.feed(data)
        line = self.waiting.pop(0)
        if line is None:
            raise ProtocolError(f"a line of the handshake is at most {HANDSHAKE_LINE_LIMIT} "
                                "bytes")
        return decode_line(line)

    def rest(self) -> bytes:
        if self.waiting:          # a joiner waits for the host's proof before it seals
            raise Tampered("clear text where sealed messages belong")
        return self.buffer.rest()


def _sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}."


def _safe(log):
    """`log` of escaped lines, never raising for a text the terminal cannot print."""
    def safe(line: str) -> None:
        line = guard.printable(line, 1000)
        try:
            log(line)
        except UnicodeError:
            log(line.encode("ascii", "replace").decode("ascii"))
    return safe


def serve_match(match, host: str | None, port: int, log=print, on_ready=None) -> None:
    """Host `match` until interrupted (Ctrl+C) or stopped."""
    server = MatchServer(match, host, port, log)

    def ready(error):
        if error is not None:
            raise error
        if on_ready:
            on_ready(server)
    try:
        asyncio.run(server.run(ready))
    except KeyboardInterrupt:
        pass


def listening_socket(port: int) -> socket.socket:
    """A socket listening on `port` of every address: IPv6 and IPv4 on one socket where
    the system allows it (so a free port, 0, is the same for both), else IPv4 alone."""
    for family, address in ((socket.AF_INET6, "::"), (socket.AF_INET, "0.0.0.0")):
        try:
            sock = socket.socket(family, socket.SOCK_STREAM)
        except OSError:
            continue
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            sock.bind((address, port))
        except OSError:
            sock.close()
            if family == socket.AF_INET:
                raise
            continue
        sock.listen(64)
        sock.setblocking(False)
        return sock
    raise OSError("no socket can listen here")


def lan_address() -> str | None:
    """This machine's address on its local network, as friends there would type it
    (found by routing a datagram that is never sent), or None."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))            # TEST-NET: nothing is sent anywhere
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("0.") else address


class HostThread:
    """A MatchServer on a thread of this process: `start()` returns once it listens (or
    raises the OSError that stopped it), `stop()` ends it."""

    def __init__(self, match, host: str | None = None, port: int = 0, log=print, tap=None):
        self.server = MatchServer(match, host, port, log, tap)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._error: OSError | None = None
        self.address: str | None = None     # where others join, as the host's screen says
        self.thread = threading.Thread(target=self._run, name="host", daemon=True)

    @property
    def port(self) -> int | None:
        """The port it listens on (None before `start()`)."""
        return self.server.bound_port

    def start(self) -> None:
        self.thread.start()
        self._ready.wait()
        if self._error is not None:
            raise self._error

    def _run(self) -> None:
        loop = self.loop = asyncio.new_event_loop()

        def ready(error: OSError | None) -> None:
            self._error = error
            self._ready.set()
        try:
            loop.run_until_complete(self.server.run(ready))
        finally:
            self._ready.set()
            loop.close()

    def stop(self, wait: float = 2.0) -> None:
        if self.loop is not None and self.loop.is_running():
            self.loop.call_soon_threadsafe(self.server.stop)
        self.thread.join(wait)
