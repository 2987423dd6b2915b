"""A person's end of a network match: one TCP connection to the host, read and written
by two threads of its own, so the game's frame loop never waits for the network. It
first proves the match code by the key exchange (secure.py) and checks the host's own
proof, then seals every message it sends and opens every one it receives.

`NetClient(address, join)` connects (in the background), sends the join message and
queues every message the host sends; `poll()` hands them over (the frame loop asks once
a frame; `wake`, if given, is called from the reading thread so an idle loop wakes at
once). `send(message)` queues a message for the writing thread, which also pings the
host every PING seconds. When the connection ends, `poll()` yields one
`{"type": "closed", "reason": ...}` (a host that cannot prove the code, or a message
changed on the way, says so). Messages from the host are size-capped and must be of the
protocol's version; nothing else is trusted of them here (SeatState and the codec check
what they read).
"""
from __future__ import annotations

import queue
import socket
import threading

from game.server.protocol import (DEFAULT_PORT, HOST_LINE_LIMIT, LineBuffer, ProtocolError,
                                  decode_line, encode_line, parse_address)
from game.server.identity import KEY_CHANGED, NOT_PROVED, OpenHandshake
from game.server.secure import (HANDSHAKE_LINE_LIMIT, NOT_THE_HOST, HandshakeError,
                                JoinerHandshake, Opener, Sealer, Tampered)

CONNECT_SECONDS = 8.0
PING = 5.0
GONE = ("The host has gone (it stopped or crashed): once it resumes the match, join again "
        "to take your seat back.")
SERVER_GONE = ("The server has gone (it stopped or crashed): once it is back, join again to "
               "take your seat back.")
SAID_AS_IS = (NOT_THE_HOST, KEY_CHANGED, NOT_PROVED)    # handshake errors said word for word


class NetClient:
    """`opening` (an `open` message's fields) opens a table on a table server instead of
    joining with a code: the server proves its key (`known_key`, the one this game met at
    the address before, if any; `server_key` once proved), is asked for the table, and the
    join follows with the code and the first token of the `opened` answer."""

    def __init__(self, address: str, join: dict, wake=None, opening: dict | None = None,
                 known_key: str | None = None, server: bool = False):
        self.host, self.port = parse_address(address, DEFAULT_PORT)   # ValueError: say why
        self.address = address
        self.join = dict(join, type="join")
        self.opening, self.known_key = opening, known_key
        self.server_key: str | None = None
        self.server = server or opening is not None    # a table server: nobody hosts
        self.gone = SERVER_GONE if self.server else GONE
        self.wake = wake
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.outbox: queue.SimpleQueue = queue.SimpleQueue()
        self.sock: socket.socket | None = None
        self.closed = False
        self.bytes_received = 0
        self.bytes_sent = 0
        self._lock = threading.Lock()

    @property
    def who(self) -> str:
        """Who is at the other end, in a sentence."""
        return "server" if self.server else "host"

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
        except OSError as error:
            self._deliver({"type": "closed",
                           "reason": _cannot_connect(self.address, error, self.server)})
            return
        reason = self.gone
        try:
            shaken = self._open(sock) if self.opening is not None else self._handshake(sock)
            if shaken is None:                       # refused: its reason was delivered
                reason = (f"The {self.who} refused to seat this computer.")
                return
            sealer, opener, rest = shaken
            self.bytes_received = len(rest)        # (the counts are of sealed messages)
            sock.settimeout(None)
            threading.Thread(target=self._write, args=(sock, sealer), name="net-write",
                             daemon=True).start()
            self.outbox.put(self.join if self.opening is None else
                            dict(self.opening, type="open"))
            while True:
                for line in opener.feed(rest, HOST_LINE_LIMIT):
                    if line is None:
                        raise ProtocolError("the host sent a message too long to read")
                    message = decode_line(line)
                    if message["type"] == "opened" and self.opening is not None:
                        self._join_opened(message)
                    self._deliver(message)
                rest = sock.recv(65536)
                if not rest:
                    break
                self.bytes_received += len(rest)
        except (ProtocolError, HandshakeError) as error:
            reason = f"The {self.who}'s messages cannot be read: {error}."
            if str(error) in SAID_AS_IS:
                reason = str(error)
        except Tampered:
            reason = (f"A message from the {self.who} was changed on the way: someone "
                      f"between you and the {self.who} is tampering with the connection.")
        except TimeoutError:
            reason = (f"{self.address} does not answer: is it a table server of this game?"
                      if self.server else
                      f"{self.address} does not answer: is it hosting a match of this game?")
        except OSError as error:
            reason = f"The connection to the {self.who} was lost ({error.strerror or error})."
        finally:
            self.closed = True
            self.outbox.put(None)
            self._shut()
            self._deliver({"type": "closed", "reason": reason})

    def _handshake(self, sock: socket.socket) -> tuple[Sealer, Opener, bytes] | None:
        """Prove the code and check the host's proof; None when the host refused (its
        reason delivered as a refusal)."""
        shake = JoinerHandshake(self.join["code"])
        talk = _ClearTalk(sock, self._deliver)
        answer = talk.exchange(shake.hello())
        if answer is None:
            return None
        answer = talk.exchange(shake.proof(answer))
        if answer is None:
            return None
        sealer, opener = shake.check(answer)
        return sealer, opener, talk.rest()

    def _open(self, sock: socket.socket) -> tuple[Sealer, Opener, bytes] | None:
        """Check the table server's key (identity.py); None when it refused."""
        shake = OpenHandshake()
        talk = _ClearTalk(sock, self._deliver)
        answer = talk.exchange(shake.hello())
        if answer is None:
            return None
        sealer, opener = shake.check(answer, self.known_key)
        self.server_key = shake.key
        return sealer, opener, talk.rest()

    def _join_opened(self, message: dict) -> None:
        """The table is open: sit down in its first seat of this computer."""
        tokens = message.get("tokens")
        token = tokens[0] if isinstance(tokens, list) and tokens else None
        self.join = dict(self.join, code=str(message.get("code", "")), token=token)
        self.opening = None
        self.outbox.put(self.join)

    def _write(self, sock: socket.socket, sealer: Sealer) -> None:
        while True:
            try:
                message = self.outbox.get(timeout=PING)
            except queue.Empty:
                message = {"type": "ping"}
            if message is None:
                break
            try:
                data = sealer.seal(encode_line(message))
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


