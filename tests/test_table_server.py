"""The table server in this process (port 0, a folder of the test's): tables opened and
played to the end by the load tool's bots over the real protocol, saved and back after a
restart, closed when idle, capped per address, coded with the server's prefix, and the
log's one line per table opened, joined, finished or closed."""
import asyncio
import json
import re

import pytest

from game.server.secure import split_code
from game.server.table_store import table_path
from game.server.tables import NO_TABLE, TableServer

from table_support import IDENTITY, bot_table, play, serving, until


@pytest.fixture(autouse=True)
def bots_at_full_speed(monkeypatch):
    """The bots here move the moment their turn comes, faster than a person may send: the
    rate limit (tested in test_network_guard.py) would close them and the games would be
    played again from their seats' comebacks, which is not what these tests look at."""
    from game.server import connection
    monkeypatch.setattr(connection, "RATE", 1e6)
    monkeypatch.setattr(connection, "BURST", 1e6)


def test_a_table_opened_by_one_bot_and_joined_by_another_is_played_to_the_end(tmp_path):
    async def main():
        async with serving(tmp_path) as server:
            table = bot_table(server, number=0)           # classic, to 20
            playing = asyncio.create_task(play(table))
            await until(lambda: table.code is not None)
            match = server.find(split_code(table.code)[0])       # (closed once all left)
            await playing
            applied = match.applied
            return server, table, server.summary_line(server.summary[0] + 10.0), applied
    server, table, summary, applied = asyncio.run(main())
    assert re.match(r"summary: [01] tables \([01] playing\), [0-2] connections \([0-2] "
                    r"seated\), [0-9.]+ moves a second, [0-9]+ MB in memory$", summary), summary
    moves = float(summary.split("seated), ")[1].split(" moves")[0])
    assert moves * 10 == pytest.approx(applied, abs=1) and applied >= table.report.moves - 1
    assert table.report.games >= 1 and not table.report.lost, table.report.lost
    assert table.report.latencies, "the other seat's receipt of each move is timed"
    route = split_code(table.code)[0]
    lines = [line for line in server.lines if line.startswith(f"table {route}: ")]
    assert "opened by 127.1.0.2 (classic for 2: here, remote)" in lines[0]
    assert sum("took seat" in line for line in lines) == 2
    assert any("finished: " in line for line in lines)
    kinds = ("opened by", "took seat", "finished: ", "rematch: ", "left seat", "closed (")
    assert all(any(kind in line for kind in kinds) for line in lines), \
        f"one line a table event, none a move: {lines}"


def test_every_table_comes_back_after_a_restart_with_its_code_tokens_and_moves(tmp_path):
    async def first():
        async with serving(tmp_path) as server:
            table = bot_table(server, number=9, until=lambda r: r.moves >= 6)   # open22
            await play(table)
            match = server.find(split_code(table.code)[0])
            return table, len(match.state.moves_played()), [s.token for s in match.seats]
    table, played, tokens = asyncio.run(first())
    route = split_code(table.code)[0]
    assert played >= 6 and table_path(tmp_path, route).exists()

    async def second():
        async with serving(tmp_path) as server:
            match = server.find(route)
            assert match is not None and match.code == table.code
            assert [s.token for s in match.seats] == tokens
            assert len(match.state.moves_played()) == played
            again = bot_table(server, number=9, until=lambda r: r.joins >= 2)
            again.code = table.code
            again.coded.set()
            for seat, old in zip(again.seats, table.seats):
                seat.token = old.token
            await play(again)
            return again
    again = asyncio.run(second())
    assert again.report.joins >= 2 and not again.report.lost


def test_a_table_nobody_touched_for_the_idle_time_is_closed_and_its_save_removed(tmp_path):
    async def main():
        async with serving(tmp_path, idle=60.0) as server:
            table = bot_table(server, number=3, until=lambda r: r.joins >= 2)
            await play(table)
            route = split_code(table.code)[0]
            match = server.find(route)
            server.ticked(match.touched + 59.0)
            kept = server.find(route) is not None
            server.looked = 0.0
            server.ticked(match.touched + 61.0)
            await until(lambda: not table_path(tmp_path, route).exists(), 5)
            return server, route, kept
    server, route, kept = asyncio.run(main())
    assert kept and server.find(route) is None
    assert not table_path(tmp_path, route).exists()
    assert f"table {route}: closed (nobody played at it for 1 minutes)" in server.lines


