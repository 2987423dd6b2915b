"""The coach on screen: C in a person's turn shows the Hard player's suggestion (thought out
in the worker process), Esc or a move takes it away, it is not offered where nobody plays
or before a hand-over, the review lists the moves the coach would have played otherwise,
and the computer thinking time setting reaches the Hard seats."""
from __future__ import annotations

import json
import random
import time

import pygame
import pytest

from game.logic.agents import make_agent, play_out
from game.logic.agents.coach import Advice
from game.logic.board.placement import Placement
from game.logic.dominid.opening import Arrangement
from game.logic.variants import VARIANTS, new_game
from game.play.config import MatchConfig, Seat
from game.play.settings import load_settings
from game.shell.board.geometry import squares_of
from game.shell.frame import theme
from game.shell.match.coach import MARK, ReviewScene
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.results import ResultsScene
from game.shell.screens.settings import SettingsScene

from test_shell_support import frame, keys, press, quiet_app, results_ready

ANN, BEN = Seat("Ann"), Seat("Ben", "computer", "greedy")


@pytest.fixture
def app(tmp_path):
    app = quiet_app(tmp_path)
    app.settings.think_seconds = 0.25
    return app


def start(app, variant, seats, seed=7):
    app.start_match(MatchConfig(variant, tuple(seats), {}, seed))
    return app.top


def run_until(app, ready, what, seconds=30):
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, f"{what} never came"
        if isinstance(app.top, HandOverScene):
            press(app, "confirm")
        frame(app)
        time.sleep(0.002)           # the worker process thinks meanwhile


def advice_shown(app, scene):
    run_until(app, lambda: scene.ctl.human_turn, "a human turn")
    press(app, "coach")
    assert scene.coach.thinking, "C did not ask the coach"
    frame(app)
    run_until(app, lambda: scene.coach.shown is not None, "the coach's advice")
    return scene.coach.shown


def mark_pixels(app, rect) -> int:
    """Pixels of the coach's colour inside `rect` of the last frame."""
    screen = app.screen
    rect = rect.clip(screen.get_rect())
    return sum(1 for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2)
               if tuple(screen.get_at((x, y)))[:3] == MARK)


def test_c_in_a_line_game_suggests_a_legal_move_and_esc_takes_it_away(app):
    scene = start(app, "classic", [ANN, BEN])
    advice = advice_shown(app, scene)
    legal = {str(m) for m in scene.ctl.state.legal_moves()}
    assert advice.move in legal and advice.reason
    frame(app)
    move = scene.ctl.state.parse_move(advice.move)
    if getattr(move, "tile", None) in scene.hand:
        lit = scene.hand_rects[scene.hand.index(move.tile)].move(0, -14).inflate(18, 18)
        assert mark_pixels(app, lit) > 20, "the suggested tile is not lit"
    press(app, "back")
    assert scene.coach.shown is None and app.top is scene, "Esc paused instead of dismissing"
    press(app, "back")
    assert isinstance(app.top, PauseOverlay)


def test_a_move_takes_the_suggestion_away(app):
    scene = start(app, "classic", [ANN, BEN], seed=3)
    advice = advice_shown(app, scene)
    assert scene.ctl.play(advice.move)
    frame(app)
    assert scene.coach.shown is None and not scene.coach.thinking


@pytest.mark.parametrize("variant", ["dominox", "open3"])
def test_the_board_shows_the_suggested_placement_or_element_move(app, variant):
    scene = start(app, variant, [ANN, BEN])
    advice = advice_shown(app, scene)
    frame(app)
    move = scene.ctl.state.parse_move(advice.move)
    if hasattr(move, "first"):
        s1, s2 = squares_of(move)
        target = scene.geo.span_rect(s1, s2).inflate(16, 16)
    else:
        target = scene.geo.square_rect(scene.geo.index_square(move.end))
    assert mark_pixels(app, target) > 20, "the suggestion is not on the board"


def move_place(scene, move):
    """Where `move` goes on the scene's table (a rect), or None for a move with no place
    there (a pass, a choice, an element shifted past the edge)."""
    if not hasattr(scene, "geo"):                       # the line games
        tile = getattr(move, "tile", None)
        if tile is None or move.end not in scene.layout.zones:
            return None
        return scene.ghost(tile, move.end).rect
    geo = scene.geo
    if isinstance(move, Arrangement):
        return geo.span_rect(*squares_of(move.left))
    if isinstance(move, Placement):
        return geo.span_rect(*squares_of(move))
    square = getattr(move, "square", getattr(move, "end", None))
    if square is None or not geo.contains(geo.index_square(square)):
        return None
    return geo.square_rect(geo.index_square(square))


@pytest.mark.parametrize("variant, options", [(name, {}) for name in VARIANTS]
                         + [("dominid", {"arrange": "fixed"})])
