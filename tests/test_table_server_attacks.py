"""The table server against the findings of an attacker's review: a full disk, tables
filled by openers who leave, seats taken before their person came, take-backs asked
again and again, guesses run in parallel, two servers on one folder."""
import asyncio
import errno

import pytest

from game.server import table_store
from game.server.table_store import table_path
from game.server.secure import split_code
from game.server.tables import UNKEPT

from table_support import bot_table, play, serving, until


@pytest.fixture(autouse=True)
def bots_at_full_speed(monkeypatch):
    from game.server import connection
    monkeypatch.setattr(connection, "RATE", 1e6)
    monkeypatch.setattr(connection, "BURST", 1e6)


def full_disk(monkeypatch) -> None:
    def write_atomic(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(table_store, "write_atomic", write_atomic)


def test_a_full_disk_gives_no_code_and_the_stop_line_counts_the_unsaved_tables(
        tmp_path, monkeypatch):
    async def main():
        async with serving(tmp_path) as server:
            kept = bot_table(server, number=0, until=lambda r: r.joins >= 2)
            await play(kept)
            match = server.find(split_code(kept.code)[0])
            full_disk(monkeypatch)
            refused = bot_table(server, number=1,
                                until=lambda r: r.joins >= 1 or bool(r.refused))
            await play(refused, 10)
            server._saver(split_code(kept.code)[0])(match)       # a later change: unsaved
            await until(lambda: not server.writer.waiting() and server.writer.unsaved)
            tables = len(server.tables)
        return server, refused, tables
    server, refused, tables = asyncio.run(main())
    assert refused.code is None and refused.report.refused == [UNKEPT]
    assert tables == 1, "the table whose first save failed is dropped"
    assert any("closed (its first save could not be written)" in line
               for line in server.lines), server.lines
    assert server.lines[-1] == "stopped: 0 tables saved, 1 could not be (the disk refused " \
                               "their latest change)"


def test_tries_running_at_once_count_against_the_free_tries():
    """Eight connections at once from one address were eight guesses, not five."""
    from game.server import guard
    guesses = guard.Guesses()
    for _ in range(guard.FREE_TRIES):
        assert guesses.wait("a", 0.0) == 0
        guesses.start("a")
    assert guesses.wait("a", 0.0) > 0, "a sixth try while five run is refused"
    assert guesses.wait("b", 0.0) == 0
    guesses.end("a", 0.0, wrong=False)
    assert guesses.wait("a", 0.0) == 0, "a try that ended frees its place"


def test_a_second_server_on_a_folder_in_use_exits_at_once_in_one_line(tmp_path, capsys):
    """A second server restored the first's tables, closed them as idle and deleted
    their saves."""
    from game.play.locks import FileLock
    from game.server.table_cli import SERVER_LOCK, main
    first = FileLock(tmp_path / SERVER_LOCK)       # (what the first server holds)
    assert first.acquire(0.0)
    try:
        assert main(["--tables", "--port", "0", "--folder", str(tmp_path)]) == 2
    finally:
        first.release()
    err = capsys.readouterr().err
    assert err == f"python -m game.server --tables: another server uses the folder " \
                  f"{tmp_path}\n"
    assert not (tmp_path / "server-key").exists(), "nothing else was done"


def test_a_table_nobody_sat_at_closes_after_the_empty_time_and_frees_its_slot(tmp_path):
    """Openers who left as soon as they had the code filled every table of the server,
    each for the whole idle time."""
    from table_support import IDENTITY
    from game.server.tables import TableServer

    class Opener:
        address, closed, peer, said = "10.0.0.1", False, "10.0.0.1:4000", {"type": None}

        def send(self, message):
            self.said = message

    async def main():
        server = TableServer("127.0.0.1", 0, tmp_path, IDENTITY, [].append, empty=60.0)
        opener = Opener()
        server.open_table(opener, {"variant": "classic", "seats": ["here", "remote"],
                                   "options": []})
        route = opener.opening
        match = server.find(route)
        assert await until(lambda: opener.said["type"] == "opened", 5)
        server.ticked(match.touched + 61.0)
        kept = server.find(route) is not None          # (the opener is still there)
        match.disconnect(opener)                       # it left at once
        server.looked = 0.0
        server.ticked(match.touched + 59.0)
        kept_for_a_while = server.find(route) is not None
        server.began, began = match.touched + 30.0, server.began   # (as if just restarted:
        server.looked = 0.0                                         # time to come back)
        server.ticked(match.touched + 61.0)
        kept_for_a_while &= server.find(route) is not None
        server.began = began
        server.looked = 0.0
        server.ticked(match.touched + 61.0)
        gone = await until(lambda: not table_path(tmp_path, route).exists(), 5)
        return server, route, kept, kept_for_a_while, gone
    server, route, kept, kept_for_a_while, gone = asyncio.run(main())
    assert kept and kept_for_a_while and gone
    assert server.find(route) is None and not server.open_from


def test_the_old_garbage_is_collected_each_minute_and_after_many_connections(
        tmp_path, monkeypatch):
    """The oldest objects were almost never collected: each short connection left cycles
    behind (39 MB grew to 354 MB after some 200,000 refused connections)."""
    from table_support import IDENTITY
    from game.server import tables
    collections: list = []
    monkeypatch.setattr(tables.gc, "collect", lambda *generation: collections.append(
        generation))
    lines: list[str] = []
    server = tables.TableServer("127.0.0.1", 0, tmp_path, IDENTITY, lines.append)
    start = server.collected[0]
    for minute in range(1, round(tables.COLLECT_EVERY / tables.SUMMARY) + 1):
        server.ticked(start + minute * tables.SUMMARY)
    assert collections == [()], "one full collection with a summary every COLLECT_EVERY"
    assert "(a full collection: " in lines[-1] and len(lines) == 10, lines
    collected = server.collected[0]
    server.accepted += tables.COLLECT_AFTER            # a storm of connections
    server.ticked(collected + 1.0)
    assert len(collections) == 1, "never twice within COLLECT_GAP"
    server.ticked(collected + tables.COLLECT_GAP)
    assert len(collections) == 2
    server.ticked(collected + 2 * tables.COLLECT_GAP)
    assert len(collections) == 2, "not again before as many more connections"
    server.writer.finish(1.0)


def test_handshake_workers_that_cannot_start_end_the_server_in_one_line(
        tmp_path, monkeypatch, capsys):
    """Under `ulimit -f 0` the workers' lock in /dev/shm cannot be made: a traceback."""
    import concurrent.futures
    from game.server.table_cli import main

    def refused(*args, **kwargs):
        raise OSError(errno.EFBIG, "File too large")
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", refused)
    assert main(["--tables", "--port", "0", "--folder", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        "python -m game.server --tables: cannot start the handshake workers: File too "
        "large (--handshake-workers 0 runs without them)\n")


def test_a_closed_connection_leaves_no_cycle_behind(tmp_path, monkeypatch):
    """Each short connection's transport, socket and buffers waited for a collection of
    the oldest generation (a cycle through its read callback): 354 MB after 200,000."""
    import gc
    import socket
    import time
    from game.server import connection
    monkeypatch.setattr(connection, "FLUSH", 0.01)    # (the goodbye's abort comes sooner)
    from game.server.protocol import encode_line
    from game.server.secure import JoinerHandshake
    from table_support import ServerThread
    served = ServerThread(tmp_path)
    hello = encode_line(JoinerHandshake("ZZZABCDEFGH").hello())
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)          # (what a collection would free, kept to see)
    try:
        for _ in range(20):
            with socket.create_connection(("127.0.0.1", served.port), 5) as peer:
                peer.sendall(hello + b"not a line of the protocol\n")
                peer.settimeout(5)
                while peer.recv(4096):           # (read to the server's end)
                    pass
        assert until_in_thread(lambda: served.server.accepted == 20 and not
                               served.server.conns)
        time.sleep(0.1)                         # (each abort is done: nothing holds them)
        gc.collect()
        left = [o for o in gc.garbage if type(o).__name__.endswith("SocketTransport")]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
        served.stop()
    assert left == []


def until_in_thread(condition, seconds: float = 10.0) -> bool:
    import time
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_the_refusals_held_back_from_the_log_keep_no_connection_alive():
    """Past the log's lines a window, the held refusals kept each connection (its socket
    and buffers) until the window's end: 80 MB under a storm of short connections."""
    import weakref
    from game.server import guard

    class Peer:
        peer = "10.0.0.1:4000"
    log = guard.RefusalLog([].append)
    peers = [Peer() for _ in range(guard.LOG_LINES + 5)]
    for peer in peers:
        log.refused(peer, "refused", "join", 0.0)
        log.ended(peer)
    gone = [weakref.ref(peer) for peer in peers]
    del peers, peer
    assert [ref() for ref in gone] == [None] * len(gone)
    assert log.held == 5 and len(log.held_from) == 5
