"""What lies under an overlay is drawn once and reused until the stack changes, in surfaces
made with the app; the results fade in from a picture drawn once, pixel for pixel as the
whole-screen copy and blend did."""
import pygame
import pytest
from test_shell_support import STEP, RecordingScene, make_app

from game.shell.frame import theme
from game.shell.screens.results import ResultsScene


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


class White(RecordingScene):
    def draw(self, surface):
        surface.fill((255, 255, 255))


def test_the_backdrop_is_dimmed_once_under_a_dimming_overlay(tmp_path):
    app = make_app(tmp_path)

    class Dimming(RecordingScene):
        backdrop_dim = 128

    app.push(White(app, "white"))
    app.push(Dimming(app, "dim", overlay=True))
    app.draw()
    first = app.screen.get_at((5, 5))[:3]
    app.draw()
    assert app.screen.get_at((5, 5))[:3] == first
    assert 100 < first[0] < 160



class Stripes(RecordingScene):
    """A table of many colours, so that dimming and blending show in every channel."""

    def draw(self, surface):
        for x in range(0, surface.get_width(), 40):
            surface.fill(((x * 7) % 256, (x * 3 + 90) % 256, (255 - x) % 256),
                         (x, 0, 40, surface.get_height()))


class Chart:
    """A figure for the wide results: draws over the right half of the panel."""

    def draw(self, surface):
        pygame.draw.rect(surface, (200, 60, 90), (1000, 200, 800, 500))

    def handle(self, action):
        return False


def simple_path(app, table, results) -> bytes:
    """The screen as the results drew it before their picture was kept: the covered
    screen copied whole, the results drawn on the copy, the copy blended over all of it."""
    under = pygame.Surface(app.screen.get_size()).convert()
    table.draw(under)
    theme.dim(under, results.backdrop_dim)
    layer = under.copy()
    results._draw_results(layer)
    if results.ready:
        under = layer                       # fully shown: drawn straight on the table
    elif results.shown_alpha:               # (none while their picture is drawn)
        layer.set_alpha(results.shown_alpha)
        under.blit(layer, (0, 0))
    theme.draw_legend(under, app, results.legend())
    return pygame.image.tobytes(under, "RGB")


def screen_bytes(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("figure", [None, Chart()], ids=["table", "with a figure"])
def test_every_frame_of_the_results_fade_shows_the_pixels_of_the_simple_path(tmp_path,
                                                                             figure):
    app = make_app(tmp_path)
    table = Stripes(app, "table")
    app.push(table)
    results = ResultsScene(app, "Round 1", [("Ann", 3, 10), ("Bob", 0, 7)], "Ann wins",
                           rematch=lambda: None, figure=figure)
    app.push(results)
    frames, alphas = [], set()
    for _ in range(round(ResultsScene.APPEAR_SECONDS / STEP) + 3):
        app.draw()
        assert screen_bytes(app) == simple_path(app, table, results)
        frames.append(screen_bytes(app))
        alphas.add(results.shown_alpha)
        app.advance(STEP)
    assert len(set(frames)) == len(alphas) > ResultsScene.APPEAR_SECONDS / STEP - 4  # each
    # step of the fade shows (the first frames draw the picture, showing only the table)


def test_the_fade_draws_its_picture_once_on_surfaces_made_with_the_app(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    app.push(Stripes(app, "table"))
    under, layer = app.backdrop.under, app.backdrop.layer
    drawn = []
    draw_panel = ResultsScene._draw_panel          # the first part of the picture
    monkeypatch.setattr(ResultsScene, "_draw_panel",
                        lambda self, surface: drawn.append(surface) or draw_panel(self, surface))
    for title in ("Round 1", "Round 2"):
        results = ResultsScene(app, title, [("Ann", 1), ("Bob", 2)], "Bob wins",
                               on_continue=lambda: None)
        app.push(results)
        drawn.clear()
        for _ in range(round(ResultsScene.APPEAR_SECONDS / STEP)):
            app.draw()
            app.advance(STEP)
        assert results.ready and drawn == [layer]   # once, on the layer, for the whole fade
        app.draw()
        assert drawn == [layer, app.screen]  # then straight on the screen
        app.pop()
    assert app.backdrop.under is under and app.backdrop.layer is layer


def test_a_fade_draws_its_picture_again_when_what_it_covers_changes(tmp_path):
    app = make_app(tmp_path)
    table = Stripes(app, "table")
    app.push(table)
    white = White(app, "white")
    app.push(white)
    results = ResultsScene(app, "Round 1", [("Ann", 1)], "Ann wins", on_continue=lambda: None)
    app.push(results)
    for _ in range(3):
        app.advance(STEP)
        app.draw()
    app.remove(white)                        # the white screen goes: the stripes show
    app.advance(STEP)
    app.draw()
    assert screen_bytes(app) == simple_path(app, table, results)


def test_the_dimming_strip_darkens_as_one_full_screen_sheet_did():
    surface = pygame.Surface((1920, 1080))
    Stripes(None).draw(surface)
    sheet = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 170))
    expected = surface.copy()
    expected.blit(sheet, (0, 0))
    theme.dim(surface, 170)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(expected, "RGB")
