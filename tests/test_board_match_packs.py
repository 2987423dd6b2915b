"""Packs (open-board game 22) on the board scene, driven by synthetic actions as a player
would drive it: the ghost of the turned-up element follows the pointer and the keys, legal
or illegal with the rules' reason; turning it changes the move placed; across the wide
board of 16 files by 4 ranks spans the screen above the panels; a forced pass sets the
element aside into its player's tray; the counts on the far halves show as the game goes
and at its end; two people need no hand-over and no face-down element is ever drawn face
up; random input raises nothing."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game.logic.core import PASS, Tile
from game.logic.elements.board import SHAPE, Element
from game.logic.elements.open22 import PacksGame
from game.play.config import MatchConfig
from game.shell.board.elements import art as element_art
from game.shell.board.elements.packs_table import ACROSS_LAYOUT, PacksTable
from game.shell.board.elements.place_tool import REASON_ROOM, PlaceElementTool
from game.shell.board.scene import BoardMatchScene
from game.shell.frame import theme
from game.shell.match.controller import sentence
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene

from test_shell_support import (frame, press, quiet_app, random_board_actions, seats,
                                start_board_match)

FULL_HOME = [f"{f}1:0:0-0" for f in "abcdefgh"]      # South's home rank taken


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


def start(app, kinds=("human", "greedy"), seed=7, **options) -> BoardMatchScene:
    return start_board_match(app, "open22", kinds, seed, **options)


def position(placed, packs, to_move=0, options=None, aside=((), ())) -> PacksGame:
    """A made-up game: element texts like c2:0:3-5 and the packs left, top first."""
    shape = PacksGame.shape_for(PacksGame.resolve(options))
    cells = [None] * shape.size
    for text in placed:
        name, owner, numbers = text.split(":")
        south, north = map(int, numbers.split("-"))
        cells[shape.square(name)] = Element(int(owner), south, north)
    packs = [[Tile.parse(t) for t in p] for p in packs]
    aside = [[Tile.parse(t) for t in a] for a in aside]
    return PacksGame(PacksGame.resolve(options), None, packs, cells, to_move, (0, 0), aside)


def start_at(app, placed, packs, kinds=("human", "greedy"), **keys) -> BoardMatchScene:
    game = position(placed, packs, **keys)
    scene = BoardMatchScene(app, MatchConfig("open22", seats(kinds), dict(game.options), 1),
                            state=game)
    app.push(scene)
    return scene


def centre(scene, name):
    shape = scene.game.shape
    return scene.geo.square_rect(shape.file_rank(shape.square(name))).center


def point(app, scene, name):
    press(app, "point", pos=centre(scene, name))


def click(app, scene, name):
    point(app, scene, name)
    press(app, "click", pos=centre(scene, name))
    press(app, "release", pos=centre(scene, name))


def settle(app, scene, limit=3000):
    """Frames until a human may act or the results show (the computer thinks apart)."""
    for _ in range(limit):
        if isinstance(app.top, ResultsScene) or (scene.ctl.human_turn and app.top is scene):
            return
        frame(app)
        time.sleep(0.0005)
    raise AssertionError("no human turn came")


def played(scene):
    return [str(m) for _, m in scene.game.moves_played()]


def test_the_scene_uses_the_packs_table_and_the_place_tool(app):
    scene = start(app)
    assert isinstance(scene.table, PacksTable) and isinstance(scene.tool, PlaceElementTool)
    assert (scene.geo.width, scene.geo.height) == (8, 8) and scene.geo.size >= 90
    turned = scene.view(0).turned_up
    assert scene.ctl.caption == f"P0 begins and turns up {turned}."
    frame(app, 2)
    assert scene.ghost == f"{turned}@d1" and scene.ghost_reason is None   # home, middle
    assert len(scene.adapter.goal_lines()) <= 5
    assert scene.adapter.card_lines(0, False)[0][0] == "Far half: 0"
    assert scene.adapter.quiet_line(scene.view(0))[1] == "1 of 64"
    press(app, "back")                               # nothing is picked up: Esc pauses
    assert app.top is not scene
    app.pop()


def test_the_ghost_follows_the_pointer_legal_or_illegal_with_the_reason(app):
    scene = start_at(app, ["c1:0:2-3"], [["3-5", "1-1"], ["6-6", "6-6"]])
    point(app, scene, "c2")
    assert scene.ghost == "3-5@c2" and scene.ghost_reason is None
    frame(app)
    point(app, scene, "d2")                          # touches nothing of South's
    frame(app)
    reason = scene.game.illegal_reason("3-5@d2")
    assert reason and scene.ghost_reason == reason
    click(app, scene, "d2")                          # refused: the caption says why
    assert not played(scene) and scene.ctl.caption == sentence(reason)
    click(app, scene, "c2")
    assert played(scene)[0] == "3-5@c2"
    assert scene.ctl.caption.startswith("P0 placed 3-5 on c2. P1 turns up")


def top_edge(scene, name):
    """A point just inside the top edge of a square, where the ghost's outline runs."""
    x, y = centre(scene, name)
    return x, y - scene.geo.size // 2 + 2


