"""The Dominox match scene driven by synthetic actions, as a player would drive it."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game.logic.core import PASS, Tile
from game.play.config import MatchConfig, Seat
from game.shell.board.geometry import DIRECTIONS, squares_of
from game.shell.board.scene import RESULTS_AFTER, BoardMatchScene
from game.shell.frame import tile_art
from game.shell.frame.scene import ACTION_NAMES, Action
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene
from game.shell.screens.settings import SettingsScene

from test_shell_support import press, quiet_app, random_board_actions

STEP = 1 / 60


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path, muted=False)


def start(app, seats, seed=7, options=None) -> BoardMatchScene:
    config = MatchConfig("dominox", tuple(seats), options or {}, seed)
    app.start_match(config)
    assert isinstance(app.top, BoardMatchScene)
    return app.top



def frame(app):
    app.advance(STEP)
    app.draw()


def wait_for_human(app, scene, continue_handover=True, limit=2000):
    """Run frames until a human may move (or the game ends)."""
    for _ in range(limit):
        if scene.game.is_over() or scene.ctl.human_turn:
            return
        if continue_handover and isinstance(app.top, HandOverScene):
            press(app, "confirm")
        frame(app)
    raise AssertionError("no human turn came")


def target_pose(scene, move):
    """Where the ghost's anchor must be, and which way it must point, to make `move`
    with the tile as it is picked (its first shown number is the tile's lower one)."""
    s1, s2 = squares_of(move)
    step = (s2[0] - s1[0], s2[1] - s1[1])
    if scene.ghost.ends[0] == move.x:
        return s1, DIRECTIONS.index(step)
    return s2, DIRECTIONS.index((-step[0], -step[1]))


def place_by_keys(app, scene, move, confirm=True):
    tiles = scene.shown_tiles()
    index = tiles.index(move.tile)
    for _ in range(len(tiles)):
        if scene.cursor == index:
            break
        press(app, "right")
    press(app, "confirm")                               # pick the focused tile
    assert scene.ghost is not None and scene.picked == index
    anchor, direction = target_pose(scene, move)
    for _ in range(4):
        if scene.ghost.direction == direction:
            break
        press(app, "rotate")
    for _ in range(60):
        (f, r), (tf, tr) = scene.ghost.anchor, anchor
        if (f, r) == (tf, tr):
            break
        press(app, "right" if tf > f else "left" if tf < f else "up" if tr > r else "down")
    assert scene.ghost.text() == str(move)
    assert scene.ghost_reason is None
    if confirm:
        press(app, "confirm")


def place_by_mouse(app, scene, move):
    tiles = scene.shown_tiles()
    rect = scene.table.hand_rects()[tiles.index(move.tile)]
    press(app, "point", pos=rect.center)
    press(app, "click", pos=rect.center)
    anchor, direction = target_pose(scene, move)
    for _ in range(4):
        if scene.ghost.direction == direction:
            break
        press(app, "rclick", pos=rect.center)
    df, dr = DIRECTIONS[direction]
    where = scene.geo.span_rect(anchor, (anchor[0] + df, anchor[1] + dr)).center
    press(app, "point", pos=where)
    assert scene.ghost.text() == str(move), (scene.ghost.text(), str(move))
    assert scene.ghost_reason is None
    press(app, "click", pos=where)


def play_to_end(app, scene, place, rng):
    human = 0
    turns = 0
    while not scene.game.is_over():
        wait_for_human(app, scene)
        if scene.game.is_over():
            break
        assert scene.game.current_player == human
        plies = scene.ctl.ply
        moves = scene.legal_moves()
        if moves == [PASS]:
            if place is place_by_keys:
                press(app, "confirm")
            else:
                press(app, "click", pos=scene.table.pass_rect.center)
        else:
            place(app, scene, rng.choice(moves))
        assert scene.ctl.ply == plies + 1, scene.ctl.caption
        turns += 1
        frame(app)
    return turns


@pytest.mark.parametrize("place", [place_by_keys, place_by_mouse], ids=["keyboard", "mouse"])
def test_one_human_against_the_computer_to_the_end(app, place):
    scene = start(app, [Seat("Ann", "human"), Seat("Bot", "computer", "greedy")], seed=11)
    turns = play_to_end(app, scene, place, random.Random(3))
    assert turns >= 5
    outcome = scene.game.outcome()
    assert outcome is not None and outcome.reason == "territory"
    moves = scene.game.record()["moves"]
    assert sum(m["player"] == 0 for m in moves) == turns
    assert f"{max(outcome.scores)} points" in scene.ctl.caption
    frame(app)                              # the final board stays until Enter
    assert app.top is scene
    press(app, "confirm")
    assert isinstance(app.top, ResultsScene)
    assert app.top.rematch is not None


def test_couch_play_hides_the_hand_of_the_player_not_to_move(app, monkeypatch):
    faces = []
    real_draw_tile = tile_art.draw_tile

    def spy(surface, rect, ends=None, state="normal"):
        if ends is not None:
            faces.append(Tile.of(*ends))
        real_draw_tile(surface, rect, ends, state)

    monkeypatch.setattr(tile_art, "draw_tile", spy)
    pushed = []
    real_push = app.push
    monkeypatch.setattr(app, "push", lambda s: (pushed.append((type(s), scene.ctl.ply)),
                                                real_push(s)))
    scene = start(app, [Seat("Ann", "human"), Seat("Bea", "human")], seed=5)
    rng = random.Random(8)
    turns = 0
    while not scene.game.is_over() and turns < 40:
        for _ in range(3):                  # frames before the hand-over is continued
            faces.clear()
            frame(app)
            if isinstance(app.top, BoardMatchScene):
                hidden = set(scene.game.view(1 - scene.game.current_player).hand)
                assert not hidden & set(faces)
        assert isinstance(app.top, HandOverScene), "no hand-over before a human turn"
        assert not scene.ctl.human_turn and scene.ctl.shown_hand is None
        press(app, "confirm")
        faces.clear()
        frame(app)
        mover = scene.game.current_player
        assert scene.ctl.shown_hand == mover
        assert not set(scene.game.view(1 - mover).hand) & set(faces)
        assert set(scene.game.view(mover).hand) <= set(faces)
        moves = scene.legal_moves()
        if moves == [PASS]:
            press(app, "confirm")
        else:
            place_by_keys(app, scene, rng.choice(moves))
        turns += 1
    handovers = [ply for kind, ply in pushed if kind is HandOverScene]
    assert handovers[:turns] == list(range(turns))


def test_ghost_says_why_a_spot_is_illegal(app):
    scene = start(app, [Seat("Ann", "human"), Seat("Bea", "human")], seed=3)
    wait_for_human(app, scene)
    opening = scene.legal_moves()[0]
    place_by_keys(app, scene, opening)
    wait_for_human(app, scene)
    move = next(m for m in scene.legal_moves() if m != PASS)
    place_by_keys(app, scene, move, confirm=False)
    assert scene.ghost_reason is None
    frame(app)
    # now aim the same ghost at the opening tile's square
    taken = squares_of(opening)[0]
    for _ in range(60):
        if taken in scene.ghost.squares:
            break
        (f, r) = scene.ghost.anchor
        press(app, "right" if taken[0] > f else "left" if taken[0] < f else
              "up" if taken[1] > r else "down")
    assert taken in scene.ghost.squares
    assert scene.ghost_reason and "taken" in scene.ghost_reason
    plies = scene.ctl.ply
    press(app, "confirm")                       # refused, with the reason as caption
    assert scene.ctl.ply == plies
    assert "taken" in scene.ctl.caption
    frame(app)
    press(app, "back")                          # back to the hand, the ghost is gone
    assert scene.ghost is None


def test_random_actions_raise_nothing(app):
    rng = random.Random(2024)
    names = sorted(ACTION_NAMES - {"fullscreen"})
    surface = app.screen
    for seats, count in (([Seat("Ann", "human"), Seat("Bot", "computer", "random")], 700),
                         ([Seat("Ann", "human"), Seat("Bea", "human")], 700),
                         ([Seat("Al", "computer", "random"), Seat("Bo", "computer")], 400)):
        scene = start(app, seats, seed=rng.randrange(1000))
        random_board_actions(app, scene, rng, count)
    deadline = time.monotonic() + 30            # the computers think in a worker thread
    while not scene.game.is_over() and time.monotonic() < deadline:
        scene.update(STEP)
        time.sleep(0.001)
    for _ in range(3):
        scene.handle(Action(rng.choice(names), pos=(960, 500)))
        scene.draw(surface)
    assert scene.game.is_over() and scene.over_for is not None


def test_a_move_draws_a_tile_visibly(app):
    scene = start(app, [Seat("Ann", "human"), Seat("Bea", "human")], seed=4)
    wait_for_human(app, scene)
    stock = scene.view(0).stock_size
    assert stock > 0
    place_by_keys(app, scene, scene.legal_moves()[0])
    assert scene.view(0).stock_size == stock - 1
    assert "drew a tile" in scene.ctl.caption.lower()
    assert scene.flight is not None


TINY = 'name = "Tiny"\ndescription = "two by two"\ngrid = """\n..\n..\n"""\n'


@pytest.mark.parametrize("how", ["click", "wait"])
def test_a_forced_pass_is_said_and_played(app, tmp_path, monkeypatch, how):
    from game.logic import levels
    from game.logic.dominox.game import DominoxGame
    (tmp_path / "dominox").mkdir()
    (tmp_path / "dominox" / "tiny.toml").write_text(TINY)
    monkeypatch.setattr(levels, "LEVELS_ROOT", tmp_path)      # levels are named, not paths
    options = {"layout": "tiny"}
    game = DominoxGame.from_deal([["0-0", "1-2"], ["3-4", "5-6"]], [], options)
    config = MatchConfig("dominox", (Seat("Bot", "computer", "random"), Seat("Ann", "human")),
                         options, 1)
    scene = BoardMatchScene(app, config, state=game)
    app.push(scene)
    wait_for_human(app, scene)
    assert scene.game.current_player == 1 and scene.must_pass()
    frame(app)
    assert "must pass" in scene.ctl.caption
    if how == "click":
        press(app, "click", pos=scene.table.pass_rect.center)
    else:
        for _ in range(int(60 * 3.5)):
            frame(app)
    assert [m["move"] for m in scene.game.record()["moves"]][1] == PASS
    deadline = time.monotonic() + 10     # the computer answers from its worker process
    while not scene.game.is_over() and time.monotonic() < deadline:
        frame(app)
        time.sleep(0.002)
    assert scene.game.is_over()          # the computer could not place either
    assert "draw" in scene.ctl.caption.lower()


def test_coordinates_and_hints_follow_the_settings(app):
    scene = start(app, [Seat("Ann", "human"), Seat("Bea", "human")], seed=9)
    wait_for_human(app, scene)
    surface = app.screen
    band = pygame.Rect(scene.geo.rect.x, scene.geo.rect.bottom + 2, scene.geo.rect.w,
                       scene.geo.margin - 4)           # where the file letters are written

    def band_pixels():
        scene.draw(surface)
        return pygame.image.tobytes(surface.subsurface(band), "RGB")

    app.settings.show_coords = True
    with_letters = band_pixels()
    app.settings.show_coords = False
    assert band_pixels() != with_letters
    app.settings.show_coords = True
    assert band_pixels() == with_letters

    before = app.settings.show_hints
    press(app, "hint")
    assert app.settings.show_hints is not before
    app.settings.show_hints = True
    opening = scene.legal_moves()[0]
    while scene.shown_tiles()[scene.cursor] != opening.tile:
        press(app, "right")
    press(app, "confirm")            # pick a tile: its best placements clear of it glow
    spot = next(squares_of(move)[0] for move in scene.tool.best_placements(opening.tile, None)
                if not set(squares_of(move)) & set(scene.ghost.squares))
    centre = scene.geo.square_rect(spot).center
    scene.draw(surface)
    lit = surface.get_at(centre)
    app.settings.show_hints = False
    scene.draw(surface)
    assert surface.get_at(centre) != lit


def test_a_dominox_card_shows_the_new_name(app, monkeypatch):
    scene = start(app, [Seat("Player 1"), Seat("Bot", "computer")], options={"layout": "quick"})
    app.advance(STEP)
    app.draw()
    app.push(SettingsScene(app))
    app.settings.player_names[0] = "Zed"
    app.pop()
    drawn = []
    monkeypatch.setattr(scene.table, "put", lambda surface, text, *a, **kw: drawn.append(text))
    app.draw()
    assert "Zed" in drawn



def play_dominox_out(app, speed):
    app.settings.anim_speed = speed
    seats = [Seat("A", "computer", "random"), Seat("B", "computer", "random")]
    scene = start(app, seats, seed=3, options={"layout": "quick"})
    assert isinstance(scene, BoardMatchScene)
    deadline = time.monotonic() + 30
    while not scene.game.is_over():
        assert time.monotonic() < deadline, "the game never ended"
        app.advance(STEP)
        time.sleep(0.0005)
    return scene


def test_the_final_dominox_board_stays_until_enter_at_any_speed(app):
    scene = play_dominox_out(app, 0)
    for _ in range(round(2 * RESULTS_AFTER / STEP)):
        app.advance(STEP)
    assert app.top is scene and not scene.results_shown
    assert not scene.animating()                # nothing moves: the app may idle


def test_a_demo_goes_on_to_the_results_after_a_wait_scaled_by_the_speed(app):
    app.demo = "dominox"
    scene = play_dominox_out(app, 2)              # fast: half the normal wait
    frames = round(RESULTS_AFTER / 2 / STEP)
    for _ in range(frames - 10):
        app.advance(STEP)
    assert app.top is scene and not scene.results_shown
    for _ in range(20):
        app.advance(STEP)
    assert isinstance(app.top, ResultsScene)


def test_enter_skips_the_dominox_results_wait(app):
    scene = play_dominox_out(app, 1)
    assert app.top is scene and not scene.results_shown
    app.dispatch(Action("confirm"))
    assert isinstance(app.top, ResultsScene)
