"""Acceptance: whole matches played on the real application, from the title menu to the
final results, with only the keyboard or only the mouse (see acceptance_support.Person).

- Classic draw dominoes, 4 players (2 people on the couch, 2 computers), limit 50, played
  to elimination: by keyboard (then Rematch) and by mouse (then Menu).
- Dominox on the quick 6x6 layout: one person against the computer by keyboard (then
  Rematch), two people on the couch by mouse (then Menu).
- Classic with two players, where drawing from the boneyard happens (D / Draw button).
- Spread (8 x 16 board, blocked shares on the pillars layout): 2 and 3 seats, each by
  keyboard and by mouse, one person against the computers or two on the couch.
"""
from __future__ import annotations


import pygame
import pytest

from game.shell.screens.title import TitleScene

from acceptance_support import (Person, keep_global_random, play_board_turn,  # noqa: F401
                                play_line_turn, set_up)

CLASSIC_FRAMES = 4000      # a 4-player match to 50 takes about 600
DOMINOX_FRAMES = 1500      # a quick 6x6 game takes about 100
SPREAD_FRAMES = 4000       # a game uses up the 32-tile pack: about 300 to 600


def check_classic_end(person: Person, scene, results, limit: int):
    state = scene.ctl.state
    assert state.is_over()
    outcome = state.outcome()
    totals = list(state.totals)
    out = set(state.eliminated)
    assert out, "nobody was eliminated"
    assert all(totals[p] >= limit for p in out), (totals, out)
    assert all(totals[p] < limit for p in range(4) if p not in out), (totals, out)
    remaining = [p for p in range(4) if p not in out]
    if remaining:
        assert remaining == [outcome.winner], (remaining, outcome)
    else:        # the last players went out together: the lowest total among them wins
        last_out = state.finished_rounds[-1].out
        lowest = min(totals[p] for p in last_out)
        best = [p for p in last_out if totals[p] == lowest]
        assert outcome.winner == (best[0] if len(best) == 1 else None)
    names = person.app.settings.player_names
    expected = "A draw" if outcome.winner is None else f"{names[outcome.winner]} wins!"
    assert results.winner_text == expected
    assert len(state.finished_rounds) >= 1


def check_dominox_end(scene, results):
    game = scene.ctl.state
    assert game.is_over()
    assert (scene.geo.width, scene.geo.height) == (6, 6), "the quick layout was not used"
    outcome = game.outcome()
    white, black = outcome.scores
    assert outcome.winner == (0 if white > black else 1 if black > white else None)
    assert [row[-1] for row in results.rows] == [str(white), str(black)]


def check_spread_end(scene, results):
    game = scene.ctl.state
    assert game.is_over()
    assert (scene.geo.width, scene.geo.height) == (8, 16)
    outcome = game.outcome()
    left = [len(game.view(p).hand) for p in range(game.players)]
    assert list(outcome.scores) == left
    assert results.headers == ("Player", "Tiles left")
    assert [row[-1] for row in results.rows] == [str(n) for n in left]
    fewest = [p for p, n in enumerate(left) if n == min(left)]
    assert outcome.winner == (fewest[0] if len(fewest) == 1 else None) or \
        outcome.reason == "domino"


def rematch_works(person: Person, old_scene):
    person.press("Rematch")
    scene = person.match_scene()
    assert scene is not None and scene is not old_scene, "Rematch did not start a new match"
    assert scene.ctl.state is not old_scene.ctl.state and not scene.ctl.state.is_over()
    assert scene.ctl.config.seats == old_scene.ctl.config.seats
    assert scene.ctl.config.options == old_scene.ctl.config.options


def menu_works(person: Person):
    person.press("Menu")
    assert isinstance(person.top, TitleScene), "Menu did not go back to the title"
    assert person.match_scene() is None


def classic_match(tmp_path, monkeypatch, mode):
    person = Person(tmp_path, monkeypatch, mode, seed=7 if mode == "keys" else 11)
    scene = set_up(person, "Classic draw dominoes", {1: "human"}, {"Limit": 50}, players=4)
    assert scene.ctl.config.options["limit"] == 50
    assert scene.ctl.state.limit == 50
    assert len(person.humans) == 2
    results = person.play_match(play_line_turn, CLASSIC_FRAMES)
    check_classic_end(person, scene, results, 50)
    assert set(person.shown) == set(person.humans), "a human's hand was never drawn face up"
    return person, scene


