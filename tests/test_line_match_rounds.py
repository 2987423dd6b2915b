"""The line match between rounds: the table behind the round results shows the round
that ended (its line, hand sizes, boneyard and scores), not the next deal; Enter skips
the wait before the results."""
from __future__ import annotations

import time

import pytest

from game.play.config import MatchConfig, Seat
from game.shell.frame import theme, tile_art
from game.shell.frame.scene import Action
from game.shell.line.scene import LineMatchScene
from game.shell.screens.results import ResultsScene

from test_shell_support import results_ready, still_app

STEP = 1 / 60


@pytest.fixture
def app(tmp_path):
    return still_app(tmp_path)


def start(app, variant, seats, seed=5, options=None):
    app.start_match(MatchConfig(variant, tuple(seats), options or {}, seed))
    return app.top


def run_until(app, scene, done, limit=60000):
    """Step the match, making the human's moves (the first legal one), until `done()`."""
    for _ in range(limit):
        if done():
            return
        if app.top is scene and scene.my_turn:
            while scene.pending:
                scene.handle(Action("draw"))
            assert scene.ctl.play(scene.moves[0])
            continue
        app.advance(STEP)
        if scene.ctl.thinking:
            time.sleep(0.0005)
    raise AssertionError("the match never got there")


def drawn_texts(monkeypatch) -> list[str]:
    texts = []
    real = theme.draw_text

    def spy(surface, text, *args, **kw):
        texts.append(str(text))
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(theme, "draw_text", spy)
    return texts



def test_round_results_lie_over_the_round_that_ended(app, monkeypatch):
    scene = start(app, "classic", [Seat("Ann"), Seat("Bot", "computer")])
    assert isinstance(scene, LineMatchScene)
    run_until(app, scene, lambda: isinstance(app.top, ResultsScene))
    state, last = scene.state, scene.state.finished_rounds[-1]
    assert app.top.title == f"Round {last.number} over" and state.round_number == 2
    ended_sizes = tuple(len(hand) for hand in last.hands)
    assert ended_sizes != state.view(0).hand_sizes           # the next deal differs
    for p in range(2):                                        # what each hand scored
        assert sum(t.a + t.b for t in last.hands[p]) == last.scores[p]
    view = scene.public
    assert view.round_number == 1 and view.hand_sizes == ended_sizes
    assert view.boneyard == last.boneyard and view.line == scene.line
    assert scene.hand == []                                   # nobody's hand face up
    texts = drawn_texts(monkeypatch)
    app.draw()                                                # results over the dim table
    assert "Round 1    out at 150 points" in texts
    assert not [t for t in texts if t.startswith("Round 2")], texts
    bot_tiles = theme.count(ended_sizes[1], "tile")
    assert any(t.startswith(bot_tiles) for t in texts), texts
    assert str(last.boneyard) in texts
    results_ready(app)
    app.top.handle(Action("confirm"))                         # Continue: round 2 shows
    assert app.top is scene and scene.public.round_number == 2
    assert scene.public.hand_sizes == state.view(0).hand_sizes


def test_with_no_humans_the_panels_show_the_hands_the_round_ended_with(app, monkeypatch):
    seats = [Seat(f"C{i}", "computer", "random") for i in range(3)]
    scene = start(app, "classic", seats, seed=9)
    run_until(app, scene, lambda: isinstance(app.top, ResultsScene))
    last = scene.state.finished_rounds[-1]
    drawn = []
    real = tile_art.draw_tile
    monkeypatch.setattr(tile_art, "draw_tile", lambda surface, rect, ends=None, state="normal":
                        (drawn.append((tuple(rect), ends)), real(surface, rect, ends, state)))
    app.draw()
    assert len(scene.top_seats) == 2
    for p in scene.top_seats:
        panel = scene._seat_rect(p)
        shown = [ends for rect, ends in drawn
                 if panel.collidepoint(rect[:2]) and rect[1] == panel.y + 60]
        assert shown == [tile_art.ends_of(t) for t in last.hands[p]], p


def test_enter_skips_the_wait_before_round_results(app):
    app.settings.anim_speed = 0.5                 # slow: the results wait 1.8 s
    scene = start(app, "classic", [Seat("Ann"), Seat("Bot", "computer")])
    run_until(app, scene, lambda: scene.results_due is not None)
    assert not isinstance(app.top, ResultsScene)
    app.dispatch(Action("confirm"))
    assert isinstance(app.top, ResultsScene) and scene.results_due is None

