"""What keeps a host standing against the peers it does not know: caps on connections
(in all and per address), a limit on wrong codes per address that slows guessing to a
crawl without locking out a friend who mistyped, a sliding window for floods, and a log
no peer can forge or flood (every text escaped; refusals one line per connection and
kind, and a cap over all connections, the rest counted in one line).

No I/O and no clock of its own: host.py asks and tells, with the time.
"""
from __future__ import annotations

import collections
import ipaddress
import unicodedata

MAX_CONNECTIONS = 64        # in all: a match has at most four seats
MAX_PER_ADDRESS = 8         # from one address (friends behind one router share it)
FREE_TRIES = 5              # wrong codes an address may make at the usual pace...
WRONG_CODE_DELAY = 0.5      # ...each answered after this many seconds; then waits double
LONGEST_WAIT = 300.0        # up to five minutes between two tries
FORGIVEN_AFTER = 3600.0     # an hour without a wrong code forgets the address's
GUESSERS = 100_000          # addresses whose wrong codes are kept at most (the oldest go)
FLOOD_WINDOW = 10.0         # seconds over which refusals for flooding are counted
FLOOD_LIMIT = 200           # ... and how many of them close the connection
LOG_WINDOW = 10.0           # seconds over which refusal lines are counted, over all peers
LOG_LINES = 20              # ... and how many the log takes in that time


def printable(text: str, limit: int = 300) -> str:
    """`text` as one safe line of a log: control characters (terminal escapes, line
    breaks, bidirectional overrides) written as escapes, cut to `limit`."""
    text = str(text)[:limit]
    return "".join(c if unicodedata.category(c)[0] not in "CZ" or c == " " else
                   c.encode("unicode_escape").decode("ascii") for c in text)


def address_key(host: str) -> str:
    """What one peer's address counts as: itself, or for IPv6 its /64 (one home's)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class Guesses:
    """Wrong codes per address: FREE_TRIES at the usual pace (counting the tries still
    running), then one try at a time,
    each after a wait that doubles up to LONGEST_WAIT. An address forgiven (FORGIVEN_AFTER)
    is forgotten, and at most GUESSERS are kept (the oldest wrong codes go first), so an
    attacker spraying addresses cannot grow it without bound."""

    def __init__(self):
        self.strikes: dict[str, int] = {}
        self.last: dict[str, float] = {}
        self.trying: collections.Counter = collections.Counter()

    def wait(self, key: str, now: float) -> float:
        """Seconds before `key` may try a code again (0: now)."""
        if now - self.last.get(key, now) > FORGIVEN_AFTER:
            self.strikes.pop(key, None)
            self.last.pop(key, None)
        strikes = self.strikes.get(key, 0)
        if strikes + self.trying[key] < FREE_TRIES:   # (tries in flight count: eight at
            return 0.0                                 # once were eight free guesses)
        if strikes < FREE_TRIES:             # the free tries are all in flight
            return WRONG_CODE_DELAY
        ready = self.last[key] + min(LONGEST_WAIT,
                                     WRONG_CODE_DELAY * 2 ** (strikes - FREE_TRIES + 1))
        if self.trying[key]:               # past the free tries: one at a time
            return max(ready - now, WRONG_CODE_DELAY)
        return max(0.0, ready - now)

    def start(self, key: str) -> None:
        self.trying[key] += 1

    def end(self, key: str, now: float, wrong: bool) -> None:
        self.trying[key] -= 1
        if self.trying[key] <= 0:
            del self.trying[key]
        if wrong:
            self.strikes[key] = self.strikes.get(key, 0) + 1
            self.last.pop(key, None)           # (kept in the order of their last wrong code)
            self.last[key] = now
            self.prune(now)

    def prune(self, now: float) -> None:
        """Forget the addresses forgiven by now, and the oldest past GUESSERS."""
        while self.last:
            oldest = next(iter(self.last))
            if now - self.last[oldest] <= FORGIVEN_AFTER and len(self.last) <= GUESSERS:
                return
            del self.last[oldest]
            self.strikes.pop(oldest, None)


class Flood:
    """Refusals for flooding over a sliding window: a pause now and then never resets it."""

    def __init__(self):
        self.times: collections.deque = collections.deque()

    def refused(self, now: float) -> bool:
        """Count one; whether the connection has now flooded past the limit."""
        self.times.append(now)
        while self.times and now - self.times[0] > FLOOD_WINDOW:
            self.times.popleft()
        return len(self.times) >= FLOOD_LIMIT


class RefusalLog:
    """One log line per connection and kind of refusal; the rest counted and said once
    ("N more refusals from X") when the connection ends. Over all connections at most
    LOG_LINES lines a LOG_WINDOW; those past it are said in one line when it ends."""

    def __init__(self, log):
        self.log = log
        self.kinds: dict[object, set] = {}
        self.more: collections.Counter = collections.Counter()
        self.window_start = None
        self.lines = 0
        self.held = 0
        self.held_from: set = set()

    def refused(self, conn, line: str, kind: str, now: float) -> None:
        seen = self.kinds.setdefault(conn, set())
        if kind in seen:
            self.more[conn] += 1
            return
        seen.add(kind)
        self.tick(now)
        if self.lines >= LOG_LINES:
            self.held += 1
            self.held_from.add(id(conn))     # (not the connection: it would keep its
            # socket and buffers for the window, 80 MB under a storm of short connections)
            return
        self.lines += 1
        self.log(line)

    def tick(self, now: float) -> None:
        if self.window_start is None or now - self.window_start >= LOG_WINDOW:
            if self.held:
                self.log(f"{self.held} more refusals from {len(self.held_from)} "
                         f"connection{'s' if len(self.held_from) != 1 else ''}")
            self.window_start, self.lines, self.held = now, 0, 0
            self.held_from = set()

    def ended(self, conn) -> None:
        self.kinds.pop(conn, None)
        more = self.more.pop(conn, 0)
        if more:
            self.log(f"{conn.peer}: {more} more refusal{'s' if more != 1 else ''}")
