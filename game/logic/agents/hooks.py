"""What each variant gives the Hard player: the module its rules class names in
`hard_hooks` (found through the registry, so no list here names the variants). A
variant's hooks module defines

    worlds(view) -> sample       sample(rng) -> a full GameState consistent with the
                                 view (hidden information); prepared once per move
    determinize(view, rng)       the same in one call (worlds(view)(rng))

and may define

    rollout_value(state, player) -> float in [0, 1]   (default: win 1, draw 0.5, loss 0)
    done(state) -> bool          stop a playout early (default: the game is over)
    playout_move(state, rng, moves) -> move           (default: uniformly at random)
    obvious(view) -> (moves, reason) or None   moves no search could improve on, each as
                                 good as the others, and why in player words (blank
                                 tiles): no search is worth its time
    reuse                        playouts per sampled world (default 1)
    horizon                      playout moves after the root move, then rollout_value
                                 judges the position reached (default: play to the end)
    root(view, candidates, rng, budget) -> RootStats   the variant's own judgement of
                                 the root moves in place of playouts (say an exact
                                 expectation); the move its best() names is played

A perfect-information variant sets `perfect = True`, makes `worlds` return its one true
state and gives `evaluate(state, player) -> float` (higher is better for `player`, about
-1000 to 1000): the Hard player then searches it by alpha-beta; `tactical(state, moves)`
lists the moves that capture or win at once, [(move, gain)] biggest first (searched
first, and followed past the depth limit).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from collections.abc import Callable

from ..core import OptionError
from ..variants import find_variant

def outcome_value(state, player: int) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss (the game must be over)."""
    outcome = state.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == player else 0.0


def is_over(state) -> bool:
    return state.is_over()


def random_move(state, rng, moves):
    return moves[rng.randrange(len(moves))]


def greedy_playout_move(state, rng, moves, randomness: float = 0.1):
    """The greedy judgement's move on the state's own view (ties at random), or now and
    then any move: a slower, better informed playout policy."""
    if len(moves) == 1 or rng.random() < randomness:
        return moves[rng.randrange(len(moves))]
    from . import greedy_ratings
    view = state.view(state.current_player)
    ratings = greedy_ratings(view, moves)
    best = max(ratings)
    ties = [i for i, r in enumerate(ratings) if r == best]
    return moves[ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]]


def sampled_greedy_playout_move(state, rng, moves, sample: int = 6):
    """The best by the greedy judgement of a few moves drawn at random: most of the
    greedy policy's sense at a fraction of its cost where rating every move is dear."""
    if len(moves) <= 1:
        return moves[0]
    rate = find_variant(state.variant).heuristic
    view = state.view(state.current_player)
    picks = rng.sample(moves, sample) if len(moves) > sample else moves
    return max(picks, key=lambda move: rate(view, move))


@dataclass(frozen=True)
class Hooks:
    variant: str
    worlds: Callable
    rollout_value: Callable = outcome_value
    done: Callable = is_over
    playout_move: Callable = random_move
    reuse: int = 1
    horizon: int | None = None
    perfect: bool = False
    evaluate: Callable | None = None
    tactical: Callable | None = None
    obvious: Callable | None = None
    root: Callable | None = None


_LOADED: dict[tuple[str, str], Hooks] = {}


def hooks_for(variant: str) -> Hooks:
    """The Hard player's hooks of `variant` (its rules class's `hard_hooks`); OptionError
    when it has none."""
    module_name = find_variant(variant).hard_hooks
    if not module_name:
        raise OptionError(f"the hard level does not know how to search {variant!r}: its "
                          "rules class names no hard_hooks module")
    found = _LOADED.get((variant, module_name))
    if found is None:
        module = importlib.import_module(module_name)
        names = ("rollout_value", "done", "playout_move", "reuse", "horizon", "perfect",
                 "evaluate", "tactical", "obvious", "root")
        given = {n: getattr(module, n) for n in names if hasattr(module, n)}
        found = _LOADED[variant, module_name] = Hooks(variant, module.worlds, **given)
    return found


def determinize(view, rng):
    """A full state consistent with `view` (for perfect information, the state itself)."""
    return hooks_for(view.variant).worlds(view)(rng)
