"""Statistics: each person's record per game and opponents, kept between evenings.

One record per (player name, variant, opponents): games, wins, losses, draws, the current
and the best winning streak, the best score and the sum of scores (for the average). A
person is the name in their seat, so everyone on the couch keeps their own record; the
opponents are the other seats' kinds ("human", or the computer's level), e.g. "greedy" or
"greedy+random" for a mixed table. Only finished matches with a person at the table are
counted, never a demo.

The file is `statistics.json` in the data folder, written atomically; every update is
read, changed and written under a lock (locks.py), so games finishing at once in several
windows keep every match. A damaged file, or any field in it that is not what it should
be, sets the file aside (the records that were fine are kept and written with the next
match) and gives a one-line notice; a file the game may not read is said and never
written over. Nothing here stops the game.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.i18n import _, ngettext
from game.logic.core import FileFormatError, OptionError
from game.logic.textfiles import read_text
from game.logic.variants import find_variant

from game.play.locks import LockRefused, update_lock
from game.play.storage import (and_more, data_dir, present, set_aside, why_unreadable,
                                write_atomic)

FILE_NAME = "statistics.json"
LOCK_NAME = "statistics.lock"
LOCK_WAIT = 10.0          # seconds to wait for another window's update (it takes a few ms)
VERSION = 1
KINDS = ("human", "random", "greedy", "hard")

def score_kind(variant: str) -> tuple[str, bool]:
    """(what the Outcome's scores count, as the results screens show them; whether lower is
    better), as the variant's rules class declares; a plain score for a variant no longer
    registered."""
    try:
        cls = find_variant(variant)
    except OptionError:
        return "score", False
    return cls.score_counts, cls.lower_score_wins


@dataclass
class Record:
    player: str
    variant: str
    opponents: str              # the other seats' kinds, sorted, joined by "+"
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    streak: int = 0             # wins in a row, up to the last game
    best_streak: int = 0
    best_score: int | None = None
    score_total: int = 0

    @property
    def key(self) -> tuple[str, str, str]:
        return self.player, self.variant, self.opponents

    @property
    def average(self) -> float | None:
        return self.score_total / self.games if self.games else None

    def add(self, result: str, score: int) -> None:
        """Count one game: `result` "win", "loss" or "draw"; `score` the variant's own."""
        self.games += 1
        self.score_total += score
        if result == "win":
            self.wins += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
            if result == "draw":
                self.draws += 1
            else:
                self.losses += 1
        lower = score_kind(self.variant)[1]
        if self.best_score is None or (score < self.best_score if lower
                                       else score > self.best_score):
            self.best_score = score


def opponents_of(seats, seat: int) -> str:
    """The kinds of every seat but `seat`: "human", or the computer's level."""
    kinds = {"human" if s.is_human else s.level for i, s in enumerate(seats) if i != seat}
    return "+".join(sorted(kinds))


def path():
    return data_dir() / FILE_NAME


# --- reading, checked field by field ------------------------------------------------------
def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 9


