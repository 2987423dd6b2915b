"""A new game comes from its registry entry alone (docs/adding-a-game.md): Leap
(tests/leap_variant.py), registered for the test only, is offered by the menus, plays on
the board scene, is written and read back as records, is played by every computer level
and advised by the coach, is counted by the statistics and has its section in the rules
document, without a line of game/ naming it."""
from __future__ import annotations

import ast
import io
import json
import random
import textwrap
import tokenize
from pathlib import Path

import pytest

from game.logic import cli, levels
from game.logic.agents import make_agent
from game.logic.agents.coach import advise
from game.logic.lessons import checked_lesson, shown_answer
from game.logic.agents.hard import HardAgent
from game.logic.rules_doc import markdown
from game.logic.variants import (VARIANTS, VariantEntry, find_variant, new_game, registered,
                                 variant_names)
from game.play import statistics as stats, thinking
from game.shell.match.kinds import can_play
from game.shell.screens.setup import VariantSelectScene, start_choices
from game.shell.screens.title import VariantPickScene

from leap_variant import KNIGHT_RULE, NAME, RESERVED, LeapGame, leap_entry
import test_every_variant as every_variant
from test_shell_support import quiet_app
from test_stats import config, play_to_the_end


@pytest.fixture
def leap_levels(tmp_path):
    """Leap's level folder: one starting board, Capture's standard under its own name."""
    folder = tmp_path / "leap-levels"
    folder.mkdir()
    standard = (levels.LEVELS_ROOT / "open3" / "standard.toml").read_text(encoding="utf-8")
    (folder / "knights.toml").write_text(standard.replace('name = "Standard"',
                                                          'name = "Knights"'), encoding="utf-8")
    return folder


@pytest.fixture
def leap(leap_levels, monkeypatch):
    """Leap registered for the test; the computers think in this process (a worker
    process reads the shipped registry, which has no Leap)."""
    monkeypatch.setattr(thinking, "_pool", thinking.ThreadThinker())
    with registered(leap_entry(leap_levels)):
        yield leap_levels


def test_registered_adds_it_for_the_block_only(leap_levels):
    before = list(VARIANTS)
    with registered(leap_entry(leap_levels)):
        assert variant_names() == before + [NAME]
        assert find_variant(NAME) is LeapGame
        with pytest.raises(ValueError, match="already registered"):
            with registered(leap_entry(leap_levels)):
                pass
    assert list(VARIANTS) == before


def test_a_game_shipped_under_the_docs_example_name_leaves_the_test_its_own(leap_levels):
    """The checklist's example ships as `leap`; the test variant's name is one kept for
    tests (a `zz_` name, which no shipped game takes), so the two never clash."""
    assert not [name for name in VARIANTS if name.startswith(RESERVED)]
    shipped = VariantEntry("leap", "game.logic.elements.open3:CaptureGame", "board")
    with registered(shipped), registered(leap_entry(leap_levels)):
        assert find_variant(NAME) is LeapGame and NAME != "leap"


def test_its_level_folder_is_the_one_its_entry_names(leap):
    assert levels.layout_folder(NAME) == leap
    assert start_choices(LeapGame, "halves") == ([("knights", "Knights"), ("random", "Random")], [])
    game = new_game(NAME, 2, 1)
    capture = new_game("open3", 2, 1)
    assert game.board.texts() == capture.board.texts()        # the copy of the standard board
    assert "b1-c3" in [str(m) for m in game.legal_moves()]    # a knight's leap
    assert "b2-b3" not in [str(m) for m in game.legal_moves()]


def test_the_checklists_lesson_template_is_a_sound_lesson_of_it(leap, tmp_path):
    """Lessons are required (four at least): docs/adding-a-game.md shows the first of
    Leap's, which plays through its rules as it is written there."""
    doc = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    assert "at least four" in doc
    template = textwrap.dedent(doc.split("```toml\n")[1].split("```")[0])
    path = tmp_path / "01-leaping.toml"
    path.write_text(template.replace('variant = "leap"', f'variant = "{NAME}"'))
    lesson = checked_lesson(path, NAME)
    state = lesson.start()
    assert state.is_legal(shown_answer(state, lesson.steps[0]))


