"""Dominid on the board scene, driven by synthetic actions: picking, turning and moving a
tile whose ghost tells its level, cost and pair (or why it may not lie there), the
odds-or-evens choice by key and by click, the computer's choice said, hints of the
cheapest spots, the stacked table drawn, results with cost - clusters = final, random
input; and the menus offering only the variants whose scene can be built."""
from __future__ import annotations

import importlib.util
import random
import time

import pygame
import pytest

from game.logic.board.placement import TILES, Placement
from game.logic.core import Tile
from game.logic.dominid.game import DominidGame
from game.logic.variants import new_game
from game.shell.board.geometry import BoardGeometry, squares_of
from game.shell.board.scene import BoardMatchScene
from game.shell.board.tiles import stack_art
from game.shell.board.table import (BOARD_AREA, CAPTION_RECT, INFO_RECT, PASS_RECT, STOCK_RECT,
                                    TRAY_RECT, card_rects)
from game.play.config import MatchConfig, Seat
from game.shell.frame.scene import LOGICAL_SIZE
from game.shell.match.kinds import can_play
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.results import ResultsScene
from game.shell.screens.setup import VariantSelectScene
from game.shell.screens.title import VariantPickScene

from acceptance_support import ghost_target
from test_shell_support import (frame, press, quiet_app, random_board_actions, texts_drawn,
                                wait_for_human)

STEP = 1 / 60


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


def first_seed(layout="small", first=0) -> int:
    """A seed whose deal lets seat `first` begin."""
    return next(s for s in range(100)
                if new_game("dominid", 2, s, {"layout": layout}).first == first)


def start(app, kinds=("human", "greedy"), seed=None, layout="small") -> BoardMatchScene:
    seats = tuple(Seat(f"P{i}", "human" if k == "human" else "computer",
                       "greedy" if k == "human" else k) for i, k in enumerate(kinds))
    seed = first_seed(layout) if seed is None else seed
    app.start_match(MatchConfig("dominid", seats, {"layout": layout}, seed))
    assert isinstance(app.top, BoardMatchScene), getattr(app.top, "lines", app.top)
    return app.top


def start_at(app, state, kinds=("human", "human")) -> BoardMatchScene:
    seats = tuple(Seat(f"P{i}", "human" if k == "human" else "computer", "greedy")
                  for i, k in enumerate(kinds))
    scene = BoardMatchScene(app, MatchConfig("dominid", seats, {}, 1), state=state)
    app.push(scene)
    return scene




def aim(app, scene, move, by="keys"):
    """Pick the tile of `move` and bring its ghost onto the move's cells (not placed)."""
    tiles = scene.shown_tiles()
    index = tiles.index(move.tile)
    anchor, direction = ghost_target(move)
    if by == "keys":
        while scene.cursor != index:
            press(app, "right")
        press(app, "confirm")
        while scene.ghost.direction != direction:
            press(app, "rotate")
        while scene.ghost.anchor != anchor:
            (f, r), (tf, tr) = scene.ghost.anchor, anchor
            press(app, "right" if tf > f else "left" if tf < f else "up" if tr > r else "down")
    else:
        rect = scene.table.hand_rects()[index]
        press(app, "click", pos=rect.center)
        while scene.ghost.direction != direction:
            press(app, "rclick", pos=rect.center)
        press(app, "point", pos=scene.geo.span_rect(*squares_of(move)).center)
    assert scene.ghost.text() == str(move), (scene.ghost.text(), str(move))


def seed_example_state():
    """After the seed's Figure 1 on a small table (and 0-1 laid east of 3-4 for 6), the
    5-5 of Figure 2 laid on top of a 5 and a 4 costs 1 (its pair south, 2-3, would
    cost 5)."""
    placed = ["2-5@e5e6", "3-4@f5f6", "0-1@g5g6"]
    hands = [["5-5", "0-0", "1-6"], ["2-2", "3-3", "4-4"]]
    used = {Placement.parse(p).tile for p in placed} | {t for h in hands for t in map(
        Tile.parse, h)}
    return DominidGame.from_position({
        "variant": "dominid", "layout": "small", "placed": placed, "hands": hands,
        "stock": [str(t) for t in TILES if t not in used], "to_move": 0,
        "parities": ["odds", "evens"], "passes": 0, "costs": [6, 0]})


