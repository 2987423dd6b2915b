"""Lesson files and their check, without pygame: every game has at least four sound
lessons and a lesson of its own for each option that changes play; `python -m game.logic
lessons --check` passes on the shipped lessons and names file and line of every fault
(a broken file is listed with its error, never raised); the named conditions judge moves
as the game itself counts them."""
from __future__ import annotations

import pytest

from game.logic import cli
from game.logic.core import FileFormatError
from game.logic.lessons import (accepted_moves, accepts, lesson_faults, list_lessons,
                                load_lesson, shown_answer)
from game.logic.lessons import files as lesson_files_module
from game.logic.lessons.conditions import Condition
from game.logic.options import resolve_options
from game.logic.variants import find_variant, variant_names


def sound_lessons(variant):
    entries = list_lessons(variant)
    assert all(e.error is None for e in entries), [e.error for e in entries if e.error]
    return [e.lesson for e in entries]


def test_the_command_checks_every_lesson_and_prints_a_line_per_game(capsys):
    assert cli.main(["lessons", "--check"]) == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert [line.split(":")[0] for line in lines] == variant_names()
    for line in lines:
        sound, total = (int(n) for n in line.split(": ")[1].split(" lessons")[0].split(" of "))
        assert sound == total >= 4, line
    assert out.err == ""


@pytest.mark.parametrize("variant", variant_names())
def test_every_game_has_four_lessons_numbered_in_order(variant):
    lessons = sound_lessons(variant)
    assert len(lessons) >= 4
    assert [lesson.number for lesson in lessons] == list(range(1, len(lessons) + 1))


@pytest.mark.parametrize("variant", variant_names())
def test_each_option_that_changes_play_has_a_lesson(variant):
    """The options that change how a game is played (each on/off option, and those that
    say `changes_play`) each have a lesson of their own."""
    cls = find_variant(variant)
    defaults = resolve_options(cls.options_declared, {}, variant)
    changed = set()
    for lesson in sound_lessons(variant):
        options = lesson.start().options
        changed |= {name for name, value in options.items() if value != defaults[name]}
    assert {o.name for o in cls.options_declared if o.plays_differently()} <= changed


@pytest.mark.parametrize("variant", variant_names())
def test_every_hint_lights_an_accepted_legal_answer(variant):
    for lesson in sound_lessons(variant):
        state = lesson.start()
        for index, step in enumerate(lesson.steps):
            if step.reply is not None:
                state.apply(step.reply)
            if step.closing:
                break
            move = shown_answer(state, step)
            assert move is not None and state.is_legal(move), (lesson.path, index)
            assert accepts(state, step, move), (lesson.path, index)
            state.apply(move)


# --- the conditions, against what the games themselves count ----------------------------------
def lesson(variant, name):
    return load_lesson(lesson_files_module.lesson_folder(variant) / f"{name}.toml", variant)


def test_captures_accepts_exactly_the_moves_that_remove_an_opponents_element():
    step = lesson("open3", "02-capture").steps[0]
    state = lesson("open3", "02-capture").start()
    captures = Condition.parse("captures")
    north = sum(1 for text in state.view(0).board if text and text.split(":")[1] == "1")
    for move in state.legal_moves():
        state.apply(move)
        left = sum(1 for text in state.view(0).board if text and text.split(":")[1] == "1")
        state.undo()
        assert captures.met(state, move) == (left < north), move
    assert [str(m) for m in accepted_moves(state, step)] == ["c3-d4"]


def test_scores_at_least_reads_the_territory_the_board_would_score():
    state = lesson("dominox", "03-territory").start()
    condition = Condition.parse("scores_at_least:25")
    for move in state.legal_moves():
        state.apply(move)
        white = sum(r.points for r in state.territory() if r.winner == 0)
        state.undo()
        assert condition.met(state, move) == (white >= 25), move


def test_wins_and_costs_follow_the_outcome_and_the_costs():
    state = lesson("open1", "03-reach-it").start()
    wins = Condition.parse("wins")
    for move in state.legal_moves():
        state.apply(move)
        won = state.outcome() is not None and state.outcome().winner == 0
        state.undo()
        assert wins.met(state, move) == won
    state = lesson("dominid", "02-bordering").start()
    cheap = Condition.parse("costs_at_most:2")
    for move in state.legal_moves():
        before = state.view(0).costs[0]
        state.apply(move)
        paid = state.view(0).costs[0] - before
        state.undo()
        assert cheap.met(state, move) == (paid <= 2)


@pytest.mark.parametrize("text, words", [
    ("capture", "unknown condition 'capture'"), ("wins:2", "wins takes no number"),
    ("scores_at_least", "needs a number"), ("captures:x", "needs a whole number"),
    (3, "a condition is a name")])
