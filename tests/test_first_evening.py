"""What a new player's first evening found: words, drawing, keys, texts that fit their
boxes, the end of a Dominox game, hints, the layout preview and the blank tiles' opener."""
import pygame
import pytest

from game.logic.core import Tile
from game.logic.variants import new_game
from game.play.config import MatchConfig, Seat
from game.shell.frame import app as app_module
from game.shell.frame.scene import Action
from game.shell.line.scene import LineMatchScene
from test_line_rules import position
from test_shell_support import quiet_app, results_ready


def line_scene(app, state, names=("Ann", "Bob")):
    config = MatchConfig(state.variant, (Seat(names[0]), Seat(names[1], "computer", "greedy")),
                         {}, 1)
    scene = LineMatchScene(app, config, state=state)
    app.stack.append(scene)
    return scene


# --- words ------------------------------------------------------------------------------
def test_a_tile_that_fits_neither_end_names_both_ends():
    game = position(["0-2 1-1", "1-2"], line=["4|5"], stock="", rest_to=1)
    assert game.illegal_reason("0-2L") == "0-2 fits neither end (4 and 5)"
    same = position(["0-2 1-1", "1-2"], line=["4|4"], stock="", rest_to=1)
    assert same.illegal_reason("0-2R") == "0-2 fits neither end (both 4)"


def test_picking_a_tile_that_fits_nowhere_says_so(tmp_path):
    app = quiet_app(tmp_path)
    scene = line_scene(app, position(["0-2 4-6", "1-2"], line=["4|5"], stock="", rest_to=1))
    scene._select(Tile.parse("0-2"))
    assert scene.ctl.caption == "0-2 fits neither end (4 and 5)."


def test_one_of_your_tiles_fits_is_singular(tmp_path):
    app = quiet_app(tmp_path)
    scene = line_scene(app, position(["0-2 4-6", "1-2"], line=["4|5"], stock="", rest_to=1))
    scene.announce()
    assert "1 of your tiles fits." in scene.ctl.caption


def test_blank_tiles_never_say_underscore_and_d_says_nobody_draws(tmp_path):
    app = quiet_app(tmp_path)
    state = new_game("blank", 2, 4)
    scene = line_scene(app, state)
    app.advance(1 / 60)
    while not scene.my_turn:                    # the computer may open
        app.advance(1 / 60)
    assert "_" not in scene.turn_prompt()
    scene.read_aloud()
    assert "_" not in scene.ctl.caption
    scene.handle(Action("draw"))
    assert scene.ctl.caption.startswith("Nobody draws")


# --- drawing ----------------------------------------------------------------------------
def test_one_draw_brings_every_tile_up_to_the_one_that_fits(tmp_path):
    app = quiet_app(tmp_path)
    app.settings.anim_speed = 1.0
    scene = line_scene(app, position(["0-0 1-1", "1-2"], line=["5|6"], stock="2-3 3-4 4-5",
                                     rest_to=1))
    assert scene.my_turn and len(scene.pending) == 3
    scene.handle(Action("draw"))                 # one press
    assert scene.pending == []
    assert [str(t) for t in scene.hand][-3:] == ["2-3", "3-4", "4-5"]
    assert scene.ctl.caption == "You drew 3 tiles: 2-3, 3-4, 4-5. 4-5 fits."
    starts = [scene.flip[t] for t in scene.hand[-3:]]
    assert starts == sorted(starts) and starts[0] < starts[-1]     # they turn up in turn
    assert scene.animating()
    for _ in range(120):
        app.advance(1 / 60)
        app.draw()
    assert scene.flip is None


# --- keys -------------------------------------------------------------------------------
def test_held_keys_repeat(tmp_path):
    quiet_app(tmp_path)
    assert pygame.key.get_repeat() == app_module.KEY_REPEAT


# --- every text fits its box ------------------------------------------------------------
LONGEST = ("W" + "w" * 15, "Maximilian-Alexa", "W" * 16, "Wwwwwwwwwwwwwww4")   # 16 each


def texts_drawn(app, monkeypatch):
    """[(text, rect)] of every line of text the top scene draws (cached layers redrawn)."""
    from game.shell.frame import theme
    drawn, original = [], theme.draw_text

    def record(surface, text, pos, *args, **kw):
        rect = original(surface, text, pos, *args, **kw)
        if str(text).strip():
            drawn.append((str(text), rect))
        return rect

    app.draw()                         # what lies under an overlay, not recorded
    monkeypatch.setattr(theme, "draw_text", record)
    top = app.top
    if hasattr(top, "_static"):
        top._static = None
    if hasattr(top, "table"):
        top.table._hud_key = None
    top.draw(app.screen)
    monkeypatch.setattr(theme, "draw_text", original)
    return drawn