def test_every_scene_shows_the_coachs_move_where_it_goes(app, variant, options):
    """The coach asks the scene to show its move (show_move): whatever the table, the
    move's place lights up in the coach's colour, only while the advice shows, and the
    advice's words (where the scene puts them) leave it clear."""
    app.start_match(MatchConfig(variant, (ANN, Seat("Ben", "computer", "random")),
                                options, 5))
    scene = app.top
    run_until(app, lambda: scene.ctl.human_turn, "a human turn")
    state = scene.ctl.state
    move = next(m for m in state.legal_moves() if move_place(scene, m) is not None)
    place = move_place(scene, move).inflate(18, 18)     # the frame lies just outside
    frame(app)
    before = mark_pixels(app, place)
    scene.coach.advice = (scene.ctl.ply, Advice(str(move), "it", "a reason", "", ()))
    frame(app)
    assert mark_pixels(app, place) > before + 20, f"{move} is not shown where it goes"
    assert not scene.advice_rect(move).colliderect(place), "the words cover the move"
    press(app, "back")
    frame(app)
    assert mark_pixels(app, place) == before


def test_the_button_asks_too(app):
    scene = start(app, "open3", [ANN, BEN])
    run_until(app, lambda: scene.ctl.human_turn, "a human turn")
    press(app, "click", pos=scene.coach.button().center)
    assert scene.coach.thinking


def test_the_right_stick_pressed_on_a_gamepad_asks_too(app):
    scene = start(app, "dominox", [ANN, BEN])
    run_until(app, lambda: scene.ctl.human_turn, "a human turn")
    app.process_events([pygame.event.Event(pygame.JOYBUTTONDOWN, button=10, instance_id=0)])
    assert scene.coach.thinking


def test_no_coach_in_computer_only_matches_or_before_a_hand_over(app):
    scene = start(app, "classic", [BEN, Seat("Cy", "computer", "random")])
    press(app, "coach")
    frame(app)
    assert not scene.coach.offered and not scene.coach.thinking
    couch = start(app, "classic", [ANN, Seat("Bea")])
    frame(app)
    assert isinstance(app.top, HandOverScene)
    assert not couch.coach.available()
    couch.coach.ask()
    assert not couch.coach.thinking, "the coach thought for a hidden hand"


def finished_open3():
    """A short game (three captures win) that the random player loses."""
    state = new_game("open3", 2, seed=6, options={"goal": "captures:3"})
    play_out(state, [make_agent("random"), make_agent("greedy")], random.Random(3))
    return state


def test_the_review_lists_the_moves_the_coach_would_have_played_otherwise(app):
    review = ReviewScene(app, finished_open3(), [0], ["Ann", "Ben"], seconds=0.1)
    app.push(review)
    assert review.todo and review.progress().startswith("Reviewing move 1 of")
    run_until(app, lambda: review.finished, "the end of the review", seconds=60)
    assert review.notes and all(n.startswith("Move ") for n in review.notes)
    assert "choices cost something, as far as the coach can tell" in review.progress()
    frame(app)
    press(app, "back")
    assert app.top is not review


def test_the_results_offer_the_review_and_esc_cancels_it(app):
    app.settings.think_seconds = 0.03          # the review thinks as the coach did
    scene = start(app, "open3", [ANN, BEN])
    scene.ctl.state = finished_open3()
    scene.ctl.show_results("Capture", [("Ann", 1), ("Ben", 2)], "Ben wins!", True)
    results = app.top
    assert isinstance(results, ResultsScene)
    assert "Review" in [w.label for w in results.menu.widgets]
    results_ready(app)
    assert results.menu.focused.label == "Review"
    press(app, "coach")
    review = app.top
    assert isinstance(review, ReviewScene)
    frame(app, 3)
    press(app, "back")
    assert app.top is results and review.job is None


def test_no_review_after_a_computer_only_match(app):
    scene = start(app, "open3", [BEN, Seat("Cy", "computer", "random")])
    scene.ctl.show_results("Capture", [("Ben", 1), ("Cy", 2)], "Cy wins!", True)
    assert app.top.review is None


def test_the_thinking_time_reaches_the_hard_seats_only(app, tmp_path):
    scene = start(app, "classic", [ANN, Seat("Hal", "computer", "hard"),
                                   Seat("Mel", "computer", "greedy")])
    app.settings.think_seconds = 2.0
    assert scene.ctl.level(1) == "hard@2" and scene.ctl.level(2) == "greedy"
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"think_seconds": 0.5}))
    assert load_settings(path)[0].think_seconds == 0.5
    path.write_text(json.dumps({"think_seconds": "slow"}))
    settings, notice = load_settings(path)
    assert settings.think_seconds == 1.0 and "think_seconds" in notice
    path.write_text(json.dumps({"think_seconds": 60}))
    settings, notice = load_settings(path)
    assert settings.think_seconds == 4.0 and "think_seconds adjusted" in notice


