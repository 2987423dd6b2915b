"""Where the player's own files live: the one place both the logic (own level files) and
the shell (saves, statistics) take the user's data folder from. platformdirs knows each
system's convention; on Linux it is $XDG_DATA_HOME/dominoes, or ~/.local/share/dominoes."""
from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_path

APP_NAME = "dominoes"


def data_dir() -> Path:
    """The user's data folder: saves, statistics and own levels."""
    return user_data_path(APP_NAME, appauthor=False)