def assert_fits(drawn, boxes):
    """Each text lies wholly inside the innermost box its top left corner is in (or on
    the screen), and no two texts overlap."""
    screen = pygame.Rect(0, 0, 1920, 1080)
    for text, rect in drawn:
        holders = [b for b in boxes if b.collidepoint(rect.topleft)] or [screen]
        box = min(holders, key=lambda b: b.w * b.h)
        assert box.contains(rect), f"{text!r} {rect} runs out of {box}"
    for i, (text, rect) in enumerate(drawn):
        for other, rect2 in drawn[i + 1:]:
            assert not rect.inflate(-4, -4).colliderect(rect2.inflate(-4, -4)), \
                f"{text!r} is drawn over {other!r}"


def run_until(app, done, limit=900):
    import time
    for _ in range(limit):
        if done():
            return
        app.advance(1 / 60)
        time.sleep(0.001)
    raise AssertionError("never got there")


@pytest.mark.parametrize("players,humans", [(2, 1), (3, 1), (4, 2)])
def test_long_names_fit_the_line_scene(tmp_path, monkeypatch, players, humans):
    from game.shell.line.layout import (BONEYARD, DRAW_BUTTON, HAND_AREA, PASS_BUTTON, SEAT_PANEL,
                                        TABLE, top_panels)
    app = quiet_app(tmp_path)
    seats = tuple(Seat(LONGEST[i]) if i < humans else Seat(LONGEST[i], "computer", "random")
                  for i in range(players))
    app.start_match(MatchConfig("classic", seats, {}, 3))
    scene = app.stack[1]
    if humans > 1:
        run_until(app, lambda: app.top is not scene)        # the hand-over
        assert_fits(texts_drawn(app, monkeypatch), [])
        app.top.handle(Action("confirm"))
    run_until(app, lambda: scene.my_turn)
    boxes = top_panels(len(scene.top_seats)) + [SEAT_PANEL, TABLE, BONEYARD, DRAW_BUTTON,
                                                 PASS_BUTTON, HAND_AREA]
    drawn = texts_drawn(app, monkeypatch)
    assert any(LONGEST[0] in text or "…" in text for text, _ in drawn)
    assert_fits(drawn, boxes)
    scene.handle(Action("pause"))                                      # the pause overlay
    assert_fits(texts_drawn(app, monkeypatch), [pygame.Rect(560, 220, 800, 560)])


@pytest.mark.parametrize("variant,players", [("dominox", 2), ("open54", 4)])
def test_long_names_fit_the_board_cards(tmp_path, monkeypatch, variant, players):
    from game.shell.board.table import INFO_RECT, STOCK_RECT, TRAY_RECT, card_rects
    app = quiet_app(tmp_path)
    seats = tuple(Seat(LONGEST[0]) if i == 0 else Seat(LONGEST[i], "computer", "random")
                  for i in range(players))
    app.start_match(MatchConfig(variant, seats, {}, 3))
    scene = app.stack[1]
    run_until(app, lambda: scene.ctl.human_turn)
    boxes = card_rects(players) + [INFO_RECT, STOCK_RECT, TRAY_RECT]
    assert_fits(texts_drawn(app, monkeypatch), boxes)


def test_long_names_fit_the_round_over_results(tmp_path, monkeypatch):
    from game.shell.screens.results import ResultsScene
    app = quiet_app(tmp_path)
    rows = [(name, "+123", "149") for name in LONGEST]
    text = f"{LONGEST[1]} played every tile; out: {LONGEST[0]}, {LONGEST[2]}"
    app.push(ResultsScene(app, "Round 12 over", rows, text, on_continue=lambda: None,
                          headers=("Player", "Round 12", "Total")))
    drawn = texts_drawn(app, monkeypatch)
    assert_fits(drawn, [pygame.Rect(360, 100, 1200, 880)])
    assert " ".join(t for t, _ in drawn).count("…") == 0     # two lines: nothing lost


# --- the board games --------------------------------------------------------------------
def board_scene(tmp_path, seats, variant="dominox", options=None):
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig(variant, seats, options or {}, 11))
    return app, app.stack[1]


