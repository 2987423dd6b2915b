"""A seat played without a screen: a network client whose moves a computer level chooses
from the seat's own view. For the tests and the benchmark (several of them on one machine
stand for friends on theirs), and for a host who wants to try their port from outside.

    python -m game.server.bot --join HOST:PORT --code CODE [--name Robo] [--level random]
                              [--token-file PATH] [--stall N] [--rematches N]

It answers a take-back question with yes, goes on after a round's results, asks for
`--rematches` rematches, and leaves when the match is over. `--token-file` keeps the
seat's token (read to come back to the seat, written once given); `--stall N` stops
playing just before its Nth move, holding the seat (says so on standard output), for a
test to kill it in the middle of a move. It prints a line of JSON at the end: its seat,
moves, games, why the connection ended, refusals, the outcome and the moves played.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from game.logic.agents import make_agent
from game.logic.console import tolerant_output
from game.logic.variants import find_variant

from game.server.client import NetClient
from game.server.protocol import ProtocolError
from game.server.seat_state import SeatState
from game.server.snapshot import read_position

MOVE_GAP = 0.06          # seconds between two moves: well inside the host's rate limit


class SeatBot:
    def __init__(self, address: str, code: str, name: str = "Robo", level: str = "random",
                 token: str | None = None, seed: int = 0, rematches: int = 0,
                 think: float = 0.0, opening: dict | None = None):
        self.wake = threading.Event()
        # `opening`: it opens a table on a table server (`opened` then has its code)
        self.client = NetClient(address, {"code": code, "name": name, "token": token},
                                wake=self.wake.set, opening=opening)
        self.opened: dict | None = None
        self.agent, self.rng = make_agent(level), random.Random(seed)
        self.rematches = rematches
        self.state: SeatState | None = None      # from the host's welcome on
        self.welcome: dict | None = None
        self.table: dict | None = None
        self.ply = None
        self.rounds = 0
        self.moves = 0                # moves this bot has sent
        self.refusals: list[str] = []
        self.said: list[str] = []
        self.closed = None            # why the connection ended
        self.games = 0                # games seen to their end
        # called (bot, move text) just before a move is sent
        self.on_move: Callable[[SeatBot, str], None] | None = None
        self._asked = None
        self._last_sent = 0.0
        self.think = think            # seconds it takes over a move, as a person would
        self._turn_at = None          # (ply, when) its turn began
        self._due = None              # when a move held back by the pace may be made

    def start(self) -> "SeatBot":
        self.client.start()
        return self

    def step(self) -> None:
        """Read what came and act on it."""
        for message in self.client.poll():
            self.handle(message)
        self.act()

    def run(self, seconds: float = 600.0, until=None) -> "SeatBot":
        """Play until the connection ends, `until(bot)` holds or `seconds` pass."""
        deadline = time.monotonic() + seconds
        while self.closed is None and time.monotonic() < deadline:
            if until is not None and until(self):
                break
            self.wake.wait(self._patience())
            self.wake.clear()
            self.step()
        return self

    def _patience(self) -> float:
        """Seconds to wait for news: until a move held back by the pace is due, else
        MOVE_GAP (news wakes it sooner)."""
        if self._due is None:
            return MOVE_GAP
        return min(MOVE_GAP, max(0.0, self._due - time.monotonic()))

    def handle(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.welcome = message
            cls = find_variant(message["variant"])
            self.state = SeatState(cls, message["seat"], message["players"],
                                   message["options"])
            self.rounds = 0
        elif kind == "position":
            state = self.state
            try:
                if state is None:
                    raise ProtocolError("it came before the welcome")
                read_position(state, message)
            except ProtocolError as error:
                self.refusals.append(f"unreadable position: {error}")
                self.client.close()
                return
            self.ply = message["ply"]
            rounds = len(getattr(state, "finished_rounds", ()) or ())
            if rounds > self.rounds and not state.is_over():
                self.client.send({"type": "continue", "ply": self.ply})
            self.rounds = rounds
            if state.is_over():
                self._game_over()
        elif kind == "table":
            self.table = message
        elif kind == "opened":
            self.opened = message
        elif kind == "ask":
            self.client.send({"type": "answer", "ask": message["ask"], "yes": True})
        elif kind == "refused":
            self.refusals.append(message.get("reason", ""))
            self._asked = None
        elif kind == "said":
            self.said.append(message.get("text", ""))
        elif kind in ("closed", "bye"):
            self.closed = message.get("reason", kind)

    def _game_over(self) -> None:
        self.games += 1
        if self.rematches > 0:
            self.rematches -= 1
            self.client.send({"type": "rematch"})

    def act(self) -> None:
        self._due = None
        state, table = self.state, self.table
        if state is None or table is None or state.own is None or table.get("paused"):
            return
        if state.current_player != state.seat or self._asked == self.ply:
            return
        now = time.monotonic()
        if self._turn_at is None or self._turn_at[0] != self.ply:
            self._turn_at = (self.ply, now)
        due = max(self._last_sent + MOVE_GAP, self._turn_at[1] + self.think)
        if now < due:
            self._due = due                 # a person's pace, at most
            return
        self._last_sent = now
        move = self.agent.choose(state.own, self.rng)
        if self.on_move is not None:
            self.on_move(self, str(move))
        self._asked = self.ply
        self.moves += 1
        self.client.send({"type": "move", "move": str(move), "ply": self.ply})

    def close(self) -> None:
        self.client.close()


def main(argv=None) -> int:
    tolerant_output()
    parser = argparse.ArgumentParser(prog="python -m game.server.bot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--join", required=True, help="the host's address, HOST:PORT")
    parser.add_argument("--code", required=True)
    parser.add_argument("--name", default="Robo")
    parser.add_argument("--level", default="random")
    parser.add_argument("--token-file")
    parser.add_argument("--stall", type=int, help="stop just before this move")
    parser.add_argument("--rematches", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=600.0)
    args = parser.parse_args(argv)
    token_file = Path(args.token_file) if args.token_file else None
    token = token_file.read_text().strip() if token_file and token_file.exists() else None
    try:
        bot = SeatBot(args.join, args.code, args.name, args.level, token,
                      rematches=args.rematches)
    except ValueError as error:
        print(f"bot: {error}", file=sys.stderr)
        return 2

    def before_move(bot, text):
        if args.stall is not None and bot.moves + 1 >= args.stall:
            print(f"bot: stalled before move {args.stall} ({text})", flush=True)
            while True:
                time.sleep(60)
    bot.on_move = before_move
    bot.start()

    def seated(bot):
        if bot.welcome is not None and token_file is not None and not token_file.exists():
            token_file.write_text(bot.welcome["token"])
        return bot.state is not None and bot.state.is_over() and not bot.rematches
    bot.run(args.seconds, until=seated)
    summary = {"seat": bot.welcome and bot.welcome["seat"], "moves": bot.moves,
               "games": bot.games, "closed": bot.closed, "refusals": bot.refusals,
               "outcome": None, "played": []}
    if bot.state is not None and bot.state.outcome() is not None:
        outcome = bot.state.outcome()
        summary["outcome"] = {"scores": list(outcome.scores), "winner": outcome.winner}
    if bot.state is not None:
        summary["played"] = [[player, str(move)] for player, move in bot.state.played]
    print(json.dumps(summary), flush=True)
    bot.close()
    return 0 if summary["outcome"] is not None else 1


if __name__ == "__main__":
    sys.exit(main())
