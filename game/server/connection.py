"""One peer of a host or a table server, as the network side sees it: what it may send
and how fast, what waits for it, how it ends; the handshake's lines in clear; the
listening socket and the address a host gives its friends.

`Connection.send` never waits: the bytes go to the transport's buffer, sealed once the
handshake is done; a peer that does not read them (SLOW_LIMIT bytes waiting) is aborted
at once. `allowed` is the token bucket of RATE messages a second (BURST at once).
"""
from __future__ import annotations

import asyncio
import socket
import time

from game.server import guard
from game.server.protocol import LineBuffer, ProtocolError, decode_line, encode_line
from game.server.secure import HANDSHAKE_LINE_LIMIT, Sealer, Tampered

RATE = 20.0              # messages a second a peer may send, on average
BURST = 40               # ... and at once
SLOW_LIMIT = 4 * 1024 * 1024   # bytes waiting for a peer that does not read them
FLUSH = 1.0              # seconds a polite goodbye may take to leave before the abort


def free_closed_transports() -> None:
    """Once, for the process: a closed connection's transport, socket and buffers are
    freed at once. CPython 3.11's socket transport keeps a bound method of itself (its
    read callback), a cycle, so each of them waited for a collection of the oldest
    generation, rare on a busy server: memory grew with every short connection (39 MB to
    354 MB after 200,000 refused ones). The callback is dropped once the connection is
    lost (nothing reads after that)."""
    global _freeing
    from asyncio import selector_events
    transport = getattr(selector_events, "_SelectorSocketTransport", None)
    lost = getattr(transport, "_call_connection_lost", None)
    if _freeing or transport is None or lost is None:
        return
    _freeing = True

    def call_connection_lost(self, exc) -> None:
        try:
            lost(self, exc)
        finally:
            self._read_ready_cb = None
    transport._call_connection_lost = call_connection_lost


_freeing = False


class Connection:
    """One peer. `send` never waits: the bytes go to the transport's buffer, sealed once
    the handshake is done."""

    def __init__(self, reader, writer, log):
        self.reader, self.writer, self.log = reader, writer, log
        address = writer.get_extra_info("peername")
        if isinstance(address, tuple):
            self.came_from(str(address[0]), address[1])
        else:
            self.peer, self.address = "peer", ""
        self.match = None                # the match (a table) it is at, once known
        self.seat = None
        self.is_host = False
        self.held = None                 # what the seat holds (snapshot.SeatRecord)
        self.bytes_sent = 0
        self.closed = False
        self.sealer: Sealer | None = None
        self.allowance = float(BURST)
        self.opened = self.last_heard = self.refilled = time.monotonic()
        self.flood = guard.Flood()

    def came_from(self, host: str, port) -> None:
        """The peer's address (as the socket says, or a load balancer's PROXY line)."""
        host = host.removeprefix("::ffff:")
        self.peer = f"{host}:{port}" if host else "peer"
        self.address = guard.address_key(host)

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
        aborted whatever the peer does. What is written is followed by the end of this
        side (the peer reads it all, then sees the end), never closed at once: closing a
        socket with the peer's bytes unread resets it, and the reset loses what was
        written (a goodbye to a peer whose ping had just come)."""
        if not self.closed:
            self.closed = True
            try:
                self.writer.write_eof()
            except (OSError, RuntimeError, NotImplementedError):
                self.writer.close()
            try:
                asyncio.get_running_loop().call_later(FLUSH, self.writer.transport.abort)
            except RuntimeError:          # no loop (a test's connection): closed is enough
                pass

    def ended(self) -> None:
        """The peer has gone too (or never will read more): free the socket now."""
        self.closed = True
        self.writer.close()

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


class ClearLines:
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

    async def proxy_line(self) -> tuple[str, int] | None:
        """The client's address from the PROXY line (version 1) a load balancer puts
        before what the client sends (None: the balancer does not know it); ProtocolError
        when the connection does not start with one."""
        while not self.waiting:
            data = await self.reader.read(4096)
            if not data:
                raise ProtocolError("the connection ended before its PROXY line")
            self.waiting += self.buffer.feed(data)
        return proxy_source(self.waiting.pop(0))

    def rest(self) -> bytes:
        if self.waiting:          # a joiner waits for the host's proof before it seals
            raise Tampered("clear text where sealed messages belong")
        return self.buffer.rest()


def proxy_source(line: bytes | None) -> tuple[str, int] | None:
    """(address, port) of a PROXY protocol line (`PROXY TCP4 SRC DST SPORT DPORT`), None
    for `PROXY UNKNOWN`; ProtocolError for anything else."""
    import ipaddress
    words = (line or b"").rstrip(b"\r").decode("ascii", "replace").split(" ")
    if words[:2] == ["PROXY", "UNKNOWN"]:
        return None
    if len(words) != 6 or words[0] != "PROXY" or words[1] not in ("TCP4", "TCP6") \
            or not words[4].isdigit() or not 0 < int(words[4]) < 65536:
        raise ProtocolError("a connection through the load balancer starts with its PROXY "
                            "line")
    try:
        ipaddress.ip_address(words[2])
    except ValueError:
        raise ProtocolError("the PROXY line names no address") from None
    return words[2], int(words[4])


def sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}."


def safe_log(log):
    """`log` of escaped lines, never raising for a text the terminal cannot print."""
    def safe(line: str) -> None:
        line = guard.printable(line, 1000)
        try:
            log(line)
        except UnicodeError:
            log(line.encode("ascii", "replace").decode("ascii"))
    return safe


def listening_socket(port: int, backlog: int = 64) -> socket.socket:
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
        sock.listen(backlog)
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