def test_the_final_dominox_board_stays_and_the_results_can_be_hidden_again(tmp_path):
    from game.shell.screens.results import ResultsScene
    app, scene = board_scene(tmp_path, (Seat("A", "computer", "random"),
                                        Seat("B", "computer", "random")),
                             options={"layout": "quick"})
    run_until(app, scene.game.is_over, limit=20000)
    for _ in range(600):                          # ten seconds at Instant speed: still the board
        app.advance(1 / 60)
    assert app.top is scene and not scene.animating()
    app.dispatch(Action("confirm"))               # "Enter / click: results"
    results = app.top
    assert isinstance(results, ResultsScene) and results.on_board is not None
    results_ready(app)
    app.dispatch(Action("back"))                  # Esc: the board again, not the title
    assert app.top is scene and scene.over_for is not None
    app.dispatch(Action("click", pos=(960, 500)))
    assert isinstance(app.top, ResultsScene)
    results_ready(app)
    app.dispatch(Action("click", pos=(100, 500)))    # a click beside the results
    assert app.top is scene


def human_turn(tmp_path):
    app, scene = board_scene(tmp_path, (Seat("Ann"), Seat("Bot", "computer", "greedy")))

    def ready():
        if scene.ctl.human_turn and len(scene.game.moves_played()) < 3:
            scene.ctl.play(scene.legal_moves()[0])          # a few moves on the board first
        return scene.ctl.human_turn and len(scene.game.moves_played()) >= 3

    run_until(app, ready, limit=20000)
    return app, scene


def test_the_keyboard_ghost_starts_on_the_best_legal_placement(tmp_path):
    from game.logic.agents import greedy_ratings
    app, scene = human_turn(tmp_path)
    moves = scene.legal_moves()
    ratings = dict(zip(moves, greedy_ratings(scene.view(0), moves)))
    for index in range(len(scene.shown_tiles())):
        scene.tool.reset()
        scene.cursor = index
        app.dispatch(Action("confirm"))           # pick the tile with the keyboard
        tile = scene.shown_tiles()[index]
        mine = [m for m in moves if m.tile == tile]
        if not mine:
            continue
        assert scene.ghost_reason is None, scene.ghost.text()
        best = scene.tool.best_placements(tile)
        assert 1 <= len(best) <= 3
        assert scene.ghost.text() == str(best[0])
        assert ratings[best[0]] == max(ratings[m] for m in mine)
        assert [ratings[m] for m in best] == sorted((ratings[m] for m in best), reverse=True)


def test_hints_show_a_few_best_placements_under_the_ghost(tmp_path):
    app, scene = human_turn(tmp_path)
    app.settings.show_hints = True
    tile = next(m.tile for m in scene.legal_moves() if m != "pass")
    scene.cursor = scene.shown_tiles().index(tile)
    app.dispatch(Action("confirm"))
    from game.shell.board.geometry import squares_of
    ghost = set(scene.ghost.squares)
    best = scene.tool.best_placements(tile)
    assert len(best) <= 3 and ghost == set(squares_of(best[0]))    # it starts on the best
    surface = pygame.Surface((1920, 1080))
    centres = [scene.geo.square_rect(square).center for square in ghost]
    scene.draw(surface)
    hinted = [surface.get_at(c) for c in centres]
    app.settings.show_hints = False
    scene.draw(surface)
    assert [surface.get_at(c) for c in centres] == hinted    # no hint under the ghost


def test_a_refusal_leaves_the_caption_once_the_ghost_moves(tmp_path):
    app, scene = human_turn(tmp_path)
    last = scene.last_caption
    from game.shell.board.geometry import squares_of
    app.dispatch(Action("confirm"))                 # pick
    scene.ghost.anchor = squares_of(scene.view(0).placed[0])[0]     # onto a taken square
    scene.tool._refresh()
    assert scene.ghost_reason is not None
    app.dispatch(Action("confirm"))                 # refused: the caption says why
    assert scene.ctl.caption != last
    app.dispatch(Action("down"))
    assert scene.ctl.caption == last


# --- blank tiles ------------------------------------------------------------------------
def test_blank_tiles_pass_the_opening_on_at_every_rematch(tmp_path):
    from game.logic.line.blank import BlankGame
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("blank", (Seat("Ann"), Seat("Bob"), Seat("Cy", "computer")),
                                {}, 5))
    openers = []
    for _ in range(4):
        scene = app.stack[1]
        openers.append(scene.state.current_player)      # before anyone moved
        scene.ctl.rematch()
    assert openers == [0, 1, 2, 0]
    assert "luck" in BlankGame.rules_text


