"""tools/abw333_speed.py, the rounds a second of our line engine against abw333's
`dominoes` library: its measuring function on our side, the one-line refusal where that
library is absent (as in the test environment), and its report with a stand-in library."""
import random
import re
import subprocess
import sys
import types

from game.bench import four

from process_support import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import abw333_speed  # noqa: E402


def test_our_side_is_measured_in_alternating_runs():
    played = []

    def counted(seed, rng):
        played.append(seed)
        four(seed, rng)

    rates = abw333_speed.measure({"ours": counted, "again": four}, 0.01, 2)
    assert set(rates) == {"ours", "again"} and all(len(r) == 2 for r in rates.values())
    assert all(rate > 0 for r in rates.values() for rate in r)
    # each run starts again at round 0: seeds 0, 1, ... then 0, 1, ...
    restart = played.index(0, 1)
    assert played[:restart] == list(range(restart))
    assert played[restart:] == list(range(len(played) - restart))


def test_our_mean_round_plays_every_tile_it_can():
    tiles, passes = abw333_speed.our_moves(20)
    assert 7 <= tiles <= 28 and passes >= 0       # a round ends when a hand of 7 is empty
    assert (tiles, passes) == abw333_speed.our_moves(20)        # seeded: the same rounds


def test_without_the_library_it_says_so_in_one_line_and_fails():
    assert subprocess.run([sys.executable, "-c", "import dominoes"],
                          capture_output=True).returncode != 0      # absent here
    done = subprocess.run([sys.executable, "tools/abw333_speed.py", "--seconds", "0.01"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert "`dominoes` library is not installed" in done.stderr


def test_it_needs_no_pygame():
    done = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, 'tools'); "
                           "import abw333_speed; print('pygame' in sys.modules)"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "False", done.stderr


class _StandIn:
    """abw333's Game as far as the tool uses it: one player lays their tiles one by one,
    the others pass (None in its moves)."""

    def __init__(self):
        self.result, self.moves, self.valid_moves = None, [None, None], [(1, True), (2, True)]

    @classmethod
    def new(cls):
        return cls()

    def make_move(self, tile, left):
        self.moves.append((tile, left))
        if len(self.moves) == 5:
            self.result = "over"


def test_the_report_gives_both_sides_and_the_ratio_of_the_medians(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "dominoes", types.SimpleNamespace(Game=_StandIn))
    state = random.getstate()
    try:
        assert abw333_speed.main(["--seconds", "0.01", "--runs", "3"]) == 0
    finally:
        random.setstate(state)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("abw333 dominoes: ")
    assert lines[0].endswith("3.0 tiles and 2.0 passes a round")
    assert lines[1].startswith("ours (classic, 4 players): ")
    medians = [float(re.search(r"([\d,]+) rounds/s median", line)[1].replace(",", ""))
               for line in lines[:2]]
    ratio = float(re.search(r"= ([\d.]+)x", lines[2])[1])
    assert abs(ratio - medians[1] / medians[0]) <= 0.01 + 0.01 * ratio
