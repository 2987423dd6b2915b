"""The host's network side: asyncio streams, one task per connection, a tick for the
match, and every message checked before the match sees it.

Why asyncio streams: the standard library's, so hosting needs nothing installed; one
thread serves every connection without ever waiting on one (a slow or silent peer
costs the others nothing); and a line of JSON per message is all the framing a game of
a few messages a minute needs. (A web page could join later through a small websocket
bridge in front of the same protocol.)

Each connection is checked: a line over the size limit is dropped (never held whole)
and refused; a line that is not a message of the protocol, or not one a player may
send, is refused; more than RATE messages a second (beyond a burst of BURST) are
refused, and a connection that keeps flooding, or sends nothing for IDLE_LIMIT seconds
(clients ping every few seconds), is closed. Each refusal is one line in the log (a run
of flooding, its first). A peer that does not read what it is sent is dropped once
SLOW_LIMIT bytes wait for it, so the host never holds more for it. Nothing a peer
sends reaches the match unchecked, and nothing it does can stop the event loop: an error
of the match's own is logged, never fatal.

`serve_match` runs a host until stopped (the headless server, game.server.__main__);
`HostThread` runs the same host on a thread of the game's own process (Host on the
network screen), so the game's frame loop never waits for the network.
"""
from __future__ import annotations

import asyncio
import socket
import threading
import time
import traceback

from game.server.protocol import (CLIENT_LINE_LIMIT, LineBuffer, ProtocolError,
                                  check_client_message, decode_line, encode_line)

TICK = 0.02              # seconds between two looks at the computers and the clocks
RATE = 20.0              # messages a second a peer may send, on average
BURST = 40               # ... and at once
FLOOD_LIMIT = 200        # refusals for flooding before the connection is closed
IDLE_LIMIT = 60.0        # seconds a peer may stay silent (clients ping every 5)
SLOW_LIMIT = 4 * 1024 * 1024   # bytes waiting for a peer that does not read them
WRONG_CODE_DELAY = 0.5   # seconds before a wrong code is answered (guessing is slow)
FLUSH = 1.0              # seconds the host's last words may take to leave when it stops


class Connection:
    """One peer. `send` never waits: the bytes go to the transport's buffer."""

    def __init__(self, reader, writer, log):
        self.reader, self.writer, self.log = reader, writer, log
        address = writer.get_extra_info("peername")
        host = str(address[0]).removeprefix("::ffff:") if isinstance(address, tuple) else ""
        self.peer = f"{host}:{address[1]}" if host else "peer"
        self.seat = None
        self.is_host = False
        self.held = None                 # what the seat holds (snapshot.SeatRecord)
        self.bytes_sent = 0
        self.closed = False
        self.allowance = float(BURST)
        self.last_heard = self.refilled = time.monotonic()
        self.flooding = 0

    def send(self, message: dict) -> None:
        if self.closed:
            return
        data = encode_line(message)
        transport = self.writer.transport
        if transport.get_write_buffer_size() + len(data) > SLOW_LIMIT:
            self.log(f"{self.peer}: does not read what it is sent: closed")
            self.close("too slow")
            return
        self.bytes_sent += len(data)
        self.writer.write(data)

    def close(self, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()

    def allowed(self) -> bool:
        """A token bucket: RATE messages a second, BURST at once."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.refilled) * RATE)
        self.refilled = now
        if self.allowance < 1:
            self.flooding += 1
            return False
        self.allowance -= 1
        self.flooding = 0
        return True


class MatchServer:
    """Serves one HostedMatch on `port`; `port` 0 takes a free one (`bound_port`)."""

    def __init__(self, match, host: str | None = None, port: int = 0, log=print, tap=None):
        self.match, self.host, self.port, self.log = match, host, port, log
        self.tap = tap                       # tests: sees (connection, bytes) of each send
        self.server: asyncio.Server | None = None
        self.bound_port: int | None = None
        self._stopping: asyncio.Event | None = None
        self._tasks: set = set()

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
            self._guard(lambda: self.match.close("The host has stopped the match."))
            await self._flush(conns)
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
            for conn in list(self.match.conns):
                if time.monotonic() - conn.last_heard > IDLE_LIMIT:
                    self.log(f"{conn.peer}: silent for {IDLE_LIMIT:g} s: closed")
                    conn.close("silent")

    def _guard(self, action) -> None:
        """Run a step of the match; a fault in it is logged, never fatal to the host."""
        try:
            action()
        except Exception:
            self.log("host error: " + " | ".join(
                line.strip() for line in traceback.format_exc().splitlines()[-3:]))

    async def _serve(self, reader, writer) -> None:
        task = asyncio.current_task()
        self._tasks.add(task)
        conn = Connection(reader, writer, self.log)
        if self.tap is not None:
            # a test's tap wraps this one connection's send, to see or hold its bytes
            conn.send = self.tap(conn, conn.send)  # type: ignore[method-assign]
        self._guard(lambda: self.match.connect(conn))
        lines = LineBuffer(CLIENT_LINE_LIMIT)
        try:
            while not conn.closed:
                data = await reader.read(65536)
                if not data:
                    break
                conn.last_heard = time.monotonic()
                for line in lines.feed(data):
                    await self._handle(conn, line)
                    if conn.closed:
                        break
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass
        finally:
            self._tasks.discard(task)
            self._guard(lambda: self.match.disconnect(conn))
            conn.close("gone")

    async def _handle(self, conn, line: bytes | None) -> None:
        match = self.match
        if not conn.allowed():
            if conn.flooding == 1:         # one line in the log for a run of them
                match.refuse(conn, "message", "Too many messages: slow down.")
            else:
                conn.send({"type": "refused", "about": "message",
                           "reason": "Too many messages: slow down."})
            if conn.flooding >= FLOOD_LIMIT:
                self.log(f"{conn.peer}: kept flooding: closed")
                conn.close("flooding")
            return
        if line is None:
            match.refuse(conn, "message", f"A message may be at most {CLIENT_LINE_LIMIT} "
                                          "bytes long.")
            return
        try:
            message = check_client_message(decode_line(line))
        except ProtocolError as error:
            match.refuse(conn, "message", f"{str(error)[:1].upper()}{str(error)[1:]}.")
            return
        if message["type"] == "join" and conn.seat is None and not _code_matches(match,
                                                                                 message):
            await asyncio.sleep(WRONG_CODE_DELAY)
        self._guard(lambda: match.receive(conn, message))


def _code_matches(match, message: dict) -> bool:
    from game.server.protocol import same_code
    return same_code(message["code"], match.code)


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
