"""What the people at a network table agree on: a take-back, going on after a round's
results, and a rematch. Part of the host's match (match.py), which pauses while one of
these waits for someone.

A take-back works as on the couch (game.shell.match.controller): the person who asks
takes back their own last turn and every move after it (play.take_back); with two or
more people at the table every other person whose move goes with it is asked first, one
after the other, each on their own seat's connection (a couch partner too: two seats of
one window are two people), else the next person, and the match waits for the answers;
one no is enough. After a no, the same person may ask again only once the position has
changed (a move played): asked again at once, for ever, the other could never move.
Between two rounds of a line match play goes on once every person has seen the round's
results. A rematch is dealt once every person at the table has asked for one.
"""
from __future__ import annotations

from game.play.take_back import as_sent, as_sent_counted, take_back_detail, turn_start


class Agreements:
    def __init__(self, match):
        self.match = match
        # (id, asker, moves kept, asked, those to ask after) while a take-back waits
        self.question: tuple[int, int, int, int, tuple[int, ...]] | None = None
        self.asked_count = 0
        self.declined: dict[int, int] = {}     # asker -> the ply their take-back was refused at
        self.round_seen: set[int] = set()    # people still to see a round's results
        self.rematch: set[int] = set()

    # --- what the match asks ----------------------------------------------------------
    def pausing(self) -> str | None:
        match = self.match
        if self.question is not None:
            return f"Waiting for {match.seats[self.question[3]].name} to answer."
        if self.round_seen:
            names = " and ".join(match.seats[i].name for i in sorted(self.round_seen))
            return f"Waiting for {names} to see the round's results."
        return None

    def people(self) -> list[int]:
        return [i for i, seat in enumerate(self.match.seats) if seat.is_person]

    def after_move(self, rounds_before: int) -> None:
        state = self.match.state
        rounds = len(getattr(state, "finished_rounds", ()))
        if rounds > rounds_before and not state.is_over():
            self.round_seen = set(self.people())

    def seat_joined(self, seat: int) -> None:
        self.round_seen.discard(seat)          # it has missed those results: no waiting

    def seat_left(self, seat: int) -> None:
        self.round_seen.discard(seat)
        self.rematch.discard(seat)
        if self.question is not None and seat in (self.question[1], self.question[3],
                                                  *self.question[4]):
            asker = self.question[1]
            self.question = None
            self.match.say("The take-back is off: a player left.", {asker})

    # --- take-backs -------------------------------------------------------------------
    def ask_undo(self, conn, message: dict) -> None:
        match = self.match
        who = conn.seat
        problem = self._undo_problem(conn, message)
        if problem:
            match.refuse(conn, "undo", problem)
            return
        played = match.state.moves_played()
        where = turn_start(match.state, who)     # the whole last turn (play.take_back)
        assert where is not None                 # (_undo_problem: the seat has moved)
        people = self.people()
        if len(people) < 2:
            self.undo_to(who, where)
            return
        undone = [player for player, _ in played[where:]]
        others = list(dict.fromkeys(p for p in reversed(undone) if p != who and p in people))
        others = others or [p for p in people[people.index(who) + 1:] + people if p != who][:1]
        self._ask(who, where, others)

    def _ask(self, who: int, where: int, others: list[int]) -> None:
        """Ask the first of `others` (the rest once it said yes)."""
        match = self.match
        asked = others[0]
        self.asked_count += 1
        self.question = (self.asked_count, who, where, asked, tuple(others[1:]))
        undone = [player for player, _ in match.state.moves_played()[where:]]
        turn = next((i for i, p in enumerate(undone) if p != who), len(undone))
        detail = take_back_detail(match.seats[who].name, turn, len(undone) - turn,
                                  _=as_sent, ngettext=as_sent_counted)
        match.say(f"{match.seats[asked].name} is asked to allow the take-back.", {who})
        for other in match.seated():
            if other.seat == asked:
                other.send({"type": "ask", "ask": self.asked_count, "detail": detail,
                            "question": f"{match.seats[asked].name}, allow "
                                        f"{match.seats[who].name} to take back?"})
        match.broadcast_table()

    def _undo_problem(self, conn, message: dict) -> str | None:
        match = self.match
        if message["ply"] != match.ply:
            return "The position changed: ask again."
        if match.state.is_over():
            return "The game is over: nothing can be taken back."
        if self.question is not None:
            return "A take-back is already waiting for an answer."
        if self.declined.get(conn.seat) == match.ply:
            return "Your take-back was refused: ask again after the next move."
        if self.round_seen:
            return "The round is over: nothing can be taken back now."
        paused = match.paused()
        if paused:
            return f"The match is paused. {paused}"
        mine = [player for player, _ in match.state.moves_played() if player == conn.seat]
        if not mine:
            return "You have no move to take back yet."
        return None

    def answer(self, conn, message: dict) -> None:
        match = self.match
        question = self.question
        if question is None or message["ask"] != question[0] or conn.seat != question[3]:
            match.refuse(conn, "answer", "There is no such question for you.")
            return
        self.question = None
        _, who, where, asked, after = question
        if message["yes"] and after:
            self._ask(who, where, list(after))
        elif message["yes"]:
            self.undo_to(who, where)
        else:
            self.declined[who] = match.ply
            match.say(f"{match.seats[asked].name} said no: nothing is taken back.", {who})
            match.broadcast_table()

    def undo_to(self, who: int, where: int) -> None:
        """Take back every move after the first `where`; `who` is to move again."""
        match = self.match
        match.cancel_thinking()
        count = len(match.state.moves_played()) - where
        for _ in range(count):
            match.state.undo()
        moves = "1 move" if count == 1 else f"{count} moves"
        match.log(f"seat {who + 1} ({match.seats[who].name}) took back {moves}")
        match.changed()
        match.say(f"Taken back: {moves}. {match.seats[who].name} to play.")
        match.broadcast_table()

    # --- rounds and rematches ---------------------------------------------------------
    def seen_round(self, conn, message: dict) -> None:
        if conn.seat in self.round_seen and message["ply"] == self.match.ply:
            self.round_seen.discard(conn.seat)
            self.match.broadcast_table()

    def want_rematch(self, conn, message: dict) -> None:
        match = self.match
        if not match.state.is_over():
            match.refuse(conn, "rematch", "The game is not over yet.")
            return
        self.rematch.add(conn.seat)
        missing = [i for i in self.people() if i not in self.rematch]
        if missing:
            names = " and ".join(match.seats[i].name for i in missing)
            match.say(f"{match.seats[conn.seat].name} wants a rematch: waiting for {names}.")
            match.broadcast_table()
            return
        self.rematch.clear()
        match.rematch()
