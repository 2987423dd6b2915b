"""The frames that bring the results share their work: the frame that puts them on top
draws only the table under them; each frame after it draws one part of their picture
(the panel, the scores, the chart) on the fade's layer, showing nothing yet; only then
does the fade blend, with nothing left to draw. (The frame that brought the classic
results took the whole 16.7 ms budget when it did it all.) The panels' pictures are made
as the app starts."""
from __future__ import annotations

from game.play.config import MatchConfig, Seat
from game.shell.frame import theme
from game.shell.screens import results as results_module
from game.shell.screens.results import PANELS, ResultsScene
from game.shell.screens.score_plot import ScoreChart

from test_shell_support import make_app


def test_each_frame_draws_at_most_one_part_of_the_results(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob")), {}, 3))
    scene = app.top
    app.advance(1 / 60)
    app.draw()
    drawn: list[str] = []
    for part in ("_draw_panel", "_draw_table", "_draw_figure"):
        real = getattr(ResultsScene, part)
        monkeypatch.setattr(ResultsScene, part, lambda self, surface, _real=real, _name=part:
                            (drawn.append(_name), _real(self, surface))[1])
    figure = ScoreChart.of(scene.ctl.state, ["Ann", "Bob"])
    scene.ctl.show_results("Round 1 over", [("Ann", "+3", 3), ("Bob", "+0", 0)], "Blocked",
                           False, on_continue=lambda: None, headers=("Player", "Round", "Total"),
                           figure=figure)
    results = app.top
    assert isinstance(results, ResultsScene)
    app.draw()                                   # the frame that brought them
    per_frame = [list(drawn)]
    while not results.ready:
        drawn.clear()
        app.advance(1 / 60)
        app.draw()
        per_frame.append(list(drawn))
    assert per_frame[0] == []
    assert per_frame[1:4] == [["_draw_panel"], ["_draw_table"], ["_draw_figure"]]
    assert all(parts == [] for parts in per_frame[4:-1])       # the fade only blends
    assert per_frame[-1] == ["_draw_panel", "_draw_table", "_draw_figure"]   # whole


def test_the_panels_are_made_before_any_frame(tmp_path):
    make_app(tmp_path)
    before = theme._panel_layer.cache_info().misses
    for size in PANELS:
        theme.panel_layer(size, alpha=255)
    assert theme._panel_layer.cache_info().misses == before
    assert results_module.PANELS == ((1840, 880), (1200, 880))


def test_the_results_are_made_a_frame_before_they_come(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob")), {}, 3))
    scene = app.top
    made: list[int] = []
    real = ResultsScene.__init__
    monkeypatch.setattr(ResultsScene, "__init__",
                        lambda self, *a, **k: (made.append(frames[0]), real(self, *a, **k))[1])
    frames = [0]
    scene.wait_for_results(lambda: scene.ctl.show_results(
        "Round 1 over", [("Ann", "+3", 3), ("Bob", "+0", 0)], "Blocked", False))
    while not isinstance(app.top, ResultsScene):
        frames[0] += 1
        assert frames[0] < 200, "the results never came"
        app.advance(1 / 60)
        app.draw()
    assert made == [frames[0] - 1]              # made in the frame before the one that
    assert scene.ctl.held is None               # brought them, which only pushed them
