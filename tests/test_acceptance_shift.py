"""Acceptance: whole games of Shift (open-board game 10) played on the real application,
from the title menu to the final results, with only the keyboard or only the mouse (see
acceptance_support.Person), against the computer, with a low move limit so that the games
end soon: fixed arrows from the standard board, and stacks with free arrows (the arrow
turned by R, or by the wheel and right clicks, whenever the chosen move needs it).
"""
from __future__ import annotations

import pygame
import pytest

from game.logic.core import PASS
from game.shell.board.elements import shift_art
from game.shell.screens.results import ResultsScene

from acceptance_support import Person, board_turn_settled, keep_global_random, set_up  # noqa: F401

FRAMES = 8000


def aim(person: Person, scene, square: int) -> None:
    """Enter on `square` by keyboard, or a click on it (beyond the frame past the edge)."""
    if person.mode == "keys":
        person.focus_square(scene, square)
        person.keys(pygame.K_RETURN)
    else:
        person.click(shift_art.square_rect(scene.geo, square).center)


def turn_to(person: Person, scene, arrow) -> None:
    """Free arrows: turn the picked element until it has the move's arrow."""
    for _ in range(2):
        if scene.tool.arrow == arrow:
            return
        if person.mode == "keys":
            person.keys(pygame.K_r)
        elif person.rng.random() < 0.5:
            person.click(scene.geo.rect.center, button=3)
        else:
            person.move_mouse(scene.geo.rect.center)
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
            person.frame()
    assert scene.tool.arrow == arrow, "the arrow did not turn"


def play_shift_turn(person: Person, scene) -> bool:
    """One human turn (or the look at the results): pick an element, turn it if the move
    wants the other arrow, send it to the move's target; pass when that is all there is."""
    settled = board_turn_settled(person, scene)
    if settled is not None:
        return settled
    view = scene.view(scene.game.current_player)
    moves = [m for m in view.legal_moves() if m is not PASS]
    edge = [m for m in moves if m.past_edge]
    shift_element(person, scene, edge[0] if edge else person.rng.choice(moves))
    return True


def shift_element(person: Person, scene, move) -> None:
    """Pick the element, turn it if the move wants the other arrow, send it to the
    move's target."""
    ply, player = scene.ctl.ply, scene.game.current_player
    view = scene.view(player)
    aim(person, scene, move.start)
    assert scene.tool.selected == move.start, f"the element was not picked: {scene.ctl.caption}"
    turn_to(person, scene, move.arrow)
    assert scene.tool.ends() == {m.end for m in view.targets(move.start)
                                 if m.arrow == move.arrow}, "the lit targets are wrong"
    aim(person, scene, move.end)
    assert scene.ctl.ply > ply and scene.game.moves_played()[ply] == (player, move), \
        f"{move} was not played: {scene.ctl.caption}"


GAMES = {
    "fixed": ({"Limit": 10}, {"arrows": "fixed", "stacks": False, "start": "standard"}),
    "stacks-free": ({"Arrows": "free", "Stacks": True, "Limit": 10},
                    {"arrows": "free", "stacks": True, "start": "stacks"}),
}


@pytest.mark.parametrize("mode", ["keys", "mouse"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_one_input_only(tmp_path, monkeypatch, game, mode):
    choices, wanted = GAMES[game]
    person = Person(tmp_path, monkeypatch, mode, seed=len(game) * 5 + len(mode))
    scene = set_up(person, "Shift", {}, choices, hidden=False)
    config = scene.ctl.config
    assert config.options["limit"] == 10
    assert {k: config.options[k] for k in wanted} == wanted
    results = person.play_match(play_shift_turn, FRAMES)
    assert isinstance(results, ResultsScene)
    state = scene.ctl.state
    outcome = state.outcome()
    assert results.headers == ("Player", "Side", "Captured", "Left")
    assert results.winner_text == scene.adapter.final_caption()
    names = [seat.name for seat in config.seats]
    who = "A draw" if outcome.winner is None else f"{names[outcome.winner]} wins"
    assert who in results.winner_text, (who, results.winner_text)
    assert [row[2] for row in results.rows] == [str(n) for n in state.captures]
    person.leave_results(scene)
