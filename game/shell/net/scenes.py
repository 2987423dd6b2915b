"""The match scene of a network seat: the variant's own scene (line or board, as on the
couch), with the network seat's controller and a banner that says why the match waits
(someone to join or come back, an answer, a round's results), with the time left to a
player who dropped out, and on the host's machine (at a table: every machine, until the
seats are taken) the code and where to join.
"""
from __future__ import annotations

import functools
import time

import pygame

from game.i18n import N_, _
from game.server.secure import spoken_code
from game.shell.frame import theme
from game.shell.match.kinds import match_scene_class
from game.shell.line.art import BLANK_LEGEND, LEGEND
from game.shell.match.scene import RESULTS_DUE_LEGEND, MatchScenePart

from game.shell.net.controller import SeatController
from game.shell.net.words import heard, seat_name

# the keys as online: Esc opens the menu (nothing pauses)
NET_LEGENDS = {
    LEGEND: N_("Left/Right: tile or end    Up/Enter: pick, play    Esc: cancel, menu    "
               "D: draw    T: whose turn    E: ends    H: hints"),
    BLANK_LEGEND: N_("Left/Right: tile or end    Up/Enter: pick, play    Esc: cancel, menu    "
                     "N: end turn    T: whose turn    E: ends    H: hints"),
    RESULTS_DUE_LEGEND: N_("Enter or click: the results   Esc: menu")}
BANNER_WIDTH = 1100           # in the middle of the table: it shows only while play waits
LINE = 46


class NetMatchMixin(MatchScenePart):
    """Mixed in before a variant's match scene class (net_scene_class)."""

    controller_class = SeatController

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        # Packs' North sees the board from their side of the table, their home rank at
        # the bottom (on the couch one screen shows South's side to both)
        if self.ctl.config.variant == "open22" and self.ctl.viewer == 1:
            self.geo.turned = True

    def _status(self, player: int) -> tuple[str, tuple]:
        """A line game's panel status: a computer's seat (one taken over from a person
        who left, too) says so, with its level, when it is not to play."""
        status, colour = super()._status(player)  # type: ignore[misc]
        if not status and not self.ctl.config.seats[player].is_human:
            return self.seat_kind(player), theme.TEXT_DIM
        return status, colour

    def legend(self, playing: str) -> str:
        shown = super().legend(playing)
        return NET_LEGENDS.get(shown, shown)

    def draw(self, surface) -> None:
        super().draw(surface)
        lines = banner_lines(self.ctl, self.app.network)
        # (its countdown: the idle loop still draws twice a second); under an overlay (the
        # round's results fading in) it would show through: the overlay says what matters
        if lines and self.app.top is self:
            draw_banner(surface, lines)


@functools.cache
def net_scene_class(variant: str) -> type:
    base = match_scene_class(variant)
    return type(f"Net{base.__name__}", (NetMatchMixin, base), {})


def banner_lines(ctl, session) -> list[str]:
    """What the banner says: why the match waits, and the time left to whoever left; on
    the host's machine, the code and address friends join with."""
    lines = []
    if ctl.paused:
        lines.append(heard(ctl.paused))
    received = getattr(session, "table_received", None) or time.monotonic()
    for seat in ctl.seats_info:
        if seat.get("joined") and not seat.get("present") and "left" in seat:
            left = max(0, round(seat["left"] - (time.monotonic() - received)))
            lines += away_lines(seat_name(seat["name"]), left,
                                bool(getattr(session, "table_server", False)))
    if session is not None and session.host is not None and any(
            not seat.get("present") for seat in ctl.seats_info if seat.get("kind") == "person"):
        lines.append(_("Match code {code}  ·  join at {address}").format(
            code=spoken_code(session.code), address=session.host.address))
    elif getattr(session, "table_server", False) and session.code and any(
            not seat.get("joined") for seat in ctl.seats_info if seat.get("kind") == "person"):
        lines.append(_("Table code {code}  ·  Play online at {address}").format(
            code=spoken_code(session.code), address=session.address))
    return lines


def away_lines(name: str, left: int, table: bool) -> list[str]:
    """The banner's lines for a person gone: the time they may still come back in, then
    who may let the computer play (at a table, anyone there: nobody hosts it)."""
    if left:
        return [_("{name} may come back for {time}").format(
            name=name, time=f"{left // 60}:{left % 60:02d}")]
    return [_("{name} has been gone two minutes.").format(name=name),
            _("Anyone at the table may let the computer play for them (menu).") if table
            else _("The host may let the computer play for them (menu).")]


def draw_banner(surface, lines: list[str]) -> None:
    rect = pygame.Rect(0, 0, BANNER_WIDTH, 36 + LINE * len(lines))
    rect.center = (960, 470)
    theme.draw_panel(surface, rect, border=theme.HIGHLIGHT, alpha=235)
    for i, line in enumerate(lines):
        theme.draw_fitted(surface, line, (rect.centerx, rect.y + 18 + LINE * i + LINE // 2),
                          rect.w - 48, 36 if i == 0 else 32,
                          theme.HIGHLIGHT if i == 0 else theme.TEXT, "center", bold=i == 0)