# --- the menus offer what can be played ----------------------------------------------

def test_play_offers_only_variants_with_a_scene(app, monkeypatch):
    scene = VariantSelectScene(app)
    names = [name for name, _ in scene.variants]
    assert "dominid" in names and "dominox" in names and "classic" in names
    assert all(can_play(name) for name in names)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None
                        if name == "game.shell.variants.dominid" else real(name, *a))
    assert not can_play("dominid") and can_play("dominox") and can_play("classic")
    scene = VariantSelectScene(app)
    assert "dominid" not in [name for name, _ in scene.variants]
    game_row = scene.menu.widgets[0]
    assert "dominid" not in [value for value, _ in game_row.choices]
    rules = VariantPickScene(app, "Rules of which game?", lambda name: None)
    labels = [w.label for w in rules.menu.widgets]
    assert "Dominid (rules only)" in labels     # the rules still read
    assert "Dominox" in labels


def test_a_board_variant_without_an_adapter_is_not_offered(app):
    from game.logic.variants import VARIANTS
    for name, entry in VARIANTS.items():
        has_scene = entry.scene != "board" or importlib.util.find_spec(
            entry.adapter.partition(":")[0]) is not None
        assert can_play(name) == has_scene, name
    offered = {name for name, _ in VariantSelectScene(app).variants}
    assert offered == {name for name in VARIANTS if can_play(name)}


# --- the table ------------------------------------------------------------------------

@pytest.mark.parametrize("size", [16, 10])
def test_the_table_fits_the_board_area(size):
    """16 x 16 and 10 x 10 tables fit the board area with squares of 40 px or more."""
    geo = BoardGeometry(size, size, BOARD_AREA)
    panels = [*card_rects(2), STOCK_RECT, INFO_RECT, TRAY_RECT, PASS_RECT, CAPTION_RECT]
    assert BOARD_AREA.contains(geo.outer)
    assert not any(geo.outer.colliderect(p) for p in panels)
    assert geo.size >= 40
    stacker = stack_art.Stacker(geo)
    body = stacker.face_rect(stacker.footprint((0, 0), (1, 0)))
    assert body.h >= 30 and stacker.footprint((0, 0), (1, 0)).contains(body)


def test_levels_of_a_structure():
    placed = [Placement.parse(t) for t in ("2-5@e5e6", "3-4@f5f6", "5-5@e6f6", "1-1@d6e6")]
    assert stack_art.tile_level(placed[:3]) == [1, 1, 2]
    assert stack_art.tile_level([*placed[:3], Placement.parse("1-2@e4f4")]) == [1, 1, 2, 1]


def test_blocked_cells_are_holes_and_stacks_show_their_level(app, monkeypatch):
    holes = []
    monkeypatch.setattr(stack_art, "draw_hole", lambda surface, rect: holes.append(rect))
    scene = start(app, ("greedy", "greedy"), seed=3, layout="pillars")
    app.draw()
    assert len(holes) == len(scene.game.shape.blocked) > 0
    state = seed_example_state()
    state.apply("5-5@e6f6")
    scene = start_at(app, state)
    badges = []
    real = scene.adapter.stacker.draw_badge
    monkeypatch.setattr(scene.adapter.stacker, "draw_badge",
                        lambda surface, level, cell: (badges.append((level, cell)),
                                                      real(surface, level, cell)))
    scene.draw(app.screen)
    assert (2, (4, 5)) in badges                # the level badge on e6, the top-left cell
    state.apply("2-2@e7f7")                     # settles 5-5 into the static layer
    badges.clear()
    scene.draw(app.screen)
    assert badges.count((2, (4, 5))) == 1


# --- a turn -----------------------------------------------------------------------------

