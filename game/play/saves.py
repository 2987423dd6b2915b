"""The match in progress, kept between runs: written after every move, resumed from the
title menu (Continue) or with `main.py --continue`.

The save is the state's game record (what `python -m game.logic legal` reads) with one more
key, "shell": the seats (name, human or computer and its level), the options as chosen,
the date and the number of moves. Resuming replays the record from its seed, so a save
that is damaged in any way (not JSON, wrong types, an unknown variant, a move that is not
legal, too big) is refused as a whole and set aside; it never half-loads.

No pygame here: main.py reads the save before the window opens. The logic package is
imported only once there is a save to read, so the title menu opens as fast as before.
"""
from __future__ import annotations

from game.i18n import N_, _, ngettext

import json
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game.play.config import MatchConfig, Seat
from game.play.storage import (WRITER, data_dir, present, remove_stale_temps, set_aside,
                               why_unreadable, write_atomic)

if TYPE_CHECKING:
    from game.logic.state import GameState

SAVE_NAME = "current.json"
HEADER_KEY = "shell"
FORMAT = 1
HEADER_KEYS = ("format", "seats", "options", "saved", "moves")
DATE_FORMAT = "%Y-%m-%dT%H:%M:%S"


class DamagedSave(Exception):
    """A save that cannot be resumed; the message says why in a few words."""


class UnreadableSave(DamagedSave):
    """A save the game may not read (permissions): said, never set aside."""


@dataclass
class SavedMatch:
    config: MatchConfig
    state: GameState           # its moves replayed
    saved: datetime            # local time of the last write

    @property
    def moves(self) -> int:
        return len(self.state.moves_played())


def save_path() -> Path:
    return data_dir() / SAVE_NAME


def save_record(config: MatchConfig, state, now: float | None = None) -> dict:
    """The state's record with the shell's header under HEADER_KEY."""
    seats = [{"name": s.name, "kind": s.kind} if s.is_human else
             {"name": s.name, "kind": s.kind, "level": s.level} for s in config.seats]
    header = {"format": FORMAT, "seats": seats, "options": dict(config.options),
              "saved": time.strftime(DATE_FORMAT, time.localtime(now)),
              "moves": len(state.moves_played())}
    return {**state.record(), HEADER_KEY: header}


def save_text(config: MatchConfig, state) -> str:
    return json.dumps(save_record(config, state), separators=(",", ":")) + "\n"


def write_save(config: MatchConfig, state, path=None) -> None:
    """Write the match atomically now (a crash leaves the previous save); OSError if the
    data folder cannot be written."""
    write_atomic(path or save_path(), save_text(config, state))


def save_soon(config: MatchConfig, state, path=None) -> None:
    """Hand the match to the background writer: the frame goes on while it reaches the
    disk (a few milliseconds, most of them the flush). A failure is told by
    `save_failure()` until a save succeeds again."""
    WRITER.put(path or save_path(), save_text(config, state))


def remove_soon(path=None) -> None:
    """Remove the save after any write of it still on its way."""
    WRITER.put(path or save_path(), None)


def save_failure(path=None) -> OSError | None:
    """Why the last save (or removal) of the match in progress failed, while it did."""
    return WRITER.failure(path or save_path())


def settle() -> None:
    """Wait until the background writer has put every save on disk."""
    WRITER.settle()


def read_save(path=None) -> SavedMatch:
    """The saved match, replayed; DamagedSave says why it cannot be."""
    return saved_match(read_record(path))


def read_record(path=None) -> dict:
    """The JSON of a save, before it is checked (DamagedSave when it is not JSON)."""
    from game.logic.core import DominoError
    from game.logic.textfiles import read_text
    settle()
    path = Path(path or save_path())
    try:
        return json.loads(read_text(path, "save"))
    except DominoError as error:           # too big, not UTF-8, not a regular file
        if why_unreadable(error):
            raise UnreadableSave(str(error)) from None
        raise DamagedSave(str(error).replace(f"{path}: ", "", 1)) from None
    except (ValueError, RecursionError):
        raise DamagedSave(_("not valid JSON")) from None


def saved_match(record, finished: bool = False) -> SavedMatch:
    """The match a save's record holds, replayed and checked; DamagedSave says why not
    (one that is over too, unless `finished`: a table server keeps a finished table's
    results while its people are at it)."""
    from game.logic.core import DominoError
    from game.logic.variants import find_variant
    if not isinstance(record, dict) or not isinstance(record.get(HEADER_KEY), dict):
        raise DamagedSave(_("not a saved match"))
    header = record[HEADER_KEY]
    if header.get("format") != FORMAT:
        raise DamagedSave(f"unknown save format {str(header.get('format'))[:20]!r}")
    _known_keys(header, HEADER_KEYS, "the shell header")
    try:
        cls = find_variant(record.get("variant"))  # type: ignore[arg-type]  # refuses non-text
        state = cls.from_record(record)
    except DominoError as error:
        raise DamagedSave(str(error)) from None
    except (KeyError, TypeError, IndexError, AttributeError, ValueError, RecursionError):
        raise DamagedSave(_("malformed record (a key is missing or holds a value of the "
                            "wrong kind)")) from None
    if state.is_over() and not finished:
        raise DamagedSave(_("the match in it is already over"))
    seats = _seats(header.get("seats"), state.players)
    options = _chosen_options(cls, header.get("options"), state)
    if header.get("moves") != len(state.moves_played()):
        raise DamagedSave(_("its move count does not match its moves"))
    try:
        saved = datetime.strptime(header.get("saved"), DATE_FORMAT)
    except (TypeError, ValueError):
        raise DamagedSave(_("the date of the save is unreadable")) from None
    seed = state.seed if isinstance(state.seed, int) else 0
    return SavedMatch(MatchConfig(cls.variant, seats, options, seed), state, saved)


