"""What this game remembers of network play, in `network.json` in the data folder: how
many people sat at this computer when a table was last joined by its code, the
last hosted match joined (address, code, token), the port last hosted on, the tables
this game sat at (the newest TABLES_KEPT: each one's server address, code and the tokens
of this computer's seats there, so a person at two tables gets back to each), and the
key of each table server as this game first met it (so a server that cannot prove the
same key later is refused: game.server.identity).

Read as every file is (a regular file only, of a settings file's size at most); a file
that cannot be read is as good as none, and a folder that cannot be written keeps
nothing.
"""
from __future__ import annotations

import json

from game.logic.textfiles import read_text
from game.play.storage import data_dir, write_atomic

MEMORY_NAME = "network.json"
MEMORY_KEYS = ("address", "code", "token", "port", "people")    # (people: Join a table's)
ONE_TABLE = ("table_server", "table", "tokens")   # how the last table alone was kept before
KEYS = "server_keys"       # {server address: its key}
KEYS_KEPT = 20             # servers whose keys are kept (the newest met)
TABLES = "tables"          # [{server, code, tokens}], the newest first
TABLES_KEPT = 8
SETUP = "table_setup"      # Open a table's last setup (as the settings' last_setup)


def _read() -> dict:
    try:
        data = json.loads(read_text(data_dir() / MEMORY_NAME, "settings"))
    except (OSError, ValueError, RecursionError):     # (FileFormatError is a ValueError)
        return {}
    return data if isinstance(data, dict) else {}


def remembered() -> dict:
    """The texts kept under MEMORY_KEYS (each at most 200 characters), or {}."""
    data = _read()
    return {key: data[key] for key in MEMORY_KEYS
            if isinstance(data.get(key), str) and len(data[key]) <= 200}


def _keys(data: dict) -> dict:
    keys = data.get(KEYS)
    if not isinstance(keys, dict):
        return {}
    return {address: key for address, key in keys.items()
            if isinstance(address, str) and isinstance(key, str) and len(key) <= 100
            and len(address) <= 100}


def _text(value) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 200


def _tables(data: dict) -> list[dict]:
    entries = data.get(TABLES)
    entries = list(entries) if isinstance(entries, list) else []
    old = dict(zip(("server", "code", "tokens"), (data.get(key) for key in ONE_TABLE)))
    if all(_text(value) for value in old.values()):
        entries.append(old)
    found: list[dict] = []
    for entry in entries:
        if isinstance(entry, dict) and all(_text(entry.get(key))
                                           for key in ("server", "code", "tokens")):
            table = {key: entry[key] for key in ("server", "code", "tokens")}
            if _text(entry.get("game")):           # (kept since: the game's name)
                table["game"] = entry["game"]
            if not any(_same(table, other) for other in found):
                found.append(table)
    return found[:TABLES_KEPT]


def _same(table: dict, other: dict) -> bool:
    return (table["server"], table["code"]) == (other["server"], other["code"])


def _write(**fields) -> None:
    data = _read()
    kept = {key: value for key, value in data.items() if key in MEMORY_KEYS}
    kept = {key: value for key, value in kept.items() if isinstance(value, str)}
    keys = _keys(data)
    setup = {SETUP: data[SETUP]} if isinstance(data.get(SETUP), dict) else {}
    try:
        write_atomic(data_dir() / MEMORY_NAME, json.dumps(
            {**kept, KEYS: keys, TABLES: _tables(data), **setup, **fields}) + "\n")
    except OSError:                  # a folder that cannot be written: nothing to keep
        pass


def remember(**fields: str) -> None:
    """Keep `fields` (of MEMORY_KEYS) beside what is kept already."""
    _write(**fields)


def known_key(address: str) -> str | None:
    """The key of the table server at `address` as first met, or None."""
    return _keys(_read()).get(address.strip())


def remember_key(address: str, key: str | None) -> None:
    """Keep (or with None forget) the key of the table server at `address`."""
    keys = _keys(_read())
    keys.pop(address.strip(), None)
    if key is not None:
        keys[address.strip()] = key
    _write(**{KEYS: dict(list(keys.items())[-KEYS_KEPT:])})


def table_setup() -> dict:
    """The last table opened's game, players, seats and options (checked where used, as
    the settings' last setup is), or {}."""
    setup = _read().get(SETUP)
    return setup if isinstance(setup, dict) else {}


def remember_table_setup(setup: dict) -> None:
    _write(**{SETUP: setup})


def tables_kept() -> list[dict]:
    """The tables this game sat at, the newest first: {"server", "code", "tokens" (this
    computer's seats', space-separated), "game" (the variant's name, when known)} each."""
    return _tables(_read())


def remember_table(server: str, code: str, tokens: str, game: str = "") -> None:
    """Keep the table `code` at `server` first (this computer's seats' `tokens`, the
    `game` played there); the oldest past TABLES_KEPT goes."""
    table = {"server": server, "code": code, "tokens": tokens}
    if game:
        table["game"] = game
    others = [other for other in tables_kept() if not _same(table, other)]
    _write(**{TABLES: [table] + others[:TABLES_KEPT - 1]})


def forget_table(server: str, code: str) -> None:
    """No more way back to `code` at `server` (the server says it has no such table)."""
    gone = {"server": server, "code": code}
    _write(**{TABLES: [other for other in tables_kept() if not _same(gone, other)]})
