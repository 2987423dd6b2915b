"""tools/attack.py, the rerun of the adversarial pass: its file part finds nothing, and its
judges do find a flaw planted on purpose."""
import dataclasses
import os
import random
import re
import sys

from game.logic import variants
from game.play import storage

from process_support import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import attack  # noqa: E402
import attack_kept  # noqa: E402


def test_tampered_files_find_nothing_and_the_closing_line_counts_the_cases(tmp_path, capsys):
    assert attack.main(["--rounds", "1", "--only", "tampered"]) == 0
    closing = capsys.readouterr().out.splitlines()[-1]
    assert re.fullmatch(r"total: 0 findings; [1-9]\d* cases thrown", closing), closing


def test_files_set_aside_in_one_second_and_bad_lesson_entries_find_nothing(tmp_path):
    tally = attack.Tally("kept")
    attack_kept.set_aside_collisions(tally, tmp_path / "aside", 1)
    attack_kept.lessons_one_bad_entry(tally, tmp_path / "lessons", 1)
    assert sum(tally.attempts.values()) == 10 and not tally.findings


def test_a_set_aside_that_replaced_an_earlier_copy_would_be_found(tmp_path, monkeypatch):
    def replacing(path, new):
        os.replace(path, new)
        return True
    monkeypatch.setattr(storage, "_rename_new", replacing)
    tally = attack.Tally("kept")
    attack_kept.set_aside_collisions(tally, tmp_path / "aside", 1)
    assert tally.findings["losses"] == 5
    assert "1 of 4 copies set aside kept" in tally.examples["losses"]


def test_a_loader_that_let_a_blocked_opening_through_would_be_found(tmp_path, monkeypatch):
    lenient = dataclasses.replace(variants.VARIANTS["dominid"], open_middle=False)
    monkeypatch.setitem(variants.VARIANTS, "dominid", lenient)
    tally = attack.Tally("levels")
    attack.levels(tally, random.Random(1), tmp_path, 6)     # about 80 Dominid tables
    assert tally.findings["wrong acceptances"] >= 1
    assert "blocks an opening cell" in tally.examples["wrong acceptances"]


def test_the_network_part_finds_a_stranger_let_into_a_dropped_seat(monkeypatch):
    import attack_network
    from game.server.match import HostedMatch

    def any_empty_seat(match):            # the flaw issue 43 found: a dropped seat is free
        return next((i for i, seat in enumerate(match.seats)
                     if seat.is_person and seat.conn is None), None)
    monkeypatch.setattr(HostedMatch, "_free_seat", any_empty_seat)
    tally = attack.Tally("network")
    attack_network.dropped_seat(tally, 2)
    assert tally.findings["seats taken"] == 2


def test_the_network_part_finds_an_impostor_host_accepted(monkeypatch):
    import attack_network
    from game.server import secure
    monkeypatch.setattr(secure.JoinerHandshake, "check",
                        lambda self, message: (secure.Sealer(self.keys.to_host),
                                               secure.Opener(self.keys.to_joiner)))
    tally = attack.Tally("network")
    attack_network.man_in_the_middle(tally, 1)
    assert tally.findings["impostors accepted"] == 1


def test_the_network_part_finds_a_deal_from_a_seed_small_enough_to_search(monkeypatch):
    import attack_network
    monkeypatch.setattr(attack_network, "_seed", lambda: 4321)       # the old 31 bits, say
    monkeypatch.setattr(attack_network, "play_out", lambda bots: [b.close() for b in bots])
    tally = attack.Tally("network")
    attack_network.seed_search(tally, 1)                             # seeds 0 to 9,999
    assert tally.findings["deals found"] == 1
    assert tally.examples["deals found"] == "seed 4321 deals both hands"
