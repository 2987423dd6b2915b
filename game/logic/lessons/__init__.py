"""Lessons: short steps on a real position, each asking for one move (files.py reads
them, check.py judges answers and checks a lesson through the rules). No pygame."""
from __future__ import annotations

from ..core import DominoError
from .check import accepted_moves, accepts, lesson_faults, shown_answer
from .conditions import Condition
from .files import (LESSONS_ROOT, Lesson, LessonEntry, Step, lesson_files, lesson_folder,
                    load_lesson, shown_path)

__all__ = ["LESSONS_ROOT", "Condition", "Lesson", "LessonEntry", "Step", "accepted_moves",
           "accepts", "checked_lesson", "lesson_faults", "lesson_files", "lesson_folder",
           "list_lessons", "load_lesson", "shown_answer"]


def checked_lesson(path, variant: str) -> Lesson:
    """The lesson at `path`, read and played through; its first fault is raised."""
    lesson = load_lesson(path, variant)
    faults = lesson_faults(lesson)
    if faults:
        raise faults[0]
    return lesson


def list_lessons(variant: str, folder=None) -> list[LessonEntry]:
    """Every lesson file of the variant in order, each loaded and checked, or with the
    one-line error that leaves it out of play."""
    entries = []
    for path in lesson_files(variant, folder):
        try:
            lesson = checked_lesson(path, variant)
            entries.append(LessonEntry(path.stem, shown_path(path), lesson, None))
        except DominoError as exc:
            entries.append(LessonEntry(path.stem, shown_path(path), None, str(exc)))
    return entries