def test_the_settings_screen_changes_the_thinking_time(app):
    app.push(SettingsScene(app))
    settings = app.top
    rows = settings.menu.widgets
    row = next(i for i, w in enumerate(rows) if "thinking" in w.label)
    for _ in range(row):
        press(app, "down")
    before = app.settings.think_seconds
    press(app, "right")
    assert app.settings.think_seconds != before
    frame(app)


@pytest.mark.parametrize("variant,how", [("classic", "enter"), ("classic", "g"),
                                         ("dominox", "enter"), ("dominox", "button"),
                                         ("open3", "g"), ("open3", "pad")])
def test_enter_g_the_pad_or_play_it_plays_the_coachs_move(app, variant, how):
    """While the advice shows, Enter (the pad's A), G and the panel's Play it button play
    the suggested move itself, never the tile or element the cursor happens to be on."""
    scene = start(app, variant, [ANN, BEN])
    advice = advice_shown(app, scene)
    frame(app)
    player, count = scene.ctl.state.current_player, len(scene.ctl.state.moves_played())
    if how == "button":
        rect = scene.coach.take_rect()
        assert mark_pixels(app, rect.inflate(4, 4)) > 20, "no Play it button on the panel"
        press(app, "click", pos=rect.center)
    elif how == "pad":
        app.process_events([pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0)])
    else:
        keys(app, pygame.K_RETURN if how == "enter" else pygame.K_g)
    played = scene.ctl.state.moves_played()
    assert len(played) == count + 1
    assert played[count] == (player, scene.ctl.state.parse_move(advice.move))
    assert scene.coach.shown is None and not scene.selecting()


@pytest.mark.parametrize("variant", ["classic", "open3"])
def test_once_a_cursor_moves_enter_is_the_persons_again(app, monkeypatch, variant):
    """A person who moves the cursor after asking means their own tile or element: Enter
    picks what the cursor is on; G and Play it still play the suggestion."""
    scene = start(app, variant, [ANN, BEN])
    advice_shown(app, scene)
    frame(app)
    assert scene.coach.take_label() == "Play it (Enter, G)"
    taken = []
    monkeypatch.setattr(type(scene.coach), "take", lambda coach: taken.append(coach))
    press(app, "right")
    assert scene.coach.shown is not None and scene.coach.take_label() == "Play it (G)"
    keys(app, pygame.K_RETURN)
    assert taken == []
    if scene.coach.shown is not None:
        keys(app, pygame.K_g)
        assert taken == [scene.coach]


def test_g_without_advice_says_to_ask_first(app):
    scene = start(app, "dominox", [ANN, BEN])
    run_until(app, lambda: scene.ctl.human_turn, "a human turn")
    before = scene.ctl.state.position_text()
    keys(app, pygame.K_g)
    assert scene.ctl.state.position_text() == before
    assert scene.ctl.caption == "Ask the coach first (C), then G plays its move."


@pytest.mark.parametrize("variant", ["classic", "dominox", "open3"])
def test_the_advice_panel_is_opaque(app, variant):
    """Nothing of the caption or the table shows through the advice's panel."""
    scene = start(app, variant, [ANN, BEN])
    advice_shown(app, scene)
    frame(app)
    note = scene.coach._note_rect()
    for x in range(note.x + 6, note.x + 16, 3):
        for y in range(note.y + 20, note.bottom - 20, 7):
            assert tuple(app.screen.get_at((x, y)))[:3] == theme.PANEL, (x, y)


def test_the_suggestion_is_only_outlined_where_the_persons_own_tile_lies(app, monkeypatch):
    """A tile the person is placing on the squares the coach suggests is drawn alone (the
    two ghosts on top of each other mixed their pips); elsewhere the suggestion shows."""
    from game.shell.board import adapter as board_adapter
    from game.shell.board.tiles.place_tool import Ghost
    scene = start(app, "dominox", [ANN, BEN])
    advice = advice_shown(app, scene)
    move = scene.ctl.state.parse_move(advice.move)
    drawn = []
    monkeypatch.setattr(board_adapter, "draw_placed",
                        lambda surface, geo, placement, look: drawn.append(placement))
    scene.tool.ghost = Ghost((move.tile.a, move.tile.b), squares_of(move)[0])   # overlapping
    scene.show_move(app.screen, move)
    assert drawn == []
    scene.tool.ghost = None
    scene.show_move(app.screen, move)
    assert drawn == [move]


def test_the_reviews_panel_hides_what_lies_under_it(app):
    """The results screen under the review never shows through its notes."""
    state = new_game("classic", 2, 3)
    play_out(state, [make_agent("random")] * 2, random.Random(3))
    review = ReviewScene(app, state, (0,), ["Ann", "Ben"], todo=[])
    app.screen.fill((255, 0, 255))
    review.draw(app.screen)
    for x, y in ((200, 600), (960, 700), (1700, 900)):
        assert tuple(app.screen.get_at((x, y)))[:3] == theme.PANEL, (x, y)
