"""Stored playthroughs: a few seeded games per variant, kept as records so that a rules
change shows up as a diff in review (as OpenSpiel keeps its playthroughs).

    python tools/regenerate.py      # rewrite them (and docs/rules.md) after a rules change

tests/test_playthroughs.py plays the same games again and compares them with the files.
Each file is its own list of games: each entry's `agents`, `options` (as given: defaults
follow the game) and its record's `players` and `seed` say how the game is played. A
variant without a file gets two games with its fewest players and no options, one
between random players and one between greedy ones; to store another, add an entry to
its file with those four (the record needs only `players` and `seed`), and regenerate:

    {"agents": "greedy,random", "options": {"slide": true}, "record": {"players": 2, "seed": 3}}
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


def games_of(variant: str) -> list[tuple[int, dict, int, str]]:
    """(players, options, seed, agents) of each stored game of `variant`."""
    path = path_of(variant)
    if path.exists():
        return [(e["record"]["players"], e["options"], e["record"]["seed"], e["agents"])
                for e in json.loads(path.read_text())]
    players = find_variant(variant).min_players
    return [(players, {}, 1, "random"), (players, {}, 2, "greedy")]


def play(variant: str, players: int, options: dict, seed: int, agents: str) -> dict:
    names = agents.split(",") * (players if "," not in agents else 1)
    state = new_game(variant, players, seed, options)
    play_out(state, [make_agent(n) for n in names[:players]], random.Random(seed))
    return {"agents": agents, "options": options, "record": state.record()}


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
