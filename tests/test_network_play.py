"""Everything a local match has, across machines: take-backs agreed on the other
person's machine, the coach from the seat's own view, dropping out and coming back,
the host giving a seat to the computer, a rematch, the host's save resumed from the
Network screen, and a lost connection joined again. A person plays a real game window
with the keyboard; the other seats are bots over the loopback."""
import pygame
import pytest

from game.play import statistics as stats
from game.server.bot import SeatBot
from game.server.client import NetClient
from game.server.match import GRACE
from game.shell.net.scenes import NetMatchMixin, banner_lines
from game.shell.net.screens import NetworkScene, start_hosting
from game.shell.screens.dialogs import ConfirmScene, MessageScene
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.results import ResultsScene

from acceptance_support import keep_global_random  # noqa: F401
from network_support import Hosted, NetPerson, run_bot, wait_for
from test_network_scenes import join_from_menu, play_random_moves


@pytest.fixture
def hosting():
    """A factory of hosts on the loopback (two remote seats), all stopped at the end."""
    started = []

    def host(variant, options=None):
        started.append(Hosted(variant, ["remote", "remote"], options))
        return started[-1]
    yield host
    for hosted in started:
        hosted.stop()


def sit_down(tmp_path, monkeypatch, hosted, seed, level="random", **ben):
    """Ben (a bot) takes one seat of `hosted`, a person joins the other from the menu:
    (the person, their match scene, Ben's thread)."""
    thread = run_bot(hosted.bot("Ben", level, **ben))
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=seed)
    return person, join_from_menu(person, hosted.address, "TEST42"), thread


def own_turn(person, scene, seconds=60):
    assert wait_for(lambda: scene.ctl.human_turn, seconds, person.frame), "no turn came"


def test_a_take_back_is_asked_of_the_other_person_on_their_machine(tmp_path, monkeypatch,
                                                                   hosting):
    hosted = hosting("dominox")
    person, scene, ben = sit_down(tmp_path, monkeypatch, hosted, 2, "greedy")
    own_turn(person, scene)
    before = len(scene.ctl.state.played)
    scene.ctl.play(scene.ctl.state.legal_moves()[0])
    assert wait_for(lambda: len(scene.ctl.state.played) == before + 2, 30, person.frame)
    person.keys(pygame.K_u)                       # Ben's bot says yes on its machine
    assert wait_for(lambda: len(scene.ctl.state.played) == before, 30, person.frame)
    assert wait_for(lambda: scene.ctl.caption.startswith("Taken back: 2 moves."), 10,
                    person.frame)
    assert scene.ctl.human_turn and len(hosted.match.state.moves_played()) == before
    ben.join(0)


def test_the_person_asked_answers_on_their_own_screen(tmp_path, monkeypatch, hosting):
    hosted = hosting("open3")
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=4)
    # the other person: a connection the test drives by hand
    friend = NetClient(hosted.address, {"code": "TEST42", "name": "Ben"}).start()
    scene = join_from_menu(person, hosted.address, "test42")
    inbox = []

    def friend_sees(kind):
        inbox.extend(friend.poll())
        return [m for m in inbox if m["type"] == kind]
    assert wait_for(lambda: friend_sees("position"), 30, person.frame)
    seat = friend_sees("welcome")[0]["seat"]
    for _ in range(2):                      # each plays one move, the friend's first
        state = hosted.match.state
        if state.current_player == seat:
            friend.send({"type": "move", "move": str(state.legal_moves()[0]),
                         "ply": hosted.match.ply})
            assert wait_for(lambda: state.current_player != seat, 30, person.frame)
        own_turn(person, scene)
        scene.ctl.play(scene.ctl.state.legal_moves()[0])
        assert wait_for(lambda: scene.ctl.sent is None, 30, person.frame)
    friend.send({"type": "undo", "ply": hosted.match.ply})
    assert wait_for(lambda: isinstance(person.top, ConfirmScene), 30, person.frame)
    assert person.top.question == f"{scene.ctl.name(scene.ctl.state.seat)}, allow Ben to " \
                                  "take back?"
    person.keys(pygame.K_ESCAPE)                  # no
    assert wait_for(lambda: any("said no" in m["text"] for m in friend_sees("said")), 30,
                    person.frame)
    friend.send({"type": "undo", "ply": hosted.match.ply})     # at once again: refused
    assert wait_for(lambda: any(m["about"] == "undo" for m in friend_sees("refused")), 30,
                    person.frame)
    state = hosted.match.state                    # the friend's move: then it may ask
    friend.send({"type": "move", "move": str(state.legal_moves()[0]), "ply": hosted.match.ply})
    assert wait_for(lambda: state.current_player != seat, 30, person.frame)
    played = len(hosted.match.state.moves_played())
    friend.send({"type": "undo", "ply": hosted.match.ply})
    assert wait_for(lambda: isinstance(person.top, ConfirmScene), 30, person.frame)
    person.press("Yes, take it back")
    assert wait_for(lambda: len(scene.ctl.state.played) < played, 30, person.frame)
    assert hosted.match.state.current_player == seat
    friend.close()



