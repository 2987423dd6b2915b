"""A headless host: `python -m game.server --port 7777 --play classic --seats remote,remote,hard`.

Without --play it hosts classic draw dominoes for two people on other computers. With
--tables it is a table server instead: many matches, nobody the host (table_cli.py).

Everything a hosted match needs, on a machine that only hosts (no window, no pygame):
the friends join from their game (Network, then Join) with this machine's address, the
port and the match code printed at the start. Each refusal and each seat taken or left
is one line of the log on standard output. The match is saved after every change in the
data folder as hosted-PORT.json; `--resume` hosts it again after a crash or a kill, with
the same code, each person's seat waiting for them. Ctrl+C or SIGTERM stops the host and
keeps the save.
"""
from __future__ import annotations

import argparse
import signal
import sys
import time

from game.logic.console import tolerant_output
from game.logic.core import DominoError
from game.play.arguments import add_match_arguments

from game.server.protocol import DEFAULT_PORT, new_code
from game.server.secure import spoken_code


def parse_args(argv=None):
    parser = argparse.ArgumentParser(prog="python -m game.server", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--bind", metavar="ADDRESS",
                        help="listen on this address only (default: every address)")
    add_match_arguments(parser, "the game to host (default: classic)",
                        "remote (a person on another computer), random, greedy or hard, "
                        "one per seat (default: remote for each)", "seed for the deal")
    parser.add_argument("--resume", action="store_true",
                        help="host the match saved for this port again")
    parser.add_argument("--takeover", metavar="LEVEL",
                        help="a computer at LEVEL takes the seat of a person who has been "
                             "gone for 120 s (default: the seat waits)")
    parser.add_argument("--pace", type=float, default=None, metavar="SECONDS",
                        help="the least time a computer's move takes (default 0.7)")
    parser.add_argument("--tables", action="store_true",
                        help="serve many tables instead, nobody's the host (`--tables "
                             "--help` lists that mode's options)")
    return parser.parse_args(argv)


def hosted(args, log):
    """The HostedMatch the arguments ask for; DominoError (or ValueError) says why not."""
    from game.logic.agents import AGENTS
    from game.server.match import THINK_SECONDS, HostedMatch, HostSeat
    from game.server.saving import HostedSaver, hosted_match, load_hosted
    settings = {"log": log, "saver": HostedSaver(args.port),
                "pace": THINK_SECONDS if args.pace is None else max(0.0, args.pace),
                "takeover": args.takeover}
    if args.takeover is not None and args.takeover not in AGENTS:
        raise DominoError(f"--takeover: unknown computer level {args.takeover!r} "
                          f"(known: {', '.join(AGENTS)})")
    if args.resume:
        if args.play:
            raise DominoError("--resume hosts the saved match: it takes no --play")
        save, notice = load_hosted(args.port)
        if save is None:
            raise DominoError(notice or f"no hosted match is saved for port {args.port}")
        for name, here in zip((seat.name for seat in save.saved.config.seats), save.here):
            if here:
                log(f"{name}'s seat was the hosting window's: it goes to whoever joins "
                    "first with the code")
        return hosted_match(save, headless=True, **settings)
    from game.play.launch import play_config
    args.play = args.play or "classic"
    kinds = args.seats.replace("remote", "human") if args.seats else None
    if kinds is None:
        from game.logic.variants import find_variant
        count = args.players or find_variant(args.play).min_players
        kinds = ",".join(["human"] * count)
    config = play_config(args.play, kinds, args.players, args.option, args.seed)
    seats = [HostSeat(f"Player {i + 1}") if seat.is_human else
             HostSeat(seat.name, "computer", seat.level)
             for i, seat in enumerate(config.seats)]
    if not any(seat.is_person for seat in seats):
        raise DominoError("a hosted match needs at least one remote seat")
    return HostedMatch(config.variant, seats, config.options, config.seed, code=new_code(),
                       **settings)


def main(argv=None) -> int:
    from game.server.host import lan_address, serve_match
    tolerant_output()
    given = sys.argv[1:] if argv is None else list(argv)
    if "--tables" in given:
        from game.server.table_cli import main as serve_tables
        return serve_tables(given)
    args = parse_args(argv)

    sys.stdout.reconfigure(errors="replace")    # type: ignore[union-attr]  # a name the
    # terminal's encoding cannot write (an emoji under ISO-8859-1) is printed with "?"

    def log(line: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)
    try:
        match = hosted(args, log)
    except (DominoError, ValueError) as error:
        print(f"python -m game.server: {error}", file=sys.stderr)
        return 2

    match.save()                        # a kill before the first move still resumes

    def stop(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)

    def ready(server):
        where = args.bind or lan_address() or "this computer's address"
        people = sum(seat.is_person for seat in match.seats)
        print(f"Hosting {match.state.title} on port {server.bound_port}: match code "
              f"{spoken_code(match.code)}", flush=True)
        print(f"{people} {'person joins' if people == 1 else 'people join'} with "
              f"{where}:{server.bound_port} and the code.", flush=True)
    try:
        serve_match(match, args.bind, args.port, log, ready)
    except OSError as error:
        print(f"python -m game.server: cannot listen on port {args.port}: "
              f"{error.strerror or error}", file=sys.stderr)
        from game.play import saves
        saves.settle()
        return 1
    log(stopped(match))
    return 0


def stopped(match) -> str:
    """The last line of the log: the match saved for --resume, or why it could not be."""
    if match.state.is_over():
        match.saver.last(match)
        return "the host stopped"
    try:
        match.saver.last(match)
    except OSError as error:
        return (f"the host stopped; the match could NOT be saved ({error.strerror or error}): "
                "it cannot be resumed")
    return "the host stopped; the match is saved"


if __name__ == "__main__":
    sys.exit(main())
