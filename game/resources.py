"""Where the files the game ships are: its levels and assets.

Players edit `levels/` at the top of the checkout, so running from source reads that
folder itself; an installed game reads the copy its build put inside the package
(setup.py), since nothing beside an installed package belongs to it.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUNDLED = PACKAGE / "bundled"          # only an installed game has it


def resource_folder(name: str) -> Path:
    """The shipped folder `name` ("levels" or "assets"): the installed copy, or the
    checkout's own."""
    installed = BUNDLED / name
    return installed if installed.is_dir() else PACKAGE.parent / name