def test_the_coach_answers_from_the_seats_own_view(tmp_path, monkeypatch, hosting):
    hosted = hosting("classic", {"limit": 50})
    person, scene, _ = sit_down(tmp_path, monkeypatch, hosted, 6, "random")
    own_turn(person, scene)
    person.keys(pygame.K_c)
    assert wait_for(lambda: scene.coach.shown is not None, 60, person.frame)
    advice = scene.coach.shown.move
    assert scene.ctl.state.parse_move(advice) in scene.ctl.state.legal_moves()
    played = len(hosted.match.state.moves_played())
    person.keys(pygame.K_g)                       # its move is played, over the network
    assert wait_for(lambda: len(hosted.match.state.moves_played()) > played, 30,
                    person.frame)
    assert hosted.match.state.moves_played()[played] == (
        scene.ctl.state.seat, scene.ctl.state.parse_move(advice))


def test_a_friend_who_drops_out_holds_up_their_turn_and_comes_back(tmp_path, monkeypatch,
                                                                    hosting):
    hosted = hosting("open54")
    ben = hosted.bot("Ben", "random")
    thread = run_bot(ben, seconds=5)
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=1)
    scene = join_from_menu(person, hosted.address, "TEST42")
    assert wait_for(lambda: ben.welcome is not None, 30, person.frame)    # (a busy machine)
    token = ben.welcome["token"]
    ben.close()
    thread.join(10)

    def playing_on():           # Ann plays her turns until Ben's comes
        if scene.ctl.human_turn:
            scene.ctl.play(scene.ctl.state.legal_moves()[0])
        person.frame()
    assert wait_for(lambda: scene.ctl.paused == "Waiting for Ben to come back.", 30,
                    playing_on)
    lines = banner_lines(scene.ctl, person.app.network)
    assert lines[0] == scene.ctl.paused
    assert lines[1] in ("Ben may come back for 2:00", "Ben may come back for 1:59")
    assert not scene.ctl.human_turn
    back = SeatBot(hosted.address, "TEST42", "Ben", "random", token=token).start()
    run_bot(back)
    assert wait_for(lambda: scene.ctl.paused is None, 30, person.frame)
    assert banner_lines(scene.ctl, person.app.network) == []
    assert back.welcome["seat"] == ben.welcome["seat"]
    play_random_moves(person, scene)



