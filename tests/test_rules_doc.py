"""docs/rules.md is the rules the game plays, written from the games themselves."""
from pathlib import Path

from game.logic import cli
from game.logic.rules_doc import markdown
from game.logic.variants import VARIANTS

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def test_the_document_is_what_the_games_say():
    assert DOC.read_text(encoding="utf-8") == markdown(), \
        "docs/rules.md is stale: run python tools/regenerate.py"


def test_every_variant_has_its_section_options_and_notation():
    text = markdown()
    for name, entry in VARIANTS.items():
        cls = entry.load()
        assert f"## {cls.title} (`{name}`" in text
        assert cls.notation and f"| {cls.title} | {cls.notation} |" in text, \
            f"{name}'s rules class declares no notation"
        for option in cls.options_declared:
            assert f"| `{option.name}` |" in text


def test_the_rules_command_prints_it(capsys):
    assert cli.main(["rules"]) == 0
    assert capsys.readouterr().out == markdown()


def test_the_repository_stands_alone():
    text = markdown()
    assert "shared/" not in text and "RULES.md" not in text


def test_the_rules_screens_say_where_a_source_was_read_one_way():
    """Choices where a source is ambiguous are said on the rules screen."""
    spread, dominid, blank = (VARIANTS[n].load().rules_text for n in ("open54", "dominid",
                                                                      "blank"))
    assert "nothing may touch a face-down double" in spread
    assert '"greater than 3"' in dominid and "counts three or more, never two" in dominid
    assert "arrange" in dominid and "fixed" in dominid
    assert "may play again" in blank and "stop" in blank
    assert "nobody is ever without a move" in blank