def _cannot_connect(address: str, error: OSError, server: bool = False) -> str:
    who = "table server" if server else "host"
    if isinstance(error, ConnectionRefusedError):
        return (f"No {who} answers at {address}: is the address right, and is it "
                + ("running?" if server else "hosting?"))
    if isinstance(error, TimeoutError | socket.timeout):
        return (f"No {who} answers at {address}: check the address, and that its firewall "
                "lets the port in.")
    if isinstance(error, socket.gaierror):
        return f"No computer is known by the name in {address}."
    return f"Cannot reach {address}: {error.strerror or error}."


class _ClearTalk:
    """The handshake's lines in clear on a blocking socket: send one, read the answer
    (a refusal is delivered, and None returned)."""

    def __init__(self, sock: socket.socket, deliver):
        self.sock, self.deliver = sock, deliver
        self.lines = LineBuffer(HANDSHAKE_LINE_LIMIT)
        self.pending: list = []

    def exchange(self, message: dict) -> dict | None:
        self.sock.sendall(encode_line(message))
        while not self.pending:
            data = self.sock.recv(4096)
            if not data:
                raise ProtocolError("the host closed the connection during the handshake")
            self.pending.extend(self.lines.feed(data))
        line = self.pending.pop(0)
        if line is None:
            raise ProtocolError("the host's handshake is too long")
        answer = decode_line(line)
        if answer["type"] == "refused":
            # (`why`: what a program acts on, the words being for the person)
            self.deliver({"type": "refused", "reason": str(answer.get("reason", "")),
                          "why": str(answer.get("why", ""))[:20]})
            return None
        return answer

    def rest(self) -> bytes:
        if self.pending:          # nothing may come in clear after the last answer
            raise Tampered("clear text where sealed messages belong")
        return self.lines.rest()
