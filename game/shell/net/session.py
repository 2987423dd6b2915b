"""This window's part in a network match: its connection to the host (and, when this
window hosts, the host itself on a thread of its own), the match scene it feeds, and
what it remembers to come back to its seat.

The app pumps the session every update, whatever is on screen (`App.advance`), so the
host's messages are read under a pause menu or the results too. The first position
after the host's welcome builds the match scene (the variant's own, with a network
seat's controller: scenes.py); every later message goes to that scene's controller. A
lost connection asks whether to join again (with the seat's token, so the seat is
this person's again); a host that ends the match says so.

The address, code and token of the last match joined are kept in `network.json` in the
data folder, so Join offers them again and a player whose game was closed or killed
mid-match comes back to their own seat.
"""
from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

import pygame

from game.logic.textfiles import read_text
from game.logic.variants import find_variant
from game.play.config import MatchConfig
from game.play.storage import data_dir, write_atomic
from game.server.client import NetClient
from game.server.protocol import ProtocolError
from game.server.seat_state import SeatState

if TYPE_CHECKING:
    from game.shell.net.controller import SeatController

MEMORY_NAME = "network.json"
WAKE = pygame.event.custom_type()      # posted by the network thread: a message came


def wake() -> None:
    """Wake an idle frame loop (it sleeps on the event queue): called off the main thread."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:            # the window is gone: nobody to wake
        pass


MEMORY_KEYS = ("address", "code", "token", "port")


def remembered() -> dict:
    """The last join ({"address", "code", "token"}) and the port last hosted on, or {}
    (none, or unreadable): read as every file is (a regular file only, of a settings
    file's size at most)."""
    try:
        data = json.loads(read_text(data_dir() / MEMORY_NAME, "settings"))
    except (OSError, ValueError, RecursionError):     # (FileFormatError is a ValueError)
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: data[key] for key in MEMORY_KEYS
            if isinstance(data.get(key), str) and len(data[key]) <= 200}


def remember(**fields: str) -> None:
    """Keep `fields` (of MEMORY_KEYS) beside what is kept already."""
    try:
        write_atomic(data_dir() / MEMORY_NAME,
                     json.dumps({**remembered(), **fields}) + "\n")
    except OSError:                  # a folder that cannot be written: nothing to keep
        pass


