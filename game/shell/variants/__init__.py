"""One adapter per board variant, named as the registry names the variant (see
game.shell.board.adapter for what an adapter tells the board scene)."""