def test_one_address_may_open_only_a_few_tables_at_once(tmp_path):
    async def main():
        async with serving(tmp_path, tables_per_address=2) as server:
            tables = [bot_table(server, number=0,
                                until=lambda r: r.joins >= 2 or bool(r.refused))
                      for _ in range(3)]
            for table in tables:       # (one after the other: the third finds two open)
                await play(table, 10)
            return server, tables
    server, tables = asyncio.run(main())
    assert [t.code is not None for t in tables] == [True, True, False]
    assert "tables open here already" in tables[2].report.refused[0]
    assert len(server.tables) == 2


def test_codes_start_with_the_server_prefix_and_another_servers_code_finds_no_table(
        tmp_path, monkeypatch):
    """The load bot gives up on a code no table has by the refusal's key, whatever its
    words (it read them, and waited forever once they changed)."""
    monkeypatch.setattr(TableServer, "wrong_code", "Other words.")

    async def main():
        async with serving(tmp_path, prefix="B") as server:
            table = bot_table(server, number=1, until=lambda r: r.joins >= 2)
            await play(table)
            stranger = bot_table(server, number=2, until=lambda r: r.joins >= 1)
            stranger.code = "C" + table.code[1:]
            await play(stranger, 10)
            return table, stranger
    table, stranger = asyncio.run(main())
    assert table.code.startswith("B") and split_code(table.code)[0][0] == "B"
    assert stranger.report.joins == 0 and stranger.report.retries == 0     # it gave up
    assert stranger.report.lost and all("Other words." in why for why in stranger.report.lost)


def test_an_unknown_table_and_a_wrong_code_are_refused_alike(tmp_path):
    """The same steps (the key exchange's answer, then the refusal) and the same words
    for a code whose table is not there and a wrong code of a table that is: nobody
    learns which tables are open."""
    from game.server.protocol import LineBuffer, decode_line, encode_line
    from game.server.secure import HANDSHAKE_LINE_LIMIT, JoinerHandshake

    async def refusal(port: int, code: str):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        shake, lines, steps = JoinerHandshake(code), LineBuffer(HANDSHAKE_LINE_LIMIT), []
        message = shake.hello()
        while True:
            writer.write(encode_line(message))
            found: list = []
            while not found:
                found = lines.feed(await reader.read(4096))
            answer = decode_line(found[0])
            steps.append(answer["type"])
            if answer["type"] == "refused":
                writer.close()
                return steps, answer
            message = shake.proof(answer)

    async def main():
        async with serving(tmp_path) as server:
            table = bot_table(server, number=1, until=lambda r: r.joins >= 2)
            await play(table)
            route, secret = split_code(table.code)
            other = next(r for r in ("AAA", "BBB") if r != route)
            wrong = "".join("2" if c != "2" else "3" for c in secret)
            return [await refusal(server.bound_port, code)
                    for code in (route + wrong, other + secret)]
    (steps, answer), (unknown_steps, unknown) = asyncio.run(main())
    assert steps == unknown_steps == ["hello", "refused"]
    assert answer == unknown == {"v": answer["v"], "type": "refused", "about": "join",
                                 "reason": NO_TABLE, "why": "code"}


def test_a_save_the_server_cannot_read_is_set_aside_and_the_others_come_back(tmp_path):
    async def first():
        async with serving(tmp_path) as server:
            table = bot_table(server, number=5, until=lambda r: r.joins >= 2)
            await play(table)
            return split_code(table.code)[0]
    route = asyncio.run(first())
    (tmp_path / "ZZZ.json").write_text(json.dumps({"not": "a save"}))
    lines: list[str] = []
    server = TableServer("127.0.0.1", 0, tmp_path, IDENTITY, lines.append)
    assert server.restore() == 1 and server.find(route) is not None
    assert any("ZZZ" in line for line in lines), lines


