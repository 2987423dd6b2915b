"""main.py from the command line (headless) and the input bindings."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.shell.frame.input import InputMapper

ROOT = Path(__file__).resolve().parent.parent


def run_main(tmp_path, *args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], env=env,
                          capture_output=True, text=True, timeout=60)


def test_windowed_frames_and_screenshot(tmp_path):
    shot = tmp_path / "x.png"
    result = run_main(tmp_path, "--windowed", "--frames", "30", "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    assert image.get_at((960, 1060))[:3] != image.get_at((960, 540))[:3]   # not blank


@pytest.mark.parametrize("place, said", [
    ("/proc/x.png", "/proc/x.png: No such file or directory"),   # nothing can be made there
    ("/etc/passwd/x.png", "/etc/passwd is not a folder"),
])
def test_a_screenshot_that_cannot_be_written_is_one_line(tmp_path, place, said):
    result = run_main(tmp_path, "--windowed", "--frames", "3", "--screenshot", place)
    assert result.returncode == 1
    assert result.stderr == f"main.py: screenshot not saved: {said}\n"


def test_help_names_every_game_and_the_flags_a_newcomer_needs(capsys):
    from game.__main__ import parse_args
    from game.logic.variants import find_variant, variant_names
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    text = capsys.readouterr().out
    for flag in ("--windowed", "--frames", "--play", "--learn", "--continue"):
        assert flag in text
    games = text[text.index("games (VARIANT):"):]
    for name in variant_names():
        assert f"  {name} " in games and find_variant(name).title in games
    assert "SDL_VIDEODRIVER=dummy" in text


def test_unknown_demo_variant_is_a_one_line_error(tmp_path):
    result = run_main(tmp_path, "--windowed", "--demo", "chess", "--frames", "2")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "chess" in lines[0] and "classic" in lines[0]


@pytest.mark.parametrize("args, words", [
    (["--play", "chess"], ["chess", "classic"]),
    (["--play", "classic", "--seats", "human,robot"], ["robot", "greedy"]),
    (["--play", "classic", "--seats", "human", "--players", "2"], ["1 seat", "2"]),
    (["--play", "classic", "--players", "7"], ["2 to 4", "7"]),
    (["--play", "dominox", "--seats", "human,greedy,greedy"], ["dominox", "3"]),
    (["--play", "classic", "--option", "limit=lots"], ["limit", "lots"]),
    (["--play", "classic", "--option", "colour=red"], ["colour", "block"]),
    (["--play", "classic", "--option", "limit"], ["NAME=VALUE"]),
    (["--play", "dominox", "--option", "layout=nowhere"], ["nowhere", "standard"]),
    (["--seats", "human,human"], ["--play"]),
    (["--play", "classic", "--continue"], ["choose one"]),
    (["--continue"], ["no saved match"]),
])
def test_play_and_continue_errors_are_one_line(tmp_path, args, words):
    result = run_main(tmp_path, "--windowed", *args, "--frames", "2")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("main.py: error: "), result.stderr
    assert all(word in lines[0] for word in words), lines[0]


def test_continue_with_a_damaged_save_sets_it_aside(tmp_path):
    folder = tmp_path / "data" / "dominoes"
    folder.mkdir(parents=True)
    (folder / "current.json").write_text('{"variant": "classic", "shell": {"format": 1}}')
    result = run_main(tmp_path, "--windowed", "--continue", "--frames", "2")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be resumed" in lines[0] and "kept as" in lines[0]
    assert [p.name[:17] for p in folder.glob("current.json*")] == ["current.json.bad-"]


def test_play_opens_the_match_and_saves_it(tmp_path):
    settings = tmp_path / "config" / "dominoes" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"anim_speed": 0, "muted": true, "player_names": '
                        '["Ann", "Bob", "Cy", "Di"]}')
    shot = tmp_path / "x.png"
    result = run_main(tmp_path, "--windowed", "--play", "open3", "--seats", "hard,greedy",
                      "--option", "goal=captures:3", "--seed", "4", "--frames", "120",
                      "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    save = json.loads((tmp_path / "data" / "dominoes" / "current.json").read_text())
    assert save["variant"] == "open3" and save["seed"] == 4 and save["shell"]["moves"] >= 1
    assert save["options"]["goal"] == "captures:3"
    assert save["shell"]["seats"] == [{"name": "Ann", "kind": "computer", "level": "hard"},
                                      {"name": "Bob", "kind": "computer", "level": "greedy"}]
    assert shot.exists()


def key(k, unicode="", mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod)


def names(actions):
    return [(a.name, a.char) for a in actions]


def test_keys_map_to_actions_and_text():
    mapper = InputMapper()
    assert names(mapper.translate(key(pygame.K_RETURN, "\r"))) == [("confirm", "")]
    assert names(mapper.translate(key(pygame.K_ESCAPE, "\x1b"))) == [("back", "")]
    assert names(mapper.translate(key(pygame.K_TAB, "\t", pygame.KMOD_LSHIFT))) == [("prev", "")]
    assert names(mapper.translate(key(pygame.K_d, "d"))) == [("draw", ""), ("text", "d")]
    # typing: the characters come from TEXTINPUT (composed accents too), never twice
    assert names(mapper.translate(key(pygame.K_d, "d"), text_mode=True)) == []
    typed = pygame.event.Event(pygame.TEXTINPUT, text="é")
    assert names(mapper.translate(typed, text_mode=True)) == [("text", "é")]
    assert names(mapper.translate(typed)) == []
    assert names(mapper.translate(key(pygame.K_HOME), text_mode=True)) == [("home", "")]
    assert names(mapper.translate(key(pygame.K_DELETE), text_mode=True)) == [("text", "\x7f")]
    assert names(mapper.translate(key(pygame.K_s, "\x13", pygame.KMOD_CTRL))) == [("save", "")]
    assert names(mapper.translate(key(pygame.K_BACKSPACE, "\b"), text_mode=True)) \
        == [("text", "\b")]
    assert names(mapper.translate(key(pygame.K_UP), text_mode=True)) == [("up", "")]


def test_gamepad_buttons_hat_and_stick():
    mapper = InputMapper()
    button = pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=3)
    assert names(mapper.translate(button)) == [("confirm", "")]
    hat = pygame.event.Event(pygame.JOYHATMOTION, value=(0, -1), instance_id=3, hat=0)
    assert names(mapper.translate(hat)) == [("down", "")]
    stick = [pygame.event.Event(pygame.JOYAXISMOTION, axis=0, value=v, instance_id=3)
             for v in (0.9, 0.95, 0.1, -0.8)]
    assert [names(mapper.translate(e)) for e in stick] == [[("right", "")], [], [], [("left", "")]]
    gone = pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=42)
    assert mapper.translate(gone) == []


def test_mouse_wheel_and_buttons():
    pygame.display.init()       # the wheel reads the pointer (alone in a worker, nothing else has)
    mapper = InputMapper(lambda pos: (pos[0] * 2, pos[1] * 2))
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(10, 20))
    (action,) = mapper.translate(press)
    assert action.name == "rclick" and action.pos == (20, 40)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2)
    (action,) = mapper.translate(wheel)
    assert action.name == "wheel" and action.amount == -1
