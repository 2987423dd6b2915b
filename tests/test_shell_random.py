"""Random input must never crash a shell screen."""
import random

import pytest

from game.shell.menus import TitleScene, VariantPickScene, VariantSelectScene
from game.shell.overlays import (HandOverScene, MessageScene, PauseOverlay, ResultsScene,
                                 RulesScene, SettingsScene)
from game.shell.scene import ACTION_NAMES, LOGICAL_SIZE, Action
from test_shell_support import RecordingScene, make_app

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
    char = rng.choice("ab Z9-\b\x00é")
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
