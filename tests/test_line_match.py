"""The line-game match scene driven headless by the actions a player would send."""
import time

import pygame
import pytest

from game.play.config import MatchConfig, Seat
from game.shell.frame import theme
from game.shell.frame.app import App
from game.shell.frame.scene import LOGICAL_SIZE, Action
from game.shell.line.layout import DRAW_BUTTON, PASS_BUTTON, TABLE
from game.shell.line.scene import LineMatchScene
from game.shell.match import controller as controller_module
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene

from test_shell_support import make_app, results_ready


@pytest.fixture
def app(tmp_path):
    app = App(windowed=True, settings_path=tmp_path / "settings.json")
    app.settings.muted = True
    app.settings.anim_speed = 0
    app.sounds.play = lambda name: app.played.append(name)
    app.played = []
    return app


def start(app, variant, kinds, seed=3, options=None):
    seats = tuple(Seat(f"P{i}", kind) for i, kind in enumerate(kinds))
    app.start_match(MatchConfig(variant, seats, options or {}, seed))
    scene = app.top
    assert isinstance(scene, LineMatchScene)
    return scene


def step(app, frames=1):
    for _ in range(frames):
        app.advance(1 / 60)
        app.draw()


def wait_for_turn(app, scene, limit=3000):
    """Run frames until the human may act or something covers the scene."""
    for _ in range(limit):
        if app.top is not scene or scene.my_turn:
            return
        step(app)
        if scene.ctl.thinking:
            time.sleep(0.0005)
    raise AssertionError("the computer never moved")


def play_round(app, scene, act):
    """Let `act(scene)` make every human move until the first round ends."""
    moves = 0
    while True:
        wait_for_turn(app, scene)
        if app.top is not scene:
            return moves
        before = scene.ctl.ply
        act(scene)
        assert scene.ctl.ply == before + 1 or scene.pending or app.top is not scene, \
            scene.ctl.caption
        moves += scene.ctl.ply - before


def by_keyboard(scene):
    send = scene.handle
    while scene.pending:
        send(Action("draw"))
    if scene.must_pass():
        send(Action("confirm"))
        return
    move = scene.moves[-1]
    for _ in range(len(scene.hand)):
        if scene.hand[scene.cursor] == move.tile:
            break
        send(Action("right"))
    send(Action("confirm"))
    assert scene.selected == move.tile
    if move.end:
        send(Action("left" if move.end == "L" else "right"))
    send(Action("confirm"))


def by_mouse(scene):
    send = scene.handle
    while scene.pending:
        send(Action("click", DRAW_BUTTON.center))
    if scene.must_pass():
        send(Action("click", PASS_BUTTON.center))
        return
    move = scene.moves[0]
    tile_at = scene.hand_rects[scene.hand.index(move.tile)].center
    send(Action("click", tile_at))
    send(Action("release", tile_at))
    zone = scene.layout.zones[move.end].rect.center
    send(Action("point", zone))
    send(Action("click", zone))


@pytest.mark.parametrize("driver", [by_keyboard, by_mouse])
def test_one_human_plays_a_round_against_the_computer(app, driver):
    scene = start(app, "classic", ["human", "computer"], seed=5)
    moves = play_round(app, scene, driver)
    assert moves >= 3
    assert isinstance(app.top, ResultsScene)
    assert len(scene.state.finished_rounds) == 1
    totals = scene.state.finished_rounds[0].totals
    assert [row[2] for row in app.top.rows] == list(totals)
    assert "place" in app.played and "invalid" not in app.played
    results_ready(app)
    app.top.handle(Action("confirm"))          # Continue: the next round is on the table
    assert app.top is scene and scene.frozen is None and len(scene.line) <= 1


