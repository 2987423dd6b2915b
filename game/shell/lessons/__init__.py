"""Learning a game: the Learn menu, a lesson played on the real board, and its panel."""
