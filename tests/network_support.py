"""Shared pieces of the network tests: a host on a thread of the test process (real
sockets on the loopback), seat bots on threads of their own, a person at a real game
window whose every move goes over the network, and patient polling.
"""
from __future__ import annotations

import socket
import threading
import time

import pygame

from game.logic.core import Tile
from game.server.bot import SeatBot
from game.server.host import HostThread
from game.server.match import HostedMatch, HostSeat
from game.shell.screens.results import ResultsScene

from acceptance_support import Person


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, seconds: float = 60.0, step=None) -> bool:
    """Poll `condition` (calling `step` between looks) until it holds or time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        if step is not None:
            step()
        time.sleep(0.005)
    return condition()


class Hosted:
    """A HostedMatch served on the loopback by a thread of this process."""

    def __init__(self, variant: str, kinds, options=None, seed: int = 7, code="TEST42",
                 **settings):
        seats = [HostSeat(f"Seat {i + 1}") if kind == "remote" else
                 HostSeat(f"Computer {i + 1}", "computer", kind)
                 for i, kind in enumerate(kinds)]
        self.log: list[str] = []
        settings.setdefault("pace", 0.0)
        self.code = code
        self.match = HostedMatch(variant, seats, options or {}, seed, code=code,
                                 log=self.log.append, **settings)
        self.thread = HostThread(self.match, "127.0.0.1", 0, self.log.append)
        self.thread.start()
        self.address = f"127.0.0.1:{self.thread.port}"

    def bot(self, name: str, level: str = "random", seed: int = 0, **kw) -> SeatBot:
        return SeatBot(self.address, self.code.lower(), name, level, seed=seed, **kw).start()

    def stop(self) -> None:
        self.thread.stop()


def run_bot(bot: SeatBot, seconds: float = 600.0) -> threading.Thread:
    """Let `bot` play on a thread of its own until its game is over (and the rematches it
    wants are played) or its connection ends; it stays connected."""
    def over(bot):
        return bot.state is not None and bot.state.is_over() and not bot.rematches
    thread = threading.Thread(target=bot.run, args=(seconds, over), daemon=True)
    thread.start()
    return thread


class NetPerson(Person):
    """A person at a game window in a network match. A move is sent to the host and its
    answer comes a moment later: a frame waits for it (so a turn's last key is followed by
    the position it made, as on the couch). Every frame checks that no tile is drawn face
    up but the seat's own hand and what lies face up for everyone."""

    def frame(self, count: int = 1) -> None:
        for _ in range(count):
            super().frame()
            scene = self.match_scene()
            deadline = time.monotonic() + 30
            while (scene is not None and getattr(scene.ctl, "sent", None) is not None
                   and time.monotonic() < deadline):
                time.sleep(0.002)
                super().frame()

    def _check_hidden_hands(self) -> None:
        scene = self.match_scene()
        if scene is None or not hasattr(scene.ctl, "session"):
            return
        state = scene.ctl.state
        if state.is_over() or state.own is None:
            return
        view = state.own
        public = set(getattr(view, "hand", ()))
        public |= {placed.tile for placed in getattr(scene, "line", ())}
        public |= {placed.tile for placed in getattr(view, "placed", ())}
        turned = getattr(view, "turned_up", None)
        if isinstance(turned, Tile):
            public.add(turned)
        for seen in getattr(view, "seen", ()):
            public |= set(seen)
        for shown in self.app.stack:
            for finished in getattr(getattr(shown, "figure", None), "rounds", ()):
                public |= {tile for hand in finished.hands for tile in hand}
        for finished in getattr(state, "facts", {}).get("finished_rounds", ()):
            public |= {tile for hand in finished.hands for tile in hand}
        drawn = set(self.faces) - public
        assert not drawn, (f"frame {self.frames}: {sorted(map(str, drawn))} drawn face up, "
                           f"which seat {state.seat} may not see")

    def play_to_results(self, turn, max_frames: int = 20000) -> ResultsScene:
        """Play every turn of this seat with `turn(person, scene)` (acceptance_support)
        until the final results show."""
        return self.play_match(turn, max_frames)


