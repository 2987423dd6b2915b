"""Rewrite every generated file that follows from the games: docs/rules.md (each game's
rules text, options and notation), the same in every language with a catalogue
(docs/<code>/rules.md, docs/es/rules.md for Spanish) and the stored playthroughs in
tests/playthroughs/.

    python tools/regenerate.py               # after changing a rule, a default or a game
    python tools/regenerate.py open3 leap    # the playthroughs of these variants only

Then read the diff: only the games you changed should move.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "playthroughs"))

import regenerate as playthroughs  # noqa: E402  (tests/playthroughs/regenerate.py)

from game.i18n import ENGLISH, available_languages  # noqa: E402
from game.logic.core import OptionError  # noqa: E402
from game.logic.rules_doc import markdown  # noqa: E402
from game.logic.variants import variant_entry, variant_names  # noqa: E402

RULES_DOC = ROOT / "docs" / "rules.md"


def translated_doc(code: str) -> Path:
    """docs/<code>/rules.md: the rules in the language `code`."""
    return RULES_DOC.parent / code / RULES_DOC.name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", help="playthroughs of these variants only "
                                                    "(default: every registered variant)")
    args = parser.parse_args(argv)
    try:
        names = [variant_entry(name).name for name in args.variants] or variant_names()
    except OptionError as error:
        print(f"regenerate: {error}", file=sys.stderr)
        return 2
    RULES_DOC.write_text(markdown(), encoding="utf-8")
    print(f"{RULES_DOC.relative_to(ROOT)}: rewritten")
    for code in available_languages():
        if code != ENGLISH:
            path = translated_doc(code)
            path.parent.mkdir(exist_ok=True)
            path.write_text(markdown(code), encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: rewritten")
    playthroughs.main(names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
