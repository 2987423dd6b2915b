"""What each game's scores count, as the statistics label them (`score_counts`): each
game says it in its own class (or takes it from the game it is built on), and a game
whose label is "captures" scores its captures under every option; a game whose options
change what its scores count (Capture's pip goals) says "score"."""
from __future__ import annotations

import random

from game.logic.state import GameState
from game.logic.variants import VARIANTS, find_variant, new_game


def declared_by(cls) -> type:
    """The class whose body declares `score_counts` for `cls`."""
    return next(c for c in cls.__mro__ if "score_counts" in vars(c))


def test_every_game_says_what_its_scores_count():
    for name in VARIANTS:
        assert declared_by(find_variant(name)) is not GameState, \
            f"{name} takes 'score' from the base: declare score_counts in its rules class"


def option_values(cls):
    """(name, value) of every value but the default of its options with a few values."""
    for option in cls.options_declared:
        values = option.choices or ((True, False) if isinstance(option.default, bool) else ())
        yield from ((option.name, v) for v in values if v != option.default)


def captures_mismatch(name: str, seed: int = 1) -> list[str]:
    """The options under which a game labelled "captures" scores something else (random
    games played to their end)."""
    cls, found = find_variant(name), []
    for option, value in [(None, None), *option_values(cls)]:
        options = {} if option is None else {option: value}
        state = new_game(name, cls.min_players, seed, options)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        if list(state.outcome().scores) != list(state.captures):
            found.append(f"{name} with {options}: scores {state.outcome().scores}, "
                         f"captures {state.captures}")
    return found


def test_a_game_labelled_captures_scores_its_captures_under_every_option():
    labelled = [n for n in VARIANTS if find_variant(n).score_counts == "captures"]
    assert labelled
    for name in labelled:
        assert captures_mismatch(name) == []
