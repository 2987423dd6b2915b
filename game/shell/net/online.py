"""Play online: tables on a table server nobody at them runs (`python -m game.server
--tables`). The server's address (kept in the settings, as on the settings screen), then
Open a table (the game, each seat's kind, the options: the server gives the code to read
out to friends) or Join a table (its code). Two people on one couch take two seats of one
window, with the hand-over screen between their turns (couch.py).

Every computer connects outward to the server: nobody opens a port but the server. Each
table's code and this window's tokens are kept (memory.py, the newest few tables), so
Play online offers the way back to each table after a crash or a restart, of this game
or of the server.
"""
from __future__ import annotations

from game.i18n import N_, _
from game.play.settings import ADDRESS_LENGTH
from game.server.protocol import parse_address
from game.server.secure import normal_code, spoken_code
from game.shell.frame.widgets import Button, Label, Menu, Selector, TextField

from game.shell.net.shared import (FormScene, NetSetupScene, WaitScene, asked_name,
                                   keep_name, name_field, second_name_field)
from game.shell.net.memory import (remember, remember_table_setup, remembered, table_setup,
                                   tables_kept)
from game.shell.net.session import NetSession
from game.shell.net.words import heard

TABLE_SEATS = [("here", N_("A person on this computer")),
               ("remote", N_("A friend, on their computer"))]
NO_TABLE = "No table with that code is open on this server: check the code."   # (tables.py)
COUCH = [(1, N_("One: me")), (2, N_("Two, taking turns on this screen"))]


def address_problem(text: str) -> str | None:
    """Why `text` is no table server's address, in a sentence; None when it may be one."""
    if not text:
        return _("Type the table server's address (ask whoever runs it), like host:7777.")
    try:
        parse_address(text)
    except ValueError as error:
        return address_error(error)
    return None


def address_error(error: ValueError) -> str:
    """Why an address cannot be one (parse_address's words), in a sentence."""
    said = heard(str(error))
    return f"{said[:1].upper()}{said[1:]}."


class OnlineScene(FormScene):
    """The table server's address; Open a table, Join a table, or back to one's table."""

    title = N_("Play online")
    intro = N_("Meet friends at a table on a server: open one and read "
               "its code out, or join one with the code you were given.")

    def __init__(self, app):
        super().__init__(app)
        self.build()

    def build(self) -> None:
        self.address = TextField(N_("Server address"), self.app.settings.server_address,
                                 max_length=ADDRESS_LENGTH, width=1100)
        self.address.allow_empty = True
        self.address.help = N_("The table server's address and port, like "
                               "tables.example.org:7777")
        rows = [self.address, Button(N_("Open a table"), self.open_table, width=1100),
                Button(N_("Join a table"), self.join_table, width=1100)]
        for table in tables_kept():
            rows.append(Button(back_label(table), lambda t=table: self.back_to(t),
                               width=1100, size=32))
        self.menu = Menu(self.app, rows, top=380, bottom=800, gap=14,
                         footer=[Button(N_("Back"), self.app.pop, width=1100)], footer_top=860)

    def enter(self) -> None:
        self.build()

    def kept_address(self) -> str | None:
        """The address typed, kept in the settings; None (and the reason said) if none."""
        text = self.address.text.strip()
        self.problem = address_problem(text)
        if self.problem is not None:
            return None
        if text != self.app.settings.server_address:
            self.app.settings.server_address = text
            self.app.save_settings()
        return text

    def open_table(self) -> None:
        if self.kept_address() is not None:
            self.app.push(OpenTableScene(self.app))

    def join_table(self) -> None:
        if self.kept_address() is not None:
            self.app.push(JoinTableScene(self.app))

    def back_to(self, table: dict) -> None:
        """This window's seats at a table it was at, with their tokens."""
        tokens = table["tokens"].split()
        names = [self.app.settings.player_names[0]] + self.app.settings.player_names[1:len(
            tokens)]
        self.app.end_network()
        self.app.network = NetSession(self.app, table["server"], table["code"],
                                      tokens=tokens, names=names, table=True,
                                      failed=(self, self.say_kept))
        self.app.push(WaitScene(self.app, N_("Back to your table at {address}..."),
                                address=table["server"], table=True))


    def say_kept(self, reason: str) -> None:
        """Why a kept table cannot be gone back to: the server no longer has it (not a
        code typed wrong: nobody typed one)."""
        self.say(_("That table has closed.") if reason == heard(NO_TABLE) else reason)


def back_label(table: dict) -> str:
    """The way back to a kept table: its game (when kept), its code, its server."""
    from game.logic.variants import find_variant
    try:
        game = _(find_variant(table["game"]).title) if "game" in table else None
    except (KeyError, ValueError):           # a game this version does not have
        game = None
    if game is None:
        return _("Back to your table {code} at {address}").format(
            code=spoken_code(table["code"]), address=table["server"])
    return _("Back to your {game} table {code} at {address}").format(
        game=game, code=spoken_code(table["code"]), address=table["server"])


