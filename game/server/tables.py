"""The table server: many matches in one process, each a table with its own code, and
nobody at any table is the host (`python -m game.server --tables`).

It is the one-match host (host.MatchServer) with many matches keyed by their route, the
non-secret part of a code (the server's prefix, for a load balancer to route on, then
the table's letters). A joiner proves a table's code exactly as it proves a host's
(SPAKE2, then sealed messages); a person who opens a table proves nothing but reaches
the server's own key (identity.py), asks for a table (the game, each seat's kind, the
options) and is given its code and the tokens of the seats they sit in on their own
computer (two people on one couch take two). Every protection of the host holds for
each connection and across tables: the caps in all and per address, wrong codes and
unknown tables slowed per address, floods, join deadlines, silence, slow readers, the
log no peer can forge. One address may have only `tables_per_address` tables open at
once, and the server at most `max_tables`.

A table is saved after every change (table_store.py) and closed when nobody has touched
it for `idle` seconds, when nobody is at it and no move of its game was played for
`empty` seconds, or once its game is over and everyone has left; its save goes with it.
The log has one line per table opened, joined, finished or closed, and a summary every
SUMMARY seconds (tables, connections, moves a second, memory).
"""
from __future__ import annotations

import asyncio
import collections
import gc
import secrets
import time

from game.logic.core import DominoError

from game.server import guard
from game.server.host import MatchServer
from game.server.match import THINK_SECONDS, HostedMatch, HostSeat
from game.server.protocol import new_code, new_token
from game.server.saving import save_text
from game.server.secure import CODE_ALPHABET, HandshakeError, split_code
from game.server.table_store import TableWriter, saved_tables, table_path

TABLE_LETTERS = 3            # a table's own letters after the server's prefix
IDLE = 30 * 60.0             # seconds untouched before a table is closed
EMPTY = 5 * 60.0             # ... one with nobody at it and no move played yet (an opener
                             # who left at once held a slot for the idle time)
TABLES_PER_ADDRESS = 4       # tables one address may have open at once
MAX_TABLES = 5000
MAX_CONNECTIONS = 12000
SUMMARY = 60.0               # seconds between two summary lines
# A full collection of the garbage every COLLECT_EVERY seconds (with that minute's
# summary), and sooner after COLLECT_AFTER connections (should any leave a cycle behind)
# but never twice in COLLECT_GAP seconds: with 1,000 tables it stops them all for 0.1 to
# 0.4 s on a busy 2-core machine, so not every minute
COLLECT_EVERY = 600.0
COLLECT_AFTER = 10_000
COLLECT_GAP = 60.0
NO_TABLE = "No table with that code is open on this server: check the code."
GOODBYE = 0.9            # seconds the goodbyes may take as the server stops
UNKEPT = "The server cannot keep the table now: try again later."
RESTARTING = ("The server is restarting: join again in a moment to take your seat back "
              "(with the same code).")