def test_the_ghost_tells_level_cost_and_pair_before_the_click(app):
    scene = start_at(app, seed_example_state())
    wait_for_human(app, scene)
    move = Placement.parse("5-5@e6f6")
    aim(app, scene, move)
    level, cost, border, _ = scene.tool.detail
    assert (level, cost, border.side, border.numbers) == (2, 1, "beneath", (5, 4))
    assert scene.tool.label().startswith("Level 2 · cost 1: 5 on 5, 5 on 4")
    geo, stacker = scene.geo, scene.tool.stacker
    spot = scene.tool._label_spot(scene.tool.label(), stacker.footprint((4, 5), (5, 5)))
    taken = [geo.square_rect(geo.index_square(i)) for i, n in enumerate(scene.view(0).levels)
             if n]
    assert spot.collidelist(taken) == -1 and geo.outer.contains(spot)   # hides no tile
    frame(app)
    press(app, "confirm")
    assert scene.game.costs == [7, 0]
    assert "level 2: cost 1 (5 on 5, 5 on 4)" in scene.ctl.caption
    assert scene.ghost is None


def test_an_illegal_spot_says_why_and_is_refused(app):
    scene = start_at(app, seed_example_state())
    wait_for_human(app, scene)
    aim(app, scene, Placement.parse("5-5@d5d6"))              # beside the 2 and the 5: legal
    assert scene.ghost_reason is None
    for _ in range(3):
        press(app, "left")                                     # a5-a6 touches nothing
    assert scene.ghost_reason == "it borders no pair of numbers: it touches no tile"
    assert scene.tool.label() is None
    frame(app)
    press(app, "confirm")
    assert scene.ctl.ply == 0 and "touches no tile" in scene.ctl.caption
    press(app, "back")
    assert scene.ghost is None
    aim(app, scene, Placement.parse("0-0@e5e6"), by="mouse")   # exactly on one tile
    assert scene.ghost_reason == "it would lie exactly on one tile"
    frame(app)
    press(app, "click", pos=scene.geo.span_rect(*scene.ghost.squares).center)
    assert scene.ctl.ply == 0 and "exactly on one tile" in scene.ctl.caption


def test_hints_light_the_cheapest_spots(app):
    scene = start_at(app, seed_example_state())
    wait_for_human(app, scene)
    app.settings.show_hints = True
    aim(app, scene, Placement.parse("5-5@d5d6"))
    least, spots = scene.tool.best_spots()
    view = scene.view(0)
    costs = [view.cost_of(m)[0] for m in scene.legal_moves() if m.tile == spots[0].tile]
    assert least == min(costs) == 1 and spots
    assert Placement.parse("5-5@e6f6") in spots
    assert scene.tool.label() == "Level 1 · cost 3: 5 beside 2, 5 beside 5  (cheapest: 1)"
    centre = scene.geo.square_rect((4, 5)).center
    scene.draw(app.screen)
    lit = app.screen.get_at(centre)
    app.settings.show_hints = False
    scene.draw(app.screen)
    assert app.screen.get_at(centre) != lit


# --- the declaration --------------------------------------------------------------------

def first_placement(app, scene):
    wait_for_human(app, scene)
    move = min((m for m in scene.legal_moves() if isinstance(m, Placement)), key=str)
    aim(app, scene, move)
    press(app, "confirm")
    assert scene.game.declaring and scene.ctl.human_turn
    assert "chooses odds or evens" in scene.ctl.caption
    frame(app)


@pytest.mark.parametrize("how", ["keys", "letter", "click"])
def test_the_first_player_declares(app, how):
    scene = start(app)
    first_placement(app, scene)
    tool = scene.tool
    assert tool.declaring() and tool.active
    panel, (odds, evens) = tool.choice_rects()
    assert scene.geo.outer.contains(odds) or BOARD_AREA.contains(panel)
    assert not panel.colliderect(scene.table.hand_rects()[0])
    if how == "keys":
        press(app, "right")
        assert tool.choice == 1
        press(app, "left")
        press(app, "right")
        press(app, "confirm")
        expected = "evens"
    elif how == "letter":
        press(app, "text", char="o")
        expected = "odds"
    else:
        press(app, "point", pos=evens.center)
        assert tool.choice == 1
        press(app, "click", pos=odds.center)
        expected = "odds"
    assert scene.game.parities[0] == expected
    other = "odds" if expected == "evens" else "evens"
    assert f"P0 chose {expected}" in scene.ctl.caption and other in scene.ctl.caption
    assert not tool.declaring()
    numbers = {"odds": "1 3 5", "evens": "2 4 6"}
    for player, parity in ((0, expected), (1, other)):
        footer = scene.adapter.card_footer(player, False)
        assert footer[0][0] == f"{parity.capitalize()}: {numbers[parity]}"
        assert footer[1][0].startswith("Score now ")
    assert scene.adapter.card_lines(0, False)[0][0] == f"Cost {scene.game.costs[0]}"