def test_a_joiner_past_the_queue_of_key_exchanges_is_told_the_server_is_busy(tmp_path,
                                                                              monkeypatch):
    import game.server.host as host
    monkeypatch.setattr(host, "SHAKE_QUEUE", 0)     # (every key exchange waits its turn)

    async def main():
        async with serving(tmp_path) as server:
            table = bot_table(server, number=4, until=lambda r: r.retries >= 1)
            await play(table, 10)
            return server, table
    server, table = asyncio.run(main())
    assert table.code is not None and table.report.joins == 1      # the opener alone
    assert any(host.BUSY in line for line in server.lines), server.lines


def test_a_seat_of_an_unknown_kind_is_refused_when_the_table_is_opened(tmp_path):
    """"human" is a computer level to the command line's seats, never a seat at a table:
    it opened a table whose computer could not think (a host error ten times a second)."""
    server = TableServer("127.0.0.1", 0, tmp_path, IDENTITY, [].append)
    for kind in ("human", "nobody", 7):
        with pytest.raises(ValueError, match=r"no seat is .*: a seat is here, remote or a "
                                             r"computer level \(random, greedy, hard\)"):
            server._new_table({"variant": "classic", "seats": ["here", kind], "options": []})
    match, mine = server._new_table({"variant": "classic", "seats": ["here", "greedy"],
                                     "options": []})
    assert mine == [0] and match.seats[1].level == "greedy"


def test_a_finished_tables_save_stays_while_anyone_is_seated_and_goes_when_it_closes(
        tmp_path, monkeypatch):
    """The game is over and both seats stay at the results (no rematch yet): a restart
    brings the table back, finished, and the seats' tokens take them back to it (its save
    was removed at the game's end); it goes once everyone has left."""
    from game.bench_table_bots import Seat
    sent = Seat._send
    monkeypatch.setattr(Seat, "_send", lambda seat, message: None
                        if message["type"] == "rematch" else sent(seat, message))

    async def first():
        async with serving(tmp_path) as server:
            table = bot_table(server, number=0, until=lambda r: False)   # classic, to 20
            playing = asyncio.create_task(table.play())
            assert await until(lambda: table.report.games >= 1)
            match = server.find(split_code(table.code)[0])
            assert await until(lambda: all(s.conn is not None for s in match.seats))
            found = table, len(match.state.moves_played())
        playing.cancel()                     # (the server stopped with both still seated)
        await asyncio.gather(playing, return_exceptions=True)
        return found
    table, played = asyncio.run(first())
    route = split_code(table.code)[0]

    async def second():
        async with serving(tmp_path) as server:
            match = server.find(route)
            assert match is not None and match.state.is_over()
            assert len(match.state.moves_played()) == played
            again = bot_table(server, number=0, until=lambda r: r.joins >= 2)
            again.code = table.code
            again.coded.set()
            for seat, old in zip(again.seats, table.seats):
                seat.token = old.token
            await play(again)
            assert await until(lambda: server.find(route) is None)    # everyone left
            assert await until(lambda: not table_path(tmp_path, route).exists(), 5)
            return again, server
    again, server = asyncio.run(second())
    assert again.report.joins >= 2 and not again.report.lost, again.report.lost
    assert f"table {route}: closed (the game is over and everyone has left)" in server.lines


def test_the_cap_of_tables_per_address_holds_across_a_restart_and_a_closed_table_frees_it(
        tmp_path):
    async def first():
        async with serving(tmp_path, tables_per_address=1) as server:
            table = bot_table(server, number=0, until=lambda r: r.joins >= 2)
            await play(table)
            return split_code(table.code)[0]
    route = asyncio.run(first())

    async def second():
        async with serving(tmp_path, tables_per_address=1) as server:
            refused = bot_table(server, number=0, until=lambda r: r.joins >= 1 or bool(r.refused))
            await play(refused, 10)
            server.close_table(route, "a test closed it")
            opened = bot_table(server, number=0, until=lambda r: r.joins >= 1 or bool(r.refused))
            await play(opened, 10)
            return refused, opened, dict(server.open_from)
    refused, opened, counted = asyncio.run(second())
    assert refused.code is None and "tables open here already" in refused.report.refused[0]
    assert opened.code is not None and counted == {"127.1.0.2": 1}


