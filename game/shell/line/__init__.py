"""The line games (classic, blank): the match scene, the snake layout of the line, its art."""
