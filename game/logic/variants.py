"""The one registry of variants: for each, its rules class, the kind of match scene that
shows it, the board scene's adapter, its level folder and that folder's legend. Nothing
else keeps a list of variants: what else a variant declares (how its moves are written,
what its scores count, the Hard player's hooks, the coach's reasons) is an attribute of
its rules class (core.GameState), reached through its entry. docs/adding-a-game.md is the
checklist for a new one.

Classes are imported on first use so that starting the game stays fast.
"""
from __future__ import annotations

import contextlib
import functools
import importlib
from dataclasses import dataclass

from .core import OptionError
from .records import seed_problem
from .state import GameState


@dataclass(frozen=True)
class VariantEntry:
    name: str
    rules: str                  # "module:Class" of the state class
    scene: str                  # the shell's scene kind: "line" or "board"
    levels: str | None = None   # folder under levels/ for its layouts, if it has any (an
                                # absolute path is taken as it is: tests use one)
    legend: str = ""            # what the characters of those level files' grids mean
    shares: bool = False        # its level grids are drawn two rows per board cell and
                                # block whole cells (Spread's blocked shares)
    open_middle: bool = False   # its level grids keep the four middle squares open
                                # (Dominid's opening lies there)
    adapter: str | None = None  # "module:Class" of the board scene's adapter (scene
                                # "board"; a string, so the logic never imports pygame)

    def load(self) -> type[GameState]:
        return _load(self.rules)


@functools.cache
def _load(rules: str) -> type[GameState]:
    module, _, name = rules.partition(":")
    return getattr(importlib.import_module(module), name)


MOVING_LEGEND = ("'...' an empty square; s (south player) or n (north player), then the "
                 "south and the north number (s35)")

# The order is the order of the variant-select screen.
VARIANTS: dict[str, VariantEntry] = {entry.name: entry for entry in (
    VariantEntry("classic", "game.logic.line.classic:ClassicMatch", "line"),
    VariantEntry("blank", "game.logic.line.blank:BlankGame", "line"),
    VariantEntry("dominox", "game.logic.dominox.game:DominoxGame", "board",
                 adapter="game.shell.variants.dominox:Adapter", levels="dominox",
                 legend="'.' a playable square, '#' a blocked square"),
    VariantEntry("open54", "game.logic.spread.game:SpreadGame", "board",
                 adapter="game.shell.variants.open54:Adapter", levels="open54",
                 legend="'.' an open square, '#' a blocked square; two rows per board cell, "
                        "and a blocked share blocks both squares of its cell", shares=True),
    VariantEntry("dominid", "game.logic.dominid.game:DominidGame", "board",
                 adapter="game.shell.variants.dominid:Adapter", levels="dominid",
                 legend="'.' a cell of the table, '#' a blocked cell", open_middle=True),
    VariantEntry("open1", "game.logic.elements.open1:TestElementGame", "board",
                 adapter="game.shell.variants.open1:Adapter", levels="open1",
                 legend="'...' an empty square; s (south player) or n (north player), the "
                        "south and the north number (s35), * after a face-down test element "
                        "(s00*)"),
    VariantEntry("open3", "game.logic.elements.open3:CaptureGame", "board",
                 adapter="game.shell.variants.open3:Adapter", levels="open3",
                 legend=MOVING_LEGEND),
    VariantEntry("open4", "game.logic.elements.open4:DiagonalGame", "board",
                 adapter="game.shell.variants.open4:Adapter", levels="open4",
                 legend=MOVING_LEGEND),
    VariantEntry("open10", "game.logic.elements.open10:ShiftGame", "board",
                 adapter="game.shell.variants.open10:Adapter", levels="open10",
                 legend=MOVING_LEGEND + "; a stack lists its elements bottom first joined by "
                                        "/ (s35/s12/s00/s66)"),
    VariantEntry("open22", "game.logic.elements.open22:PacksGame", "board",
                 adapter="game.shell.variants.open22:Adapter"),
)}
_ALIASES = {"draw": "classic", "blank-tiles": "blank"}


@contextlib.contextmanager
def registered(*entries: VariantEntry):
    """The registry with `entries` added after the others for the `with` block, then as it
    was: how a test tries a variant the game does not ship. ValueError for a name that is
    already registered."""
    saved = dict(VARIANTS)
    for entry in entries:
        if entry.name in VARIANTS or entry.name in _ALIASES:
            raise ValueError(f"a variant named {entry.name!r} is already registered")
    VARIANTS.update((entry.name, entry) for entry in entries)
    try:
        yield
    finally:
        VARIANTS.clear()
        VARIANTS.update(saved)


def variant_names() -> list[str]:
    return list(VARIANTS)


def variant_entry(name: str) -> VariantEntry:
    """The registry entry of `name` (or an alias); OptionError names the known ones."""
    key = _ALIASES.get(name, name) if isinstance(name, str) else None
    if key not in VARIANTS:
        raise OptionError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
    return VARIANTS[key]


def find_variant(name: str) -> type[GameState]:
    """The state class of variant `name` (or an alias); OptionError names the known ones."""
    entry = VARIANTS.get(name) if isinstance(name, str) else None  # (every new_game asks)
    return _load((entry or variant_entry(name)).rules)


def new_game(name: str, players: int | None = None, seed: int = 0,
             options: dict | None = None) -> GameState:
    """A freshly dealt game of variant `name` from `seed`."""
    cls = find_variant(name)
    players = cls.min_players if players is None else players
    if seed_problem(seed):
        raise OptionError(seed_problem(seed))
    return cls.new(players, seed, options)      # (which refuses a number of players)
