"""Acceptance: whole Dominid games on the real application, from the title menu to the
final results, with only the keyboard or only the mouse (acceptance_support.Person), on
the small 10 x 10 table to keep them quick.

- One person against the computer by keyboard: tiles picked, turned and moved with keys,
  odds or evens chosen with Right and Enter, with O or with E; then Rematch.
- Two people on the couch by mouse: hand-overs clicked away, the opening arranged by
  clicking a preview, tiles placed with clicks and right clicks, odds or evens chosen by
  clicking a button; then Menu.
- The opening arranged by keyboard, by the person whose tile lost.
"""
from __future__ import annotations


import pygame
import pytest

import acceptance_support
from acceptance_support import Person, keep_global_random, play_board_turn, set_up  # noqa: F401
from game.shell.screens.results import ResultsScene
from game.shell.screens.title import TitleScene

DOMINID_FRAMES = 3000      # 28 tiles on a small table: about 30 turns


def set_up_dominid(person: Person, seats: dict) -> object:
    """Title -> Play -> Dominid, seats, the small layout -> Start."""
    scene = set_up(person, "Dominid", seats, {"Layout": "small"})
    assert (scene.geo.width, scene.geo.height) == (10, 10)
    return scene


class Declarations:
    """Plays a Dominid turn as the screen offers it: the opening when the person must
    arrange it (a preview picked by arrows or by the pointer), the odds-or-evens choice
    when it is due (alternating the ways a person may make it), else a placement."""

    def __init__(self, how: str | None = None, choice: int | None = None):
        self.how, self.choice = how, choice  # the way and the choice (None: at random)
        self.made = []                       # (seat, parity, how)
        self.arranged = []                   # (seat, arrangement text)

    def __call__(self, person: Person, scene) -> bool:
        if scene.over_for is None and scene.ctl.human_turn and scene.game.arranging:
            return self.arrange(person, scene)
        if scene.over_for is not None or not scene.ctl.human_turn or not scene.game.declaring:
            return play_board_turn(person, scene)
        player = scene.game.current_player
        choice = person.rng.randrange(2) if self.choice is None else self.choice
        how = "click" if person.mode == "mouse" else (
            self.how or person.rng.choice(["arrows", "letter"]))
        how = declare(person, scene, choice, how)
        self.made.append((player, ("odds", "evens")[choice], how))
        return True

    def arrange(self, person: Person, scene) -> bool:
        player, options = scene.game.current_player, scene.tool.picker.options()
        index = person.rng.randrange(len(options))
        arrange_opening(person, scene, index)
        self.arranged.append((player, str(options[index])))
        return True


def declare(person: Person, scene, choice: int, how: str = "arrows") -> str:
    """Choose odds (0) or evens (1) as the screen offers it: by keys (`how`: Left/Right
    and Enter, or the letter O or E) or by a click on its button; the way it was made."""
    player = scene.game.current_player
    panel, buttons = scene.tool.choice_rects()
    if person.mode == "keys":
        if how == "arrows":
            person.keys(pygame.K_RIGHT if choice else pygame.K_LEFT)
            assert scene.tool.choice == choice, "Left/Right did not move the choice"
            person.keys(pygame.K_RETURN)
        else:
            person.keys(pygame.K_e if choice else pygame.K_o)
    else:
        how = "click"
        person.hover(buttons[choice].center)
        assert scene.tool.choice == choice, "the choice did not follow the pointer"
        person.click(buttons[choice].center)
    parity = ("odds", "evens")[choice]
    assert scene.game.parities[player] == parity, f"{how} did not choose {parity}"
    played = scene.game.moves_played()
    assert (player, parity) in played
    if played[-1] == (player, parity):   # (a computer may answer within the frame)
        assert f"chose {parity}" in scene.ctl.caption
    return how


