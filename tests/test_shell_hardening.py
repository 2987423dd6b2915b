"""The shell survives any settings file, any string, a dying or orphaned worker, a hostile
player name on the speech command line, and random events through the real queue."""
import json
import os
import random
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.logic.textfiles import SIZE_LIMITS
from game.play import thinking
from game.play.settings import ANIM_SPEEDS, NAME_LENGTH, Settings, load_settings
from game.shell.frame import speech, theme
from game.shell.frame.scene import Action
from game.shell.frame.widgets import Button, Label, Menu, Selector, TextField
from game.shell.screens.dialogs import MessageScene
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene
from game.shell.screens.settings import SettingsScene
from process_support import alive, children, needs_proc, wait_until
from test_shell_support import frame, make_app, quiet_app

ROOT = Path(__file__).resolve().parent.parent

NASTY = ["", "a\x00b", "\x00", "\ud800", "x\udcff\udfffy", "😀👍🏽🇫🇷", "שלום עולם",
         "مرحبا", "\u202eevil\u202c", "\ufeff", "\u200b" * 50, "tab\there\nnew\rline",
         "\x1b[2J\x07\x7f", "\U0010ffff", "-w/tmp/x", "x" * 100_000, "word " * 20_000,
         "W" * 5000 + "\n" * 3000]


# --- settings --------------------------------------------------------------------------
def load(tmp_path, content):
    path = tmp_path / "settings.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content),
                        encoding="utf-8")
    return load_settings(path)


def usable(settings: Settings) -> bool:
    """What the game relies on: every value of its type and range."""
    return (all(isinstance(getattr(settings, name), bool)
                for name in ("fullscreen", "muted", "show_hints", "show_coords"))
            and settings.volume in [step / 10 for step in range(11)]
            and settings.anim_speed in ANIM_SPEEDS
            and len(settings.player_names) == 4
            and all(isinstance(n, str) and 0 < len(n) <= NAME_LENGTH and n.isprintable()
                    for n in settings.player_names)
            and isinstance(settings.last_setup, dict))


@pytest.mark.parametrize("content", [
    os.urandom(4000),
    b"\xff\xfe{\x00}",
    "[" * 2000 + "]" * 2000,
    '{"volume": ' + "[" * 2000 + "]" * 2000 + "}",
    '{"volume": ' + "9" * 5000 + "}",
    "",
    "null",
    '"just a string"',
])
def test_an_unreadable_file_is_set_aside_with_a_one_line_notice(tmp_path, content):
    settings, notice = load(tmp_path, content)
    assert settings == Settings()
    assert "settings.json" in notice and "\n" not in notice
    assert not (tmp_path / "settings.json").exists()
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1


def test_bom_and_crlf_are_read(tmp_path):
    text = json.dumps({"volume": 0.3, "muted": True}, indent=1).replace("\n", "\r\n")
    settings, notice = load(tmp_path, b"\xef\xbb\xbf" + text.encode())
    assert notice is None and settings.volume == 0.3 and settings.muted


def test_a_file_too_big_a_folder_and_a_dangling_link_are_refused(tmp_path):
    big = tmp_path / "big" / "settings.json"
    big.parent.mkdir()
    big.write_text('{"volume": 0.5, "pad": "' + "x" * SIZE_LIMITS["settings"] + '"}')
    settings, notice = load_settings(big)
    assert settings == Settings() and "too big" in notice
    folder = tmp_path / "folder" / "settings.json"
    folder.mkdir(parents=True)
    settings, notice = load_settings(folder)
    assert settings == Settings() and "folder" in notice
    link = tmp_path / "link" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(tmp_path / "nowhere")
    settings, notice = load_settings(link)
    assert settings == Settings() and "link" in notice


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_not_waited_on(tmp_path):
    pipe = tmp_path / "settings.json"
    os.mkfifo(pipe)
    settings, notice = load_settings(pipe)          # would block forever if opened plainly
    assert settings == Settings() and "regular file" in notice


