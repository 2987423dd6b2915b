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


def test_the_all_seeing_plan_is_never_worse_than_hards_own_follow(monkeypatch):
    """Planning its own placements on the true orders can only do better than following
    them with Hard's single-placement judgement (the same orders, the same leaf)."""
    from game.logic import new_game
    from game.logic.core import PASS
    from game.logic.elements.open22 import board_cells
    monkeypatch.setattr(packs_ahead, "AHEAD", 4)
    state, checked = new_game("open22", 2, 5, {}), 0
    while not state.is_over() and checked < 12:
        me = state.current_player
        judge = packs_judge.Judge(state.view(me))
        lines = judge.lines(board_cells(state.view(me)))
        theirs = state.packs[1 - me][state.turned[1 - me]:]
        mine = state.packs[me][state.turned[me] + 1:]
        for move in state.legal_moves()[:3]:
            if move is PASS:
                continue
            index, at, cell = judge.root_line(move)
            start = lines[:index] + [judge.put(lines[index], at, cell)] + lines[index + 1:]
            assert packs_lookahead.planned(judge, start, theirs, mine) >= \
                packs_ahead.follow(judge, start, theirs, mine) - 1e-12
            checked += 1
        state.apply(packs_lookahead.all_seeing_choice(state))
    assert checked >= 12


def test_an_all_seeing_run_says_so(capsys, monkeypatch):
    monkeypatch.setattr(packs_lookahead, "ALL_SEEING", False)
    monkeypatch.setattr(packs_ahead, "AHEAD", packs_ahead.AHEAD)
    monkeypatch.setattr(packs_ahead, "ORDERS", packs_ahead.ORDERS)
    assert packs_lookahead.main(["--games", "2", "--jobs", "1", "--depth", "2",
                                 "--all-seeing"]) == 0
    found = re.search(r"\(depth 2, all-seeing\): won (\d+), lost (\d+), drawn (\d+);",
                      capsys.readouterr().out)
    assert found and sum(map(int, found.groups())) == 2


def test_plans_in_sampled_orders_use_only_what_the_view_shows(capsys, monkeypatch):
    """Shuffling what nobody has turned up yet changes the all-seeing player's placement
    here but not the sampled-plans player's (it may not know the orders); a run of it
    says so."""
    import random
    from game.logic import new_game
    monkeypatch.setattr(packs_lookahead, "SAMPLED_PLANS", 3)
    monkeypatch.setattr(packs_ahead, "AHEAD", 2)
    state = new_game("open22", 2, 5, {})
    for _ in range(10):
        state.apply(state.legal_moves()[0])
    seeing = str(packs_lookahead.all_seeing_choice(state))
    sampled = str(packs_lookahead.all_seeing_choice(state, random.Random(1)))
    for owner in (0, 1):
        at = state.turned[owner] + (owner == state.current_player)
        rest = state.packs[owner][at:]
        random.Random(2 + owner).shuffle(rest)
        state.packs[owner][at:] = rest
    assert str(packs_lookahead.all_seeing_choice(state)) != seeing
    assert str(packs_lookahead.all_seeing_choice(state, random.Random(1))) == sampled
    monkeypatch.setattr(packs_ahead, "ORDERS", packs_ahead.ORDERS)
    assert packs_lookahead.main(["--games", "1", "--jobs", "1", "--depth", "2",
                                 "--sampled-plans", "2"]) == 0
    found = re.search(r"\(depth 2, plans in 2 sampled orders\): won (\d+), lost (\d+), "
                      r"drawn (\d+);", capsys.readouterr().out)
    assert found and sum(map(int, found.groups())) == 1
    with pytest.raises(SystemExit):
        packs_lookahead.main(["--all-seeing", "--sampled-plans", "2"])


def test_candidates_limit_the_placements_hard_judges(capsys, monkeypatch):
    from game.logic.agents import hard
    judged = []
    ranked = hard.HardAgent.ranked

    def counting(self, view, moves):
        found = ranked(self, view, moves)
        judged.append(len(found))
        return found
    monkeypatch.setattr(hard.HardAgent, "ranked", counting)
    monkeypatch.setattr(packs_lookahead, "CANDIDATES", packs_lookahead.CANDIDATES)
    monkeypatch.setattr(packs_ahead, "AHEAD", packs_ahead.AHEAD)
    monkeypatch.setattr(packs_ahead, "ORDERS", packs_ahead.ORDERS)
    assert packs_lookahead.main(["--games", "1", "--jobs", "1", "--depth", "1",
                                 "--samples", "2", "--candidates", "3"]) == 0
    assert "(depth 1, 3 candidates)" in capsys.readouterr().out
    assert judged and max(judged) == 3
