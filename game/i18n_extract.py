"""Babel's extractor for the words in data files (babel.cfg names it): the texts of the
lesson files (`levels/lessons/<game>/*.toml`), as the game shows them, for the template.

The game translates these texts where it shows them, by the English of the file: a
lesson's title with its spaces made single, its other texts as `prose` joins their lines.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterator

from game.logic.lessons.files import prose

LESSON_TEXTS = ("text", "goal", "hint", "explain", "wrong")


def lesson_texts(data: dict) -> Iterator[str]:
    """Every text of a parsed lesson file a player reads, as the game shows it."""
    title = data.get("title")
    if isinstance(title, str):
        yield " ".join(title.split())
    for table in [data] + [s for s in data.get("steps", []) if isinstance(s, dict)]:
        for key in LESSON_TEXTS:
            value = table.get(key)
            if isinstance(value, str) and value.strip():
                yield prose(value)


def extract_lessons(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """(line, function, text, comments) for each text of one lesson file."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for text in lesson_texts(tomllib.loads(source)):
        first = text.split("\n")[0].split(" ")[0]
        line = next((n for n, row in enumerate(lines, 1) if first and first in row), 1)
        yield line, "_", text, ["A lesson's text (levels/lessons)."]
