"""The language the game speaks (game/i18n.py, issue 48): chosen by code, by the system's
locale when the settings name none, English for a language without a catalogue; the
pseudo-language of the tests; the catalogue compiled when missing or older than its .po,
in memory when its folder cannot be written; the Settings choice, which changes every
screen at once."""
from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from game import i18n
from game.i18n import PSEUDO, _, ngettext, pseudo, set_language, system_language


def test_spanish_by_code_and_english_without_a_catalogue():
    assert set_language("es") == "es"
    assert _("Play") == "Jugar"
    assert ngettext("{count} tile", "{count} tiles", 2).format(count=2) == "2 fichas"
    assert _("not a text of the game") == "not a text of the game"
    assert _("") == ""                       # not the catalogue's header
    assert set_language("es-419") == "es"
    assert set_language("fr_FR") == "en"
    assert _("Play") == "Play"


@pytest.mark.parametrize("variables, expected", [
    ({"LANG": "es_MX.UTF-8"}, "es_MX"),
    ({"LANGUAGE": "es:en", "LANG": "en_GB.UTF-8"}, "es"),
    ({"LC_ALL": "C"}, "en"),
    ({"LC_MESSAGES": "pt_BR.UTF-8@euro"}, "pt_BR"),
])
def test_the_system_language_follows_the_environment(monkeypatch, variables, expected):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert system_language() == expected


def test_no_setting_follows_the_system(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "es_ES")
    assert set_language("") == "es"
    assert _("Settings") == "Ajustes"


def test_the_pseudo_language_is_longer_accented_and_bracketed():
    set_language(PSEUDO)
    text = _("Rules of which game?")
    assert text.startswith("[") and text.endswith("]")
    assert len(text) >= 1.35 * len("Rules of which game?")
    assert "ü" in text and "Rules" not in text
    shown = _("Continue: {game}, {players}, {move}, {when}")
    assert all(p in shown for p in ("{game}", "{players}", "{move}", "{when}"))
    assert _("Dominox") != "Dominox"
    assert _("a text the template lacks") == "a text the template lacks"   # shows as it is
    assert pseudo(text) == text                                  # never twice
    assert "\n" in pseudo("Two\nlines")
    assert max(len(word) for word in pseudo("x " * 200).split()) <= 8   # it still wraps


@pytest.fixture
def locale_copy(tmp_path, monkeypatch):
    """The locale folder copied, without its compiled files, as the game's own."""
    folder = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, folder, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    return folder


def test_a_missing_catalogue_is_compiled_and_kept(locale_copy):
    po, mo = i18n.catalogue_paths("es")
    assert not mo.exists()
    assert set_language("es") == "es" and _("Quit") == "Salir"
    assert mo.is_file() and not list(mo.parent.glob(".*.tmp"))
    os.utime(po, (mo.stat().st_mtime + 10,) * 2)        # the .po edited since
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Salir"',
                                                         'msgstr "Salir ya"'), "utf-8")
    os.utime(po, (mo.stat().st_mtime + 10,) * 2)
    set_language("es")
    assert _("Quit") == "Salir ya"


def test_a_folder_that_cannot_be_written_gets_the_catalogue_in_memory(locale_copy,
                                                                       monkeypatch):
    monkeypatch.setattr(i18n, "_write_atomic", lambda path, data: False)
    assert set_language("es") == "es" and _("Quit") == "Salir"
    assert not i18n.catalogue_paths("es")[1].exists()


def test_a_catalogue_that_cannot_be_read_speaks_english(locale_copy):
    po = i18n.catalogue_paths("es")[0]
    po.unlink()
    po.mkdir()                              # where the file should be: a folder
    assert set_language("es") == "en"
    assert _("Quit") == "Quit"


def test_a_broken_plural_rule_in_a_folder_not_written_speaks_english(locale_copy,
                                                                     monkeypatch):
    monkeypatch.setattr(i18n, "_write_atomic", lambda path, data: False)
    po = i18n.catalogue_paths("es")[0]
    text = po.read_text(encoding="utf-8")
    po.write_text(re.sub(r"plural=\(.*?\);", "plural=(n ==;", text, count=1), "utf-8")
    assert set_language("es") == "en" and _("Quit") == "Quit"


def test_a_short_compiled_catalogue_speaks_english(locale_copy):
    po, mo = i18n.catalogue_paths("es")
    mo.write_bytes(b"\xde\x12\x04\x95")               # the magic number, then nothing
    os.utime(mo, (po.stat().st_mtime + 10,) * 2)
    assert set_language("es") == "en"


def test_a_catalogue_that_is_a_pipe_does_not_hold_the_start(locale_copy):
    po, mo = i18n.catalogue_paths("es")
    po.unlink()
    os.mkfifo(po)                            # opening it would wait for a writer forever
    assert set_language("es") == "en"


def test_a_translation_with_a_placeholder_of_its_own_is_left_out(locale_copy):
    po = i18n.catalogue_paths("es")[0]
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "{name} se unió."', 'msgstr "{nombre} se unió."'),
                  "utf-8")
    assert set_language("es") == "es"
    assert _("{name} joined.").format(name="Ann") == "Ann joined."   # English, not a crash
    assert _("Quit") == "Salir"


@pytest.mark.parametrize("listed, expected", [("fr:es", "es"), ("qps", "en"),
                                              ("en_GB:es", "en")])
