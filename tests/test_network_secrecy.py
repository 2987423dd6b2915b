"""Secrets stay on the host: every byte the host sends each remote seat, over a whole
match of each game with hidden tiles, is checked against the tiles that seat may not see
at that moment (the other hands and the stock or packs) — views, moves, facts, captions,
refusals and error messages alike, as sent and as read back.

The seat may see its own hand, what lies face up for everyone (the line or the board,
turned-up tiles, the tiles a finished round's results show, the moves played), and once
the game is over every hand (the results show them, as on the couch). Everything else
is hidden: a tile of it found in a message to the seat is a leak."""
import json
import re

import pytest

from game.logic.agents.hooks import hooks_for
from game.logic.core import DOUBLE_SIX, Move, Tile
from game.logic.variants import VARIANTS, find_variant
from game.server.codec import decode
from game.server.secure import FRAME_OVERHEAD
from game.server.protocol import encode_line

from network_support import Hosted, run_bot, wait_for

PAIR = re.compile(r"(?<![\d])([0-6])-([0-6])(?![\d])")


def tiles_in(value, found: set) -> set:
    """Every tile a decoded value names: tiles, moves of a tile, placements, texts."""
    if isinstance(value, Tile):
        found.add(value)
    elif isinstance(value, str):
        found |= {Tile.of(int(a), int(b)) for a, b in PAIR.findall(value)}
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "token":   # the seat's random key to come back, "5-5" in it by chance
                tiles_in(item, found)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            tiles_in(item, found)
    elif isinstance(value, Move):
        tiles_in(str(value), found)
        if hasattr(value, "x") and hasattr(value, "y"):        # a placement: x on one square
            found.add(Tile.of(value.x, value.y))
        for name in ("tile", "first_tile", "second_tile", "tiles"):
            tiles_in(getattr(value, name, None), found)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            if not name.startswith("_"):
                tiles_in(getattr(value, name), found)
    return found


def decoded(message: dict):
    """The values of a message as the seat reads them (the codec's, where it has some)."""
    values = [message]
    if message.get("type") == "position":
        body = {k: message.get(k) for k in ("view", "moves", "outcome", "final")}
        values.append(decode(body, message["types"]))
        if "facts" in message:
            values.append(decode(message["facts"]["data"], message["facts"]["types"]))
    return values


def visible_to(state, seat: int) -> set:
    """The tiles `seat` may see now (see the module notes)."""
    view = state.view(seat)
    seen = set(getattr(view, "hand", ()))
    seen |= {placed.tile for placed in getattr(view, "line", ())}
    seen |= {Tile.of(p.x, p.y) for p in getattr(view, "placed", ())}
    for name in ("turned_up", "draws", "laid", "seen"):
        tiles_in(getattr(view, name, None), seen)
    for finished in getattr(state, "finished_rounds", ()):
        seen |= {tile for hand in finished.hands for tile in hand}
    tiles_in([move for _, move in state.moves_played()], seen)
    if state.is_over():
        for player in range(state.players):
            seen |= set(getattr(state.view(player), "hand", ()))
    return seen


# --- Packs: each player's pack is a whole set (and four doubles again), so what is hidden
# is which of their elements is still face down in it, and in what order: an element is
# named with its owner, and must be one its owner has turned up (on the board, set aside,
# removed, turned up now, or placed by a move).
ELEMENT = re.compile(r"^[a-p]\d+:([01]):([0-6])-([0-6])$")


def packs_visible(state) -> set:
    """(owner, tile) of every element turned up so far, from the host's own state."""
    seen = {(e.owner, Tile.of(e.south, e.north)) for e in state.cells if e is not None}
    for owner in (0, 1):
        seen |= {(owner, Tile.parse(str(t))) for t in state.set_aside[owner]}
        seen |= {(owner, Tile.parse(str(t))) for t in state.removed[owner]}
    if state.current_player is not None and state.turned_up() is not None:
        seen.add((state.to_move, state.turned_up()))
    seen |= {(player, move.tile) for player, move in state.moves_played()
             if hasattr(move, "tile")}
    return seen


def packs_named(message: dict) -> set:
    """(owner, tile) of every element a message to a Packs seat names; an element named
    without its owner (in words, or a move of the last player) as (None, tile)."""
    named = set()
    for value in decoded(message)[1:]:
        view = value.get("view") if isinstance(value, dict) else None
        if view is not None:
            for text in view.board:
                match = text and ELEMENT.match(text)
                if match:
                    named.add((int(match[1]), Tile.of(int(match[2]), int(match[3]))))
            for owner in (0, 1):
                named |= {(owner, Tile.parse(t)) for t in view.set_aside[owner]}
                named |= {(owner, Tile.parse(t)) for t in view.removed[owner]}
            if view.turned_up:
                named.add((view.to_move, Tile.parse(view.turned_up)))
            named |= {(view.current_player, m.tile) for m in view.moves if hasattr(m, "tile")}
            for player, move in value.get("moves", ()):
                if hasattr(move, "tile"):
                    named.add((player, move.tile))
    named |= {(None, tile) for tile in tiles_in(json.dumps(
        {k: v for k, v in message.items() if k not in ("view", "moves", "final", "facts")}),
        set())}
    return named


