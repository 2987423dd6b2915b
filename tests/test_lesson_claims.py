"""What a lesson's words say the board shows is checked against the board by `lessons
--check`: "the 6 on f4" where f4 shows a 4 is a fault named by file and line, and so is
"your 2-0 on d1" where d1 holds the 0-0; a square or tile the answer puts there is fine."""
from __future__ import annotations

from game.logic.lessons import lesson_faults, load_lesson
from game.logic.lessons.claims import claims, holds
from game.logic.variants import new_game

from test_lessons import write

DOMINOX = '''title = "Laying"
text = "Words."
goal = "Lay your 3-6 so that its 6 touches the 6 on f5."
answers = ["3-6@e6f6"]
hint = "The 6 goes beside f5: the 6-3 on e6 and f6, say."
explain = "Its 6 touches the 6 on f5."
wrong = "The 3-6 was to touch the 6 on f5."

variant = "dominox"
layout = "standard"
placed = ["4-4@d4e4", "4-6@f4f5"]
hands = [["0-1", "1-3", "2-5", "3-6", "0-5", "1-1", "2-2", "5-5"],
         ["0-2", "0-6", "1-2", "1-6", "2-3", "3-3", "3-5", "6-6"]]
stock = ["0-0", "0-3", "0-4", "1-4", "1-5", "2-4", "2-6", "3-4", "4-5", "5-6"]
to_move = 0
passes = 0
'''


def test_claims_are_found_in_words():
    found = [(c.squares, c.numbers) for c in claims(
        "Capture North's 4-6 on d5: the 2 of i8 and the 6 on f5; your element on c3 "
        "shows 4; the 5 of your element on e3; the 2-5 on j8 and j9.")]
    assert found == [(("d5",), (4, 6)), (("j8", "j9"), (2, 5)), (("e3",), (5,)),
                     (("c3",), (4,)), (("i8",), (2,)), (("f5",), (6,))]


def test_a_sound_text_passes_and_a_wrong_square_is_a_fault(tmp_path):
    good = write(tmp_path, "dominox", "01-good.toml", DOMINOX)
    assert lesson_faults(load_lesson(good, "dominox")) == []
    bad = write(tmp_path, "dominox", "02-bad.toml",
                DOMINOX.replace("touch the 6 on f5.", "touch the 6 on f4."))
    faults = [str(f) for f in lesson_faults(load_lesson(bad, "dominox"))]
    assert faults == [f"{bad}:7: step 1: the wrong names '6 on f4', which is not on the "
                      "board"]


def test_an_element_must_show_both_its_numbers():
    state = new_game("open3", 2, 1)
    view = state.view(0)
    square = next(name for name in ("d1", "c1", "a1") if view.element_at(name) is not None)
    element = view.element_at(square)
    right, wrong = claims(f"your {element.south}-{element.north} on {square}; "
                          f"your {(element.south + 1) % 7}-{element.north} on {square}")
    assert holds(state, right) and not holds(state, wrong)
