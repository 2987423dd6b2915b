"""The player's settings: what they are, where they live, and how a damaged file is survived.

The file is JSON in the user's config directory, read with the careful reader (a regular
file, not too big). Loading never fails: a file that is not a JSON object is moved aside
and the defaults are used; a single bad value falls back to its own default; a number out
of range becomes the nearest value the settings screen offers; names are cleaned and cut
to NAME_LENGTH before anything uses them. Each time a one-line notice says what happened.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.i18n import N_, _, available_languages, in_every_language, set_language
from game.logic.core import FileFormatError
from game.logic.textfiles import read_text

from game.play.storage import config_dir, present, set_aside, why_unreadable, write_atomic

ANIM_SPEEDS = {0.0: N_("Instant"), 0.5: N_("Slow"), 1.0: N_("Normal"), 2.0: N_("Fast")}
THINK_TIMES = {0.25: N_("A quarter of a second"), 0.5: N_("Half a second"),
               1.0: N_("1 second"), 2.0: N_("2 seconds"),
               4.0: N_("4 seconds")}      # the Hard computer's time a move
VOLUMES = [step / 10 for step in range(11)]     # the settings screen's steps of 10%
NAME_LENGTH = 16
ADDRESS_LENGTH = 60


def default_name(number: int) -> str:
    """The name of seat `number` (1 to 4) nobody named, in the current language."""
    return _("Player {number}").format(number=number)


def _default_names() -> list[str]:
    return [default_name(i) for i in range(1, 5)]


def speak_language(settings: Settings) -> None:
    """At start: the settings' language (or the system's), and the seats nobody named
    (saved with the defaults of whichever language they were saved in) named in it."""
    set_language(settings.language)
    templates = [t for t in in_every_language("Player {number}") if "{number}" in t]
    settings.player_names = [
        default_name(i + 1) if any(name == t.format(number=i + 1) for t in templates)
        else name for i, name in enumerate(settings.player_names)]


def rename_defaults(settings: Settings, before: list[str]) -> None:
    """After a change of language: a seat still named by its default in the old language
    (`before`, the defaults then) takes the default of the new one."""
    settings.player_names = [default_name(i + 1) if name == old else name
                             for i, (name, old) in enumerate(zip(settings.player_names,
                                                                 before))]


@dataclass
class Settings:
    fullscreen: bool = True
    volume: float = 0.7
    muted: bool = False
    anim_speed: float = 1.0        # 0 instant, 0.5 slow, 1 normal, 2 fast
    player_names: list = field(default_factory=_default_names)
    show_hints: bool = True        # highlight legal moves
    show_coords: bool = True       # board coordinates along the edges
    show_scoring: bool = False     # the count as it stands, on the board (Dominox's areas,
                                   # Dominid's clusters); V shows or hides it
    think_seconds: float = 1.0     # the Hard computer's (and the coach's) time a move
    last_setup: dict = field(default_factory=dict)
    language: str = ""             # a catalogue's code ("es"); "" follows the system
    server_address: str = ""       # the table server of Play online (host:port)


def _valid(name: str, value) -> bool:
    if name in ("fullscreen", "muted", "show_hints", "show_coords", "show_scoring"):
        return isinstance(value, bool)
    if name == "last_setup":
        return isinstance(value, dict)
    if name == "language":
        return value == "" or value in available_languages()
    if name == "server_address":      # (an address a person typed: the game checks it)
        return isinstance(value, str) and len(value) <= ADDRESS_LENGTH and value.isprintable()
    return False


def clean_name(text: str) -> str:
    """A player's name as the game shows and speaks it: printable characters only (a NUL,
    a lone surrogate or another control character dropped, other spaces made plain),
    cut to NAME_LENGTH."""
    text = "".join(c if c.isprintable() else " " if c.isspace() else ""
                   for c in str(text)[:NAME_LENGTH * 4])
    return " ".join(text.split())[:NAME_LENGTH].strip()


def _names(value) -> tuple[list | None, bool]:
    """Four usable names from a stored list of four (None for anything else), and whether
    any had to be cleaned, cut or replaced by its default."""
    if not isinstance(value, list) or len(value) != 4:
        return None, False
    names = [clean_name(name) if isinstance(name, str) else "" for name in value]
    names = [name or default for name, default in zip(names, _default_names())]
    return names, names != value


def _nearest(value, choices) -> tuple[float | None, bool]:
    """The choice nearest a stored number, and whether the number lay outside the choices'
    range (None for what is not a finite number: a string, a bool, NaN, infinity)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None, False
    if isinstance(value, int):
        value = max(-1e9, min(1e9, value))       # a huge integer would overflow a float
    if not math.isfinite(value):
        return None, False
    nearest = min(choices, key=lambda choice: (abs(choice - value), choice))
    return float(nearest), not min(choices) <= value <= max(choices)


