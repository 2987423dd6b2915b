"""A person's end of a network match: one TCP connection to the host, read and written
by two threads of its own, so the game's frame loop never waits for the network.

`NetClient(address, join)` connects (in the background), sends the join message and
queues every message the host sends; `poll()` hands them over (the frame loop asks once
a frame; `wake`, if given, is called from the reading thread so an idle loop wakes at
once). `send(message)` queues a message for the writing thread, which also pings the
host every PING seconds. When the connection ends, `poll()` yields one
`{"type": "closed", "reason": ...}`. Messages from the host are size-capped and must be
of the protocol's version; nothing else is trusted of them here (SeatState and the
codec check what they read).
"""
from __future__ import annotations

import queue
import socket
import threading

from game.server.protocol import (DEFAULT_PORT, HOST_LINE_LIMIT, LineBuffer, ProtocolError,
                                  decode_line, encode_line, parse_address)

CONNECT_SECONDS = 8.0
PING = 5.0


class NetClient:
    def __init__(self, address: str, join: dict, wake=None):
        self.host, self.port = parse_address(address, DEFAULT_PORT)   # ValueError: say why
        self.address = address
        self.join = dict(join, type="join")
        self.wake = wake
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.outbox: queue.SimpleQueue = queue.SimpleQueue()
        self.sock: socket.socket | None = None
        self.closed = False
        self.bytes_received = 0
        self.bytes_sent = 0
        self._lock = threading.Lock()

    def start(self) -> "NetClient":
        threading.Thread(target=self._read, name="net-read", daemon=True).start()
        return self

    def poll(self) -> list[dict]:
        found = []
        while True:
            try:
                found.append(self.inbox.get_nowait())
            except queue.Empty:
                return found

    def send(self, message: dict) -> None:
        if not self.closed:
            self.outbox.put(message)

    def close(self) -> None:
        """Leave: the host is told, the connection ends."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
        self.outbox.put({"type": "leave"})
        self.outbox.put(None)

    # --- the threads ------------------------------------------------------------------
    def _deliver(self, message: dict) -> None:
        self.inbox.put(message)
        if self.wake is not None:
            self.wake()

    def _read(self) -> None:
        try:
            sock = self.sock = socket.create_connection((self.host, self.port), CONNECT_SECONDS)
            sock.settimeout(None)
        except OSError as error:
            self._deliver({"type": "closed", "reason": _cannot_connect(self.address, error)})
            return
        threading.Thread(target=self._write, args=(sock,), name="net-write", daemon=True).start()
        self.outbox.put(self.join)
        lines = LineBuffer(HOST_LINE_LIMIT)
        reason = "The host ended the connection."
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                self.bytes_received += len(data)
                for line in lines.feed(data):
                    if line is None:
                        raise ProtocolError("the host sent a message too long to read")
                    self._deliver(decode_line(line))
        except ProtocolError as error:
            reason = f"The host's messages cannot be read: {error}."
        except OSError as error:
            reason = f"The connection to the host was lost ({error.strerror or error})."
        finally:
            self.closed = True
            self.outbox.put(None)
            self._shut()
            self._deliver({"type": "closed", "reason": reason})

    def _write(self, sock: socket.socket) -> None:
        while True:
            try:
                message = self.outbox.get(timeout=PING)
            except queue.Empty:
                message = {"type": "ping"}
            if message is None:
                break
            try:
                data = encode_line(message)
                sock.sendall(data)
                self.bytes_sent += len(data)
            except OSError:
                break
        self._shut()

    def _shut(self) -> None:
        if self.sock is None:
            return
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def _cannot_connect(address: str, error: OSError) -> str:
    if isinstance(error, ConnectionRefusedError):
        return f"Nobody hosts a match at {address}: is the address right, and is it hosting?"
    if isinstance(error, TimeoutError | socket.timeout):
        return (f"{address} does not answer: check the address, and that its firewall lets "
                "the port in.")
    if isinstance(error, socket.gaierror):
        return f"No computer is known by the name in {address}."
    return f"Cannot reach {address}: {error.strerror or error}."
