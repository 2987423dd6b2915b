"""The options as a person meets them: each option's name, and the words of its values,
as the setup shows them (the rules screen says them so too)."""
from __future__ import annotations

from collections.abc import Iterable

from game.i18n import N_


def option_choices(option) -> list[tuple[object, str]]:
    """The values the setup screen offers for a declared option, as (value, text)."""
    default = option.default
    if isinstance(default, bool):
        return [(False, N_("Off")), (True, N_("On"))]
    if option.choices:
        return [(c, str(c)) for c in option.choices]
    if isinstance(default, int):
        low = option.minimum if option.minimum is not None else 0
        high = option.maximum if option.maximum is not None else max(default * 3, 10)
        values: Iterable[int]
        if high - low <= 15:
            values = range(low, high + 1)
        else:
            step = 50 if default >= 50 else 10 if default >= 10 else 1
            values = {default + step * k for k in range(-4, 5)}
        return [(v, str(v)) for v in sorted(values) if low <= v <= high]
    return [(default, str(default))]


# The options' names as the setup shows them (an option not here: its name, capitalised).
OPTION_LABELS = {
    "limit": N_("Limit"), "block": N_("Block"), "opening": N_("Opening"),
    "doubles": N_("Doubles"), "one_extra": N_("One extra"), "opener": N_("Opener"),
    "layout": N_("Layout"), "hand": N_("Hand"), "face_down": N_("Face down"),
    "dealt": N_("Dealt"), "arrange": N_("Arrange"), "set": N_("Set"), "start":
    N_("Starting board"), "goal": N_("Goal"), "slide": N_("Slide"), "race": N_("Race"),
    "equalize": N_("Equalize"), "arrows": N_("Arrows"), "stacks": N_("Stacks"),
    "across": N_("Across")}


# the words among the options' values, for the template (the selector translates them)
CHOICE_WORDS = (N_("highest"), N_("any"), N_("chosen"), N_("fixed"), N_("free"),
                N_("halves"), N_("most"), N_("targets"))


def option_label(name: str) -> str:
    """The row's label of the option `name` ("Starting board": not the Start button)."""
    return OPTION_LABELS.get(name) or name.replace("_", " ").capitalize()
