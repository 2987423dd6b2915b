"""The host's match (game.server.match and agreement) without sockets: connections that
record what they are sent, a clock the test moves, computers that answer at once. Every
check a message goes through, the pauses, take-backs by agreement, the seat given to a
computer after the grace, rematches, and what the log says of each refusal."""
import json
import random

import pytest

from game.logic.agents import make_agent
from game.server.match import GRACE, HostedMatch, HostSeat
from game.server.protocol import ProtocolError, check_client_message


class Conn:
    """A connection as the host sees one: what it is sent, whether it was closed."""

    def __init__(self, peer="10.0.0.9:5000"):
        self.peer = peer
        self.messages: list[dict] = []
        self.closed = None

    def send(self, message):
        self.messages.append(message)

    def close(self, reason):
        self.closed = reason

    def last(self, kind):
        return next((m for m in reversed(self.messages) if m["type"] == kind), None)

    def reasons(self):
        return [m["reason"] for m in self.messages if m["type"] == "refused"]


class Instant:
    """A computer's thought that is ready at once (the real ones think in a worker)."""

    def __init__(self, level, view, rng):
        self.text = str(make_agent(level).choose(view, rng))

    def done(self):
        return True

    def move(self):
        return self.text

    def cancel(self):
        pass


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def hosted(variant="classic", kinds=("remote", "remote"), **kw):
    seats = [HostSeat(f"Seat {i + 1}") if k == "remote" else HostSeat(f"C{i}", "computer", k)
             for i, k in enumerate(kinds)]
    log = []
    clock = Clock()
    match = HostedMatch(variant, seats, kw.pop("options", {}), kw.pop("seed", 5), code="ABCD23",
                        log=log.append,
                        clock=clock, think=Instant, pace=0.0, **kw)
    match.log_lines, match.test_clock = log, clock
    return match


def join(match, name="Ann", code="abcd-23", token=None, conn=None):
    conn = conn or Conn()
    match.connect(conn)
    match.receive(conn, check_client_message({"v": 1, "type": "join", "code": code,
                                              "name": name, "token": token}))
    return conn


def on_the_hosts_machine(match, conn):
    """`conn`'s person again on a new connection from the host's own machine (with its
    key, "k"): that connection."""
    match.seats[conn.seat].conn = None
    host = Conn()
    match.connect(host)
    match.receive(host, check_client_message({
        "v": 1, "type": "join", "code": "ABCD23", "name": "Ann",
        "token": conn.last("welcome")["token"], "host_key": "k"}))
    return host


def send(match, conn, kind, **fields):
    match.receive(conn, check_client_message({"v": 1, "type": kind, **fields}))


def mover(match, conns):
    return next(c for c in conns if c.seat == match.state.current_player)


def test_a_join_needs_the_code_and_a_free_seat_and_the_seats_token_wins_it_back():
    match = hosted()
    wrong = join(match, code="ZZZZ99")
    assert wrong.closed and wrong.seat is None and "not this match's code" in wrong.reasons()[0]
    ann, ben = join(match, "Ann"), join(match, "Ben")
    assert (ann.seat, ben.seat) == (0, 1)
    assert ann.last("welcome")["token"] and ann.last("position")["view"]
    third = join(match, "Cy")
    assert third.closed and "Every seat" in third.reasons()[0]
    assert any("refused join" in line for line in match.log_lines)
    # Ann's old connection went stale (a laptop off the wifi): her token wins the seat
    again = join(match, "Ann", token=ann.last("welcome")["token"])
    assert again.seat == 0 and match.seats[0].conn is again
    assert ann.closed and "taken back" in ann.last("bye")["reason"]
    assert again.last("welcome")["token"] == ann.last("welcome")["token"]


