"""Statistics: counted once when a match ends, totals and streaks, a damaged file set
aside with a notice, and the Statistics screen."""
from __future__ import annotations

import json
import random
import time

import pytest

from game.logic.core import Outcome
from game.play import statistics as stats
from game.play.config import MatchConfig, Seat
from game.shell.frame.scene import ACTION_NAMES, Action
from game.shell.screens.results import ResultsScene
from game.shell.screens.statistics import StatsScene
from game.shell.screens.title import TitleScene

from test_shell_support import STEP, press, quiet_app, results_ready


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


def config(variant="blank", kinds=("human", "greedy"), names=("Ann", "Ben", "Cy", "Di")):
    seats = tuple(Seat(names[i]) if kind == "human" else Seat(names[i], "computer", kind)
                  for i, kind in enumerate(kinds))
    return MatchConfig(variant, seats, {}, 3)


def play_to_the_end(app, cfg, rng, demo=False):
    """A whole match through the scene: people play random legal moves."""
    app.start_match(cfg)
    app.demo = "x" if demo else None
    scene = app.top
    for _ in range(20000):
        if isinstance(app.top, ResultsScene) and scene.ctl.state.is_over():
            results_ready(app)
            return scene
        if app.top is not scene or scene.ctl.state.is_over():
            press(app, "confirm")          # hand-overs, round results, the final board
        elif scene.ctl.human_turn and scene.results_due is None:
            scene.ctl.play(rng.choice(scene.ctl.state.legal_moves()))
        app.advance(STEP)
        if scene.ctl.thinking:
            time.sleep(0.0005)
    raise AssertionError("the match did not end")


def test_a_finished_match_is_counted_once(app):
    scene = play_to_the_end(app, config(), random.Random(1))
    outcome = scene.ctl.state.outcome()
    records, notice = stats.load()
    assert notice is None and list(records) == [("Ann", "blank", "greedy")]
    record = records["Ann", "blank", "greedy"]
    won = outcome.winner == 0
    assert (record.games, record.wins, record.losses + record.draws) == (1, int(won), int(not won))
    assert record.best_score == outcome.scores[0] == record.score_total
    for _ in range(30):                    # the results screen and more frames count nothing
        app.advance(STEP)
    assert stats.load()[0]["Ann", "blank", "greedy"].games == 1


def test_couch_play_counts_both_people_and_computers_alone_count_nothing(app):
    play_to_the_end(app, config("dominox", ("human", "human")), random.Random(2))
    records = stats.load()[0]
    assert set(records) == {("Ann", "dominox", "human"), ("Ben", "dominox", "human")}
    ann, ben = records["Ann", "dominox", "human"], records["Ben", "dominox", "human"]
    assert ann.wins == ben.losses and ann.losses == ben.wins and ann.draws == ben.draws
    before = stats.path().read_text()
    play_to_the_end(app, config("blank", ("greedy", "random")), random.Random(3))
    play_to_the_end(app, config(), random.Random(4), demo=True)
    assert stats.path().read_text() == before


def test_totals_streaks_and_best_scores():
    cfg = config("classic", ("human", "greedy", "random"))
    results = [(0, 40), (0, 12), (1, 90), (0, 30), (0, 55), (0, 8), (None, 70)]
    for winner, score in results:
        stats.record_match(cfg, Outcome((score, 150, 160), winner, "eliminated"))
    record = stats.load()[0]["Ann", "classic", "greedy+random"]
    assert (record.games, record.wins, record.losses, record.draws) == (7, 5, 1, 1)
    assert (record.streak, record.best_streak) == (0, 3)
    assert record.best_score == 8                     # classic: fewer points is better
    assert record.average == pytest.approx(sum(s for _, s in results) / 7)
    dominox = config("dominox")
    for score in (20, 31, 25):
        stats.record_match(dominox, Outcome((score, 10), 0, "territory"))
    record = stats.load()[0]["Ann", "dominox", "greedy"]
    assert record.best_score == 31 and (record.streak, record.best_streak) == (3, 3)


@pytest.mark.parametrize("damage", [
    b"{not json", b"[1, 2]", b"\xff\xfe bytes", b'{"records": [{"player": "Ann"}]}',
    b'{"records": "many"}',
])
def test_a_damaged_file_is_set_aside_with_a_notice(app, damage):
    stats.path().parent.mkdir(parents=True, exist_ok=True)
    stats.path().write_bytes(damage)
    records, notice = stats.load()
    assert records == {} and notice.startswith("statistics.json: ") and "kept as" in notice
    assert "\n" not in notice and not stats.path().exists()
    assert len(list(stats.path().parent.glob("statistics.json.bad-*"))) == 1