def test_the_illegal_ghost_is_red_and_its_reason_said_beside_the_board(app, monkeypatch):
    scene = start_at(app, ["c1:0:2-3"], [["3-5", "1-1"], ["6-6", "6-6"]])
    app.settings.show_hints = False
    labels = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **kw: labels.append(
        (text, real(surface, text, *a, **kw))) or labels[-1][1])
    for name, side in (("d4", "below"), ("e6", "above")):
        point(app, scene, name)
        labels.clear()
        frame(app)
        assert app.screen.get_at(top_edge(scene, name))[:3] == theme.ILLEGAL
        reason = sentence(scene.ghost_reason)
        (label,) = [r for text, r in labels if text == reason]
        board = scene.geo.outer                      # the squares and the coordinates
        assert not label.colliderect(board) and REASON_ROOM.contains(label)
        assert label.collidelist(scene.table.hud_rects) < 0          # nor a panel
        assert (label.bottom <= board.top) == (side == "above"), (name, label)
    point(app, scene, "b1")                          # on the home rank: legal
    frame(app)
    assert scene.ghost_reason is None
    assert app.screen.get_at(top_edge(scene, "b1"))[:3] != theme.ILLEGAL


def test_turning_the_element_changes_the_move_placed(app):
    scene = start_at(app, ["c1:0:2-3"], [["3-5", "1-1"], ["6-6", "6-6"]])
    point(app, scene, "c2")
    press(app, "rotate")                             # R: the 5 now points north... south
    assert scene.ghost == "5-3@c2"
    assert scene.ghost_reason == scene.game.illegal_reason("5-3@c2") and "5" in scene.ghost_reason
    assert scene.tool.shown_ends() == (5, 3)         # the card shows it the same way
    press(app, "rclick", pos=centre(scene, "c2"))
    assert scene.ghost == "3-5@c2"
    press(app, "wheel", pos=centre(scene, "c2"), amount=1)
    press(app, "flip")
    assert scene.ghost == "3-5@c2"
    click(app, scene, "f1")                          # home rank: any way round
    assert played(scene) == ["3-5@f1"]
    scene = start_at(app, ["c1:0:2-3"], [["3-5", "1-1"], ["6-6", "6-6"]])
    point(app, scene, "f1")
    press(app, "click", pos=scene.table.turned_rect(0).center)   # a click on the card turns it
    press(app, "confirm")
    assert played(scene) == ["5-3@f1"]


