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

from game.i18n import N_, _
from game.logic.records import new_seed
from game.server.protocol import DEFAULT_PORT, new_code, new_token, parse_address
from game.shell.frame import theme
from game.shell.frame.scene import Scene
from game.shell.frame.widgets import Button, Menu, TextField, back_or_menu
from game.shell.screens.title import MENU_LEGEND

from game.shell.net.session import NetSession, remember, remembered
from game.shell.net.shared import (FormScene, KeptField, NetSetupScene, WaitScene,
                                   asked_name, keep_name, name_field)
from game.shell.net.online import address_error
from game.shell.net.words import heard

if TYPE_CHECKING:
    from game.server.saving import HostedSaver

HOST_SEATS = [("here", N_("You, on this computer")),
              ("remote", N_("A friend, on their computer"))]


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
        rows = [Button(N_("Play online"), self.online), Button(N_("Host a match"), self.host),
                Button(N_("Join a match"), self.join)]
        memory = remembered()
        if memory.get("token") and memory.get("address") and memory.get("code"):
            rows.insert(0, Button(_("Rejoin your match at {address}").format(
                                      address=memory["address"]),
                                  lambda: self.rejoin(memory), width=1600, size=32))
        problems = []
        for port in hosted_ports():           # each hosted match saved, by its port
            save, problem = load_hosted(port)
            problems += [heard(problem)] if problem else []
            if save is not None:
                rows.insert(-1, Button(_("Resume hosted (port {port}): {match}").format(
                                           port=port, match=describe(save.saved)),
                                       lambda s=save, p=port: self.resume(s, p),
                                       width=1600, size=32))
        self.notice = " ".join(problems) or None
        self.menu = Menu(self.app, rows, top=420, bottom=800, gap=12,
                         footer=[Button(N_("Back"), self.app.pop)], footer_top=860)

    def enter(self) -> None:
        self.build()

    def rejoin(self, memory: dict) -> None:
        """Back to the seat this person had (their token), as after a crash or a relaunch."""
        self.notice = None
        self.app.end_network()
        self.app.network = NetSession(self.app, memory["address"], memory["code"],
                                      memory["token"], failed=(self, self.say))
        self.app.push(WaitScene(self.app, N_("Joining the match at {address}..."),
                                address=memory["address"]))

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
        theme.draw_title(surface, N_("Network"), 160)
        theme.draw_fitted(surface, _("Play friends on other computers: at a table on a server "
                                     "(Play online), or one hosts and the others join."),
                          (960, 290), 1800, 32, theme.TEXT_DIM, "center")
        self.menu.draw(surface)
        if self.notice:
            theme.draw_caption(surface, self.app, self.notice, color=theme.HIGHLIGHT)
        theme.draw_legend(surface, self.app, MENU_LEGEND)


class HostSetupScene(NetSetupScene):
    """The match setup, with friends' seats and the port to listen on; Host."""

    start_label = N_("Host")
    title = N_("Host a match")

    SEATS = HOST_SEATS

    def __init__(self, app):
        self.port = remembered().get("port", str(DEFAULT_PORT))
        self.bind = ""
        super().__init__(app)

    def option_rows(self, cls) -> list:
        name = name_field(self.name, self.set_name)
        port = TextField(N_("Port"), self.port, self.set_port, max_length=5)
        port.help = N_("The port friends join on: open it in this computer's firewall (and "
                       "forward it on the router to play over the internet)")
        bind = TextField(N_("Listen on"), self.bind, self.set_bind, max_length=45)
        bind.help = N_("Empty: every address of this computer; or one of its addresses only "
                       "(127.0.0.1: this computer alone)")
        return [name, port, bind] + super().option_rows(cls)

    def set_port(self, text: str) -> None:
        self.port = text

    def set_bind(self, text: str) -> None:
        self.bind = text.strip()

    def problem_with_seats(self) -> str | None:
        kinds = self.seats[:self.players]
        if not keep_name(self.app, self.name):
            return _("Type your name: the others see it at the table.")
        if kinds.count("here") != 1:
            return _("Exactly one seat is yours, on this computer.")
        if "remote" not in kinds:
            return _("Give at least one seat to a friend on another computer.")
        if not self.port.isdigit() or not 0 < int(self.port) < 65536:
            return _("The port is a number from 1 to 65535.")
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
            elif kind == "remote":     # the friend's name once they come; until then
                seats.append(HostSeat(names[index]))     # the one this setup showed
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
        return _("This match has no seat for this computer.")
    thinking.start()                 # the worker lives as long as this window, not the host
    host = HostThread(match, bind, port, log_line)
    try:
        host.start()
    except OSError as error:
        if bind is not None:
            return _("Cannot listen on {address}, port {port} ({error}): is it an address "
                     "of this computer?").format(address=bind, port=port,
                                                 error=error.strerror or error)
        return _("Port {port} cannot be used ({error}): another program may have it. "
                 "Choose another port.").format(port=port, error=error.strerror or error)
    where = bind if bind not in (None, "0.0.0.0", "::") else lan_address()
    host.address = f"{where or _('this computer')}:{host.port}"
    remember(port=str(host.port))
    match.save()
    app.end_network()
    app.network = NetSession(app, f"127.0.0.1:{host.port}", match.code, here.token, host,
                             given["host_key"])
    app.push(WaitScene(app, N_("Starting the match on port {port}..."), port=str(host.port)))
    return None


class JoinScene(FormScene):
    """The host's address and the match code; Join."""

    title = N_("Join a match")
    intro = N_("Ask the host for the address and the code (over the internet: the host's "
               "public address).")

    def __init__(self, app):
        super().__init__(app)
        memory = remembered()
        self.name = name_field(asked_name(app), None, width=1100)
        # the last match joined, selected: typing replaces it, Enter keeps it
        self.address = KeptField(N_("Host's address"), memory.get("address", ""),
                                 max_length=60, width=1100)
        self.code = KeptField(N_("Match code"), memory.get("code", ""), max_length=16,
                              width=1100)
        self.address.help = N_("The host's address and port, like 192.168.1.20:7777")
        self.code.help = N_("The code the host's screen shows (case does not matter)")
        self.menu = Menu(app, [self.name, self.address, self.code],
                         top=380, bottom=760, gap=14,
                         footer=[Button(N_("Join"), self.start, width=445),
                                 Button(N_("Back"), app.pop, width=445)], footer_top=860)

    def start(self) -> None:
        address, code = self.address.text.strip(), self.code.text.strip()
        try:
            parse_address(address)
        except ValueError as error:
            self.problem = address_error(error)
            return
        if not code:
            self.problem = _("Type the match code the host's screen shows.")
            return
        if not keep_name(self.app, self.name.text):
            self.problem = _("Type your name: the others see it at the table.")
            return
        memory = remembered()
        token = memory.get("token") if (memory.get("address"), memory.get("code")) == (
            address, code) else None
        self.app.end_network()
        self.app.network = NetSession(self.app, address, code, token,
                                      failed=(self, self.say))
        self.app.push(WaitScene(self.app, N_("Joining the match at {address}..."), address=address))


