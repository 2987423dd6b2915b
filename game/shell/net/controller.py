"""A network seat's controller: the MatchController every match scene composes, fed by
the host's messages instead of keys and computers ("a network seat is a controller seat
fed by messages").

Its state is a SeatState (game.server.seat_state): the seat's own view and the public
facts. The scene asks it what it asks any controller; what would change the game goes to
the host instead: `play` sends the move (an illegal try is answered here at once, by the
rules on the seat's own view, as the host would answer it), `take_back` asks the host,
which asks every other person whose move goes with it (on their machine, or here for a
couch partner), and `rematch` asks for one. What the host
sends back comes through `receive` (the session hands it over once a frame, whatever is
on screen): a new position (the scene hears of the move, or of the take-back, as from a
local controller), the table (names, who is here, why the match waits), a question, a
caption, a refusal. Statistics of this seat's person are kept on this machine; the host
keeps the save.

Two people on one couch hold two seats of one window (couch.py): the screen shows the
seat whose person is at it, and when the turn passes to the other seat of this window the
hand-over screen comes first, as on a local couch; the other person then sees their own
hand. What comes for a seat not at the screen only brings its state up to date.
"""
from __future__ import annotations

from dataclasses import replace

from game.i18n import N_, _
from game.logic.core import IllegalMoveError
from game.play import statistics as stats
from game.play.config import Seat
from game.server.protocol import ProtocolError
from game.server.snapshot import read_position
from game.shell.match.controller import MatchController, sentence
from game.shell.net.words import heard


