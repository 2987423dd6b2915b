"""Thousands of random actions on the line-match scene raise nothing and break no rule of
what may be shown."""
import random
import time

import pytest

from game.play.config import MatchConfig, Seat
from game.shell.frame.app import App
from game.shell.frame.scene import ACTION_NAMES, Action
from game.shell.line.scene import LineMatchScene

# (home, end: only while typing; save: the level editor's)
NAMES = sorted(ACTION_NAMES - {"fullscreen", "text", "pause", "home", "end", "save"})
POINTER = ("point", "click", "release", "rclick", "wheel")


def random_action(rng, scene):
    name = rng.choice(NAMES + ["click", "point", "confirm"] * 3)
    if name not in POINTER:
        return Action(name)
    targets = [r.center for r in scene.hand_rects]
    targets += [z.rect.center for z in scene.layout.zones.values()]
    if targets and rng.random() < 0.6:
        x, y = rng.choice(targets)
        pos = (x + rng.randint(-20, 20), y + rng.randint(-20, 20))
    else:
        pos = (rng.randrange(1920), rng.randrange(1080))
    return Action(name, pos, amount=rng.choice((-1, 1)))


@pytest.mark.parametrize("variant, kinds, seed", [
    ("classic", ["human", "computer", "computer", "computer"], 1),
    ("classic", ["human", "human"], 2),
    ("blank", ["human", "computer", "human"], 3),
])
def test_random_actions_raise_nothing(tmp_path, variant, kinds, seed):
    app = App(windowed=True, settings_path=tmp_path / "settings.json")
    app.settings.muted = True
    app.settings.anim_speed = 0 if seed != 1 else 2.0
    rng = random.Random(seed)
    seats = tuple(Seat(f"P{i}", kind) for i, kind in enumerate(kinds))
    config = MatchConfig(variant, seats, {"limit": 40} if variant == "classic" else {}, seed)
    app.start_match(config)
    plies = {}
    for _ in range(600):
        top = app.top
        if not isinstance(top, LineMatchScene):
            if top is None or type(top).__name__ in ("TitleScene", "MessageScene"):
                app.start_match(config)           # the random keys left the match
            else:
                top.handle(Action(rng.choice(["confirm", "confirm", "down", "back"])))
                app.advance(1 / 60)               # (results take keys once shown)
            continue
        scene = top
        plies[id(scene)] = scene.ctl.ply
        scene.handle(random_action(rng, scene))
        scene.face_up_drawn = set()
        app.advance(1 / 60)
        app.draw()
        current = scene.state.current_player
        if scene.ctl.couch:
            assert scene.face_up_drawn <= {current}
        else:
            assert scene.face_up_drawn <= set(scene.ctl.humans)
        if scene.ctl.thinking:
            time.sleep(0.0002)
    assert sum(plies.values()) >= 10       # the games moved on, not just the menus
