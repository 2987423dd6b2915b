"""A network seat's controller: the MatchController every match scene composes, fed by
the host's messages instead of keys and computers ("a network seat is a controller seat
fed by messages").

Its state is a SeatState (game.server.seat_state): the seat's own view and the public
facts. The scene asks it what it asks any controller; what would change the game goes to
the host instead: `play` sends the move (an illegal try is answered here at once, by the
rules on the seat's own view, as the host would answer it), `take_back` asks the host,
which asks the other person on their machine, and `rematch` asks for one. What the host
sends back comes through `receive` (the session hands it over once a frame, whatever is
on screen): a new position (the scene hears of the move, or of the take-back, as from a
local controller), the table (names, who is here, why the match waits), a question, a
caption, a refusal. Statistics of this seat's person are kept on this machine; the host
keeps the save.
"""
from __future__ import annotations

from dataclasses import replace

from game.logic.core import IllegalMoveError
from game.play import statistics as stats
from game.play.config import Seat
from game.server.protocol import ProtocolError
from game.server.snapshot import read_position
from game.shell.match.controller import MatchController, sentence


class SeatController(MatchController):
    def __init__(self, app, config, on_move=None, state=None):
        super().__init__(app, config, on_move, state)
        self.session = app.network
        self.humans = [state.seat]           # the one person at this screen
        self.agents, self.rngs = {}, {}      # the host's computers think on the host
        self.host_ply = 0                    # the host's count of changes, sent back
        self.sent = None                     # the move sent, until the host answers
        self.paused = None                   # why the host waits, or None
        self.seats_info: list = []           # the host's table: names, kinds, presence

    @property       # (the couch's is a constant nobody sets: mypy sees it writeable)
    def viewer(self) -> int:  # type: ignore[override]
        return self.state.seat

    # --- seats ------------------------------------------------------------------------
    def follow_names(self, names) -> None:
        """The names are the people's own, from the host: the settings do not rename."""

    @property
    def human_turn(self) -> bool:
        state = self.state
        return (state.current_player == state.seat and not state.is_over()
                and self.paused is None and self.sent is None and self.connected)

    @property
    def connected(self) -> bool:
        return self.session is not None and self.session.connected

    @property
    def thinking(self) -> bool:
        player = self.state.current_player
        return player is not None and not self.is_human(player) and self.paused is None

    def announce_turn(self) -> None:
        player = self.state.current_player
        if player is None:
            self.say("The game is over.")
        else:
            self.say("It is your turn." if player == self.state.seat else
                     f"It is {self.name(player)}'s turn.")

    # --- what goes to the host ----------------------------------------------------------
    def play(self, move) -> bool:
        """The seat's move: sent to the host if it is legal (the rules' reason otherwise)."""
        if not self.human_turn:
            self.sound("invalid")
            self.say(self.paused or ("Waiting for the host." if self.sent else
                                     "Wait for your turn."))
            return False
        try:
            reason = self.state.illegal_reason(move)
        except IllegalMoveError as error:
            reason = error.reason
        if reason:
            self.sound("invalid")
            self.say_private(sentence(reason))
            return False
        self.sent = str(move)
        self.session.send({"type": "move", "move": self.sent, "ply": self.host_ply})
        return True

    def undo_target(self):
        if self.state.is_over():
            return None, "The game is over: nothing can be taken back."
        mine = [i for i, (player, _) in enumerate(self.state.moves_played())
                if player == self.state.seat]
        if not mine:
            return None, "Nothing to take back yet."
        return self.state.seat, mine[-1]

    def take_back(self) -> bool:
        who, why = self.undo_target()
        if who is None or self.paused:
            self.sound("invalid")
            self.say(why if who is None else self.paused)
            return False
        self.session.send({"type": "undo", "ply": self.host_ply})
        return True

    def rematch(self) -> None:
        self.session.send({"type": "rematch"})
        self.session.wait_for_rematch()

    def pause(self) -> None:
        from game.shell.screens.pause import PauseOverlay
        self.app.push(PauseOverlay(self.app, self.config.variant, self.session.leaving(),
                                   self.session.pause_buttons()))

    def show_results(self, title, rows, winner_text, final, on_continue=None, headers=None,
                     figure=None) -> None:
        """As a local controller's; a round's Continue also tells the host this person
        has seen the results (the next round waits for everyone)."""
        if not final:
            went_on = on_continue or (lambda: None)

            def on_continue():
                went_on()
                self.session.send({"type": "continue", "ply": self.host_ply})
        return super().show_results(title, rows, winner_text, final, on_continue, headers,
                                    figure)

    def review(self) -> None:
        from game.shell.match.coach import ReviewScene
        names = [self.name(p) for p in range(self.state.players)]
        self.app.push(ReviewScene(self.app, None, self.humans, names,
                                  todo=self.state.decisions, advised=self.advised))

    # --- nothing of the game is kept or run here ----------------------------------------
    def update(self, dt: float) -> None:
        """The host runs the game: nothing to pace or think here."""

    def after_change(self) -> None:
        """The host keeps the save."""

    def is_saved(self) -> bool:
        return False

    def _count_match(self) -> None:
        """This machine's person's statistics (the others keep theirs on their machines)."""
        if self._counted or not stats.counts(self.config, None):
            return
        self._counted = True
        notice = stats.record_match(self.config, self.state.outcome(),
                                    seats=[self.state.seat])[1]
        if notice:
            self.app.tell(notice)

    # --- what comes from the host -------------------------------------------------------
    def receive(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "position":
            self.receive_position(message)
        elif kind == "table":
            self.receive_table(message)
        elif kind == "said":
            text = str(message.get("text", ""))[:300]
            self.say(text, speak=False)
            results = self.results_shown()
            if results is not None:        # the caption is under the results: say it there
                results.note = text
        elif kind == "refused":
            self.sent = None
            self.sound("invalid")
            self.say(str(message.get("reason", ""))[:300], speak=False)
        elif kind == "ask":
            self.ask(message)

    def receive_position(self, message: dict) -> None:
        state = self.state
        before = len(state.played)
        read_position(state, message)            # ProtocolError: the session ends
        self.host_ply, self.sent = message["ply"], None
        self.ply += 1
        grew = len(state.played) == before + 1 and message["from"] == before
        if grew:
            player, move = state.played[-1]
            self.sound("pass" if getattr(move, "is_pass", False) else "place")
            if state.is_over():
                self._count_match()
            if self.on_move is not None:
                self.on_move(player, move)
        elif message["from"] < before and self.on_undo is not None:
            self.on_undo()

    def receive_table(self, message: dict) -> None:
        seats = message.get("seats")
        if not isinstance(seats, list) or len(seats) != len(self.config.seats):
            raise ProtocolError("a table that does not fit the match")
        self.seats_info = seats
        self.paused = message.get("paused") if isinstance(message.get("paused"), str) else None
        self.config = replace(self.config, seats=seats_of(seats))

    def results_shown(self):
        """The final results on screen, or None."""
        from game.shell.screens.results import ResultsScene
        return next((scene for scene in self.app.stack if isinstance(scene, ResultsScene)
                     and scene.on_continue is None), None)

    def ask(self, message: dict) -> None:
        from game.shell.screens.dialogs import ConfirmScene
        number = message.get("ask")

        def answer(yes: bool):
            self.session.send({"type": "answer", "ask": number, "yes": yes})
        self.app.push(ConfirmScene(self.app, str(message.get("question", ""))[:120],
                                   "Yes, take it back", "No", lambda: answer(True),
                                   detail=str(message.get("detail", ""))[:200],
                                   on_no=lambda: answer(False)))


def seats_of(entries) -> tuple[Seat, ...]:
    """The seats of the host's table: people as humans, computers at their level."""
    from game.logic.agents import AGENTS
    from game.play.settings import clean_name
    seats = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise ProtocolError("a seat of the table is not a table")
        name = clean_name(str(entry.get("name", ""))) or f"Player {number}"
        level = entry.get("level", "greedy")
        if level not in AGENTS:
            level = "greedy"
        seats.append(Seat(name) if entry.get("kind") == "person" else
                     Seat(name, "computer", level))
    return tuple(seats)
