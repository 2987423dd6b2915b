"""Light bots for the table server's load measurement (game/bench_tables.py): many seats
in one process, one asyncio loop, on the real protocol and its encryption.

Each table is two seats of this process: the first opens the table with the server's key
(identity.py), the second joins with the code it was given (SPAKE2), both then play whole
games and ask for a rematch at each end. Each seat connects from its table's own
loopback address (127.x.y.z), so the server's caps per address hold as they do for
people. A seat reads only what it needs of a position: whose turn it is (one field of
the view), and on its turn one of the legal moves (one more field), picked at random
and that one decoded with the codec, after a pause drawn between the pace's bounds, as a
person takes a moment over a move.

The seat that sends a move notes when; the other seat notes when the position that move
made arrives (its frame read off the socket and opened), so the latency is from the
sender's send to the other seat's receipt, on one clock. A seat whose connection ends
(the server killed) joins again with its token, after a random wait, until it is back.

    python -m game.bench_table_bots --server 127.0.0.1:PORT --first 0 --tables 100
        [--ramp SECONDS] [--seconds SECONDS] [--pace 1,3] [--seed N]

prints one line of JSON every second (moves, latencies...) and one at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time

from game.logic.console import tolerant_output
from game.logic.variants import VARIANTS, find_variant
from game.server.codec import Decoder, _known_class, _sent_fields
from game.server.identity import OpenHandshake
from game.server.protocol import LineBuffer, ProtocolError, decode_line, encode_line
from game.server.secure import HANDSHAKE_LINE_LIMIT, JoinerHandshake, Sealer

GAMES = [(name, {"limit": 20} if name == "classic" else {}) for name in VARIANTS]
RETRY = (0.5, 6.0)        # a seat whose server went joins again after a wait in this range,
RETRY_MOST = 30.0         # its top doubled after each try that failed, up to this


class Refused(ValueError):
    """The server refused the handshake: its words, and `why`, the key a program acts on
    ("code": no table has that code, the words being the same as for a wrong code)."""

    def __init__(self, reason: str, why: str):
        super().__init__(reason)
        self.why = why


def source_address(table: int) -> str:
    """The loopback address table `table` connects from (one an address, as people's)."""
    return f"127.{1 + table // 62500}.{table // 250 % 250}.{table % 250 + 2}"


class Report:
    """What every seat of this process counts."""

    def __init__(self):
        self.moves = 0
        self.latencies: list[float] = []
        self.refused: list[str] = []
        self.games = 0
        self.joins = 0                     # seats taken, again after a reconnection too
        self.retries = 0                   # connections made again
        self.lost: list[str] = []          # tables that did not come back, and why

    def line(self, final: bool = False) -> str:
        found = {"moves": self.moves, "latencies": self.latencies, "games": self.games,
                 "joins": self.joins, "retries": self.retries, "refused": self.refused[:5],
                 "refusals": len(self.refused), "lost": self.lost, "final": final,
                 "pid": os.getpid()}
        self.latencies, self.moves, self.lost = [], 0, []
        return json.dumps(found)


class Fields:
    """Where whose turn it is and the legal moves sit in an encoded view, per view class."""

    cache: dict = {}

    @classmethod
    def of(cls, name: str) -> tuple[int, int]:
        if name not in cls.cache:
            names = [field.name for field in _sent_fields(_known_class(name))]
            cls.cache[name] = (2 + names.index("current_player"), 2 + names.index("moves"))
        return cls.cache[name]


class Table:
    def __init__(self, number: int, server: tuple[str, int], report: Report, pace, rng,
                 running):
        self.number, self.server, self.report, self.pace = number, server, report, pace
        self.rng, self.running = rng, running
        self.variant, self.options = GAMES[number % len(GAMES)]
        self.source = source_address(number)
        self.code: str | None = None
        self.coded = asyncio.Event()
        self.sent: dict[int, tuple[float, int]] = {}   # ply -> (sent at, by seat)
        self.kinds = ["here", "remote"]        # the seats asked for (tests add computers)
        self.seats = [Seat(self, 0), Seat(self, 1)]

    async def play(self) -> None:
        first = asyncio.create_task(self.seats[0].keep())
        coded = asyncio.create_task(self.coded.wait())
        await asyncio.wait([first, coded], return_when=asyncio.FIRST_COMPLETED)
        if self.code is None:                  # the table could not be opened
            coded.cancel()
            return
        await asyncio.gather(first, self.seats[1].keep())


class Seat:
    def __init__(self, table: Table, index: int):
        self.table, self.index = table, index
        self.token: str | None = None
        self.seat: int | None = None
        self.ply = -1
        self.view: tuple | None = None     # the encoded view and types of the latest position
        self.paused: str | None = "joining"
        self.over = False
        self.rounds = 0
        self.writer: asyncio.StreamWriter | None = None
        self.sealer: Sealer | None = None
        self.planned: int | None = None
        self.welcomed = False        # this connection has taken the seat
        self.tries = 0               # tries in a row that did not take it

    # --- the connection ---------------------------------------------------------------
    async def keep(self) -> None:
        """Play until the measurement ends, joining again whenever the connection ends."""
        table = self.table
        while table.running():
            try:
                await self.session()
            except (OSError, ProtocolError, ValueError, asyncio.IncompleteReadError) as error:
                why = f"{type(error).__name__}: {error}"
                if table.code is None:
                    table.report.lost.append(f"table {table.number} not opened: {why}")
                    return
                if isinstance(error, Refused) and error.why == "code":    # the table went
                    if not self.over:
                        table.report.lost.append(f"table {table.code}: {why}")
                    return
            if not table.running():
                return
            # (two thousand seats back at once after a restart: each failed try waits
            # longer, so the tries do not crowd out the key exchanges that succeed)
            low, high = RETRY
            await asyncio.sleep(table.rng.uniform(low, min(RETRY_MOST, high * 2 ** self.tries)))
            self.tries += 0 if self.welcomed else 1
            table.report.retries += 1

    async def session(self) -> None:
        table = self.table
        reader, writer = await asyncio.open_connection(*table.server,
                                                       local_addr=(table.source, 0))
        self.writer, self.welcomed = writer, False
        try:
            lines = LineBuffer(HANDSHAKE_LINE_LIMIT)
            opening = self.index == 0 and table.code is None
            if opening:
                shake = OpenHandshake()
                answer = await self._exchange(reader, writer, lines, shake.hello())
                self.sealer, opener = shake.check(answer, None)
                self._send({"type": "open", "variant": table.variant,
                            "seats": table.kinds,
                            "options": [f"{k}={v}" for k, v in table.options.items()]})
            else:
                joiner = JoinerHandshake(table.code or "")
                answer = await self._exchange(reader, writer, lines, joiner.hello())
                answer = await self._exchange(reader, writer, lines, joiner.proof(answer))
                self.sealer, opener = joiner.check(answer)
                self._join()
            rest = lines.rest()
            while table.running():
                for data in opener.feed(rest, 16 * 1024 * 1024):
                    if data is None:
                        raise ProtocolError("a message too long")
                    self.receive(decode_line(data), time.monotonic())
                rest = await reader.read(65536)
                if not rest:
                    raise OSError("the server closed the connection")
        finally:
            self.writer = None
            writer.close()

    async def _exchange(self, reader, writer, lines: LineBuffer, message: dict) -> dict:
        writer.write(encode_line(message))
        while True:
            data = await reader.read(4096)
            if not data:
                raise OSError("the server closed the connection in the handshake")
            found = lines.feed(data)
            if found:
                answer = decode_line(found[0] or b"")
                if answer["type"] == "refused":
                    raise Refused(str(answer.get("reason")), str(answer.get("why", "")))
                return answer

    def _send(self, message: dict) -> None:
        if self.writer is not None and self.sealer is not None:
            self.writer.write(self.sealer.seal(encode_line(message)))

    def _join(self) -> None:
        self._send({"type": "join", "code": self.table.code, "name": f"Bot{self.index}",
                    "token": self.token})

    # --- what comes -------------------------------------------------------------------
    def receive(self, message: dict, now: float) -> None:
        kind = message["type"]
        table = self.table
        if kind == "opened":
            table.code, self.token = message["code"], message["tokens"][0]
            self._join()
            table.coded.set()
        elif kind == "welcome":
            if not self.welcomed:
                self.welcomed, self.tries = True, 0
                table.report.joins += 1
            self.seat, self.token = message["seat"], message["token"]
            find_variant(message["variant"])      # its modules: the codec knows its types
            self.over, self.rounds, self.paused = False, 0, "welcome"
        elif kind == "position":
            self.position(message, now)
        elif kind == "table":
            self.paused = message.get("paused")
            self.plan()
        elif kind == "ask":
            self._send({"type": "answer", "ask": message["ask"], "yes": True})
        elif kind == "refused":
            table.report.refused.append(str(message.get("reason"))[:120])
            self.planned = None
            self.plan()

    def position(self, message: dict, now: float) -> None:
        table = self.table
        ply = message["ply"]
        sent = table.sent.get(ply - 1)
        if sent is not None and sent[1] != self.index:     # the other seat's move arrived
            table.report.latencies.append(now - sent[0])
            del table.sent[ply - 1]
        self.ply, self.view = ply, (message["view"], message["types"])
        finished = (message.get("facts") or {}).get("data", {}).get("finished_rounds")
        if message.get("outcome") is not None:
            if not self.over:
                self.over = True
                table.report.games += self.index == 0
                self._send({"type": "rematch"})
            return
        if isinstance(finished, list) and len(finished) > self.rounds:
            self.rounds = len(finished)
            self._send({"type": "continue", "ply": ply})
        self.plan()

    # --- moves ------------------------------------------------------------------------
    def my_turn(self) -> bool:
        if self.view is None or self.over or self.paused:
            return False
        view, types = self.view
        turn, _ = Fields.of(types[view[1]])
        return view[turn] == self.seat

    def plan(self) -> None:
        """On this seat's turn, a move after a person's pause (once a position)."""
        if self.planned == self.ply or not self.my_turn():
            return
        self.planned = self.ply
        low, high = self.table.pace
        asyncio.get_running_loop().call_later(self.table.rng.uniform(low, high), self.move,
                                              self.ply)

    def move(self, ply: int) -> None:
        if ply != self.ply or not self.my_turn() or self.writer is None:
            self.planned = None if ply == self.ply else self.planned
            return
        assert self.view is not None, "my_turn() says a view came"
        view, types = self.view
        _, where = Fields.of(types[view[1]])
        # one move chosen among the encoded ones, and that one read (a board's hundreds
        # of placements read each move would cost the bots more than the server)
        text = str(Decoder(types).decode(self.table.rng.choice(view[where])))
        self.table.sent[ply] = (time.monotonic(), self.index)
        self._send({"type": "move", "move": text, "ply": ply})
        self.table.report.moves += 1


async def run(args) -> None:
    for name in VARIANTS:                    # the codec reads only the classes imported
        find_variant(name)
    host, _, port = args.server.rpartition(":")
    report = Report()
    rng = random.Random(args.seed)
    stop_at = time.monotonic() + args.seconds
    pace = tuple(float(x) for x in args.pace.split(","))
    tables = []

    def running() -> bool:
        return time.monotonic() < stop_at
    tasks = []
    started = told = time.monotonic()
    for i in range(args.tables):
        table = Table(args.first + i, (host, int(port)), report, pace,
                      random.Random(rng.random()), running)
        tables.append(table)
        tasks.append(asyncio.create_task(table.play()))
        await asyncio.sleep(max(0.0, started + args.ramp * (i + 1) / args.tables
                                - time.monotonic()))
        if time.monotonic() - told >= 1.0:          # a line a second while opening
            told = time.monotonic()
            print(report.line(), flush=True)
    while running():
        await asyncio.sleep(1.0)
        print(report.line(), flush=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(report.line(final=True), flush=True)


def main(argv=None) -> int:
    tolerant_output()
    parser = argparse.ArgumentParser(prog="python -m game.bench_table_bots")
    parser.add_argument("--server", required=True, help="HOST:PORT of the table server")
    parser.add_argument("--first", type=int, default=0, help="number of the first table")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--ramp", type=float, default=0.0,
                        help="seconds over which the tables are opened")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long it plays")
    parser.add_argument("--pace", default="1,3",
                        help="LOW,HIGH: seconds a seat takes over a move (0,0: full speed)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        asyncio.run(run(args))
    except KeyboardInterrupt:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