def test_the_first_language_of_the_list_the_game_speaks(monkeypatch, listed, expected):
    monkeypatch.setenv("LANGUAGE", listed)
    assert set_language("") == expected


def test_default_names_saved_in_another_language_are_said_in_this_one(tmp_path):
    from game.play.settings import load_settings, speak_language
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en",
                                "player_names": ["Jugador 1", "Ann", "Jugador 3", "Player 4"]}))
    settings = load_settings(path)[0]
    speak_language(settings)
    assert settings.player_names == ["Player 1", "Ann", "Player 3", "Player 4"]


def test_the_language_setting_is_checked(tmp_path):
    from game.play.settings import load_settings
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "es"}))
    assert load_settings(path)[0].language == "es"
    path.write_text(json.dumps({"language": "xx"}))
    settings, notice = load_settings(path)
    assert settings.language == "" and "language" in notice


def test_choosing_spanish_in_settings_changes_every_screen(tmp_path):
    from screen_walk import read
    from test_shell_support import press, still_app

    from game.shell.screens.settings import SettingsScene
    app = still_app(tmp_path)
    assert app.settings.player_names[0] == "Player 1"
    app.push(SettingsScene(app))
    press(app, "right")                    # the focused row: Language, System -> English
    press(app, "right")                    # -> Español
    assert app.settings.language == "es"
    texts = {t.text for t in read(app).texts}
    assert {"Ajustes", "Idioma", "Español", "Jugador 1"} <= texts
    assert app.settings.player_names[0] == "Jugador 1"     # a default name follows
    app.pop()
    texts = {t.text for t in read(app).texts}
    assert {"Jugar", "Reglas", "Ajustes", "Salir"} <= texts and "Play" not in texts
    app.save_settings()
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "es"


def test_a_match_paused_for_settings_comes_back_in_the_new_language(tmp_path):
    """The table under the pause menu (panels, buttons, the legend) follows at once."""
    from screen_walk import people_turn, read
    from test_shell_support import press, still_app

    from game.play.config import MatchConfig, Seat
    from game.shell.screens.pause import PauseOverlay
    from game.shell.screens.settings import SettingsScene
    app = still_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob", "computer", "greedy")),
                                {}, 3))
    people_turn(app, app.top)
    assert "boneyard" in {t.text for t in read(app).texts}
    english = app.top.ctl.caption            # whose turn, or the last move's
    app.push(PauseOverlay(app, "classic"))
    app.push(SettingsScene(app))
    press(app, "right")                  # Language: System -> English
    press(app, "right")                  # -> Español
    assert isinstance(app.stack[-2], PauseOverlay)
    app.pop()
    app.pop()
    texts = {t.text for t in read(app).texts}
    assert {"Robar", "Pasar", "pozo"} <= texts and "boneyard" not in texts
    caption = app.top.ctl.caption            # the caption line too, before the next move
    assert english and caption != english and caption in texts


@pytest.mark.parametrize("variant", ["dominox", "open10"])
def test_a_board_games_caption_follows_the_language(tmp_path, variant):
    from screen_walk import people_turn, read
    from test_shell_support import still_app

    from game.play.config import MatchConfig, Seat
    from game.shell.screens.settings import apply_language
    app = still_app(tmp_path)
    app.start_match(MatchConfig(variant, (Seat("Ann"), Seat("Bob", "computer", "greedy")),
                                {}, 3))
    scene = app.top
    people_turn(app, scene)
    move = scene.ctl.state.legal_moves()[0]
    assert scene.ctl.play(move)
    english = scene.ctl.caption
    legend = [t.text for t in read(app).texts if "Esc" in t.text]    # the key legend
    app.settings.language = "es"
    apply_language(app)
    assert english and scene.ctl.caption not in ("", english)
    spanish = [t.text for t in read(app).texts if "Esc" in t.text]
    assert legend and spanish and not set(legend) & set(spanish)      # its layer anew


def test_a_settings_files_notice_speaks_the_language_it_chose(tmp_path, capsys):
    """The settings file is read before the language is known: its notice (a bad value
    reset) is still made in the language the file chooses."""
    from test_shell_support import still_app
    (tmp_path / "settings.json").write_text(json.dumps({"language": "es",
                                                        "anim_speed": "fast"}))
    still_app(tmp_path)
    assert "valor incorrecto en anim_speed" in capsys.readouterr().err


def test_the_rules_screen_names_options_as_the_setup_does(tmp_path):
    """Diagonals' options on its rules screen in Spanish: Carrera, Juego de fichas,
    Límite, Tablero inicial with their values as the setup shows them, never the record's
    key words (race, set) nor Python's False."""
    from test_shell_support import still_app

    from game.shell.screens.rules import RulesScene
    from game.shell.screens.settings import apply_language
    app = still_app(tmp_path)
    app.settings.language = "es"
    apply_language(app)
    lines = RulesScene(app, "open4").lines
    options = lines[lines.index("# Opciones") + 1:]
    assert any(line.startswith("Carrera (por defecto No): ") for line in options)
    assert not any(line.startswith(("race ", "set ", "limit ", "start ")) for line in options)
    assert "False" not in " ".join(lines)


def test_a_decimal_is_written_as_the_language_writes_it():
    from game.i18n import decimal
    set_language("es")
    assert decimal(55.0) == "55,0" and decimal(0.94) == "0,9"
    set_language("en")
    assert decimal(55.0) == "55.0"
