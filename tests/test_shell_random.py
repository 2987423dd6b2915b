"""Random input must never crash a shell screen: actions straight to each screen, and
random events through pygame's own queue into the running app (tools/fuzz_events.py)."""
import random
import sys
from pathlib import Path

import pygame
import pytest

from game.shell.screens.title import TitleScene, VariantPickScene

from game.shell.frame.scene import ACTION_NAMES, LOGICAL_SIZE, Action
from game.shell.screens.dialogs import MessageScene
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.results import ResultsScene
from game.shell.screens.rules import RulesScene
from game.shell.screens.settings import SettingsScene
from game.shell.screens.setup import VariantSelectScene, load_variants
from test_shell_support import RecordingScene, make_app, quiet_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from fuzz_events import fuzz  # noqa: E402

FACTORIES = {
    "title": TitleScene,
    "variant_select": VariantSelectScene,
    "variant_pick": lambda app: VariantPickScene(app, "Pick", lambda name: None),
    "pause": lambda app: PauseOverlay(app, "dominox"),
    "rules": lambda app: RulesScene(app, "classic"),
    "settings": SettingsScene,
    "hand_over": lambda app: HandOverScene(app, "Ann", lambda: None),
    "round_results": lambda app: ResultsScene(app, "Round", [("Ann", 1, 2), ("Bob", 3, 4)],
                                              "Ann", on_continue=lambda: None),
    "match_results": lambda app: ResultsScene(app, "Match", [("Ann", 1)], "Ann",
                                              rematch=lambda: None),
    "message": lambda app: MessageScene(app, "Error", "something went wrong " * 20),
}
NAMES = sorted(ACTION_NAMES - {"fullscreen"})   # F11 is tried once, not 2,000 times


def random_action(rng):
    name = rng.choice(NAMES)
    pos = (rng.randrange(LOGICAL_SIZE[0]), rng.randrange(LOGICAL_SIZE[1]))
    char = rng.choice(["a", "b", " ", "Z", "9", "-", "\b", "\x00", "é", "😀", "ש", "\u202e",
                       "\ud800"])
    return Action(name, pos=pos, amount=rng.choice((-1, 1)), char=char)


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_two_thousand_random_actions(tmp_path, monkeypatch, name):
    app = make_app(tmp_path)
    monkeypatch.setattr(app, "start_match", lambda config: app.push(RecordingScene(app)))
    monkeypatch.setattr(app, "save_settings", lambda: True)
    rng = random.Random(name)
    app.push(RecordingScene(app, "match"))      # something for overlays to cover
    scene = FACTORIES[name](app)
    app.push(scene)
    app.dispatch(Action("fullscreen"))
    for i in range(2000):
        if scene not in app.stack:               # it closed itself: open a fresh one
            if not app.stack:
                app.push(TitleScene(app))
            scene = FACTORIES[name](app)
            app.push(scene)
        app.dispatch(random_action(rng))
        if i % 100 == 0:
            app.advance(1 / 60)
            app.draw()


def test_random_events_reach_every_scene_and_variant_without_an_exception(tmp_path):
    app = quiet_app(tmp_path)
    variants = {name for name, _ in load_variants(playable_only=True)[0]}
    events = 70 * (len(variants) + 4)          # 4 menu screens, then a match of each
    report = fuzz(app, random.Random(11), events=events, per_segment=70)
    assert not report.exceptions, report.exceptions
    assert variants <= set(report.segments)
    assert {"TitleScene", "SettingsScene", "VariantSelectScene", "RulesScene"} \
        <= set(report.scenes)
    assert {"LineMatchScene", "BoardMatchScene"} & set(report.scenes)
    assert report.events >= events and report.frames > events / 10
    pygame.event.clear()