def test_the_host_gives_a_seat_left_empty_to_the_computer(tmp_path, monkeypatch):
    from game.server.match import HostSeat
    from game.server.protocol import new_token
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=8)
    app = person.app
    seats = [HostSeat("Ann", here=True, token=new_token()), HostSeat("Seat 2")]
    assert start_hosting(app, seats, "open4", {"limit": 10}, 0) is None
    assert wait_for(lambda: isinstance(person.top, NetMatchMixin), 30, person.frame)
    scene, session = person.top, app.network
    match = session.host.server.match
    ben = SeatBot(f"127.0.0.1:{session.host.port}", session.code, "Ben").start()
    assert wait_for(lambda: scene.ctl.paused is None, 30, lambda: (ben.step(), person.frame()))
    ben.close()
    assert wait_for(lambda: not scene.ctl.seats_info[1]["present"], 30, person.frame)
    person.keys(pygame.K_ESCAPE)
    assert isinstance(person.top, PauseOverlay)
    labels = [w.label for w in person.top.menu.widgets]
    assert "The computer plays for Ben" not in labels          # Ben still has time
    person.keys(pygame.K_ESCAPE)
    match.seats[1].vacant_since -= GRACE                      # two minutes later
    assert wait_for(lambda: any("gone two minutes" in line for line in
                                banner_lines(scene.ctl, session)), 30, person.frame)
    person.keys(pygame.K_ESCAPE)
    person.press("The computer plays for Ben")
    assert wait_for(lambda: not scene.ctl.is_human(1), 30, person.frame)
    assert scene.ctl.paused is None and scene.ctl.config.seats[1].level == "greedy"
    play_random_moves(person, scene)
    records, _ = stats.load()
    assert [key[0] for key in records] == [app.settings.player_names[0]]


def test_a_rematch_is_dealt_once_both_want_it(tmp_path, monkeypatch, hosting):
    hosted = hosting("blank")
    person, scene, _ = sit_down(tmp_path, monkeypatch, hosted, 9, "random", rematches=1)
    results = play_random_moves(person, scene)
    first = hosted.match.state
    person.press("Rematch")
    assert wait_for(lambda: person.match_scene() is not scene, 30, person.frame)
    again = person.match_scene()
    assert isinstance(again, NetMatchMixin) and not again.ctl.state.played
    assert hosted.match.state is not first
    assert isinstance(results, ResultsScene)
    records, _ = stats.load()
    assert sum(r.games for r in records.values()) == 1


def test_a_hosted_match_is_resumed_from_the_network_screen(tmp_path, monkeypatch):
    from game.server.match import HostSeat
    from game.server.protocol import new_token
    from network_support import free_port
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=10)
    app = person.app
    seats = [HostSeat("Ann", here=True, token=new_token()), HostSeat("Seat 2")]
    for _ in range(3):          # (free when chosen, the port may be taken before it listens)
        port = free_port()
        problem = start_hosting(app, seats, "dominid", {}, port)
        if problem is None:
            break
    assert problem is None, problem
    assert wait_for(lambda: isinstance(person.top, NetMatchMixin), 30, person.frame)
    session = app.network
    ben = SeatBot(f"127.0.0.1:{port}", session.code, "Ben").start()
    scene = person.top
    while len(scene.ctl.state.played) < 4:
        ben.step()
        if scene.ctl.human_turn:
            scene.ctl.play(scene.ctl.state.legal_moves()[0])
        person.frame()
    played = [str(m) for _, m in scene.ctl.state.played]
    token = ben.welcome["token"]
    person.keys(pygame.K_ESCAPE)
    person.press("Quit to menu")
    person.press("Yes, quit to menu")                 # the host stops; its save stays
    assert app.network is None and wait_for(lambda: ben.client.closed, 10, ben.step)
    person.press("Network")
    assert isinstance(person.top, NetworkScene)
    resume = next(w.label for w in person.top.menu.widgets if w.label.startswith("Resume"))
    person.press(resume)
    assert wait_for(lambda: isinstance(person.top, NetMatchMixin), 30, person.frame)
    scene = person.top
    assert [str(m) for _, m in scene.ctl.state.played] == played
    bens_turn = scene.ctl.state.current_player == 1         # (Ann's: she plays on)
    assert scene.ctl.paused == ("Waiting for Ben to come back." if bens_turn else None)
    back = SeatBot(f"127.0.0.1:{port}", app.network.code, "Ben", token=token).start()
    run_bot(back)
    assert wait_for(lambda: scene.ctl.paused is None, 30, person.frame)
    play_random_moves(person, scene)
    app.end_network()


