"""Stored playthroughs: a few seeded games per variant, kept as records so that a rules
change shows up as a diff in review (as OpenSpiel keeps its playthroughs).

    python tools/regenerate.py      # rewrite them (and docs/rules.md) after a rules change

tests/test_playthroughs.py plays the same games again and compares them with the files.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from game.logic.agents import make_agent, play_out  # noqa: E402
from game.logic.variants import VARIANTS, find_variant, new_game  # noqa: E402

# (players, options, seed, agents) per stored game; a variant not listed gets two games
# with its fewest players, one between random players and one between greedy ones.
GAMES = {
    "classic": [(2, {"limit": 50}, 1, "random"), (4, {"limit": 30}, 2, "greedy"),
                (2, {"block": True, "limit": 20}, 3, "greedy,random")],
    "blank": [(2, {}, 1, "random"), (3, {"one_extra": False}, 2, "random"),
              (3, {"opener": 2}, 3, "random")],
    "dominox": [(2, {}, 1, "greedy"), (2, {"layout": "holes"}, 2, "random")],
    "dominid": [(2, {}, 1, "random"), (2, {}, 2, "greedy"),
                (2, {"arrange": "fixed"}, 3, "greedy,random")],
    "open54": [(2, {}, 1, "greedy"), (3, {"face_down": True}, 2, "random"),
               (4, {"dealt": 4, "layout": "cross"}, 3, "greedy,random,greedy,random")],
    "open1": [(2, {}, 1, "greedy"), (2, {"set": "0-4", "start": "random"}, 2, "greedy,random")],
    "open3": [(2, {}, 1, "greedy"), (2, {"goal": "targets", "slide": True}, 2, "greedy,random")],
    "open4": [(2, {}, 1, "greedy"), (2, {"race": True, "set": "0-5-halves"}, 2, "random")],
    "open10": [(2, {}, 1, "greedy"), (2, {"stacks": True, "arrows": "free"}, 2, "greedy,random")],
    "open22": [(2, {}, 1, "greedy"), (2, {"across": True}, 2, "greedy,random")],
}


def games_of(variant: str):
    cls = find_variant(variant)
    default = [(cls.min_players, {}, 1, "random"), (cls.min_players, {}, 2, "greedy")]
    return GAMES.get(variant, default)


def play(variant: str, players: int, options: dict, seed: int, agents: str) -> dict:
    names = agents.split(",") * (players if "," not in agents else 1)
    state = new_game(variant, players, seed, options)
    play_out(state, [make_agent(n) for n in names[:players]], random.Random(seed))
    return {"agents": agents, "record": state.record()}


def path_of(variant: str) -> Path:
    return HERE / f"{variant}.json"


def main(variants=None) -> None:
    """Rewrite the playthroughs of `variants` (default: every registered variant)."""
    for variant in VARIANTS if variants is None else variants:
        games = [play(variant, *game) for game in games_of(variant)]
        # one value a line, so that a changed move or score is a one-line diff
        path_of(variant).write_text(json.dumps(games, indent=1, sort_keys=True) + "\n")
        print(f"{path_of(variant).name}: {len(games)} games")


if __name__ == "__main__":
    main()
