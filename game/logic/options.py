"""Declared variant options: each variant lists its options once; the command line, level
and position files, the variant-select screen and the rules screen all read that list."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core import OptionError
from .textfiles import shorten


@dataclass(frozen=True)
class Option:
    name: str
    default: Any                      # bool, int or str; its type is the option's type
    help: str
    choices: tuple = ()               # allowed values, empty for any value of the type
    minimum: int | None = None
    maximum: int | None = None
    # whether it changes how the game is played (then a lesson teaches it): on/off options
    # do unless they say otherwise; others (a goal, a choice of rules) say so
    changes_play: bool | None = None

    def plays_differently(self) -> bool:
        """Whether this option changes how the game is played (see `changes_play`)."""
        return isinstance(self.default, bool) if self.changes_play is None else self.changes_play

    def convert(self, value: Any) -> Any:
        """`value` (text from a command line, or a TOML value) as this option's type."""
        kind = type(self.default)
        result: bool | int | str
        if kind is bool:
            if isinstance(value, bool):
                result = value
            elif str(value).strip().lower() in ("1", "true", "yes", "on"):
                result = True
            elif str(value).strip().lower() in ("0", "false", "no", "off"):
                result = False
            else:
                raise OptionError(f"option {self.name} takes true or false, "
                                  f"not {shorten(value)}")
        elif kind is int:
            if isinstance(value, float) and not value.is_integer():
                raise OptionError(f"option {self.name} takes a whole number, "
                                  f"not {shorten(value)}")
            try:
                result = int(value)
            except (TypeError, ValueError):
                raise OptionError(f"option {self.name} takes a whole number, "
                                  f"not {shorten(value)}") from None
            if isinstance(value, bool):
                raise OptionError(f"option {self.name} takes a whole number, "
                                  f"not {shorten(value)}")
            if self.minimum is not None and result < self.minimum:
                raise OptionError(f"option {self.name} must be at least {self.minimum}, "
                                  f"not {shorten(result)}")
            if self.maximum is not None and result > self.maximum:
                raise OptionError(f"option {self.name} must be at most {self.maximum}, "
                                  f"not {shorten(result)}")
        else:
            result = str(value)
        if self.choices and result not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name} must be one of {allowed}, not {result!r}")
        return result


# A game's `options_declared`, annotated so (`ClassVar[Options]`) that a game built on it
# may declare other options: mypy would take a plain tuple's length for its type.
Options = tuple[Option, ...]


def resolve_options(declared: Options, given: dict | None, variant: str) -> dict:
    """Defaults overlaid with `given`, each converted; an unknown name is an OptionError."""
    result = {}
    for option in declared:         # (not a comprehension: that makes a function each call)
        result[option.name] = option.default
    if given is None:
        return result
    if not isinstance(given, dict):
        raise OptionError(f"the options of {variant} must be NAME = VALUE pairs, not {given!r}")
    by_name = {o.name: o for o in declared}
    for name, value in given.items():
        if name not in by_name:
            known = ", ".join(by_name) or "none"
            raise OptionError(f"unknown option {name!r} for {variant} (known: {known})")
        result[name] = by_name[name].convert(value)
    return result


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """['limit=100', 'block=true'] -> {'limit': '100', 'block': 'true'}."""
    result = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"option {pair!r} is not NAME=VALUE")
        result[name.strip()] = value.strip()
    return result
