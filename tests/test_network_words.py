"""What the host and the table server say in English is shown in this window's language
(game/shell/net/words.py): each sentence it knows is still one the host, the server or
the connection (or this window, at its end) makes, and a sentence is said again with its
names, in Spanish."""
import ast
import re
from pathlib import Path

import pytest

from game.i18n import set_language
from game.shell.net.words import HEARD, heard, seat_name

MADE_IN = ("game/server", "game/play/take_back.py", "game/shell/net/session.py")


def made(node) -> str | None:
    """A text the code makes, its filled-in parts as {} ("a" + ("b" if x else "c"): a{})."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "{}"
                       for part in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = made(node.left), made(node.right)
        return None if left is None and right is None else (left or "{}") + (right or "{}")
    return None


def texts_made() -> list[re.Pattern]:
    root = Path(__file__).resolve().parent.parent
    files = [path for where in MADE_IN for path in
             ((root / where).rglob("*.py") if (root / where).is_dir() else [root / where])]
    patterns = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            text = made(node)
            blanks = re.split(r"\{[^{}]*\}", text or "")
            if re.search(r"[A-Za-z]{3}", " ".join(blanks)):     # a word at least
                patterns.append(re.compile(".+".join(map(re.escape, blanks)), re.DOTALL))
    return patterns


def test_every_sentence_shown_translated_is_one_the_host_makes():
    patterns = texts_made()
    unknown = [sentence for sentence in HEARD
               if not any(p.fullmatch(sentence) for p in patterns)]
    assert unknown == []


@pytest.fixture
def spanish():
    set_language("es")
    yield
    set_language("en")


@pytest.mark.parametrize("english, spanish_text", [
    ("Waiting for Ann and Seat 3 to come back.", "Esperando a que vuelva Ann y Asiento 3."),
    ("The match is paused. Waiting for Ben to answer.",
     "La partida está en pausa. Esperando la respuesta de Ben."),
    ("Taken back: 3 moves. Ann to play.", "Se deshicieron 3 jugadas. Le toca a Ann."),
    ("Ann's last move and the 2 moves after it would be taken back.",
     "Se desharían la última jugada de Ann y las 2 jugadas que vinieron después."),
    ("That is not this match's code.", "Ese no es el código de esta partida."),
    ("{name.__class__} joined.", "{name.__class__} se unió."),      # a name, not a blank
    ("Something a newer host says.", "Something a newer host says."),
])
def test_what_the_host_says_is_shown_in_spanish(spanish, english, spanish_text):
    assert heard(english) == spanish_text


def test_a_seat_nobody_took_is_named_in_the_language(spanish):
    assert seat_name("Seat 2") == "Asiento 2" and seat_name("Seats 2") == "Seats 2"


def test_a_host_in_a_spanish_window_asks_in_english_and_each_window_says_it(spanish):
    from test_network_host import send, two_played_three_moves
    match, asker, asked = two_played_three_moves()
    send(match, asker, "undo", ply=match.ply)
    question = asked.last("ask")
    assert question["detail"].endswith("would be taken back.")      # English on the wire
    assert heard(question["detail"]).startswith("Se deshar")        # Spanish on screen
    assert heard(question["question"]).endswith("¿dejas que "
                                                f"{match.seats[asker.seat].name} deshaga "
                                                "su jugada?")


@pytest.mark.parametrize("text", [
    "The match is paused. " * 3000 + "Waiting for Ann to join.",     # nested, too deep
    "X and the " + "9" * 5000 + " moves after it would be taken back.",   # huge number
    ", allow " * 30000 + " to take back?x",                            # slow to match
    "X and the " + "9" * 50 + " moves after it would be taken back.",     # a long number
])
def test_a_hostile_hosts_text_is_shown_at_once_and_never_crashes(spanish, text):
    shown = heard(text)
    assert isinstance(shown, str) and len(shown) <= 300


def test_a_hostile_hosts_seats_are_kept_in_shape():
    from game.server.protocol import ProtocolError
    from game.shell.net.controller import checked_table
    table = checked_table({"seats": [{"name": ["{__class__}"], "left": "soon", "joined": 1},
                                     {"name": "Ann\x00" + "W" * 5000, "left": 30}]}, 2)
    first, second = table["seats"]
    assert first["name"] == "" and "left" not in first and first["joined"] is True
    assert len(second["name"]) <= 16 and second["left"] == 30.0
    with pytest.raises(ProtocolError):
        checked_table({"seats": [{"name": "Ann"}]}, 2)          # a seat short


def test_three_names_waited_for_are_listed_with_commas():
    assert heard("Ann wants a rematch: waiting for Ben and Cat and Seat 4.") == \
        "Ann wants a rematch: waiting for Ben, Cat and Seat 4."
    assert heard("Waiting for Ann and Ben to come back.") == \
        "Waiting for Ann and Ben to come back."


def test_a_long_rematch_note_stays_in_the_column_beside_the_figure(tmp_path):
    from game.shell.frame import theme
    from game.shell.screens.results import ResultsScene
    from test_shell_support import make_app
    app = make_app(tmp_path)
    results = ResultsScene(app, "Match over", [("Ann", 1)], "Ann wins", rematch=lambda: None,
                           figure=object())
    results.note = "Ann wants a rematch: waiting for Benedict, Catherine and Player 2."
    lines, width = results.note_lines()
    assert len(lines) == 2 and width < 2 * (results.menu.center_x - results.panel.left)
    assert all(theme.font(28, bold=True).size(line)[0] <= width for line in lines)