def _read(name: str, value):
    """(the value to use, None), (the value to use, "adjusted") or (None, "reset")."""
    if name == "volume":
        value, outside = _nearest(value, VOLUMES)
    elif name == "anim_speed":
        value, outside = _nearest(value, ANIM_SPEEDS)
    elif name == "think_seconds":
        value, outside = _nearest(value, THINK_TIMES)
    elif name == "player_names":
        value, outside = _names(value)
    else:
        return (value, None) if _valid(name, value) else (None, "reset")
    if value is None:
        return None, "reset"
    return value, "adjusted" if outside else None


def default_path() -> Path:
    """settings.json in the config folder (on Linux $XDG_CONFIG_HOME/dominoes or
    ~/.config/dominoes)."""
    return config_dir() / "settings.json"


_DEFAULTS_USED = N_("{what}, defaults used.")


def load_settings(path, heard=None) -> tuple[Settings, str | None]:
    """The settings stored at `path` (defaults if there is no file) and a notice, or None.
    Never raises: an unreadable file is set aside, a bad value reset, an out-of-range
    number moved to the nearest value the settings screen offers. `heard(settings)` is
    called once the file's values are read, before the notice is made (in the language
    they may choose)."""
    path = Path(path)
    settings = Settings()
    try:
        if not present(path):
            return settings, None
        data = json.loads(read_text(path, "settings"))
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, found {type(data).__name__}")
    except OSError as error:             # the folder may not be searched
        return settings, _("Settings not read ({path}: {error}); using defaults.").format(
            path=path, error=error.strerror)
    except FileFormatError as error:
        if why_unreadable(error):
            return settings, _("Settings not read ({why}); using defaults.").format(
                why=why_unreadable(error))
        return settings, _(_DEFAULTS_USED).format(what=set_aside(path, error.message))
    except RecursionError:
        return settings, _move_aside(path, ValueError(_("nested too deeply")))
    except ValueError as error:
        return settings, _move_aside(path, error)
    problems: dict[str, list] = {"reset": [], "adjusted": []}
    for f in fields(Settings):
        if f.name in data:
            value, problem = _read(f.name, data[f.name])
            if problem:
                problems[problem].append(f.name)
            if problem != "reset":
                setattr(settings, f.name, value)
    if heard is not None:
        heard(settings)
    notes = []
    if problems["reset"]:
        notes.append(_("bad value for {names}; default used").format(
            names=", ".join(problems["reset"])))
    if problems["adjusted"]:
        notes.append(_("{names} adjusted to what the game uses").format(
            names=", ".join(problems["adjusted"])))
    return settings, _("{name}: {notes}.").format(name=path.name, notes="; ".join(notes)) \
        if notes else None


def _move_aside(path: Path, error: Exception) -> str:
    reason = str(error)
    if isinstance(error, json.JSONDecodeError):
        reason = _("line {number}: {problem}").format(number=error.lineno, problem=error.msg)
    return _(_DEFAULTS_USED).format(what=set_aside(path, reason))


def save_settings(settings: Settings, path) -> None:
    """Write `settings` to `path` atomically, so a crash never leaves half a file.
    Raises OSError if the directory cannot be written."""
    write_atomic(path, json.dumps(asdict(settings), indent=2, sort_keys=True) + "\n")
