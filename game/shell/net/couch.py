"""Two people on one couch at a network table: two seats of one window.

Each seat has its own connection and its own stand-in state (SeatState: its own view,
never the other's hand). The match scene reads one state, as on a couch: `CouchState`
answers as the seat now at the screen (`active`) and is handed to the other seat after
the hand-over screen, as a local couch game hands the screen over (the controller says
when: controller.py).
"""
from __future__ import annotations

from game.server.seat_state import SeatState


class CouchState:
    """The state of the seat at the screen, among this window's seats' states."""

    def __init__(self, states: dict[int, SeatState]):
        self.states = dict(states)
        self.active = self.states[min(self.states)]

    def switch(self, seat: int) -> None:
        self.active = self.states[seat]

    def caught_up(self) -> bool:
        """Whether every seat's state holds the same moves (a move reaches the two
        connections one after the other)."""
        played = [len(state.played) for state in self.states.values()]
        return min(played) == max(played)

    @property
    def decisions(self) -> list:
        """Every seat's own choices, for the coach's review at the end."""
        return sorted((d for state in self.states.values() for d in state.decisions),
                      key=lambda decision: decision[0])

    def view(self, player: int):
        """A seat of this window's own view; for another seat (the table drawn between
        two couch turns, its hand face down) the active seat's, which shows what lies face
        up for everyone; every view once the game is over."""
        if self.active.final is not None:
            return self.active.view(player)
        mine = self.states.get(player)
        return mine.own if mine is not None else self.active.own

    def __getattr__(self, name):
        return getattr(self.__dict__["active"], name)
