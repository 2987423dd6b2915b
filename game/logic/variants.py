"""The one registry of variants: for each, its rules class, the kind of match scene that
shows it, its level folder and that folder's legend. Nothing else keeps a list of variants.

Classes are imported on first use so that starting the game stays fast.
"""
from __future__ import annotations

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
    levels: str | None = None   # folder under levels/ for its layouts, if it has any
    legend: str = ""            # what the characters of those level files' grids mean
    shares: bool = False        # its level grids are drawn two rows per board cell and
                                # block whole cells (Spread's blocked shares)
    open_middle: bool = False   # its level grids keep the four middle squares open
                                # (Dominid's opening lies there)

    def load(self) -> type[GameState]:
        return _load(self.rules)


@functools.cache
def _load(rules: str) -> type[GameState]:
    module, _, name = rules.partition(":")
    return getattr(importlib.import_module(module), name)


# The order is the order of the variant-select screen.
VARIANTS: dict[str, VariantEntry] = {entry.name: entry for entry in (
    VariantEntry("classic", "game.logic.line.classic:ClassicMatch", "line"),
    VariantEntry("blank", "game.logic.line.blank:BlankGame", "line"),
    VariantEntry("dominox", "game.logic.dominox.game:DominoxGame", "board", "dominox",
                 "'.' a playable square, '#' a blocked square"),
    VariantEntry("open54", "game.logic.spread.game:SpreadGame", "board", "open54",
                 "'.' an open square, '#' a blocked square; two rows per board cell, and a "
                 "blocked share blocks both squares of its cell", shares=True),
    VariantEntry("dominid", "game.logic.dominid.game:DominidGame", "board", "dominid",
                 "'.' a cell of the table, '#' a blocked cell", open_middle=True),
    VariantEntry("open1", "game.logic.elements.open1:TestElementGame", "board", "open1",
                 "'...' an empty square; s (south player) or n (north player), the south and the "
                 "north number (s35), * after a face-down test element (s00*)"),
    VariantEntry("open3", "game.logic.elements.open3:CaptureGame", "board", "open3",
                 "'...' an empty square; s (south player) or n (north player), then the south "
                 "and the north number (s35)"),
    VariantEntry("open4", "game.logic.elements.open4:DiagonalGame", "board", "open4",
                 "'...' an empty square; s (south player) or n (north player), then the south "
                 "and the north number (s35)"),
    VariantEntry("open10", "game.logic.elements.open10:ShiftGame", "board", "open10",
                 "'...' an empty square; s (south player) or n (north player), then the south "
                 "and the north number (s35); a stack lists its elements bottom first joined by "
                 "/ (s35/s12/s00/s66)"),
    VariantEntry("open22", "game.logic.elements.open22:PacksGame", "board"),
)}
_ALIASES = {"draw": "classic", "blank-tiles": "blank"}


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
    return variant_entry(name).load()


def new_game(name: str, players: int | None = None, seed: int = 0,
             options: dict | None = None) -> GameState:
    """A freshly dealt game of variant `name` from `seed`."""
    cls = find_variant(name)
    players = cls.min_players if players is None else players
    cls.require_players(players)
    if seed_problem(seed):
        raise OptionError(seed_problem(seed))
    return cls.new(players=players, seed=seed, options=options)
