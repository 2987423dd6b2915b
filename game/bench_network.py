"""The network part of the benchmark (`python -m game.bench --only network`).

Latency: the host and one seat (a bot) in another process, as they would be on other
machines, the other seat a real game window in this process whose frame loop runs as
the game's does (idle, it sleeps on the event queue until the network wakes it). For
every move the bot sends, the time from sending it to the end of the first frame the
window presents with that move on it: the p50 and p99 over a few hundred moves, on the
loopback.

Bytes: a whole game of each variant between two bots through the host, and the bytes
the host sent to the seats and received from them (what a match costs the network).

Crypto: the CPU time of one key exchange on each side (SPAKE2, pure Python: what a host
of many connections pays once per connection) and of sealing and opening one message.
"""
from __future__ import annotations

import random
import statistics
import threading
import time

from game.bench_stats import percentile
from game.logic.variants import variant_names

def _host(variant: str, options: dict, seats: int = 2):
    from game.server.host import HostThread
    from game.server.match import HostedMatch, HostSeat
    match = HostedMatch(variant, [HostSeat(f"Seat {i + 1}") for i in range(seats)],
                        options, 7, code="BENCH2", pace=0.0, log=lambda line: None)
    thread = HostThread(match, "127.0.0.1", 0, log=lambda line: None)
    thread.start()
    return match, thread


def remote_side(variant: str, options: dict, seconds: float = 300.0) -> None:
    """The other machines, in a process of their own: the host and a bot in one seat.
    Prints the port, then `sent INDEX TIME` as the bot sends each move (TIME on the
    system's monotonic clock, which every process reads alike)."""
    from game.server.bot import SeatBot
    match, thread = _host(variant, options)
    print(thread.port, flush=True)
    bot = SeatBot(f"127.0.0.1:{thread.port}", "BENCH2", "Bot", "random", seed=1)

    def note(bot, text):
        print(f"sent {len(bot.state.played)} {time.monotonic()}", flush=True)
    bot.on_move = note
    bot.start().run(seconds)
    thread.stop()


def latency(variant: str, options: dict, moves: int, folder) -> tuple[list, list]:
    """Seconds from the bot's send (in another process) to the window's state holding the
    move, and to the end of the window's first presented frame showing it."""
    import json
    import subprocess
    import sys
    from game.shell.frame.app import App
    from game.shell.net.session import NetSession
    import pygame
    from game.shell.screens.results import ResultsScene
    from game.shell.frame.scene import LOGICAL_SIZE
    other = subprocess.Popen([sys.executable, "-m", "game.bench_network", variant,
                              json.dumps(options)], stdout=subprocess.PIPE, text=True)
    assert other.stdout is not None, "stdout=PIPE"
    port = int(other.stdout.readline())
    sent: dict[int, float] = {}

    def read():
        for line in other.stdout:
            word, index, when = line.split()
            sent[int(index)] = float(when)
    threading.Thread(target=read, daemon=True).start()
    app = App(windowed=True, settings_path=folder / "settings.json")
    app.settings.anim_speed, app.settings.muted = 0, True
    app.window = pygame.display.set_mode(LOGICAL_SIZE)   # as full screen at 1080p: no scaling
    app.network = session = NetSession(app, f"127.0.0.1:{port}", "BENCH2")
    applied: dict[int, float] = {}      # per move's index, when it was in the state
    shown: dict[int, float] = {}        # and when on screen

    def timed(step, seen):
        def run():
            step()
            controller = session.controller
            if controller is not None:
                now = time.monotonic()
                for index in range(len(controller.state.played)):
                    seen.setdefault(index, now)
        return run
    session.pump = timed(session.pump, applied)     # type: ignore[method-assign]
    app.present = timed(app.present, shown)         # type: ignore[method-assign]
    rng = random.Random(2)
    app.running = True
    deadline = time.monotonic() + 120
    def waiting() -> bool:       # for `moves` sends, and each on screen (the last included)
        first = sorted(sent)[:moves]
        return len(first) < moves or any(index not in shown for index in first)
    while waiting() and time.monotonic() < deadline and app.running:
        elapsed, events = app.wait_for_frame(lazy=True)     # as App.run does
        app.run_frame(elapsed, events, lazy=True)
        top = app.top
        if isinstance(top, ResultsScene) and top.ready and top.on_continue is not None:
            top.proceed()                      # a round's results seen: the next round
        controller = app.network.controller if app.network else None
        if controller is not None and controller.human_turn:
            controller.play(rng.choice(controller.state.legal_moves()))
        if controller is not None and controller.state.is_over():
            break
    app._finish()
    other.kill()
    other.wait()
    return ([applied[index] - when for index, when in sent.items() if index in shown],
            [shown[index] - when for index, when in sent.items() if index in shown])