class SeatController(MatchController):
    def __init__(self, app, config, on_move=None, state=None):
        super().__init__(app, config, on_move, state)
        self.session = app.network
        # this window's seats (one, or a couch's two) and their states
        self.states = getattr(state, "states", None) or {state.seat: state}
        self.humans = sorted(self.states)    # the people at this screen
        self.agents, self.rngs = {}, {}      # the host's computers think on the host
        self.host_plies = dict.fromkeys(self.states, 0)   # the host's count of changes
        self.sent = None                     # the move sent, until the host answers
        self.paused = None                   # why the host waits, or None
        self.seats_info: list = []           # the host's table: names, kinds, presence

    @property       # (the couch's is a constant nobody sets: mypy sees it writeable)
    def viewer(self) -> int:  # type: ignore[override]
        return self.state.seat

    @property
    def host_ply(self) -> int:
        """The host's count of changes as the seat at the screen last heard it."""
        return self.host_plies.get(self.viewer, 0)

    # --- seats ------------------------------------------------------------------------
    def follow_names(self, names) -> None:
        """The names are the people's own, from the host: the settings do not rename."""

    @property
    def human_turn(self) -> bool:
        state = self.state
        return (state.current_player == state.seat and not state.is_over()
                and self.paused is None and self.sent is None and self.connected
                and (not self.couch or self._revealed == state.seat))

    def is_human(self, player) -> bool:
        """A person at this screen: a friend's seat (a person on another computer) is
        waited for, as a computer's is, with no hand-over and nothing to press here."""
        return player is not None and player in self.states

    @property
    def connected(self) -> bool:
        return self.session is not None and self.session.connected

    @property
    def thinking(self) -> bool:
        player = self.state.current_player
        return (player is not None and not self.config.seats[player].is_human
                and self.paused is None)

    def announce_turn(self) -> None:
        player = self.state.current_player
        if player is None:
            self.say(_("The game is over."))
        elif player == self.state.seat and not self.couch:
            self.say(_("It is your turn."))
        else:
            self.say(_("It is {name}'s turn.").format(name=self.name(player)))

    # --- what goes to the host ----------------------------------------------------------
    def play(self, move) -> bool:
        """The seat's move: sent to the host if it is legal (the rules' reason otherwise)."""
        if not self.human_turn:
            self.sound("invalid")
            self.say(heard(self.paused) if self.paused else self.waiting_words())
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
        self.session.send({"type": "move", "move": self.sent, "ply": self.host_ply},
                          self.viewer)
        return True

    def undo_target(self):
        if self.state.is_over():
            return None, _("The game is over: nothing can be taken back.")
        asker = self.asker() if self.couch else self.state.seat
        mine = [i for i, (player, _) in enumerate(self.state.moves_played())
                if player == asker]
        if asker is None or not mine:
            return None, _("Nothing to take back yet.")
        return asker, mine[-1]

    def asker(self) -> int | None:
        """On a couch: the person of this window to move, else the one who moved last."""
        player = self.state.current_player
        if player in self.states:
            return player
        return next((p for p, _ in reversed(self.state.moves_played()) if p in self.states),
                    None)

    def take_back(self) -> bool:
        who, why = self.undo_target()
        if who is None or self.paused:
            self.sound("invalid")
            self.say(why if who is None else heard(self.paused))
            return False
        # (the asker stays at the screen: a person of this window who is asked is asked
        # with the hands hidden, and the screen is handed back after: `ask`)
        self.session.send({"type": "undo", "ply": self.host_plies.get(who, 0)}, who)
        return True

    def waiting_words(self) -> str:
        """Why the seat at the screen cannot play now (not paused)."""
        if self.sent:
            return (_("Waiting for the server.") if self.session.table_server else
                    _("Waiting for the host."))
        return _("Wait for your turn.")

    def wait_words(self) -> str:
        """What the match waits for (someone reading the round's results...), else whose
        turn it is."""
        return heard(self.paused) if self.paused else super().wait_words()

    def rematch(self) -> None:
        self.session.send_all({"type": "rematch"})
        self.session.wait_for_rematch()

    def pause(self) -> None:
        from game.shell.net.pause import NetPauseOverlay
        self.app.push(NetPauseOverlay(self.app, self.config.variant))

    def show_results(self, title, rows, winner_text, final, on_continue=None, headers=None,
                     figure=None) -> None:
        """As a local controller's; a round's Continue also tells the host this person
        has seen the results (the next round waits for everyone)."""
        if not final:
            went_on = on_continue or (lambda: None)

            def on_continue():
                went_on()
                for seat, ply in self.host_plies.items():
                    self.session.send({"type": "continue", "ply": ply}, seat)
        return super().show_results(title, rows, winner_text, final, on_continue, headers,
                                    figure)

    def review(self) -> None:
        from game.shell.match.coach import ReviewScene
        names = [self.name(p) for p in range(self.state.players)]
        self.app.push(ReviewScene(self.app, None, self.humans, names,
                                  todo=self.state.decisions, advised=self.advised))

    # --- nothing of the game is kept or run here ----------------------------------------
    def update(self, dt: float) -> None:
        """The host runs the game: nothing to pace or think here. On a couch, the turn of
        this window's other seat begins with the hand-over screen, once both seats' states
        hold the same moves."""
        state = self.state
        if len(self.states) < 2 or self._handover_pending or state.is_over():
            return
        player = state.current_player
        if player not in self.states or not state.caught_up():
            return
        if self.couch and self._revealed != player:
            self._hand_over(player)
        elif not self.couch and player != state.seat:    # nothing hidden: no hand-over
            self._switch(player)

    def _switch(self, seat: int) -> None:
        """The screen is `seat`'s now."""
        self.state.switch(seat)
        self.ply += 1                   # what the scene drew for the other seat goes
        if self.on_undo is not None:
            self.on_undo()

    def _hand_over(self, player: int) -> None:
        from game.shell.net.pause import NetHandOver

        def continued():
            self._handover_pending = False
            if self.state.current_player == player:
                self._switch(player)
                self._revealed = player
        self._handover_pending = True
        self.app.push(NetHandOver(self.app, self.name(player), continued,
                                  self.config.variant))

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
                                    seats=list(self.humans))[1]
        if notice:
            self.app.tell(notice)

    # --- what comes from the host -------------------------------------------------------
    def receive(self, message: dict, seat: int | None = None) -> None:
        """A message from the host, for `seat` of this window (None: the one at the
        screen)."""
        kind = message.get("type")
        if kind == "position" and seat is not None and seat != self.viewer:
            read_position(self.states[seat], message)       # ProtocolError: it ends
            self.host_plies[seat] = message["ply"]
        elif kind == "position":
            self.receive_position(message)
        elif kind == "table":
            self.receive_table(message)
        elif kind == "said":           # (said again in a language chosen meanwhile)
            came = str(message.get("text", ""))[:300]
            text = heard(came)
            self.say(text, speak=False, again=lambda: heard(came))
            results = self.results_shown()
            if results is not None:        # the caption is under the results: say it there
                results.note = text
        elif kind == "refused":
            self.sent = None
            self.sound("invalid")
            came = str(message.get("reason", ""))[:300]
            self.say(heard(came), speak=False, again=lambda: heard(came))
        elif kind == "ask":
            self.ask(message, seat)

    def receive_position(self, message: dict) -> None:
        state = self.state
        before = len(state.played)
        read_position(self.states[state.seat], message)
        self.host_plies[state.seat], self.sent = message["ply"], None
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
        message = checked_table(message, len(self.config.seats))
        seats = message["seats"]
        self.seats_info = seats
        self.paused = message["paused"]
        self.config = replace(self.config, seats=seats_of(seats))

    def results_shown(self):
        """The final results on screen, or None."""
        from game.shell.screens.results import ResultsScene
        return next((scene for scene in self.app.stack if isinstance(scene, ResultsScene)
                     and scene.on_continue is None), None)

    def ask(self, message: dict, seat: int | None = None) -> None:
        """A take-back question for a person of this window (on a couch the screen hides
        the hands while it waits)."""
        from game.shell.screens.dialogs import ConfirmScene
        number = message.get("ask")

        def answer(yes: bool):
            self.session.send({"type": "answer", "ask": number, "yes": yes}, seat)
        if self.couch:
            self._revealed = None
        self.app.push(ConfirmScene(self.app, heard(str(message.get("question", ""))[:120]),
                                   N_("Yes, take it back"), N_("No"), lambda: answer(True),
                                   detail=heard(str(message.get("detail", ""))[:200]),
                                   on_no=lambda: answer(False), cover=self.couch))


