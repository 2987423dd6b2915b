"""Boards of two-square tiles: the tool that places a tile of the hand (Dominox, Spread)
and Dominid's stacks (their art, their tool, the arranged opening)."""
