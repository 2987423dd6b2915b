"""The match in progress is saved after every move and resumed from the title menu; a
damaged save is set aside with a notice; a killed game keeps its save."""
import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.logic.cli import load_state
from game.logic.variants import new_game
from game.play import saves, storage
from game.play.config import MatchConfig, Seat
from game.shell.match.scene import UNSAVED_MARK
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.setup import VariantSelectScene
from game.shell.screens.title import TitleScene

from process_support import wait_for_moves
from test_shell_support import STEP, frame, press, quiet_app, texts_drawn

ROOT = Path(__file__).resolve().parent.parent


def moves_of(scene) -> int:
    return len(scene.ctl.state.moves_played())


def play_on(app, scene, count: int, rng: random.Random, check=None) -> None:
    """`count` more moves: a person's at random through the controller, a computer's by
    frames; `check()` after each one."""
    for _ in range(count):
        if scene.ctl.state.is_over():
            return
        before = moves_of(scene)
        if scene.ctl.human_turn:
            assert scene.ctl.play(rng.choice(scene.ctl.state.legal_moves()))
        deadline = time.monotonic() + 20
        while moves_of(scene) == before:
            assert time.monotonic() < deadline, "no computer move"
            if app.top is not scene:
                press(app, "confirm")      # a round's results: Continue
            frame(app)
            time.sleep(0.002)              # the computers think in a worker process
        if check:
            check()


def test_every_move_is_saved_and_replays_to_the_same_position(tmp_path):
    app = quiet_app(tmp_path)
    config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 21)
    app.start_match(config)
    scene = app.top
    assert not saves.save_path().exists()          # nothing is written before a move
    counts = []

    def check():
        saves.settle()                             # the writer works in the background
        record = json.loads(saves.save_path().read_text())
        assert record["shell"]["moves"] == moves_of(scene)
        counts.append(record["shell"]["moves"])
        saved = saves.read_save()
        assert saved.state.position_text() == scene.ctl.state.position_text()

    play_on(app, scene, 6, random.Random(4), check)
    assert counts == sorted(counts) and len(set(counts)) == len(counts) >= 6


def test_a_save_is_a_record_the_logic_command_line_reads(tmp_path):
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("open3", (Seat("Ann"), Seat("Bob")), {}, 3))
    play_on(app, app.top, 5, random.Random(1))
    saves.settle()
    state = load_state(str(saves.save_path()))          # python -m game.logic legal FILE
    assert [str(m) for m in state.legal_moves()] == \
        [str(m) for m in app.top.ctl.state.legal_moves()]
    # a finished record with the shell's header replays too (python -m game.logic replay)
    done = new_game("open3", 2, 3, {"goal": "captures:1"})
    rng = random.Random(2)
    while not done.is_over():
        done.apply(rng.choice(done.legal_moves()))
    record = {**done.record(), "shell": {"format": saves.FORMAT}}
    assert type(done).from_record(record).outcome() == done.outcome()


def test_continue_resumes_the_same_state_and_seats(tmp_path):
    app = quiet_app(tmp_path)
    seats = (Seat("Ann"), Seat("Bot", "computer", "random"), Seat("Cy", "computer", "hard"))
    config = MatchConfig("open54", seats, {"face_down": True}, 8)
    app.start_match(config)
    play_on(app, app.top, 4, random.Random(3))
    position = app.top.ctl.state.position_text()

    again = quiet_app(tmp_path)                  # the next evening
    title = again.top
    assert isinstance(title, TitleScene)
    assert title.menu.focused is title.continue_button
    assert title.continue_button.label.startswith("Continue: Spread, Ann vs Easy vs Hard, move ")
    press(again, "confirm")
    scene = again.top
    assert scene.ctl.state.position_text() == position
    assert scene.ctl.config.seats == seats
    assert scene.ctl.config.options == {"face_down": True} and scene.ctl.config.seed == 8
    frame(again, 3)                              # it plays on from there


def test_quit_to_menu_keeps_the_save_and_settings_keep_the_focus(tmp_path):
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("open3", (Seat("Ann"), Seat("Bob")), {}, 5))
    play_on(app, app.top, 3, random.Random(5))
    app.push(PauseOverlay(app, "open3"))
    app.top.ask()
    app.top.menu.widgets[-1].on_press()          # "Yes, quit to menu"
    title = app.top
    assert isinstance(title, TitleScene) and title.menu.focused is title.continue_button
    assert ", move 3, " in title.continue_button.label
    press(app, "down")
    press(app, "confirm")                        # Play: a new game may still be chosen
    assert isinstance(app.top, VariantSelectScene)
    press(app, "back")
    assert app.top is title and title.menu.focused.label == "Play"
    assert title.continue_button is not None