def test_a_dropped_seat_is_never_given_to_a_stranger_and_its_owner_always_comes_back():
    match = hosted("classic", ("remote", "remote"), host_key="k")
    ann, ben = join(match, "Ann"), join(match, "Ben")
    host = on_the_hosts_machine(match, ann)
    token = ben.last("welcome")["token"]
    match.disconnect(ben)
    match.test_clock.now += GRACE + 1
    match.tick()
    stranger = join(match, "Eve")
    assert stranger.closed and stranger.seat is None and stranger.last("position") is None
    assert "Every seat" in stranger.reasons()[0]
    send(match, host, "takeover", seat=1, level="random")
    assert match.seats[1].kind == "computer"
    assert join(match, "Eve").seat is None, "nor once the computer plays it"
    back = join(match, "Ben", token=token)
    assert back.seat == 1 and match.seats[1].is_person and match.seats[1].conn is back


def test_every_bad_message_is_refused_with_a_reason_and_nothing_is_applied():
    match = hosted()
    ann, ben = join(match, "Ann"), join(match, "Ben")
    first = mover(match, [ann, ben])
    other = ben if first is ann else ann
    before = match.state.moves_played()
    legal = str(match.state.legal_moves()[0])
    send(match, other, "move", move=legal, ply=match.ply)            # out of turn
    send(match, first, "move", move=legal, ply=match.ply + 3)        # replayed / stale
    send(match, first, "move", move="9-9L", ply=match.ply)           # malformed move text
    send(match, first, "move", move="0-1Q", ply=match.ply)
    illegal = next(str(m) for m in (f"{t}L" for t in ("0-0", "1-1", "2-3"))
                   if not match.state.is_legal(m))
    send(match, first, "move", move=illegal, ply=match.ply)          # not legal now
    assert match.state.moves_played() == before
    assert other.reasons() == ["It is not your turn."]
    assert first.reasons()[0] == "That move was for an earlier position."
    assert len(first.reasons()) == 4
    # the rules' own reason for the illegal move, as a local game says it
    reason = match.state.illegal_reason(illegal)
    assert first.reasons()[3].lower() == reason.lower()
    refusals = [line for line in match.log_lines if "refused move" in line]
    assert len(refusals) == 5 and all("\n" not in line for line in refusals)
    send(match, first, "move", move=legal, ply=match.ply)
    assert len(match.state.moves_played()) == len(before) + 1


@pytest.mark.parametrize("message", [
    {"v": 1, "type": "move", "move": "6-6", "ply": -1},
    {"v": 1, "type": "move", "move": 5, "ply": 0},
    {"v": 1, "type": "move", "ply": 0},
    {"v": 1, "type": "move", "move": "6-6", "ply": 0, "extra": 1},
    {"v": 1, "type": "explode"},
    {"v": 1, "type": "join", "code": "x" * 500, "name": "A"},
    {"v": 1, "type": "answer", "ask": 1, "yes": "yes"},
])
def test_a_message_of_the_wrong_shape_is_refused_before_the_match_reads_it(message):
    with pytest.raises(ProtocolError):
        check_client_message(message)


@pytest.mark.parametrize("ply", [99999999999, 2 ** 31, -1])
def test_a_number_out_of_range_is_refused_in_plain_words(ply):
    """(99999999999 was refused as not "a whole number from 0")"""
    with pytest.raises(ProtocolError, match=r"^move: ply must be a whole number from 0 to "
                                            r"2147483647$"):
        check_client_message({"v": 1, "type": "move", "move": "6-6", "ply": ply})
    assert check_client_message({"v": 1, "type": "undo", "ply": 2 ** 31 - 1})


