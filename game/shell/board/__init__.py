"""The board games (two-square tiles on squares): geometry, art, input tools, table, scene."""
