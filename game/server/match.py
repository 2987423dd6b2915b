"""The host's match: the one authority of a network game.

`HostedMatch` holds the game state (the logic package's, as in a local match), the seats
(people, each on some machine, and computers, which think in the host's worker process)
and every connection's seat. The network layer (host.py) hands it each checked message
(`receive`), tells it of connections that end (`disconnect`) and calls `tick` about fifty
times a second; it answers through `conn.send`. It runs on one thread, the host's event
loop, and never waits for a peer.

What it checks before anything is applied: the connection holds a seat, the message is
for the position it stands on now (`ply`, so a replayed or stale message is refused), it
is that seat's turn, the match is not paused, and the move is legal now. A refusal is a
`refused` message with the reason in a sentence (the rules' own reason for an illegal
move) and one line in the log; nothing is applied.

The match pauses while a person's seat is empty (before their first join, or for up to
GRACE seconds after they dropped out, or after the match began for a seat never joined,
after which the host may give the seat to a computer), while a take-back waits for the
other person's answer, and between two rounds of a line match until every person has seen
the round's results.
"""
from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.logic.agents import AGENTS
from game.logic.core import IllegalMoveError
from game.logic.records import new_seed
from game.logic.variants import new_game

from game.server.agreement import Agreements
from game.server.snapshot import SeatRecord, position_message, shared_facts

if TYPE_CHECKING:
    from game.play.thinking import Thought

    from game.server.host import Connection

GRACE = 120.0            # seconds a person who dropped out keeps the seat to themselves
THINK_SECONDS = 0.7      # the least time a computer's move takes, so people can follow it


@dataclass
class HostSeat:
    name: str
    kind: str = "person"          # "person" (on some machine) or "computer"
    level: str = "greedy"         # a computer's level (a person's, once given to one)
    token: str = ""               # the person's secret to take the seat back
    here: bool = False            # the host's own player (the embedded host)
    conn: Connection | None = None    # the connection holding it
    vacant_since: float | None = None
    joined: bool = False          # someone has held it (else it waits for a first join)

    @property
    def is_person(self) -> bool:
        return self.kind == "person"