def test_a_condition_written_wrong_says_why(text, words):
    with pytest.raises(ValueError, match=words):
        Condition.parse(text)


def test_a_condition_the_game_cannot_judge_is_a_fault(tmp_path):
    path = write(tmp_path, "classic", "01-x.toml", CLASSIC.replace(
        'answers = ["3-6R"]', 'condition = "captures"'))
    faults = lesson_faults(load_lesson(path, "classic"))
    assert [str(f) for f in faults] == [f"{path}:4: condition captures: nothing is captured "
                                        "in this game"]


# --- broken files -------------------------------------------------------------------------------
CLASSIC = '''title = "A lesson"
text = "Words."
goal = "Play the 3-6."
answers = ["3-6R"]
explain = "Done."

variant = "classic"
players = 2
line = ["5|4", "4|3"]
hands = [["0-0", "0-2", "1-1", "2-6", "3-6", "5-6"], ["0-1", "1-4", "1-5", "2-2", "3-3", "6-6"]]
stock = ["0-3", "0-4", "0-5", "0-6", "1-2", "1-3", "1-6", "2-3", "2-4", "2-5", "3-5", "4-4",
         "4-6", "5-5"]
to_move = 0
'''
STEP = '''
[[steps]]
reply = "6-6R"
goal = "Again."
answers = ["5-6L"]
explain = "Done again."
'''


def write(root, variant, name, text):
    folder = root / variant
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)
    return folder / name


@pytest.mark.parametrize("name, text, line, words", [
    ("01-toml.toml", CLASSIC.replace('goal = "Play the 3-6."', 'goal = "Play'), 3,
     "not valid TOML"),
    ("01-key.toml", CLASSIC.replace('explain = "Done."', 'explian = "Done."'), 5,
     "unknown key 'explian'"),
    ("01-goal.toml", CLASSIC.replace('goal = "Play the 3-6."\n', ""), None, "missing 'goal'"),
    ("01-answer.toml", CLASSIC.replace('["3-6R"]', '["3-6L"]'), 4,
     "the answer '3-6L' is not legal here"),
    ("01-condition.toml", CLASSIC.replace('answers = ["3-6R"]', 'condition = "win"'), 4,
     "unknown condition 'win'"),
    ("01-position.toml", CLASSIC.replace('"0-0", "0-2"', '"0-0", "0-0"'), 10,
     "appears twice"),
    ("01-reply.toml", CLASSIC + STEP.replace('"6-6R"', '"6-6L"'), 16, "the reply '6-6L' is "
                                                                      "not legal"),
    ("01-step.toml", CLASSIC + STEP.replace('answers = ["5-6L"]', 'answers = ["2-2R"]'), 18,
     "step 2: the answer '2-2R' is not legal"),
    ("01-closing.toml", CLASSIC + STEP.replace('goal = "Again."\nanswers = ["5-6L"]\n', "")
     + STEP, 16, "only the last step may be a reply alone"),
    ("1-name.toml", CLASSIC, None, "two digits, a dash and a name"),
])
def test_a_broken_lesson_is_listed_with_its_file_and_line(tmp_path, name, text, line, words):
    path = write(tmp_path, "classic", name, text)
    good = write(tmp_path, "classic", "02-good.toml", CLASSIC)
    entries = list_lessons("classic", tmp_path / "classic")
    broken = next(e for e in entries if e.name == path.stem)
    assert broken.lesson is None and words in broken.error, broken.error
    where = f"{path}:{line}:" if line else f"{path}:"
    assert broken.error.startswith(where), broken.error
    assert next(e for e in entries if e.name == good.stem).lesson is not None


def test_the_check_command_names_each_fault_and_fails(tmp_path, monkeypatch, capsys):
    write(tmp_path, "classic", "01-good.toml", CLASSIC)
    bad = write(tmp_path, "classic", "02-bad.toml", CLASSIC.replace('["3-6R"]', '["3-6L"]'))
    monkeypatch.setattr(lesson_files_module, "LESSONS_ROOT", tmp_path)
    assert cli.main(["lessons", "classic", "--check"]) == cli.EXIT_WRONG_GAME
    out = capsys.readouterr()
    assert out.out == "classic: 1 of 2 lessons sound\n"
    assert out.err.startswith(f"{bad}:4: step 1: the answer '3-6L' is not legal here")
    assert cli.main(["lessons", "nowhere"]) == cli.EXIT_BAD_INPUT


def test_a_lesson_text_too_long_for_the_panel_is_refused(tmp_path):
    path = write(tmp_path, "classic", "01-long.toml",
                 CLASSIC.replace('text = "Words."', f'text = "{"word " * 300}"'))
    with pytest.raises(FileFormatError, match=r"01-long.toml:2: text is 1,500 characters"):
        load_lesson(path, "classic")