class Wiretap:
    """Sees, on the host's own thread, every message sent on a seated connection, with
    the tiles that seat may not see at that moment."""

    def __init__(self, match):
        self.match = match
        self.sent: dict[int, list] = {}
        self.bytes: dict[int, list] = {}      # seat -> bytes sent after each message

    def __call__(self, conn, send):
        def tapped(message):
            seat = conn.seat if conn.seat is not None else message.get("seat")
            if seat is not None and not conn.closed:         # (a closed one sends nothing)
                state = self.match.state
                hidden = (packs_visible(state) if state.variant == "open22"
                          else set(DOUBLE_SIX) - visible_to(state, seat))
                self.sent.setdefault(seat, []).append((message, hidden))
                totals = self.bytes.setdefault(seat, [0])
                totals.append(totals[-1] + len(encode_line(message)) + FRAME_OVERHEAD)
            send(message)
        return tapped


OPTIONS = {"classic": {"limit": 20}, "open54": {"dealt": 4}}    # (Spread: hands dealt unseen)
# Each game with something hidden (what the Hard player deals worlds for), two remote
# seats and a computer's third hand where there may be one.
GAMES = [(name, ("remote", "remote") + ("greedy",) * (find_variant(name).max_players > 2),
          OPTIONS.get(name, {})) for name in VARIANTS if not hooks_for(name).perfect]


@pytest.mark.parametrize("variant,kinds,options", GAMES, ids=[g[0] for g in GAMES])
def test_no_byte_sent_to_a_seat_names_a_tile_it_may_not_see(variant, kinds, options,
                                                            monkeypatch):
    import game.server.host as host_module
    taps = []

    class TappedThread(host_module.HostThread):
        def __init__(self, match, *args, **kw):
            taps.append(Wiretap(match))
            super().__init__(match, *args, tap=taps[0], **kw)
    monkeypatch.setattr("network_support.HostThread", TappedThread)
    hosted = Hosted(variant, kinds, options)
    try:
        bots = [hosted.bot(f"P{i}", "random", seed=i) for i, k in enumerate(kinds)
                if k == "remote"]
        threads = [run_bot(bot) for bot in bots]
        assert wait_for(lambda: hosted.match.state.is_over(), 300)
    finally:
        hosted.stop()                        # says goodbye: the bots stop reading at its end
    for thread in threads:
        thread.join(60)
    tap = taps[0]
    assert sorted(tap.sent) == [i for i, k in enumerate(kinds) if k == "remote"]
    for seat, messages in tap.sent.items():
        bot = next(b for b in bots if b.welcome["seat"] == seat)
        # every byte the seat received passed the tap (it may stop reading before the
        # host's goodbye arrives, so it can have read less, never more)
        assert 0 < bot.client.bytes_received <= tap.bytes[seat][-1], "bytes sent past the tap"
        for message, hidden in messages:
            raw = json.dumps(message)
            if message["type"] == "position":      # its own view; every view at the end only
                body = decoded(message)[1]
                assert body["view"].player == seat
                assert body["final"] is None or body["outcome"] is not None
            if variant == "open22":                # (there: the elements turned up so far)
                turned = {tile for _, tile in hidden}
                unseen = {(owner, tile) for owner, tile in packs_named(message)
                          if (owner, tile) not in hidden and not (owner is None
                                                                 and tile in turned)}
                assert not unseen, (f"seat {seat} was sent face-down elements {unseen}: "
                                    f"{raw[:300]}")
            elif variant != "blank":               # blank tiles have nothing to tell apart
                named = tiles_in(decoded(message), set())
                assert not named & hidden, (
                    f"seat {seat} was sent {sorted(map(str, named & hidden))}, hidden from "
                    f"it, in a {message['type']} message: {raw[:300]}")


class TableWiretap(Wiretap):
    """A Wiretap at a table server: the match is the one the connection sits at."""

    def __init__(self):
        super().__init__(None)

    def __call__(self, conn, send):
        def tapped(message):
            self.match = conn.match
            if self.match is not None:
                Wiretap.__call__(self, conn, send)(message)
            else:
                send(message)
        return tapped


@pytest.mark.parametrize("variant,kinds,options", GAMES, ids=[g[0] for g in GAMES])
def test_no_byte_sent_to_a_seat_at_a_table_names_a_tile_it_may_not_see(variant, kinds,
                                                                       options, tmp_path):
    """The same at a table server's table: the opener's seat, the joiner's, a computer."""
    import asyncio
    from table_support import bot_table, play, serving
    tap = TableWiretap()

    async def main():
        async with serving(tmp_path, tap=tap) as server:
            table = bot_table(server, kinds=("here",) + kinds[1:])
            table.variant, table.options = variant, options
            await play(table, 120)
            return table
    table = asyncio.run(main())
    assert table.report.games >= 1 and tap.match.state.is_over()
    assert sorted(tap.sent) == [0, 1]
    for seat, messages in tap.sent.items():
        for message, hidden in messages:
            if message["type"] == "position":
                assert decoded(message)[1]["view"].player == seat
            if variant == "open22":
                turned = {tile for _, tile in hidden}
                assert not {(owner, tile) for owner, tile in packs_named(message)
                            if (owner, tile) not in hidden
                            and not (owner is None and tile in turned)}
            elif variant != "blank":
                assert not tiles_in(decoded(message), set()) & hidden, message["type"]
