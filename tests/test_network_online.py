"""Play online in the real game window, driven by the keyboard as a person plays: the
server's address (kept in the settings), Open a table (the code comes back and shows on
the table), Join a table by its code, two people on one couch at a table with the
hand-over screen between them, and back to one's seats after the server was stopped."""
import pygame
import pytest

from game.play import statistics as stats
from game.server.bot import SeatBot
from game.shell.net.online import JoinTableScene, OnlineScene, OpenTableScene
from game.shell.net.scenes import NetMatchMixin, banner_lines
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene

from network_support import NetPerson, on_screen, run_bot, type_into, wait_for
from table_support import ServerThread


@pytest.fixture
def tables(tmp_path):
    server = ServerThread(tmp_path / "tables")
    yield server
    server.stop()


def online(person, address: str) -> OnlineScene:
    """Title -> Network -> Play online, the server's address typed."""
    person.press("Network")
    person.press("Play online")
    assert isinstance(person.top, OnlineScene)
    type_into(person, "Server address", address)
    return person.top


def open_table(person, address: str, seats: dict, players: int = 2, options=None,
               limit: int | None = None, game: str = "classic"):
    """Play online -> Open a table -> the game, the players and seats -> Open: the match
    scene, waiting for the friends. (`limit`: a match shorter than the setup offers, where
    its length proves nothing.)"""
    online(person, address)
    person.press("Open a table")
    assert isinstance(person.top, OpenTableScene)
    person.choose("Game", game)
    person.choose("Players", players)
    names = person.app.settings.player_names
    for seat, kind in seats.items():
        person.choose(names[seat], kind)
    for label, value in (options or {}).items():
        person.choose(label, value)
    if limit is not None:
        person.top.options["classic"]["limit"] = limit
    if not person.top.name:
        type_into(person, "Your name", "Ann")
    person.press("Open")
    # (on a couch the first person's hand-over screen may come over it at once)
    assert wait_for(lambda: isinstance(person.match_scene(), NetMatchMixin), 30,
                    person.frame), f"no match scene after Open ({on_screen(person)})"
    return person.match_scene()


def play_out(person, scene, seconds: float = 120.0) -> ResultsScene:
    """Random legal moves for every seat of this window, each after its hand-over, and
    each round's results continued, until the final results show."""
    import time
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        top = person.top
        if isinstance(top, HandOverScene):
            person.keys(pygame.K_RETURN)
        elif isinstance(top, ResultsScene):
            if top.on_continue is None and top.ready:
                return top
            person.press("Continue") if top.ready and top.on_continue else person.frame()
        elif top is scene and scene.results_due is not None:
            person.keys(pygame.K_RETURN)
        elif top is scene and scene.ctl.human_turn:
            scene.ctl.play(person.rng.choice(scene.ctl.state.legal_moves()))
            person.frame()
        else:
            person.frame()
    raise AssertionError(f"no final results in time ({on_screen(person)})")


def test_a_table_opened_from_the_menu_gives_its_code_and_a_friend_joins_and_plays(
        tmp_path, monkeypatch, tables):
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=3)
    scene = open_table(person, tables.address, {1: "remote"}, limit=10)
    session = person.app.network
    assert person.app.settings.server_address == tables.address      # remembered
    assert session.code and session.code[:3] in tables.server.tables
    assert any(line.startswith("Table code ") for line in banner_lines(scene.ctl, session))
    ben = SeatBot(tables.address, session.code.lower(), "Ben", "random").start()
    thread = run_bot(ben)
    try:
        assert wait_for(lambda: scene.ctl.paused is None, 30, person.frame), scene.ctl.paused
        assert scene.ctl.name(1) == "Ben"
        results = play_out(person, scene)
        assert results.rows
        records, _ = stats.load()
        assert {key[0] for key in records} == {"Ann"}       # this person's, on this machine
        from game.shell.net.memory import tables_kept
        assert session.code in [table["code"] for table in tables_kept()]
        person.press("Menu")                      # finished: no way back to it is offered
        assert session.code not in [table["code"] for table in tables_kept()]
    finally:
        ben.close()
        thread.join(10)


