"""Dominoes: the logic package (`game.logic`, no pygame) and the pygame shell (`game.shell`)."""
