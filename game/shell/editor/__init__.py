"""The level editor: draw a board or a starting position, see what is wrong before
saving (the game's own reader says it), save it among the player's own levels and play
it at once.

    draft.py    the level being edited (no pygame) and the reader's verdict on it
    canvas.py   the board and the tray drawn, and what is under the pointer
    scene.py    the editor screen: keys, mouse, the side panel, Save, Play, Delete
    picker.py   the Levels screen of the title menu: a game, then a level to start from
"""