def checked_table(table, players: int | None) -> dict:
    """The host's table of seats as this window may use it: `players` seats, each a
    table whose name is a clean name, `left` a number of seconds, the flags flags (a
    hostile host's other values are dropped, or the table refused: ProtocolError)."""
    from game.play.settings import clean_name
    seats = table.get("seats") if isinstance(table, dict) else None
    if not isinstance(seats, list) or (players is not None and len(seats) != players):
        raise ProtocolError("a table that does not fit the match")
    kept = []
    for entry in seats:
        if not isinstance(entry, dict):
            raise ProtocolError("a seat of the table is not a table")
        seat: dict[str, object] = {key: bool(entry.get(key)) for key in ("joined", "present")
                                   if key in entry}
        seat["name"] = clean_name(entry["name"]) if isinstance(entry.get("name"), str) else ""
        for key in ("kind", "level"):
            if isinstance(entry.get(key), str):
                seat[key] = entry[key][:20]
        left = entry.get("left")
        if isinstance(left, (int, float)) and not isinstance(left, bool) and 0 <= left < 1e6:
            seat["left"] = float(left)
        kept.append(seat)
    paused = table.get("paused")
    return {**table, "seats": kept, "paused": paused if isinstance(paused, str) else None}


def seats_of(entries) -> tuple[Seat, ...]:
    """The seats of the host's table: people as humans, computers at their level; a seat
    nobody took yet named in the current language (words.seat_name)."""
    from game.logic.agents import AGENTS
    from game.play.settings import clean_name
    from game.shell.net.words import seat_name
    seats = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise ProtocolError("a seat of the table is not a table")
        name = seat_name(clean_name(str(entry.get("name", ""))) or f"Player {number}")
        level = entry.get("level", "greedy")
        if level not in AGENTS:
            level = "greedy"
        seats.append(Seat(name) if entry.get("kind") == "person" else
                     Seat(name, "computer", level))
    return tuple(seats)