def match_bytes(variant: str, options: dict, seats: int = 2) -> tuple[int, int, int]:
    """(bytes the host sent, bytes it received, moves) over one whole game of bots."""
    from game.server.bot import SeatBot
    match, thread = _host(variant, options, seats)
    bots = [SeatBot(f"127.0.0.1:{thread.port}", "BENCH2", f"B{i}", "random", seed=i).start()
            for i in range(seats)]
    workers = [threading.Thread(target=b.run, args=(300.0, lambda b: b.state is not None
                                                     and b.state.is_over()), daemon=True)
               for b in bots]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(300)
    down = sum(b.client.bytes_received for b in bots)
    up = sum(b.client.bytes_sent for b in bots)
    moves = len(match.state.moves_played())
    for b in bots:
        b.close()
    thread.stop()
    return down, up, moves


def bench_network(quick: bool, folder) -> None:
    """Every registered variant with its default options: a remote move's way to the
    other window, then the bytes of a whole game."""
    print("Network, loopback (host on a thread, a bot and a game window):")
    moves = 30 if quick else 100
    everywhere = []
    for variant in variant_names():
        held: list[float] = []
        shown: list[float] = []
        while len(shown) < moves:
            got = latency(variant, {}, moves - len(shown), folder)
            if not got[1]:
                break
            held, shown = held + got[0], shown + got[1]
        everywhere += shown
        for what, times in (("in its state", held), ("on screen", shown)):
            _print_times(f"{variant:8} a remote move {what:12}", times)
    _print_times("every game: a remote move on screen", everywhere)
    crypto_costs()
    print("Bytes of one whole game between two remote seats (random moves):")
    for variant in variant_names():
        down, up, played = match_bytes(variant, {})
        print(f"  {variant:8} host to seats {down / 1024:8.1f} KiB, seats to host "
              f"{up / 1024:6.1f} KiB, {played} moves ({down / max(1, played) / 1024:.1f} "
              f"KiB a move)")


def crypto_costs(rounds: int = 20) -> None:
    """CPU time of a handshake on each side and of one sealed message of 2 KiB."""
    import json
    from game.server.protocol import encode_line
    from game.server.secure import HostHandshake, JoinerHandshake
    host_cpu = joiner_cpu = 0.0
    for _ in range(rounds):
        began = time.process_time()
        joiner = JoinerHandshake("K7-ABCD-EFGH")
        hello = joiner.hello()
        middle = time.process_time()
        host = HostHandshake("ABCDEFGH", "K7")
        answer = host.answer(hello)
        proof_taken = time.process_time()
        proof = joiner.proof(answer)
        checked = time.process_time()
        assert host.check(proof)
        line, sealer, _ = host.channel(encode_line)
        done = time.process_time()
        _, opener = joiner.check(json.loads(line))
        host_cpu += (proof_taken - middle) + (done - checked)
        joiner_cpu += (middle - began) + (checked - proof_taken) + (time.process_time() - done)
    message = b"x" * 2048
    count = 20000
    began = time.process_time()
    frames = [sealer.seal(message) for _ in range(count)]
    sealed = time.process_time()
    opener.feed(b"".join(frames), 4096)
    opened = time.process_time()
    print(f"  a key exchange: the host {host_cpu / rounds * 1000:.1f} ms of CPU, the joiner "
          f"{joiner_cpu / rounds * 1000:.1f} ms (SPAKE2 in Python; {rounds} of each)")
    print(f"  a 2 KiB message: sealed in {(sealed - began) / count * 1e6:.1f} us, opened in "
          f"{(opened - sealed) / count * 1e6:.1f} us (ChaCha20-Poly1305)")


def _print_times(label: str, seconds: list) -> None:
    if not seconds:
        print(f"  {label}: no move arrived")
        return
    ms = [t * 1000 for t in seconds]
    print(f"  {label}: p50 {statistics.median(ms):5.1f} ms  p99 {percentile(ms, 0.99):5.1f} "
          f"ms  ({len(ms)} moves)")


if __name__ == "__main__":                # the other side of `latency`
    import json
    import sys
    from game.logic.console import tolerant_output
    tolerant_output()
    remote_side(sys.argv[1], json.loads(sys.argv[2]))
