"""Views and public facts as JSON, and back: what the host sends a seat.

The values a view holds (tiles, moves, placements, elements, rounds, outcomes) are the
logic package's small frozen classes. They travel as compact JSON:

    a Tile                   "~t3-5"          (a blank tile "~t_")
    a word move (pass, stop) "~wpass"
    a text starting with ~   "~~..."          (escaped)
    a dataclass              ["~c", type, field values in declaration order]
    a move that is its text  ["~v", type, text]          (Dominid's odds and evens)
    another value move       ["~r", type, the arguments it is rebuilt from]   (LineMove)
    a set                    ["~s", items...]
    tuples, lists, sequences arrays (read back as tuples)

`type` indexes the message's own table of class names ("module:Class"). Reading back, a
name is looked up only among the logic package's modules already imported, and only a
dataclass, or a move class, of that package is ever built: a message from a rogue host
can name nothing else. Fields whose names start with `_` (caches) are not sent.
"""
from __future__ import annotations

import dataclasses
import operator
import sys
from collections.abc import Sequence

from game.logic.core import Move, Tile, WordMove

from game.server.protocol import ProtocolError

PACKAGE = "game.logic."


class Encoder:
    """Encodes values for one message; `types` is the table the message carries."""

    def __init__(self):
        self.types: list[str] = []
        self._index: dict[type, int] = {}

    def type_index(self, cls: type) -> int:
        if cls not in self._index:
            self._index[cls] = len(self.types)
            self.types.append(f"{cls.__module__}:{cls.__qualname__}")
        return self._index[cls]

    def encode(self, value):
        kind = type(value)
        how = _HOW.get(kind)
        if how is None:
            how = _HOW[kind] = _how(kind)
        if how == "as is":
            return value
        if how == "text":
            return "~" + value if value.startswith("~") else value
        if how == "tile":
            return f"~t{value}"
        if how == "word":
            return f"~w{value.word}"
        if how == "data":
            return ["~c", self.type_index(kind)] + self._items(_fields(value))
        if how == "text move":
            return ["~v", self.type_index(kind), str(value)]
        if how == "other text":                  # a text of another kind: sent as text
            return self.encode(str(value))
        if how == "array":
            return self._items(value)
        if how == "set":
            return ["~s"] + sorted((self.encode(item) for item in value), key=repr)
        if how == "table":
            if not all(isinstance(key, str) for key in value):
                raise TypeError("only tables with text keys can be sent")
            return {key: self.encode(item) for key, item in value.items()}
        if how == "move":
            rebuilt, args = value.__reduce__()[:2]
            if rebuilt is not kind:
                raise TypeError(f"cannot send a {kind.__name__}")
            return ["~r", self.type_index(kind)] + [self.encode(a) for a in args]
        raise TypeError(f"cannot send a {kind.__name__}")

    def _items(self, values) -> list:
        """`encode` of each value; numbers and plain texts (most of a view) inline."""
        encode = self.encode
        return [item if type(item) in _AS_IS or (type(item) is str and item[:1] != "~")
                else encode(item) for item in values]


# How a value of each type is sent (the checks in their order, made once a type: the
# encoder meets the same few classes tens of thousands of times a second on a server)
_HOW: dict[type, str] = {}
_AS_IS = frozenset((type(None), bool, int, float))


def _how(kind: type) -> str:
    if kind in (type(None), bool, int, float):
        return "as is"
    if kind is str:
        return "text"
    if kind is Tile:
        return "tile"
    if issubclass(kind, WordMove):
        return "word"
    if dataclasses.is_dataclass(kind):
        return "data"
    if issubclass(kind, str):
        return "text move" if issubclass(kind, Move) else "other text"
    if kind in (tuple, list):
        return "array"
    if kind in (set, frozenset):
        return "set"
    if kind is dict:
        return "table"
    if issubclass(kind, Move):
        return "move"
    if issubclass(kind, Sequence):              # a lazy list of moves (LegalPlacements)
        return "array"
    return "cannot"


