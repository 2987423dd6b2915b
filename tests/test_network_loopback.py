"""Network matches between real processes on this machine: the headless host
(`python -m game.server`) in one, each remote seat a bot (`python -m game.server.bot`)
in another, over the loopback. A whole game of every variant with two remote seats, and
four where the game allows them; a hostile peer's malformed, oversized, replayed and
out-of-turn messages; a client killed in the middle of its move and back with its token;
the host killed with kill -9 and resumed from its save. Generous timeouts, no clocks."""
from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.server.secure import spoken_code

from game.logic.variants import find_variant

from network_support import free_port
from process_support import ROOT, wait_until

PYTHON = sys.executable
FAST = {"classic": ["limit=20"], "open1": ["limit=10"], "open3": ["limit=10"],
        "open4": ["limit=10"], "open10": ["limit=10"]}


class Process:
    """A Python module running in a process of its own, its output collected by a thread
    (so a full pipe never stops it)."""

    def __init__(self, env, *args):
        self.popen = subprocess.Popen([PYTHON, "-m", *args], cwd=ROOT, env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      text=True, start_new_session=True)
        self.lines: list[str] = []
        self.port: int | None = None          # a host's, once it listens
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.popen.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for_line(self, text: str, seconds: float = 60) -> str:
        assert wait_until(lambda: any(text in line for line in self.lines)
                          or self.popen.poll() is not None, seconds), f"no {text!r} in time"
        found = next((line for line in self.lines if text in line), None)
        assert found is not None, "\n".join(self.lines[-20:])
        return found

    def finish(self, seconds: float = 300) -> int:
        """The exit status, once every line it printed has been read (the reader may
        still be reading the last ones when the process has ended)."""
        try:
            status = self.popen.wait(seconds)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError("still running:\n" + "\n".join(self.lines[-30:])) from None
        self.reader.join(30)
        return status

    def kill(self):
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(30)

    def summary(self) -> dict:
        return json.loads(next(line for line in reversed(self.lines) if line.startswith("{")))


@pytest.fixture
def env(tmp_path):
    import os
    return dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"),
                XDG_CONFIG_HOME=str(tmp_path / "config"), PYTHONPATH=str(ROOT))


@pytest.fixture
def processes():
    started: list[Process] = []
    yield started
    for process in started:
        process.kill()


def host(env, processes, port=0, *args) -> tuple[Process, str]:
    """The headless host on `port` (0: one the system finds free, so that tests running
    at once never pick the same); its `port` is the one it listens on."""
    server = Process(env, "game.server", "--port", str(port), "--pace", "0", *args)
    processes.append(server)
    line = server.wait_for_line("match code")
    server.port = int(re.search(r" on port (\d+):", line)[1])
    return server, line.rsplit(" ", 1)[1]


def bot(env, processes, port, code, name, *args) -> Process:
    process = Process(env, "game.server.bot", "--join", f"127.0.0.1:{port}", "--code", code,
                      "--name", name, *args)
    processes.append(process)
    return process


def seat_counts():
    """(variant, remote seats): two for every game, four where the game allows four."""
    from game.logic.variants import variant_names
    cases = []
    for name in variant_names():
        cases.append((name, 2))
        if find_variant(name).max_players >= 4:
            cases.append((name, 4))
    return cases


@pytest.mark.parametrize("variant,remotes", seat_counts())
def test_a_whole_game_between_processes(env, processes, variant, remotes):
    options = [arg for option in FAST.get(variant, []) for arg in ("--option", option)]
    server, code = host(env, processes, 0, "--play", variant, "--seats",
                        ",".join(["remote"] * remotes), *options)
    port = server.port
    bots = [bot(env, processes, port, code.lower(), f"P{i}", "--level", "random")
            for i in range(remotes)]
    for process in bots:
        assert process.finish() == 0, "\n".join(process.lines[-20:])
    summaries = [process.summary() for process in bots]
    assert sorted(s["seat"] for s in summaries) == list(range(remotes))
    assert all(s["refusals"] == [] for s in summaries)
    assert len({json.dumps(s["outcome"]) for s in summaries}) == 1      # one result for all
    assert len({json.dumps(s["played"]) for s in summaries}) == 1
    assert sum(s["moves"] for s in summaries) == len(summaries[0]["played"])


