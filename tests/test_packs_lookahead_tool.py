"""tools/packs_lookahead.py: Hard against Medium in Packs with the judgement's weights
changed or a longer look ahead, reported as games won, lost and drawn."""
import random
import re
import sys

import pytest

from process_support import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import packs_lookahead  # noqa: E402

from game.logic import new_game  # noqa: E402
from game.logic.agents import hooks  # noqa: E402
from game.logic.elements import packs_judge, packs_worlds  # noqa: E402


def test_the_look_ahead_judges_every_candidate_from_the_same_sampled_orders():
    state = new_game("open22", 2, 4, {})
    for _ in range(12):
        state.apply(state.legal_moves()[0])
    view = state.view(state.current_player)
    moves = view.legal_moves()
    root = packs_lookahead.looking_ahead(4, 5)
    first = root(view, moves, random.Random(1), None)
    again = root(view, moves, random.Random(1), None)
    assert len(first.moves) == len(moves) and all(0 <= first.mean(i) <= 1
                                                 for i in range(len(moves)))
    assert [first.mean(i) for i in range(len(moves))] == \
        [again.mean(i) for i in range(len(moves))]


def test_a_short_run_reports_every_game(capsys, monkeypatch):
    monkeypatch.setattr(packs_worlds, "root", packs_worlds.root)    # the tool replaces it
    monkeypatch.setattr(packs_judge, "HOME", packs_judge.HOME)
    monkeypatch.setattr(hooks, "_LOADED", {})
    assert packs_lookahead.main(["--games", "2", "--jobs", "1", "--depth", "2",
                                 "--samples", "3", "--set", "HOME=2.0"]) == 0
    out = capsys.readouterr().out
    found = re.search(r"games 0-1 of seed 11 \(depth 2, HOME=2.0\): won (\d+), lost (\d+), "
                      r"drawn (\d+);", out)
    assert found and sum(map(int, found.groups())) == 2
    assert packs_judge.HOME == 2.0


def test_an_unknown_weight_is_refused():
    with pytest.raises(SystemExit):
        packs_lookahead.main(["--set", "NOT_A_WEIGHT=1"])
