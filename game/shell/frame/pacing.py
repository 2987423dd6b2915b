"""Idle pacing: the loop draws a frame only when something may have changed, and sleeps
on the event queue while nothing moves.

A frame is drawn when input arrived, the scene stack changed, the top scene says it is
animating (Scene.animating), or IDLE_REFRESH seconds passed since the last drawn frame (a
safety net for a change nobody announced). When none of that holds and no input came for
INPUT_GRACE seconds, the loop blocks on the event queue for up to IDLE_WAIT seconds
instead of ticking at 60 frames a second; the first event wakes it at once, so idling
adds no input delay.
"""
from __future__ import annotations

import time

import pygame

IDLE_WAIT = 0.1         # the longest sleep on the event queue (updates still run ~10/s)
IDLE_REFRESH = 0.5      # the longest time between two drawn frames
INPUT_GRACE = 0.3       # full rate this long after the last input (hover, clicks)


class Pacer:
    """Decides, frame by frame, whether to draw and whether the loop may sleep."""

    def __init__(self, now=time.perf_counter):
        self.now = now
        self.last_input = self.last_draw = float("-inf")
        self._stack_seen = None
        self._frame_at = float("-inf")     # when the last network frame_wait ended

    def input_arrived(self) -> None:
        self.last_input = self.now()

    def drew(self, stack) -> None:
        self.last_draw = self.now()
        self._stack_seen = tuple(map(id, stack))

    def _changed(self, stack) -> bool:
        return (tuple(map(id, stack)) != self._stack_seen
                or self.last_input >= self.last_draw
                or bool(stack and stack[-1].animating()))

    def should_draw(self, stack) -> bool:
        return self._changed(stack) or self.now() - self.last_draw >= IDLE_REFRESH

    def idle(self, stack) -> bool:
        """Nothing moves and nobody touched anything lately: the loop may sleep."""
        return not self._changed(stack) and self.now() - self.last_input >= INPUT_GRACE

    def frame_wait(self, fps: int, wake: int) -> list:
        """Wait out the rest of a frame at `fps` on the event queue, gathering the events
        that come (handled in the next frame, as ever); an event of type `wake` (the
        network's news) ends the wait at once, so it is drawn without waiting a frame."""
        events = []
        while (left := self._frame_at + 1 / fps - self.now()) >= 0.001:
            event = pygame.event.wait(round(left * 1000))
            if event.type == pygame.NOEVENT:
                break
            events.append(event)
            if event.type == wake:
                break
        self._frame_at = self.now()
        return events

    def wait(self) -> list:
        """Sleep until an event arrives (returned, to be handled first) or until the next
        idle update or refresh is due ([])."""
        due = min(IDLE_WAIT, IDLE_REFRESH - (self.now() - self.last_draw))
        event = pygame.event.wait(max(1, round(due * 1000)))
        return [] if event.type == pygame.NOEVENT else [event]
