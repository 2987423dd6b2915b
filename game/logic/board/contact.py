"""Contact rules of two-square tiles as small strategies.

Each empty square keeps a 7-bit mask of the numbers it accepts, worked out from the
numbers shown on its covered orthogonal neighbours (`counts`, how many show each number,
and `covered`, how many there are). A rule says how that mask changes when a neighbour is
covered or uncovered, and how to explain a refusal in player words.
"""
from __future__ import annotations

from game.i18n import _

ALL_NUMBERS = 0b1111111


def and_list(numbers) -> str:
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return words[0]
    return _("{numbers} and {last}").format(numbers=", ".join(words[:-1]), last=words[-1])


class AtLeastOneEqual:
    """Dominox: an end that touches tiles must show the number of at least one of them."""

    name = "at least one equal neighbour per end"

    @staticmethod
    def on_cover(accepts: int, covered_before: int, number: int) -> int:
        return 1 << number if covered_before == 0 else accepts | 1 << number

    @staticmethod
    def on_uncover(accepts: int, counts: list, base: int, covered_after: int, number: int) -> int:
        if covered_after == 0:
            return ALL_NUMBERS
        return accepts if counts[base + number] else accepts & ~(1 << number)

    @staticmethod
    def refusal(number: int, square: str, touching) -> str:
        return _("the {number} on {square} touches {numbers} but no {number}").format(
            number=number, square=square, numbers=and_list(touching))


class EveryEqual:
    """Spread: every pair of touching numbers must be equal."""

    name = "every touching pair equal"

    @staticmethod
    def on_cover(accepts: int, covered_before: int, number: int) -> int:
        return 1 << number if covered_before == 0 else accepts & 1 << number

    @staticmethod
    def on_uncover(accepts: int, counts: list, base: int, covered_after: int, number: int) -> int:
        if covered_after == 0:
            return ALL_NUMBERS
        shown = [n for n in range(7) if counts[base + n]]
        return 1 << shown[0] if len(shown) == 1 else 0

    @staticmethod
    def refusal(number: int, square: str, touching) -> str:
        others = [n for n in touching if n != number]
        return _("the {number} on {square} touches {numbers}: every touching number must be "
                 "a {number}").format(number=number, square=square, numbers=and_list(others))
