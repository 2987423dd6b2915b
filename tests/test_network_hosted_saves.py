"""Hosted saves and what a network game keeps on disk: a window's hosted match resumed
headless (its host's seat goes to the code), a save that cannot be written is never
called saved, a save that cannot be right is refused in one line of words, one from a
newer version is left where it is, and `network.json` is read as every file is."""
import errno
import json
import os
import threading

import pytest

from game.play.storage import data_dir
from game.server.__main__ import hosted as headless_match, parse_args
from game.server.match import HostedMatch, HostSeat
from game.server.protocol import new_code, new_token
from game.server.saving import HostedSaver, hosted_path, load_hosted, save_text

from test_network_host import Instant, join

PORT = 7801


def a_match(seats, variant="classic") -> HostedMatch:
    match = HostedMatch(variant, seats, {}, 11, code=new_code(), log=lambda line: None,
                        think=Instant, pace=0.0, saver=HostedSaver(PORT))
    for _ in range(3):
        match.state.apply(match.state.legal_moves()[0])
    return match


def written(match, change=None):
    """The save of `match` on disk, changed by `change(record)` first."""
    record = json.loads(save_text(match))
    if change is not None:
        change(record)
    path = hosted_path(PORT)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record))
    return path


def test_a_windows_hosted_match_resumed_headless_gives_its_hosts_seat_to_the_code():
    old = new_token()
    match = a_match([HostSeat("Ann", here=True, token=old), HostSeat("Seat 2")])
    match.saver.last(match)
    lines = []
    resumed = headless_match(parse_args(["--port", str(PORT), "--resume"]), lines.append)
    assert [line for line in lines if "Ann's seat was the hosting window's" in line]
    ann, ben = join(resumed, "Ann", code=match.code), join(resumed, "Ben", code=match.code)
    assert {ann.seat, ben.seat} == {0, 1}
    assert resumed.seats[0].token not in ("", old), "a seat given again has a new token"
    assert resumed.paused() is None


def test_a_host_whose_save_cannot_be_written_never_says_it_is_saved(monkeypatch):
    from game.server.__main__ import stopped
    match = a_match([HostSeat("Ann", token=new_token()), HostSeat("Ben", token=new_token())])

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    with monkeypatch.context() as patched:
        patched.setattr("game.server.saving.write_atomic", full)
        said = stopped(match)
    assert "NOT be saved (No space left on device)" in said and "is saved" not in said
    assert stopped(match) == "the host stopped; the match is saved"
    assert load_hosted(PORT)[0] is not None


def two(record, key):
    return record["shell"]["network"][key]


@pytest.mark.parametrize("change, words", [
    (lambda r: two(r, "tokens").__setitem__(1, two(r, "tokens")[0]), "two seats share one token"),
    (lambda r: r["shell"]["seats"].__setitem__(1, {"name": "C", "kind": "computer",
                                                   "level": "greedy"}),
     "a computer's seat holds a person's token"),
    (lambda r: r["rounds"][0]["deal"].__setitem__("hands", {"x": 1}), "bad deal (a hand"),
    (lambda r: r["rounds"][0]["deal"]["hands"].__setitem__(0, [[1, 2]]), "bad deal (a hand"),
])
def test_a_save_that_cannot_be_right_is_refused_in_one_line_of_words(change, words):
    match = a_match([HostSeat("Ann", token=new_token()), HostSeat("Ben", token=new_token())])
    path = written(match, change)
    save, notice = load_hosted(PORT)
    assert save is None and words in notice and "\n" not in notice
    assert "object has no attribute" not in notice and "(0)" not in notice
    assert not path.exists()                       # set aside as damaged


def test_a_save_with_no_seat_for_a_person_is_refused():
    match = a_match([HostSeat("C1", "computer"), HostSeat("C2", "computer")])
    written(match)
    save, notice = load_hosted(PORT)
    assert save is None and "it has no seat for a person" in notice


def test_a_save_from_a_newer_version_is_left_where_it_is():
    match = a_match([HostSeat("Ann", token=new_token()), HostSeat("Ben")])
    path = written(match, lambda r: r["shell"].__setitem__("format", 99))
    save, notice = load_hosted(PORT)
    assert save is None and "newer version" in notice
    assert path.exists() and not list(path.parent.glob("*.bad*"))


def read_in_time(seconds: float = 5.0) -> dict | None:
    from game.shell.net.session import remembered
    found = []
    thread = threading.Thread(target=lambda: found.append(remembered()), daemon=True)
    thread.start()
    thread.join(seconds)
    return found[0] if found else None


def test_network_json_is_read_as_every_file_is_never_a_pipe_or_an_endless_device():
    path = data_dir() / "network.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    assert read_in_time() == {}, "a pipe must not freeze the game"
    path.unlink()
    path.symlink_to("/dev/zero")
    assert read_in_time() == {}
    path.unlink()
    path.write_text('{"address": "h:1", "code": "ABCD-EFGH", "token": "t"}')
    assert read_in_time() == {"address": "h:1", "code": "ABCD-EFGH", "token": "t"}
