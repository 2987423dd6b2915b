"""Shift's Hard judgement (open-board game 10): a front element races only up a file
the opponent leaves open. Judged otherwise, Hard moved its home elements off the files
the opponent raced up, and lost those races."""
from __future__ import annotations

from game.logic.elements.shift_hard import _race, evaluate

from test_open10 import at

# North's column on b: b5 (3 ranks advanced) with b6 behind it, shows 2 forward; its
# 4-2 spare can follow it (its 2 meets b5's 2). South's element stands on a1 or on b2.
NORTH = ("b6:1:5-1", "b5:1:2-5", "h8:1:2-4")


def test_a_front_behind_an_opponents_element_races_nowhere():
    clear = at("a1:0:0-0", *NORTH)
    blocked = at("b2:0:0-0", *NORTH)
    assert _race(clear, 1)[0] > 0               # b5 runs down an open file
    assert _race(blocked, 1)[0] < _race(clear, 1)[0]
    assert evaluate(blocked, 0) > evaluate(clear, 0)   # for South, blocking is better


def test_an_own_element_further_up_is_no_block():
    # North's own element on b2 is a front itself (nothing of South's below it)
    alone = at("a1:0:0-0", "b6:1:5-1", "b5:1:2-5", "h8:1:2-4")
    ahead = at("a1:0:0-0", "b6:1:5-1", "b5:1:2-5", "b2:1:2-4")
    assert _race(ahead, 1)[0] >= _race(alone, 1)[0]
