"""The encrypted connection: a password-authenticated key exchange keyed by the match
code, then every message sealed with an authenticated cipher. No I/O here: host.py
(asyncio) and client.py (threads) drive the same steps.

Why this way: the code a person reads out is short (40 secret bits), too short for any
scheme where someone on the path could test guesses offline against what they saw (an
HMAC of the code, a truncated certificate fingerprint). SPAKE2 (the `spake2` package, as
magic-wormhole uses it) turns the code into a strong shared key and gives a man in the
middle exactly one guess per connection; the host limits guesses per address (guard.py).
The key then keys ChaCha20-Poly1305 from `cryptography` (C code: a message costs a few
microseconds), one key per direction, a nonce per message from a counter, so a message
cannot be read, changed, replayed, reordered or sent back to its sender.

The steps, each a line of JSON in clear until both sides have proved the key:

    joiner -> host   hello  {route, pake}    the non-secret part of the code (which
                                             match, for a host holding several) and
                                             SPAKE2's first message
    host -> joiner   hello  {pake}           SPAKE2's answer
    joiner -> host   proof  {proof}          a value only the right key gives
    host -> joiner   proof  {proof}          the host's own: from here on every message
                     (or refused, in clear)  is a sealed frame (4 bytes of length, the
                                             sealed message)

The joiner proves itself first, so a wrong code is told apart: the host answers it in
words ("That is not this match's code."), while a host that cannot prove the key is
someone in between, and the joiner says so and sends nothing more.
"""
from __future__ import annotations

import base64
import hmac
import struct

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B  # type: ignore[import-untyped]  # (no type hints)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"    # no 0/O or 1/I to misread
SECRET_LENGTH = 8          # the secret part of a code: 40 bits, online guesses only
ROUTE_LIMIT = 5            # a non-secret route before it (a table's id on a server)
OLD_SECRET = 6             # codes of hosted saves made before the code grew
HANDSHAKE_LINE_LIMIT = 512
TAG = 16                   # bytes the cipher adds to each message
HEADER = struct.Struct(">I")
FRAME_OVERHEAD = HEADER.size + TAG      # what sealing adds to a message on the wire
JOINER_ID, HOST_ID = b"dominoes joiner", b"dominoes host"
NOT_THE_HOST = ("The host could not prove it knows the match code: someone between you "
                "and the host may be trying to listen in. Nothing was sent.")
TAMPERED = "a message that the code's key did not seal (changed on the way)"


class HandshakeError(ValueError):
    """A handshake that cannot go on; the message says why in one line."""


class Tampered(ValueError):
    """A sealed frame that does not open with the key: changed, replayed or forged."""


def normal_code(text: str) -> str:
    """A typed code as the game compares it: capitals, without spaces or dashes."""
    return "".join(c for c in text.upper() if c not in " -")


def split_code(code: str) -> tuple[str, str]:
    """(route, secret) of a code: the secret is its last SECRET_LENGTH characters."""
    code = normal_code(code)
    return code[:-SECRET_LENGTH] if len(code) > SECRET_LENGTH else "", code[-SECRET_LENGTH:]


def code_problem(code: str) -> str | None:
    """Why `code` is not one the game makes, or None."""
    code = normal_code(code)
    route, secret = split_code(code)
    if not all(c in CODE_ALPHABET for c in code):
        return f"a match code is made of {CODE_ALPHABET}"
    if len(secret) not in (SECRET_LENGTH, OLD_SECRET) or len(route) > ROUTE_LIMIT or \
            (route and len(secret) != SECRET_LENGTH):
        return f"a match code has {SECRET_LENGTH} letters (a server's has its table first)"
    return None


def spoken_code(code: str) -> str:
    """The code as a screen shows it, in groups of four from its end: `K7-ABCD-EFGH`."""
    code = normal_code(code)
    groups: list[str] = []
    while code:
        groups.insert(0, code[-4:])
        code = code[:-4]
    return "-".join(groups)