def arrange_opening(person: Person, scene, index: int) -> None:
    """Lay the opening preview `index` (of the picker's options): Right along the
    previews and Enter, or a click on its card."""
    player, picker = scene.game.current_player, scene.tool.picker
    options = picker.options()
    if person.mode == "keys":
        steps = (index - picker.focus) % len(options)
        person.keys(*[pygame.K_RIGHT] * steps)
        assert picker.focus == index, "Right did not move the focus along the previews"
        person.keys(pygame.K_RETURN)
    else:
        card = picker.layout()[1][index]
        person.hover(card.center)
        assert picker.focus == index, "the focus did not follow the pointer"
        person.click(card.center)
    played = scene.game.moves_played()
    assert (player, options[index]) in played, f"{options[index]} was not laid: " \
                                              f"{scene.ctl.caption}"


def check_end(scene, results: ResultsScene) -> None:
    game = scene.ctl.state
    assert game.is_over()
    outcome = game.outcome()
    view = game.view(0)
    points = view.cluster_points()
    assert results.headers == ("Player", "Cost", "Clusters", "Final")
    for p, row in enumerate(results.rows):
        final = view.costs[p] - points[p]
        assert row[1:] == (str(view.costs[p]), "0" if not points[p] else f"−{points[p]}",
                           str(final) if final >= 0 else f"−{-final}")
        assert final == outcome.scores[p]
    assert outcome.winner == (None if outcome.scores[0] == outcome.scores[1]
                              else 0 if outcome.scores[0] < outcome.scores[1] else 1)
    assert results.winner_text == scene.adapter.final_caption()
    assert len(view.placed) == 28


def play(tmp_path, monkeypatch, mode, seed, seats, turn):
    monkeypatch.setitem(acceptance_support.KEY_CHAR, pygame.K_o, "o")
    person = Person(tmp_path, monkeypatch, mode, seed)
    scene = set_up_dominid(person, seats)
    results = person.play_match(turn, DOMINID_FRAMES)
    check_end(scene, results)
    assert set(person.shown) == set(person.humans), "a human's hand was never drawn face up"
    return person, scene, turn


@pytest.mark.parametrize("how, choice", [("arrows", 1), ("letter", 0), ("letter", 1)],
                         ids=["right-enter", "O", "E"])
def test_dominid_against_the_computer_by_keyboard_only(tmp_path, monkeypatch, how, choice):
    """The person begins (seed 4) once the computer has arranged the opening, and chooses
    by Right and Enter, by O or by E (E also reads the standing aloud: the choice is made
    all the same)."""
    turn = Declarations(how, choice)
    person, scene, turn = play(tmp_path, monkeypatch, "keys", 4, {1: "greedy"}, turn)
    assert person.humans == (0,)
    played = scene.ctl.state.moves_played()
    assert played[0][0] == 1 and str(played[0][1]).startswith("arrange"), \
        "the computer did not arrange the opening"
    assert played[1][0] == 0, "the person did not begin"
    assert turn.made == [(0, ("odds", "evens")[choice], how)]
    person.press("Rematch")
    again = person.match_scene()
    assert again is not None and again is not scene and not again.ctl.state.is_over()


def test_dominid_on_the_couch_by_mouse_only(tmp_path, monkeypatch):
    person, scene, turn = play(tmp_path, monkeypatch, "mouse", 6, {1: "human"}, Declarations())
    assert person.humans == (0, 1)
    assert len(turn.made) == 1 and turn.made[0][2] == "click"
    assert len(turn.arranged) == 1 and turn.arranged[0][0] != turn.made[0][0]
    person.press("Menu")
    assert isinstance(person.top, TitleScene) and person.match_scene() is None


def test_the_person_whose_tile_lost_arranges_the_opening_by_keyboard(tmp_path, monkeypatch):
    """Seed 2: the computer's tile wins, so the person lays the opening first."""
    person, scene, turn = play(tmp_path, monkeypatch, "keys", 2, {1: "greedy"},
                               Declarations("arrows", 0))
    assert scene.ctl.state.first == 1
    assert turn.arranged and turn.arranged[0][0] == 0 and not turn.made
    assert scene.ctl.state.moves_played()[1][0] == 1, "the computer did not begin"