class Peer:
    """A raw connection to the host that proves the code as a joiner does, then seals
    each line the test writes as one message; every message the host sends is kept, in
    order."""

    def __init__(self, port: int, code: str):
        from network_support import sealed_socket
        self.sock, self.sealer, self.opener = sealed_socket(f"127.0.0.1:{port}", code)
        self.sock.settimeout(30)
        self.messages: list[dict] = []

    def send(self, data: bytes) -> None:
        """Each line of `data` sealed as one message (its newline with it)."""
        self.sock.sendall(b"".join(self.sealer.seal(line + b"\n")
                                   for line in data.split(b"\n")[:-1]))

    def send_message(self, **message) -> None:
        self.send(json.dumps({"v": 2, **message}).encode() + b"\n")

    def wait(self, condition, seconds: float = 30.0):
        """Read until `condition(messages)` gives something; that."""
        from game.server.protocol import HOST_LINE_LIMIT
        deadline = time.monotonic() + seconds
        while (found := condition(self.messages)) in (None, False, []):
            assert time.monotonic() < deadline, f"nothing came: {self.messages[-3:]}"
            data = self.sock.recv(65536)
            assert data, "the host closed the connection"
            self.messages += [json.loads(line)
                              for line in self.opener.feed(data, HOST_LINE_LIMIT)]
        return found

    def last(self, kind: str):
        return self.wait(lambda ms: next((m for m in reversed(ms) if m["type"] == kind), None))

    def refusals(self, count: int) -> list[str]:
        return self.wait(lambda ms: [m["reason"] for m in ms if m["type"] == "refused"]
                         if sum(m["type"] == "refused" for m in ms) >= count else None)

    def close(self):
        self.sock.close()


def everyone_here(messages) -> bool:
    return any(m["type"] == "table" and all(s["present"] for s in m["seats"])
               for m in messages)


def test_a_hostile_peer_is_refused_line_by_line_and_the_match_goes_on(env, processes):
    server, code = host(env, processes, 0, "--play", "classic", "--seats", "remote,remote",
                        "--option", "limit=50")
    port = server.port
    hostile = Peer(port, code)
    hostile.send_message(type="join", code=code, name="Eve")
    seat = hostile.last("welcome")["seat"]
    ply = hostile.last("position")["ply"]
    friend = bot(env, processes, port, code, "Ben", "--level", "random")
    hostile.wait(everyone_here)
    hostile.send(b"this is not json\n")                                         # malformed
    hostile.send(b'{"v":2,"type":"move","move":"' + b"6" * 6000 + b'","ply":0}\n')
    hostile.send(json.dumps({"v": 2, "type": "move", "move": "6-6", "ply": ply + 50})
                 .encode() + b"\n")                                             # a stale ply
    hostile.send(b'{"v":2,"type":"move","move":"0-0","ply":1000000}\n')
    hostile.send(b'[1,2,3]\n{"v":1,"type":"ping"}\n')
    reasons = hostile.refusals(6)
    assert reasons[0] == "Not a JSON object."
    assert reasons[1].startswith("A message may be at most 4096 bytes")
    assert reasons[2] == reasons[3] == "That move was for an earlier position."
    assert reasons[4] == "Not a JSON object." and "version" in reasons[5]
    assert server.popen.poll() is None
    # one line in the log for each kind of refusal of one connection
    log = [line for line in server.lines if "refused" in line]
    assert [line.split(": refused ")[1].split(":")[0] for line in log] == ["message", "move"]
    assert all(f"(seat {seat + 1}): refused" in line for line in log)
    # the same move sent twice for one position: the second is a replay, refused
    from game.server.codec import decode

    def my_turn(messages):
        positions = [m for m in messages if m["type"] == "position"]
        view = decode(positions[-1]["view"], positions[-1]["types"])
        return (view, positions[-1]["ply"]) if view.current_player == seat else None
    view, ply = hostile.wait(my_turn)
    move = str(view.legal_moves()[0])
    hostile.send_message(type="move", move=move, ply=ply)
    hostile.send_message(type="move", move=move, ply=ply)
    assert hostile.refusals(7)[6] == "That move was for an earlier position."
    hostile.close()
    friend.kill()


def test_a_move_out_of_turn_is_refused(env, processes):
    from game.server.codec import decode
    server, code = host(env, processes, 0, "--play", "dominox", "--seats", "remote,remote")
    port = server.port
    peers = [Peer(port, code) for _ in range(2)]
    for i, peer in enumerate(peers):
        peer.send_message(type="join", code=code, name=f"P{i}")
    for peer in peers:
        peer.wait(everyone_here)
    views = {}
    for peer in peers:
        position = peer.last("position")
        views[peer] = (decode(position["view"], position["types"]), position["ply"])
    seats = {peer: peer.last("welcome")["seat"] for peer in peers}
    mover = next(p for p in peers if views[p][0].current_player == seats[p])
    waiting = next(p for p in peers if p is not mover)
    move, ply = str(views[mover][0].legal_moves()[0]), views[mover][1]
    waiting.send_message(type="move", move=move, ply=ply)
    assert waiting.refusals(1) == ["It is not your turn."]
    assert wait_until(lambda: any("refused move: It is not your turn." in line
                                  for line in server.lines), 10)
    count = len(mover.messages)
    mover.send_message(type="move", move=move, ply=ply)
    position = mover.wait(lambda ms: next((m for m in ms[count:] if m["type"] == "position"),
                                          None))
    played = decode(position["moves"], position["types"])
    assert [(player, str(m)) for player, m in played] == [(seats[mover], move)]
    assert server.popen.poll() is None
    for peer in peers:
        peer.close()


