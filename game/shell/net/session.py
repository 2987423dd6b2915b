"""This window's part in a network match: its connections to the host or the table server
(one for each person at this computer: two people on one couch hold two seats), the host
itself when this window hosts (on a thread of its own), the match scene it feeds, and
what it remembers to come back to its seats.

The app pumps the session every update, whatever is on screen (`App.advance`), so the
host's messages are read under a pause menu or the results too. Once every seat of this
window has its welcome and first position, the match scene is built (the variant's own,
with a network seat's controller: scenes.py); every later message goes to that scene's
controller, with the seat it came for. A lost connection asks whether to join again
(with the seats' tokens, so the seats are these people's again); a host that ends the
match says so.

Opening a table on a table server is a connection that reaches the server's key first
(game.server.identity): the server gives the table's code and the tokens of this
window's seats, the first seat sits down on that connection, any other seat of this
window joins with its token.

What is kept to come back (`network.json` in the data folder, memory.py): the address,
code and token of the last hosted match joined, every table sat at of late (its server's
address, its code and this window's tokens; one the server says it has no more is
forgotten), and each table server's key as first met.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.logic.variants import find_variant
from game.play.config import MatchConfig
from game.server.client import NetClient
from game.server.protocol import ProtocolError
from game.server.secure import normal_code
from game.server.seat_state import SeatState

from game.shell.net.memory import (forget_table, known_key, remember, remember_key,
                                   remember_table, remembered)
from game.shell.net.words import heard, seat_name

if TYPE_CHECKING:
    from game.shell.net.controller import SeatController

WAKE = pygame.event.custom_type()      # posted by the network thread: a message came
__all__ = ["NetSession", "remember", "remembered", "WAKE"]


def wake() -> None:
    """Wake an idle frame loop (it sleeps on the event queue): called off the main thread."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:            # the window is gone: nobody to wake
        pass


class Link:
    """One seat of this window: its connection, its token, its welcome and state."""

    def __init__(self, name: str, token: str | None):
        self.name, self.token = name, token
        self.client: NetClient | None = None
        self.welcome: dict | None = None
        self.state: SeatState | None = None
        self.first: dict | None = None        # its first position since the welcome

    @property
    def seat(self) -> int | None:
        return self.welcome["seat"] if self.welcome else None


