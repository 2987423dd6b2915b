"""What the game's programs print, printed whatever the terminal can show.

A level file named in Latin-1 under a UTF-8 locale, the "→" of the rules under
ISO-8859-1, a player's emoji in the host's log: text the terminal's encoding cannot hold
would stop a program with a UnicodeEncodeError. Every program of the game (`main.py`,
`python -m game.logic`, `python -m game.server`, the bot, the benchmark) calls
`tolerant_output()` first: its output then shows such characters as "?" and goes on.
"""
from __future__ import annotations

import sys

NEVER_FAILING = ("replace", "backslashreplace")     # error handlers that cannot raise


def tolerant_output() -> None:
    """Make stdout and stderr replace what their encoding cannot hold instead of raising
    (a stream that is not a terminal's text stream, as a test's, is left as it is)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) not in NEVER_FAILING:
            reconfigure(errors="replace")