def _text(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _bytes(value, what: str) -> bytes:
    if not isinstance(value, str) or len(value) > 200:
        raise HandshakeError(f"the {what} of a handshake must be a short text")
    try:
        return base64.b64decode(value, validate=True)
    except ValueError:
        raise HandshakeError(f"the {what} of a handshake is not base64") from None


class Keys:
    """What the exchange agreed: each side's proof and a sealer and an opener per side."""

    def __init__(self, shared: bytes):
        def derive(label: bytes) -> bytes:
            return HKDF(hashes.SHA256(), 32, None, b"dominoes " + label).derive(shared)
        self.joiner_proof, self.host_proof = derive(b"joiner proof"), derive(b"host proof")
        self.to_host, self.to_joiner = derive(b"to host"), derive(b"to joiner")


def _finish(pake, given: bytes) -> Keys:
    try:
        return Keys(pake.finish(given))
    except Exception:      # spake2 raises several kinds for a message that is no point
        raise HandshakeError("the key exchange message is not one SPAKE2 makes") from None


class JoinerHandshake:
    """The joining side: `hello()`, then `proof(host_hello)`, then `check(host_proof)`."""

    def __init__(self, code: str):
        route, secret = split_code(code)
        self.route = route
        self._pake = SPAKE2_A(secret.encode(), idA=JOINER_ID, idB=HOST_ID + route.encode())
        self.keys: Keys | None = None

    def hello(self) -> dict:
        return {"type": "hello", "route": self.route, "pake": _text(self._pake.start())}

    def proof(self, message: dict) -> dict:
        if message.get("type") != "hello":
            raise HandshakeError("the host did not answer the key exchange")
        self.keys = _finish(self._pake, _bytes(message.get("pake"), "key exchange"))
        return {"type": "proof", "proof": _text(self.keys.joiner_proof)}

    def check(self, message: dict) -> tuple["Sealer", "Opener"]:
        """The sealer and opener once the host proved the key; HandshakeError
        (NOT_THE_HOST) when it cannot."""
        keys = self.keys
        assert keys is not None, "proof() comes first"
        given = message.get("proof") if message.get("type") == "proof" else None
        try:
            proved = hmac.compare_digest(_bytes(given, "proof"), keys.host_proof)
        except HandshakeError:
            proved = False
        if not proved:
            raise HandshakeError(NOT_THE_HOST)
        return Sealer(keys.to_host), Opener(keys.to_joiner)


class HostHandshake:
    """The host's side for one connection: `answer(hello)` (or `answer_in` an executor),
    then `check(proof)`."""

    def __init__(self, secret: str, route: str = ""):
        self.secret, self.route = secret, route
        self.keys: Keys | None = None

    def answer(self, message: dict) -> dict:
        answer, shared = spake_answer(self.secret, self.route,
                                      _bytes(message.get("pake"), "key exchange"))
        self.keys = Keys(shared)
        return {"type": "hello", "pake": answer}

    async def answer_in(self, executor, message: dict) -> dict:
        """`answer`, computed by `executor` (a pool of threads or processes)."""
        import asyncio
        given = _bytes(message.get("pake"), "key exchange")
        answer, shared = await asyncio.get_running_loop().run_in_executor(
            executor, spake_answer, self.secret, self.route, given)
        self.keys = Keys(shared)
        return {"type": "hello", "pake": answer}

    def check(self, message: dict) -> bool:
        """Whether the joiner proved it holds the code."""
        keys = self.keys
        assert keys is not None, "answer() comes first"
        if message.get("type") != "proof":
            raise HandshakeError("a proof of the code was expected")
        return hmac.compare_digest(_bytes(message.get("proof"), "proof"), keys.joiner_proof)

    def channel(self, proof_line) -> tuple[bytes, "Sealer", "Opener"]:
        """The host's proof (one line, `proof_line(message)` encodes it) and its sealer
        and opener."""
        keys = self.keys
        assert keys is not None, "answer() comes first"
        line = proof_line({"type": "proof", "proof": _text(keys.host_proof)})
        return line, Sealer(keys.to_joiner), Opener(keys.to_host)


def spake_answer(secret: str, route: str, given: bytes) -> tuple[str, bytes]:
    """The host's SPAKE2 message and the shared key, from the joiner's message: the
    whole cost of a key exchange on the host's side, in one call a process pool can make
    (HandshakeError when the joiner's message is no SPAKE2 message)."""
    pake = SPAKE2_B(secret.encode(), idA=JOINER_ID, idB=HOST_ID + route.encode())
    answer = _text(pake.start())
    try:
        return answer, pake.finish(given)
    except Exception:      # spake2 raises several kinds for a message that is no point
        raise HandshakeError("the key exchange message is not one SPAKE2 makes") from None


class Sealer:
    """Seals each message of one direction: its counter is the nonce."""

    def __init__(self, key: bytes):
        self._cipher = ChaCha20Poly1305(key)
        self._count = 0

    def seal(self, data: bytes) -> bytes:
        nonce = b"\0\0\0\0" + self._count.to_bytes(8, "big")
        self._count += 1
        header = HEADER.pack(len(data) + TAG)
        return header + self._cipher.encrypt(nonce, data, header)


class Opener:
    """Bytes in, opened messages out. A frame longer than `limit` is skipped as it comes
    (never held) and reported once as None; a frame that does not open raises Tampered."""

    def __init__(self, key: bytes):
        self._cipher = ChaCha20Poly1305(key)
        self._count = 0
        self._data = bytearray()
        self._skipping = 0

    def feed(self, data: bytes, limit: int) -> list[bytes | None]:
        found: list[bytes | None] = []
        self._data += data
        while True:
            if self._skipping:
                skipped = min(self._skipping, len(self._data))
                del self._data[:skipped]
                self._skipping -= skipped
                if self._skipping:
                    return found
            if len(self._data) < HEADER.size:
                return found
            size = HEADER.unpack_from(self._data)[0]
            nonce = b"\0\0\0\0" + self._count.to_bytes(8, "big")
            if size < TAG:
                raise Tampered(TAMPERED)
            if size > limit + TAG:
                self._count += 1               # the sender used a nonce for it
                self._skipping = HEADER.size + size
                found.append(None)
                continue
            if len(self._data) < HEADER.size + size:
                return found
            header = bytes(self._data[:HEADER.size])
            sealed = bytes(self._data[HEADER.size:HEADER.size + size])
            del self._data[:HEADER.size + size]
            self._count += 1
            try:
                found.append(self._cipher.decrypt(nonce, sealed, header))
            except InvalidTag:
                raise Tampered(TAMPERED) from None
