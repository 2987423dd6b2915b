"""Babel's extractors for the words in data files (babel.cfg names them): the texts of the
lesson files (`levels/lessons/<game>/*.toml`), as the game shows them, and the name and
description of each shipped level (`levels/<game>/*.toml`), for the template.

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
    return _extract(fileobj, lesson_texts, "A lesson's text (levels/lessons).")


def level_texts(data: dict) -> Iterator[str]:
    """A level's name and description, as the setup and the editor show them."""
    for key in ("name", "description"):
        if isinstance(data.get(key), str) and data[key].strip():
            yield data[key]


def extract_levels(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """(line, function, text, comments) for the name and description of a level file."""
    return _extract(fileobj, level_texts, "A level's name or description (levels/).")


def _extract(fileobj, texts, comment: str) -> Iterator[tuple]:
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for text in texts(tomllib.loads(source)):
        first = text.split("\n")[0].split(" ")[0]
        line = next((n for n, row in enumerate(lines, 1) if first and first in row), 1)
        yield line, "_", text, [comment]
