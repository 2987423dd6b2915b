"""The catalogues (issue 48): the template holds every text the code and the translated
lesson files mark (extracted afresh, it matches the committed one), Spanish is complete
(every entry and every plural form translated, none fuzzy, each keeping the placeholders
of its English), every character it uses is in the game's font, and the catalogue
compiles to what gettext reads."""
from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from game.i18n import LOCALE_DIR, TEMPLATE, catalogue_paths, compile_catalogue

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"(?<!\{)\{\w*(?:[:!][^{}]*)?\}(?!\})")   # {name}, not {{ }}
# Portuguese and French next: their letters must draw too.
NEXT_LANGUAGES = "ãõçéèêœÃÕÇÉÈÊŒàâîôûëïü«»"


def catalogue(path: Path):
    with open(path, "rb") as file:
        return read_po(file)


def ids(catalog) -> set:
    return {message.id if isinstance(message.id, str) else tuple(message.id)
            for message in catalog if message.id}


def test_the_template_is_what_pybabel_extracts(tmp_path, monkeypatch):
    """`pybabel extract` (README) run now finds the texts of the committed template."""
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    out = tmp_path / "fresh.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", "babel.cfg", "-o", str(out),
                                "--no-wrap", "--sort-by-file", "."])
    fresh, committed = ids(catalogue(out)), ids(catalogue(TEMPLATE))
    assert fresh - committed == set(), "texts missing from the template: pybabel extract"
    assert committed - fresh == set(), "texts the code no longer has: pybabel extract"


@pytest.mark.parametrize("code", ["es"])
def test_the_catalogue_is_complete(code):
    po = catalogue(catalogue_paths(code)[0])
    template = ids(catalogue(TEMPLATE))
    assert ids(po) == template, "pybabel update brings the catalogue to the template"
    untranslated = [m.id for m in po if m.id and (
        not all(m.string) if isinstance(m.string, tuple) else not m.string)]
    assert untranslated == []
    assert [m.id for m in po if m.id and m.fuzzy] == []
    translated = sum(1 for m in po if m.id) - len(untranslated)
    assert translated == len(template)          # 100%


@pytest.mark.parametrize("code", ["es"])
def test_every_translation_keeps_its_placeholders(code):
    wrong = []
    for message in catalogue(catalogue_paths(code)[0]):
        if not message.id:
            continue
        if isinstance(message.id, str):
            if set(PLACEHOLDER.findall(message.string)) != set(PLACEHOLDER.findall(message.id)):
                wrong.append((message.id, message.string))
            continue
        english = set(PLACEHOLDER.findall(message.id[1])) | set(
            PLACEHOLDER.findall(message.id[0]))
        for form in message.string:              # a singular may leave out the count
            if not set(PLACEHOLDER.findall(form)) <= english:
                wrong.append((message.id, form))
        if set(PLACEHOLDER.findall(message.string[-1])) != set(
                PLACEHOLDER.findall(message.id[1])):
            wrong.append((message.id, message.string[-1]))
    assert wrong == []


def test_every_letter_of_the_catalogues_is_in_the_font():
    import pygame

    from game.shell.frame import theme
    pygame.font.init()
    letters = set(NEXT_LANGUAGES)
    for po in LOCALE_DIR.glob("*/LC_MESSAGES/*.po"):
        for message in catalogue(po):
            strings = message.string if isinstance(message.string, tuple) else (
                message.string,)
            letters |= {c for text in strings for c in text if not c.isascii()}
    missing = {c for c in letters if c.isprintable() and not c.isspace()
               and not all(theme._has_glyph(theme.font(30, bold), c) for bold in (False, True))}
    assert missing == set()


@pytest.mark.parametrize("code", ["es"])
def test_the_catalogue_compiles_to_what_gettext_reads(code):
    data = compile_catalogue(catalogue_paths(code)[0])
    assert data is not None
    translation = gettext.GNUTranslations(io.BytesIO(data))
    assert translation.gettext("Play") == "Jugar"
    assert translation.ngettext("{count} tile", "{count} tiles", 3) == "{count} fichas"
    assert translation.ngettext("{count} tile", "{count} tiles", 1) == "{count} ficha"
