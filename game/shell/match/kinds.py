"""The match scene of each scene kind the registry names, and whether a variant's match
can be built. The app asks it to start a match and the menus to offer a game; it lies
below both, so that neither imports the other."""
from __future__ import annotations

import importlib
import importlib.util

# the registry's scene kind -> "module:Class" of that match scene, imported when a match
# starts (the board scene then loads the adapter the variant's registry entry names)
SCENE_KINDS = {
    "line": "game.shell.line.scene:LineMatchScene",
    "board": "game.shell.board.scene:BoardMatchScene",
}


def match_scene_class(variant: str):
    """The scene class of the variant's kind in the registry ("line" or "board")."""
    from game.logic.variants import variant_entry
    module, _, name = SCENE_KINDS[variant_entry(variant).scene].partition(":")
    return getattr(importlib.import_module(module), name)


def can_play(name: str) -> bool:
    """Whether the variant's match scene can be built: its scene kind is known and, for a
    board game, the adapter module its registry entry names exists (looked up, not
    imported)."""
    from game.logic.variants import variant_entry
    try:
        entry = variant_entry(name)
    except Exception:
        return False
    if entry.scene not in SCENE_KINDS:
        return False
    if entry.scene == "board":
        if not entry.adapter:
            return False
        try:
            return importlib.util.find_spec(entry.adapter.partition(":")[0]) is not None
        except (ImportError, ValueError):
            return False
    return True