def test_a_set_no_level_is_made_for_starts_at_random_from_the_command_line(leap, capsys):
    """Its one board is made for the halves: the other sets start as the menu offers
    them, shuffled at random, from the command line too."""
    assert start_choices(LeapGame, "0-4") == ([("random", "Random")], [])
    for set_name in ("0-4", "0-5"):
        game = new_game(NAME, 2, 3, {"set": set_name})
        assert game.board.texts() == new_game(NAME, 2, 3, {"set": set_name,
                                                            "start": "random"}).board.texts()
        assert cli.main(["selfplay", NAME, "--option", f"set={set_name}", "--seed", "3"]) == 0
        assert json.loads(capsys.readouterr().out)["options"]["set"] == set_name


def test_the_rules_document_and_statistics_read_its_class(leap):
    text = markdown()
    assert f"## Leap (test) (`{NAME}`, 2 players)" in text and f"- Leap (test) (`{NAME}`)" in text
    assert f"| Leap (test) | {LeapGame.notation} |" in text
    assert "| `goal` |" in text.split("## Leap (test)")[1]
    # captures, or pips under Capture's pip goals: a score, as Capture's
    assert stats.score_kind(NAME) == ("score", False)
    for score in (2, 5, 3):
        stats.record_match(config(NAME), _outcome(score))
    record = stats.load()[0]["Ann", NAME, "greedy"]
    assert (record.games, record.best_score) == (3, 5)        # more is better


def _outcome(score):
    from game.logic.core import Outcome
    return Outcome((score, 0), 0, "no captures")


def test_it_keeps_the_every_variant_invariants(leap):
    """Every check of every position, in shorter games: ten quiet moves each end one
    (the default 40 let knights wander for hundreds of moves, each position's record
    replayed from the start)."""
    every_variant.test_random_games_keep_the_protocol(NAME, 2, {"limit": 10})


def test_its_refusals_speak_of_leaps(leap):
    game = new_game(NAME, 2, 1)
    assert game.illegal_reason("b2-b3") == KNIGHT_RULE
    assert game.illegal_reason("b1-d2") == "d2 is taken"
    assert every_variant.refusal_conflicts(["open3", "open1", NAME]) == []


def test_an_inherited_refusal_is_caught(leap_levels):
    """Leap written with the refusal Capture's class gives: a king's step refused as "an
    element moves one square", the very rule Capture refuses Leap's own moves with."""
    careless = RESERVED + "careless_leap"
    with registered(leap_entry(leap_levels, careless, "CarelessLeapGame")):
        found = every_variant.refusal_conflicts(["open3", careless])
    assert found and all("an element moves one square" in line for line in found)
    assert any(line.startswith(f"{careless} refuses") for line in found)


def test_records_and_the_command_line(leap, tmp_path, capsys):
    assert cli.main(["selfplay", NAME, "--ai", "greedy,random", "--seed", "3"]) == 0
    line = capsys.readouterr().out.strip()
    record = json.loads(line)
    assert record["variant"] == NAME
    assert find_variant(NAME).from_record(record).record() == record
    path = tmp_path / "leap.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    half = dict(record, moves=record["moves"][:5], result=None)
    del half["result"]
    path.write_text(json.dumps(half), encoding="utf-8")
    path = path.rename(tmp_path / "leap.json")
    assert cli.main(["legal", str(path)]) == 0
    game = LeapGame.from_record(half)
    assert capsys.readouterr().out.split()[-len(game.legal_moves()):] == \
        [str(m) for m in game.legal_moves()]


