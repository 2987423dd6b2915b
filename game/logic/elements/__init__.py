"""The open-board games on the element board (docs/rules.md, Test element to Packs):
elements standing one to a square of an 8x8 board, touching only end to end along the
files.

    board.py   the element and the board: contacts, captures, element texts
    moves.py   the move `c2-c3` / `c3-e5-c7` / `pass`
    game.py    the moving game every one of games 1, 3 and 4 is made of
    open1.py, open3.py, open4.py   the three games: their options, rules text, ends
    files.py   the sets, starting boards from level files, random starts, board checks
    positions.py   record starts, position files, made-up positions (game_at)
    view.py    what a player sees, and the greedy computer's judgement
"""
