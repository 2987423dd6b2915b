"""Undo and redo of the level editor, with no pygame: every state of the draft (its
`snapshot()`) after each edit, and where in that list the draft stands."""
from __future__ import annotations

LIMIT = 500          # states kept: an afternoon of edits, a few megabytes at most


class History:
    def __init__(self, first):
        self.states = [first]
        self.at = 0

    @property
    def current(self):
        return self.states[self.at]

    def record(self, state) -> bool:
        """Keep `state` after the current one when it differs (a new edit drops what
        could be redone); whether it was kept."""
        if state == self.current:
            return False
        del self.states[self.at + 1:]
        self.states.append(state)
        if len(self.states) > LIMIT:
            del self.states[0]
        self.at = len(self.states) - 1
        return True

    def undo(self):
        """The state before the current one, or None at the first."""
        if self.at == 0:
            return None
        self.at -= 1
        return self.current

    def redo(self):
        """The state undone last, or None when nothing was undone."""
        if self.at == len(self.states) - 1:
            return None
        self.at += 1
        return self.current
