"""The count as it stands, on the board before the end: Dominox's empty areas tinted by the
colour each counts for, with its points, and Dominid's clusters outlined with their
count. V shows or hides it (kept in the settings); a lesson shows it from the start."""
from __future__ import annotations

import pytest

from game.shell.frame.scene import Action
from game.shell.variants import dominox as dominox_adapter

from screen_walk import open_lesson
from test_shell_support import frame, start_board_match, still_app, wait_for_human


def layers_drawn(app, scene, monkeypatch) -> list:
    """The live layers a frame blits over the board."""
    made = []
    real = scene.adapter.scoring_layer

    def spy(geo, font):
        made.append(real(geo, font))
        return made[-1]

    monkeypatch.setattr(scene.adapter, "scoring_layer", spy)
    scene.table._scoring = None
    frame(app)
    return [layer for layer in made if layer is not None]


@pytest.mark.parametrize("variant, options", [("dominox", {}),
                                              ("dominid", {"arrange": "fixed"})])
def test_v_shows_the_count_as_it_stands_and_hides_it(tmp_path, monkeypatch, variant, options):
    app = still_app(tmp_path)
    scene = start_board_match(app, variant, ("human", "greedy"), seed=4, **options)
    wait_for_human(app, scene)
    assert not app.settings.show_scoring and not layers_drawn(app, scene, monkeypatch)
    scene.handle(Action("scoring"))
    assert app.settings.show_scoring and "shown" in scene.ctl.caption
    assert layers_drawn(app, scene, monkeypatch)
    scene.handle(Action("scoring"))
    assert not app.settings.show_scoring and not layers_drawn(app, scene, monkeypatch)


def test_the_areas_are_those_the_game_would_count_now(tmp_path, monkeypatch):
    app = still_app(tmp_path)
    app.settings.show_scoring = True
    scene = start_board_match(app, "dominox", ("human", "greedy"), seed=4)
    wait_for_human(app, scene)
    scene.ctl.play(scene.game.legal_moves()[0])
    wait_for_human(app, scene)
    painted = []
    real = dominox_adapter.territory_layer
    monkeypatch.setattr(dominox_adapter, "territory_layer",
                        lambda geo, regions, font, names=None, tints=None: (
                            painted.append(regions), real(geo, regions, font, names, tints))[1])
    scene.table._scoring = None
    frame(app)
    expected = [(len(r.squares), r.winner, r.points) for r in scene.adapter.territory()]
    assert [(len(squares), winner, points) for squares, winner, points in painted[0]] == \
        expected and sum(points for _, _, points in painted[0]) == \
        sum(scene.adapter.live_scores())


def test_a_lesson_shows_the_count_from_the_start(tmp_path, monkeypatch):
    app = still_app(tmp_path)
    assert not app.settings.show_scoring
    scene = open_lesson(app, "dominox", 3)
    assert layers_drawn(app, scene, monkeypatch)
    scene.handle(Action("scoring"))                  # V: hidden, in this lesson only
    assert not layers_drawn(app, scene, monkeypatch) and not app.settings.show_scoring