def test_a_finished_match_removes_its_save_once_the_end_is_on_screen(tmp_path, monkeypatch):
    """The computer's last move: until a frame shows the end (no "Thinking..." left on
    screen), the save still holds the game; then it goes."""
    from game.shell.frame import theme
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("open3", (Seat("Ann"), Seat("Bot", "computer", "greedy")),
                                {"goal": "captures:1"}, 2))
    scene = app.top
    rng = random.Random(6)
    saw_save, deadline = False, time.monotonic() + 60
    while not scene.ctl.state.is_over():
        assert time.monotonic() < deadline, "the game did not end"
        if scene.ctl.human_turn:
            scene.ctl.play(rng.choice(scene.ctl.state.legal_moves()))
        else:
            app.advance(STEP)
            time.sleep(0.001)                      # the computer thinks in a worker
        if not scene.ctl.state.is_over():
            app.draw()
            saves.settle()
            saw_save = saw_save or saves.save_path().exists()
    assert scene.ctl.state.moves_played()[-1][0] == 1, "the person ended it: no check"
    saves.settle()
    assert saw_save and saves.save_path().exists()     # the screen still shows the move before
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: (
        drawn.append(str(text)), real(surface, text, *a, **k))[1])
    app.draw()
    assert "Winner" in drawn and not any("Thinking" in text for text in drawn)
    saves.settle()
    assert not saves.save_path().exists()
    app.back_to_menu()
    assert app.top.continue_button is None


def test_a_demo_is_not_saved(tmp_path):
    app = quiet_app(tmp_path)
    app.demo = "open3"
    app.start_demo("open3")
    scene = app.top
    deadline = time.monotonic() + 20
    while moves_of(scene) < 2 and time.monotonic() < deadline:
        frame(app)
        time.sleep(0.002)
    saves.settle()
    assert moves_of(scene) >= 2 and not saves.save_path().exists()


def a_good_save(tmp_path) -> dict:
    state = new_game("classic", 2, 9, {"limit": 100})
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    config = MatchConfig("classic", (Seat("Ann"), Seat("Bot", "computer", "greedy")),
                         {"limit": 100}, 9)
    return saves.save_record(config, state)


def damage(kind: str, record: dict):
    """The text (or bytes) of a save damaged in the way `kind` says."""
    shell = record["shell"]
    if kind == "not json":
        return '{"variant": "classic", "rounds": ['
    if kind == "a list":
        return "[1, 2, 3]"
    if kind == "no header":
        return json.dumps({k: v for k, v in record.items() if k != "shell"})
    if kind == "unknown variant":
        return json.dumps({**record, "variant": "chess"})
    if kind == "illegal move":
        rounds = json.loads(json.dumps(record["rounds"]))
        rounds[0]["moves"][1]["move"] = "0-0L"
        return json.dumps({**record, "rounds": rounds})
    if kind == "seats of wrong types":
        return json.dumps({**record, "shell": {**shell, "seats": [1, "x"]}})
    if kind == "unknown level":
        seats = [shell["seats"][0], {"name": "Bot", "kind": "computer", "level": "genius"}]
        return json.dumps({**record, "shell": {**shell, "seats": seats}})
    if kind == "a level that is a table":
        seats = [shell["seats"][0], {"name": "Bot", "kind": "computer", "level": {}}]
        return json.dumps({**record, "shell": {**shell, "seats": seats}})
    if kind == "wrong move count":
        return json.dumps({**record, "shell": {**shell, "moves": 99}})
    if kind == "seed not a number":
        return json.dumps({**record, "seed": "nine"})
    if kind == "unknown key in the header":
        return json.dumps({**record, "shell": {**shell, "bogus": 1}})
    if kind == "unknown key in a seat":
        seats = [{**shell["seats"][0], "x": [1, 2]}, shell["seats"][1]]
        return json.dumps({**record, "shell": {**shell, "seats": seats}})
    if kind == "a name with a control character":
        seats = [{**shell["seats"][0], "name": "A\x00nn"}, shell["seats"][1]]
        return json.dumps({**record, "shell": {**shell, "seats": seats}})
    if kind.startswith("shell options: "):       # what a rematch would deal with
        options = json.loads(kind.removeprefix("shell options: "))
        return json.dumps({**record, "shell": {**shell, "options": options}})
    if kind == "huge":
        return json.dumps({**record, "padding": "x" * (5 * 1024 * 1024)})
    if kind == "not utf-8":
        return b"\xff\xfe{" + b"\x80" * 10
    raise AssertionError(kind)


