"""The network screens, for the tests that read what a frame shows (screen_walk.py): the
Network menu, Host a match, Join a match, Play online, Open a table, Join a table, the
waiting screens, a join refused, a hosted match waiting for a friend (its code on the
table), its menu, the friend gone and gone too long, the host stopping, and a table
opened on a table server, waiting with its code.

`network(app, folder)` arranges each on `app` and yields its name; the host runs on a
thread of this process and the table server on another (its files in `folder`), both on
the loopback, stopped at the end of the walk.
"""
from __future__ import annotations

import time
from collections.abc import Iterator

from game.server.bot import SeatBot
from game.server.match import GRACE, HostSeat
from game.server.protocol import new_token
from game.shell.net.online import JoinTableScene, OnlineScene, OpenTableScene
from game.shell.net.scenes import NetMatchMixin
from game.shell.net.screens import HostSetupScene, JoinScene, NetworkScene, start_hosting
from game.shell.net.shared import WaitScene

from table_support import ServerThread

NAMES = ["Ann", "Ben", "Ann", "Ben"]      # the walk's people (screen_walk's WALK_DATA)


def until(app, condition, seconds: float = 30.0, step=None) -> bool:
    """Frames of `app` (the network read at each) until `condition()` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        if step is not None:
            step()
        app.advance(1 / 60)
        time.sleep(0.005)
    app.draw()
    return True


def network(app, folder) -> Iterator[str]:
    app.settings.player_names = list(NAMES)
    tables = ServerThread(folder)
    try:
        yield from forms(app)
        yield from hosted_match(app)
        yield from table(app, tables.address)
    finally:
        app.end_network()
        tables.stop()


def forms(app) -> Iterator[str]:
    app.back_to_menu()
    app.push(NetworkScene(app))
    yield "network"
    app.push(HostSetupScene(app))
    setup = app.top
    for label in ("Your name", "Port", "Listen on"):
        setup.menu.focus = next(i for i, w in enumerate(setup.menu.widgets)
                                if w.label == label)
        setup.menu.layout()
        yield f"host a match: {label}"
    setup.port = "0"
    setup.start()
    yield "host a match: a wrong port"
    app.pop()
    app.push(JoinScene(app))
    yield "join a match"
    app.top.start()
    yield "join a match: no address"
    app.pop()
    app.push(OnlineScene(app))
    yield "play online"
    app.push(OpenTableScene(app))
    yield "open a table"
    app.pop()
    app.push(JoinTableScene(app))
    yield "join a table"
    app.top.start()
    yield "join a table: no code"
    app.back_to_menu()
    app.push(WaitScene(app, "Joining the match at {address}...", address="192.168.1.20:7777"))
    yield "waiting for a host"
    app.pop()
    app.push(WaitScene(app, "Opening a table at {address}...", table=True,
                       address="192.168.1.20:7777"))
    yield "waiting for a table server"
    app.back_to_menu()


def hosted_match(app) -> Iterator[str]:
    """Host a match; a friend joins with a wrong code (refused), then with the right one,
    leaves, and is gone too long; the host stops."""
    seats = [HostSeat("Ann", here=True, token=new_token()), HostSeat("Ben")]
    app.push(NetworkScene(app))
    assert start_hosting(app, seats, "classic", {"limit": 30}, 0, bind="127.0.0.1") is None
    session = app.network
    assert until(app, lambda: isinstance(app.top, NetMatchMixin)), type(app.top)
    scene = app.top
    yield "hosted match: waiting for a friend, its code shown"
    scene.ctl.pause()
    yield "hosted match: its menu"
    app.pop()
    address = f"127.0.0.1:{session.host.port}"
    intruder = SeatBot(address, "WRONG9", "Eve")
    intruder.start()
    assert until(app, lambda: intruder.client.closed, step=intruder.step)
    ben = SeatBot(address, session.code.lower(), "Ben").start()
    assert until(app, lambda: scene.ctl.paused is None, step=ben.step), scene.ctl.paused
    ben.close()
    assert until(app, lambda: any(s.get("left") for s in scene.ctl.seats_info))
    yield "hosted match: a friend left"
    match = session.host.server.match
    match.seats[1].vacant_since -= GRACE
    assert until(app, lambda: session.pause_buttons())
    yield "hosted match: a friend gone too long"
    scene.ctl.pause()
    yield "hosted match: its menu, the computer may play"
    app.pop()
    session.ended("The host stopped the match for now: it stays saved there. Once the host "
                  "resumes it, join again with the same code to take your seat back.")
    yield "hosted match: stopped"
    app.end_network()
    app.back_to_menu()
    app.push(NetworkScene(app))
    app.push(JoinScene(app))
    form = app.top
    form.address.text, form.code.text = address, "WRONG9"
    form.start()
    assert until(app, lambda: app.top is form and form.problem), form.problem
    yield "join a match: refused"
    app.end_network()
    app.back_to_menu()


def table(app, address: str) -> Iterator[str]:
    """A table opened on the table server, waiting for the friend, its code shown."""
    app.settings.server_address = address
    app.push(NetworkScene(app))
    app.push(OnlineScene(app))
    app.push(OpenTableScene(app))
    app.top.start()
    assert until(app, lambda: isinstance(app.top, NetMatchMixin)), type(app.top)
    yield "table: waiting for a friend, its code shown"
    app.top.ctl.pause()
    yield "table: its menu"
    app.end_network()
    app.back_to_menu()
    app.push(NetworkScene(app))
    yield "network: back to your table"
    app.back_to_menu()