def test_the_ghost_starts_the_way_round_that_fits(app):
    placed = [t for t in FULL_HOME if not t.startswith("c1")] + ["c1:0:2-5"]
    scene = start_at(app, placed, [["3-5", "1-1"], ["6-6", "6-6"]])
    assert [str(m) for m in scene.legal_moves()] == ["5-3@c2"]
    assert scene.tool.ends() == (5, 3)
    press(app, "next")                               # Tab: the one legal place
    assert scene.ghost == "5-3@c2" and scene.ghost_reason is None


def test_keys_move_the_ghost_and_tab_steps_through_the_legal_places(app):
    scene = start_at(app, ["c1:0:2-3"], [["3-5", "1-1"], ["6-6", "6-6"]])
    assert scene.ghost == "3-5@d1"
    press(app, "up")
    press(app, "left")
    assert scene.ghost == "3-5@c2"
    for _ in range(10):
        press(app, "down")
    assert scene.ghost == "3-5@c1"                   # kept on the board
    legal = sorted(scene.legal_moves(), key=lambda m: (m.square, m.low, m.high))
    seen = []
    for _ in range(len(legal)):
        press(app, "next")
        seen.append(scene.ghost)
        assert scene.ghost_reason is None
    assert sorted(seen) == sorted(str(m) for m in legal)
    press(app, "prev")
    assert scene.ghost == seen[-2]
    press(app, "confirm")
    assert played(scene) == [seen[-2]]