class TableServer(MatchServer):
    tick_seconds = 0.1           # the computers' pace is 0.7 s: a tenth is plenty
    backlog = 1024               # a thousand people may come back at once after a restart
    wrong_code = NO_TABLE        # an unknown table and a wrong code are one refusal

    def __init__(self, host: str | None, port: int, folder, identity, log=print,
                 prefix: str = "", idle: float = IDLE, empty: float = EMPTY,
                 tables_per_address: int = TABLES_PER_ADDRESS, max_tables: int = MAX_TABLES,
                 max_connections: int = MAX_CONNECTIONS,
                 max_per_address: int = guard.MAX_PER_ADDRESS, pace: float = THINK_SECONDS,
                 tap=None, spake=None, behind_proxy: bool = False):
        assert len(prefix) + TABLE_LETTERS <= 5 and all(c in CODE_ALPHABET for c in prefix)
        super().__init__(None, host, port, log, tap, max_connections, max_per_address)
        self.folder, self.identity, self.prefix = folder, identity, prefix
        self.idle, self.empty, self.pace = idle, empty, pace
        self.tables_per_address, self.max_tables = tables_per_address, max_tables
        self.spake, self.behind_proxy = spake, behind_proxy
        self.tables: dict[str, HostedMatch] = {}
        self.opened_by: dict[str, str] = {}            # route -> the opener's address
        self.open_from: collections.Counter = collections.Counter()
        self.writer = TableWriter(self.log)
        self.moves_closed = 0              # moves of tables closed since the last summary
        self.summary = (time.monotonic(), 0)   # (when, moves then)
        self.looked = 0.0
        self.began = time.monotonic()
        self.collected = (time.monotonic(), 0)    # (when, connections taken then)
        self.pause: float | None = None            # seconds the last full collection took
        self.stopping = False

    # --- the tables -------------------------------------------------------------------
    def matches(self):
        return list(self.tables.values())

    def find(self, route: str):
        return self.tables.get(route)

    def restore(self) -> int:
        """Every table saved in the folder, back with its code and tokens; how many."""
        from game.server.saving import hosted_match
        wall, now = time.time(), time.monotonic()
        for route, save, changed in saved_tables(self.folder, self.log):
            match = hosted_match(save, **self._settings(route))
            match.touched = now - max(0.0, min(self.idle, wall - changed))
            self.tables[route] = match
            self.adopt(match, self._table_log(route))
            if save.opener:                # (the caps per address hold across a restart)
                self.opened_by[route] = save.opener
                self.open_from[save.opener] += 1
        return len(self.tables)

    def _settings(self, route: str) -> dict:
        return {"log": self._table_log(route), "saver": self._saver(route), "pace": self.pace,
                "at_table": True}

    def _table_log(self, route: str):
        log = self.log
        return lambda line: log(f"table {route}: {line}")

    def _saver(self, route: str):
        path, writer, opened_by = table_path(self.folder, route), self.writer, self.opened_by

        def save(match) -> None:       # (a finished game's too: its results and rematch
            # wait for those seated; close_table removes it)
            writer.put(path, save_text(match, opened_by.get(route, "")))
        return save

    def close_table(self, route: str, why: str) -> None:
        match = self.tables.pop(route, None)
        if match is None:
            return
        opener = self.opened_by.pop(route, None)
        if opener is not None:
            self.open_from[opener] -= 1
            if self.open_from[opener] <= 0:
                del self.open_from[opener]
        self.moves_closed += match.applied
        match.close(f"This table is closed: {why}.")
        self.writer.put(table_path(self.folder, route), None)
        self.log(f"table {route}: closed ({why})")

    # --- opening ----------------------------------------------------------------------
    async def open_handshake(self, conn, hello: dict, lines):
        try:
            answer, sealer, opener = self.identity.answer(hello)
        except HandshakeError as error:
            self._refuse_clear(conn, "connection", f"{error}.".capitalize())
            return None
        conn.send(answer)                       # (in clear: the sealer comes after it)
        conn.sealer = sealer
        return opener, lines.rest()

    def unattached(self, conn, message: dict) -> None:
        kind = message["type"]
        if kind == "ping":
            return
        if kind == "leave":
            conn.close("left")
        elif kind != "open":
            self.refuse(conn, kind, "Open a table first.")
        elif getattr(conn, "opening", None) is not None:
            self.refuse(conn, "open", "This connection is opening a table already.")
        else:
            self.open_table(conn, message)

    def _open_problem(self, conn) -> str | None:
        if self.stopping:
            return "The server is stopping: open the table again in a moment."
        if len(self.tables) >= self.max_tables:
            return "This server holds all the tables it can now: try again later."
        if self.open_from[conn.address] >= self.tables_per_address:
            return (f"Your address has {self.tables_per_address} tables open here already: "
                    "finish or leave one first.")
        return None

    def open_table(self, conn, message: dict) -> None:
        problem = self._open_problem(conn)
        if problem is None:
            try:
                match, mine = self._new_table(message)
            except (DominoError, ValueError) as error:
                problem = f"That table cannot be opened: {error}."
        if problem is not None:
            self.refuse(conn, "open", problem)
            return
        route = split_code(match.code)[0]
        self.tables[route] = match
        self.opened_by[route] = conn.address
        self.open_from[conn.address] += 1
        self.adopt(match, self._table_log(route))
        conn.opening = route
        kinds = ", ".join(message["seats"])
        self.log(f"table {route}: opened by {conn.address} ({match.variant} for "
                 f"{len(match.seats)}: {kinds})")
        loop = asyncio.get_running_loop()
        # the code is given once the table is on disk: no code names a table a crash loses
        self.writer.put(table_path(self.folder, route), save_text(match, conn.address),
                        lambda ok: loop.call_soon_threadsafe(self._opened, conn, match, mine,
                                                             ok))

    def _opened(self, conn, match: HostedMatch, mine: list[int], ok: bool) -> None:
        route = split_code(match.code)[0]
        if self.find(route) is not match:
            return
        if conn.closed:                # nobody has its code: its opener's slot is free
            self.close_table(route, "its opener went before its code was given")
            return
        if not ok:                     # (a full disk): no code names a table it could lose
            self.close_table(route, "its first save could not be written")
            conn.opening = None
            self.refuse(conn, "open", UNKEPT)
            return
        match.connect(conn)
        conn.send({"type": "opened", "code": match.code, "seats": mine,
                   "tokens": [match.seats[i].token for i in mine]})

    def _new_table(self, message: dict) -> tuple[HostedMatch, list[int]]:
        """The table `message` asks for and the seats of the opener's computer."""
        from game.logic.records import new_seed
        from game.logic.agents import AGENTS
        from game.play.launch import play_config
        kinds = message["seats"]
        unknown = [kind for kind in kinds if kind not in ("here", "remote", *AGENTS)]
        if unknown:           # ("human" is a computer level to play_config: never a seat here)
            raise ValueError(f"no seat is {str(unknown[0])[:20]!r}: a seat is here, remote "
                             f"or a computer level ({', '.join(AGENTS)})")
        mine = [i for i, kind in enumerate(kinds) if kind == "here"]
        if not mine:
            raise ValueError("one seat at least is the opener's own")
        config = play_config(message["variant"], ",".join(
            "human" if kind in ("here", "remote") else kind for kind in kinds), None,
            message["options"], None)
        seats = [HostSeat(f"Seat {i + 1}", token=new_token() if kind == "here" else "")
                 if kind in ("here", "remote") else HostSeat(f"Computer {i + 1}", "computer",
                                                             kind)
                 for i, kind in enumerate(kinds)]
        route = self._new_route()
        return HostedMatch(config.variant, seats, config.options, new_seed(),
                           code=new_code(route), **self._settings(route)), mine

    def _new_route(self) -> str:
        while True:
            route = self.prefix + "".join(secrets.choice(CODE_ALPHABET)
                                          for _ in range(TABLE_LETTERS))
            if route not in self.tables:
                return route

    def decoy(self) -> str:
        """No table has that route: its joiner goes through the key exchange of a code
        nobody has, and is refused in the words, the steps and after the pause of a wrong
        code (counted against the address), so nobody learns which tables are open."""
        return new_code()

    # --- time -------------------------------------------------------------------------
    def left(self, conn) -> None:
        match = conn.match
        assert match is not None, "only a connection at a table leaves one"
        route = split_code(match.code)[0]
        table = self.tables.get(route)
        if table is None or table is not match or self.stopping:   # (closed already; or
            return                     # everyone is dropped by a restart: they come back)
        if table.state.is_over() and not any(seat.conn is not None for seat in table.seats):
            self.close_table(route, "the game is over and everyone has left")

    def ticked(self, now: float) -> None:
        if now - self.looked < 1.0:
            return
        self.looked = now
        for route, match in list(self.tables.items()):
            if now - match.touched > self.idle:
                self.close_table(route, f"nobody played at it for {self.idle / 60:g} minutes")
            elif (now - max(match.touched, self.began) > self.empty and not match.conns
                  and not match.state.moves_played()):    # (after a restart, time to come back)
                self.close_table(route, f"nobody sat at it for {self.empty / 60:g} minutes")
        when, moves = self.summary
        if now - when >= SUMMARY and now - self.collected[0] >= COLLECT_EVERY - SUMMARY / 2:
            self.collect(now)
        elif (self.accepted - self.collected[1] >= COLLECT_AFTER
              and now - self.collected[0] >= COLLECT_GAP):
            self.collect(now)
        if now - when >= SUMMARY:
            self.log(self.summary_line(now))

    def collect(self, now: float) -> None:
        """A full collection: the young garbage is collected as it comes, the old almost
        never by itself (table_cli's thresholds, for the p99), so the cycles a closed
        table or connection leaves once grown old would stay (a connection's left 300 MB
        after 200,000 refused connections, before connection.free_closed_transports)."""
        started = time.perf_counter()
        gc.collect()
        trim_heap()
        self.collected = (now, self.accepted)
        self.pause = time.perf_counter() - started

    def summary_line(self, now: float) -> str:
        """Tables, connections, moves a second since the last summary, memory (and the
        last full collection's pause, the saves that failed so far)."""
        when, before = self.summary
        total = self.moves_closed + sum(match.applied for match in self.tables.values())
        self.summary = (now, total)
        playing = sum(not match.state.is_over() for match in self.tables.values())
        seated = sum(conn.seat is not None for conn in self.conns)
        rate = (total - before) / max(now - when, 1e-9)
        return (f"summary: {len(self.tables)} tables ({playing} playing), "
                f"{len(self.conns)} connections ({seated} seated), {rate:.1f} moves a "
                f"second, {resident_bytes() / 2 ** 20:.0f} MB in memory" + (
                    f" (a full collection: {self.pause * 1000:.0f} ms)"
                    if self.pause is not None else "") + (
                    f"; {self.writer.failed} saves failed" if self.writer.failed else ""))

    async def finish(self) -> None:
        """Stop: everyone is told to come back in a moment (at a table or not yet), and
        while every table's latest change reaches the disk the goodbyes leave, each
        followed by the end of the connection and read to the peer's end (conn.close):
        a second at most in all."""
        self.stopping = True
        conns = list(self.conns)
        for match in self.tables.values():
            self._guard(lambda match=match: match.close(RESTARTING, again=True))
        for conn in conns:                # (a key exchange, an opening: told as well)
            if not conn.closed:
                conn.send({"type": "bye", "again": True, "reason": RESTARTING}
                          if conn.sealer is not None else
                          {"type": "refused", "about": "connection", "reason": RESTARTING})
                conn.close("stopping")
        saved, _ = await asyncio.gather(
            asyncio.get_running_loop().run_in_executor(None, self.writer.finish, 0.6),
            self._flush(conns, GOODBYE))
        left = saved[1]
        unsaved = sum(table_path(self.folder, route) in self.writer.unsaved
                      for route in self.tables)
        self.log(f"stopped: {len(self.tables) - unsaved} tables saved" + (
            f", {unsaved} could not be (the disk refused their latest change)"
            if unsaved else "") + (
            f"; {left} could not be written in time (their previous save stays)"
            if left else ""))


def trim_heap() -> None:
    """Give the heap's free pages back to the system (glibc's malloc_trim, a millisecond
    or so), so the memory a collection freed shows as freed; nothing elsewhere."""
    import ctypes
    try:
        ctypes.CDLL(None).malloc_trim(0)        # (the C library the process runs on)
    except (OSError, AttributeError, TypeError):
        pass


def resident_bytes() -> int:
    """This process's memory in use (resident), or its peak where /proc is not."""
    try:
        with open("/proc/self/statm") as statm:
            import os
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