def test_a_lost_connection_is_joined_again_to_the_same_seat(tmp_path, monkeypatch, hosting):
    hosted = hosting("open10")
    person, scene, _ = sit_down(tmp_path, monkeypatch, hosted, 11, "random")
    seat = scene.ctl.state.seat
    person.app.network.client.sock.shutdown(2)       # the line goes dead
    assert wait_for(lambda: isinstance(person.top, ConfirmScene), 30, person.frame)
    assert person.top.question == "The connection to the host was lost."
    person.press("Join again")
    assert wait_for(lambda: person.match_scene() is not scene
                    and isinstance(person.top, NetMatchMixin), 30, person.frame)
    assert person.top.ctl.state.seat == seat
    play_random_moves(person, person.top)


def test_the_host_stopping_says_so_on_the_menu(tmp_path, monkeypatch, hosting):
    hosted = hosting("dominox")
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=12)
    join_from_menu(person, hosted.address, "TEST42")
    hosted.stop()
    assert wait_for(lambda: isinstance(person.top, MessageScene), 30, person.frame)
    assert person.top.lines == ["The host has stopped the match."]
    assert person.app.network is None


def test_a_host_that_stops_a_saved_match_says_it_can_be_resumed(tmp_path, monkeypatch):
    from game.server.saving import HostedSaver
    from network_support import free_port
    hosted = Hosted("dominox", ["remote", "remote"], saver=HostedSaver(free_port()))
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=12)
    join_from_menu(person, hosted.address, "TEST42")
    hosted.stop()
    assert wait_for(lambda: isinstance(person.top, MessageScene), 30, person.frame)
    assert person.top.title == "The host stopped the match for now"
    assert "join again with the same code" in " ".join(person.top.lines)


def test_a_connection_dropped_for_silence_says_so_and_offers_to_join_again(
        tmp_path, monkeypatch, hosting):
    import game.server.host as host_module
    import game.server.client as client_module
    monkeypatch.setattr(host_module, "IDLE_LIMIT", 1.0)
    monkeypatch.setattr(client_module, "PING", 30.0)       # a computer that went quiet
    hosted = hosting("dominox")
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=12)
    join_from_menu(person, hosted.address, "TEST42")
    assert wait_for(lambda: isinstance(person.top, ConfirmScene), 30, person.frame)
    assert "Nothing came from this computer for 1 seconds" in person.top.detail
    assert person.top.menu.focused.label == "Join again"
    person.app.end_network()


def test_a_wrong_code_is_said_on_the_join_screen_its_fields_kept(tmp_path, monkeypatch,
                                                                hosting):
    from game.shell.net.screens import JoinScene
    hosted = hosting("dominox")
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=13)
    person.press("Network")
    person.press("Join a match")
    from network_support import type_into
    type_into(person, "Your name", "Ann")
    type_into(person, "Host's address", hosted.address)
    type_into(person, "Match code", "NOPE99")
    person.press("Join")
    assert wait_for(lambda: isinstance(person.top, JoinScene) and person.top.problem, 30,
                    person.frame)
    assert person.top.problem == "That is not this match's code."
    assert (person.top.address.text, person.top.code.text) == (hosted.address, "NOPE99")
    assert person.app.network is None


def test_no_host_at_the_address_is_said_on_the_join_screen(tmp_path, monkeypatch):
    from game.shell.net.screens import JoinScene
    from network_support import free_port, type_into
    address = f"127.0.0.1:{free_port()}"
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=13)
    person.press("Network")
    person.press("Join a match")
    type_into(person, "Your name", "Ann")
    type_into(person, "Host's address", address)
    type_into(person, "Match code", "ABCD-EFGH")
    person.press("Join")
    assert wait_for(lambda: isinstance(person.top, JoinScene) and person.top.problem, 30,
                    person.frame)
    assert person.top.problem.startswith(f"No host answers at {address}")
    assert person.top.code.text == "ABCD-EFGH"