class HostedMatch:
    def __init__(self, variant: str, seats: list[HostSeat], options: dict, seed: int,
                 state=None, code: str = "", *, host_key: str = "", log=print,
                 clock=time.monotonic, think=None, pace: float = THINK_SECONDS,
                 hard_seconds: float | None = None, saver=None, takeover: str | None = None,
                 at_table: bool = False):
        self.variant, self.seats, self.chosen = variant, seats, dict(options)
        self.seed = seed
        self.state = state if state is not None else new_game(variant, len(seats), seed,
                                                              options)
        self.code, self.host_key = code, host_key
        self.log, self.clock, self.pace = log, clock, pace
        self.hard_seconds, self.saver, self.takeover_level = hard_seconds, saver, takeover
        # at a table server's table nobody is the host: anyone seated may give a seat
        # whose person is gone to the computer, and the log keeps no line per move
        self.at_table = at_table
        self.applied = 0                  # moves applied (the server's moves a second)
        self.touched = clock()            # the last change or message from a person
        if think is None:
            from game.play.thinking import think
        self.think = think
        self.conns: list = []
        self.ply = 0
        # (ply, seat, thought, started) of a computer's move in the making
        self.job: tuple[int, int, Thought, float] | None = None
        self.rngs = self._computer_rngs()
        self.agreements = Agreements(self)
        now = clock()
        for seat in seats:
            if seat.is_person and seat.conn is None:
                seat.vacant_since = now
        self._grace_told: set[int] = set()
        self._table_told: list | None = None  # the table as last told, but its countdowns

    def _computer_rngs(self) -> dict:
        return {i: random.Random(self.seed * 31 + i) for i in range(len(self.seats))}

    # --- connections ------------------------------------------------------------------
    def connect(self, conn) -> None:
        conn.match, conn.seat, conn.is_host, conn.held = self, None, False, SeatRecord()
        self.conns.append(conn)

    def disconnect(self, conn) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
        seat = conn.seat
        if seat is not None and self.seats[seat].conn is conn:
            self.seats[seat].conn = None
            self.seats[seat].vacant_since = self.clock()
            self._grace_told.discard(seat)
            self.log(f"{conn.peer}: {self.seats[seat].name} left seat {seat + 1}")
            self.agreements.seat_left(seat)
            self.say(f"{self.seats[seat].name} left the table.")
            self.broadcast_table()

    def refuse(self, conn, about: str, reason: str) -> None:
        """Refuse one message: a sentence to the sender, a line in the log (the server
        keeps one a connection and kind: `note_refusal`)."""
        who = f"seat {conn.seat + 1}" if conn.seat is not None else "not seated"
        self.note_refusal(conn, f"{conn.peer} ({who}): refused {about}: {reason}", about)
        conn.send({"type": "refused", "about": about, "reason": reason})

    def note_refusal(self, conn, line: str, kind: str) -> None:
        self.log(line)

    def receive(self, conn, message: dict) -> None:
        """One checked message (protocol.check_client_message) from `conn`."""
        kind = message["type"]
        if kind == "ping":
            return
        self.touched = self.clock()
        if kind == "open":
            self.refuse(conn, "open", "This connection is at a table already.")
            return
        if kind == "leave":
            conn.close("left the match")
            return
        if kind == "join":
            self.join(conn, message)
            return
        if conn.seat is None:
            self.refuse(conn, kind, "Join the match first.")
            return
        handler = {"move": self.move, "undo": self.agreements.ask_undo,
                   "answer": self.agreements.answer, "continue": self.agreements.seen_round,
                   "rematch": self.agreements.want_rematch, "takeover": self.takeover}[kind]
        handler(conn, message)

    # --- joining ----------------------------------------------------------------------
    def join(self, conn, message: dict) -> None:
        from game.server.protocol import same_code
        if conn.seat is not None:
            self.refuse(conn, "join", "This connection already holds a seat.")
            return
        if not same_code(message["code"], self.code):
            self.refuse(conn, "join", "That is not this match's code.")
            conn.close("wrong match code")
            return
        token = message.get("token")
        seat = next((i for i, s in enumerate(self.seats)
                     if token and secrets.compare_digest(s.token, token)), None)
        if seat is not None and self.seats[seat].conn is not None:
            self._replace(seat)          # the owner's token wins: their old line is stale
        if seat is None:
            seat = self._free_seat()
        if seat is None:
            self.refuse(conn, "join", "Every seat of this match is taken.")
            conn.close("no free seat")
            return
        self._seat(conn, seat, message)

    def _free_seat(self) -> int | None:
        """A person's seat nobody has held yet. A seat once held stays its person's: only
        their token takes it back (the host may let the computer play it meanwhile)."""
        for i, seat in enumerate(self.seats):
            if (seat.is_person and seat.conn is None and not seat.here and not seat.joined
                    and not seat.token):         # (a token: the seat is kept for someone)
                return i
        return None

    def _replace(self, index: int) -> None:
        """The seat's person came back on a new connection: the old one is let go."""
        old = self.seats[index].conn
        assert old is not None, "only a held seat is replaced"
        self.seats[index].conn, old.seat = None, None
        self.log(f"{old.peer}: seat {index + 1} was taken back with its token: closed")
        old.send({"type": "bye", "reason": "Your seat was taken back by your own token "
                                           "from another connection."})
        old.close("replaced")

    def _grace_over(self, seat: HostSeat, now: float) -> bool:
        return seat.vacant_since is not None and now - seat.vacant_since >= GRACE

    def _seat(self, conn, index: int, message: dict) -> None:
        from game.play.settings import clean_name
        from game.server.protocol import new_token
        seat = self.seats[index]
        if not seat.is_person:                 # coming back to a seat a computer took
            seat.kind = "person"
            self.cancel_thinking()
        if not seat.token:
            seat.token = new_token()
        name = clean_name(message["name"]) or f"Player {index + 1}"
        others = {s.name for i, s in enumerate(self.seats) if i != index}
        number = 2
        base = name
        while name in others:
            name = f"{base[:12]} ({number})"
            number += 1
        seat.name, seat.conn, seat.vacant_since, seat.joined = name, conn, None, True
        conn.seat, conn.held = index, SeatRecord()
        conn.is_host = bool(self.host_key) and message.get("host_key") == self.host_key
        self.log(f"{conn.peer}: {name} took seat {index + 1}")
        self.agreements.seat_joined(index)
        self.say(f"{name} joined.", [i for i in range(len(self.seats)) if i != index])
        conn.send(self.welcome(index, conn))
        self.send_position(conn)
        self.broadcast_table()
        self.save()

    def welcome(self, index: int, conn: Connection) -> dict:
        """What `conn`, holding seat `index`, is told of the match as it joins."""
        return {"type": "welcome", "seat": index, "token": self.seats[index].token,
                "host": conn.is_host, "code": self.code,
                "takeover": conn.is_host or self.at_table,
                "variant": self.variant, "players": len(self.seats),
                "options": dict(self.state.options), "table": self.table()}

    # --- what everyone is told --------------------------------------------------------
    def table(self) -> dict:
        now = self.clock()
        seats = []
        for seat in self.seats:
            entry = {"name": seat.name, "kind": seat.kind, "level": seat.level,
                     "present": seat.conn is not None, "joined": seat.joined}
            if seat.is_person and seat.conn is None and seat.vacant_since is not None:
                entry["left"] = max(0.0, GRACE - (now - seat.vacant_since))
            seats.append(entry)
        return {"type": "table", "seats": seats, "paused": self.paused(),
                "rematch": sorted(self.agreements.rematch)}

    def broadcast_table(self) -> None:
        message = self.table()
        self._table_told = _lasting(message)
        for conn in self.seated():
            conn.send(message)

    def seated(self) -> list:
        return [conn for conn in self.conns if conn.seat is not None]

    def send_position(self, conn, facts=None) -> None:
        conn.send(position_message(self.state, conn.seat, conn.held, self.ply, facts))

    def changed(self) -> None:
        """After every move, take-back or new deal: every seat is sent its position and
        the match is saved."""
        self.ply += 1
        self.touched = self.clock()
        if _lasting(self.table()) != self._table_told:     # paused, or no longer: first
            self.broadcast_table()
        facts = shared_facts(self.state)           # (alike for every seat: once)
        for conn in self.seated():
            self.send_position(conn, facts)
        self.save()

    def say(self, text: str, seats=None) -> None:
        for conn in self.seated():
            if seats is None or conn.seat in seats:
                conn.send({"type": "said", "text": text})

    def save(self) -> None:
        if self.saver is not None:
            self.saver(self)

    def paused(self) -> str | None:
        """Why nothing may be played now, in a sentence, or None. The match starts once
        every person came; then a person gone holds up their own turn only (the others
        play on until it comes; after the grace the computer may take the seat)."""
        unjoined = [s for s in self.seats if s.is_person and s.conn is None and not s.joined]
        if unjoined:
            return f"Waiting for {' and '.join(s.name for s in unjoined)} to join."
        player = self.state.current_player
        if player is not None and not self.state.is_over():
            seat = self.seats[player]
            if seat.is_person and seat.conn is None:
                return f"Waiting for {seat.name} to come back."
        return self.agreements.pausing()

    # --- moves ------------------------------------------------------------------------
    def move(self, conn, message: dict) -> None:
        reason = self._move_problem(conn, message)
        if reason is not None:
            self.refuse(conn, "move", reason)
            return
        self.apply(message["move"])

    def _move_problem(self, conn, message: dict) -> str | None:
        state = self.state
        if message["ply"] != self.ply:
            return "That move was for an earlier position."
        if state.is_over():
            return "The game is over."
        if state.current_player != conn.seat:
            return "It is not your turn."
        paused = self.paused()
        if paused:
            return f"The match is paused. {paused}"
        try:
            reason = state.illegal_reason(state.parse_move(message["move"]))
        except IllegalMoveError as error:
            reason = error.reason
        return None if reason is None else reason[:1].upper() + reason[1:]

    def apply(self, move) -> None:
        player = self.state.current_player
        assert player is not None, "a move is only applied on someone's turn"
        rounds = len(getattr(self.state, "finished_rounds", ()))
        move = self.state.apply(move)
        self.applied += 1
        if not self.at_table:
            self.log(f"seat {player + 1} ({self.seats[player].name}): {move}")
        if self.state.is_over():
            self.log(f"finished: {self.result()}")
        self.agreements.after_move(rounds)
        self.changed()

    def cancel_thinking(self) -> None:
        if self.job is not None:
            self.job[2].cancel()
            self.job = None

    def result(self) -> str:
        """The finished game in a few words: who won, the scores."""
        outcome = self.state.outcome()
        assert outcome is not None, "only a finished game has a result"
        scores = ", ".join(f"{seat.name} {score}" for seat, score in
                           zip(self.seats, outcome.scores))
        winner = "a draw" if outcome.winner is None else \
            f"{self.seats[outcome.winner].name} won"
        return f"{winner} ({scores})"

    # --- time -------------------------------------------------------------------------
    def waits_on_time(self) -> bool:
        """Whether `tick` has anything to do: a computer to move, or a person's seat
        empty (its grace runs). A table of people all present needs no tick."""
        return any(not seat.is_person or seat.conn is None for seat in self.seats)

    def tick(self) -> None:
        """Computers think and move; grace periods run out."""
        now = self.clock()
        self._watch_grace(now)
        state = self.state
        if state.is_over() or self.paused():
            return
        player = state.current_player
        if player is None or self.seats[player].is_person:     # None: only once it is over
            return
        if self.job is None or self.job[0] != self.ply:
            self.cancel_thinking()
            view = state.view(player)
            self.job = (self.ply, player, self.think(self.level(player), view,
                                                     self.rngs[player]), now)
            return
        ply, seat, thought, started = self.job
        if thought.done() and now - started >= self.pace:
            self.job = None
            try:
                text = thought.move()
            except Exception as error:       # the worker failed: think again next tick
                self.log(f"seat {seat + 1}: the computer could not move ({error})")
                return
            self.apply(text)

    def level(self, player: int) -> str:
        level = self.seats[player].level
        if level == "hard" and self.hard_seconds:
            return f"hard@{self.hard_seconds:g}"
        return level

    def _watch_grace(self, now: float) -> None:
        """When a seat's grace runs out, everyone is told (the host may now give it to a
        computer; a headless host set to do so gives it at once)."""
        for i, seat in enumerate(self.seats):
            if (seat.is_person and seat.conn is None and i not in self._grace_told
                    and self._grace_over(seat, now)):
                self._grace_told.add(i)
                if self.takeover_level and seat.joined:
                    self.give_to_computer(i, self.takeover_level)
                else:
                    self.broadcast_table()

    def takeover(self, conn, message: dict) -> None:
        index, level = message["seat"], message["level"]
        if not (conn.is_host or self.at_table):
            self.refuse(conn, "takeover", "Only the host gives a seat to the computer.")
        elif not 0 <= index < len(self.seats) or not self.seats[index].is_person:
            self.refuse(conn, "takeover", "There is no person's seat of that number.")
        elif level not in AGENTS:
            self.refuse(conn, "takeover", f"There is no computer level {level[:20]!r}.")
        elif self.seats[index].conn is not None:
            self.refuse(conn, "takeover", f"{self.seats[index].name} is at the table.")
        elif not self._grace_over(self.seats[index], self.clock()):
            # (a seat never joined too, counted from the opening: taken at once, it locked
            # the invited friend out)
            name = self.seats[index].name
            self.refuse(conn, "takeover", f"{name} still has time to come back."
                        if self.seats[index].joined else f"{name} still has time to join.")
        else:
            self.give_to_computer(index, level)

    def give_to_computer(self, index: int, level: str) -> None:
        seat = self.seats[index]
        seat.kind, seat.level, seat.vacant_since = "computer", level, None
        self.log(f"seat {index + 1} ({seat.name}) is played by the computer ({level})")
        self.agreements.seat_left(index)
        self.say(f"The computer plays for {seat.name} now.")
        self.broadcast_table()
        self.save()

    # --- a new game -------------------------------------------------------------------
    def rematch(self) -> None:
        """The same seats and options dealt from a new seed (a game whose rules pass
        something on gives its options for the next game)."""
        passed_on = getattr(self.state, "rematch_options", None)
        options = passed_on() if passed_on is not None else self.chosen
        self.chosen = dict(options)
        self.seed = new_seed()
        self.state = new_game(self.variant, len(self.seats), self.seed, options)
        self.rngs = self._computer_rngs()
        self.cancel_thinking()
        self.log(f"rematch: {self.variant} dealt again")
        self.ply += 1
        for conn in self.seated():
            conn.held = SeatRecord()
            conn.send(self.welcome(conn.seat, conn))
            self.send_position(conn)
        self.broadcast_table()
        self.save()

    def close(self, reason: str, again: bool = False) -> None:
        """Say goodbye to everyone (`again`: they may join again later, their seats
        waiting) and stop thinking."""
        for conn in list(self.conns):
            conn.send({"type": "bye", "reason": reason, "again": again} if again else
                      {"type": "bye", "reason": reason})
            conn.close(reason)
        self.cancel_thinking()


def _lasting(table: dict) -> list:
    """A table without its countdowns: what changes only when something happens."""
    return [table["paused"], table["rematch"],
            [{k: v for k, v in seat.items() if k != "left"} for seat in table["seats"]]]
