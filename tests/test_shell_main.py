"""main.py from the command line (headless) and the input bindings."""
import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.shell.input import InputMapper

ROOT = Path(__file__).resolve().parent.parent


def run_main(tmp_path, *args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], env=env,
                          capture_output=True, text=True, timeout=60)


def test_windowed_frames_and_screenshot(tmp_path):
    shot = tmp_path / "x.png"
    result = run_main(tmp_path, "--windowed", "--frames", "30", "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    assert image.get_at((960, 1060))[:3] != image.get_at((960, 540))[:3]   # not blank


def test_unknown_demo_variant_is_a_one_line_error(tmp_path):
    result = run_main(tmp_path, "--windowed", "--demo", "chess", "--frames", "2")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "chess" in lines[0] and "classic" in lines[0]


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
    assert names(mapper.translate(key(pygame.K_d, "d"), text_mode=True)) == [("text", "d")]
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
    mapper = InputMapper(lambda pos: (pos[0] * 2, pos[1] * 2))
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(10, 20))
    (action,) = mapper.translate(press)
    assert action.name == "rclick" and action.pos == (20, 40)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2)
    (action,) = mapper.translate(wheel)
    assert action.name == "wheel" and action.amount == -1