DAMAGES = ["not json", "a list", "no header", "unknown variant", "illegal move",
           "seats of wrong types", "unknown level", "a level that is a table",
           "wrong move count", "seed not a number",
           "huge", "not utf-8", 'shell options: {"layout": "../../etc/passwd"}',
           'shell options: {"limit": -5}', 'shell options: {"bogus": [1, 2]}',
           'shell options: {"limit": 150}', 'shell options: [1, 2]',
           "unknown key in the header", "unknown key in a seat",
           "a name with a control character"]


@pytest.mark.parametrize("kind", DAMAGES)
def test_a_damaged_save_is_set_aside_with_a_notice(tmp_path, kind):
    path = saves.save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = damage(kind, a_good_save(tmp_path))
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    app = quiet_app(tmp_path)
    title = app.top
    assert title.continue_button is None
    assert title.notice.startswith("The saved match cannot be resumed: current.json: ")
    assert "\n" not in title.notice and "Traceback" not in title.notice
    assert not path.exists()
    aside = list(path.parent.glob("current.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes()[:20] == (
        text if isinstance(text, bytes) else text.encode())[:20]
    frame(app)
    press(app, "confirm")                      # the title still works: Play
    assert isinstance(app.top, VariantSelectScene)


@pytest.mark.parametrize("options, words", [
    ({"layout": "../../etc/passwd"}, ["layout", "etc/passwd"]),
    ({"hand": -5}, ["hand", "-5"]),
    ({"bogus": [1, 2]}, ["bogus"]),
    ({"layout": "holes"}, ["layout", "holes", "standard"]),     # not what was dealt
])
def test_the_options_a_rematch_would_use_are_checked_on_resume(options, words):
    state = new_game("dominox", 2, 4, {})
    state.apply(state.legal_moves()[0])
    config = MatchConfig("dominox", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 4)
    record = saves.save_record(config, state)
    path = saves.save_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(record))
    assert saves.load_save()[0].config.options == {}
    record["shell"]["options"] = options
    path.write_text(json.dumps(record))
    save, notice = saves.load_save()
    assert save is None and notice.startswith("The saved match cannot be resumed: ")
    assert all(word in notice for word in words), notice


def test_a_folder_in_place_of_the_save_is_set_aside(tmp_path):
    saves.save_path().mkdir(parents=True)
    save, notice = saves.load_save()
    assert save is None and "a folder, not a file" in notice
    assert not saves.save_path().exists()


def test_the_good_save_of_the_damage_tests_loads(tmp_path):
    path = saves.save_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(a_good_save(tmp_path)))
    save, notice = saves.load_save()
    assert notice is None and save.moves == 3 and save.config.options == {"limit": 100}
    assert saves.describe(save).startswith("Classic draw dominoes, Ann vs Medium, move 3, ")


def test_an_unwritable_data_folder_is_said_once_and_play_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("open3", (Seat("Ann"), Seat("Bob")), {}, 5))
    scene = app.top
    play_on(app, scene, 1, random.Random(1))
    saves.settle()
    frame(app)                                 # the controller hears of the failure
    assert scene.ctl.caption.startswith("The match cannot be saved")
    scene.ctl.caption = ""
    play_on(app, scene, 2, random.Random(2))
    assert moves_of(scene) == 3 and not scene.ctl.caption.startswith("The match cannot")


def test_a_full_disk_marks_the_match_screen_until_a_save_succeeds_and_is_logged_once(
        tmp_path, monkeypatch, capsys):
    full = [True]
    real = storage.write_atomic

    def write(path, text):
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)
    monkeypatch.setattr(storage, "write_atomic", write)
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("open3", (Seat("Ann"), Seat("Bob")), {}, 5))
    scene = app.top
    said = "The match cannot be saved: No space left on device."
    captions = []
    for count in range(3):
        play_on(app, scene, 1, random.Random(count))
        saves.settle()
        frame(app)
        captions.append(scene.ctl.caption)
        assert scene.ctl.save_problem == "No space left on device"
        assert UNSAVED_MARK in texts_drawn(app, scene, monkeypatch)
    assert captions[0] == said and said not in captions[1:]    # the mark outlives it
    assert capsys.readouterr().err == f"warning: {said}\n"
    full[0] = False
    play_on(app, scene, 1, random.Random(9))
    saves.settle()
    frame(app)
    assert scene.ctl.save_problem is None and scene.ctl.is_saved()
    assert UNSAVED_MARK not in texts_drawn(app, scene, monkeypatch)
    assert saves.read_save().moves == moves_of(scene)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_game_keeps_a_save_that_resumes(tmp_path, how):
    data, config = tmp_path / "data", tmp_path / "config"
    (config / "dominoes").mkdir(parents=True)
    (config / "dominoes" / "settings.json").write_text(
        json.dumps({"anim_speed": 0, "muted": True, "fullscreen": False}))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(data), XDG_CONFIG_HOME=str(config))
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--windowed", "--play", "classic",
         "--seats", "greedy,greedy", "--seed", "12", "--frames", "100000"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True)                 # its thinking worker dies with it
    try:
        wait_for_moves(data / "dominoes" / "current.json", 3, process)
    finally:
        os.killpg(process.pid, how)
        process.wait(timeout=30)
        process.stderr.close()
    path = data / "dominoes" / "current.json"
    save = saves.read_save(path)
    assert save.moves >= 3 and [s.level for s in save.config.seats] == ["greedy", "greedy"]
    assert save.config.seed == 12
    assert load_state(str(path)).position_text() == save.state.position_text()
    resumed = subprocess.run([sys.executable, str(ROOT / "main.py"), "--windowed",
                              "--continue", "--frames", "3"],
                             env=env, capture_output=True, text=True, timeout=60)
    assert resumed.returncode == 0, resumed.stderr