def _fields(value) -> tuple:
    """The values of a dataclass's sent fields, in order (one C call a value)."""
    kind = type(value)
    getter = _GETTERS.get(kind)
    if getter is None:
        names = [field.name for field in _sent_fields(kind)]
        pick = operator.attrgetter(*names) if names else (lambda value: ())
        getter = _GETTERS[kind] = pick if len(names) != 1 else lambda value: (pick(value),)
    return getter(value)


_GETTERS: dict = {}


def encode(value) -> tuple[object, list[str]]:
    """(the JSON-ready value, its table of types)."""
    encoder = Encoder()
    data = encoder.encode(value)
    return data, encoder.types


def _sent_fields(cls) -> list:
    return [f for f in dataclasses.fields(cls) if f.init and not f.name.startswith("_")]


class Decoder:
    """Reads values of one message back, with the message's table of types."""

    def __init__(self, types):
        if not isinstance(types, list) or len(types) > 64:
            raise ProtocolError("a message's table of types must be a short list")
        self.classes = [_known_class(name) for name in types]

    def decode(self, data):
        if isinstance(data, str):
            if not data.startswith("~"):
                return data
            if data.startswith("~~"):
                return data[1:]
            if data.startswith("~t"):
                return Tile.parse(data[2:])
            if data.startswith("~w"):
                return _word_move(data[2:])
            raise ProtocolError(f"unknown text tag {data[:10]!r}")
        if isinstance(data, list):
            tag = data[0] if data else None
            if tag == "~c":
                cls = self._class(data, dataclass=True)
                fields = _sent_fields(cls)
                if len(data) - 2 != len(fields):
                    raise ProtocolError(f"a {cls.__name__} needs {len(fields)} fields")
                return cls(**{f.name: self.decode(v) for f, v in zip(fields, data[2:])})
            if tag == "~v":
                cls = self._class(data)
                if not (issubclass(cls, str) and len(data) == 3 and isinstance(data[2], str)):
                    raise ProtocolError("a text move needs its text")
                return cls(data[2])
            if tag == "~r":
                return self._class(data)(*(self.decode(v) for v in data[2:]))
            if tag == "~s":
                return frozenset(self.decode(v) for v in data[1:])
            return tuple(self.decode(v) for v in data)
        if isinstance(data, dict):
            return {key: self.decode(value) for key, value in data.items()}
        return data

    def _class(self, data: list, dataclass: bool = False) -> type:
        index = data[1] if len(data) > 1 else None
        if not isinstance(index, int) or isinstance(index, bool) or \
                not 0 <= index < len(self.classes):
            raise ProtocolError("a value names a type the message does not list")
        cls = self.classes[index]
        if dataclass and not dataclasses.is_dataclass(cls):
            raise ProtocolError(f"{cls.__name__} is not a value of the game")
        if not dataclass and not issubclass(cls, Move):
            raise ProtocolError(f"{cls.__name__} is not a move")
        return cls


def decode(data, types):
    """The value `encode` gave (data, types) for; ProtocolError when the data is not one
    this codec writes, or names a type outside the game's rules."""
    try:
        return Decoder(types).decode(data)
    except ProtocolError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as error:
        raise ProtocolError(f"a value cannot be read: {type(error).__name__}") from None


def _known_class(name) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise ProtocolError("a type is written module:Class")
    module_name, _, qualname = name.partition(":")
    module = sys.modules.get(module_name)
    if not module_name.startswith(PACKAGE) or module is None or "." in qualname:
        raise ProtocolError(f"unknown type {name[:80]!r}")
    cls = getattr(module, qualname, None)
    if not isinstance(cls, type) or cls.__module__ != module_name:
        raise ProtocolError(f"unknown type {name[:80]!r}")
    if not (dataclasses.is_dataclass(cls) or issubclass(cls, Move)):
        raise ProtocolError(f"{name[:80]!r} is not a value of the game")
    return cls


def _word_move(word: str):
    """The one object of a word move (PASS, STOP), from its module, as pickling finds it."""
    for cls in _subclasses(WordMove):
        if cls.word == word:
            found = getattr(sys.modules[cls.__module__], word.upper(), None)
            if isinstance(found, cls):
                return found
    raise ProtocolError(f"unknown move {word[:20]!r}")


def _subclasses(cls: type[WordMove]) -> list[type[WordMove]]:
    found: list[type[WordMove]] = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found
