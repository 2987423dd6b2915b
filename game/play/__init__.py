"""What a match needs besides its rules and its screen, with no pygame: who sits where and
the match's configuration, starting a match from the command line, the computers' worker
process, saves, statistics, settings, lesson progress, the player's folders and locks.

The window (game.shell) and the network host (game.server) both stand on this package;
it imports neither of them.
"""
