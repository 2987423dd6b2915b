"""Random events through the real pygame event queue into the running game: keys (with
NUL, emoji and right-to-left characters), typed text, mouse buttons 1-7 and the wheel,
window sizes from 1x1 to 3840x2160, F11, gamepads plugged and unplugged, their buttons,
hats and sticks, on every menu screen and in a match of every playable variant.

    nice -n 10 .venv/bin/python tools/fuzz_events.py [--events 100000] [--seed 1]

Prints how many events went in, the frames run, the scenes seen and every exception with
where it was raised. Settings, saves and statistics go to a temporary folder. The tests
run a short `fuzz` of the same.
"""
from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.play.config import MatchConfig, Seat  # noqa: E402
from game.shell.frame.input import KEY_BINDINGS  # noqa: E402

TEXTS = ["a", "Z", "9", " ", "\x00", "\b", "\r", "\t", "\x1b", "\x7f", "é", "ß", "😀", "👍🏽",
         "ש", "لا", "\u202e", "\u200f", "\ufeff", "\u200b", "\U0010ffff", "-w/tmp/x",
         "שלום עולם", "😀" * 40, "x" * 300, ""]
OTHER_KEYS = [pygame.K_a, pygame.K_z, pygame.K_u, pygame.K_q, pygame.K_1, pygame.K_0,
              pygame.K_F1, pygame.K_F4, pygame.K_LCTRL, pygame.K_LSHIFT, pygame.K_DELETE,
              pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_KP_ENTER, 0, 0x40000123]
KEYS = sorted(set(KEY_BINDINGS) - {pygame.K_F11}) + OTHER_KEYS
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_CTRL
        | pygame.KMOD_SHIFT]
SIZES = [(1, 1), (2, 300), (300, 2), (640, 360), (800, 600), (1280, 720), (1920, 1080),
         (2560, 1440), (3840, 2160), (1000, 100)]


@dataclass
class Report:
    events: int = 0
    frames: int = 0
    restarts: int = 0              # the app quit (QUIT, or the last screen closed)
    scenes: collections.Counter = field(default_factory=collections.Counter)
    exceptions: collections.Counter = field(default_factory=collections.Counter)
    segments: collections.Counter = field(default_factory=collections.Counter)


def _where(error: Exception) -> str:
    frame = traceback.extract_tb(error.__traceback__)[-1]
    return f"{type(error).__name__}: {error} ({Path(frame.filename).name}:{frame.lineno})"


