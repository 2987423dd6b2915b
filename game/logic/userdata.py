"""Where the player's own files live: the one place both the logic (own level files) and
the shell (saves, statistics) take the user's data folder from."""
from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """$XDG_DATA_HOME/dominoes, or ~/.local/share/dominoes: saves, statistics, own levels."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / "dominoes"
