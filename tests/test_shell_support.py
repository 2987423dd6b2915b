"""Shared pieces of the shell tests: a fake clock, a recording scene and an app factory."""
from __future__ import annotations

from game.shell.app import App
from game.shell.scene import Scene


class FakeClock:
    """Stands in for pygame.time.Clock: every tick reports `ms` milliseconds, no waiting."""

    def __init__(self, ms: float):
        self.ms = ms
        self.ticks = 0

    def tick(self, framerate=0):
        self.ticks += 1
        return self.ms


class RecordingScene(Scene):
    def __init__(self, app, name="scene", log=None, overlay=False):
        super().__init__(app)
        self.name, self.overlay = name, overlay
        self.log = log if log is not None else []
        self.updates = 0
        self.actions = []

    def enter(self):
        self.log.append(("enter", self.name))

    def leave(self):
        self.log.append(("leave", self.name))

    def handle(self, action):
        self.actions.append(action)

    def update(self, dt):
        self.updates += 1

    def draw(self, surface):
        self.log.append(("draw", self.name))


def make_app(tmp_path, **kw) -> App:
    kw.setdefault("clock", FakeClock(1000 / 60))
    return App(windowed=True, settings_path=tmp_path / "settings.json", **kw)
