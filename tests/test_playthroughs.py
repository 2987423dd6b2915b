"""The stored playthroughs (tests/playthroughs/) are played again and must match exactly:
a change of rules, deals or computer players shows as a diff of those files. After an
intended change, rewrite them with `python tools/regenerate.py`."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "playthroughs"))
import regenerate  # noqa: E402

from game.logic.variants import VARIANTS, find_variant  # noqa: E402


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_stored_playthroughs_replay_and_regenerate_identically(variant):
    path = regenerate.path_of(variant)
    assert path.exists(), f"no playthroughs for {variant}: run python tools/regenerate.py {variant}"
    stored = json.loads(path.read_text())
    games = regenerate.games_of(variant)
    assert len(stored) == len(games)
    for entry, game in zip(stored, games):
        record = entry["record"]
        replayed = find_variant(variant).from_record(record)
        assert replayed.outcome().as_record() == record["result"]
        assert regenerate.play(variant, *game) == entry, \
            f"tests/playthroughs/{variant}.json is stale: after an intended change run " \
            f"python tools/regenerate.py {variant} and read the diff"
