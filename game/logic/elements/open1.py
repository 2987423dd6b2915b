"""Test element, open-board game 1: move your elements one square at a time and land a
numbered one on your opponent's face-down test element (docs/rules.md, Test element)."""
from __future__ import annotations

from game.i18n import N_, _

from typing import ClassVar

from ..options import Option, Options
from .board import SHAPE
from .game import MovingGame, limit_option, start_option
from .view import pull_to_test_element

# Games 1 and 3 share their first paragraphs (each rules text is one text to translate).
RULES_TEXT = N_("""\
Test element is played by two players on an 8x8 board. Each has 16 elements (dominoes \
standing upright on one square each) on their two home ranks: the south player on ranks \
1-2, the north player on ranks 7-8. The two groups come from one set of 32 (the 28 tiles \
and a second 0-0, 2-2, 4-4 and 6-6), 96 pips each. Each player's 0-0 lies face down: it \
is the test element.

On your turn move one of your elements one square in any of the eight directions to an \
empty square. Elements do not turn: the south player's elements show their upper number \
toward the north player and the other way round.

Two elements touch only when they stand one behind the other on the same file; side by \
side and corner to corner do not count. When the element you move comes to touch an \
opponent's element and the two touching numbers are equal, that opponent's element is \
removed: one to the north and one to the south can go in the same move. Equal numbers \
between your own elements do nothing. A test element has no numbers: it neither removes \
nor is removed.

You win at once by moving one of your numbered elements onto your opponent's test \
element; that is the only move onto a square that is not empty. Your test element moves \
like the others but never onto another element, not even onto your opponent's test \
element. If you cannot move, you pass. After the limit of moves each without a removal \
(40 each unless chosen otherwise, passes included) the game is drawn. The score shown is \
the elements each player has removed.

Options: set (halves: the two groups of 96 pips; 0-4 or 0-5: each player has their own \
reduced set, numbers 0 to 4 with two 0-0s, or 0 to 5 on three home ranks; one 0-0 is the \
test element), limit, start (a starting board from the levels folder, or random: the \
groups shuffled on the home ranks, the test element on the back rank).""")


class TestElementGame(MovingGame):
    __test__ = False        # a game, not a pytest test class despite its name
    variant = "open1"
    title = N_("Test element")
    notation = N_("from and to squares, `c2-c3`")
    score_counts = N_("captures")
    how_to_win = (
        N_("Move an element so that it comes to touch an opponent's on the same file "
        "with equal facing numbers, and that element is removed. You win by moving a "
        "numbered element onto your opponent's face-down test element."))
    rules_text = RULES_TEXT
    sets = ("halves", "0-4", "0-5")
    test_elements = True
    pass_when_stuck = True
    options_declared: ClassVar[Options] = (
        Option("set", "halves", N_("the elements: halves of one set of 32, or a reduced set "
                                "each"), choices=sets),
        limit_option(),
        start_option(),
    )

    def landing_win(self, element, other) -> str | None:
        """A numbered element wins by landing on the opponent's test element (the source:
        test elements "can not be imposed on other dominoes elements")."""
        if other.face_down and not element.face_down and other.owner != element.owner:
            return "test element"
        return None

    def taken_refusal(self, element, target, square: int) -> str:
        if element.face_down:
            return _("a test element never lands on another element, not even on your "
                     "opponent's test element")
        if target.face_down:
            return _("{square} holds your own test element").format(square=SHAPE.names[square])
        return _("{square} is taken: only an opponent's test element may be landed on").format(
            square=SHAPE.names[square])

    def view_facts(self) -> dict:
        return {"goal": "test element"}

    def aims(self, me: int) -> float:
        return pull_to_test_element(self, me)