@pytest.mark.parametrize("field,stored,used", [
    ("volume", 10 ** 400, 1.0),
    ("volume", -10 ** 400, 0.0),
    ("volume", 5, 1.0),
    ("volume", 0.74, 0.7),
    ("anim_speed", 3.7, 2.0),
    ("anim_speed", -1, 0.0),
    ("anim_speed", 10 ** 30, 2.0),
    ("anim_speed", 0.4, 0.5),
])
def test_numbers_are_moved_to_the_nearest_value_the_game_offers(tmp_path, field, stored, used):
    settings, notice = load(tmp_path, f'{{"{field}": {stored}}}')
    assert getattr(settings, field) == used and usable(settings)
    inside = 0 <= stored <= (1 if field == "volume" else 2)
    assert (notice is None) == inside
    if notice:
        assert field in notice and "\n" not in notice


@pytest.mark.parametrize("text", ['{"volume": NaN}', '{"volume": Infinity}',
                                  '{"anim_speed": -Infinity}', '{"anim_speed": 1e999}'])
def test_nan_and_infinity_are_reset(tmp_path, text):
    settings, notice = load(tmp_path, text)
    assert settings == Settings() and "bad value" in notice


def test_names_are_cleaned_and_cut_before_anything_else(tmp_path):
    stored = ["A\x00n\tn", "\ud800\x07", "Bob the very long named player", "  -w/tmp/x  "]
    settings, notice = load(tmp_path, json.dumps({"player_names": stored}))
    assert settings.player_names == ["An n", "Player 2", "Bob the very lon", "-w/tmp/x"]
    assert usable(settings) and "player_names" in notice


@pytest.mark.parametrize("data", [
    {"fullscreen": "yes"}, {"muted": 1}, {"volume": "loud"}, {"volume": True},
    {"anim_speed": None}, {"player_names": "Ann"}, {"player_names": [1, 2, 3]},
    {"player_names": [None, {}, [], 4]}, {"last_setup": [1]}, {"show_hints": {"a": 1}},
])
def test_wrong_types_fall_back_to_their_defaults(tmp_path, data):
    settings, notice = load(tmp_path, data)
    assert usable(settings) and notice and "\n" not in notice
    assert (tmp_path / "settings.json").exists()       # one bad value: the file is kept


def random_json(rng, depth=0):
    kind = rng.randrange(9 if depth < 3 else 6)
    return [lambda: rng.choice((True, False, None)),
            lambda: rng.choice((0, 1, -1, 2, 10 ** rng.randrange(400), -(10 ** 20))),
            lambda: rng.choice((0.5, 3.7, -0.0, 1e308, float("nan"), float("inf"))),
            lambda: rng.choice(("", "Ann", "\x00", "\ud800", "😀" * 30, "x" * 300)),
            lambda: rng.choice(("Instant", "-w", "1.0")),
            lambda: rng.random(),
            lambda: [random_json(rng, depth + 1) for _ in range(rng.randrange(6))],
            lambda: {rng.choice(("variant", "players", "seats", "options", "x")):
                     random_json(rng, depth + 1) for _ in range(rng.randrange(4))},
            lambda: [rng.choice(("Ann", "", "\ud800", 3)) for _ in range(4)]][kind]()


def test_random_values_in_every_field_load_and_the_screens_use_them(tmp_path):
    rng = random.Random(7)
    names = [f.name for f in Settings.__dataclass_fields__.values()]
    for i in range(40):
        data = {name: random_json(rng) for name in names if rng.random() < 0.7}
        folder = tmp_path / str(i)
        folder.mkdir()
        (folder / "settings.json").write_text(json.dumps(data))
        settings, notice = load_settings(folder / "settings.json")
        assert usable(settings), data
        if i % 8 == 0:                        # the screens that read settings draw them
            app = make_app(folder)
            app.draw()
            from game.shell.screens.setup import VariantSelectScene
            for scene in (SettingsScene(app), VariantSelectScene(app)):
                app.push(scene)
                app.draw()


