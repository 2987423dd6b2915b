"""The strength table (docs/strength.md) against the arena logs in docs/arena/.

Every figure the table shows is either recomputed here from the logs its cell links to
(share of decided games, 95% interval, won-lost-drawn) or plainly marked unlogged; every
log's first line names the run its file name claims.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from game.logic.agents.arena import wilson
from game.logic.variants import variant_names

ROOT = Path(__file__).resolve().parent.parent
ARENA = ROOT / "docs" / "arena"
# VARIANT[.OPTION=VALUE...]-hard-OPPONENT-TIMEs-seedSEED.jsonl: options other than the
# defaults are part of the name, so a run under other rules never passes for the default's.
LOG_NAME = re.compile(r"(?P<variant>[a-z0-9]+)(?P<options>(\.[a-z_]+=[a-z0-9_:.-]+)*)-hard-"
                      r"(?P<opponent>random|greedy)-(?P<time>[0-9.]+)s-seed(?P<seed>[0-9]+)"
                      r"\.jsonl$")
OPPONENTS = {"Medium": "greedy", "Easy": "random"}
LINK = re.compile(r"\[log\]\((?P<path>arena/[^)]+)\)")     # relative to docs/


def named_options(name: re.Match) -> dict[str, str]:
    return dict(part.split("=", 1) for part in name["options"].split(".")[1:])


def percent(fraction: float) -> int:
    return math.floor(100 * fraction + 0.5)


def tally(paths: list[Path]) -> tuple[int, int, int]:
    won = lost = drawn = 0
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines()[1:]:
            game = json.loads(line)
            if game["winner"] is None:
                drawn += 1
            elif game["seats"][game["winner"]] == "hard":
                won += 1
            else:
                lost += 1
    return won, lost, drawn


def figure(won: int, lost: int, drawn: int) -> str:
    """A cell's figure as the table writes it: `88% (84-91), 352-48-0`."""
    low, high = wilson(won, won + lost)
    return (f"{percent(won / (won + lost))}% ({percent(low)}-{percent(high)}), "
            f"{won}-{lost}-{drawn}")


def strength_table() -> tuple[list[str], list[list[str]]]:
    text = (ROOT / "docs" / "strength.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| game |"))
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[0], rows[2:]


def column_run(header: str) -> tuple[str, float]:
    """`vs Medium, 1 s` -> ("greedy", 1.0)."""
    match = re.fullmatch(r"vs (Medium|Easy), ([0-9.]+) s", header)
    assert match, f"a strength column says whom and how fast: {header!r}"
    return OPPONENTS[match.group(1)], float(match.group(2))


def row_variant(label: str) -> str:
    match = re.search(r"\(`([a-z0-9]+)`\)", label)
    assert match and match.group(1) in variant_names(), \
        f"a strength row names its registered variant, like Classic (`classic`): {label!r}"
    return match.group(1)


def test_every_log_is_the_run_its_name_says():
    logs = sorted(ARENA.glob("*.jsonl"))
    assert logs, "the strength table's logs are kept in docs/arena/"
    for path in logs:
        name = LOG_NAME.fullmatch(path.name)
        assert name, f"{path.name}: not VARIANT-hard-OPPONENT-TIMEs-seedS.jsonl"
        run = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["arena"]
        assert run["variant"] == name["variant"], f"{path.name} holds {run['variant']}"
        assert run["options"] == named_options(name), \
            f"{path.name} was played with the options {run['options']}"
        assert run["names"] == ["hard", name["opponent"]], path.name
        assert run["time"] == float(name["time"]), path.name
        assert run["seed"] == int(name["seed"]), path.name
        assert run["players"] == 2 and run["rounds"] is None, path.name


def test_every_figure_in_the_strength_table_is_its_logs_or_says_unlogged():
    header, rows = strength_table()
    runs = [column_run(cell) for cell in header[1:]]
    logged = 0
    for row in rows:
        variant = row_variant(row[0])
        for cell, (opponent, time) in zip(row[1:], runs):
            paths = [ROOT / "docs" / link["path"] for link in LINK.finditer(cell)]
            if not paths:
                assert "%" not in cell or "unlogged" in cell, \
                    f"{variant} vs {opponent} at {time} s shows {cell!r} with no log"
                continue
            for path in paths:
                name = LOG_NAME.fullmatch(path.name)
                assert path.exists() and name, f"{variant}: {path.name} is not a kept log"
                assert (name["variant"], name["opponent"], float(name["time"])) == \
                    (variant, opponent, time), f"{variant} vs {opponent} at {time} s " \
                                               f"links the log of another run: {path.name}"
                for option, value in named_options(name).items():
                    assert f"{option}={value}" in cell, \
                        f"{variant} vs {opponent} at {time} s: its log plays {option}={value}, " \
                        f"which the cell must say"
            expected = figure(*tally(paths))
            assert cell.startswith(expected + " "), \
                f"{variant} vs {opponent} at {time} s says {cell!r}; its logs give {expected}"
            logged += 1
    assert logged >= 2


@pytest.mark.parametrize("won, lost, drawn, text", [
    (352, 48, 0, "88% (84-91), 352-48-0"),
    (283, 13, 104, "96% (93-97), 283-13-104"),
    (398, 1, 1, "100% (99-100), 398-1-1"),
])
def test_figures_are_written_as_the_table_writes_them(won, lost, drawn, text):
    assert figure(won, lost, drawn) == text