def test_esc_while_declaring_pauses(app):
    scene = start(app)
    first_placement(app, scene)
    press(app, "back")
    assert isinstance(app.top, PauseOverlay)
    press(app, "back")
    assert app.top is scene and scene.tool.declaring()


def test_the_computers_choice_is_said(app):
    scene = start(app, ("greedy", "human"), seed=first_seed(first=0))
    wait_for_human(app, scene)
    press(app, "confirm")                       # P1's tile lost: P1 lays the opening
    wait_for_human(app, scene)
    parity = scene.game.parities[0]
    assert parity is not None
    assert f"P0 chose {parity}" in scene.ctl.caption and "P1 gets" in scene.ctl.caption


# --- the end ------------------------------------------------------------------------------

def test_a_finished_game_shows_clusters_and_the_subtraction(app, monkeypatch):
    scene = start(app, ("greedy", "random"), seed=5)
    deadline = time.monotonic() + 60
    app.settings.anim_speed = 1
    while not scene.game.is_over():
        assert time.monotonic() < deadline
        app.advance(STEP)
        time.sleep(0.0005)
    view = scene.view(0)
    clusters = view.clusters()
    assert clusters and all(c.owner is not None for c in clusters)
    cards = {p: scene.adapter.card_lines(p, True)[0][0] for p in (0, 1)}
    for p in (0, 1):
        cost, points = view.costs[p], view.cluster_points()[p]
        final = cost - points
        assert cards[p] == f"{cost} − {points} = {final if final >= 0 else f'−{-final}'}"
    layer = scene.adapter.end_layer(scene.geo, None)
    for cluster in clusters:                 # each cluster is outlined on the layer
        f, r = stack_art.cells_of(cluster.cells[:1])[0]
        edge = scene.geo.square_rect((f, r)).move(-scene.geo.outer.x, -scene.geo.outer.y)
        assert layer.get_at(edge.topleft).a == 255 or layer.get_at(edge.bottomleft).a == 255
    frame(app)
    assert app.top is scene and scene.table._end_layer
    press(app, "confirm")                                    # skip the wait
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.headers == ("Player", "Cost", "Clusters", "Final")
    outcome = scene.game.outcome()
    finals = [row[-1].replace("−", "-") for row in results.rows]
    assert finals == [str(s) for s in outcome.scores]
    lowest = [p for p in (0, 1) if outcome.scores[p] == min(outcome.scores)]
    assert outcome.winner == (lowest[0] if len(lowest) == 1 else None)
    assert results.winner_text == scene.adapter.final_caption()


# --- whatever a person does -----------------------------------------------------------

@pytest.mark.parametrize("kinds, layout", [
    (("human", "random"), "small"),
    (("human", "human"), "pillars"),
    (("random", "human"), "standard"),
])
def test_random_actions_raise_nothing(app, kinds, layout):
    rng = random.Random(len(layout) + 1)     # (a seed whose actions place a tile)
    scene = start(app, kinds, seed=rng.randrange(1000), layout=layout)
    random_board_actions(app, scene, rng, 800)
    assert scene.ctl.ply > 0       # the game went on (moves, maybe taken back by a random U)
    assert pygame.Rect((0, 0), LOGICAL_SIZE).contains(scene.geo.outer)


# --- the opening, arranged by the player whose tile lost -------------------------------------

def arranging_scene(app, kinds=("human", "greedy")):
    """P0's tile lost: P0 arranges the opening (option arrange = chosen, the default)."""
    scene = start(app, kinds, seed=first_seed(first=1))
    wait_for_human(app, scene)
    assert scene.game.arranging and scene.game.current_player == 0
    assert scene.tool.arranging() and scene.tool.active
    return scene


def opening_pixels(app, scene) -> list:
    scene.draw(app.screen)
    cells = [scene.geo.square_rect(c).center for c in ((4, 4), (4, 5), (5, 4), (5, 5))]
    return [tuple(app.screen.get_at((x + dx, y + dy)))
            for x, y in cells for dx in (-8, 0, 8) for dy in (-8, 0, 8)]