# --- the layout choice ------------------------------------------------------------------
def test_the_layout_choice_shows_the_level_description_and_board(tmp_path, monkeypatch):
    from game.shell.screens import level_preview
    from game.shell.screens.setup import VariantSelectScene
    app = quiet_app(tmp_path)
    scene = VariantSelectScene(app)
    app.push(scene)
    scene.set_variant("dominox")
    row = next(i for i, w in enumerate(scene.menu.widgets) if getattr(w, "previews", False))
    scene.menu.focus = row
    for _ in range(len(scene.menu.widgets[row].choices)):
        layout = scene.layouts[scene.menu.widgets[row].value]
        boards = []
        real = level_preview.draw_board
        monkeypatch.setattr(level_preview, "draw_board",
                            lambda *a: boards.append(real(*a)) or boards[-1])
        drawn = " ".join(text for text, _ in texts_drawn(app, monkeypatch))
        monkeypatch.setattr(level_preview, "draw_board", real)
        assert layout.description.split()[0] in drawn and layout.title in drawn
        assert boards and pygame.Rect(1040, 200, 820, 760).contains(boards[-1])
        scene.menu.widgets[row].step(1)


def test_the_preview_draws_the_grid_square_by_square(tmp_path):
    from game.shell.screens.level_preview import HOLE, draw_board, layouts_of
    quiet_app(tmp_path)
    for layout in layouts_of("dominox").values():
        surface = pygame.Surface((800, 600))
        board = draw_board(surface, layout, pygame.Rect(0, 0, 800, 600))
        cell = board.w // layout.width
        holes = sum(surface.get_at((board.x + f * cell + cell // 2,
                                    board.y + r * cell + cell // 2))[:3] == HOLE
                    for f in range(layout.width) for r in range(layout.height))
        assert holes == len(layout.blocked)


# --- footers ----------------------------------------------------------------------------
def test_an_overlay_footer_hides_the_footer_under_it(tmp_path):
    from game.shell.screens.pause import PauseOverlay

    def footer_with_pause_over(scene):
        app.stack[1:] = [scene] if scene else []
        app.push(PauseOverlay(app))
        app.draw()
        bar = pygame.Rect(0, 1080 - 52, 1920, 52)
        return pygame.image.tobytes(app.screen.subsurface(bar), "RGB")

    app = quiet_app(tmp_path)
    over_title = footer_with_pause_over(None)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob", "computer")), {}, 3))
    assert footer_with_pause_over(app.stack[1]) == over_title


def test_a_held_d_pad_repeats_until_let_go():
    from game.shell.frame.input import PAD_REPEAT, InputMapper
    clock = [0.0]
    mapper = InputMapper(now=lambda: clock[0])
    hat = lambda value: pygame.event.Event(pygame.JOYHATMOTION, value=value, instance_id=0,
                                           hat=0)
    assert [a.name for a in mapper.translate(hat((0, -1)))] == ["down"]
    assert mapper.holding and mapper.repeats() == []          # not yet
    clock[0] += PAD_REPEAT[0]
    assert [a.name for a in mapper.repeats()] == ["down"]
    clock[0] += PAD_REPEAT[1]
    assert [a.name for a in mapper.repeats()] == ["down"]
    assert mapper.translate(hat((0, 0))) == [] and not mapper.holding
    clock[0] += 5
    assert mapper.repeats() == []


def test_long_names_fit_the_setup_and_settings_rows(tmp_path, monkeypatch):
    from game.shell.screens.setup import VariantSelectScene
    from game.shell.screens.settings import SettingsScene
    app = quiet_app(tmp_path)
    app.settings.player_names[:] = list(LONGEST)
    select = VariantSelectScene(app)
    app.push(select)
    select.set_players(4)
    for scene in (select, SettingsScene(app)):
        if app.top is not scene:
            app.push(scene)
        menu = scene.menu
        rows = [w.rect for w in menu.widgets if menu.top - 12 <= w.rect.top
                and w.rect.bottom <= menu.bottom + 12]
        hidden = [w.rect for w in menu.widgets if w.rect not in rows]    # scrolled, clipped
        drawn = [(text, rect) for text, rect in texts_drawn(app, monkeypatch)
                 if not any(row.collidepoint(rect.center) for row in hidden)]
        assert_fits(drawn, rows + [pygame.Rect(1040, 200, 820, 760)])


def test_held_arrows_repeat_but_a_held_enter_acts_once():
    from game.shell.frame.input import InputMapper
    mapper = InputMapper()
    down = lambda key: [a.name for a in mapper.translate(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))]
    up = lambda key: mapper.translate(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
    assert down(pygame.K_RIGHT) == down(pygame.K_RIGHT) == ["right"]      # held: repeats
    assert down(pygame.K_RETURN) == ["confirm"] and down(pygame.K_RETURN) == []
    up(pygame.K_RETURN)
    assert down(pygame.K_RETURN) == ["confirm"]                         # pressed again
    mapper.translate(pygame.event.Event(pygame.WINDOWFOCUSLOST))    # its key-up went elsewhere
    assert down(pygame.K_RETURN) == ["confirm"]