def _chosen_options(cls, options, state) -> dict:
    """The options as chosen (what a rematch deals with), checked like any options and
    against the options the match itself was dealt with."""
    from game.logic.core import DominoError
    from game.logic.options import resolve_options
    if not isinstance(options, dict):
        raise DamagedSave(_("the options must be a table of names and values"))
    try:
        resolved = resolve_options(cls.options_declared, options, cls.variant)
    except DominoError as error:
        raise DamagedSave(f"its options: {error}") from None
    for name in options:
        if resolved[name] != state.options.get(name):
            raise DamagedSave(f"its option {name} is {str(options[name])[:40]!r} but the "
                              f"match was dealt with {str(state.options.get(name))[:40]!r}")
    return {name: resolved[name] for name in options}


def _known_keys(table: dict, known: tuple, what: str) -> None:
    """Nothing in a save is ignored: a key the game does not write is refused."""
    for key in table:
        if key not in known:
            raise DamagedSave(f"{what} has an unknown key {str(key)[:40]!r}")


def _seats(entries, players: int) -> tuple[Seat, ...]:
    from game.logic.agents import AGENTS
    from game.play.settings import clean_name
    if not isinstance(entries, list) or len(entries) != players:
        raise DamagedSave(f"the seats must be a list of {players}")
    seats = []
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise DamagedSave(_("a seat has no name"))
        name = entry["name"]
        if not name or clean_name(name) != name:
            raise DamagedSave(f"a seat's name is not one the game writes: {name[:40]!r}")
        if entry.get("kind") == "human":
            _known_keys(entry, ("name", "kind"), "a person's seat")
            seats.append(Seat(name))
        elif entry.get("kind") == "computer" and isinstance(entry.get("level"), str) \
                and entry["level"] in AGENTS:
            _known_keys(entry, ("name", "kind", "level"), "a computer's seat")
            seats.append(Seat(name, "computer", entry["level"]))
        else:
            raise DamagedSave(f"a seat is neither a human nor a known computer level: "
                              f"{str(entry)[:60]}")
    return tuple(seats)


def load_save(path=None) -> tuple[SavedMatch | None, str | None]:
    """(the saved match or None, a one-line notice or None). A damaged save is set aside
    under a dated name and the notice says so; one the game may not read is said and left
    alone; temporary files of killed writers go."""
    settle()
    path = Path(path or save_path())
    remove_stale_temps(path.parent)
    try:
        if not present(path):
            return None, None
        save = read_save(path)
        return SavedMatch(_default_names_now(save.config), save.state, save.saved), None
    except OSError as error:               # the data folder may not be searched
        return None, _("The saved match cannot be read: {problem}.").format(
            problem=f"{path}: {error.strerror or error}")
    except UnreadableSave as problem:
        return None, _("The saved match cannot be read: {problem}.").format(problem=problem)
    except DamagedSave as problem:
        return None, _("The saved match cannot be resumed: {problem}").format(
            problem=set_aside(path, str(problem)))


def _default_names_now(config: MatchConfig) -> MatchConfig:
    """A person's seat named by the default of another language ("Jugador 2" saved in
    Spanish) takes this language's ("Player 2"); a name someone chose stays."""
    from dataclasses import replace

    from game.i18n import in_every_language
    from game.play.settings import default_name
    defaults = {}
    for template in in_every_language("Player {number}"):
        if "{number}" in template:          # (a catalogue's damaged entry is no default)
            for number in range(1, 5):
                defaults[template.format(number=number)] = default_name(number)
    seats = tuple(replace(seat, name=defaults.get(seat.name, seat.name)) if seat.is_human
                  else seat for seat in config.seats)
    return replace(config, seats=seats)


MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def describe_parts(save: SavedMatch, short: bool = False) -> tuple[str, str, str, str]:
    """('Dominox', 'Ann vs Medium', 'move 14', '23 Nov 14:05'): what Continue resumes,
    people by name and computers by level ('Ann, Bob and 2 computers' when `short`)."""
    from game.logic.agents import AGENTS
    from game.logic.variants import find_variant
    title = _(find_variant(save.config.variant).title)
    seats = save.config.seats
    if short:
        computers = sum(not seat.is_human for seat in seats)
        names = [seat.name for seat in seats if seat.is_human]
        if computers:
            names.append(ngettext("{count} computer", "{count} computers",
                                  computers).format(count=computers))
        players = (_("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
                   if len(names) > 1 else names[0])
    else:
        players = _(" vs ").join(seat.name if seat.is_human else _(AGENTS[seat.level].title)
                                 for seat in seats)
    month = _(MONTHS[save.saved.month - 1])
    return (title, players, _("move {number}").format(number=save.moves),
            _("{day} {month} {time}").format(day=save.saved.day, month=month,
                                             time=f"{save.saved:%H:%M}"))


def describe(save: SavedMatch) -> str:
    return ", ".join(describe_parts(save))