class NetSession:
    WAKE = WAKE

    def __init__(self, app, address: str, code: str, token: str | None = None,
                 host=None, host_key: str | None = None, failed=None,
                 opening: dict | None = None, tokens=None, names=None, table: bool = False):
        self.app = app
        # (scene, say(reason)): where a join that fails goes back to, its fields kept
        self.failed = failed
        self.address, self.code = address, code
        self.host, self.host_key = host, host_key     # a HostThread when this window hosts
        # a table server's table (opened, or joined by its code): nobody is the host
        self.table_server = table or opening is not None
        self.opening = opening
        names = list(names or [app.settings.player_names[0]])
        tokens = list(tokens or [token])
        self.links = [Link(name, tokens[i] if i < len(tokens) else None)
                      for i, name in enumerate(names)]
        self.table: dict | None = None
        self.table_received = time.monotonic()    # the table's countdowns start here
        self.controller: SeatController | None = None
        self.waiting = None           # the scene that says what the session waits for
        self.lost: str | None = None  # why the connection ended, once it has
        self.seated = False           # a match was shown: a lost connection may join again
        self.connect()

    # --- what one seat's code read before --------------------------------------------
    @property
    def client(self) -> NetClient | None:
        return self.links[0].client

    @property
    def token(self) -> str | None:
        return self.links[0].token

    @property
    def welcome(self) -> dict | None:
        return self.links[0].welcome

    @property
    def state(self) -> SeatState | None:
        return self.links[0].state

    @property
    def tokens(self) -> list[str | None]:
        return [link.token for link in self.links]

    # --- the connections --------------------------------------------------------------
    def connect(self) -> None:
        """Connect (again) every seat of this window (ValueError if the address cannot be
        one); a table being opened connects its first seat alone, the others once the
        server gave the code."""
        self.lost = None
        for index, link in enumerate(self.links):
            if self.opening is not None and index > 0:
                link.client = None
                continue
            self._connect(link, self.opening if index == 0 else None)

    def _connect(self, link: Link, opening: dict | None = None) -> None:
        join = {"code": self.code, "name": link.name, "token": link.token,
                "host_key": self.host_key}
        link.welcome, link.first = None, None
        link.client = NetClient(self.address, join, wake=wake, opening=opening,
                                known_key=known_key(self.address) if opening else None,
                                server=self.table_server).start()

    @property
    def connected(self) -> bool:
        return self.lost is None and all(link.welcome is not None for link in self.links)

    def send(self, message: dict, seat: int | None = None) -> None:
        """To the host, from `seat` of this window (the first when None)."""
        link = self.link_of(seat) or self.links[0]
        if link.client is not None:
            link.client.send(message)

    def send_all(self, message: dict) -> None:
        """From every seat of this window (a rematch, a round seen)."""
        for link in self.links:
            if link.client is not None:
                link.client.send(message)

    def link_of(self, seat: int | None) -> Link | None:
        return next((link for link in self.links if seat is not None and link.seat == seat),
                    None)

    def close(self) -> None:
        if self.table_server and self.controller is not None and \
                self.controller.state.is_over():    # a finished match: no way back to it
            forget_table(self.address, normal_code(self.code))
        for link in self.links:
            if link.client is not None:
                link.client.close()
        if self.host is not None:
            self.host.stop()
            self.host = None

    def pump(self) -> None:
        for link in self.links:
            if link.client is None:
                continue
            for message in link.client.poll():
                try:
                    self.receive(message, link)
                except ProtocolError as error:
                    self.close()
                    who = "server" if self.table_server else "host"     # (English: as
                    self.connection_lost(f"The {who}'s messages cannot be read: "   # the
                                         f"{error}.")                               # wire)
                    return
                if self.app.network is not self:         # it ended on that message
                    return

    # --- what comes -------------------------------------------------------------------
    def receive(self, message: dict, link: Link | None = None) -> None:
        link = link or self.links[0]
        kind = message.get("type")
        if kind == "opened":
            self.opened(message, link)
        elif kind == "welcome":
            self.welcomed(message, link)
        elif kind == "position" and self.controller is None:
            self.first_position(message, link)
        elif kind == "table":
            from game.shell.net.controller import checked_table
            players = link.state.players if link.state is not None else None
            self.table, self.table_received = checked_table(message, players), time.monotonic()
            if self.controller is not None:
                self.controller.receive(message)
        elif kind == "bye" and message.get("again"):     # dropped: the seat still waits
            self.connection_lost(str(message.get("reason", ""))[:300])
        elif kind == "bye":
            self.ended(str(message.get("reason", ""))[:300])
        elif kind == "closed":
            self.connection_lost(str(message.get("reason", ""))[:300])
        elif kind == "refused" and link.welcome is None:
            if self.table_server and message.get("why") == "code":    # no such table now
                forget_table(self.address, normal_code(self.code))
            self.refused(str(message.get("reason", ""))[:300])
        elif self.controller is not None:
            self.controller.receive(message, link.seat)

    def opened(self, message: dict, link: Link) -> None:
        """The table server opened the table: its code, and this window's tokens."""
        code, tokens = message.get("code"), message.get("tokens")
        if not (isinstance(code, str) and isinstance(tokens, list)
                and len(tokens) == len(self.links) and all(isinstance(t, str) for t in tokens)):
            raise ProtocolError("an opened table without its code or this window's tokens")
        self.code, opening, self.opening = code, self.opening, None
        key = link.client.server_key if link.client is not None else None
        if key is not None:
            remember_key(self.address, key)
        for other, token in zip(self.links, tokens):
            other.token = token
        remember_table(self.address, code, " ".join(tokens),
                       str((opening or {}).get("variant", "")))
        for other in self.links[1:]:
            self._connect(other)

    def welcomed(self, message: dict, link: Link) -> None:
        from game.shell.net.controller import checked_table
        try:
            cls = find_variant(message["variant"])
            seat, players = message["seat"], message["players"]
            link.state = SeatState(cls, seat, players, dict(message["options"]))
            link.token = str(message["token"])
            self.table = checked_table(message["table"], int(players))
            self.table_received = time.monotonic()
        except (KeyError, TypeError, ValueError) as error:
            raise ProtocolError(f"a welcome that cannot be read ({error})") from None
        link.welcome, link.first, self.controller = message, None, None
        self.code = str(message.get("code") or self.code)
        if self.table_server:
            remember_table(self.address, self.code, " ".join(t or "" for t in self.tokens),
                           str(message["variant"]))
        elif self.host is None:
            remember(address=self.address, code=self.code, token=link.token)

    def first_position(self, message: dict, link: Link) -> None:
        """The position after a welcome: once every seat of this window has its own, the
        match scene is built on them."""
        from game.server.snapshot import read_position
        if link.state is None or self.table is None:
            raise ProtocolError("a position before the welcome")
        read_position(link.state, message)
        link.first = message
        if all(other.first is not None for other in self.links):
            self.build_scene()

    def build_scene(self) -> None:
        from game.shell.net.controller import seats_of
        from game.shell.net.couch import CouchState
        from game.shell.net.scenes import net_scene_class
        from game.shell.screens.dialogs import MessageScene
        states = {link.seat: link.state for link in self.links
                  if link.seat is not None and link.state is not None}
        assert len(states) == len(self.links) and self.table is not None, \
            "built once every seat is in"
        state = self.links[0].state if len(self.links) == 1 else CouchState(states)
        assert state is not None
        config = MatchConfig(state.variant, seats_of(self.table["seats"]),
                             dict(state.options))
        try:
            scene = net_scene_class(state.variant)(self.app, config, state)
        except Exception as error:          # a variant this window cannot show
            self.app.show_match(MessageScene(self.app, N_("The match cannot start"), f"{error}"))
            return
        self.controller, self.seated = scene.ctl, True
        for link in self.links:
            scene.ctl.host_plies[link.seat] = link.first["ply"] if link.first else 0
        scene.ctl.receive_table(self.table)
        self.waiting = None
        self.app.show_match(scene)

    def refused(self, reason: str) -> None:
        """The host would not seat this window: say why, on the screen the join came
        from (its fields kept), else on the menu."""
        from game.shell.screens.dialogs import MessageScene
        if self.back_to_failed(reason):
            return
        self.app.end_network()
        self.app.push(MessageScene(self.app, N_("Cannot join the table") if self.table_server
                                   else N_("Cannot join the match"), heard(reason)))

    def back_to_failed(self, reason: str) -> bool:
        """A join that never got a seat goes back to where it came from, saying why."""
        if self.failed is None or self.controller is not None or \
                self.failed[0] not in self.app.stack:
            return False
        scene, say = self.failed
        self.lost = reason
        self.app.end_network()
        while self.app.top is not scene:
            self.app.pop()
        say(heard(reason))
        return True

    def ended(self, reason: str) -> None:
        """The match is over for this window (the host stopped it, or no seat was had):
        back on the menu, which says why."""
        from game.shell.screens.dialogs import MessageScene
        if self.lost is not None or self.app.network is not self:
            return
        if self.back_to_failed(reason or "The connection ended."):
            return
        self.lost = reason or "The connection ended."
        self.app.back_to_menu()
        if "join again" not in self.lost:
            title = N_("The network match ended")
        elif self.table_server:
            title = N_("The table stopped for now")
        else:
            title = N_("The host stopped the match for now")
        self.app.push(MessageScene(self.app, title, heard(self.lost)))

    def connection_lost(self, reason: str) -> None:
        """Before a seat was given: say why. During a match: offer to join again."""
        from game.shell.screens.dialogs import ConfirmScene
        if self.lost is not None or self.app.network is not self:
            return
        # (a join again that finds the server not back yet offers it again: the seats
        # still wait there)
        if (self.controller is None and not self.seated) or self.host is not None:
            self.ended(reason)
            return
        self.close()
        self.lost = reason or "The connection ended."
        question = (_("The connection to the table server was lost.") if self.table_server
                    else _("The connection to the host was lost."))
        self.app.push(ConfirmScene(self.app, question, N_("Join again"), N_("Leave"),
                                   self.rejoin, detail=heard(self.lost),
                                   on_no=self.app.back_to_menu, focus_yes=True,
                                   legend=N_("Up/Down: choose   Enter: select   Esc: leave")))

    def rejoin(self) -> None:
        self.controller = None
        self.connect()

    # --- what the scenes ask ----------------------------------------------------------
    def leaving(self) -> str:
        if self.host is not None:
            return _("Leave? The match stops for everyone (it stays saved for later).")
        if len(self.links) > 1:
            return _("Leave this match? Your seats wait for you for two minutes.")
        return _("Leave this match? Your seat waits for you for two minutes.")

    def pause_buttons(self) -> list:
        """The choices on the pause menu of the host's window, or of anyone at a table
        (nobody hosts it): a computer for a seat whose person has been gone too long."""
        if (self.host is None and not self.table_server) or not self.table:
            return []
        buttons = []
        for index, seat in enumerate(self.table.get("seats", ())):
            if (seat.get("kind") == "person" and not seat.get("present")
                    and seat.get("left", 1) == 0):
                buttons.append((_("The computer plays for {name}").format(
                                    name=seat_name(str(seat.get("name", "")))),
                                lambda i=index: self.send({"type": "takeover", "seat": i,
                                                           "level": "greedy"})))
        return buttons

    def wait_for_rematch(self) -> None:
        """After Rematch: the results stay, saying so, until the host deals the next game
        (the host then names who it waits for)."""
        if self.controller is not None:
            text = _("Waiting for the others to choose Rematch.")
            self.controller.say(text, speak=False)
            results = self.controller.results_shown()
            if results is not None:
                results.note = text
