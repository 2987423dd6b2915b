"""Acceptance: whole games of Packs (open-board game 22) played on the real application,
from the title menu to the final results, against the computer with only the keyboard or
only the mouse (see acceptance_support.Person), with and without the across option.

Each human turn turns the ghost of the turned-up element the way the chosen placement
needs (R, or the right button and the wheel), brings it to its square (the arrows, or
the pointer) and places it (Enter, or a click); a forced pass goes through Enter or the
Pass button. No hand-over screen may show: nothing is hidden from the players.
"""
from __future__ import annotations

import pygame
import pytest

from game.logic.core import PASS

from acceptance_support import Person, board_turn_settled, keep_global_random, set_up  # noqa: F401

FRAMES = 6000              # 32 turns of the person and 32 of the computer take about 300


def turn_to(person: Person, scene, ends) -> None:
    """Turn the ghost until its numbers point as `ends` (south, north) say."""
    for i in range(3):
        if scene.tool.ends() == ends:
            return
        if person.mode == "keys":
            person.keys(pygame.K_r)
        elif i % 2:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                                 precise_x=0.0, precise_y=1.0))
            person.frame()
        else:
            person.click(scene.geo.rect.midtop, button=3)
    assert scene.tool.ends() == ends, "turning did not turn the element"


def play_packs_turn(person: Person, scene) -> bool:
    """One human turn (or the look at the results): place a random legal placement of the
    turned-up element, or pass when it fits nowhere."""
    settled = board_turn_settled(person, scene)
    if settled is not None:
        return settled
    place_element(person, scene, person.rng.choice([m for m in scene.legal_moves()
                                                     if m is not PASS]))
    return True


def place_element(person: Person, scene, move) -> None:
    """Turn the turned-up element's ghost as the placement needs, bring it to its square
    (arrows or pointer) and place it (Enter or a click)."""
    ply, player = scene.ctl.ply, scene.game.current_player
    turn_to(person, scene, (move.low, move.high))
    if person.mode == "keys":
        person.arrows(scene.tool.square(), move.square, scene.game.shape.width)
        assert scene.ghost == str(move), "the arrows did not bring the element there"
        assert scene.ghost_reason is None, scene.ghost_reason
        person.keys(pygame.K_RETURN)
    else:
        spot = scene.geo.square_rect(scene.geo.index_square(move.square)).center
        person.hover(spot)
        assert scene.ghost == str(move), "the element did not follow the pointer"
        assert scene.ghost_reason is None, scene.ghost_reason
        person.click(spot)
    assert scene.ctl.ply > ply and scene.game.moves_played()[ply] == (player, move), \
        f"{move} was not placed: {scene.ctl.caption}"


@pytest.mark.parametrize("across", [False, True])
@pytest.mark.parametrize("mode", ["keys", "mouse"])
def test_a_whole_game_by_one_input_only(tmp_path, monkeypatch, mode, across):
    person = Person(tmp_path, monkeypatch, mode, seed=22 + len(mode) + across)
    scene = set_up(person, "Packs", {}, {"Across": True} if across else {}, hidden=False)
    config = scene.ctl.config
    assert bool(config.options["across"]) == across and scene.game.across == across
    assert [s.is_human for s in config.seats] == [True, False]
    results = person.play_match(play_packs_turn, FRAMES)
    game = scene.ctl.state
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "packs"
    assert results.winner_text == scene.adapter.final_caption()
    names = [seat.name for seat in config.seats]
    who = "A draw" if outcome.winner is None else f"{names[outcome.winner]} wins"
    assert results.winner_text.startswith(who)
    assert results.headers == ("Player", "Captured", "Set aside", "Far half")
    assert [row[-1] for row in results.rows] == [str(n) for n in game.far_counts()]
    assert [row[2] for row in results.rows] == [str(len(a)) for a in game.set_aside]
    assert person.revealed is None, "a hand-over screen was shown: nothing is hidden here"
    person.leave_results(scene)
