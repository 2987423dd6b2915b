"""The real game window in a network match, played with the keyboard as a person plays:
hosting from the Network screen (a friend's seat played by a bot over the loopback),
joining a host with its address and code, the screens every game shows, and the
statistics each person keeps on their own machine."""
import socket
import sys

import pygame
import pytest

from game.logic.variants import VARIANTS
from game.play import statistics as stats
from game.server.bot import SeatBot
from game.shell.net.scenes import NetMatchMixin
from game.shell.net.screens import HostSetupScene, JoinScene, NetworkScene
from game.shell.screens.results import ResultsScene

from acceptance_support import keep_global_random, play_board_turn, play_line_turn  # noqa: F401
import network_support
from network_support import (Hosted, NetPerson, free_port, on_screen, run_bot, type_into, wait_for)


PORT_TRIES = 3     # a free port may be taken by another program before the host binds it


def port_taken(person) -> bool:
    """Whether the Host setup refused the port (another program listens on it)."""
    top = person.top
    return isinstance(top, HostSetupScene) and "cannot be used" in (top.problem or "")


def host_from_menu(person, title: str, players: int = 2, seats=None, options=None):
    """Title -> Network -> Host a match -> game, players, seats, a free port -> Host; the
    network match scene, waiting for the friends. The port is free when chosen, but any
    program on the machine may take it before the host listens: the setup then says so,
    and another is chosen."""
    person.press("Network")
    assert isinstance(person.top, NetworkScene)
    person.press("Host a match")
    assert isinstance(person.top, HostSetupScene)
    person.choose("Game", next(n for n, c in person.top.variants if c.title == title))
    person.choose("Players", players)
    names = person.app.settings.player_names
    for seat, kind in (seats or {}).items():
        person.choose(names[seat], kind)
    for label, value in (options or {}).items():
        person.choose(label, value)
    if not person.top.name:
        type_into(person, "Your name", "Ann")
    for _ in range(PORT_TRIES):
        type_into(person, "Port", str(free_port()))
        person.press("Host")
        if not port_taken(person):
            break
    assert wait_for(lambda: isinstance(person.top, NetMatchMixin), 30, person.frame), \
        f"no match scene after Host ({on_screen(person)})"
    return person.top


def test_a_host_plays_a_classic_match_against_a_friend_on_another_machine(
        tmp_path, monkeypatch):
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=3)
    scene = host_from_menu(person, "Classic draw dominoes", options={"Limit": 50})
    assert "Waiting for Player 2 to join." in scene.ctl.paused      # (the setup's name)
    session = person.app.network
    friend = session.host.server.match                # (the host, on its thread)
    ben = SeatBot(f"127.0.0.1:{session.host.port}", session.code.lower(), "Ben",
                  "random").start()
    # Ben reads and moves before each frame, but never while the person is in the middle
    # of a turn: a turn's last key is followed by its own position, not by Ben's answer
    # too (a thinking time of Ben's did this before, at the cost of frames drawn while
    # he thought).
    turning = False
    drawn = person.frame

    def frame(count: int = 1) -> None:
        for _ in range(count):
            if not turning:
                ben.step()
            drawn()

    def turn(person, scene) -> bool:
        nonlocal turning
        turning = True
        try:
            return play_line_turn(person, scene)
        finally:
            turning = False
    monkeypatch.setattr(person, "frame", frame)
    try:
        assert wait_for(lambda: scene.ctl.paused is None, 30, person.frame)
        assert scene.ctl.name(1) == "Ben" and scene.ctl.config.seats[1].is_human
        assert not scene.ctl.is_human(1)          # a person, not at this screen
        results = person.play_to_results(turn)
        assert results.rows and friend.state.is_over()
        records, _ = stats.load()
        assert {key[0] for key in records} == {person.app.settings.player_names[0]}
    finally:
        ben.close()


def test_a_port_another_program_holds_is_refused_on_the_setup_and_another_hosts(
        tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        held = taken.getsockname()[1]
        ports = iter([held])                   # the first port chosen, then free ones
        monkeypatch.setattr(sys.modules[__name__], "free_port",
                            lambda: next(ports, None) or network_support.free_port())
        person = NetPerson(tmp_path, monkeypatch, "keys", seed=3)
        seen = []
        real_press = person.press

        def press(label):
            real_press(label)
            if label == "Host":
                seen.append(on_screen(person))
        monkeypatch.setattr(person, "press", press)
        scene = host_from_menu(person, "Classic draw dominoes")
        assert seen[0] == (f"HostSetupScene: Host a match: Port {held} cannot be used (Address "
                           "already in use): another program may have it. Choose another port.")
        assert person.app.network.host.port != held
        assert "Waiting for Player 2 to join." in scene.ctl.paused      # (the setup's name)
        person.app.end_network()


def join_from_menu(person, address: str, code: str, name: str = "Ann"):
    """Title -> Network -> Join a match -> name, address and code typed -> Join; the match
    scene."""
    person.press("Network")
    person.press("Join a match")
    assert isinstance(person.top, JoinScene)
    if person.top.name.text != name:
        type_into(person, "Your name", name)
    type_into(person, "Host's address", address)
    type_into(person, "Match code", code)
    person.press("Join")
    assert wait_for(lambda: isinstance(person.top, NetMatchMixin), 30, person.frame), \
        f"no match scene after Join ({on_screen(person)})"
    return person.top


def play_random_moves(person, scene, seconds: float = 300.0) -> ResultsScene:
    """This seat plays random legal moves (round results continued, a forced pass made by
    its own wait) and frames are drawn until the final results show."""
    import time
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        top = person.top
        if isinstance(top, ResultsScene):
            if not top.ready:
                person.frame()
            elif top.on_continue is None:
                return top
            else:
                person.press("Continue")
        elif top is scene and scene.results_due is not None:
            person.keys(pygame.K_RETURN)
        elif top is scene and scene.ctl.human_turn:
            scene.ctl.play(person.rng.choice(scene.ctl.state.legal_moves()))
            person.frame()
        else:
            person.frame()
    raise AssertionError(f"no final results (ply {scene.ctl.ply}, caption "
                         f"{scene.ctl.caption!r}, top {type(person.top).__name__})")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_game_joined_from_the_network_screen(tmp_path, monkeypatch, variant):
    """A person joins a friend's host with its address and code and plays the whole game
    on the game's own screens, against the host's other seat (a bot over the loopback);
    no tile their seat may not see is ever drawn face up."""
    options = {"classic": {"limit": 50}, "open3": {"limit": 10}, "open4": {"limit": 10}}
    hosted = Hosted(variant, ["remote", "remote"], options.get(variant))
    try:
        friend = hosted.bot("Ben", "greedy")
        thread = run_bot(friend)
        person = NetPerson(tmp_path, monkeypatch, "keys", seed=5)
        scene = join_from_menu(person, hosted.address, "test-42")
        assert type(scene).__name__ == f"Net{type(scene).__mro__[2].__name__}"
        results = play_random_moves(person, scene)
        outcome = hosted.match.state.outcome()
        assert outcome is not None and scene.ctl.state.outcome() == outcome
        assert results.rows
        thread.join(30)
    finally:
        hosted.stop()
