"""The registry of variants: names, aliases and the class that plays each.

Classes are imported on first use so that starting the game stays fast.
"""
from __future__ import annotations

import importlib

from .core import GameState, OptionError

# name -> (module, class). The order is the order of the variant-select screen.
_VARIANTS: dict[str, tuple[str, str]] = {
    "classic": ("game.logic.classic", "ClassicMatch"),
    "blank": ("game.logic.blank", "BlankGame"),
    "dominox": ("game.logic.dominox", "DominoxGame"),
}
_ALIASES = {"draw": "classic", "blank-tiles": "blank"}


def variant_names() -> list[str]:
    return list(_VARIANTS)


def find_variant(name: str) -> type[GameState]:
    """The state class of variant `name` (or an alias); OptionError names the known ones."""
    key = _ALIASES.get(name, name) if isinstance(name, str) else None
    if key not in _VARIANTS:
        raise OptionError(f"unknown variant {name!r} (known: {', '.join(_VARIANTS)})")
    module, cls = _VARIANTS[key]
    return getattr(importlib.import_module(module), cls)


def new_game(name: str, players: int | None = None, seed: int = 0,
             options: dict | None = None) -> GameState:
    """A freshly dealt game of variant `name` from `seed`."""
    cls = find_variant(name)
    players = cls.min_players if players is None else players
    cls.require_players(players)
    return cls.new(players=players, seed=seed, options=options)
