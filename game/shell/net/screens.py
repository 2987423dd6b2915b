"""The network screens: Play online (online.py), Host a match (the setup, with seats for
friends on other computers and a port), Resume a hosted match, Join a match (an address
and a code), and the line that says what a join waits for.

Hosting runs the host (game.server) on a thread of this window's process and joins it
like any other player, over the loopback; the match code and the address to give the
friends show on the table until everyone has come.
"""
from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

from game.logic.records import new_seed
from game.server.protocol import DEFAULT_PORT, new_code, new_token, parse_address
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Label, Menu, TextField, back_or_menu
from game.shell.screens.title import MENU_LEGEND

from game.shell.net.session import NetSession, remember, remembered
from game.shell.net.shared import (FormScene, NetSetupScene, WaitScene, asked_name,
                                   keep_name, name_field)

if TYPE_CHECKING:
    from game.server.saving import HostedSaver

HOST_SEATS = [("here", "You, on this computer"), ("remote", "A friend, on their computer")]


class HostingKeywords(TypedDict):
    """What a match hosted from this window is made with, new or resumed."""

    host_key: str
    log: Callable[[str], None]
    pace: float
    hard_seconds: float | None
    saver: HostedSaver


def log_line(line: str) -> None:
    """The embedded host's log: one line each on the terminal."""
    print(f"network: {line}", file=sys.stderr, flush=True)


class NetworkScene(Scene):
    """Play online, host a match, resume a hosted one, or join one."""

    def __init__(self, app):
        super().__init__(app)
        self.notice = None
        self.build()

    def build(self) -> None:
        from game.server.saving import hosted_ports, load_hosted
        from game.play.saves import describe
        rows = [Button("Play online", self.online), Button("Host a match", self.host),
                Button("Join a match", self.join)]
        memory = remembered()
        if memory.get("token") and memory.get("address") and memory.get("code"):
            rows.insert(0, Button(f"Rejoin your match at {memory['address']}",
                                  lambda: self.rejoin(memory), width=1600, size=32))
        problems = []
        for port in hosted_ports():           # each hosted match saved, by its port
            save, problem = load_hosted(port)
            problems += [problem] if problem else []
            if save is not None:
                rows.insert(-1, Button(f"Resume hosted (port {port}): {describe(save.saved)}",
                                       lambda s=save, p=port: self.resume(s, p),
                                       width=1600, size=32))
        self.notice = " ".join(problems) or None
        self.menu = Menu(self.app, rows, top=420, bottom=800, gap=12,
                         footer=[Button("Back", self.app.pop)], footer_top=860)

    def enter(self) -> None:
        self.build()

    def rejoin(self, memory: dict) -> None:
        """Back to the seat this person had (their token), as after a crash or a relaunch."""
        self.notice = None
        self.app.end_network()
        self.app.network = NetSession(self.app, memory["address"], memory["code"],
                                      memory["token"], failed=(self, self.say))
        self.app.push(WaitScene(self.app, f"Joining the match at {memory['address']}..."))

    def say(self, reason: str) -> None:
        self.notice = reason

    def resume(self, save, port: int) -> None:
        self.notice = start_hosting(self.app, port=port, resumed=save)

    def host(self) -> None:
        self.app.push(HostSetupScene(self.app))

    def online(self) -> None:
        from game.shell.net.online import OnlineScene
        self.app.push(OnlineScene(self.app))

    def join(self) -> None:
        self.app.push(JoinScene(self.app))

    def handle(self, action) -> None:
        back_or_menu(self.app, self.menu, action)

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        theme.draw_title(surface, "Network", 160)
        theme.draw_text(surface, "Play friends on other computers: at a table on a server "
                                 "(Play online), or one hosts and the others join.",
                        (960, 290), 32, theme.TEXT_DIM, "center")
        self.menu.draw(surface)
        if self.notice:
            theme.draw_caption(surface, self.app, self.notice, color=theme.HIGHLIGHT)
        theme.draw_legend(surface, self.app, MENU_LEGEND)