def test_a_player_who_drops_out_holds_up_their_own_turn_and_comes_back_with_the_token():
    match = hosted("classic", ("remote", "remote"))
    ann, ben = join(match, "Ann"), join(match, "Ben")
    token = ben.last("welcome")["token"]
    match.disconnect(ben)
    table = ann.last("table")
    assert table["seats"][1]["left"] == pytest.approx(GRACE)
    while match.state.current_player == ann.seat:      # Ann plays her turn meanwhile
        assert match.paused() is None
        send(match, ann, "move", move=str(match.state.legal_moves()[0]), ply=match.ply)
    played = len(match.state.moves_played())
    assert match.paused() == "Waiting for Ben to come back."          # Ben's turn waits
    stranger = join(match, "Eve")
    assert stranger.closed, "a dropped player's seat is theirs during the grace"
    back = join(match, "Ben", token=token)
    assert back.seat == 1 and match.paused() is None
    assert len(back.last("position")["moves"]) == played


def test_after_the_grace_the_host_gives_the_seat_to_a_computer_who_plays_it():
    match = hosted("dominox", ("remote", "remote"), host_key="k")
    ann_host = on_the_hosts_machine(match, join(match, "Ann"))
    ben = join(match, "Ben")
    match.disconnect(ben)
    send(match, ann_host, "takeover", seat=1, level="random")
    assert "still has time" in ann_host.reasons()[-1]
    match.test_clock.now += GRACE + 1
    match.tick()
    assert ann_host.last("table")["seats"][1]["left"] == 0
    send(match, ann_host, "takeover", seat=1, level="random")
    assert match.seats[1].kind == "computer"
    for _ in range(200):                       # the computer now answers Ann's moves
        if match.state.is_over():
            break
        if match.state.current_player == 0:
            send(match, ann_host, "move", move=str(match.state.legal_moves()[0]), ply=match.ply)
        match.tick()
    assert match.state.is_over()


def test_only_the_hosts_own_machine_gives_seats_away():
    match = hosted("classic", ("remote", "remote"))
    ann, ben = join(match, "Ann"), join(match, "Ben")
    match.disconnect(ben)
    match.test_clock.now += GRACE + 1
    send(match, ann, "takeover", seat=1, level="greedy")
    assert ann.reasons()[-1] == "Only the host gives a seat to the computer."
    assert match.seats[1].is_person


def two_played_three_moves(variant: str = "dominox"):
    """(match, asker, asked): Ann and Ben at a hosted match, three moves played; the asker
    is the one not to move (their move is the last but one), the asked the other."""
    match = hosted(variant)
    ann, ben = join(match, "Ann"), join(match, "Ben")
    for _ in range(3):
        conn = mover(match, [ann, ben])
        send(match, conn, "move", move=str(match.state.legal_moves()[0]), ply=match.ply)
    asker = next(c for c in (ann, ben) if c.seat != match.state.current_player)
    return match, asker, ann if asker is ben else ben


def test_a_take_back_asks_the_other_person_and_waits_for_the_answer():
    match, asker, asked = two_played_three_moves()
    played = len(match.state.moves_played())
    send(match, asker, "undo", ply=match.ply)
    question = asked.last("ask")
    assert question and "allow" in question["question"]
    assert match.paused() == f"Waiting for {match.seats[asked.seat].name} to answer."
    send(match, asker, "answer", ask=question["ask"], yes=True)    # not the asker's to answer
    assert "no such question" in asker.reasons()[-1]
    send(match, asked, "answer", ask=question["ask"], yes=False)
    assert len(match.state.moves_played()) == played
    assert "said no" in asker.last("said")["text"]
    send(match, asker, "undo", ply=match.ply)        # at once again: griefing, refused
    assert asker.reasons()[-1] == "Your take-back was refused: ask again after the next move."
    assert match.paused() is None, "the other may move"
    send(match, asked, "move", move=str(match.state.legal_moves()[0]), ply=match.ply)
    send(match, asker, "undo", ply=match.ply)        # the position changed: asked again
    send(match, asked, "answer", ask=asked.last("ask")["ask"], yes=True)
    assert len(match.state.moves_played()) == played - 1
    assert match.state.current_player == asker.seat
    assert asker.last("position")["from"] == played - 1