def test_two_people_on_one_couch_take_two_seats_with_the_hand_over_between_them(
        tmp_path, monkeypatch, tables):
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=5)
    scene = open_table(person, tables.address, {1: "here", 2: "remote", 3: "greedy"},
                       players=4, limit=10)
    session = person.app.network
    assert len(session.links) == 2 and scene.ctl.humans == [0, 1]
    assert scene.ctl.couch
    names = person.app.settings.player_names       # the friend's seat, until they come,
    assert [scene.ctl.name(seat) for seat in range(4)] == \
        names[:2] + ["Seat 3", "Computer 4"]       # named as every other window names it
    assert banner_lines(scene.ctl, session)[0] == "Waiting for Seat 3 to join."
    ben = SeatBot(tables.address, session.code.lower(), "Ben", "random").start()
    thread = run_bot(ben)
    handovers = []
    real_push = person.app.push

    def push(pushed):
        if isinstance(pushed, HandOverScene):
            handovers.append(pushed)
        real_push(pushed)
    monkeypatch.setattr(person.app, "push", push)
    try:
        assert wait_for(lambda: scene.ctl.paused is None, 30, person.frame), scene.ctl.paused
        results = play_out(person, scene)
        assert results.rows and handovers
        match = tables.server.tables[session.code[:3]]
        assert match.state.is_over()
        assert [seat.conn is not None for seat in match.seats[:2]] == [True, True]
    finally:
        ben.close()
        thread.join(10)


def test_a_packs_table_is_played_to_the_end_from_north_s_side(tmp_path, monkeypatch, tables):
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=9)
    scene = open_table(person, tables.address, {0: "remote", 1: "here"}, game="open22")
    session = person.app.network
    ben = SeatBot(tables.address, session.code.lower(), "Ben", "random").start()
    thread = run_bot(ben)
    try:
        assert wait_for(lambda: scene.ctl.paused is None, 30, person.frame), scene.ctl.paused
        assert scene.ctl.viewer == 1 and scene.geo.turned          # North's side of the board
        assert play_out(person, scene).rows
        assert tables.server.tables[session.code[:3]].state.is_over()
    finally:
        ben.close()
        thread.join(10)


def test_a_table_joined_by_its_code_and_back_to_the_seat_after_the_server_stopped(
        tmp_path, monkeypatch, tables):
    ben = SeatBot(tables.address, "", "Ben", "random",
                  opening={"variant": "classic", "seats": ["here", "remote"],
                           "options": ["limit=50"]}).start()
    assert wait_for(lambda: ben.step() or ben.opened is not None, 30)
    code = ben.opened["code"]
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=7)
    online(person, tables.address)
    person.press("Join a table")
    assert isinstance(person.top, JoinTableScene)
    type_into(person, "Your name", "Ann")
    type_into(person, "Table code", code.lower())
    person.press("Join")
    assert wait_for(lambda: isinstance(person.top, NetMatchMixin), 30, person.frame), \
        on_screen(person)
    assert person.top.ctl.viewer == 1
    tables.stop()                                          # saved; everyone told
    assert wait_for(lambda: person.app.network is None or person.app.network.lost, 30,
                    person.frame), on_screen(person)
    tables.start()
    person.app.back_to_menu()
    online(person, tables.address)
    person.press(next(w.label for w in person.top.menu.widgets
                      if w.label.startswith("Back to")))
    assert wait_for(lambda: isinstance(person.top, NetMatchMixin), 30, person.frame), \
        on_screen(person)
    assert person.top.ctl.viewer == 1
    ben.close()


@pytest.mark.parametrize("typed,said", [("", "Type the table server's address"),
                                        ("tables.example.org:99999", "port")])
def test_an_address_that_cannot_be_a_servers_is_said_and_nothing_opens(tmp_path, monkeypatch,
                                                                        typed, said):
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=1)
    person.app.settings.server_address = "kept.example.org:7777"
    person.press("Network")
    person.press("Play online")
    if typed:
        type_into(person, "Server address", typed)
    else:                           # (a field typed empty keeps its text: cleared here)
        person.widget("Server address").text = ""
    person.press("Open a table")
    assert isinstance(person.top, OnlineScene) and said in person.top.problem
    assert person.app.settings.server_address == "kept.example.org:7777"
    assert person.app.network is None