def test_one_bad_field_keeps_the_good_records_and_the_title_says_so(app):
    stats.record_match(config(), Outcome((3, 0), 1, "domino"))
    stats.record_match(config("dominox"), Outcome((12, 30), 1, "territory"))
    data = json.loads(stats.path().read_text())
    data["records"][1]["wins"] = 5                    # more wins than games
    stats.path().write_text(json.dumps(data))
    play_to_the_end(app, config(), random.Random(5))
    assert "record 2" in app.notice and "1 good record kept" in app.notice
    records = stats.load()[0]
    assert records["Ann", "blank", "greedy"].games == 2 and len(records) == 1
    press(app, "back")                                # Menu: the title shows the notice
    assert isinstance(app.top, TitleScene)
    assert app.top.notice and "record 2" in app.top.notice


def test_the_screen_shows_the_records_and_survives_random_input(app):
    stats.record_match(config(), Outcome((3, 0), 1, "domino"))
    stats.record_match(config("classic", ("human", "hard")), Outcome((20, 150), 0, "eliminated"))
    title = app.top
    title.statistics()
    screen = app.top
    assert isinstance(screen, StatsScene)
    assert {v for v, _ in screen.pages} >= {"blank", "classic"}
    rng = random.Random(6)
    names = sorted(ACTION_NAMES - {"fullscreen"})
    for _ in range(400):
        if app.top is not screen:
            break
        press(app, rng.choice(names), pos=(rng.randrange(1920), rng.randrange(1080)),
              amount=rng.choice((-1, 1)), char="x")
        app.draw()
    app.back_to_menu()


def test_the_empty_screen_says_how_to_get_statistics(app):
    app.top.statistics()
    assert app.top.pages == [] and "Finish a match" in app.top.empty_text
    app.draw()
    press(app, "back")
    assert isinstance(app.top, TitleScene)


# --- the classic score chart -------------------------------------------------------------
def colour_pixels(surface, rect, colour) -> int:
    return sum(surface.get_at((x, y))[:3] == colour
               for x in range(rect.x, rect.right, 2) for y in range(rect.y, rect.bottom, 2))


def test_the_chart_draws_every_players_running_total_in_the_seat_colour():
    import pygame
    from game.logic.core import Tile
    from game.logic.line.classic import RoundResult
    from game.shell.frame import theme
    from game.shell.screens.score_plot import ScoreChart
    rounds = [RoundResult(1, (16, 0, 9), "domino", 1, (16, 0, 9), (), (
                  (Tile(6, 6), Tile(1, 3)), (), (Tile(4, 5),)), 0),
              RoundResult(2, (0, 30, 2), "domino", 0, (16, 30, 11), (), (), 0)]
    chart = ScoreChart(["Ann", "Ben", "Cy"], (0, 0, 0), rounds, 40)
    surface = pygame.Surface((1920, 1080))
    chart.draw(surface)
    for player in range(3):
        assert colour_pixels(surface, chart.plot.inflate(8, 8), theme.PLAYER_COLOURS[player]) > 20
    assert colour_pixels(surface, chart.plot, theme.PLAYER_COLOURS[3]) == 0
    # the limit line lies at 40 of the axis; the totals' points where the rounds put them
    assert chart.point(2, 30)[1] < chart.point(1, 16)[1] < chart.point(0, 0)[1] == chart.plot.bottom
    assert surface.get_at((chart.plot.x + 5, chart.point(0, 40)[1]))[:3] == theme.ILLEGAL
    assert chart.selected == 1
    chart.handle(Action("left"))
    assert chart.selected == 0


def test_classic_results_carry_the_chart(app):
    from game.shell.screens.score_plot import ScoreChart
    cfg = MatchConfig("classic", (Seat("Ann"), Seat("Ben", "computer", "greedy")), {"limit": 1}, 8)
    scene = play_to_the_end(app, cfg, random.Random(7))
    results = app.top
    assert isinstance(results.figure, ScoreChart)
    assert results.figure.rounds == scene.ctl.state.finished_rounds
    app.draw()
    from game.shell.frame import theme
    for player in range(2):
        assert colour_pixels(app.screen, results.figure.plot.inflate(8, 8),
                             theme.PLAYER_COLOURS[player]) > 10