def test_a_take_back_is_agreed_by_every_other_person_whose_move_it_undoes():
    """Two people's moves go with the asker's turn: each is asked, one after the other
    (a couch partner's move was undone unasked); one no is enough."""
    for answer in (False, True):                       # (one no: nothing is undone)
        match = hosted("classic", ("remote", "remote", "remote"))     # (the same deal)
        conns = [join(match, name) for name in ("Ann", "Ben", "Cy")]
        for _ in range(3):
            send(match, mover(match, conns), "move", move=str(match.state.legal_moves()[0]),
                 ply=match.ply)
        asker = mover(match, conns)                    # the turn came round to them again
        last, middle = (next(c for c in conns if c.seat == (asker.seat + k) % 3)
                        for k in (2, 1))
        played = len(match.state.moves_played())
        send(match, asker, "undo", ply=match.ply)
        send(match, last, "answer", ask=last.last("ask")["ask"], yes=True)
        assert len(match.state.moves_played()) == played, "the other one is not asked yet"
        question = middle.last("ask")
        assert question and "allow" in question["question"]
        assert match.paused() == f"Waiting for {match.seats[middle.seat].name} to answer."
        send(match, middle, "answer", ask=question["ask"], yes=answer)
        assert len(match.state.moves_played()) == (played - 3 if answer else played)
        assert match.state.current_player == asker.seat


def test_a_take_back_is_refused_when_there_is_nothing_of_ones_own_to_take():
    match = hosted("open3")
    ann, ben = join(match, "Ann"), join(match, "Ben")
    second = next(c for c in (ann, ben) if c.seat != match.state.current_player)
    send(match, second, "undo", ply=match.ply)
    assert second.reasons() == ["You have no move to take back yet."]


def test_a_line_match_waits_for_everyone_to_see_a_rounds_results():
    match = hosted("classic", ("remote", "remote"), options={"limit": 50})
    ann, ben = join(match, "Ann"), join(match, "Ben")
    rng = random.Random(3)
    while not match.state.finished_rounds:
        conn = mover(match, [ann, ben])
        send(match, conn, "move", move=str(rng.choice(match.state.legal_moves())),
             ply=match.ply)
    assert "see the round's results" in match.paused()
    assert ann.last("table")["paused"] == match.paused()
    send(match, ann, "continue", ply=match.ply)
    assert "Ben" in match.paused() and "Ann" not in match.paused()
    send(match, ben, "continue", ply=match.ply)
    assert match.paused() is None


def test_a_rematch_is_dealt_once_every_person_wants_one():
    match = hosted("blank", ("remote", "remote", "greedy"))
    ann, ben = join(match, "Ann"), join(match, "Ben")
    send(match, ann, "rematch")
    assert ann.reasons() == ["The game is not over yet."]
    rng = random.Random(2)
    while not match.state.is_over():
        match.tick()
        if match.state.is_over():
            break
        if match.seats[match.state.current_player].is_person:
            conn = mover(match, [ann, ben])
            send(match, conn, "move", move=str(rng.choice(match.state.legal_moves())),
                 ply=match.ply)
    assert ann.last("position")["final"] is not None
    old = match.state
    send(match, ann, "rematch")
    assert match.state is old and "waiting for Ben" in ann.last("said")["text"]
    send(match, ben, "rematch")
    assert match.state is not old and not match.state.moves_played()
    assert ben.last("welcome")["seat"] == 1
    # blank tiles pass the opening seat on: the rematch deals with the options it gives
    assert match.chosen == old.rematch_options()


def test_a_fault_in_the_match_never_reaches_the_peer_as_a_crash(monkeypatch):
    from game.server.host import MatchServer
    match = hosted()
    server = MatchServer(match, log=match.log_lines.append)
    monkeypatch.setattr(match, "tick", lambda: 1 / 0)
    server._guard(match.tick)
    assert any(line.startswith("host error:") and "ZeroDivisionError" in line
               for line in match.log_lines)


class Transport:
    def __init__(self, waiting: int):
        self.waiting = waiting
        self.aborted = False

    def get_write_buffer_size(self):
        return self.waiting

    def abort(self):
        self.aborted, self.waiting = True, 0