def test_two_people_join_a_table_from_one_computer_and_take_two_seats(tmp_path, monkeypatch,
                                                                       tables):
    ben = SeatBot(tables.address, "", "Ben", "random",
                  opening={"variant": "classic", "seats": ["here", "remote", "remote"],
                           "options": []}).start()
    assert wait_for(lambda: ben.step() or ben.welcome is not None, 30)
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=2)
    online(person, tables.address)
    person.press("Join a table")
    type_into(person, "Your name", "Ann")
    type_into(person, "Table code", ben.opened["code"])
    person.choose("People here", 2)
    type_into(person, "Second person's name", "Cy")
    person.press("Join")
    assert wait_for(lambda: isinstance(person.match_scene(), NetMatchMixin), 30,
                    person.frame), on_screen(person)
    scene = person.match_scene()
    assert scene.ctl.humans == [1, 2] and scene.ctl.couch
    match = tables.server.tables[ben.opened["code"][:3]]
    # (both join at once: either may take either seat)
    assert match.seats[0].name == "Ben"
    assert sorted(seat.name for seat in match.seats[1:]) == ["Ann", "Cy"]
    assert len(person.app.network.tokens) == 2 and all(person.app.network.tokens)
    person.app.end_network()
    ben.close()


def test_a_server_address_typed_again_in_settings_forgets_the_key_met_there(tmp_path,
                                                                            monkeypatch):
    from game.shell.net.memory import known_key, remember_key
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=1)
    remember_key("tables.example.org:7777", "OLDKEY")
    remember_key("other.example.org:7777", "KEPT")
    person.press("Settings")
    type_into(person, "Server address", "tables.example.org:7777")
    assert person.app.settings.server_address == "tables.example.org:7777"
    assert known_key("tables.example.org:7777") is None
    assert known_key("other.example.org:7777") == "KEPT"


def test_what_is_wrong_on_open_a_table_takes_the_help_line_until_the_next_action(tmp_path):
    from game.shell.frame.scene import Action
    from test_shell_support import make_app
    app = make_app(tmp_path)
    app.settings.player_names[0] = "Ann"
    scene = OpenTableScene(app)
    app.push(scene)
    scene.seats[1] = "here"                          # nobody from another computer
    scene.start()
    assert scene.problem == "Give at least one seat to a friend on another computer."
    assert scene.help_text() == ""                   # never drawn over the problem
    scene.handle(Action("point", pos=(10, 10)))
    assert scene.problem is not None
    scene.handle(Action("down"))
    assert scene.problem is None and scene.help_text() == scene.menu.focused.help


def test_a_person_at_two_tables_is_offered_the_way_back_to_each(tmp_path, monkeypatch,
                                                                 tables):
    """Opening a second table kept only it: the first was out of reach. Every table is kept
    (the newest few, newest first); one the server says it has not is forgotten."""
    from game.shell.net.memory import TABLES_KEPT, remember, remember_table, tables_kept
    here = tables.address
    remember(table_server=here, table="QQQ23456789", tokens="old")   # kept as before
    remember_table(here, "RRR23456789", "first")
    remember_table(here, "SSS23456789", "one two")
    assert [t["code"] for t in tables_kept()] == ["SSS23456789", "RRR23456789", "QQQ23456789"]
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=1)
    online(person, here)
    backs = [w.label for w in person.top.menu.widgets if w.label.startswith("Back to")]
    assert backs == [f"Back to your table {code} at {here}"
                     for code in ("SSS-2345-6789", "RRR-2345-6789", "QQQ-2345-6789")], backs
    person.press(backs[1])                         # that table is gone from the server
    assert wait_for(lambda: isinstance(person.top, OnlineScene) and person.top.problem, 30,
                    person.frame), on_screen(person)
    assert person.top.problem == "That table has closed."      # (no code was typed)
    assert [t["code"] for t in tables_kept()] == ["SSS23456789", "QQQ23456789"]
    assert tables_kept()[0]["tokens"] == "one two"
    for number in range(TABLES_KEPT + 2):
        remember_table(here, f"T{number % 10}{number // 10}23456789", "t")
    assert len(tables_kept()) == TABLES_KEPT
    assert tables_kept()[0]["code"] == f"T{(TABLES_KEPT + 1) % 10}{(TABLES_KEPT + 1) // 10}23456789"
    remember_table(here, "UUU23456789", "t", "classic")
    person.top.enter()
    assert person.top.menu.widgets[3].label == \
        f"Back to your Classic draw dominoes table UUU-2345-6789 at {here}"


