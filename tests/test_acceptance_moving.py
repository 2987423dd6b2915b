"""Acceptance: whole games of the open-board moving games played on the real application,
from the title menu to the final results, with only the keyboard or only the mouse (see
acceptance_support.Person), one person against the computer or two on the couch, with
a low move limit so that the games end soon:

- Test element (game 1), Capture (game 3, sliding, a starting board chosen in the setup),
  Diagonals (game 4, jump chains) and the Diagonals race: each by keyboard and by mouse.
"""
from __future__ import annotations


import pygame
import pytest

from game.logic.core import PASS
from game.shell.screens.results import ResultsScene

from acceptance_support import Person, board_turn_settled, keep_global_random, set_up  # noqa: F401

FRAMES = 6000              # a game to a limit of 10 quiet moves each takes about 200 to 900


def aim(person: Person, scene, square: int) -> None:
    """Enter on `square` by keyboard, or a click on it."""
    if person.mode == "keys":
        person.focus_square(scene, square)
        person.keys(pygame.K_RETURN)
    else:
        geo = scene.geo
        person.click(geo.square_rect(geo.index_square(square)).center)


def play_element_turn(person: Person, scene) -> bool:
    """One human turn (or the look at the results): pick an element and send it to one of
    its targets, landing by landing along a jump chain; or drag it there at once."""
    settled = board_turn_settled(person, scene)
    if settled is not None:
        return settled
    view = scene.view(scene.game.current_player)
    move = person.rng.choice([m for m in view.legal_moves() if m is not PASS])
    move_element(person, scene, move, drag=person.mode == "mouse" and person.rng.random() < 0.3)
    return True


def move_element(person: Person, scene, move, drag: bool = False) -> None:
    """Pick the element and send it to the move's end, landing by landing along a jump
    chain (Enter or a click on each square); with `drag`, straight there by the mouse."""
    ply, player = scene.ctl.ply, scene.game.current_player
    view = scene.view(player)
    lit = {m.end for m in view.targets(move.start)}
    if drag:
        geo = scene.geo
        start, end = (geo.square_rect(geo.index_square(s)).center for s in (move.start,
                                                                            move.end))
        person.move_mouse(start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                             pos=person.window_pos(start), button=1))
        person.frame()
        assert scene.tool.selected == move.start and scene.tool.dragging
        person.move_mouse(end)
        person.frame()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP,
                                             pos=person.window_pos(end), button=1))
        person.frame()
        made = scene.game.moves_played()[ply]
        assert made[0] == player and (made[1].start, made[1].end) == (move.start, move.end)
        return
    aim(person, scene, move.start)
    assert scene.tool.selected == move.start, f"the element was not picked: {scene.ctl.caption}"
    assert scene.tool.ends() == lit, "the lit targets are not the element's targets"
    for landing in move.path[1:]:
        aim(person, scene, landing)
    if scene.ctl.ply == ply:                          # the chain could go on: stop it here
        assert scene.tool.standing == move.end
        aim(person, scene, move.end)
    assert scene.ctl.ply > ply and scene.game.moves_played()[ply] == (player, move), \
        f"{move} was not played: {scene.ctl.caption}"


def check_end(person: Person, scene, results: ResultsScene, headers) -> None:
    game = scene.ctl.state
    outcome = game.outcome()
    assert outcome is not None
    assert results.headers == headers
    assert results.winner_text == scene.adapter.final_caption()
    names = [seat.name for seat in scene.ctl.config.seats]
    who = "A draw" if outcome.winner is None else f"{names[outcome.winner]} wins"
    assert who in results.winner_text, (who, results.winner_text)
    assert [row[2] for row in results.rows] == [str(n) for n in game.captures]
    assert person.revealed is None, "a hand-over screen was shown: nothing is hidden here"


GAMES = {
    "open1": ("Test element", {}, {"Limit": 10}, ("Player", "Side", "Captured", "Left")),
    "open3": ("Capture", {}, {"Slide": True, "Limit": 10, "Starting board": "crossed"},
              ("Player", "Side", "Captured", "Left")),
    "open4": ("Diagonals", {1: "human"}, {"Limit": 10},
              ("Player", "Side", "Captured", "Left")),
    "race": ("Diagonals", {}, {"Race": True, "Limit": 10},
             ("Player", "Side", "Captured", "Past middle")),
}


@pytest.mark.parametrize("mode", ["keys", "mouse"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_one_input_only(tmp_path, monkeypatch, game, mode):
    title, seats, options, headers = GAMES[game]
    person = Person(tmp_path, monkeypatch, mode, seed=len(game) * 7 + len(mode))
    scene = set_up(person, title, seats, options, hidden=False)
    config = scene.ctl.config
    assert config.options["limit"] == 10
    assert [s.is_human for s in config.seats] == [True, 1 in seats]
    if game == "open3":
        assert scene.game.slide and config.options["start"] == "crossed"
    results = person.play_match(play_element_turn, FRAMES)
    check_end(person, scene, results, headers)
    person.leave_results(scene)