class NetSession:
    WAKE = WAKE

    def __init__(self, app, address: str, code: str, token: str | None = None,
                 host=None, host_key: str | None = None, failed=None):
        self.app = app
        # (scene, say(reason)): where a join that fails goes back to, its fields kept
        self.failed = failed
        self.address, self.code, self.token = address, code, token
        self.host, self.host_key = host, host_key     # a HostThread when this window hosts
        self.name = app.settings.player_names[0]
        self.client: NetClient                   # (connect() makes it)
        self.welcome: dict | None = None
        self.table: dict | None = None
        self.table_received = time.monotonic()    # the table's countdowns start here
        self.state: SeatState | None = None
        self.controller: SeatController | None = None
        self.waiting = None           # the scene that says what the session waits for
        self.lost: str | None = None  # why the connection ended, once it has
        self.connect()

    # --- the connection ---------------------------------------------------------------
    def connect(self) -> None:
        """Connect (again): ValueError if the address cannot be one."""
        join = {"code": self.code, "name": self.name, "token": self.token,
                "host_key": self.host_key}
        self.client = NetClient(self.address, join, wake=wake).start()
        self.lost = None

    @property
    def connected(self) -> bool:
        return self.lost is None and self.welcome is not None

    def send(self, message: dict) -> None:
        self.client.send(message)

    def close(self) -> None:
        self.client.close()
        if self.host is not None:
            self.host.stop()
            self.host = None

    def pump(self) -> None:
        for message in self.client.poll():
            try:
                self.receive(message)
            except ProtocolError as error:
                self.client.close()
                self.connection_lost(f"The host's messages cannot be read: {error}.")
                return

    # --- what comes -------------------------------------------------------------------
    def receive(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.welcomed(message)
        elif kind == "position" and self.controller is None:
            self.first_position(message)
        elif kind == "table":
            self.table, self.table_received = message, time.monotonic()
            if self.controller is not None:
                self.controller.receive(message)
        elif kind == "bye" and message.get("again"):     # dropped: the seat still waits
            self.connection_lost(str(message.get("reason", ""))[:300])
        elif kind == "bye":
            self.ended(str(message.get("reason", ""))[:300])
        elif kind == "closed":
            self.connection_lost(str(message.get("reason", ""))[:300])
        elif kind == "refused" and self.welcome is None:
            self.refused(str(message.get("reason", ""))[:300])
        elif self.controller is not None:
            self.controller.receive(message)

    def welcomed(self, message: dict) -> None:
        try:
            cls = find_variant(message["variant"])
            seat, players = message["seat"], message["players"]
            self.state = SeatState(cls, seat, players, dict(message["options"]))
            self.token = str(message["token"])
            self.table, self.table_received = message["table"], time.monotonic()
        except (KeyError, TypeError, ValueError) as error:
            raise ProtocolError(f"a welcome that cannot be read ({error})") from None
        self.welcome, self.controller = message, None
        if self.host is None:
            remember(address=self.address, code=self.code, token=self.token)

    def first_position(self, message: dict) -> None:
        """The position after a welcome: the match scene is built on it."""
        from game.shell.screens.dialogs import MessageScene
        from game.shell.net.controller import seats_of
        from game.shell.net.scenes import net_scene_class
        state, table = self.state, self.table
        if state is None or table is None:
            raise ProtocolError("a position before the welcome")
        from game.server.snapshot import read_position
        read_position(state, message)
        config = MatchConfig(state.variant, seats_of(table["seats"]), dict(state.options))
        try:
            scene = net_scene_class(state.variant)(self.app, config, state)
        except Exception as error:          # a variant this window cannot show
            self.app.show_match(MessageScene(self.app, "The match cannot start", f"{error}"))
            return
        self.controller = scene.ctl
        scene.ctl.host_ply = message["ply"]
        scene.ctl.receive_table(table)
        self.waiting = None
        self.app.show_match(scene)

    def refused(self, reason: str) -> None:
        """The host would not seat this window: say why, on the screen the join came
        from (its fields kept), else on the menu."""
        from game.shell.screens.dialogs import MessageScene
        if self.back_to_failed(reason):
            return
        self.app.end_network()
        self.app.push(MessageScene(self.app, "Cannot join the match", reason))

    def back_to_failed(self, reason: str) -> bool:
        """A join that never got a seat goes back to where it came from, saying why."""
        if self.failed is None or self.welcome is not None or \
                self.failed[0] not in self.app.stack:
            return False
        scene, say = self.failed
        self.lost = reason
        self.app.end_network()
        while self.app.top is not scene:
            self.app.pop()
        say(reason)
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
        title = "The network match ended" if "join again" not in self.lost else \
            "The host stopped the match for now"
        self.app.push(MessageScene(self.app, title, self.lost))

    def connection_lost(self, reason: str) -> None:
        """Before a seat was given: say why. During a match: offer to join again."""
        from game.shell.screens.dialogs import ConfirmScene
        if self.lost is not None or self.app.network is not self:
            return
        if self.welcome is None or self.host is not None:
            self.ended(reason)
            return
        self.lost = reason or "The connection ended."
        self.app.push(ConfirmScene(self.app, "The connection to the host was lost.",
                                   "Join again", "Leave", self.rejoin, detail=self.lost,
                                   on_no=self.app.back_to_menu, focus_yes=True))

    def rejoin(self) -> None:
        self.welcome = None
        self.connect()

    # --- what the scenes ask ----------------------------------------------------------
    def leaving(self) -> str:
        if self.host is not None:
            return "Leave? The match stops for everyone (it stays saved for later)."
        return "Leave this match? Your seat waits for you for two minutes."

    def pause_buttons(self) -> list:
        """The host's choices on the pause menu: a computer for a seat left empty."""
        if self.host is None or not self.table:
            return []
        buttons = []
        for index, seat in enumerate(self.table.get("seats", ())):
            if (seat.get("kind") == "person" and not seat.get("present")
                    and seat.get("left", 1) == 0):
                buttons.append((f"The computer plays for {seat.get('name', 'them')}",
                                lambda i=index: self.send({"type": "takeover", "seat": i,
                                                           "level": "greedy"})))
        return buttons

    def wait_for_rematch(self) -> None:
        """After Rematch: the results stay, saying so, until the host deals the next game
        (the host then names who it waits for)."""
        if self.controller is not None:
            text = "Waiting for the others to choose Rematch."
            self.controller.say(text, speak=False)
            results = self.controller.results_shown()
            if results is not None:
                results.note = text
