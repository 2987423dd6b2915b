"""The network forms as a newcomer meets them (issue 47): a text field in focus takes
typing at once, Backspace never leaves a form (Esc does), Join a table starts with an
empty code; at a table the words are the server's, not a host's; the menu over a network
match is titled as it is (nothing pauses) and follows the table."""
import pygame

from game.server.client import _cannot_connect
from game.shell.net.memory import remember
from game.shell.net.online import JoinTableScene, OpenTableScene
from game.shell.net.pause import NetHandOver, NetPauseOverlay
from game.shell.net.scenes import away_lines
from game.shell.net.screens import HostSetupScene, JoinScene

from test_shell_support import keys, still_app


def typed(app, text: str) -> None:
    """Characters as a keyboard types them: a key press and its text."""
    for char in text:
        for kind in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.KEYUP):
            fields = {"text": char} if kind == pygame.TEXTINPUT else {
                "key": pygame.K_a, "mod": 0, "unicode": char, "scancode": 0}
            pygame.event.post(pygame.event.Event(kind, **fields))
        app.process_events()


def form(tmp_path, scene_class):
    app = still_app(tmp_path)
    app.settings.player_names[0] = "Ann"
    app.push(scene_class(app))
    return app, app.top


def test_join_a_table_starts_empty_and_the_code_is_typed_without_enter(tmp_path):
    remember(table_server="tables.example.org:7777", table="ABCDEFGH", tokens="t")
    app, scene = form(tmp_path, JoinTableScene)
    assert scene.menu.focused is scene.code and scene.code.text == ""
    assert scene.wants_text                   # typing goes to the field in focus at once
    typed(app, "xq7k")
    assert scene.code.text == "xq7k" and scene.menu.editing
    keys(app, pygame.K_RETURN, pygame.K_DOWN)
    assert scene.code.text == "xq7k" and scene.menu.focused is not scene.code


def test_join_a_match_offers_the_last_match_selected_so_typing_replaces_it(tmp_path):
    remember(address="192.168.1.20:7777", code="ABCDEFGH", token="t")
    app, scene = form(tmp_path, JoinScene)
    keys(app, pygame.K_DOWN)
    assert scene.menu.focused is scene.address and scene.address.selected
    typed(app, "10.0.0.5:7777")
    assert scene.address.text == "10.0.0.5:7777"             # replaced, not appended
    keys(app, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN)   # Enter: the code kept
    assert scene.code.text == "ABCDEFGH" and scene.menu.editing and not scene.code.selected


def test_backspace_erases_and_never_leaves_a_network_form(tmp_path):
    for scene_class in (JoinTableScene, JoinScene, OpenTableScene, HostSetupScene):
        app, scene = form(tmp_path, scene_class)
        scene.menu.focus = next(i for i, w in enumerate(scene.menu.widgets)
                                if w.label == "Your name")
        field = scene.menu.focused
        keys(app, pygame.K_BACKSPACE)          # not editing yet: it erases, it stays
        assert app.top is scene and field.text == "An"
        keys(app, pygame.K_BACKSPACE, pygame.K_BACKSPACE, pygame.K_BACKSPACE)
        assert app.top is scene and field.text == ""
        keys(app, pygame.K_ESCAPE)             # the typing undone...
        assert app.top is scene and field.text == "Ann"
        scene.menu.focus = len(scene.menu.widgets) - 1          # on Back, no field
        keys(app, pygame.K_BACKSPACE)
        assert app.top is scene, scene_class
        keys(app, pygame.K_ESCAPE)             # ...and then Esc leaves
        assert app.top is not scene, scene_class


def test_at_a_table_the_words_are_the_servers_and_at_a_match_the_hosts():
    refused = ConnectionRefusedError()
    assert _cannot_connect("a:1", refused).startswith("No host answers at a:1")
    assert _cannot_connect("a:1", refused, server=True).startswith(
        "No table server answers at a:1")
    assert "host" not in " ".join(away_lines("Ben", 0, table=True))
    assert "The host may let the computer play" in away_lines("Ben", 0, table=False)[1]


class Session:
    """What the menu asks of a network session: a seat gone, then gone too long."""

    def __init__(self):
        self.gone_long = False

    def leaving(self) -> str:
        return "Leave this match? Your seat waits for you for two minutes."

    def pause_buttons(self) -> list:
        return [("The computer plays for Ben", lambda: None)] if self.gone_long else []

    def close(self) -> None:
        pass


def test_the_menu_over_a_network_match_is_no_pause_and_follows_the_table(tmp_path):
    app = still_app(tmp_path)
    app.network = session = Session()
    app.push(NetPauseOverlay(app, "classic"))
    menu = app.top
    assert menu.title == "Menu"
    labels = [w.label for w in menu.menu.widgets]
    assert "The computer plays for Ben" not in labels
    session.gone_long = True                    # two minutes later: a table came
    menu.update(1 / 60)
    assert "The computer plays for Ben" in [w.label for w in menu.menu.widgets]
    app.pop()
    app.push(NetHandOver(app, "Ann", None, "classic"))     # on a couch, the same menu
    keys(app, pygame.K_ESCAPE)
    assert isinstance(app.top, NetPauseOverlay) and app.top.leaving == session.leaving()
    app.network = None
