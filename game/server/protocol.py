"""The words both ends of a network match speak: one JSON object a message, sealed over
TCP once the code's key exchange is done (secure.py).

Every message is an object with `v` (the protocol's version) and `type`. A person's
machine sends only the few kinds listed in CLIENT_MESSAGES, each checked here for its
shape before the host reads it (`check_client_message`); the host's answers are built
from views and public facts (match.py) and read by the client (client.py).

Limits: a message from a player is at most CLIENT_LINE_LIMIT bytes (a move text is a few
dozen); one from the host at most HOST_LINE_LIMIT (a view of the biggest board with its
legal placements is about a hundred kilobytes). `LineBuffer` cuts the handshake's lines
in clear and drops a line over the limit without ever holding more than the limit of it.
"""
from __future__ import annotations

import json
import secrets

from game.server.secure import CODE_ALPHABET, ROUTE_LIMIT, SECRET_LENGTH, normal_code

VERSION = 2              # 2: encrypted, the code proved by a key exchange
DEFAULT_PORT = 7777
CLIENT_LINE_LIMIT = 4096
HOST_LINE_LIMIT = 8 * 1024 * 1024
TOKEN_BYTES = 16
NAME_LIMIT = 16

# type -> {field: kind}; every field is required, and no other field may come.
CLIENT_MESSAGES = {
    "join": {"code": "text", "name": "text", "token": "text?", "host_key": "text?"},
    "move": {"move": "text", "ply": "count"},
    "undo": {"ply": "count"},
    "answer": {"ask": "count", "yes": "flag"},
    "continue": {"ply": "count"},           # a person has seen the round's results
    "rematch": {},
    "takeover": {"seat": "count", "level": "text"},     # the host's own machine only
    "ping": {},
    "leave": {},
    # a table server only, on a connection opened with its key: the game, each seat's
    # kind (here: a person at the opener's computer; remote; a computer level), the
    # options as NAME=VALUE
    "open": {"variant": "text", "seats": "texts", "options": "texts"},
}
TEXTS_LIMIT = 16         # texts in a list (a table's seats, its options)
TEXT_LIMIT = 200
COUNT_LIMIT = 2 ** 31 - 1        # the largest count (a ply, a question's number)


class ProtocolError(ValueError):
    """A message that breaks the protocol; the message says how, in one line."""


def encode_line(message: dict) -> bytes:
    """The message as one line of compact JSON (ASCII, so no byte can be a newline)."""
    return json.dumps({"v": VERSION, **message}, separators=(",", ":")).encode() + b"\n"


def decode_line(line: bytes) -> dict:
    """The object of one received line; ProtocolError when it is not JSON or not an
    object of this protocol's version."""
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        raise ProtocolError("not a JSON object") from None
    if not isinstance(message, dict):
        raise ProtocolError("not a JSON object")
    if message.get("v") != VERSION:
        raise ProtocolError(f"this game speaks network version {VERSION}, not "
                            f"{repr(message.get('v'))[:20]}")
    if not isinstance(message.get("type"), str):
        raise ProtocolError("a message needs a type")
    return message


def check_client_message(message: dict) -> dict:
    """`message` if it is one a player may send, with every field of its kind;
    ProtocolError naming what is wrong otherwise."""
    kind = message["type"]
    shape = CLIENT_MESSAGES.get(kind)
    if shape is None:
        raise ProtocolError(f"unknown message type {kind[:30]!r}")
    for name in message:
        if name not in shape and name not in ("v", "type"):
            raise ProtocolError(f"{kind}: unknown field {name[:30]!r}")
    for name, field_kind in shape.items():
        optional = field_kind.endswith("?")
        if name not in message:
            if optional:
                continue
            raise ProtocolError(f"{kind}: missing field {name!r}")
        value = message[name]
        if optional and value is None:
            continue
        if not _is(field_kind.rstrip("?"), value):
            raise ProtocolError(f"{kind}: {name} must be {_WORDS[field_kind.rstrip('?')]}")
    return message


_WORDS = {"text": f"a text of at most {TEXT_LIMIT} characters",
          "texts": f"a list of at most {TEXTS_LIMIT} texts of at most {TEXT_LIMIT} characters",
          "count": f"a whole number from 0 to {COUNT_LIMIT}", "flag": "true or false"}


def _is(kind: str, value) -> bool:
    if kind == "text":
        return isinstance(value, str) and len(value) <= TEXT_LIMIT
    if kind == "texts":
        return isinstance(value, list) and len(value) <= TEXTS_LIMIT and all(
            _is("text", item) for item in value)
    if kind == "count":
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= COUNT_LIMIT
    return isinstance(value, bool)


def new_code(route: str = "") -> str:
    """A short random match code, read out to a friend (case and dashes do not matter):
    SECRET_LENGTH secret letters, after the `route` that says which match on a host
    holding several (not secret, at most ROUTE_LIMIT letters)."""
    assert len(route) <= ROUTE_LIMIT and all(c in CODE_ALPHABET for c in route), route
    return route + "".join(secrets.choice(CODE_ALPHABET) for _ in range(SECRET_LENGTH))


def same_code(given: str, code: str) -> bool:
    """Whether a typed code is the match's: case, spaces and dashes do not count."""
    return secrets.compare_digest(normal_code(given).encode(), normal_code(code).encode())


def new_token() -> str:
    """A seat's secret: whoever shows it again gets the seat back."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """(host, port) of `host:port`, `host`, `[v6 address]:port`; ValueError saying why."""
    text = text.strip()
    if not text:
        raise ValueError("type the host's address, like 192.168.1.20:7777")
    host, port = text, default_port
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"{text[:60]!r} is not an address")
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, _, given = text.partition(":")
        port = _port(given)
    if not host or any(c.isspace() for c in host):
        raise ValueError(f"{text[:60]!r} is not an address")
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(f"the port must be a number from 1 to 65535, not {text[:20]!r}")
    return int(text)


class LineBuffer:
    """Bytes in, whole lines out. A line longer than `limit` is dropped as it arrives
    (never kept whole) and reported once as None among the lines."""

    def __init__(self, limit: int):
        self.limit = limit
        self._data = bytearray()
        self._dropping = False

    def feed(self, data: bytes) -> list[bytes | None]:
        lines: list[bytes | None] = []
        self._data += data
        while True:
            end = self._data.find(b"\n")
            if end < 0:
                if len(self._data) > self.limit:
                    if not self._dropping:
                        lines.append(None)
                    self._dropping = True
                    self._data.clear()
                return lines
            if self._dropping or end > self.limit:
                if not self._dropping:
                    lines.append(None)
                self._dropping = False
            else:
                lines.append(bytes(self._data[:end]))
            del self._data[:end + 1]

    def rest(self) -> bytes:
        """What came after the last whole line (the first sealed frames, after a
        handshake in clear)."""
        rest = bytes(self._data)
        self._data.clear()
        return rest