def test_a_client_killed_in_the_middle_of_its_move_comes_back_to_its_seat(
        env, processes, tmp_path):
    server, code = host(env, processes, 0, "--play", "open54", "--seats", "remote,remote")
    port = server.port
    token = tmp_path / "token"
    stalled = bot(env, processes, port, code, "Ann", "--token-file", str(token),
                  "--stall", "3")
    friend = bot(env, processes, port, code, "Ben")
    stalled.wait_for_line("stalled before move 3")
    stalled.kill()                                            # kill -9, mid-move
    server.wait_for_line("Ann left seat")
    back = bot(env, processes, port, code, "Ann", "--token-file", str(token))
    assert back.finish() == 0 and friend.finish() == 0
    taken = [line.rsplit(" ", 1)[1] for line in server.lines if "Ann took seat" in line]
    assert len(taken) == 2 and taken[0] == taken[1] == str(back.summary()["seat"] + 1)
    assert back.summary()["outcome"] == friend.summary()["outcome"] is not None


def test_the_host_killed_with_kill_9_resumes_from_its_save(env, processes, tmp_path):
    port = free_port()
    server, code = host(env, processes, port, "--play", "dominid", "--seats", "remote,remote")
    tokens = [tmp_path / "a", tmp_path / "b"]
    first = [bot(env, processes, port, code, name, "--token-file", str(token))
             for name, token in zip(("Ann", "Ben"), tokens)]
    save = Path(env["XDG_DATA_HOME"]) / "dominoes" / f"hosted-{port}.json"

    def saved():
        try:
            return json.loads(save.read_text())
        except (OSError, ValueError):
            return None
    assert wait_until(lambda: (saved() or {}).get("shell", {}).get("moves", 0) >= 6, 120)
    server.kill()                                             # kill -9
    before = saved()
    for process in first:
        process.finish(60)                                    # their connection is gone
    resumed, again = host(env, processes, port, "--resume")
    assert again == code == spoken_code(before["shell"]["network"]["code"])
    second = [bot(env, processes, port, code, name, "--token-file", str(token))
              for name, token in zip(("Ann", "Ben"), tokens)]
    for process in second:
        assert process.finish() == 0, "\n".join(process.lines[-20:])
    played = second[0].summary()["played"]
    kept = [[m["player"], m["move"]] for m in before["moves"]]
    assert played[:len(kept)] == kept and len(played) > len(kept)
    assert [p.summary()["seat"] for p in second] == [p.summary()["seat"] for p in first]


def test_the_headless_host_says_in_one_line_what_is_wrong(env, processes):
    for args, status, words in (
            (["--play", "chess"], 2, "unknown variant"),
            (["--play", "dominox", "--seats", "hard,greedy"], 2, "at least one remote seat"),
            (["--resume"], 2, "no hosted match is saved for port"),
            (["--takeover", "genius"], 2, "unknown computer level")):
        done = subprocess.run([PYTHON, "-m", "game.server", "--port", str(free_port()), *args],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        lines = done.stderr.strip().splitlines()
        assert done.returncode == status and len(lines) == 1 and words in lines[0], lines
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    done = subprocess.run([PYTHON, "-m", "game.server", "--port", str(port), "--bind",
                           "127.0.0.1"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    taken.close()
    assert done.returncode == 1 and "cannot listen on port" in done.stderr


def test_the_headless_host_hosts_classic_for_two_by_default(env, processes):
    server, code = host(env, processes)
    assert "Classic draw dominoes" in server.lines[0]
    assert server.lines[1].startswith("2 people join with")


def test_a_flood_is_refused_then_closed_and_the_others_play_on(monkeypatch):
    from network_support import Hosted, run_bot
    from game.server.bot import SeatBot
    hosted = Hosted("open3", ["remote", "remote"], {"limit": 10})
    try:
        flood = Peer(hosted.thread.port, "TEST42")
        flood.send_message(type="join", code="TEST42", name="Eve")
        token = flood.last("welcome")["token"]
        flood.send(b'{"v":2,"type":"ping"}\n' * 400)
        reasons = flood.refusals(5)
        assert set(reasons) == {"Too many messages: slow down."}
        assert wait_until(lambda: any("kept flooding: closed" in line
                                      for line in hosted.log), 30)
        # one line in the log for the run, however long it was
        assert sum("refused message: Too many messages" in line for line in hosted.log) == 1
        flood.close()
        ann = SeatBot(hosted.address, "TEST42", "Eve", token=token).start()
        ben = hosted.bot("Ben")
        for thread in [run_bot(ann), run_bot(ben)]:
            thread.join(120)
        assert hosted.match.state.is_over()
    finally:
        hosted.stop()