def test_the_opening_tile_stays_centred_and_each_ghost_meets_its_end(app):
    scene = start(app, "classic", ["human", "computer"], seed=5)

    def check_then_play(scene):
        tiles = [p.rect for p in scene.layout.tiles]
        if tiles:
            assert scene.layout.tiles[scene.opener].rect.center == TABLE.center
        for move in scene.moves:
            if move.is_pass or not tiles:
                continue
            ghost = scene.ghost(move.tile, move.end).rect
            end = tiles[0] if move.end == "L" else tiles[-1]
            assert ghost.inflate(2, 2).colliderect(end), (move, ghost, end)
            assert ghost.collidelist(tiles) == -1, (move, ghost)
            assert TABLE.contains(ghost), (move, ghost)
        by_keyboard(scene)

    assert play_round(app, scene, check_then_play) >= 3


def test_a_click_on_an_end_the_tile_does_not_fit_says_why(app):
    scene = start(app, "classic", ["human", "computer"], seed=2)
    for _ in range(30):
        wait_for_turn(app, scene)
        assert app.top is scene
        wrong = [(m.tile, "R" if m.end == "L" else "L") for m in scene.moves
                 if m.end and len(scene.ends_for(m.tile)) == 1]
        if wrong:
            break
        by_keyboard(scene)
    tile, end = wrong[0]
    at = scene.hand_rects[scene.hand.index(tile)].center
    scene.handle(Action("click", at))
    scene.handle(Action("release", at))
    before = scene.ctl.ply
    scene.handle(Action("click", scene.layout.zones[end].rect.center))
    assert scene.ctl.ply == before
    assert app.played[-1] == "invalid"
    assert "end" in scene.ctl.caption
    scene.handle(Action("click", at))          # the tile fits one end: a second click plays
    assert scene.ctl.ply == before + 1
    assert app.played[-1] == "place"


def test_a_drag_onto_an_end_plays_the_tile(app):
    scene = start(app, "blank", ["human", "computer"], seed=2)
    wait_for_turn(app, scene)
    scene.handle(Action("confirm"))            # pick the first tile ...
    scene.handle(Action("confirm"))            # ... and open with it
    assert len(scene.line) == 1
    wait_for_turn(app, scene)
    before = scene.ctl.ply
    at = scene.hand_rects[0].center
    zone = scene.layout.zones["R"].rect.center
    scene.handle(Action("click", at))
    scene.handle(Action("point", (at[0] + 40, at[1] - 80)))
    assert scene.dragging
    scene.handle(Action("point", zone))
    step(app)
    scene.handle(Action("release", zone))
    assert scene.ctl.ply == before + 1
    assert scene.public.history[-1][1] == "_R"


def test_couch_play_hides_every_hand_but_the_one_whose_turn_it_is(app):
    scene = start(app, "classic", ["human", "human", "computer"], seed=8)
    handed_over_to = None
    handovers = human_moves = 0
    for _ in range(6000):
        top = app.top
        if isinstance(top, HandOverScene):
            handovers += 1
            handed_over_to = scene.state.current_player
            assert top.name == scene.ctl.name(handed_over_to)
            scene.face_up_drawn = set()
            app.draw()
            assert scene.face_up_drawn == set()       # the table is hidden behind it
            top.handle(Action("confirm"))
            continue
        if isinstance(top, ResultsScene):
            break
        scene.face_up_drawn = set()                   # filled in only if the scene draws
        step(app)
        current = scene.state.current_player
        for player in scene.face_up_drawn:
            assert player == current and handed_over_to == current
        if scene.my_turn:
            assert handed_over_to == current
            by_keyboard(scene)
            human_moves += 1
            if scene.state.current_player != current:
                handed_over_to = None
        elif scene.ctl.thinking:
            time.sleep(0.0005)
    assert human_moves >= 4 and handovers >= human_moves // 2
    assert isinstance(app.top, ResultsScene)


class HeldThought:
    """A computer's thought that is not done until the test releases it; asking it for
    its move before then is the scene waiting on the worker, which fails the test."""

    def __init__(self, thought):
        self.thought, self.released = thought, False

    def done(self):
        return self.released and self.thought.done()

    def move(self):
        assert self.released, "the scene waited for a computer still thinking"
        return self.thought.move()