def test_the_players_said_short_when_long():
    state = new_game("classic", 4, 1, {})
    seats = (Seat("Ann"), Seat("C1", "computer", "hard"), Seat("Bob"),
             Seat("C2", "computer", "random"))
    save = saves.SavedMatch(MatchConfig("classic", seats, {}, 1), state,
                            saves.datetime(2026, 11, 23, 14, 5))
    assert saves.describe(save) == "Classic draw dominoes, Ann vs Hard vs Bob vs Easy, " \
                                   "move 0, 23 Nov 14:05"
    assert saves.describe_parts(save, short=True)[1] == "Ann, Bob and 2 computers"
    save.config = MatchConfig("classic", seats[:2], {}, 1)
    assert saves.describe_parts(save, short=True)[1] == "Ann and 1 computer"


def playable_variants():
    from game.shell.match.kinds import can_play
    from game.logic.variants import variant_names
    return [name for name in variant_names() if can_play(name)]


@pytest.mark.parametrize("variant", playable_variants())
def test_every_game_resumes_in_its_scene_mid_match(tmp_path, variant):
    from game.logic.variants import find_variant
    players = find_variant(variant).max_players
    state = new_game(variant, players, 31, {})
    rng = random.Random(31)
    for _ in range(12):
        state.apply(rng.choice(state.legal_moves()))
        if state.is_over():
            state.undo()
            break
    seats = (Seat("Ann"),) + tuple(Seat(f"C{i}", "computer", "greedy") for i in range(1, players))
    saves.write_save(MatchConfig(variant, seats, {}, 31), state)
    app = quiet_app(tmp_path)
    press(app, "confirm")                      # Continue
    scene = app.top
    assert scene.ctl.state.position_text() == state.position_text()
    assert scene.ctl.config.seats == seats
    play_on(app, scene, 2, rng)                # and plays on, saving as it goes
    frame(app)                                 # (a finished match's save goes once drawn)
    saves.settle()
    if scene.ctl.state.is_over():
        assert not saves.save_path().exists()
    else:
        assert saves.read_save().moves == moves_of(scene)


def test_computers_alone_play_on_past_the_results_and_are_saved(tmp_path):
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("C1", "computer", "greedy"),
                                            Seat("C2", "computer", "greedy")), {}, 7))
    scene = app.top
    saw_results, deadline = False, time.monotonic() + 60
    while not (saw_results and app.top is scene and scene.state.round_number >= 2):
        assert time.monotonic() < deadline, "the computers stopped at the results"
        saw_results = saw_results or app.top is not scene
        frame(app)
        time.sleep(0.001)
    assert saves.read_save().moves == moves_of(scene)


def test_a_take_back_rewrites_the_save(tmp_path):
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("open3", (Seat("Ann"), Seat("Bot", "computer", "greedy")), {}, 9))
    scene = app.top
    play_on(app, scene, 4, random.Random(9))
    before = saves.read_save().moves
    assert scene.ctl.take_back()
    saved = saves.read_save()
    assert saved.moves == moves_of(scene) < before
    assert saved.state.position_text() == scene.ctl.state.position_text()


def test_a_default_name_saved_in_another_language_is_said_in_this_one(tmp_path):
    """A couch match saved in Spanish ("Jugador 1") continued in English: its default
    names are English; a name someone chose stays as it was."""
    seats = (Seat("Jugador 1"), Seat("Ann"), Seat("Jugador 3", "computer", "greedy"))
    config = MatchConfig("classic", seats, {}, 5)
    state = new_game("classic", 3, 5)
    state.apply(state.legal_moves()[0])
    path = tmp_path / "save.json"
    saves.write_save(config, state, path)
    save, notice = saves.load_save(path)
    assert notice is None
    assert [seat.name for seat in save.config.seats] == ["Player 1", "Ann", "Jugador 3"]