def test_a_take_back_at_a_couch_table_asks_the_partner_here_and_no_needless_hand_over(
        tmp_path, monkeypatch, tables):
    """Ann and Cy on one couch, Ben elsewhere, in that order. Cy's move alone taken back:
    Ben is asked and Cy's hand stays on the screen (it was handed over to her again for
    nothing). Ann's turn taken back after Cy and Ben moved: Cy is asked too, here, the
    table covered (only Ben was, and her move was undone unasked)."""
    from game.shell.screens.dialogs import ConfirmScene
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=4)
    person.app.settings.player_names[1] = "Cy"
    scene = open_table(person, tables.address, {1: "here", 2: "remote"}, players=3)
    again = OpenTableScene(person.app)             # the last table's setup is offered
    assert (again.players, again.seats[:3]) == (3, ["here", "here", "remote"])
    ctl = scene.ctl
    ben = SeatBot(tables.address, ctl.session.code, "Ben", "random").start()  # (stepped here)
    handovers = []
    real_push = person.app.push

    def push(pushed):
        handovers.append(pushed) if isinstance(pushed, HandOverScene) else None
        real_push(pushed)
    monkeypatch.setattr(person.app, "push", push)

    def listen():
        for message in ben.client.poll():
            ben.handle(message)

    def step(until) -> None:
        """Everyone plays (Ben when he is to move) until `until()` holds."""
        def turn():
            top = person.top
            if isinstance(top, HandOverScene):
                person.keys(pygame.K_RETURN)
            elif top is scene and ctl.human_turn:
                ctl.play(person.rng.choice(ctl.state.legal_moves()))
                person.frame()
            else:
                ben.step() if ctl.state.current_player == 2 else listen()
                person.frame()
        assert wait_for(until, 60, turn), on_screen(person)

    def waited(condition) -> bool:
        return wait_for(condition, 30, lambda: (person.frame(), listen()))
    played = lambda: len(ctl.state.moves_played())          # noqa: E731
    step(lambda: ctl.paused is None and played() > 1 and ctl.state.moves_played()[-1][0] == 1
         and ctl.state.current_player == 2 and person.top is scene)
    before, shown = played(), len(handovers)
    assert ctl.take_back()
    assert waited(lambda: played() == before - 1 and ctl.paused is None)
    person.frame(5)
    assert len(handovers) == shown and ctl.human_turn and ctl.state.seat == 1
    step(lambda: played() == before + 1 and person.top is scene and ctl.human_turn
         and ctl.state.seat == 0)                  # Cy and Ben moved: Ann's turn again
    assert ctl.take_back()
    assert waited(lambda: isinstance(person.top, ConfirmScene)), on_screen(person)
    assert person.top.question == "Cy, allow Ann to take back?" and not person.top.overlay
    assert played() == before + 1
    person.press("Yes, take it back")
    assert waited(lambda: played() == before - 2)
    ben.close()


def test_a_couch_pair_back_at_its_table_keeps_both_seats_and_hands_over_first(
        tmp_path, monkeypatch, tables):
    """Ann and Cy joined by the code, then one person joined by it again: both seats are
    taken back (a token left out was lost for good), People here is remembered, and Back
    to your table hands the screen over before any hand shows."""
    from game.shell.net.memory import tables_kept
    ben = SeatBot(tables.address, "", "Ben", "random",
                  opening={"variant": "classic", "seats": ["here", "remote", "remote"],
                           "options": []}).start()
    assert wait_for(lambda: ben.step() or ben.welcome is not None, 30)
    code = ben.opened["code"]
    thread = run_bot(ben)
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=2)

    def join(people: int) -> None:
        online(person, tables.address)
        person.press("Join a table")
        type_into(person, "Your name", "Ann")
        type_into(person, "Table code", code)
        person.choose("People here", people)
        person.press("Join")
        assert wait_for(lambda: isinstance(person.match_scene(), NetMatchMixin), 30,
                        person.frame), on_screen(person)
    join(2)
    person.app.end_network()
    person.app.back_to_menu()
    online(person, tables.address)
    person.press("Join a table")
    assert person.widget("People here").index == 1          # remembered
    person.app.pop()
    person.app.pop()
    person.app.pop()
    join(1)
    assert len(person.app.network.links) == 2
    assert len(tables_kept()[0]["tokens"].split()) == 2
    person.app.end_network()
    person.app.back_to_menu()
    online(person, tables.address)
    person.press(next(w.label for w in person.top.menu.widgets
                      if w.label.startswith("Back to")))
    shown = []
    assert wait_for(lambda: shown.append(bool(person.match_scene() and
                                              person.match_scene().hand))
                    or isinstance(person.top, HandOverScene), 30, person.frame), \
        on_screen(person)
    assert not any(shown)
    person.app.end_network()
    ben.close()
    thread.join(10)


