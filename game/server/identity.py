"""Opening a table: the one connection that has no code to prove yet.

A person who opens a table on a table server learns the table's code from the server, so
the code cannot key that connection's exchange as it keys every join (secure.py). The
server instead has a key of its own (X25519, kept in its folder, the same for every
server behind one address), and the opener's game remembers it per server address the
first time (as ssh remembers a host): a later connection to the same address whose
server cannot prove that key is refused, so nobody between the person and the server can
read the code it sends back. The server prints its key's fingerprint as it starts, for
a person who wants to check the first meeting too.

    opener -> server   hello {route: "", open: SHARE}     a fresh X25519 share
    server -> opener   hello {key, share, proof}          its own key, a fresh share, and
                                                          a proof only its key can make
    from then on sealed frames, as after a join's exchange (Sealer, Opener)

The keys come from both exchanges (the opener's fresh share with the server's fresh one
and with its lasting key) through HKDF over the three public keys, so every connection
has keys of its own and only the holder of the lasting key can make the proof.
"""
from __future__ import annotations

import base64
import hashlib
import hmac

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from game.server.secure import (CODE_ALPHABET, HandshakeError, Keys, Opener, Sealer, _bytes,
                                _text)

KEY_CHANGED = ("The server at this address is not the one this game met there before: "
               "its key changed. If the server's owner did not say it would, someone may be "
               "between you and the server. (To trust the new key, type the server's "
               "address again in Settings.)")
NOT_PROVED = "The server could not prove its key: someone between you and it may be listening."


def _raw(public: X25519PublicKey) -> bytes:
    return public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def _public(value, what: str) -> X25519PublicKey:
    data = _bytes(value, what)
    if len(data) != 32:
        raise HandshakeError(f"the {what} of a handshake must be 32 bytes")
    return X25519PublicKey.from_public_bytes(data)


def _exchange(private: X25519PrivateKey, public: X25519PublicKey) -> bytes:
    try:
        return private.exchange(public)
    except ValueError:        # a point of small order: no key comes of it
        raise HandshakeError("the share of a handshake is not a key") from None


def fingerprint(key_text: str) -> str:
    """A server key as a person compares it: 16 letters of its hash, in groups of four."""
    digest = hashlib.sha256(key_text.encode()).digest()
    letters = "".join(CODE_ALPHABET[byte % len(CODE_ALPHABET)] for byte in digest[:16])
    return "-".join(letters[i:i + 4] for i in range(0, 16, 4))


def _keys(shared: bytes, transcript: bytes) -> Keys:
    return Keys(HKDF(hashes.SHA256(), 32, None, b"dominoes open " + transcript).derive(shared))


class ServerIdentity:
    """The server's lasting key and its side of an opening."""

    def __init__(self, private: X25519PrivateKey):
        self.private = private
        self.public_text = _text(_raw(private.public_key()))

    @classmethod
    def new(cls) -> "ServerIdentity":
        return cls(X25519PrivateKey.generate())

    @classmethod
    def from_text(cls, text: str) -> "ServerIdentity":
        """The key a `text()` wrote; ValueError when it is not one."""
        data = base64.b64decode(text.strip(), validate=True)
        if len(data) != 32:
            raise ValueError("a server key is 32 bytes")
        return cls(X25519PrivateKey.from_private_bytes(data))

    def text(self) -> str:
        raw = self.private.private_bytes(serialization.Encoding.Raw,
                                         serialization.PrivateFormat.Raw,
                                         serialization.NoEncryption())
        return _text(raw) + "\n"

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_text)

    def answer(self, hello: dict) -> tuple[dict, Sealer, Opener]:
        """The answer to an opener's hello, and this side's sealer and opener;
        HandshakeError when the hello's share is not a key."""
        theirs = _public(hello.get("open"), "share")
        fresh = X25519PrivateKey.generate()
        share = _raw(fresh.public_key())
        shared = _exchange(fresh, theirs) + _exchange(self.private, theirs)
        keys = _keys(shared, _raw(theirs) + share + base64.b64decode(self.public_text))
        return ({"type": "hello", "key": self.public_text, "share": _text(share),
                 "proof": _text(keys.host_proof)},
                Sealer(keys.to_joiner), Opener(keys.to_host))


class OpenHandshake:
    """The opener's side: `hello()`, then `check(answer, known)` with the key this game
    knows for the address (None the first time)."""

    def __init__(self):
        self._fresh = X25519PrivateKey.generate()
        self._share = _raw(self._fresh.public_key())
        self.key: str | None = None       # the server's key, once proved

    def hello(self) -> dict:
        return {"type": "hello", "route": "", "open": _text(self._share)}

    def check(self, answer: dict, known: str | None) -> tuple[Sealer, Opener]:
        """The sealer and opener once the server proved its key (and it is the one
        known, if one is); HandshakeError (KEY_CHANGED or NOT_PROVED) otherwise."""
        if answer.get("type") != "hello":
            raise HandshakeError("the server did not answer the opening")
        lasting = _public(answer.get("key"), "server key")
        share = _public(answer.get("share"), "share")
        shared = _exchange(self._fresh, share) + _exchange(self._fresh, lasting)
        keys = _keys(shared, self._share + _raw(share) + _raw(lasting))
        try:
            proved = hmac.compare_digest(_bytes(answer.get("proof"), "proof"), keys.host_proof)
        except HandshakeError:
            proved = False
        if not proved:
            raise HandshakeError(NOT_PROVED)
        key = str(answer["key"])
        if known is not None and not hmac.compare_digest(known.encode(), key.encode()):
            raise HandshakeError(KEY_CHANGED)
        self.key = key
        return Sealer(keys.to_host), Opener(keys.to_joiner)
