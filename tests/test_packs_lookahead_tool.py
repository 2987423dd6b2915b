"""tools/packs_lookahead.py: Hard against Medium in Packs with the judgement's weights
changed or a longer look ahead, reported as games won, lost and drawn."""
import re
import sys

import pytest

from process_support import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import packs_lookahead  # noqa: E402

from game.logic.agents import hooks  # noqa: E402
from game.logic.elements import packs_ahead, packs_judge, packs_worlds  # noqa: E402


def test_a_short_run_reports_every_game(capsys, monkeypatch):
    monkeypatch.setattr(packs_worlds, "root", packs_worlds.root)    # the tool replaces it
    monkeypatch.setattr(packs_judge, "HOME", packs_judge.HOME)
    monkeypatch.setattr(packs_ahead, "AHEAD", packs_ahead.AHEAD)
    monkeypatch.setattr(packs_ahead, "ORDERS", packs_ahead.ORDERS)
    monkeypatch.setattr(hooks, "_LOADED", {})
    assert packs_lookahead.main(["--games", "2", "--jobs", "1", "--depth", "2",
                                 "--samples", "3", "--set", "HOME=2.0"]) == 0
    out = capsys.readouterr().out
    found = re.search(r"games 0-1 of seed 11 \(depth 2, HOME=2.0\): won (\d+), lost (\d+), "
                      r"drawn (\d+);", out)
    assert found and sum(map(int, found.groups())) == 2
    assert packs_judge.HOME == 2.0 and (packs_ahead.AHEAD, packs_ahead.ORDERS) == (2, 3)


def test_depth_0_plays_the_exact_expectation_alone(capsys, monkeypatch):
    monkeypatch.setattr(packs_worlds, "root", packs_worlds.root)
    monkeypatch.setattr(packs_ahead, "AHEAD", packs_ahead.AHEAD)
    monkeypatch.setattr(hooks, "_LOADED", {})
    assert packs_lookahead.main(["--games", "1", "--jobs", "1", "--depth", "0"]) == 0
    assert "(depth judge)" in capsys.readouterr().out
    assert packs_worlds.root is packs_judge.root


def test_an_unknown_weight_is_refused():
    with pytest.raises(SystemExit):
        packs_lookahead.main(["--set", "NOT_A_WEIGHT=1"])