def dominox_game(tmp_path, monkeypatch, mode, seats):
    person = Person(tmp_path, monkeypatch, mode, seed=3 if mode == "keys" else 5)
    scene = set_up(person, "Dominox", seats, {"Layout": "quick"}, players=2)
    assert scene.ctl.config.options["layout"] == "quick"
    results = person.play_match(play_board_turn, DOMINOX_FRAMES)
    check_dominox_end(scene, results)
    assert set(person.shown) == set(person.humans), "a human's hand was never drawn face up"
    return person, scene


def test_classic_couch_match_by_keyboard_only(tmp_path, monkeypatch):
    person, scene = classic_match(tmp_path, monkeypatch, "keys")
    rematch_works(person, scene)


def test_classic_couch_match_by_mouse_only(tmp_path, monkeypatch):
    person, _ = classic_match(tmp_path, monkeypatch, "mouse")
    menu_works(person)


def test_dominox_quick_layout_against_the_computer_by_keyboard_only(tmp_path, monkeypatch):
    person, scene = dominox_game(tmp_path, monkeypatch, "keys", {1: "greedy"})
    assert person.humans == (0,)
    rematch_works(person, scene)


def test_dominox_quick_layout_on_the_couch_by_mouse_only(tmp_path, monkeypatch):
    person, _ = dominox_game(tmp_path, monkeypatch, "mouse", {1: "human"})
    assert person.humans == (0, 1)
    menu_works(person)


@pytest.mark.parametrize("mode", ["keys", "mouse"])
def test_classic_two_players_draw_from_the_boneyard(tmp_path, monkeypatch, mode):
    """With two players there is a boneyard: the person turns drawn tiles up with D or
    the Draw button (four players share out all 28 tiles, so they never draw)."""
    person = Person(tmp_path, monkeypatch, mode, seed=21 if mode == "keys" else 23)
    scene = set_up(person, "Classic draw dominoes", {1: "greedy"}, {"Limit": 50}, players=2)
    assert person.humans == (0,)
    results = person.play_match(play_line_turn, CLASSIC_FRAMES)
    state = scene.ctl.state
    assert state.is_over() and results.winner_text
    assert person.draws > 0, "the person never had to draw"
    assert set(state.eliminated) and all(state.totals[p] >= 50 for p in state.eliminated)


def test_a_missing_key_binding_stops_the_keyboard_player(tmp_path, monkeypatch):
    """The tests can fail: without the Enter/Space binding, no move can be made."""
    from game.shell.frame import input as shell_input
    bindings = dict(shell_input.KEY_BINDINGS)
    for key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        del bindings[key]
    monkeypatch.setattr(shell_input, "KEY_BINDINGS", bindings)
    person = Person(tmp_path, monkeypatch, "keys", seed=1)
    person.press("Play")
    assert isinstance(person.top, TitleScene), "Play opened without Enter"


@pytest.mark.parametrize("mode, players, seats, options", [
    ("keys", 2, {1: "greedy"}, {"Layout": "standard"}),
    ("mouse", 2, {1: "human"}, {"Layout": "pillars", "Face down": True}),
    ("keys", 3, {1: "human", 2: "greedy"}, {"Layout": "pillars"}),
    ("mouse", 3, {1: "greedy", 2: "random"}, {"Layout": "standard"}),
], ids=["keys-2", "mouse-2-couch", "keys-3-couch", "mouse-3"])
def test_spread_from_the_title_menu(tmp_path, monkeypatch, mode, players, seats, options):
    person = Person(tmp_path, monkeypatch, mode, seed=players * 10 + (mode == "keys"))
    scene = set_up(person, "Spread", seats, options, players=players)
    assert scene.ctl.config.options["layout"] == options["Layout"]
    if options.get("Layout") == "pillars":
        assert scene.ctl.state.shape.blocked
    results = person.play_match(play_board_turn, SPREAD_FRAMES)
    check_spread_end(scene, results)
    assert set(person.shown) == set(person.humans), "a human's hand was never drawn face up"
    (rematch_works if mode == "keys" else menu_works)(person, *([scene] if mode == "keys" else []))