def random_events(rng: random.Random, window) -> list[pygame.event.Event]:
    """One input as pygame would queue it (a key press is its down and up, a resize is
    the window changing size and then saying so)."""
    E = pygame.event.Event
    w, h = window.get_size()
    pos = (rng.randint(-50, w + 50), rng.randint(-50, h + 50)) if rng.random() < 0.1 else \
        (rng.randrange(max(w, 1)), rng.randrange(max(h, 1)))
    pad = rng.randrange(4)
    kind = rng.random()
    if kind < 0.32:
        key, mod, char = rng.choice(KEYS), rng.choice(MODS), rng.choice(TEXTS)
        if rng.random() < 0.002:
            key = pygame.K_F11
        keys = dict(key=key, mod=mod, unicode=char[:1], scancode=0)
        return [E(pygame.KEYDOWN, **keys), E(pygame.KEYUP, **keys)]
    if kind < 0.38:
        return [E(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
    if kind < 0.55:
        return [E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)]
    if kind < 0.70:
        button = rng.randint(1, 7)
        return [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
                E(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)]
    if kind < 0.74:
        x, y = rng.choice((-3, -1, 0, 1, 3)), rng.choice((-3, -1, 0, 1, 3))
        return [E(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x),
                  precise_y=float(y), touch=False)]
    if kind < 0.755:
        size = rng.choice(SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        kind = rng.choice((pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED))
        if kind == pygame.VIDEORESIZE:
            return [E(kind, size=size, w=size[0], h=size[1])]
        return [E(kind, x=size[0], y=size[1])]
    if kind < 0.77:
        if rng.random() < 0.5:
            return [E(pygame.JOYDEVICEADDED, device_index=pad),
                    E(pygame.CONTROLLERDEVICEADDED, device_index=pad)]
        return [E(pygame.JOYDEVICEREMOVED, instance_id=pad),
                E(pygame.CONTROLLERDEVICEREMOVED, instance_id=pad)]
    if kind < 0.87:
        button = rng.randrange(16)
        down = rng.choice((pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN))
        up = pygame.JOYBUTTONUP if down == pygame.JOYBUTTONDOWN else pygame.CONTROLLERBUTTONUP
        return [E(down, joy=pad, instance_id=pad, button=button),
                E(up, joy=pad, instance_id=pad, button=button)]
    if kind < 0.93:
        value = (rng.randint(-1, 1), rng.randint(-1, 1))
        return [E(pygame.JOYHATMOTION, joy=pad, instance_id=pad, hat=rng.randrange(2),
                  value=value)]
    if kind < 0.999:
        axis = rng.randrange(6)
        if rng.random() < 0.5:
            return [E(pygame.JOYAXISMOTION, joy=pad, instance_id=pad, axis=axis,
                      value=rng.uniform(-1, 1))]
        return [E(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis,
                  value=rng.randint(-32768, 32767))]
    return [E(pygame.QUIT)]


def _segments(app):
    """(name, how to set the app up) for every starting point: the menu screens, then a
    match of every playable variant."""
    from game.shell.screens.setup import VariantSelectScene, load_variants
    from game.shell.screens.rules import RulesScene
    from game.shell.screens.settings import SettingsScene
    starts = [("title", lambda rng: None),
              ("variant select", lambda rng: app.push(VariantSelectScene(app))),
              ("settings", lambda rng: app.push(SettingsScene(app))),
              ("rules", lambda rng: app.push(RulesScene(app, "classic")))]
    for name, cls in load_variants(playable_only=True)[0]:
        starts.append((name, lambda rng, name=name, cls=cls: app.start_match(
            _match(app, rng, name, cls))))
    return starts


def _match(app, rng, variant: str, cls) -> MatchConfig:
    """A match of `variant`: a person against the computer, two people on the couch, or
    computers only, at Easy or Medium (Hard would spend the fuzz thinking)."""
    players = rng.randint(cls.min_players, min(cls.max_players, 4))
    humans = rng.choice((0, 1, 1, 2))
    names = app.settings.player_names
    seats = tuple(Seat(names[i]) if i < humans else
                  Seat(names[i], "computer", rng.choice(("random", "greedy")))
                  for i in range(players))
    return MatchConfig(variant, seats, {}, rng.randrange(2 ** 31))


def fuzz(app, rng: random.Random, events: int, per_segment: int = 400,
         report: Report | None = None) -> Report:
    """Post about `events` random events into `app`, `per_segment` from each starting
    point in turn (see _segments), running a frame after every few. An exception is
    counted and the app sent back to the title menu; a quit is counted and the app
    started again."""
    from game.shell.screens.title import TitleScene
    report = report or Report()
    starts = _segments(app)
    app.running = True
    segment = 0
    while report.events < events:
        name, start = starts[segment % len(starts)]
        segment += 1
        report.segments[name] += 1
        try:
            app.back_to_menu()
            start(rng)
        except Exception as error:
            report.exceptions[f"starting {name}: {_where(error)}"] += 1
            continue
        if app.top is not None:              # reached, even if the first events close it
            report.scenes[type(app.top).__name__] += 1
        posted = 0
        while posted < per_segment and report.events < events:
            for _ in range(rng.randint(1, 6)):
                for event in random_events(rng, app.window):
                    pygame.event.post(event)
                    posted += 1
                    report.events += 1
            try:
                app.run_frame(1 / 60)
            except Exception as error:
                report.exceptions[_where(error)] += 1
                pygame.event.clear()
                app.back_to_menu()
                app.running = True
            report.frames += 1
            if app.top is not None:
                report.scenes[type(app.top).__name__] += 1
            if not app.running or not app.stack:
                report.restarts += 1
                if not app.stack:
                    app.push(TitleScene(app))
                app.running = True
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-segment", type=int, default=400)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="fuzz-events-") as home:
        os.environ["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        os.environ["XDG_DATA_HOME"] = os.path.join(home, "data")
        from game.shell.frame.app import App
        app = App(windowed=True, settings_path=Path(home) / "settings.json")
        app.settings.anim_speed = 0
        app.settings.muted = True
        began = time.monotonic()
        report = fuzz(app, random.Random(args.seed), args.events, args.per_segment)
        app._finish()
    seconds = time.monotonic() - began
    print(f"events: {report.events:,}  frames: {report.frames:,}  seconds: {seconds:.0f}  "
          f"quits: {report.restarts:,}")
    print(f"starting points: {len(report.segments)} "
          f"({', '.join(f'{k} x{v}' for k, v in sorted(report.segments.items()))})")
    print(f"scenes visited: {len(report.scenes)} "
          f"({', '.join(f'{k} {v:,}' for k, v in report.scenes.most_common())})")
    print(f"exceptions: {sum(report.exceptions.values())}")
    for where, times in report.exceptions.most_common():
        print(f"  {times} x {where}")
    return 1 if report.exceptions else 0


if __name__ == "__main__":
    sys.exit(main())