def test_every_computer_level_and_the_coach_play_it(leap):
    game = new_game(NAME, 2, 2)
    for _ in range(6):
        game.apply(random.Random(len(game.record()["moves"])).choice(game.legal_moves()))
    view = game.view(game.current_player)
    legal = [str(m) for m in game.legal_moves()]
    for agent in (make_agent("random"), make_agent("greedy"), HardAgent(iterations=50)):
        assert str(agent.choose(view, random.Random(1))) in legal
    advice = advise(view, seconds=None, iterations=200)
    assert advice.move in legal and advice.reason


def test_the_menus_offer_it_and_a_match_is_played_and_counted(leap, tmp_path):
    app = quiet_app(tmp_path)
    assert can_play(NAME)
    assert (NAME, LeapGame) in VariantSelectScene(app).variants
    rules = VariantPickScene(app, "Rules of which game?", lambda name: None)
    assert LeapGame.title in [w.label for w in rules.menu.widgets]
    scene = play_to_the_end(app, config(NAME), random.Random(2))
    assert type(scene.adapter).__module__ == "leap_variant"
    assert "leap like knights" in scene.adapter.goal_text()
    outcome = scene.ctl.state.outcome()
    record = stats.load()[0]["Ann", NAME, "greedy"]
    assert record.games == 1 and record.best_score == outcome.scores[0]


# --- no second list of variants --------------------------------------------------------
ROOT = Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "game" / "logic" / "variants.py"


def variants_named(source: str) -> set[str]:
    """The registered variants a Python source names as string literals (comments and
    words inside longer strings do not count)."""
    names = set(VARIANTS)
    found = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:
            try:
                value = ast.literal_eval(token.string)
            except (ValueError, SyntaxError):      # an f-string
                continue
            if value in names:
                found.add(value)
    return found


def test_the_name_finder_finds_a_list():
    source = 'HOOKS = {"classic": "x", "open3": "y"}  # "open4"\nif v == "open4": pass\n'
    assert variants_named(source) == {"classic", "open3", "open4"}
    assert variants_named('"""the classic game"""\nx = f"{v} open3"\n') == set()


def test_no_file_of_the_game_or_its_tools_but_the_registry_lists_variants():
    """A variant declares everything in its own files and its registry line: any other
    file naming three or more variants keeps a list that the next game would have to
    find and extend (the bench and the tools iterate the registry)."""
    paths = sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "tools").glob("*.py"))
    assert REGISTRY in paths
    for path in paths:
        if path != REGISTRY:
            named = variants_named(path.read_text(encoding="utf-8"))
            assert len(named) < 3, \
                f"{path.relative_to(ROOT)} names {sorted(named)}: read them from the registry"


def lists_of_variants(source: str) -> list[tuple[int, list[str]]]:
    """(line, names) of each list, tuple, set or dict of a Python source (with what it
    holds) that names more than half of the registered variants: a list of them, which
    the next game would have to join. A test of a few named games names fewer."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
            named = {n.value for n in ast.walk(node)
                     if isinstance(n, ast.Constant) and n.value in VARIANTS}
            if len(named) > len(VARIANTS) / 2:
                found.append((node.lineno, sorted(named)))
    return found


def test_the_list_finder_finds_a_list_of_most_games_and_passes_a_sample():
    most = ", ".join(f"({name!r}, {{}})" for name in list(VARIANTS)[:len(VARIANTS) // 2 + 1])
    assert lists_of_variants(f"GAMES = [{most}]") != []
    assert lists_of_variants('CASES = {"classic": 1, "open3": 2, "open4": 3}') == []


def test_no_test_keeps_a_list_of_variants():
    """The tests read the registry, and what each rules class declares, as the game does:
    a new game is tested everywhere without a test naming it."""
    paths = sorted((ROOT / "tests").rglob("*.py"))
    assert Path(__file__).resolve() in paths
    kept = {str(p.relative_to(ROOT)): found for p in paths
            if (found := lists_of_variants(p.read_text(encoding="utf-8")))}
    assert kept == {}
