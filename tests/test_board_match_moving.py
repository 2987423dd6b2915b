"""The open-board moving games (1 Test element, 3 Capture, 4 Diagonals) on the board
scene, driven by synthetic actions as a player would drive it: picking an element lights
its targets, a click, Enter or a drag moves it, a refused try says why, captures are
counted and fly to the capturer's card, a jump chain is played square by square or at
once, the end is explained, couch play needs no hand-over, random input raises nothing."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game.logic.core import PASS
from game.logic.elements.board import SHAPE
from game.logic.elements.open1 import TestElementGame
from game.logic.elements.open3 import CaptureGame
from game.logic.elements.open4 import DiagonalGame
from game.logic.elements.positions import game_at
from game.logic.levels import layout_folder
from game.play.config import MatchConfig
from game.shell.board.elements.move_tool import MoveElementTool
from game.shell.board.elements.table import ElementTable
from game.shell.board.scene import BoardMatchScene
from game.shell.frame import theme
from game.shell.match.controller import sentence
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene
from game.shell.screens.setup import VariantSelectScene, start_choices

from test_shell_support import frame, press, quiet_app, random_board_actions, seats
from test_shell_support import start_board_match as start


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


def start_at(app, cls, texts, kinds=("human", "greedy"), **keys) -> BoardMatchScene:
    """A scene on a made-up position (element texts like c2:0:3-5)."""
    game = game_at(cls, texts, keys.pop("options", None), **keys)
    config = MatchConfig(cls.variant, seats(kinds), dict(game.options), 1)
    scene = BoardMatchScene(app, config, state=game)
    app.push(scene)
    return scene




def centre(scene, name):
    f, r = SHAPE.file_rank(SHAPE.square(name))
    return scene.geo.square_rect((f, r)).center


def click(app, scene, name):
    pos = centre(scene, name)
    press(app, "point", pos=pos)
    press(app, "click", pos=pos)
    press(app, "release", pos=pos)


def wait_for_human(app, scene, limit=3000):
    for _ in range(limit):
        if scene.game.is_over() or scene.ctl.human_turn:
            return
        frame(app)
        if scene.ctl.thinking:
            time.sleep(0.0005)
    raise AssertionError("no human turn came")


def played(scene):
    return [str(m) for _, m in scene.game.moves_played()]


@pytest.mark.parametrize("variant", ["open1", "open3", "open4"])
def test_the_scene_uses_the_element_table_and_the_move_tool(app, variant):
    scene = start(app, variant)
    assert isinstance(scene.table, ElementTable) and isinstance(scene.tool, MoveElementTool)
    assert (scene.geo.width, scene.geo.height) == (8, 8) and scene.geo.size >= 90
    frame(app, 2)
    assert "South" in scene.ctl.caption and "begins" in scene.ctl.caption
    assert scene.adapter.goal_lines() and len(scene.adapter.goal_lines()) <= 5


def test_picking_an_element_lights_exactly_its_targets(app):
    scene = start(app, "open3")
    wait_for_human(app, scene)
    view = scene.view(0)
    square = scene.tool.movable()[0]
    name = SHAPE.names[square]
    click(app, scene, name)
    assert scene.tool.selected == square and scene.selecting()
    assert scene.tool.ends() == {m.end for m in view.targets(name)}
    layer = scene.tool._targets_layer()
    for move in view.targets(name):                  # a lit disc on every target
        rect = scene.geo.square_rect(scene.geo.index_square(move.end))
        spot = (rect.centerx - scene.geo.rect.x, rect.centery - scene.geo.rect.y)
        assert layer.get_at(spot).a > 100
    frame(app)
    press(app, "back")                               # Esc puts it back, no pause
    assert scene.tool.selected is None and app.top is scene
    press(app, "back")
    assert app.top is not scene                      # now Esc pauses
    app.pop()


def test_keyboard_focus_tab_and_enter_move_an_element(app):
    scene = start(app, "open1")
    wait_for_human(app, scene)
    press(app, "next")                               # Tab: the first element that can move
    first = scene.tool.focus
    assert first == scene.tool.movable()[0]
    press(app, "confirm")
    assert scene.tool.selected == first
    press(app, "next")                               # Tab now steps through the targets
    target = scene.tool.focus
    assert target in scene.tool.ends()
    press(app, "confirm")
    assert played(scene)[0] == f"{SHAPE.names[first]}-{SHAPE.names[target]}"
    assert scene.tool.selected is None
    frame(app)


def test_arrows_move_the_focus_over_the_board(app):
    scene = start(app, "open3")
    wait_for_human(app, scene)
    press(app, "up")                                 # no focus yet: the first movable
    assert scene.tool.focus == scene.tool.movable()[0]
    f, r = SHAPE.file_rank(scene.tool.focus)
    press(app, "up")
    press(app, "right")
    assert SHAPE.file_rank(scene.tool.focus) == (min(f + 1, 7), r + 1)
    for _ in range(10):
        press(app, "left")
    assert SHAPE.file_rank(scene.tool.focus)[0] == 0


def test_a_drag_moves_the_element_to_where_it_is_dropped(app):
    scene = start_at(app, CaptureGame, ["c2:0:1-3", "h8:1:3-3"])
    press(app, "click", pos=centre(scene, "c2"))
    press(app, "point", pos=centre(scene, "d3"))
    assert scene.tool.dragging and scene.tool.drag_pos == centre(scene, "d3")
    frame(app)
    press(app, "release", pos=centre(scene, "d3"))
    assert played(scene) == ["c2-d3"]


def test_a_refused_try_says_why_by_the_square_and_in_the_caption(app):
    scene = start_at(app, CaptureGame, ["c2:0:1-3", "d3:0:2-2", "h8:1:3-4"])
    click(app, scene, "c2")
    click(app, scene, "c5")
    reason = scene.game.illegal_reason("c2-c5")
    assert reason and scene.tool.reason == reason
    assert scene.ctl.caption == sentence(reason) and not played(scene)
    frame(app)
    click(app, scene, "d3")                          # another own element: picked instead
    assert scene.tool.selected == SHAPE.square("d3")
    scene.tool.cancel()
    click(app, scene, "h8")                          # the opponent's
    assert "opponent" in scene.ctl.caption and scene.tool.selected is None
    click(app, scene, "e5")                          # nothing there
    assert "pick one of your elements" in scene.ctl.caption.lower()


def test_a_capture_is_counted_and_flies_to_the_capturers_card(app):
    app.settings.anim_speed = 1.0
    # c3-d3 brings the 5 at the element's north end under the 5 at d4's south end
    scene = start_at(app, CaptureGame, ["c3:0:1-5", "d4:1:5-2", "h8:1:1-1", "a1:0:0-6"])
    click(app, scene, "c3")
    click(app, scene, "d3")
    assert played(scene) == ["c3-d3"]
    assert scene.game.captures == [1, 0]
    assert "Captured 5-2 on d4" in scene.ctl.caption
    assert scene.adapter.card_lines(0, False)[0][0] == "1 captured"
    goal = scene.table.trophy_rect(0, 0)
    seen = []
    for _ in range(90):
        frame(app)
        view = scene.view(0)
        for element, rect, _ in scene.table.flights(view):
            assert (element.owner, element.south, element.north) == (1, 5, 2)
            seen.append(rect.center)
    taken = scene.table.trophies[0]
    assert [(e.owner, e.south, e.north) for e in taken] == [(1, 5, 2)]
    assert seen[0] == centre(scene, "d4")            # from where it stood
    assert len(set(seen)) > 5                        # moving, frame by frame
    assert pygame.Vector2(seen[-1]).distance_to(goal.center) < 4     # to South's card
    assert scene.table.flights(scene.view(0)) == [] and scene.table.cards[0].contains(goal)


def test_a_jump_chain_is_played_square_by_square(app):
    texts = ["c1:0:1-2", "d2:0:0-0", "d4:0:3-3", "a8:1:1-1"]
    scene = start_at(app, DiagonalGame, texts)
    click(app, scene, "c1")
    assert scene.tool.ends() == {SHAPE.square(s) for s in ("b2", "e3", "c5")}
    assert scene.tool.landings() == {SHAPE.square(s) for s in ("b2", "e3")}
    click(app, scene, "e3")                          # a stop on the way: c5 may follow
    assert scene.tool.path == (SHAPE.square("e3"),) and not played(scene)
    frame(app)
    click(app, scene, "c5")
    assert played(scene) == ["c1-e3-c5"]
    assert "jumped c1 to e3, then to c5." in scene.ctl.caption


def test_a_chain_may_stop_where_it_stands_or_go_at_once_by_drag(app):
    texts = ["c1:0:1-2", "d2:0:0-0", "d4:0:3-3", "a8:1:1-1"]
    scene = start_at(app, DiagonalGame, texts)
    click(app, scene, "c1")
    click(app, scene, "e3")
    press(app, "back")                               # Esc: back off the last landing
    assert scene.tool.path == () and scene.tool.selected == SHAPE.square("c1")
    click(app, scene, "e3")
    press(app, "confirm")                            # Enter on e3 (focus): stop there
    assert played(scene) == ["c1-e3"]
    scene2 = start_at(app, DiagonalGame, texts)
    press(app, "click", pos=centre(scene2, "c1"))
    press(app, "point", pos=centre(scene2, "c5"))
    press(app, "release", pos=centre(scene2, "c5"))
    assert played(scene2) == ["c1-e3-c5"]


CHAIN_WORDS = "Enter again to stop here, or pick the next landing"


def tab_to(app, scene, name):
    for _ in range(12):
        if scene.tool.focus == SHAPE.square(name):
            return
        press(app, "next")
    raise AssertionError(f"Tab never reached {name}")


@pytest.mark.parametrize("by", ["keys", "mouse"])
def test_an_open_chain_says_how_to_end_it_and_stops_where_it_stands(app, by):
    texts = ["c1:0:1-2", "d2:0:0-0", "d4:0:3-3", "a8:1:1-1"]
    scene = start_at(app, DiagonalGame, texts)
    opening = scene.ctl.caption
    for name in ("c1", "e3"):
        if by == "keys":
            tab_to(app, scene, name)
            press(app, "confirm")
        else:
            click(app, scene, name)
    assert scene.tool.path == (SHAPE.square("e3"),) and not played(scene)
    assert CHAIN_WORDS in scene.ctl.caption and "e3" in scene.ctl.caption
    press(app, "back")                               # back off the landing: words gone
    assert scene.tool.path == () and scene.ctl.caption == opening
    if by == "keys":
        tab_to(app, scene, "e3")
        press(app, "confirm")
        assert CHAIN_WORDS in scene.ctl.caption
        press(app, "confirm")                        # Enter again: stop on e3
    else:
        click(app, scene, "e3")
        assert CHAIN_WORDS in scene.ctl.caption
        frame(app)
        click(app, scene, "e3")                      # a click where it stands: stop
    assert played(scene) == ["c1-e3"]
    assert CHAIN_WORDS not in scene.ctl.caption


def test_landing_on_the_test_element_ends_the_game_and_says_why(app):
    scene = start_at(app, TestElementGame, ["e7:0:2-3", "e8:1:0-0*", "a1:0:0-0*", "h5:1:1-4"])
    click(app, scene, "e7")
    assert SHAPE.square("e8") in scene.tool.ends()
    click(app, scene, "e8")
    assert scene.game.outcome().reason == "test element"
    caption = scene.ctl.caption
    assert caption == "P0 wins: landed on North's test element."
    head, detail = scene.adapter.end_banner()
    assert head == "Test element taken" and "P0 wins" in detail
    assert scene.adapter.end_squares() == [SHAPE.square("e8")]       # ringed in gold
    assert ("Took North's test element!", (255, 206, 84)) in \
        scene.adapter.last_lines(scene.view(0))
    frame(app, 2)                                    # instant speed: results at once
    assert isinstance(app.top, ResultsScene)
    assert app.top.headers == ("Player", "Side", "Captured", "Left")
    assert app.top.winner_text == caption


def test_a_test_element_is_never_lit_onto_the_opponents_test_element(app):
    # the issue's case, d3 and d4: the source's test elements "can not be imposed on
    # other dominoes elements"; a numbered element beside them may still win there
    scene = start_at(app, TestElementGame, ["d3:0:0-0*", "d4:1:0-0*", "c3:0:1-2",
                                            "h8:1:3-4"])
    click(app, scene, "d3")
    assert scene.tool.selected == SHAPE.square("d3")
    assert SHAPE.square("d4") not in scene.tool.ends() and scene.tool.ends()
    click(app, scene, "d4")
    assert not played(scene) and scene.game.outcome() is None
    assert scene.ctl.caption == sentence(scene.game.illegal_reason("d3-d4"))
    assert "never lands on another element" in scene.ctl.caption
    press(app, "back")
    click(app, scene, "c3")
    assert SHAPE.square("d4") in scene.tool.ends()
    click(app, scene, "d4")
    assert played(scene) == ["c3-d4"] and scene.game.outcome().reason == "test element"


@pytest.mark.parametrize("cls, texts, options, move, reason, words, detail", [
    (CaptureGame, ["c3:0:1-5", "d4:1:5-2", "h8:1:4-4"], {"goal": "captures:1"}, "c3-d3",
     "goal", "P0 wins: captured 1 element", "P0 (South) captured 1 element. P0 wins, 1 "
     "capture to 0."),
    (CaptureGame, ["c3:0:1-5", "d4:1:5-2", "h8:1:6-6", "a1:0:2-2"], {}, "c3-d3",
     "no captures left", "P0 wins: no capture possible, 2 elements left to 1",
     "No capture is possible any more. P0 wins, 2 elements left to 1."),
    (DiagonalGame, ["d4:0:1-2", "h7:1:3-3", "g8:1:2-2"], {"race": True}, "d4-e5", "race",
     "P0 wins: every element past the middle line", "P0 (South) has every element past "
     "the middle line. P0 wins, 1 of 1 past the middle to 0 of 2."),
    (DiagonalGame, ["d4:0:1-2", "e6:1:2-3", "h7:1:3-3"], {"limit": 1}, "d4-c5",
     "no captures", "A draw: move limit, 0 captures each",
     "1 move each without a capture. A draw, 0 captures each."),
])
def test_the_end_is_explained(app, cls, texts, options, move, reason, words, detail):
    scene = start_at(app, cls, texts, options=options)
    first, last = move.split("-")
    click(app, scene, first)
    click(app, scene, last)
    if scene.game.outcome() is None:                 # (the limit needs North's move too)
        wait_for_human(app, scene)
    outcome = scene.game.outcome()
    assert outcome is not None and outcome.reason == reason
    assert scene.ctl.caption == words + "."
    head, text = scene.adapter.end_banner()
    assert head and text == detail
    assert theme.font(32, True).size(scene.ctl.caption)[0] <= 1120   # the results' line


def test_captured_pips_and_the_race_show_on_the_cards(app):
    scene = start_at(app, CaptureGame, ["c3:0:1-5", "d4:1:5-2", "h8:1:4-4", "a1:0:0-6"],
                     options={"goal": "pips:48"})
    assert ("0 of 48 pips", 30) == scene.adapter.card_lines(0, False)[1][:2]
    scene = start_at(app, DiagonalGame, ["c5:0:1-2", "a1:0:0-0", "h7:1:3-3", "g8:1:2-2"],
                     options={"race": True})
    assert scene.adapter.card_lines(0, False)[1][0] == "1 of 2 past the middle"
    assert scene.adapter.result_columns()[0] == "Past middle"


def test_a_forced_pass_shows_the_pass_button(app):
    # South's only element is boxed in by its own test element and North's elements
    scene = start_at(app, TestElementGame, ["a1:0:0-0*", "a2:1:1-1", "b1:1:2-2", "b2:1:3-3",
                                            "h8:1:0-0*"])
    assert scene.must_pass() and "must pass" in scene.pass_prompt
    frame(app)
    press(app, "click", pos=scene.table.pass_rect.center)
    assert played(scene)[:1] == [PASS]


def test_two_people_share_the_screen_without_a_hand_over(app):
    scene = start(app, "open3", kinds=("human", "human"))
    assert not scene.ctl.couch and scene.ctl.human_turn
    for turn in range(4):
        frame(app)
        assert not isinstance(app.top, HandOverScene)
        assert scene.ctl.human_turn and scene.game.current_player == turn % 2
        square = scene.tool.movable()[0]
        click(app, scene, SHAPE.names[square])
        click(app, scene, SHAPE.names[min(scene.tool.ends())])
        who = scene.ctl.name(1 - turn % 2)
        assert f"{who} (" in scene.ctl.caption and scene.ctl.caption.endswith("to move.")


@pytest.mark.parametrize("variant, options", [
    ("open1", {}), ("open3", {"slide": True, "goal": "targets"}), ("open4", {}),
    ("open4", {"race": True, "set": "0-5-halves"}),
])
def test_random_actions_raise_nothing(app, variant, options):
    rng = random.Random(len(variant) + len(options))
    scene = start(app, variant, kinds=("human", "random"), seed=rng.randrange(1000),
                  **options)
    random_board_actions(app, scene, rng, 800)


# --- the setup screen: the starting board ----------------------------------------------
def selector(scene, label):
    return next(w for w in scene.menu.widgets if w.label == label)


def test_the_starting_board_choices_follow_the_chosen_set(app):
    app.settings.last_setup = {"variant": "open1"}
    scene = VariantSelectScene(app)
    app.push(scene)
    start_row = selector(scene, "Starting board")
    assert start_row.choices == [("standard", "Standard"), ("crossed", "Crossed"),
                                 ("random", "Random")]
    assert [w.label for w in scene.menu.widgets].count("Start") == 1     # the button
    scene.menu.focus = scene.menu.widgets.index(selector(scene, "Set"))
    press(app, "right")                                 # set: halves -> 0-4
    assert selector(scene, "Set").value == "0-4"
    assert selector(scene, "Starting board").choices == [("reduced-0-4", "Two 0-4 sets"),
                                                         ("random", "Random")]
    assert scene.menu.focused.label == "Set"          # the focus stays on its row
    assert scene.config(1).options["start"] == "reduced-0-4"
    app.settings.last_setup = {"variant": "open4"}
    scene = VariantSelectScene(app)
    assert [v for v, _ in selector(scene, "Starting board").choices] == \
        ["standard", "crossed", "random"]


def test_a_broken_level_file_is_listed_with_its_error(app, tmp_path, monkeypatch):
    from game.logic.elements import files
    folder = tmp_path / "open3"
    folder.mkdir()
    source = layout_folder("open3") / "standard.toml"
    (folder / "standard.toml").write_text(source.read_text())
    (folder / "broken.toml").write_text('name = "Broken"\nset = "halves"\nboard = """\n'
                                        's11 ... \n"""\n')
    listing = files.list_starts
    monkeypatch.setattr(files, "list_starts", lambda cls, folder_=None: listing(cls, folder))
    good, broken = start_choices(CaptureGame, "halves")
    assert [name for name, _ in good] == ["standard", "random"]
    assert len(broken) == 1 and broken[0].startswith("broken.toml:")
    assert str(folder) not in broken[0]
    app.settings.last_setup = {"variant": "open3"}
    scene = VariantSelectScene(app)
    start = next(w for w in scene.menu.widgets if w.label == "Starting board")
    assert ("broken", "broken.toml (does not load)") in start.choices      # by its name
    assert start.broken["broken"].startswith("broken.toml:")
