"""The games on a board of squares: what every one shares here (scene, geometry, the
base table, adapter and tool protocol, the board's art); tiles/ holds the two-square
tile boards (Dominox, Spread, Dominid's stacks), elements/ the element boards (the
moving games, Shift, Packs)."""
