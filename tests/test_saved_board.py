"""A saved match, a hosted match and a game record carry the board they are played on:
a match begun on one of the player's own levels resumes and replays the same after that
level is changed and after it is deleted, for every game with level files; a tampered
board in a save is refused in one line, and a record that only names its level (written
before records carried their board) still loads."""
import json
import random

import pytest

from game.logic.core import DominoError
from game.logic.levels import layout_folder, own_folder
from game.logic.records import replay_record
from game.logic.variants import VARIANTS, find_variant, new_game
from game.play import saves
from game.play.config import MatchConfig, Seat
from game.server import saving

LEVEL_VARIANTS = [name for name, entry in VARIANTS.items() if entry.levels]
# What changes each level so that the saved moves no longer fit it: a board game's
# first rank blocked (a Dominid table's first two, so the middle stays open), an element
# game's two back ranks swapped.
CHANGED_GRID_ROWS = 2


def own_level(variant) -> tuple[str, dict]:
    """A copy of the variant's standard level among the player's own, and the options that
    play on it."""
    folder = own_folder(variant)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.toml").write_text((layout_folder(variant) / "standard.toml").read_text())
    cls = find_variant(variant)
    declared = {o.name for o in cls.options_declared}
    return "mine", {"layout" if "layout" in declared else "start": "mine"}


def changed(variant) -> None:
    """The own level changed so that the board it draws is another one."""
    path = own_folder(variant) / "mine.toml"
    lines = path.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if line.rstrip().endswith('"""')) + 1
    rows = lines[first:first + 8]
    if "." in rows[0] and " " not in rows[0]:          # a grid: its top ranks blocked
        for i in range(CHANGED_GRID_ROWS):
            lines[first + i] = "#" * len(rows[i])
    else:                                              # elements: the back ranks swapped
        lines[first], lines[first + 1] = lines[first + 1], lines[first]
        lines[first + 6], lines[first + 7] = lines[first + 7], lines[first + 6]
    path.write_text("\n".join(lines) + "\n")


def played(variant, options, moves=6):
    state = new_game(variant, seed=11, options=options)
    rng = random.Random(3)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def config_of(variant, options, state):
    seats = (Seat("Ann"),) + tuple(Seat(f"C{i}", "computer", "greedy")
                                   for i in range(1, state.players))
    return MatchConfig(variant, seats, options, state.seed)


@pytest.mark.parametrize("variant", LEVEL_VARIANTS)
def test_a_match_on_an_own_level_resumes_the_same_after_it_changes_and_goes(variant):
    _, options = own_level(variant)
    state = played(variant, options)
    record = state.record()
    saves.write_save(config_of(variant, options, state), state)
    for step in (changed, lambda v: (own_folder(v) / "mine.toml").unlink()):
        step(variant)
        resumed = saves.read_save()
        assert resumed.state.record() == record
        assert resumed.state.position_text() == state.position_text()
        again = replay_record(find_variant(variant), json.loads(json.dumps(record)))
        assert again.record() == record


@pytest.mark.parametrize("variant", ["dominox", "open54", "dominid"])
def test_a_record_that_only_names_its_level_still_loads_by_name(variant):
    state = played(variant, {})
    record = state.record()
    assert isinstance(record.pop("grid"), str)
    assert replay_record(find_variant(variant), record).position_text() == \
        state.position_text()


@pytest.mark.parametrize("variant", ["dominox", "open54", "dominid"])
def test_a_save_with_a_tampered_board_is_refused_in_one_line(variant):
    state = played(variant, {})
    saves.write_save(config_of(variant, {}, state), state)
    path = saves.save_path()
    record = json.loads(path.read_text())
    rows = record["grid"].split("\n")
    rows[2] = rows[2][:-1] + "x"
    record["grid"] = "\n".join(rows)
    path.write_text(json.dumps(record))
    with pytest.raises(saves.DamagedSave) as refused:
        saves.read_save()
    message = str(refused.value)
    assert "\n" not in message and message.startswith("bad grid: row 3: unknown character 'x'")


def test_a_record_grid_that_is_no_text_or_too_big_is_refused():
    state = played("dominox", {})
    for grid in (7, "." * 10_000):
        record = dict(state.record(), grid=grid)
        with pytest.raises(DominoError, match="bad grid: the board is drawn as text"):
            replay_record(find_variant("dominox"), record)


def test_a_hosted_match_on_an_own_level_resumes_after_the_level_is_deleted(tmp_path):
    _, options = own_level("dominox")
    state = played("dominox", options)
    config = config_of("dominox", options, state)
    record = saves.save_record(config, state)
    record[saves.HEADER_KEY][saving.NETWORK_KEY] = {"code": "ABCDEF", "tokens": ["", ""],
                                                   "here": [True, False]}
    path = tmp_path / "hosted-5000.json"
    path.write_text(json.dumps(record))
    (own_folder("dominox") / "mine.toml").unlink()
    try:
        hosted = saving.read_hosted(path)
    except saves.DamagedSave as problem:     # a code of another alphabet: make one it takes
        pytest.fail(str(problem))
    assert hosted.saved.state.record() == state.record()


@pytest.mark.parametrize("variant", ["dominox", "open54", "dominid"])
def test_the_hard_computer_plays_on_a_resumed_match_whose_level_changed_and_went(variant):
    """Hard deals its imagined hands on the board the view shows, never on the level file
    read again; a position written then holds that board and reads back."""
    from game.logic.agents import make_agent
    _, options = own_level(variant)
    state = played(variant, options)
    saves.write_save(config_of(variant, options, state), state)
    for step in (changed, lambda v: (own_folder(v) / "mine.toml").unlink()):
        step(variant)
        resumed = saves.read_save().state
        hard = make_agent("hard", iterations=20)
        move = hard.choose(resumed.view(resumed.current_player), random.Random(1))
        assert move in resumed.legal_moves()
        text = resumed.position_text()
        assert "grid" in text
        assert find_variant(variant).position_from_text(text).position_text() == text
