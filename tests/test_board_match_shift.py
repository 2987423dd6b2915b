"""Shift (open-board game 10) on the board scene, driven by synthetic actions as a player
would drive it: picking an element lights exactly its targets, also past the far edge
(drawn beyond the frame, clickable and reachable by the focus), a refused try says why,
free arrows turn by key, wheel and right click and the move carries ^ or v, stacks show
their height and only their top moves, captions and ends are said in words, the setup
screen offers Shift's starting boards, random input raises nothing."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game.logic.core import PASS
from game.logic.elements.board import NORTH_ARROW, SOUTH_ARROW, Element
from game.logic.elements.open10 import shift_game_at
from game.logic.elements.shifting import parse_square, square_name, turned
from game.logic.variants import new_game
from game.play.config import MatchConfig
from game.shell.board.elements import art as element_art, shift_art
from game.shell.board.elements.shift_table import ShiftTable
from game.shell.board.elements.shift_tool import ShiftTool
from game.shell.board.scene import BoardMatchScene
from game.shell.match.controller import sentence
from game.shell.screens.results import ResultsScene
from game.shell.screens.setup import VariantSelectScene
from game.shell.variants.open10 import shift_words

from test_shell_support import (frame, press, quiet_app, random_board_actions, seats,
                                start_board_match)

EDGE = ["c8:0:3-5", "c7:0:1-3", "a1:0:5-1", "b3:0:2-1", "e8:1:5-6", "e7:0:4-5", "h8:1:0-0",
        "g1:1:6-6", "e5:1:2-4", "b5:1:3-3"]        # a1 may go to c6, or past the edge to c9


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


def start(app, kinds=("human", "greedy"), seed=7, **options) -> BoardMatchScene:
    return start_board_match(app, "open10", kinds, seed, **options)


def start_at(app, texts, kinds=("human", "greedy"), to_move=0, **options) -> BoardMatchScene:
    """A scene on a made-up position (stack texts like c2:0:3-5)."""
    game = shift_game_at(texts, options, to_move)
    scene = BoardMatchScene(app, MatchConfig("open10", seats(kinds), dict(game.options), 1),
                            state=game)
    app.push(scene)
    return scene


def centre(scene, name):
    return shift_art.square_rect(scene.geo, parse_square(name, past_edges=True)).center


def click(app, scene, name, button="click"):
    pos = centre(scene, name)
    press(app, "point", pos=pos)
    press(app, button, pos=pos)
    if button == "click":
        press(app, "release", pos=pos)


def played(scene):
    return [str(m) for _, m in scene.game.moves_played()]


def lit(scene, name) -> bool:
    """Whether the targets layer shows a disc on the square `name`."""
    layer, area = scene.tool._targets_layer(), shift_art.reach(scene.geo)
    x, y = centre(scene, name)
    return layer.get_at((x - area.x, y - area.y)).a > 100


def test_the_scene_leaves_room_for_the_rows_past_the_edges(app):
    scene = start(app)
    assert isinstance(scene.table, ShiftTable) and isinstance(scene.tool, ShiftTool)
    geo = scene.geo
    above, below = shift_art.edge_row(geo, 8), shift_art.edge_row(geo, -1)
    assert above.bottom < geo.outer.top and below.top > geo.outer.bottom  # beyond the frame
    assert above.top >= 84 and below.bottom <= 1080 - 52   # under the caption, over the legend
    assert above.w == below.w == geo.rect.w and above.h == geo.size
    frame(app, 2)
    assert "South" in scene.ctl.caption and "begins" in scene.ctl.caption
    assert 0 < len(scene.adapter.goal_lines()) <= 5


@pytest.mark.parametrize("options, note", [({}, None), ({"stacks": True}, "Stacks"),
                                           ({"arrows": "free"}, "Free arrows"),
                                           ({"arrows": "free", "stacks": True}, "Stacks and")])
def test_the_goal_panel_shows_the_goal_and_the_options_whole(app, options, note):
    scene = start(app, **options)
    lines = scene.adapter.goal_lines()
    assert len(lines) <= 5 and "".join(lines[:4]).endswith("wins.")   # nothing cut off
    assert (note is None and len(lines) == 4) or lines[-1].startswith(note)


def test_picking_lights_exactly_its_targets_including_past_the_edge(app):
    scene = start_at(app, EDGE)
    view = scene.view(0)
    click(app, scene, "a1")
    assert scene.tool.selected == parse_square("a1")
    targets = {m.end for m in view.targets("a1")}
    assert scene.tool.ends() == targets and parse_square("c9", True) in targets
    for move in view.targets("a1"):
        assert lit(scene, move.text.split(">")[1])
    assert not lit(scene, "d9") and not lit(scene, "d4")
    frame(app)
    click(app, scene, "c9")                       # a click beyond the frame
    assert played(scene) == ["a1>c9"] and scene.game.outcome() is None


def finish(app, scene, limit: int = 3000) -> None:
    """Frames until the game is over (the computer answers from its worker process)."""
    for _ in range(limit):
        if scene.game.is_over():
            return
        frame(app)
        time.sleep(0.0005)
    raise AssertionError("the game did not end")


def drawn_past_edge(app, scene, name) -> bool:
    """Whether an element is drawn on the square `name` past an edge (the empty row there
    is the table's background: an element's body differs from it)."""
    frame(app)
    rect = shift_art.square_rect(scene.geo, parse_square(name, past_edges=True))
    colours = {tuple(app.screen.get_at((x, rect.centery)))[:3]
               for x in range(rect.left + 4, rect.right - 4, 4)}
    return len(colours) > 2


# EDGE without a way for North past rank 1: g1 shows 5 south, and no North element
# shows 5 north (e8's 5-6 showed 6 to g1's 6 in EDGE)
LONE = [t if not t.startswith("g1:") else "g1:1:5-6" for t in EDGE]


def test_souths_crossing_waits_for_norths_answer_and_the_scene_says_so(app):
    scene = start_at(app, EDGE)                   # North's e8 can answer e8>g0 over g1
    assert not drawn_past_edge(app, scene, "c9")
    click(app, scene, "a1")
    click(app, scene, "c9")
    view = scene.view(0)
    assert view.answering == 1 and view.crossed == ("c9:0:5-1",)
    assert scene.ctl.caption == "P0 (South) shifted a1 to c9, past North's edge! P1 (North) " \
        "has one move to answer."
    lines = [text for text, _ in scene.adapter.last_lines(view)]
    assert lines[:4] == ["South shifted a1 to c9", "Past the edge!", "North has one move to answer",
                         "Crossing too draws"]
    assert drawn_past_edge(app, scene, "c9")
    finish(app, scene)                            # Medium crosses too: a draw
    assert played(scene) == ["a1>c9", "e8>g0"]
    assert scene.game.outcome().reason == "both crossed"
    assert drawn_past_edge(app, scene, "c9") and drawn_past_edge(app, scene, "g0")
    assert scene.ctl.caption == "A draw: both crossed the far edge."
    assert scene.adapter.end_banner() == ("Both past the edge", "P1 (North) crossed too in "
                                          "answer to P0 (South). A draw.")
    assert sorted(scene.adapter.end_squares()) == [parse_square("g1"), parse_square("c8")]
    frame(app, 2)
    assert isinstance(app.top, ResultsScene)
    assert app.top.headers == ("Player", "Side", "Captured", "Left")


def test_an_answer_that_does_not_cross_loses_a_forced_pass_too(app):
    scene = start_at(app, LONE)
    click(app, scene, "a1")
    click(app, scene, "c9")
    assert scene.view(1).answering == 1 and scene.game.legal_moves() == [PASS]
    finish(app, scene)
    assert played(scene) == ["a1>c9", "pass"]
    outcome = scene.game.outcome()
    assert outcome.winner == 0 and outcome.reason == "goal"
    assert scene.ctl.caption == "P0 wins: set an element past North's edge, unanswered."
    assert scene.adapter.end_banner() == ("Past the edge", "P0 (South) set an element past "
                                          "North's edge, and P1 (North) could not answer. "
                                          "P0 wins.")
    assert scene.adapter.end_squares() == [parse_square("c8")]    # what it stood behind
    assert drawn_past_edge(app, scene, "c9")


def test_the_end_banner_shows_every_word_of_a_long_ending(app, monkeypatch):
    from game.shell.frame import theme
    scene = start_at(app, LONE)
    click(app, scene, "a1")
    click(app, scene, "c9")
    finish(app, scene)
    long = scene.adapter.end_banner()[1] + " " + scene.adapter.end_banner()[1]
    monkeypatch.setattr(scene.adapter, "end_banner", lambda: ("Past the edge", long))
    drawn, original = [], theme.draw_text

    def draw_text(surface, text, *rest, **keys):
        drawn.append(text)
        return original(surface, text, *rest, **keys)
    monkeypatch.setattr(theme, "draw_text", draw_text)
    scene.table._banner()
    assert " ".join(drawn[1:]) == long          # nothing cut (was: three lines at most)


def test_without_equalize_the_crossing_wins_at_once_in_the_scene(app):
    scene = start_at(app, EDGE, equalize=False)
    click(app, scene, "a1")
    click(app, scene, "c9")
    assert scene.game.is_over() and played(scene) == ["a1>c9"]
    assert scene.ctl.caption == "P0 wins: set an element past North's edge."
    assert scene.adapter.end_banner() == ("Past the edge", "P0 (South) set an element past "
                                          "North's edge. P0 wins.")


def test_a_person_answers_on_the_couch_by_crossing_too(app):
    scene = start_at(app, EDGE, kinds=("human", "human"))
    click(app, scene, "a1")
    click(app, scene, "c9")
    assert scene.view(1).answering == 1 and "P1 (North) has one move" in scene.ctl.caption
    click(app, scene, "e8")                       # North's targets light up, the crossing
    assert lit(scene, "g0")                       # that draws among them
    click(app, scene, "g0")
    assert played(scene) == ["a1>c9", "e8>g0"] and scene.game.outcome().winner is None


def test_the_crossing_is_taken_back_while_the_answer_is_due(app):
    scene = start_at(app, EDGE)
    click(app, scene, "a1")
    click(app, scene, "c9")                       # Medium has not answered yet
    assert scene.view(0).answering == 1
    press(app, "undo")
    assert played(scene) == [] and scene.game.crossed == () and scene.view(0).answering is None
    assert scene.game.current_player == 0 and scene.ctl.caption.startswith("Taken back: 1 move")
    assert not drawn_past_edge(app, scene, "c9")


def test_the_focus_reaches_the_row_past_the_far_edge_and_no_further(app):
    scene = start_at(app, EDGE)
    press(app, "next")                            # Tab: the first element that can move
    assert scene.tool.focus == parse_square("a1")
    press(app, "down")
    assert scene.tool.focus == parse_square("a1")     # not into South's own edge row
    press(app, "confirm")
    assert scene.tool.selected == parse_square("a1")
    for name in ("right", "right", *["up"] * 9):
        press(app, name)
    assert scene.tool.focus == parse_square("c9", True)   # rank 9, and no further up
    frame(app)
    press(app, "confirm")
    assert played(scene) == ["a1>c9"]


def test_north_reaches_past_its_far_edge_below_the_board(app):
    texts = ["c1:1:5-3", "c2:1:3-1", "a8:1:1-5", "h1:0:6-6", "h8:1:2-2"]
    scene = start_at(app, texts, kinds=("greedy", "human"), to_move=1)
    assert scene.tool.far_rank() == -1
    ends = {m.end for m in scene.view(1).targets("a8")}
    assert parse_square("c0", True) in ends
    click(app, scene, "a8")
    assert lit(scene, "c0")
    click(app, scene, "c0")
    assert played(scene) == ["a8>c0"] and scene.game.outcome().winner == 1


def test_a_refused_try_says_why_by_the_square_and_in_the_caption(app):
    scene = start_at(app, EDGE)
    click(app, scene, "a1")
    click(app, scene, "d4")                       # touches nothing of South's
    reason = scene.game.illegal_reason("a1>d4")
    assert reason and scene.tool.reason == reason and scene.tool.reason_at == parse_square("d4")
    assert scene.ctl.caption == sentence(reason)
    frame(app)                                    # drawn by the square
    click(app, scene, "d0")                       # past South's own edge
    reason = scene.game.illegal_reason("a1>d0")
    assert "opponent's edge" in reason and scene.ctl.caption == sentence(reason)
    assert scene.tool.reason_at == parse_square("d0", True)
    frame(app)
    press(app, "back")
    click(app, scene, "e8")                       # North's element
    assert "opponent's" in scene.ctl.caption and scene.tool.selected is None
    assert not played(scene)


def test_a_capture_is_said_and_flies_to_the_capturers_card(app):
    app.settings.show_hints = True
    scene = start_at(app, ["a1:0:2-4", "c3:0:1-2", "c5:1:4-6", "h8:1:0-0"])
    click(app, scene, "a1")
    press(app, "point", pos=centre(scene, "c4"))
    frame(app)                                    # with hints, the preview rings c5
    assert scene.tool.captured_by(scene.tool.move_to(parse_square("c4"))) == \
        [parse_square("c5")]
    click(app, scene, "c4")
    assert played(scene) == ["a1>c4"] and scene.game.captures == [1, 0]
    assert scene.ctl.caption.startswith("P0 (South) shifted a1 to c4. Captured 4-6 on c5!")
    assert scene.adapter.last_lines(scene.view(0))[0][0] == "South shifted a1 to c4"
    assert scene.adapter.read_aloud() == "P0 (South): 1 captured, 2 elements on the " \
        "board; P1 (North): 0 captured, 1 element on the board. Without a capture: 0 of " \
        "80 moves."
    frame(app, 2)
    assert [(e.owner, e.south, e.north) for e in scene.table.trophies[0]] == [(1, 4, 6)]
    assert scene.adapter.card_lines(0, False)[0][0] == "1 captured"


def test_the_last_element_taken_ends_the_game(app):
    scene = start_at(app, ["a1:0:2-4", "c3:0:1-2", "c5:1:4-6"])
    click(app, scene, "a1")
    click(app, scene, "c4")
    assert scene.game.outcome().reason == "no moves"
    assert scene.ctl.caption == "P0 wins: P1 has no elements left."
    assert scene.adapter.end_banner()[1] == "P1 (North) has no elements left. P0 wins, " \
                                            "1 capture to 0."


def test_the_move_limit_draws(app):
    scene = start_at(app, ["c3:0:5-1", "b1:0:1-1", "h8:1:0-0"], limit=1)
    click(app, scene, "b1")
    click(app, scene, "c4")
    for _ in range(3000):                         # North cannot move: it passes
        if scene.game.is_over():
            break
        frame(app)
        time.sleep(0.0005)
    assert played(scene) == ["b1>c4", str(PASS)]
    assert scene.game.outcome().reason == "no captures"
    assert scene.ctl.caption == "A draw: move limit, 0 captures each."


def test_free_arrows_turn_by_key_wheel_and_right_click(app):
    scene = start_at(app, ["c3:0:5-1^", "b1:0:1-1^", "h8:1:0-0v"], arrows="free")
    click(app, scene, "b1")
    assert scene.tool.arrow == 1 and "Arrow up" in scene.ctl.caption
    up = {m.end for m in scene.view(0).targets("b1") if m.arrow == 1}
    assert scene.tool.ends() == up
    press(app, "rotate")                          # R
    assert scene.tool.arrow == -1 and scene.tool.picked_element().arrow == -1
    assert scene.tool.ends() == {m.end for m in scene.view(0).targets("b1") if m.arrow == -1}
    press(app, "wheel", pos=centre(scene, "b1"), amount=1)
    assert scene.tool.arrow == 1
    click(app, scene, "e5", button="rclick")      # right click: turn, still picked
    assert scene.tool.arrow == -1 and scene.tool.selected == parse_square("b1")
    frame(app)
    click(app, scene, "c4")
    assert played(scene) == ["b1>c4v"]
    assert scene.view(0).element_at("c4").arrow == -1


def test_the_arrow_with_targets_is_chosen_first_and_a_dead_way_is_said(app):
    texts = ["c2:0:3-5^", "c3:0:5-1^", "d4:1:3-2v", "d5:1:1-4v", "f2:0:2-6v", "a8:1:0-0v",
             "b1:0:1-2^", "e3:0:3-4^", "e5:1:0-0v"]
    scene = start_at(app, texts, arrows="free")
    arrows = {m.arrow for m in scene.view(0).targets("c2")}
    click(app, scene, "c2")
    assert {scene.tool.arrow} == arrows           # only that way has targets
    top = scene.view(0).element_at("c2")
    assert scene.tool.picked_element() == (turned(top) if top.arrow not in arrows else top)
    press(app, "rotate")
    assert scene.tool.ends() == set() and "nowhere to go" in scene.ctl.caption
    frame(app)
    press(app, "rotate")
    target = min(scene.tool.ends())
    expected = scene.tool.move_to(target).text
    assert expected[-1] == ("^" if scene.tool.arrow == 1 else "v")
    press(app, "point", pos=shift_art.square_rect(scene.geo, target).center)
    frame(app)                                    # the preview shows the turned element
    press(app, "click", pos=shift_art.square_rect(scene.geo, target).center)
    assert played(scene) == [expected]


def test_stacks_show_their_height_and_only_the_top_moves(app, monkeypatch):
    badges = {}                                   # square's corner -> the height it shows
    real = shift_art.draw_badge
    monkeypatch.setattr(shift_art, "draw_badge", lambda surface, rect, n: (
        badges.__setitem__(tuple(rect.topleft), n), real(surface, rect, n)))
    scene = start(app, stacks=True)
    frame(app)
    corners = {square: tuple(shift_art.square_rect(scene.geo, square).topleft)
               for square, stack in enumerate(scene.view(0).cells) if stack}
    assert sorted(badges) == sorted(corners.values()) and set(badges.values()) == {4}
    element = scene.view(0).cells[0][-1]
    single, four = (pygame.Surface((84, 84), pygame.SRCALPHA) for _ in range(2))
    shift_art.draw_stack(single, single.get_rect(), (element,))
    shift_art.draw_stack(four, four.get_rect(), (element,) * 4)
    covered = [sum(s.get_at((x, y)).a > 0 for x in range(84) for y in range(84))
               for s in (single, four)]
    assert covered[1] > covered[0]               # the lower layers peek out
    square = scene.tool.movable()[0]
    before = scene.view(0).cells[square]
    click(app, scene, square_name(square))
    frame(app)
    assert badges.pop(corners.pop(square)) == 3   # the picked top lifted off its stack
    assert set(badges.values()) == {4}
    target = min(scene.tool.ends())
    press(app, "point", pos=shift_art.square_rect(scene.geo, target).center)
    press(app, "click", pos=shift_art.square_rect(scene.geo, target).center)
    move = scene.game.moves_played()[0][1]
    after = scene.view(0)
    assert move.start == square and after.cells[square] == before[:-1]
    assert after.cells[move.end][-1].tile == before[-1].tile


def test_only_the_top_of_a_stack_shows_an_arrow_and_its_height_badge_covers_none_of_it():
    pygame.font.init()
    north, south = (Element(0, 3, 5, arrow=NORTH_ARROW), Element(0, 1, 6, arrow=SOUTH_ARROW))
    for size in (60, 84, 96):
        for top in (north, south):
            drawn = []
            for lower in (north, south):                 # the same top, other layers below
                surface = pygame.Surface((size, size), pygame.SRCALPHA)
                shift_art.draw_stack(surface, surface.get_rect(), (lower, lower, top))
                drawn.append(pygame.image.tobytes(surface, "RGBA"))
            assert drawn[0] == drawn[1], (size, top)     # lower arrows and numbers unseen
            body, head = element_art.body_rect(size, top.arrow)
            badge = shift_art.badge_rect(pygame.Rect(0, 0, size, size))
            assert pygame.Rect(0, 0, size, size).contains(badge)
            assert not badge.colliderect(body.union(head)), (size, top, badge, body)


def test_a_whole_stack_taken_is_said_and_counted(app):
    scene = start_at(app, ["a1:0:2-4", "c3:0:1-2", "c5:1:1-1/c5:1:4-6", "h8:1:0-0"],
                     stacks=True)
    click(app, scene, "a1")
    click(app, scene, "c4")
    assert "Captured a stack of 2 on c5 (4-6 on top)!" in scene.ctl.caption
    assert scene.game.captures == [2, 0] and scene.table.taken_count(scene.view(0)) == 2
    frame(app, 2)
    assert len(scene.table.trophies[0]) == 2


@pytest.mark.parametrize("options", [{}, {"arrows": "free", "stacks": True}])
def test_the_board_redrawn_square_by_square_matches_a_whole_redraw(app, options):
    scene = start(app, kinds=("random", "random"), seed=5, **options)
    table, plies = scene.table, set()
    for _ in range(400):
        frame(app)                                # each move redraws a few squares only
        plies.add(scene.ctl.ply)
        if len(plies) > 12 or scene.game.is_over():
            break
    assert len(plies) > 6
    board = table.geo.rect
    kept = pygame.image.tobytes(table._static.subsurface(board), "RGBA")
    table._drawn = {}                             # every square again
    table._draw_resting(scene.view(0))
    assert pygame.image.tobytes(table._static.subsurface(board), "RGBA") == kept


@pytest.mark.parametrize("options", [{}, {"arrows": "free", "stacks": True}])
def test_random_actions_raise_nothing(app, options):
    rng = random.Random(10 + len(options))
    scene = start(app, kinds=("human", "random"), seed=rng.randrange(1000), **options)
    random_board_actions(app, scene, rng, 800)


# --- the setup screen -------------------------------------------------------------------
def selector(scene, label):
    return next(w for w in scene.menu.widgets if w.label == label)


def test_the_setup_offers_shift_with_its_options_and_starting_boards(app):
    app.settings.last_setup = {"variant": "open10"}
    scene = VariantSelectScene(app)
    app.push(scene)
    assert scene.variant == "open10" and selector(scene, "Game").value == "open10"
    labels = [w.label for w in scene.menu.widgets]
    assert {"Arrows", "Stacks", "Limit", "Starting board"} <= set(labels)
    assert selector(scene, "Arrows").choices == [("fixed", "fixed"), ("free", "free")]
    assert selector(scene, "Starting board").choices == [("standard", "Standard"),
                                                         ("random", "Random")]
    scene.menu.focus = labels.index("Stacks")
    press(app, "right")                           # stacks on: the boards made for stacks
    assert selector(scene, "Stacks").value is True
    assert selector(scene, "Starting board").choices == [("stacks", "Stacks"),
                                                         ("random", "Random")]
    assert scene.menu.focused.label == "Stacks"
    assert scene.config(1).options["start"] == "stacks"


@pytest.mark.parametrize("arrows", ["fixed", "free"])
def test_a_shift_is_said_in_words_that_name_its_squares_and_arrow(arrows):
    game = new_game("open10", 2, 3, {"arrows": arrows})
    marks = {", arrow north": "^", ", arrow south": "v", "": ""}
    for move in game.legal_moves():
        if move is PASS:
            continue
        words = shift_words(move)
        start, _, rest = words.partition(" to ")
        end, _, arrow = rest.partition(",")
        assert f"{start}>{end}{marks[arrow and ',' + arrow]}" == str(move), words