def test_the_computer_never_blocks_the_frame_loop(app, monkeypatch):
    app.settings.anim_speed = 1
    for seed in range(20):
        scene = start(app, "classic", ["computer", "human"], seed=seed)
        if scene.state.current_player == 0:
            break
    real_think, held = controller_module.think, []
    monkeypatch.setattr(controller_module, "think",
                        lambda *args: held.append(HeldThought(real_think(*args))) or held[-1])
    for _ in range(600):                 # ten simulated seconds of a computer thinking
        scene.update(1 / 60)
    assert len(held) == 1 and scene.ctl.thinking and scene.ctl.ply == 0
    assert scene.clock == pytest.approx(10)          # every update ran meanwhile
    held[0].released = True
    wait_for_turn(app, scene)
    assert scene.ctl.ply >= 1 and len(held) >= 1


def test_a_computer_only_blank_game_ends_with_the_final_results(app):
    scene = start(app, "blank", ["computer"] * 4, seed=4)
    for _ in range(4000):
        if app.top is not scene:
            break
        step(app)
        assert scene.face_up_drawn            # with nobody to hide from, hands show
        if scene.ctl.thinking:
            time.sleep(0.0005)
    results = app.top
    assert isinstance(results, ResultsScene) and results.rematch is not None
    winner = scene.state.outcome().winner
    assert scene.ctl.name(winner) in results.winner_text
    assert [r[1] for r in results.rows].count(0) == 1


def test_keys_for_turn_ends_and_hints_answer_in_the_caption(app):
    scene = start(app, "classic", ["human", "computer"], seed=6)
    wait_for_turn(app, scene)
    scene.handle(Action("announce_turn"))
    assert "P0 to play" in scene.ctl.caption
    scene.handle(Action("read_ends"))
    if scene.line:
        left, right = scene.line[0].left, scene.line[-1].right
        assert f"{left} on the left, {right} on the right" in scene.ctl.caption
    else:
        assert "empty" in scene.ctl.caption
    hints = scene.hints
    scene.handle(Action("hint"))
    assert scene.hints is not hints
    scene.handle(Action("back"))               # nothing selected: pause
    assert app.top is not scene


def test_a_played_tile_slides_into_place_without_holding_up_input(app):
    app.settings.anim_speed = 1
    scene = start(app, "classic", ["human", "computer"], seed=5)
    wait_for_turn(app, scene)
    move = scene.moves[0]
    scene.ctl.play(move)
    ends, start_rect, dest, _, seconds = scene.anim
    assert seconds == theme.SLIDE_SECONDS and start_rect.center != dest.center
    step(app)
    assert scene.anim is not None
    for _ in range(20):
        step(app)
    assert scene.anim is None                  # landed after SLIDE_SECONDS of play
    app.settings.anim_speed = 0
    wait_for_turn(app, scene)
    if scene.moves and not scene.must_pass():
        scene.ctl.play(scene.moves[0])
        assert scene.anim is None              # instant at speed 0


def badge_pixel_shown(scene, player):
    """Render a frame and say whether the badge's fill colour shows at its left edge."""
    surface = pygame.Surface(LOGICAL_SIZE)
    scene.draw(surface)
    image = theme.font(30, True).render(scene.badge_text(player) or "x", True, (0, 0, 0))
    rect = scene._badge_rect(player, image.get_size())
    return tuple(surface.get_at((rect.x + 8, rect.centery)))[:3] == theme.HIGHLIGHT