def test_a_table_whose_opener_went_before_its_code_came_is_closed_and_frees_the_slot(
        tmp_path):
    class Gone:
        address, closed, peer = "10.0.0.1", False, "10.0.0.1:4000"

        def send(self, message):
            raise AssertionError(f"nothing is sent to a closed connection: {message}")

    async def main():
        server = TableServer("127.0.0.1", 0, tmp_path, IDENTITY, [].append)
        opener = Gone()
        server.open_table(opener, {"variant": "classic", "seats": ["here", "remote"],
                                   "options": []})
        opener.closed = True                 # (before its first save is on disk)
        route = opener.opening
        assert server.open_from[opener.address] == 1
        closed = await until(lambda: server.find(route) is None
                             and not table_path(tmp_path, route).exists(), 5)
        return server, closed
    server, closed = asyncio.run(main())
    assert closed and not server.open_from and not server.opened_by


def test_every_client_gets_the_restarting_goodbye_seated_or_not_yet(tmp_path, monkeypatch):
    """The server stops while every seat has just sent something it has not read yet, one
    person has reached its key without opening a table yet and another is halfway
    through a join's key exchange: each is told (those two were not, and were cut off)."""
    from game.bench_table_bots import Seat
    from game.server.identity import OpenHandshake
    from game.server.protocol import LineBuffer, decode_line, encode_line
    from game.server.secure import HANDSHAKE_LINE_LIMIT, JoinerHandshake
    from game.server.tables import RESTARTING
    said: dict = {}
    received = Seat.receive

    def receive(seat, message, now):
        if message["type"] == "bye":
            said[seat] = message["reason"]
        received(seat, message, now)
    monkeypatch.setattr(Seat, "receive", receive)

    async def answer(reader, lines, opener=None) -> dict:
        """The next message from the server (sealed ones opened with `opener`)."""
        found: list = []
        while not found:
            data = await reader.read(65536)
            assert data, "the server ended the connection without a word"
            found = opener.feed(data, 1 << 20) if opener is not None else lines.feed(data)
        return decode_line(found[0])

    async def main():
        async with serving(tmp_path) as server:
            tables = [bot_table(server, number=n, until=lambda r: False) for n in range(4)]
            playing = [asyncio.create_task(table.play()) for table in tables]
            seats = [seat for table in tables for seat in table.seats]
            assert await until(lambda: all(seat.welcomed for seat in seats))
            port = server.bound_port
            opening = await asyncio.open_connection("127.0.0.1", port)
            shake, lines = OpenHandshake(), LineBuffer(HANDSHAKE_LINE_LIMIT)
            opening[1].write(encode_line(shake.hello()))
            _, opener = shake.check(await answer(opening[0], lines), None)
            joining = await asyncio.open_connection("127.0.0.1", port)
            joiner, join_lines = JoinerHandshake(tables[0].code), LineBuffer(HANDSHAKE_LINE_LIMIT)
            joining[1].write(encode_line(joiner.hello()))
            assert (await answer(joining[0], join_lines))["type"] == "hello"
            for seat in seats:                    # (written now: the server reads later)
                for _ in range(20):
                    seat._send({"type": "ping"})
            server.stop()
            told = [await answer(opening[0], lines, opener),
                    await answer(joining[0], join_lines)]
            opening[1].close()
            joining[1].close()
            await until(lambda: len(said) == len(seats), 5)
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        return seats, told
    seats, told = asyncio.run(main())
    assert [said.get(seat) for seat in seats] == [RESTARTING] * len(seats)
    assert [(m["type"], m["reason"]) for m in told] == [("bye", RESTARTING),
                                                        ("refused", RESTARTING)]
