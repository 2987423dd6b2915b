"""One adapter per board variant, each named by its variant's registry entry (see
game.shell.board.adapter for what an adapter tells the board scene)."""
