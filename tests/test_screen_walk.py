"""The walk over every screen of every game (screen_walk.py): no text is cut short, no
two texts lie over one another or run onto a button, none runs off the screen or is too
small to read once the 1920x1080 screen is scaled to a 1280x720 window. Every screen is
drawn on the same logical 1920x1080 surface whatever the window, so one walk serves both
sizes; the smallest text allowed is what stays readable at 1280x720. On the couch no
tile of the hand to play shows under an overlay."""
from __future__ import annotations

import pytest

from game.logic.variants import VARIANTS

from screen_walk import menus, problems, read, setup_rows, walk
from test_shell_support import still_app


def check(app, names) -> list[str]:
    found = []
    for name in names:
        reading = read(app)
        found += [f"{name}: {problem}" for problem in problems(reading)]
        top = app.top
        scene = next((s for s in app.stack if hasattr(s, "ctl")), None)
        if scene is not None and top is not scene and getattr(top, "overlay", False) \
                and scene.ctl.couch and not scene.ctl.state.is_over():
            state = scene.ctl.state
            hand = set(state.view(state.current_player).hand)
            public = {placed.tile for placed in getattr(scene, "line", ())}
            if hasattr(scene, "view"):
                public |= {placed.tile for placed in scene.view(0).placed}
            if (reading.faces & hand) - public:
                found.append(f"{name}: a hand shows under {type(top).__name__}")
    return found


def test_the_menus(tmp_path):
    app = still_app(tmp_path)
    assert check(app, menus(app)) == []


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_screen_of_the_game(tmp_path, variant):
    app = still_app(tmp_path)
    names: list[str] = []

    def screens():
        for name in walk(app, [variant], with_menus=False):
            names.append(name)
            yield name

    assert check(app, screens()) == []
    assert len(names) > 20, names


@pytest.mark.parametrize("variant", ["open1", "open3", "open4", "open10"])
def test_the_starting_board_help_leaves_the_buttons_free(tmp_path, variant):
    """Its two lines of help once covered the lower half of Start / How to play / Back."""
    app = still_app(tmp_path)
    seen = []

    def starting_board():
        for name in setup_rows(app, variant):
            if name.endswith("Starting board"):
                seen.append(name)
                yield name

    assert check(app, starting_board()) == [] and seen
