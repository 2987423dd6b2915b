"""The loop idles: with nothing moving and no input it sleeps on the event queue and
draws only now and then; the first event after idling is handled in that same pass."""
import pygame

from game.play.config import MatchConfig, Seat
from game.shell.frame import pacing
from game.shell.frame.pacing import Pacer
from test_shell_support import FakeClock, make_app, quiet_app


class FakeTime:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_title_menu_sleeps_and_skips_frames_when_nothing_happens(tmp_path, monkeypatch):
    app = make_app(tmp_path, clock=FakeClock(100))
    now = FakeTime()
    app.pacer = Pacer(now)
    pygame.event.clear()
    sleeps = []

    def wait():
        sleeps.append(now.t)
        now.t += pacing.IDLE_WAIT        # as if the queue stayed empty that long
        if len(sleeps) == 20:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return []

    monkeypatch.setattr(app.pacer, "wait", wait)
    app.run()
    assert len(sleeps) == 20                 # every pass after the first frame slept
    # 2 s of idling: a refresh every IDLE_REFRESH seconds, not 120 frames
    assert 1 <= app.frame <= 2 / pacing.IDLE_REFRESH + 1


def test_an_event_wakes_the_loop_and_is_handled_at_once(tmp_path):
    app = make_app(tmp_path)
    now = FakeTime()
    app.pacer = Pacer(now)
    app.running = True
    pygame.event.clear()    # (an event posted by an earlier test's thread counts as input)
    app.run_frame(1 / 60, lazy=True)          # the first frame is drawn
    now.t += 5
    assert app.pacer.idle(app.stack)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode=""))
    events = app.pacer.wait()                 # returns the waiting event, no timeout
    assert [e.type for e in events] == [pygame.KEYDOWN]
    drawn, focus = app.frame, app.top.menu.focus
    app.run_frame(0.0, events, lazy=True)
    assert app.top.menu.focus == focus + 1    # handled in this very pass
    assert app.frame == drawn + 1             # and drawn at once
    assert not app.pacer.idle(app.stack)      # full rate for a moment after input


def test_a_match_runs_full_rate_while_computers_think_and_idles_for_a_human(tmp_path):
    app = quiet_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Cy", "computer", "random")),
                                {}, 5))
    scene = app.top
    for _ in range(600):
        if scene.ctl.thinking:
            assert scene.animating()
        app.advance(1 / 60)
        if scene.ctl.human_turn and scene.clock - scene.moved_at > 3:
            break
    assert scene.ctl.human_turn
    assert not scene.animating()              # waiting for a person: nothing moves