# --- the text layer --------------------------------------------------------------------
@pytest.mark.parametrize("text", NASTY, ids=range(len(NASTY)))
def test_every_text_drawing_function_takes_any_string(tmp_path, text):
    app = make_app(tmp_path)
    surface = app.screen
    for size in (14, 32, 84):
        face = theme.font(size)
        assert face.size(text)[1] > 0
        image = face.render(text, True, theme.TEXT)      # never wider than the cap allows
        assert image.get_width() <= theme.MAX_TEXT_CHARS * size * 3
    theme.draw_text(surface, text, (10, 10), shadow=True)
    theme.draw_text(surface, text, (10, 10), font=app.font(40), anchor="center")
    assert theme.font(32).size(theme.fit_text(text, 300))[0] <= 300
    for line in theme.wrap_text(text, 600):
        assert theme.font(32).size(line)[0] <= 600 or " " not in line
    theme.draw_caption(surface, app, text)
    theme.draw_legend(surface, app, text)
    theme.draw_title(surface, text)
    menu = Menu(app, [Label(text), Button(text, lambda: None),
                      Selector(text, [(1, text), (2, "b")]),
                      TextField(text, text[:16])])
    menu.draw(surface)
    for scene in (MessageScene(app, text, text), HandOverScene(app, text, lambda: None),
                  ResultsScene(app, text, [(text, 1, 2), ("Bob", 3, 4)], text,
                               on_continue=lambda: None)):
        app.push(scene)
        app.draw()
        app.pop()


def test_what_the_face_has_no_glyph_for_is_drawn_as_a_question_mark(tmp_path):
    make_app(tmp_path)
    face = theme.font(32)

    def pixels(text):
        return pygame.image.tobytes(face.render(text, True, (255, 255, 255)), "RGBA")

    assert pixels("Ann ש😀") == pixels("Ann ??")
    assert pixels("A\u202eB\ufeff\u200b") == pixels("AB")
    assert pixels("Zoë – 5 €") != pixels("Zo? ? 5 ?")      # what the face has stays
    assert face.size("ש😀") == face.size("??")


def test_a_typed_name_keeps_only_what_can_be_drawn(tmp_path):
    app = make_app(tmp_path)
    screen = SettingsScene(app)
    app.push(screen)
    field = next(w for w in screen.menu.widgets if isinstance(w, TextField))
    field.handle_confirm()
    for char in ["\b"] * 20 + ["\x00", "\ud800", "😀", "ש", "\x1b"] + ["z"] * 30:
        field.handle(Action("text", char=char))
    field.handle(Action("confirm"))
    assert field.text == "😀ש" + "z" * 14 and len(field.text) <= NAME_LENGTH
    app.draw()


# --- the worker process ----------------------------------------------------------------
@needs_proc
def test_a_worker_killed_mid_thought_is_restarted_and_asked_again():
    worker = thinking.WorkerProcess()
    try:
        assert worker.submit(os.getpid).result(timeout=30) == worker.pid
        first = worker.pid
        slow = worker.submit(time.sleep, 0.8)
        time.sleep(0.3)                             # the worker is sleeping on the job
        os.kill(first, signal.SIGKILL)
        assert slow.result(timeout=30) is None
        assert worker.pid != first and not alive(first)
        assert worker.submit(os.getpid).result(timeout=30) == worker.pid
    finally:
        worker.shutdown()
    assert wait_until(lambda: not alive(worker.pid), 3)


@needs_proc
def test_the_match_goes_on_when_the_worker_dies(tmp_path):
    from game.play.config import MatchConfig, Seat
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("A", "computer", "greedy"),
                                            Seat("B", "computer", "greedy")), {}, 3))
    scene = app.top
    killed = set()
    deadline = time.monotonic() + 60
    while scene.ctl.ply < 6 and time.monotonic() < deadline:
        worker = thinking._pool
        if scene.ctl.thinking and len(killed) < 3 and worker.pid not in killed:
            killed.add(worker.pid)           # each worker once: the next is its restart
            os.kill(worker.pid, signal.SIGKILL)
        frame(app)
        time.sleep(0.002)
    assert len(killed) == 3 and scene.ctl.ply >= 6 and scene in app.stack