def test_a_person_arranges_the_opening_by_keys_with_a_preview_of_each(app, monkeypatch):
    scene = arranging_scene(app)
    picker = scene.tool.picker
    options = picker.options()
    assert {str(m) for m in options} == {str(m) for m in scene.legal_moves()}
    assert scene.shown_tiles() == []
    assert "Takes 3 tiles" in scene.adapter.card_footer(0, False)[1][0]
    drawn = texts_drawn(app, scene, monkeypatch)          # nothing is shown below
    assert "0 tiles in hand" in drawn and not [t for t in drawn if "shown below" in t]
    panel, cards = picker.layout()
    assert len(cards) == len(options) and all(panel.contains(c) for c in cards)
    assert BOARD_AREA.contains(panel) and not panel.colliderect(scene.table.hand_rects()[0]
                                                                 if scene.table.hand_rects()
                                                                 else TRAY_RECT)
    spots = [squares_of(p) for p in options[0].placements]
    assert not any(panel.colliderect(scene.geo.square_rect(c)) for pair in spots for c in pair)
    before = opening_pixels(app, scene)
    press(app, "right")
    assert picker.focus == 1
    assert opening_pixels(app, scene) != before        # the board shows the focused one
    press(app, "down")
    assert picker.focus == 1 + len(options) // 2
    press(app, "left")
    chosen = options[picker.focus]
    press(app, "confirm")
    assert scene.game.moves_played()[0] == (0, chosen) and not scene.game.arranging
    assert "P0 arranged the opening" in scene.adapter.move_caption(
        0, chosen, scene.view(0), scene.view(0)) and not scene.tool.arranging()


def test_a_person_arranges_the_opening_by_mouse_and_can_take_it_back(app):
    scene = arranging_scene(app)
    picker = scene.tool.picker
    options = picker.options()
    cards = picker.layout()[1]
    press(app, "point", pos=cards[-1].center)
    assert picker.focus == len(options) - 1
    press(app, "click", pos=cards[2].center)
    assert scene.game.moves_played()[0] == (0, options[2])
    wait_for_human(app, scene)                  # the computer began and chose its numbers
    assert len(scene.game.moves_played()) >= 3
    press(app, "undo")
    assert scene.game.moves_played() == [] and scene.game.arranging
    assert scene.tool.arranging()


def seeds_by_arrangements(layout) -> dict[int, int]:
    """{number of arrangements: a seed where P0 arranges that many} (two doubles turned up
    give 2, one double 4, two plain tiles 8)."""
    found: dict[int, int] = {}
    for seed in range(100):
        game = new_game("dominid", 2, seed, {"layout": layout})
        if game.first == 1:
            found.setdefault(len(game.legal_moves()), seed)
    return found


@pytest.mark.parametrize("layout", ["small", "standard"])
@pytest.mark.parametrize("names", [("P0", "P1"), ("Wilhelmina Worth", "Maximilian Moor")])
def test_every_line_of_the_arrange_panel_is_drawn_whole(app, monkeypatch, layout, names):
    """At 1920x1080 (and so at 1280x720, the same logical surface scaled) no line of the
    panel is cut with an ellipsis or drawn smaller than its size: the subtitle and the
    focused card's hint are there word for word, inside the panel, clear of the opening
    cells, whatever the number of cards, with hints on and off."""
    from game.shell.board.tiles import opening_picker
    drawn = []
    draw_text = opening_picker.theme.draw_text

    def recording(surface, text, pos, size=32, *args, **kw):
        rect = draw_text(surface, text, pos, size, *args, **kw)
        drawn.append((text, size, rect))
        return rect
    monkeypatch.setattr(opening_picker.theme, "draw_text", recording)
    seeds = seeds_by_arrangements(layout)
    assert set(seeds) == {2, 4, 8}
    for count, seed in sorted(seeds.items()):
        seats = (Seat(names[0]), Seat(names[1], "computer", "greedy"))
        app.start_match(MatchConfig("dominid", seats, {"layout": layout}, seed))
        scene = app.top
        wait_for_human(app, scene)
        picker = scene.tool.picker
        assert scene.tool.arranging() and len(picker.options()) == count
        for hints in (False, True):
            app.settings.show_hints = hints
            for focus in range(count):
                picker.focus = focus
                drawn.clear()
                picker.draw(app.screen)
                panel, cards = picker.layout()
                words = " ".join(text for text, *_ in drawn).split()
                wanted = [picker.subtitle()] + (
                    [picker.hint(picker.options()[focus])] if hints else [])
                case = (layout, names, count, hints, focus)
                for text in wanted:
                    assert " ".join(text.split()) in " ".join(words), (case, text, drawn)
                assert not any("…" in text for text, *_ in drawn), (case, drawn)
                assert all(size >= 24 and panel.contains(rect) for _, size, rect in drawn), \
                    (case, panel, drawn)
                assert all(panel.contains(c) for c in cards) and BOARD_AREA.contains(panel)
                spots = [c for p in picker.options()[0].placements for c in squares_of(p)]
                assert not any(panel.colliderect(scene.geo.square_rect(c)) for c in spots), \
                    (case, panel)
                assert not panel.colliderect(stack_art.level_key_rect(scene.geo, BOARD_AREA)), \
                    (case, panel)                       # the key of the level tones stays whole
        app.back_to_menu()


