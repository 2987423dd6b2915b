"""The table server's command line: `python -m game.server --tables --port 7777`.

Many matches in one process, each a table with its own code; nobody at a table is the
host. People open a table from their game (Network, Play online, Open a table) and
their friends join it with its code (Join a table). Every table is saved after each
change in the server's folder and comes back after a crash, a `kill -9` or a restart;
SIGTERM (or Ctrl+C) stops taking connections, saves every table and exits within a
second. One line of the log per table opened, joined, finished or closed, and a summary
a minute.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import signal
import sys
import time
from pathlib import Path

from game.server import guard
from game.server.protocol import DEFAULT_PORT
from game.server.secure import CODE_ALPHABET
from game.server.tables import (EMPTY, IDLE, MAX_CONNECTIONS, MAX_TABLES,
                                TABLES_PER_ADDRESS, TableServer)

SERVER_LOCK = "server.lock"   # in the folder: one server a folder
SPARE_FILES = 64         # descriptors kept for the server's own files (saves, the log)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(prog="python -m game.server --tables",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", action="store_true", help="serve tables (this mode)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--bind", metavar="ADDRESS",
                        help="listen on this address only (default: every address)")
    parser.add_argument("--prefix", default="", metavar="LETTERS",
                        help="letters every table code of this server starts with (0 to 2, "
                             "for a load balancer in front of several servers to route on)")
    parser.add_argument("--folder", metavar="PATH",
                        help="where the tables are saved (default: tables-PORT in the "
                             "data folder)")
    parser.add_argument("--key", metavar="FILE",
                        help="the server's key (default: server-key in the folder; give "
                             "every server behind one address the same file)")
    parser.add_argument("--idle-minutes", type=float, default=IDLE / 60,
                        help=f"close a table nobody touched for this long (default "
                             f"{IDLE / 60:g})")
    parser.add_argument("--empty-minutes", type=float, default=EMPTY / 60,
                        help=f"close a table nobody is at whose game has no move yet after "
                             f"this long (default {EMPTY / 60:g})")
    parser.add_argument("--tables-per-address", type=int, default=TABLES_PER_ADDRESS,
                        help=f"tables one address may have open at once (default "
                             f"{TABLES_PER_ADDRESS})")
    parser.add_argument("--max-tables", type=int, default=MAX_TABLES,
                        help=f"tables in all (default {MAX_TABLES})")
    parser.add_argument("--max-connections", type=int, default=MAX_CONNECTIONS,
                        help=f"connections in all (default {MAX_CONNECTIONS}, or what the "
                             "system's open-file limit allows)")
    parser.add_argument("--per-address", type=int, default=guard.MAX_PER_ADDRESS,
                        help=f"connections from one address (default "
                             f"{guard.MAX_PER_ADDRESS})")
    parser.add_argument("--handshake-workers", type=int, default=1, metavar="N",
                        help="processes that compute the key exchanges (SPAKE2 is pure "
                             "Python, some 9 ms each) while the server serves moves "
                             "(default 1; 0: on the server's own thread)")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="every connection comes through a load balancer that starts "
                             "it with a PROXY line (HAProxy's send-proxy): the caps per "
                             "address count the people's addresses it names (listen where "
                             "only the balancer reaches)")
    parser.add_argument("--pace", type=float, default=None, metavar="SECONDS",
                        help="the least time a computer's move takes (default 0.7)")
    args = parser.parse_args(argv)
    args.prefix = args.prefix.upper()
    if len(args.prefix) > 2 or any(c not in CODE_ALPHABET for c in args.prefix):
        parser.error(f"--prefix: at most 2 letters of {CODE_ALPHABET}")
    return args


def open_files(wanted: int) -> int:
    """Raise this process's open-file limit as far as the system lets it (a connection is
    a descriptor); the connections it leaves room for."""
    try:
        import resource
    except ImportError:                            # (not on Windows: no such limit)
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted + SPARE_FILES if hard == resource.RLIM_INFINITY else \
        min(hard, wanted + SPARE_FILES)
    if target > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return max(1, min(wanted, soft - SPARE_FILES))


def _follow_server(server: int) -> None:
    """A handshake worker ends with its server, killed with SIGKILL too (else it would
    wait for work forever, orphaned)."""
    import threading

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


def _key_exchanges_ready() -> None:
    """A handshake worker's first job: importing what the key exchanges need."""
    import game.server.secure  # noqa: F401