def on_screen(person: Person) -> str:
    """The top scene's kind and what it says (a message's title and text, a setup's
    problem): what a failed step showed instead of what it waited for."""
    top = person.top
    lines = [*getattr(top, "lines", ()), getattr(top, "problem", None),
             getattr(top, "text", None)]            # (a message's lines are wrapped)
    said = [getattr(top, "title", None),
            " ".join(line for line in lines if isinstance(line, str) and line)]
    return ": ".join([type(top).__name__, *(text for text in said
                                            if isinstance(text, str) and text)])


def type_into(person: Person, label: str, text: str) -> None:
    """Keyboard: focus the text field `label`, Enter, erase it, type `text`, Enter."""
    person.focus(label)
    person.keys(pygame.K_RETURN)
    assert person.top.menu.editing, f"Enter did not start editing {label}"
    for _ in range(len(person.widget(label).text)):
        person.keys(pygame.K_BACKSPACE)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0,
                                             unicode=char, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0,
                                             unicode=char, scancode=0))
        person.frame()
    person.keys(pygame.K_RETURN)
    assert person.widget(label).text == text, person.widget(label).text


def sealed_socket(address: str, code: str, join: dict | None = None):
    """A raw connection that proves `code` as a joiner does: (socket, sealer, opener),
    the socket blocking with a timeout; `join`, when given, is sent sealed at once."""
    from game.server.protocol import decode_line, encode_line, parse_address
    from game.server.secure import JoinerHandshake
    sock = socket.create_connection(parse_address(address), 5)
    shake = JoinerHandshake(code)
    reader = sock.makefile("rb")
    sock.sendall(encode_line(shake.hello()))
    sock.sendall(encode_line(shake.proof(decode_line(reader.readline()))))
    sealer, opener = shake.check(decode_line(reader.readline()))
    if join is not None:
        sock.sendall(sealer.seal(encode_line({"type": "join", "code": code, **join})))
    return sock, sealer, opener


class Relay:
    """A TCP relay on the loopback between joiners and a host: records every byte both
    ways, and `change(direction, data)` may change what it passes on."""

    def __init__(self, target: str, change=None):
        from game.server.protocol import parse_address
        self.target = parse_address(target)
        self.change = change or (lambda direction, data: data)
        self.seen = bytearray()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.address = f"127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                joiner, _ = self.listener.accept()
            except OSError:
                return
            host = socket.create_connection(self.target)
            for source, sink, direction in ((joiner, host, "up"), (host, joiner, "down")):
                threading.Thread(target=self._pump, args=(source, sink, direction),
                                 daemon=True).start()

    def _pump(self, source, sink, direction) -> None:
        try:
            while data := source.recv(65536):
                self.seen += data
                sink.sendall(self.change(direction, data))
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.listener.close()


class Impostor:
    """A host that does not know the code: it answers a joiner's key exchange with a
    guess of its own, sends a proof of its own key, and keeps whatever comes after."""

    def __init__(self):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.address = f"127.0.0.1:{self.listener.getsockname()[1]}"
        self.got: list[bytes] = []
        threading.Thread(target=self._answer, daemon=True).start()

    def _answer(self) -> None:
        from game.server.protocol import decode_line, encode_line
        from game.server.secure import HostHandshake
        sock, _ = self.listener.accept()
        reader = sock.makefile("rb")
        shake = HostHandshake("GUESSED2")
        sock.sendall(encode_line(shake.answer(decode_line(reader.readline()))))
        shake.check(decode_line(reader.readline()))
        sock.sendall(shake.channel(encode_line)[0])
        sock.settimeout(3)
        try:
            while data := sock.recv(4096):
                self.got.append(data)
        except OSError:
            pass

    def close(self) -> None:
        self.listener.close()
