"""The rules of every variant, with no pygame: states, moves, views, records, agents."""
from .core import (BLANK, DOUBLE_SIX, PASS, DominoError, FileFormatError, IllegalMoveError,
                   OptionError, Outcome, Tile)
from .state import GameState
from .variants import find_variant, new_game, variant_names

__all__ = ["BLANK", "DOUBLE_SIX", "PASS", "DominoError", "FileFormatError", "GameState",
           "IllegalMoveError", "OptionError", "Outcome", "Tile", "find_variant", "new_game",
           "variant_names"]