@pytest.mark.parametrize("kinds, seed, mover", [
    (["computer"] * 4, 3, "computer"),         # 28 tiles dealt: stuck players must pass
    (["computer"] * 2, 1, "computer"),         # a boneyard: stuck players draw first
    (["human"] + ["computer"] * 3, 3, "human"),
])
def test_a_pass_or_draw_shows_a_badge_on_the_panel_for_a_while(app, kinds, seed, mover):
    app.settings.anim_speed = 4
    scene = start(app, "classic", kinds, seed=seed)
    for _ in range(3000):
        assert app.top is scene, "the round ended without a pass or a draw"
        if scene.my_turn:
            by_keyboard(scene)
        else:
            step(app)
            if scene.ctl.thinking:
                time.sleep(0.0005)
        shown = [p for p in range(len(kinds)) if scene.badge_text(p)]
        if shown and scene.ctl.is_human(shown[0]) == (mover == "human"):
            break
    player = shown[0]
    caption = scene.ctl.caption              # "P3 drew 2 and passed.", "P1 passed." ...
    assert caption.startswith(f"P{player} ")
    text = scene.badge_text(player)
    drew = caption.split(" drew ")[1].split()[0] if " drew " in caption else None
    assert text == ", ".join(([f"drew {drew}"] if drew else [])
                             + (["passed"] if caption.endswith("passed.") else []))
    assert badge_pixel_shown(scene, player)
    scene.clock += 2.0 / 4                     # BADGE_SECONDS at anim speed 4
    assert scene.badge_text(player) is None
    assert not badge_pixel_shown(scene, player)


def test_hints_follow_the_setting_in_the_line_match(tmp_path):
    app = make_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob", "computer")), {}, 5))
    scene = app.stack[1]
    app.settings.show_hints = False              # changed on the settings screen
    assert scene.hints is False
    scene.handle(Action("hint"))                 # H changes the setting itself
    assert app.settings.show_hints is True and scene.hints is True


def test_the_turn_prompt_says_draw_while_drawn_tiles_wait(tmp_path):
    app = make_app(tmp_path)
    app.settings.anim_speed = 0.0
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob", "computer")), {}, 1))
    scene = app.stack[1]
    for _ in range(3000):                        # play first moves until Ann must draw
        if scene.ctl.thinking:
            time.sleep(0.005)                    # the computer thinks in a worker
        app.advance(1 / 60)
        if scene.my_turn and scene.pending:
            break
        if scene.my_turn:
            move = scene.moves[0]
            scene.ctl.play(str(move) if move.is_pass else f"{move.tile}{move.end}")
    assert scene.my_turn and scene.pending, "seed 1 no longer makes Ann draw"
    assert scene.turn_prompt() == "Nothing fits: press Draw"
    while scene.pending:
        scene.handle(Action("draw"))
    app.advance(1 / 60)
    assert scene.turn_prompt() != "Nothing fits: press Draw"


@pytest.mark.parametrize("how", ["key", "button", "pad"])
def test_blank_tiles_end_turn_declines_the_extra_play_by_key_button_or_pad(app, how):
    from game.shell.line.layout import END_TURN_BUTTON
    scene = start(app, "blank", ["human", "computer"], seed=2)
    wait_for_turn(app, scene)
    scene.handle(Action("end_turn"))           # nothing laid yet: no extra play to decline
    assert scene.ctl.ply == 0 and app.played[-1] == "invalid"
    assert "only when a double has earned" in scene.ctl.caption
    scene.handle(Action("confirm"))
    scene.handle(Action("confirm"))            # the opening tile, a double
    step(app)
    assert scene.my_turn and scene.may_stop and "may play again" in scene.ctl.caption
    assert scene.turn_prompt() == "Lay another tile, or End turn (N)"
    action = {"key": Action("end_turn"), "button": Action("click", END_TURN_BUTTON.center),
              "pad": Action("draw")}[how]
    scene.handle(action)
    assert scene.ctl.ply == 2 and scene.state.current_player == 1
    assert scene.public.history[-1][1] == "stop" and "ended the turn" in scene.ctl.caption
    assert not scene.may_stop and len(scene.hand) == 6


def test_blank_tiles_the_end_turn_key_is_bound_and_taking_the_extra_play_needs_no_key(app):
    from game.shell.frame import input as shell_input
    assert shell_input.KEY_BINDINGS[pygame.K_n] == "end_turn"
    scene = start(app, "blank", ["human", "computer"], seed=2)
    wait_for_turn(app, scene)
    for _ in range(4):                         # open, extra play: then the computer
        scene.handle(Action("confirm"))
    assert scene.ctl.ply == 2 and scene.state.current_player == 1
