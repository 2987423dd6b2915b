"""Position files: a saved game position in the TOML family of the level files.

Every position file names its `variant`; the variant's state class reads the rest.
"""
from __future__ import annotations

from pathlib import Path

from .core import OptionError
from .textfiles import read_toml
from .variants import find_variant


def load_position(path: str | Path):
    """The state saved in `path`; a FileFormatError (file:line: message) if it is broken."""
    toml = read_toml(path, "position")
    variant = toml.get("variant", str)
    try:
        cls = find_variant(variant)
    except OptionError as exc:
        raise toml.error("variant", str(exc)) from None
    return cls.from_position(toml, toml.path)
