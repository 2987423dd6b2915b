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
import signal
import threading
import time
import traceback

from game.server import guard
from game.server.connection import (BURST, FLUSH, RATE, SLOW_LIMIT, ClearLines,  # noqa: F401
                                    Connection, free_closed_transports, lan_address,
                                    listening_socket, safe_log, sentence)
from game.server.protocol import (CLIENT_LINE_LIMIT, ProtocolError, check_client_message,
                                  decode_line, encode_line)
from game.server.secure import HandshakeError, HostHandshake, Tampered, normal_code, split_code

TICK = 0.02              # seconds between two looks at the computers and the clocks
CHECK = 0.25             # seconds between two looks at every connection's clocks
IDLE_LIMIT = 60.0        # seconds a peer may stay silent (clients ping every 5)
JOIN_DEADLINE = 10.0     # seconds from connecting to holding a seat
PROXY_SECONDS = 5.0      # behind a load balancer: its PROXY line comes first, in this time
SHAKE_QUEUE = 64         # key exchanges waiting at once (some 9 ms each) before "busy"
BUSY = "The server is busy: join again in a moment."
# (BURST, RATE, SLOW_LIMIT and FLUSH are connection.py's, named here as before)


class MatchServer:
    """Serves one HostedMatch on `port`; `port` 0 takes a free one (`bound_port`).

    A server of many matches (tables.TableServer) is this one with its own answers to
    `matches`, `find`, `unattached` and the hooks `ticked`, `left` and `finish`."""

    tick_seconds = TICK
    backlog = 64
    wrong_code = "That is not this match's code."     # (why "code": programs read that)

    def __init__(self, match, host: str | None = None, port: int = 0, log=print, tap=None,
                 max_connections: int = guard.MAX_CONNECTIONS,
                 max_per_address: int = guard.MAX_PER_ADDRESS):
        self.match, self.host, self.port = match, host, port
        self.log = safe_log(log)
        self.tap = tap                       # tests: sees (connection, bytes) of each send
        self.max_connections, self.max_per_address = max_connections, max_per_address
        self.server: asyncio.Server | None = None
        self.bound_port: int | None = None
        self._stopping: asyncio.Event | None = None
        self._tasks: set = set()
        self.conns: set[Connection] = set()      # every connection, joined or not
        self.accepted = 0                        # connections ever taken (refused too)
        self.per_address: dict[str, int] = {}    # connections from each address
        self.guesses = guard.Guesses()
        self.refusals = guard.RefusalLog(self.log)
        self.spake = None             # an executor for the key exchanges, else the loop
        self.shaking = 0              # key exchanges waiting for it
        self.behind_proxy = False     # every connection starts with a balancer's PROXY line
        if match is not None:
            self.adopt(match, self.log)

    def adopt(self, match, log) -> None:
        """Serve `match`: its log and refusals go through this server's."""
        match.log = log
        match.note_refusal = self._note_refusal

    # --- what a server of many matches answers otherwise ------------------------------
    def matches(self):
        return (self.match,)

    def find(self, route: str):
        """The match a joiner's route names, or None."""
        return self.match if route == split_code(self.match.code)[0] else None

    def unattached(self, conn: Connection, message: dict) -> None:
        """A sealed message from a connection at no match yet (one that opened with the
        server's key: only a table server has such)."""
        self.refuse(conn, message["type"], "Join the match first.")

    def ticked(self, now: float) -> None:
        """Called once a tick, after the matches' ticks."""

    def left(self, conn: Connection) -> None:
        """Called when a connection that was at a match ends."""

    async def finish(self) -> None:
        """What the server does as it stops: the match is told why, the goodbyes leave."""
        conns = list(self.match.conns)
        resumable = self.match.saver is not None and not self.match.state.is_over()
        self._guard(lambda: self.match.close(
            "The host stopped the match for now: it stays saved there. Once the host "
            "resumes it, join again with the same code to take your seat back."
            if resumable else "The host has stopped the match."))
        await self._flush(conns)

    async def open_handshake(self, conn: Connection, hello: dict, lines: ClearLines):
        """A hello that opens a table: only a table server takes one."""
        self._refuse_clear(conn, "connection", "This host holds one match: join it with "
                                               "its code.")

    # --- the refusals -----------------------------------------------------------------
    def _note_refusal(self, conn, line: str, kind: str) -> None:
        self.refusals.refused(conn, line, kind, time.monotonic())

    def refuse(self, conn: Connection, about: str, reason: str) -> None:
        """Refuse one message of `conn`, at a match or not yet."""
        if conn.match is not None:
            conn.match.refuse(conn, about, reason)
            return
        self._note_refusal(conn, f"{conn.peer} (at no table): refused {about}: {reason}",
                           about)
        conn.send({"type": "refused", "about": about, "reason": reason})

    # --- running ----------------------------------------------------------------------
    async def run(self, ready=None) -> None:
        """Serve until `stop()`; `ready(error or None)` is called once listening (or not)."""
        stopping = self._stopping = asyncio.Event()
        free_closed_transports()
        try:
            if self.host is None:             # one port for every address, IPv4 and IPv6
                server = await asyncio.start_server(
                    self._serve, sock=listening_socket(self.port, self.backlog))
            else:
                server = await asyncio.start_server(self._serve, self.host, self.port,
                                                    backlog=self.backlog)
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
            await self.finish()
            for conn in list(self.conns):
                conn.abort("stopped")
            for task in list(self._tasks):
                task.cancel()

    @staticmethod
    async def _flush(conns, seconds: float = FLUSH) -> None:
        """Let the goodbyes reach the peers (a moment at most) before the loop ends."""
        waits = [conn.writer.wait_closed() for conn in conns]
        try:
            await asyncio.wait_for(asyncio.gather(*waits, return_exceptions=True), seconds)
        except (TimeoutError, asyncio.CancelledError):
            pass

    def stop(self) -> None:
        if self._stopping is not None:
            self._stopping.set()

    async def _tick(self) -> None:
        checked = 0.0
        while True:
            await asyncio.sleep(self.tick_seconds)
            for match in self.matches():
                if match.waits_on_time():
                    self._guard(match.tick)
            now = time.monotonic()
            self.refusals.tick(now)
            if now - checked >= CHECK:
                checked = now
                self._check_connections(now)
            self._guard(lambda now=now: self.ticked(now))

    def _check_connections(self, now: float) -> None:
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
        if len(self.conns) >= self.max_connections:
            reason = "The host takes no more connections now."
        elif self.per_address.get(conn.address, 0) >= self.max_per_address:
            reason = "The host takes no more connections from your address."
        else:
            return True
        self._refuse_clear(conn, "connection", reason)
        conn.ended()          # (nobody reads it to its end: its descriptor goes now, as the
        return False          # caps are full)

    async def _proxied(self, conn: Connection, lines: ClearLines) -> bool:
        """Behind a load balancer: the client's own address from its PROXY line (the
        caps per address count people, not the balancer); False (closed) without one."""
        try:
            source = await asyncio.wait_for(lines.proxy_line(), PROXY_SECONDS)
        except (ProtocolError, TimeoutError, OSError) as error:
            self.log(f"{conn.peer}: {error or 'no PROXY line in time'}: closed")
            conn.abort("no proxy line")
            return False
        if source is not None:
            conn.came_from(*source)
        return True

    def _refuse_clear(self, conn: Connection, about: str, reason: str,
                      why: str | None = None) -> None:
        """Refuse before the channel is sealed (the handshake's own words), and close;
        `why` is a stable key for programs ("code": no match or table has that code)."""
        self._note_refusal(conn, f"{conn.peer} (not seated): refused {about}: {reason}", about)
        conn.send({"type": "refused", "about": about, "reason": reason,
                   **({"why": why} if why else {})})
        conn.close(about)
        self.refusals.ended(conn)

    async def _serve(self, reader, writer) -> None:
        task = asyncio.current_task()
        self.accepted += 1
        conn = Connection(reader, writer, self.log)
        lines = ClearLines(reader, conn)
        if self.behind_proxy and not await self._proxied(conn, lines):
            return
        if not self._admitted(conn):
            return
        self._tasks.add(task)
        self.conns.add(conn)
        self.per_address[conn.address] = self.per_address.get(conn.address, 0) + 1
        if self.tap is not None:
            # a test's tap wraps this one connection's send, to see or hold its bytes
            conn.send = self.tap(conn, conn.send)  # type: ignore[method-assign]
        try:
            shaken = await self._handshake(conn, lines)
            if shaken is None:
                return
            opener, rest = shaken
            if conn.match is not None:
                self._guard(lambda: conn.match.connect(conn))
            while True:           # (once closed, read to the peer's end: conn.close)
                for message in opener.feed(rest, CLIENT_LINE_LIMIT) if not conn.closed else ():
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
            count = self.per_address.pop(conn.address, 1) - 1
            if count > 0:
                self.per_address[conn.address] = count
            match = conn.match
            if match is not None and conn in match.conns:
                self._guard(lambda: match.disconnect(conn))
                self._guard(lambda: self.left(conn))
            self.refusals.ended(conn)
            conn.close("gone")
            conn.ended()

    async def _handshake(self, conn: Connection, lines: ClearLines):
        """(opener, bytes already read) once `conn` proved the match code (or opened
        with a table server's key), else None (it was told why, in clear, and closed)."""
        try:
            hello = await lines.message()
            if hello is None:
                return None
            if hello["type"] != "hello" or not isinstance(hello.get("route"), str):
                raise ProtocolError("a connection starts with the key exchange of the code")
        except ProtocolError as error:
            self._refuse_clear(conn, "connection", sentence(str(error)))
            return None
        if "open" in hello:
            return await self.open_handshake(conn, hello, lines)
        route = normal_code(hello["route"][:20])
        match = self.find(route)
        if match is not None:
            route, secret = split_code(match.code)
        else:
            decoy = self.decoy()
            if decoy is None:
                await self.unknown_route(conn)
                return None
            secret = decoy
        if self.shaking >= SHAKE_QUEUE:
            # (a thousand people back at once after a restart: each waits its turn at the
            # door, rather than all waiting inside past their join deadline, then again)
            self._refuse_clear(conn, "join", BUSY)
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
            conn.send(await self._answer(shake, hello))
            proof = await lines.message()
            if proof is None:
                return None
            proved = shake.check(proof)
        except (ProtocolError, HandshakeError) as error:
            self._refuse_clear(conn, "connection", sentence(str(error)))
            return None
        finally:
            self.guesses.end(conn.address, time.monotonic(), wrong=not proved)
        if not proved:
            await asyncio.sleep(guard.WRONG_CODE_DELAY)
            self._refuse_clear(conn, "join", self.wrong_code, "code")
            return None
        if self.find(route) is not match:          # closed while the joiner proved it
            self._refuse_clear(conn, "join", "That table has just closed.", "code")
            return None
        line, sealer, opener = shake.channel(encode_line)
        conn.writer.write(line)
        conn.sealer = sealer
        conn.match = match
        return opener, lines.rest()

    async def _answer(self, shake: HostHandshake, hello: dict) -> dict:
        """The key exchange's answer: SPAKE2 is pure Python (some 9 ms), so a server of
        many connections computes it in its executor while the loop serves moves."""
        if self.spake is None:
            return shake.answer(hello)
        self.shaking += 1
        try:
            return await shake.answer_in(self.spake, hello)
        finally:
            self.shaking -= 1

    def decoy(self) -> str | None:
        """The secret a joiner whose route names no match proves a code against (never
        proved: it is refused as a wrong code is, after the same steps), or None to refuse
        it at once (`unknown_route`)."""
        return None

    async def unknown_route(self, conn: Connection) -> None:
        self._refuse_clear(conn, "join", "No match with that code is hosted here.", "code")

    async def _handle(self, conn, line: bytes | None) -> None:
        if not conn.allowed():
            self.refuse(conn, "message", "Too many messages: slow down.")
            if conn.flood.refused(time.monotonic()):
                self.log(f"{conn.peer}: kept flooding: closed")
                conn.send({"type": "closed", "reason": "This connection sent far too many "
                                                       "messages too fast: it is closed."})
                conn.close("flooding")
            return
        if line is None:
            self.refuse(conn, "message", f"A message may be at most {CLIENT_LINE_LIMIT} "
                                         "bytes long.")
            return
        try:
            message = check_client_message(decode_line(line))
        except ProtocolError as error:
            self.refuse(conn, "message", sentence(str(error)))
            return
        match = conn.match
        if match is None:
            self._guard(lambda: self.unattached(conn, message))
        else:
            self._guard(lambda: match.receive(conn, message))


def serve_match(match, host: str | None, port: int, log=print, on_ready=None) -> None:
    """Host `match` until interrupted (Ctrl+C) or stopped."""
    server = MatchServer(match, host, port, log)

    def ready(error):
        if error is not None:
            raise error
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):     # a clean stop, never an
            try:                                           # interrupt inside a connection
                loop.add_signal_handler(signum, server.stop)
            except (NotImplementedError, RuntimeError, ValueError):   # (Windows)
                pass
        if on_ready:
            on_ready(server)
    try:
        asyncio.run(server.run(ready))
    except KeyboardInterrupt:
        pass


class HostThread:
    """A MatchServer (or the `server` given, a table server) on a thread of this process:
    `start()` returns once it listens (or raises the OSError that stopped it), `stop()`
    ends it."""

    def __init__(self, match, host: str | None = None, port: int = 0, log=print, tap=None,
                 server: MatchServer | None = None):
        self.server = server or MatchServer(match, host, port, log, tap)
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
