"""A hosted match kept on the host's disk, written after every change like a local one
(game.play.saves), so a host that crashed or was killed resumes it: the same match
code, and every person's seat waits for its own token, which their machine remembers.

The file is `hosted-PORT.json` in the data folder: the game record with the shell's
header (the seats, people as humans), plus under the header's "network" key the match
code and each seat's token and whether it is the host's own. It is checked as a whole
when read, and a damaged one is set aside.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from game.play import saves
from game.play.storage import (WRITER, data_dir, present, remove_stale_temps, set_aside,
                               write_atomic)

from game.server.secure import code_problem

NETWORK_KEY = "network"
TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")
SAVED = re.compile(r"hosted-(\d{1,5})\.json")


@dataclass
class HostedSave:
    saved: saves.SavedMatch
    code: str
    tokens: list[str]
    here: list[bool]
    opener: str = ""          # a table's: the address that opened it (its cap per address)


def hosted_path(port: int) -> Path:
    return data_dir() / f"hosted-{port}.json"


def hosted_ports() -> list[int]:
    """The ports of the hosted matches saved in the data folder."""
    try:
        names = [path.name for path in data_dir().glob("hosted-*.json")]
    except OSError:
        return []
    ports = {int(match[1]) for name in names if (match := SAVED.fullmatch(name))}
    return sorted(port for port in ports if 0 < port < 65536)


def save_text(match, opener: str = "") -> str:
    """The hosted match as a save (see the module notes); a table's names the address
    that opened it."""
    from game.play.config import MatchConfig, Seat
    seats = tuple(Seat(s.name) if s.is_person else Seat(s.name, "computer", s.level)
                  for s in match.seats)
    config = MatchConfig(match.variant, seats, dict(match.chosen), match.seed)
    record = saves.save_record(config, match.state)
    record[saves.HEADER_KEY][NETWORK_KEY] = {
        "code": match.code, "tokens": [s.token for s in match.seats],
        "here": [s.here for s in match.seats], **({"opener": opener} if opener else {})}
    return json.dumps(record, separators=(",", ":")) + "\n"


class HostedSaver:
    """Called by the match after every change: the save is written on the background
    writer (the host's loop never waits for the disk), and removed once the game ends."""

    def __init__(self, port: int):
        self.path = hosted_path(port)

    def __call__(self, match) -> None:
        if match.state.is_over():
            WRITER.put(self.path, None)
        else:
            WRITER.put(self.path, save_text(match))

    def last(self, match) -> None:
        """Write the save now, as the host stops (the OSError of a full disk raised: a
        host never says a match is saved when it is not)."""
        WRITER.settle()
        if match.state.is_over():
            self.path.unlink(missing_ok=True)
        else:
            write_atomic(self.path, save_text(match))


def read_hosted(path, finished: bool = False) -> HostedSave:
    """The hosted save at `path` (a match over too, if `finished`: a table's)."""
    record = saves.read_record(path)
    header = record.get(saves.HEADER_KEY) if isinstance(record, dict) else None
    network = header.pop(NETWORK_KEY, None) if isinstance(header, dict) else None
    if not isinstance(network, dict) or set(network) - {"opener"} != {"code", "tokens",
                                                                      "here"}:
        raise saves.DamagedSave("not a hosted match")
    opener = network.get("opener", "")
    if not isinstance(opener, str) or len(opener) > 100:
        raise saves.DamagedSave("the address that opened it is not one")
    made = header.get("format") if isinstance(header, dict) else None
    if isinstance(made, int) and not isinstance(made, bool) and made > saves.FORMAT:
        raise saves.UnreadableSave("a newer version of the game saved it (left as it is)")
    saved = saves.saved_match(record, finished)
    code, tokens, here = network["code"], network["tokens"], network["here"]
    players = len(saved.config.seats)
    if not isinstance(code, str) or code_problem(code):
        raise saves.DamagedSave("its match code is not one the game makes")
    if not (isinstance(tokens, list) and len(tokens) == players
            and all(t == "" or (isinstance(t, str) and TOKEN.fullmatch(t)) for t in tokens)):
        raise saves.DamagedSave("its seats' tokens are not ones the game makes")
    if not (isinstance(here, list) and len(here) == players
            and all(isinstance(h, bool) for h in here) and sum(here) <= 1):
        raise saves.DamagedSave("it names the host's own seat wrongly")
    people = [seat.is_human for seat in saved.config.seats]
    if not any(people):
        raise saves.DamagedSave("it has no seat for a person")
    if any(token and not person for token, person in zip(tokens, people)):
        raise saves.DamagedSave("a computer's seat holds a person's token")
    given = [token for token in tokens if token]
    if len(set(given)) != len(given):
        raise saves.DamagedSave("two seats share one token")
    return HostedSave(saved, code, tokens, here, opener)


def load_hosted(port: int) -> tuple[HostedSave | None, str | None]:
    """(the hosted match saved for `port`, or None; a one-line notice or None), as
    saves.load_save: a damaged save is set aside and said."""
    saves.settle()
    path = hosted_path(port)
    remove_stale_temps(path.parent)
    try:
        if not present(path):
            return None, None
        return read_hosted(path), None
    except OSError as error:
        return None, f"The hosted match cannot be read: {path}: {error.strerror or error}."
    except saves.UnreadableSave as problem:
        return None, f"The hosted match cannot be read: {problem}."
    except saves.DamagedSave as problem:
        return None, f"The hosted match cannot be resumed: {set_aside(path, str(problem))}"


def hosted_match(save: HostedSave, headless: bool = False, **settings):
    """The HostedMatch of a save, every person's seat waiting for its token. Resumed
    `headless`, the seat of the window that hosted it has nobody to hold its token: it
    is made a seat the code takes (whoever joins first), with a new token."""
    from game.server.match import HostedMatch, HostSeat
    config = save.saved.config
    seats = []
    for seat, token, here in zip(config.seats, save.tokens, save.here):
        if headless and here:
            token, here = "", False
        seats.append(HostSeat(seat.name, "person" if seat.is_human else "computer",
                              seat.level, token, here, joined=bool(token)))
    return HostedMatch(config.variant, seats, config.options, config.seed, save.saved.state,
                       save.code, **settings)