class HostSetupScene(NetSetupScene):
    """The match setup, with friends' seats and the port to listen on; Host."""

    start_label = "Host"
    title = "Host a match"

    SEATS = HOST_SEATS

    def __init__(self, app):
        self.port = remembered().get("port", str(DEFAULT_PORT))
        self.bind = ""
        super().__init__(app)

    def option_rows(self, cls) -> list:
        name = name_field(self.name, self.set_name)
        port = TextField("Port", self.port, self.set_port, max_length=5)
        port.help = ("The port friends join on: open it in this computer's firewall (and "
                     "forward it on the router to play over the internet)")
        bind = TextField("Listen on", self.bind, self.set_bind, max_length=45)
        bind.help = ("Empty: every address of this computer; or one of its addresses only "
                     "(127.0.0.1: this computer alone)")
        return [name, port, bind] + super().option_rows(cls)

    def set_port(self, text: str) -> None:
        self.port = text

    def set_bind(self, text: str) -> None:
        self.bind = text.strip()

    def problem_with_seats(self) -> str | None:
        kinds = self.seats[:self.players]
        if not keep_name(self.app, self.name):
            return "Type your name: the others see it at the table."
        if kinds.count("here") != 1:
            return "Exactly one seat is yours, on this computer."
        if "remote" not in kinds:
            return "Give at least one seat to a friend on another computer."
        if not self.port.isdigit() or not 0 < int(self.port) < 65536:
            return "The port is a number from 1 to 65535."
        return None

    def start(self) -> None:
        self.problem = self.problem_with_seats()
        if self.problem is None:
            self.problem = start_hosting(self.app, self.host_seats(), self.variant,
                                         dict(self.options.get(self.variant, {})),
                                         int(self.port), bind=self.bind or None)

    def host_seats(self) -> list:
        from game.server.match import HostSeat
        names = self.app.settings.player_names
        seats = []
        for index, kind in enumerate(self.seats[:self.players]):
            if kind == "here":
                seats.append(HostSeat(names[0], here=True, token=new_token()))
            elif kind == "remote":
                seats.append(HostSeat(f"Seat {index + 1}"))
            else:
                seats.append(HostSeat(names[index], "computer", kind))
        return seats



def start_hosting(app, seats=None, variant=None, options=None, port=DEFAULT_PORT,
                  resumed=None, bind: str | None = None) -> str | None:
    """Host a new match (or the `resumed` save) on a thread of this process, listening
    on every address or on `bind` only, and join it from this window; the reason, in a
    sentence, when it cannot listen."""
    from game.server.host import HostThread, lan_address
    from game.server.match import THINK_SECONDS, HostedMatch
    from game.server.saving import HostedSaver, hosted_match
    from game.play import thinking
    settings = app.settings
    pace = THINK_SECONDS / settings.anim_speed if settings.anim_speed > 0 else 0.0
    given: HostingKeywords = {"host_key": secrets.token_urlsafe(16), "log": log_line,
                              "pace": pace,
                              "hard_seconds": getattr(settings, "think_seconds", None),
                              "saver": HostedSaver(port)}
    if resumed is not None:
        match = hosted_match(resumed, **given)
    else:
        match = HostedMatch(variant, seats, options, new_seed(),
                            code=new_code(), **given)
    here = next((seat for seat in match.seats if seat.here), None)
    if here is None:
        return "This match has no seat for this computer."
    thinking.start()                 # the worker lives as long as this window, not the host
    host = HostThread(match, bind, port, log_line)
    try:
        host.start()
    except OSError as error:
        if bind is not None:
            return (f"Cannot listen on {bind}, port {port} ({error.strerror or error}): is "
                    "it an address of this computer?")
        return (f"Port {port} cannot be used ({error.strerror or error}): another program "
                "may have it. Choose another port.")
    where = bind if bind not in (None, "0.0.0.0", "::") else lan_address()
    host.address = f"{where or 'this computer'}:{host.port}"
    remember(port=str(host.port))
    match.save()
    app.end_network()
    app.network = NetSession(app, f"127.0.0.1:{host.port}", match.code, here.token, host,
                             given["host_key"])
    app.push(WaitScene(app, f"Starting the match on port {host.port}..."))
    return None


class JoinScene(FormScene):
    """The host's address and the match code; Join."""

    title = "Join a match"

    def __init__(self, app):
        super().__init__(app)
        memory = remembered()
        self.name = name_field(asked_name(app), None, width=1100)
        self.address = TextField("Host's address", memory.get("address", ""),
                                 max_length=60, width=1100)
        self.code = TextField("Match code", memory.get("code", ""), max_length=16,
                              width=1100)
        self.address.help = "The host's address and port, like 192.168.1.20:7777"
        self.code.help = "The code the host's screen shows (case does not matter)"
        self.menu = Menu(app, [self.name, self.address, self.code,
                               Label("Ask the host for both; a friend on the internet "
                                     "needs the host's public address.", width=1100)],
                         top=380, bottom=760, gap=14,
                         footer=[Button("Join", self.start, width=445),
                                 Button("Back", app.pop, width=445)], footer_top=860)

    def start(self) -> None:
        address, code = self.address.text.strip(), self.code.text.strip()
        try:
            parse_address(address)
        except ValueError as error:
            self.problem = f"{str(error)[:1].upper()}{str(error)[1:]}."
            return
        if not code:
            self.problem = "Type the match code the host's screen shows."
            return
        if not keep_name(self.app, self.name.text):
            self.problem = "Type your name: the others see it at the table."
            return
        memory = remembered()
        token = memory.get("token") if (memory.get("address"), memory.get("code")) == (
            address, code) else None
        self.app.end_network()
        self.app.network = NetSession(self.app, address, code, token,
                                      failed=(self, self.say))
        self.app.push(WaitScene(self.app, f"Joining the match at {address}..."))


