"""docs/rules.md is the rules the game plays, written from the games themselves."""
from pathlib import Path

from game.logic import cli
from game.logic.rules_doc import markdown
from game.logic.variants import VARIANTS

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def test_the_document_is_what_the_games_say():
    assert DOC.read_text(encoding="utf-8") == markdown(), \
        "docs/rules.md is stale: run python tools/regenerate.py"


def test_the_spanish_document_is_what_the_catalogue_says():
    """docs/es/rules.md, written by the same command in Spanish (the game's language the
    same afterwards)."""
    from game.i18n import current_language
    spanish = markdown("es")
    assert (DOC.parent / "es" / "rules.md").read_text(encoding="utf-8") == spanish, \
        "docs/es/rules.md is stale: run python tools/regenerate.py"
    assert current_language() == "en"
    assert "## Dominó clásico con robo (`classic`, de 2 a 4 jugadores)" in spanish
    assert "Cómo se anotan las jugadas y las partidas" in spanish


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


ROOT = DOC.parent.parent
RULEBOOK = "RULES" + ".md"     # a rulebook that is not in the repository (so spelt apart)
SKIPPED = {"build", "__pycache__"}      # what `pip install .` and Python leave behind


def repository_files(root: Path = ROOT) -> list[Path]:
    """The repository's files: all below `root` but hidden folders and build output."""
    found = []
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if any(p.startswith(".") or p in SKIPPED or p.endswith(".egg-info") for p in parts):
            continue
        if path.is_file():
            found.append(path)
    return found


def test_the_repository_stands_alone():
    text = markdown()
    assert "shared/" not in text and RULEBOOK not in text


def test_no_file_of_the_repository_cites_a_rulebook_outside_it():
    """The rules are docs/rules.md, cited by its sections' names ("docs/rules.md,
    Capture"); a file citing a rulebook the repository does not hold points nowhere."""
    files = repository_files()
    assert DOC in files and ROOT / "game" / "logic" / "core.py" in files
    citing = [str(f.relative_to(ROOT)) for f in files
              if RULEBOOK.encode() in f.read_bytes()]
    assert citing == []


def test_every_section_the_code_cites_is_in_the_document():
    text = DOC.read_text(encoding="utf-8")
    sections = tuple(line[3:].split(" (`")[0] for line in text.splitlines()
                     if line.startswith("## "))
    cited = []
    for path in repository_files():
        if path.suffix == ".py":
            words = " ".join(path.read_text(encoding="utf-8").replace("#", " ").split())
            cited += [(path.name, after[:40]) for after in words.split("docs/rules.md, ")[1:]
                      if after[:1].isupper()]       # (a lower-case word goes on the prose)
    assert len(cited) > 20
    assert [c for c in cited if not c[1].startswith(sections)] == []