def _score(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10 ** 9


def _problem(entry) -> str | None:
    """What is wrong with one stored record, or None."""
    if not isinstance(entry, dict):
        return _("not a table of fields")
    names = [f.name for f in fields(Record)]
    for name in entry:
        if name not in names:
            return _("unknown field {name}").format(name=repr(name))
    for name in names:
        if name not in entry:
            return _("missing {name}").format(name=repr(name))
    for name in ("player", "variant", "opponents"):
        if not isinstance(entry[name], str) or not 0 < len(entry[name]) <= 40:
            return _("{name} must be a short text").format(name=name)
    if any(kind not in KINDS for kind in entry["opponents"].split("+")):
        return _("opponents {kinds} are not known kinds of seat").format(
            kinds=repr(entry["opponents"]))
    for name in ("games", "wins", "losses", "draws", "streak", "best_streak"):
        if not _count(entry[name]):
            return _("{name} must be a whole number, 0 or more").format(name=name)
    if not _score(entry["score_total"]) or not (
            entry["best_score"] is None or _score(entry["best_score"])):
        return _("the scores must be whole numbers")
    if entry["wins"] + entry["losses"] + entry["draws"] != entry["games"]:
        return _("wins, losses and draws do not add up to the games")
    if not entry["streak"] <= entry["best_streak"] <= entry["wins"]:
        return _("the streaks do not fit the wins")
    if (entry["best_score"] is None) != (entry["games"] == 0):
        return _("best_score must be given once a game is counted")
    return None


class CannotRead(Exception):
    """The statistics file may not be read (permissions): the message says where and why."""


def load(file=None) -> tuple[dict, str | None]:
    """{key: Record} from the statistics file (empty when there is none) and a one-line
    notice when the file was damaged and set aside, or may not be read, else None."""
    try:
        return _load(Path(path() if file is None else file))
    except CannotRead as problem:
        return {}, _("Statistics cannot be read: {problem}.").format(problem=problem)


def _load(file) -> tuple[dict, str | None]:
    try:
        if not present(file):
            return {}, None
        data = json.loads(read_text(file, "statistics"))
    except OSError as error:
        raise CannotRead(f"{file}: {error.strerror or error}") from None
    except FileFormatError as error:
        if why_unreadable(error):
            raise CannotRead(str(error)) from None
        return {}, set_aside(file, error.message) + "."
    except json.JSONDecodeError as error:
        return {}, set_aside(file, _("line {number}: {problem}").format(
            number=error.lineno, problem=error.msg)) + "."
    except (ValueError, RecursionError):     # numbers too long, nesting too deep
        return {}, set_aside(file, _("not a statistics file")) + "."
    if not isinstance(data, dict) or not isinstance(data.get("records"), list):
        return {}, set_aside(file, _("not a statistics file")) + "."
    records, problems = {}, []
    for number, entry in enumerate(data["records"], 1):
        problem = _problem(entry)
        if problem is None and (entry["player"], entry["variant"], entry["opponents"]) in records:
            problem = _("counted twice")
        if problem:
            problems.append(_("record {number}: {problem}").format(number=number,
                                                                    problem=problem))
        else:
            record = Record(**entry)
            records[record.key] = record
    if problems:
        good = len(records)
        kept = ngettext("; {count} good record kept", "; {count} good records kept",
                        good).format(count=good) if good else ""
        return records, f"{set_aside(file, and_more(problems))}{kept}."
    return records, None


def save(records: dict, file=None) -> None:
    """Write every record (OSError when the folder cannot be written)."""
    file = path() if file is None else file
    rows = [asdict(r) for r in sorted(records.values(), key=lambda r: r.key)]
    write_atomic(file, json.dumps({"version": VERSION, "records": rows}, indent=1) + "\n")


# --- counting a finished match ------------------------------------------------------------
def record_match(config, outcome, file=None, seats=None) -> tuple[dict, str | None]:
    """Count a finished match for every person at the table (only `seats`, when given:
    the people of this machine in a network match) and write the file, all under the
    statistics lock; returns the records and a notice (a damaged file set aside, the file
    not read or not written)."""
    file = Path(path() if file is None else file)
    try:
        with update_lock(file.with_name(LOCK_NAME), LOCK_WAIT):
            return _record(config, outcome, file, seats)
    except CannotRead as problem:
        return {}, _("Statistics not kept: {problem}.").format(problem=problem)
    except TimeoutError:
        return {}, _("Statistics not kept: another window held them too long.")
    except LockRefused as refusal:
        return {}, _("Statistics not kept: {problem}.").format(problem=refusal)


def _record(config, outcome, file, seats=None) -> tuple[dict, str | None]:
    records, notice = _load(file)
    for seat, who in enumerate(config.seats):
        if not who.is_human or (seats is not None and seat not in seats):
            continue
        key = (who.name, config.variant, opponents_of(config.seats, seat))
        record = records.setdefault(key, Record(*key))
        result = "draw" if outcome.winner is None else (
            "win" if outcome.winner == seat else "loss")
        record.add(result, outcome.scores[seat])
    try:
        save(records, file)
    except OSError as error:
        notice = _("Statistics not saved: {error}").format(error=error.strerror or error)
    return records, notice


def counts(config, demo) -> bool:
    """Whether a match with this config is counted: a person plays, and it is no demo."""
    return not demo and any(seat.is_human for seat in config.seats)
