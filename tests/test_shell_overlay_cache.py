"""What lies under an overlay is drawn once and reused until the stack changes."""
from test_shell_support import RecordingScene, make_app


def test_scenes_under_an_overlay_are_drawn_once_per_stack(tmp_path):
    app = make_app(tmp_path)
    log = []
    base = RecordingScene(app, "base", log)
    app.push(base)
    app.push(RecordingScene(app, "over", log, overlay=True))
    log.clear()
    for _ in range(3):
        app.draw()
    assert log == [("draw", "base"), ("draw", "over"), ("draw", "over"), ("draw", "over")]
    app.pop()
    app.push(RecordingScene(app, "other", log, overlay=True))
    log.clear()
    app.draw()
    assert log == [("draw", "base"), ("draw", "other")]


def test_the_backdrop_is_dimmed_once_under_a_dimming_overlay(tmp_path):
    app = make_app(tmp_path)

    class White(RecordingScene):
        def draw(self, surface):
            surface.fill((255, 255, 255))

    class Dimming(RecordingScene):
        backdrop_dim = 128

    app.push(White(app, "white"))
    app.push(Dimming(app, "dim", overlay=True))
    app.draw()
    first = app.screen.get_at((5, 5))[:3]
    app.draw()
    assert app.screen.get_at((5, 5))[:3] == first
    assert 100 < first[0] < 160