@pytest.mark.parametrize("layout", ["small", "standard"])
def test_the_panels_over_the_board_leave_the_level_key_whole(app, monkeypatch, layout):
    """The key of the level tones right of the board (its title and every swatch's
    number, as drawn) lies inside level_key_rect, and neither the arrange panel nor the
    numbers panel covers any of it."""
    drawn = []
    real = stack_art.theme.draw_text

    def recording(surface, text, *args, **kw):
        drawn.append((str(text), real(surface, text, *args, **kw)))
        return drawn[-1][1]
    monkeypatch.setattr(stack_art.theme, "draw_text", recording)
    scene = start(app, seed=first_seed(layout, first=1), layout=layout)
    wait_for_human(app, scene)
    frame(app)                                  # (the table's static layer is laid)
    labels = {"Level", *map(str, range(1, len(stack_art.TONES))), f"{len(stack_art.TONES)}+"}
    rects = [rect for text, rect in drawn if text in labels]
    assert {text for text, _ in drawn} >= labels
    key = rects[0].unionall(rects)
    assert scene.tool.arranging()
    assert not scene.tool.picker.layout()[0].colliderect(key)
    assert not scene.tool.choice_rects()[0].colliderect(key)
    assert stack_art.level_key_rect(scene.geo, BOARD_AREA).contains(key)


def test_the_computer_arranges_and_says_so(app):
    scene = start(app, ("human", "greedy"), seed=first_seed(first=0))
    assert "P1 arranges the two in the middle" in scene.ctl.caption
    wait_for_human(app, scene)
    (player, move), = scene.game.moves_played()
    assert player == 1 and str(move).startswith("arrange ")
    assert "P1 arranged the opening" in scene.ctl.caption and "P0 begins" in scene.ctl.caption
    assert len(scene.shown_tiles()) == 3


def test_on_the_couch_the_arranger_holds_nothing_until_the_opening_lies(app):
    scene = start(app, ("human", "human"), seed=first_seed(first=1))
    frame(app)
    assert isinstance(app.top, HandOverScene)
    press(app, "confirm")
    assert scene.ctl.shown_hand == 0 and scene.shown_tiles() == [] and scene.tool.arranging()
    press(app, "confirm")
    frame(app)
    assert not scene.game.arranging and isinstance(app.top, HandOverScene)
    press(app, "confirm")
    assert scene.ctl.shown_hand == 1 and len(scene.shown_tiles()) == 3


def test_the_coach_suggests_an_arrangement_and_the_preview_follows(app):
    app.settings.think_seconds = 0.25
    scene = arranging_scene(app)
    press(app, "coach")
    deadline = time.monotonic() + 30
    while scene.coach.shown is None:
        assert time.monotonic() < deadline, "the coach never answered"
        frame(app)
        time.sleep(0.002)
    advice = scene.coach.shown
    assert advice.move.startswith("arrange ") and "on the left" in advice.words
    frame(app)
    picker = scene.tool.picker
    assert str(picker.options()[picker.focus]) == advice.move