def test_a_friend_s_turn_on_a_couch_window_is_waited_for_without_a_hand_over(
        tmp_path, monkeypatch, tables):
    """Ann and Cy here, Ben on his computer: Ben's turn is no couch turn (it was "Pass
    the screen to Ben", with Draw and Pass shown)."""
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=4)
    person.app.settings.player_names[1] = "Cy"
    scene = open_table(person, tables.address, {1: "here", 2: "remote", 3: "greedy"},
                       players=4)
    ctl = scene.ctl
    ben = SeatBot(tables.address, ctl.session.code, "Ben", "random").start()  # never moves

    def turn():
        if isinstance(person.top, HandOverScene):
            person.keys(pygame.K_RETURN)
        elif person.top is scene and ctl.human_turn:
            ctl.play(person.rng.choice(ctl.state.legal_moves()))
        for message in ben.client.poll():
            ben.handle(message)
        person.frame()
    assert wait_for(lambda: ctl.paused is None and ctl.state.current_player == 2
                    and ctl.state.caught_up(), 60, turn), on_screen(person)
    person.frame(5)
    assert person.top is scene, on_screen(person)
    assert not ctl.is_human(2) and scene.bottom is None
    assert scene.hand_message() == "Waiting for Ben (on their computer)"
    assert scene._status(2)[0] == "to play"
    assert scene._status(3)[0] == "Medium computer"        # (a seat taken over says so too)
    assert ctl.wait_words() == "Wait: Ben is playing."
    ctl.paused = "Waiting for Ben to see the round's results."       # (he is not playing)
    assert ctl.wait_words() == ctl.paused
    ctl.paused = None
    from game.shell.line.art import LEGEND
    from game.shell.net.pause import NetHandOver
    assert "Esc: cancel, menu" in scene.legend(LEGEND)              # nothing pauses online
    assert "Esc: menu" in NetHandOver.legend
    ben.close()


def test_the_first_click_after_typing_an_address_presses_its_button(tmp_path):
    from game.shell.frame.scene import Action
    from test_shell_support import make_app
    app = make_app(tmp_path)
    scene = OnlineScene(app)
    app.push(scene)
    scene.address.text = ""
    for char in "tables.example.org:7777":
        scene.handle(Action("text", char=char))
    assert scene.menu.editing
    button = next(w for w in scene.menu.widgets if w.label == "Open a table")
    scene.handle(Action("click", pos=button.rect.center))
    assert isinstance(app.top, OpenTableScene)
    assert app.settings.server_address == "tables.example.org:7777"


def test_open_a_table_asks_the_name_of_a_second_person_here(tmp_path):
    from test_shell_support import make_app
    app = make_app(tmp_path)
    app.settings.player_names[0] = "Ann"
    scene = OpenTableScene(app)
    app.push(scene)
    labels = lambda: [w.label for w in scene.menu.widgets]          # noqa: E731
    assert "Second person's name" not in labels()
    scene.set_players(3)
    scene.set_seat(2, "here")
    field = scene.menu.widgets[labels().index("Second person's name")]
    assert field.text == app.settings.player_names[2]
    scene.set_second_name("Cy")
    assert scene.problem_with_seats() is None and app.settings.player_names[2] == "Cy"


def test_join_again_before_the_server_is_back_offers_it_again(tmp_path, monkeypatch, tables):
    """(It said "The network match ended", and OK went to the title menu.)"""
    from game.shell.screens.dialogs import ConfirmScene
    person = NetPerson(tmp_path, monkeypatch, "keys", seed=1)
    open_table(person, tables.address, {1: "remote"})
    tables.stop()
    assert wait_for(lambda: isinstance(person.top, ConfirmScene), 30, person.frame), \
        on_screen(person)
    assert "Esc: leave" in person.top.legend                    # (it said "Esc: no")
    person.press("Join again")
    assert wait_for(lambda: isinstance(person.top, ConfirmScene), 30, person.frame), \
        on_screen(person)
    assert person.app.network is not None
    tables.start()
    person.press("Join again")
    assert wait_for(lambda: isinstance(person.top, NetMatchMixin), 30, person.frame), \
        on_screen(person)
    person.app.end_network()