def test_a_first_time_player_is_asked_for_a_name_and_the_host_shows_it_at_once(
        tmp_path, monkeypatch):
    from game.shell.net.screens import JoinScene
    from network_support import type_into
    from test_network_scenes import host_from_menu
    host = NetPerson(tmp_path / "host", monkeypatch, "keys", seed=3)
    scene = host_from_menu(host, "Dominox")
    assert host.app.settings.player_names[0] == "Ann"
    guest = NetPerson(tmp_path / "guest", monkeypatch, "keys", seed=4)
    guest.press("Network")
    guest.press("Join a match")
    assert guest.top.name.text == "", "a first-time player is asked"
    type_into(guest, "Host's address", f"127.0.0.1:{host.app.network.host.port}")
    type_into(guest, "Match code", host.app.network.code)
    guest.press("Join")
    assert isinstance(guest.top, JoinScene) and "Type your name" in guest.top.problem
    type_into(guest, "Your name", "Ben")
    from game.shell.frame import theme
    drawn: list[str] = []                  # what the host's frames draw from now on
    for name in ("draw_text", "draw_fitted"):
        real = getattr(theme, name)
        monkeypatch.setattr(theme, name, lambda surface, text, *a, _real=real, **k: (
            drawn.append(str(text)), _real(surface, text, *a, **k))[1])
    guest.press("Join")
    assert wait_for(lambda: isinstance(guest.top, NetMatchMixin), 30, guest.frame)
    assert wait_for(lambda: scene.ctl.name(1) == "Ben", 30, host.frame)
    host.frame(3)
    assert "Ben" in drawn, "the joiner's name is on the host's table at once"
    assert not scene.ctl.state.played
    host.app.end_network()
    guest.app.end_network()


def test_the_review_goes_through_the_seats_own_choices(tmp_path, monkeypatch, hosting):
    from game.shell.match.coach import ReviewScene
    hosted = hosting("dominox", {"layout": "quick"})       # the short game: a short review
    person, scene, _ = sit_down(tmp_path, monkeypatch, hosted, 14, "random")
    play_random_moves(person, scene)
    choices = scene.ctl.state.decisions
    seat = scene.ctl.state.seat
    assert choices and all(player == seat and view.player == seat
                           for _, player, view, _ in choices)
    played = hosted.match.state.moves_played()
    assert all(played[number - 1] == (seat, scene.ctl.state.parse_move(move))
               for number, _, _, move in choices)
    person.app.settings.think_seconds = 0.25      # the quickest coach Settings offers
    person.press("Review")
    assert isinstance(person.top, ReviewScene)
    assert wait_for(lambda: person.top.finished, 120, person.frame)
    assert len(person.top.todo) == len(choices)


def test_the_port_is_remembered_and_a_relaunch_offers_to_rejoin_the_match(
        tmp_path, monkeypatch, hosting):
    from game.shell.net.screens import HostSetupScene
    from test_network_scenes import host_from_menu
    host = NetPerson(tmp_path / "host", monkeypatch, "keys", seed=3)
    host_from_menu(host, "Dominox")
    port = host.app.network.host.port
    host.app.end_network()
    assert HostSetupScene(host.app).port == str(port)
    hosted = hosting("dominox")
    run_bot(hosted.bot("Ben"))
    person = NetPerson(tmp_path / "a", monkeypatch, "keys", seed=12)
    join_from_menu(person, hosted.address, "TEST42")
    token = person.app.network.token
    person.app.end_network()                        # the game closed mid-match
    again = NetPerson(tmp_path / "b", monkeypatch, "keys", seed=13)
    again.press("Network")
    again.press(f"Rejoin your match at {hosted.address}")
    assert wait_for(lambda: isinstance(again.top, NetMatchMixin), 30, again.frame)
    assert again.app.network.token == token and hosted.match.seats[0].conn is not None
    again.app.end_network()


def test_a_window_host_may_listen_on_one_address_only(tmp_path, monkeypatch):
    from game.server.match import HostSeat
    from game.server.protocol import new_token
    from network_support import free_port
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=10)
    seats = [HostSeat("Ann", here=True, token=new_token()), HostSeat("Seat 2")]
    assert start_hosting(person.app, seats, "classic", {}, free_port(),
                         bind="127.0.0.1") is None
    host = person.app.network.host
    assert [sock.getsockname()[0] for sock in host.server.server.sockets] == ["127.0.0.1"]
    assert host.address == f"127.0.0.1:{host.port}"
    person.app.end_network()
    problem = start_hosting(person.app, seats, "classic", {}, free_port(), bind="192.0.2.77")
    assert problem.startswith("Cannot listen on 192.0.2.77")