class Writer:
    """What a connection writes to: how much waits for the peer, what was written."""

    def __init__(self, waiting: int):
        self.transport = Transport(waiting)
        self.written: list[bytes] = []
        self.closed = False

    def get_extra_info(self, name):
        return ("10.0.0.7", 4000)

    def write(self, data):
        self.written.append(data)

    def write_eof(self):
        self.closed = True

    def close(self):
        self.closed = True


def test_a_peer_that_does_not_read_is_dropped_before_the_host_holds_more_for_it():
    from game.server.host import SLOW_LIMIT, Connection
    log = []
    slow = Connection(None, Writer(SLOW_LIMIT - 10), log.append)
    slow.send({"type": "said", "text": "a line longer than ten bytes"})
    assert slow.closed and slow.writer.transport.aborted and slow.writer.written == []
    assert log == ["10.0.0.7:4000: does not read what it is sent: closed"]
    quick = Connection(None, Writer(0), log.append)
    quick.send({"type": "said", "text": "hello"})
    assert not quick.closed and quick.bytes_sent == len(quick.writer.written[0])


def test_messages_past_the_rate_are_refused_until_the_allowance_comes_back(monkeypatch):
    import game.server.host as host_module
    from game.server.host import BURST, RATE, Connection
    now = [100.0]
    monkeypatch.setattr(host_module.time, "monotonic", lambda: now[0])
    conn = Connection(None, Writer(0), print)
    assert all(conn.allowed() for _ in range(BURST))
    assert not conn.allowed()
    now[0] += 1.5 / RATE                     # one message more may come
    assert conn.allowed() and not conn.allowed()


def test_a_flood_with_a_pause_now_and_then_is_still_closed(monkeypatch):
    """3,300 messages a second with a 60 ms pause every 200: each pause lets one message
    through, which must not forgive the flood."""
    import asyncio

    import game.server.host as host_module
    from game.server.guard import FLOOD_LIMIT
    from game.server.host import Connection, MatchServer
    now = [100.0]
    monkeypatch.setattr(host_module.time, "monotonic", lambda: now[0])
    match = hosted()
    server = MatchServer(match, log=match.log_lines.append)
    conn = Connection(None, Writer(0), match.log_lines.append)
    match.connect(conn)
    ping = b'{"v":2,"type":"ping"}'

    async def flood():
        for sent in range(1, 3 * FLOOD_LIMIT):
            if conn.closed:
                return sent
            await server._handle(conn, ping)
            now[0] += 1 / 3300 + (0.06 if sent % 200 == 0 else 0)
        return None
    sent = asyncio.run(flood())
    assert sent is not None and conn.closed and conn.writer.closed
    assert any("kept flooding: closed" in line for line in match.log_lines)
    last = json.loads(conn.writer.written[-1])        # (it was told why, then closed)
    assert last["type"] == "closed" and "too many messages" in last["reason"]


def test_a_seat_never_joined_is_the_invited_friends_for_the_grace_too():
    """Anyone seated at a table took the seat of a friend who had not come yet, at once,
    locking them out; a hosted match keeps it for its host alike."""
    for at_table, kw in ((True, {}), (False, {"host_key": "k"})):
        match = hosted("classic", ("remote", "remote"), at_table=at_table, **kw)
        ann = join(match, "Ann")
        ann = ann if at_table else on_the_hosts_machine(match, ann)
        send(match, ann, "takeover", seat=1, level="random")
        assert ann.reasons()[-1] == "Seat 2 still has time to join."
        assert match.seats[1].is_person and ann.last("table")["seats"][1]["left"] > 0
        match.test_clock.now += GRACE + 1
        match.tick()
        assert ann.last("table")["seats"][1]["left"] == 0
        send(match, ann, "takeover", seat=1, level="random")
        assert match.seats[1].kind == "computer"