DRIVER = """
import random, sys, time
sys.path.insert(0, sys.argv[1])
from game.logic.variants import new_game
from game.play import thinking
state = new_game("classic", 2, seed=1)
view = state.view(state.current_player)
thinking.think("greedy", view, random.Random(1)).move()     # the worker is up
if sys.argv[2] == "busy":
    thinking._pool.submit(time.sleep, 60)                   # and thinking
print(thinking._pool.pid, flush=True)
time.sleep(60)
"""


@needs_proc
@pytest.mark.parametrize("worker_state", ["busy", "idle"])
def test_the_worker_ends_when_the_game_is_killed(tmp_path, worker_state):
    driver = subprocess.Popen([sys.executable, "-c", DRIVER, str(ROOT), worker_state],
                              stdout=subprocess.PIPE, text=True)
    try:
        worker = int(driver.stdout.readline())
        time.sleep(0.3)
        assert alive(worker)
        assert children(driver.pid) == [worker]      # no resource tracker or other helper
        driver.kill()
        driver.wait()
        assert wait_until(lambda: not alive(worker), 5), "the worker outlived the game"
    finally:
        driver.kill()
        driver.wait()


@needs_proc
def test_sigterm_quits_a_match_at_once_and_takes_the_worker_along(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    game = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--windowed", "--demo",
                             "classic", "--seed", "4"], env=env)
    try:
        assert wait_until(lambda: children(game.pid, b"thinking"), 30), "no worker started"
        (worker,) = children(game.pid, b"thinking")
        asked = time.monotonic()
        game.send_signal(signal.SIGTERM)
        assert game.wait(timeout=10) == 128 + signal.SIGTERM
        assert time.monotonic() - asked < 3      # a second when the machine is not busy
        assert wait_until(lambda: not alive(worker), 3)
    finally:
        game.kill()
        game.wait()


def test_stale_temporary_files_are_removed_at_launch(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    config, data = tmp_path / "config", tmp_path / "data" / "dominoes"
    for folder in (config, data):
        folder.mkdir(parents=True)
        old, fresh = folder / ".settings.json.abc.tmp", folder / ".save.json.def.tmp"
        old.write_text("half")
        fresh.write_text("being written")
        os.utime(old, (time.time() - 3600, time.time() - 3600))
    make_app(config)
    for folder in (config, data):
        assert not (folder / ".settings.json.abc.tmp").exists()
        assert (folder / ".save.json.def.tmp").exists()


# --- speech ----------------------------------------------------------------------------
def test_a_caption_is_never_taken_as_an_option(tmp_path, monkeypatch):
    log = tmp_path / "argv.jsonl"
    fake = tmp_path / "bin" / "espeak-ng"
    fake.parent.mkdir()
    fake.write_text(f"#!{sys.executable}\nimport json, sys\n"
                    f"open({str(log)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(fake.parent))
    speaker = speech.Speaker()
    assert speaker.program == str(fake)
    said = []
    for text in ["-w/tmp/x", "--help", "a\x00b\ud800 c\n"]:
        speaker.say(text)
        speaker._process.wait(timeout=30)
        said.append(json.loads(log.read_text().splitlines()[-1]))
    assert said == [["--", "-w/tmp/x"], ["--", "--help"], ["--", "a b? c"]]
    from game.i18n import set_language
    set_language("es")                                    # Spanish speaks in a Spanish voice
    speaker.say("Te toca a ti.")
    speaker._process.wait(timeout=30)
    assert json.loads(log.read_text().splitlines()[-1]) == ["-v", "es", "--", "Te toca a ti."]