class OpenTableScene(NetSetupScene):
    """The table's game, its seats (people here, friends elsewhere, computers) and
    options; Open: the server gives the code."""

    start_label = N_("Open")
    title = N_("Open a table")

    SEATS = TABLE_SEATS

    def __init__(self, app):
        self.second_name: str | None = None      # the couch's second person's, once shown
        super().__init__(app)

    def saved_setup(self) -> dict:
        return table_setup()

    def option_rows(self, cls) -> list:
        rows = [name_field(self.name, self.set_name)]
        second = self.second_seat()
        if second is not None:        # the couch's second person: the seat's name
            if self.second_name is None:
                self.second_name = self.app.settings.player_names[second]
            rows.append(second_name_field(self.second_name, self.set_second_name))
        return rows + super().option_rows(cls)

    def second_seat(self) -> int | None:
        """The seat of the second person on this computer, if any."""
        here = [i for i, kind in enumerate(self.seats[:self.players]) if kind == "here"]
        return here[1] if len(here) > 1 else None

    def set_second_name(self, text: str) -> None:
        self.second_name = text

    def set_seat(self, i, kind):
        before = self.second_seat()
        super().set_seat(i, kind)
        if self.second_seat() != before:
            self.rebuild()

    def problem_with_seats(self) -> str | None:
        kinds = self.seats[:self.players]
        if not keep_name(self.app, self.name):
            return _("Type your name: the others see it at the table.")
        second = self.second_seat()
        if second is not None and not keep_name(
                self.app, self.app.settings.player_names[second] if self.second_name is None
                else self.second_name, second):
            return _("Type the second person's name: the others see it at the table.")
        if "here" not in kinds:
            return _("One seat at least is for a person on this computer.")
        if "remote" not in kinds:
            return _("Give at least one seat to a friend on another computer.")
        return None

    def start(self) -> None:
        self.problem = self.problem_with_seats()
        if self.problem is not None:
            return
        kinds = self.seats[:self.players]
        remember_table_setup({"variant": self.variant, "players": self.players,
                              "seats": list(self.seats), "options": self.options})
        address = self.app.settings.server_address
        options = [f"{key}={value}" for key, value in
                   self.options.get(self.variant, {}).items()]
        names = self.app.settings.player_names
        people = [names[0]] + [names[index] for index, kind in enumerate(kinds)
                               if kind == "here"][1:]
        self.app.end_network()
        try:
            self.app.network = NetSession(
                self.app, address, "", opening={"variant": self.variant, "seats": kinds,
                                                "options": options},
                names=people, failed=(self, self.say))
        except ValueError as error:                # (the address was checked: rare)
            self.problem = address_error(error)
            return
        self.app.push(WaitScene(self.app, N_("Opening a table at {address}..."), address=address,
                                table=True))



class JoinTableScene(FormScene):
    """Your name, the table's code, and how many of you sit at this computer; Join."""

    title = N_("Join a table")

    def __init__(self, app):
        super().__init__(app)
        self.people = 2 if remembered().get("people") == "2" else 1
        self.name = name_field(asked_name(app), None, width=1100)
        # empty: the code kept is of the last table opened or joined, and the code read
        # out now is another (typing would go after the old one); Back to your table
        # on Play online goes back to each table kept
        self.code = TextField(N_("Table code"), "", max_length=16, width=1100)
        self.code.help = N_("The code the table's opener read out (case does not matter)")
        self.couch = Selector(N_("People here"), COUCH, self.people - 1, self.set_people,
                              width=1100)
        self.couch.help = N_("Two people on this computer take two seats and hand the "
                             "screen over")
        self.second = second_name_field(app.settings.player_names[1], width=1100)
        self.build(focus=1 if self.name.text else 0)

    def build(self, focus: int) -> None:
        """The rows: the second person's name only when two sit here."""
        rows = [self.name, self.code, self.couch] + ([self.second] if self.people == 2
                                                     else [])
        self.menu = Menu(self.app, rows + [Label(_("At {address}").format(
                             address=self.app.settings.server_address), width=1100)],
                         top=380, bottom=800, gap=14, focus=focus,
                         footer=[Button(N_("Join"), self.start, width=445),
                                 Button(N_("Back"), self.app.pop, width=445)],
                         footer_top=860)

    def set_people(self, count: int) -> None:
        self.people = count
        self.build(focus=self.menu.focus)

    def start(self) -> None:
        code = self.code.text.strip()
        if not code:
            self.problem = _("Type the table's code.")
            return
        if not keep_name(self.app, self.name.text):
            self.problem = _("Type your name: the others see it at the table.")
            return
        if self.people == 2 and not keep_name(self.app, self.second.text, 1):
            self.problem = _("Type the second person's name: the others see it at the "
                             "table.")
            return
        address = self.app.settings.server_address
        remember(people=str(self.people))
        # the seats this computer holds there already are all taken back (their tokens
        # kept), however many people are here now: a token left out would be lost
        tokens = next((table["tokens"].split() for table in tables_kept()
                       if (table["server"], table["code"]) == (address, normal_code(code))),
                      None)
        names = self.app.settings.player_names[:max(self.people, len(tokens or ()))]
        self.app.end_network()
        try:
            self.app.network = NetSession(self.app, address, code, tokens=tokens,
                                          names=names, table=True, failed=(self, self.say))
        except ValueError as error:
            self.problem = address_error(error)
            return
        self.app.push(WaitScene(self.app, N_("Joining the table at {address}..."), address=address,
                                table=True))