def main(argv=None) -> int:
    from game.logic.console import tolerant_output
    from game.play.locks import FileLock, LockRefused
    from game.server.match import THINK_SECONDS
    from game.server.table_store import KEY_NAME, load_identity, tables_folder
    tolerant_output()
    args = parse_args(argv)

    def log(line: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)
    folder = Path(args.folder) if args.folder else tables_folder(args.port)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # held for the server's whole life (the system drops it however the process
        # ends): a second server on this folder would restore the first's tables, close
        # them as idle and delete their saves
        lock = FileLock(folder / SERVER_LOCK)
        if not lock.acquire(0.0):
            print(f"python -m game.server --tables: another server uses the folder "
                  f"{folder}", file=sys.stderr)
            return 2
    except (OSError, LockRefused) as error:
        print(f"python -m game.server --tables: the folder {folder}: "
              f"{getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 2
    try:
        identity = load_identity(Path(args.key) if args.key else folder / KEY_NAME, log)
    except (OSError, ValueError) as error:
        print(f"python -m game.server --tables: the server's key: "
              f"{getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 2
    connections = open_files(args.max_connections)
    if connections < args.max_connections:
        log(f"the system's open-file limit allows {connections} connections")
    spake = None
    if args.handshake_workers > 0:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        try:          # (its locks are files in /dev/shm: a full one, a file-size limit)
            spake = ProcessPoolExecutor(args.handshake_workers,
                                        mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_follow_server, initargs=(os.getpid(),))
            for _ in range(args.handshake_workers):  # started now, not at the first joiner
                spake.submit(_key_exchanges_ready)
        except OSError as error:
            print(f"python -m game.server --tables: cannot start the handshake workers: "
                  f"{error.strerror or error} (--handshake-workers 0 runs without them)",
                  file=sys.stderr)
            return 2
    server = TableServer(args.bind, args.port, folder, identity, log, prefix=args.prefix,
                         idle=args.idle_minutes * 60, empty=args.empty_minutes * 60,
                         tables_per_address=args.tables_per_address,
                         max_tables=args.max_tables, max_connections=connections,
                         max_per_address=args.per_address,
                         pace=THINK_SECONDS if args.pace is None else max(0.0, args.pace),
                         spake=spake, behind_proxy=args.behind_proxy)
    restored = server.restore()
    # A thousand tables are a million objects that live for minutes: a full collection
    # of them stops every table for a tenth of a second or more. The young ones are
    # collected as before, the old ones every ten minutes (or sooner after many
    # connections: TableServer.collect), so the move p99 stays low and memory comes
    # back. (None is frozen: a closed table's cycles, its match and its agreements,
    # would stay for good.)
    gc.set_threshold(10_000, 50, 1000)
    try:
        asyncio.run(_serve(server, args, restored, identity, log))
    except OSError as error:
        print(f"python -m game.server --tables: cannot listen on port {args.port}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        if spake is not None:
            spake.shutdown(wait=True, cancel_futures=True)     # (one key exchange at most)
    # every table is on disk: freeing a thousand tables' objects one by one at the
    # interpreter's exit would only delay it
    sys.stdout.flush()
    os._exit(0)


async def _serve(server: TableServer, args, restored: int, identity, log) -> None:
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, server.stop)
        except (NotImplementedError, RuntimeError):     # (Windows: Ctrl+C ends it)
            pass

    def ready(error):
        if error is not None:
            raise error
        prefix = f", codes starting {args.prefix}" if args.prefix else ""
        log(f"table server on port {server.bound_port}{prefix}: {restored} tables back "
            f"from {server.folder}; the server's key is {identity.fingerprint}")
    await server.run(ready)