@pytest.mark.parametrize("hints", [True, False])
def test_hints_light_the_legal_squares_of_the_way_round(app, hints):
    scene = start_at(app, ["c1:0:2-3"], [["3-5", "1-1"], ["6-6", "6-6"]])
    app.settings.show_hints = hints
    frame(app)
    now, turned = scene.tool.spots()
    assert SHAPE.square("c2") in now and SHAPE.square("c2") not in turned
    press(app, "rotate")
    assert SHAPE.square("c2") in scene.tool.spots()[1]       # only the other way round
    press(app, "rotate")
    frame(app)
    now, turned = scene.tool.spots()
    for square in (now | turned) - {scene.tool.square()}:    # a disc, or a ring
        rect = scene.geo.square_rect(scene.geo.index_square(square))
        spot = (rect.centerx, rect.centery - scene.geo.size // 6 + 1)
        assert (app.screen.get_at(spot) != scene.table._static.get_at(spot)) == hints


def test_across_the_wide_board_spans_the_screen_above_the_panels(app):
    scene = start_at(app, ["c1:0:2-3"], [["3-5", "1-1"], ["6-6", "6-6"]],
                     options={"across": True})
    geo, table = scene.geo, scene.table
    assert (geo.width, geo.height) == (16, 4) and scene.adapter.info_title() == "Packs, across"
    assert geo.size >= 72                            # 48 pixels a square at 1280x720
    screen = pygame.Rect(0, 0, 1920, 1080 - 52)      # above the key legend
    panels = [*table.cards, table.layout.goal, table.layout.last]
    assert table.layout is ACROSS_LAYOUT and screen.contains(geo.outer)
    assert all(screen.contains(p) and not p.colliderect(geo.outer) for p in panels)
    assert not any(a.colliderect(b) for i, a in enumerate(panels) for b in panels[i + 1:])
    assert table.layout.last.contains(table.pass_rect)
    for player in (0, 1):                            # the card's pack, element and tray
        card, pack, turned = table.cards[player], table.pack_rect(player), table.turned_rect(player)
        tray = table.aside_rects(player, 12)
        assert all(card.contains(r) for r in (pack, turned, *tray))
        assert not any(r.colliderect(pack) or r.colliderect(turned) for r in tray)
    assert scene.tool.square() == scene.game.shape.square("h1")     # the middle of rank 1
    for _ in range(20):
        press(app, "right")
    assert scene.ghost == "3-5@p1"                   # kept on the board, 16 files wide
    point(app, scene, "d2")
    frame(app)
    assert scene.ghost_reason == scene.game.illegal_reason("3-5@d2")
    assert "rank 1" in scene.ghost_reason
    click(app, scene, "c2")                          # its south 3 on c1's north 3
    assert played(scene) == ["3-5@c2"]
    settle(app, scene)
    assert played(scene)[1].endswith("4")            # North places on its home rank 4


def test_across_the_home_ranks_are_tinted_and_the_elements_stand(app):
    scene = start_at(app, ["c1:0:2-3", "p4:1:6-6"], [["3-5", "1-1"], ["1-1", "6-6"]],
                     kinds=("human", "human"), options={"across": True})
    app.settings.show_hints = False
    frame(app)
    static, geo = scene.table._static, scene.geo
    colours = {rank: static.get_at(geo.square_rect((7, rank)).inflate(-4, -4).topleft)[:3]
               for rank in range(4)}
    assert colours[0] != colours[2] and colours[3] != colours[1]     # homes tinted
    assert colours[0] != colours[3]                                   # each its own colour
    rect = geo.square_rect((2, 0))                   # c1: a standing element, taller than wide
    fill = pygame.Color(element_art.BODIES[0][0])
    ink = [(x, y) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
           if max(abs(a - b) for a, b in zip(static.get_at((x, y)), fill)) < 10]
    xs, ys = {x for x, _ in ink}, {y for _, y in ink}
    assert max(ys) - min(ys) > 1.5 * (max(xs) - min(xs))


def test_a_forced_pass_sets_the_element_aside_in_the_players_tray(app):
    scene = start_at(app, FULL_HOME, [["5-6", "1-1"], ["6-6", "6-6"]])
    assert scene.must_pass() and "set aside" in scene.pass_prompt
    assert scene.ghost is None                       # nothing to aim with
    frame(app)
    tray = scene.table.aside_rects(0, 1)[0]
    before = scene.table._static.subsurface(tray).copy()
    press(app, "click", pos=scene.table.pass_rect.center)
    assert played(scene) == [PASS]
    assert scene.ctl.caption.startswith("P0 cannot place 5-6 and sets it aside.")
    assert scene.view(0).set_aside == (("5-6",), ())
    frame(app)
    after = scene.table._static.subsurface(tray)
    assert any(before.get_at((x, y)) != after.get_at((x, y))
               for x in range(0, tray.w, 3) for y in range(0, tray.h, 3))
    assert scene.adapter.last_lines(scene.view(0))[0][0] == "South set 5-6 aside"
    assert scene.adapter.results()[0][0][2] == "1"


def test_a_capture_is_said_and_its_element_fades_off(app):
    app.settings.anim_speed = 1.0
    scene = start_at(app, ["c1:0:2-3", "c3:1:5-4", "h8:1:1-1"],
                     [["3-5", "1-1"], ["6-6", "6-6"]])
    click(app, scene, "c2")
    assert scene.ctl.caption.startswith("P0 placed 3-5 on c2. Captured 5-4 on c3!")
    assert ("Captured 5-4 on c3", (255, 206, 84)) in scene.adapter.last_lines(scene.view(0))
    assert scene.adapter.card_lines(0, False)[1][0] == "1 captured"
    alphas = []
    for _ in range(60):
        frame(app)
        alphas += [alpha for _, _, alpha in scene.table.flights(scene.view(0))]
    assert alphas and alphas[-1] < alphas[0]
    assert scene.table.flights(scene.view(0)) == []


def test_the_counts_on_the_far_halves_show_and_decide_the_end(app):
    scene = start_at(app, ["c4:0:1-2", "e5:0:1-1", "d5:1:1-2"], [["2-3"], ["6-6"]])
    assert scene.adapter.card_lines(0, False)[0][0] == "Far half: 1"
    assert scene.adapter.card_lines(1, False)[0][0] == "Far half: 0"
    press(app, "read_ends")                          # E: the standing, said
    assert scene.ctl.caption == ("P0 (South): 1 on North's half, 0 captured, 0 in the pack, "
                                 "0 set aside; P1 (North): 0 on South's half, 0 captured, 1 "
                                 "in the pack, 0 set aside. Turned up: 2-3.")
    click(app, scene, "c5")                          # 2-3 onto c4's 2: North's half
    assert scene.adapter.card_lines(0, False)[0][0] == "Far half: 2"
    settle(app, scene)                               # North places its 6-6: the packs end
    outcome = scene.game.outcome()
    assert outcome is not None and outcome.winner == 0
    caption = "P0 wins, 2 elements on North's half to 0."
    assert scene.adapter.final_caption() == caption
    head, detail = scene.adapter.end_banner()
    assert head == "Both packs used up"
    assert detail == f"South has 2 elements on North's half, North 0 on South's half. {caption}"
    results = app.top
    assert isinstance(results, ResultsScene) and results.winner_text == caption
    assert results.headers == ("Player", "Captured", "Set aside", "Far half")
    assert [row[-1] for row in results.rows] == ["2", "0"]
    assert theme.font(44, True).size(caption)[0] <= 1120


def test_a_draw_is_said_with_the_counts(app):
    scene = start_at(app, ["c5:0:1-2", "d4:1:1-2"], [["3-3"], ["4-4"]])
    click(app, scene, "a1")
    settle(app, scene)
    assert scene.game.outcome().winner is None
    assert scene.adapter.final_caption() == "A draw, 1 element each on the far half."


def drawn_faces(monkeypatch) -> list:
    """Spy on every element sprite asked for: (owner, south, north, face_down)."""
    seen = []
    real = element_art.element_sprite

    def spy(element, size, *look):
        seen.append((element.owner, element.south, element.north, element.face_down))
        return real(element, size, *look)
    monkeypatch.setattr(element_art, "element_sprite", spy)
    return seen


def public_faces(scene) -> set:
    """What anyone may see face up: the board, the trays, the turned-up element (either
    way round), the captured ones and the blank swatches."""
    view = scene.view(0)
    faces = {(e.owner, e.south, e.north) for e in view.cells if e is not None}
    for owner in (0, 1):
        for text in view.set_aside[owner] + view.removed[owner]:
            tile = Tile.parse(text)
            faces |= {(owner, tile.a, tile.b), (owner, tile.b, tile.a)}
        faces.add((owner, -1, -1))
    if view.turned_up is not None:
        tile = Tile.parse(view.turned_up)
        faces |= {(view.to_move, tile.a, tile.b), (view.to_move, tile.b, tile.a)}
    return faces


def test_two_people_need_no_hand_over_and_the_packs_stay_face_down(app, monkeypatch):
    scene = start(app, kinds=("human", "human"))
    assert not scene.ctl.couch
    seen = drawn_faces(monkeypatch)
    scene.table._build_static(False)                 # redraw everything under the spy
    for turn in range(6):
        seen.clear()
        frame(app)
        assert not isinstance(app.top, HandOverScene)
        assert scene.ctl.human_turn and scene.game.current_player == turn % 2
        faces = {(o, s, n) for o, s, n, down in seen if not down}
        assert faces <= public_faces(scene), faces - public_faces(scene)
        move = scene.legal_moves()[0]
        if move is PASS:
            press(app, "confirm")
        else:
            while scene.tool.ends() != (move.low, move.high):
                press(app, "rotate")
            click(app, scene, SHAPE.names[move.square])
        assert scene.ctl.ply == turn + 1
        assert f"P{1 - turn % 2} turns up" in scene.ctl.caption


@pytest.mark.parametrize("options", [{}, {"across": True}])
def test_random_actions_raise_nothing(app, options):
    rng = random.Random(22 + len(options))
    scene = start(app, kinds=("human", "random"), seed=rng.randrange(1000), **options)
    random_board_actions(app, scene, rng, 800)

