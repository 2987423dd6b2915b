"""The player's settings: what they are, where they live, and how a damaged file is survived.

The file is JSON in the user's config directory. Loading never fails: a file that is not
a JSON object is moved aside and the defaults are used; a single bad value falls back to
its own default. Either way a one-line notice says what happened.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .storage import config_dir, set_aside, write_atomic

ANIM_SPEEDS = {0.0: "Instant", 0.5: "Slow", 1.0: "Normal", 2.0: "Fast"}


def _default_names() -> list[str]:
    return [f"Player {i}" for i in range(1, 5)]


@dataclass
class Settings:
    fullscreen: bool = True
    volume: float = 0.7
    muted: bool = False
    anim_speed: float = 1.0        # 0 instant, 0.5 slow, 1 normal, 2 fast
    player_names: list = field(default_factory=_default_names)
    show_hints: bool = True        # highlight legal moves
    show_coords: bool = True       # board coordinates along the edges
    last_setup: dict = field(default_factory=dict)


def _valid(name: str, value) -> bool:
    if name in ("fullscreen", "muted", "show_hints", "show_coords"):
        return isinstance(value, bool)
    if name == "volume":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
    if name == "anim_speed":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 4
    if name == "player_names":
        return (isinstance(value, list) and len(value) == 4
                and all(isinstance(n, str) and 0 < len(n.strip()) <= 24 for n in value))
    if name == "last_setup":
        return isinstance(value, dict)
    return False


def default_path() -> Path:
    """$XDG_CONFIG_HOME/dominoes/settings.json, or ~/.config/dominoes/settings.json."""
    return config_dir() / "settings.json"


def load_settings(path) -> tuple[Settings, str | None]:
    """The settings stored at `path` (defaults if there is no file) and a notice, or None."""
    path = Path(path)
    settings = Settings()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return settings, None
    except OSError as error:
        return settings, f"Settings not read ({error.strerror}); using defaults."
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, found {type(data).__name__}")
    except ValueError as error:
        return settings, _move_aside(path, error)
    bad = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        if _valid(f.name, value):
            setattr(settings, f.name, float(value) if f.type == "float" else value)
        else:
            bad.append(f.name)
    if bad:
        return settings, f"{path.name}: bad value for {', '.join(bad)}; default used."
    return settings, None


def _move_aside(path: Path, error: Exception) -> str:
    where = ""
    if isinstance(error, json.JSONDecodeError):
        where = f"line {error.lineno}: "
        error = error.msg
    return set_aside(path, f"{where}{error}") + ", defaults used."


def save_settings(settings: Settings, path) -> None:
    """Write `settings` to `path` atomically, so a crash never leaves half a file.
    Raises OSError if the directory cannot be written."""
    write_atomic(path, json.dumps(asdict(settings), indent=2, sort_keys=True) + "\n")
