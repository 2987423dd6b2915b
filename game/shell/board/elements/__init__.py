"""Boards of elements: their art and table, the tools that move an element (the moving
games), shift one (Shift) or set one down from a pack (Packs), and those games' tables."""
