"""Shared pieces of the shell tests: a fake clock, a recording scene, app factories, key
presses and frames, waiting for a human's turn, the texts a frame draws, and random input
over a board scene."""
from __future__ import annotations

import time

import pygame

from game.play.config import MatchConfig, Seat
from game.shell.board.scene import BoardMatchScene
from game.shell.frame.app import App
from game.shell.frame.scene import ACTION_NAMES, Action, Scene
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene

STEP = 1 / 60


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


def still_app(tmp_path) -> App:
    """make_app, muted, with no animation (what a test that reads the screen wants)."""
    app = make_app(tmp_path)
    app.settings.muted = True
    app.settings.anim_speed = 0
    return app


def quiet_app(tmp_path, muted: bool = True) -> App:
    """A windowed app whose computers move at once (no waiting in tests), muted."""
    app = App(windowed=True, settings_path=tmp_path / "settings.json")
    app.settings.anim_speed = 0
    app.settings.muted = muted
    return app


def press(app, name, **kw) -> None:
    app.dispatch(Action(name, **kw))


def keys(app, *codes: int) -> None:
    """Real key presses (pygame.K_...) through the event queue and the input mapper, one
    after another, handled as the loop handles them."""
    for code in codes:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="",
                                                 scancode=0))
        app.process_events()


def frame(app, count: int = 1) -> None:
    for _ in range(count):
        app.advance(STEP)
        app.draw()


def texts_drawn(app, scene, monkeypatch) -> list[str]:
    """Every text a frame of `scene` draws, its cached layers (the line games' static
    layer, a board table's panels) drawn again."""
    from game.shell.frame import theme
    drawn = []
    with monkeypatch.context() as patch:
        for name in ("draw_text", "draw_fitted"):
            real = getattr(theme, name)
            patch.setattr(theme, name, lambda surface, text, *a, _real=real, **k: (
                drawn.append(str(text)), _real(surface, text, *a, **k))[1])
        if hasattr(scene, "_static"):
            scene._static = None
        if hasattr(scene, "table"):
            scene.table._hud_key = scene.table._static_key = None
        scene.draw(app.screen)
    return drawn


def play_to_the_last_move(app, scene, rng) -> None:
    """People play random legal moves (hand-overs continued) until the game is over;
    nothing is drawn after the last move."""
    while not scene.ctl.state.is_over():
        if isinstance(app.top, HandOverScene):
            press(app, "confirm")
        app.advance(STEP)
        if scene.ctl.human_turn and app.top is scene:
            scene.ctl.play(rng.choice(scene.ctl.state.legal_moves()))


def results_ready(app) -> None:
    """Frames until the results on top take input (they ignore keys while appearing)."""
    for _ in range(round(ResultsScene.APPEAR_SECONDS / STEP) + 2):
        if app.top.ready:
            return
        app.advance(STEP)
    assert app.top.ready, "the results never took input"


def random_board_actions(app, scene, rng, count: int) -> None:
    """`count` random actions on a board match scene (half of them aimed at the board and
    the hand), stepping and drawing it every other action; hand-overs are continued and
    the pause menu resumed. Whatever the actions, nothing may raise."""
    names = sorted(ACTION_NAMES - {"fullscreen"})
    for i in range(count):
        pos = (rng.randrange(1920), rng.randrange(1080))
        if rng.random() < 0.5:
            pos = (rng.randrange(450, 1470), rng.randrange(80, 1000))
        scene.handle(Action(rng.choice(names), pos=pos, amount=rng.choice((-1, 1)), char="x"))
        while app.top is not scene and not isinstance(app.top, ResultsScene):
            app.top.handle(Action("confirm"))
        if i % 2 == 0:
            scene.update(STEP)
            scene.draw(app.screen)
        if scene.ctl.thinking:
            time.sleep(0.0002)          # the computers think in a worker process


def await_thought(scene, seconds: float = 0.1) -> None:
    """While a computer of `scene` thinks (in the worker process), wait for its answer,
    `seconds` at most, before the next frame: frames drawn meanwhile would show the same
    position again, several of them for each move while the worker answers."""
    job = getattr(getattr(scene, "ctl", None), "_job", None)     # (ply, player, Thought)
    deadline = time.monotonic() + seconds
    while job is not None and not job[2].done() and time.monotonic() < deadline:
        time.sleep(0.0005)


def wait_for_human(app, scene, limit=3000, on_top=False) -> None:
    """Frames (hand-overs continued) until a human may act on `scene` (with `on_top`, and
    nothing covers it) or its game is over; the computers think in a worker process, so a
    frame may have to wait for them."""
    from game.shell.screens.hand_over import HandOverScene
    for _ in range(limit):
        if scene.ctl.state.is_over() or (scene.ctl.human_turn and (app.top is scene or not on_top)):
            return
        if isinstance(app.top, HandOverScene):
            press(app, "confirm")
        await_thought(scene)
        frame(app)
    raise AssertionError("no human turn came")


def seats(kinds):
    """Seats P0, P1, ... of these kinds: "human", or a computer level ("greedy", ...)."""
    return tuple(Seat(f"P{i}", "human" if k == "human" else "computer",
                      "greedy" if k == "human" else k) for i, k in enumerate(kinds))


def start_board_match(app, variant, kinds=("human", "greedy"), seed=7,
                      **options) -> BoardMatchScene:
    app.start_match(MatchConfig(variant, seats(kinds), options, seed))
    assert isinstance(app.top, BoardMatchScene), getattr(app.top, "lines", app.top)
    return app.top
