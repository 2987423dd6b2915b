"""The classic match's score chart beside its results: each player's running total over
the rounds in the seat colours, the point limit as a dashed line, and under it the tiles
left in each hand when the chosen round ended, which made that round's points.

`ScoreChart.of(state, names)` reads a ClassicMatch (its `finished_rounds`, `start_totals`
and limit); the results screen draws it in `area` and passes it Left/Right (choose a
round) and the pointer (the round under it).
"""
from __future__ import annotations

from game.i18n import _

import pygame

from game.shell.frame import theme, tile_art

AREA = pygame.Rect(960, 320, 880, 640)       # the chart and the round's tiles beneath it
PLOT_HEIGHT = 400
TILE_LONG = 46
GRID = (70, 96, 90)
DASH = 14


class ScoreChart:
    def __init__(self, names, start_totals, rounds, limit: int, area=AREA):
        self.names = list(names)
        self.start = tuple(start_totals)
        self.rounds = list(rounds)
        self.limit = limit
        self.area = pygame.Rect(area)
        self.selected = len(self.rounds) - 1          # the last round, to begin with
        # the plot itself: room for the number labels on the left and the rounds below
        self.plot = pygame.Rect(self.area.x + 90, self.area.y + 50, self.area.w - 120,
                                PLOT_HEIGHT - 110)
        top = max([self.limit] + [t for r in self.rounds for t in r.totals] + [1])
        self.step = next(s for s in (5, 10, 25, 50, 100, 250, 500, 1000, 10 ** 9)
                         if top / s <= 6)
        self.top = -(-top * 21 // 20 // self.step) * self.step or self.step

    @classmethod
    def of(cls, state, names, area=AREA) -> "ScoreChart":
        return cls(names, state.start_totals, state.finished_rounds, state.limit, area)

    # --- geometry ----------------------------------------------------------------------
    def point(self, index: int, total: int) -> tuple[int, int]:
        """Where the total after round `index` (0: before the first) lies."""
        count = max(1, len(self.rounds))
        x = self.plot.x + round(self.plot.w * index / count)
        y = self.plot.bottom - round(self.plot.h * min(total, self.top) / self.top)
        return x, y

    def round_at(self, pos) -> int | None:
        """The round (index into `rounds`) whose column holds `pos`, or None."""
        if not self.rounds or not self.plot.inflate(0, 60).collidepoint(pos):
            return None
        width = self.plot.w / len(self.rounds)
        index = round((pos[0] - self.plot.x) / width) - 1
        return min(max(index, 0), len(self.rounds) - 1)

    def lines(self) -> list[list[tuple[int, int]]]:
        """Per player the points of the running total, up to the round they went out."""
        result = []
        for player in range(len(self.names)):
            points = [self.point(0, self.start[player])]
            for i, rnd in enumerate(self.rounds, 1):
                points.append(self.point(i, rnd.totals[player]))
                if player in rnd.out:
                    break
            result.append(points)
        return result

    # --- input -------------------------------------------------------------------------
    def handle(self, action) -> bool:
        """Left/Right choose a round; the pointer over the chart chooses its round."""
        if not self.rounds:
            return False
        if action.name in ("left", "right"):
            step = -1 if action.name == "left" else 1
            self.selected = (self.selected + step) % len(self.rounds)
            return True
        if action.name in ("point", "click") and action.pos is not None:
            index = self.round_at(action.pos)
            if index is not None:
                self.selected = index
                return action.name == "click"
        return False

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface) -> None:
        plot = self.plot
        theme.draw_text(surface, _("Total points after each round"), (plot.x - 70, self.area.y),
                        28, theme.TEXT_DIM)
        pygame.draw.rect(surface, theme.PANEL, plot)       # the table must not show through
        if self.rounds:
            band = pygame.Rect(0, plot.y, 0, plot.h)
            band.x = self.point(self.selected, 0)[0]
            band.w = self.point(self.selected + 1, 0)[0] - band.x
            pygame.draw.rect(surface, (44, 64, 66), band)
        for value in range(0, self.top + 1, self.step):
            y = self.point(0, value)[1]
            pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
            theme.draw_text(surface, str(value), (plot.x - 12, y), 24, theme.TEXT_DIM,
                            "midright")
        pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.topleft, 2)
        pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, 2)
        self._draw_limit(surface)
        every = max(1, -(-len(self.rounds) // 12))
        for i in range(0, len(self.rounds) + 1, every):
            theme.draw_text(surface, str(i), (self.point(i, 0)[0], plot.bottom + 8), 24,
                            theme.TEXT_DIM, "midtop")
        theme.draw_text(surface, _("Round"), (plot.centerx, plot.bottom + 31), 26,
                        theme.TEXT_DIM, "midtop")
        for player, points in enumerate(self.lines()):
            colour = theme.PLAYER_COLOURS[player % len(theme.PLAYER_COLOURS)]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, 4)
            for point in points:
                pygame.draw.circle(surface, colour, point, 6)
        self._draw_round(surface)

    def _draw_limit(self, surface) -> None:
        y = self.point(0, self.limit)[1]
        for x in range(self.plot.x, self.plot.right, 2 * DASH):
            pygame.draw.line(surface, theme.ILLEGAL, (x, y), (min(x + DASH, self.plot.right), y), 3)
        theme.draw_text(surface, _("out at {limit}").format(limit=self.limit),
                        (self.plot.x + 10, y - 4), 24,
                        theme.ILLEGAL, "bottomleft")     # the lines start low on the left

    def _draw_round(self, surface) -> None:
        """The chosen round's leftover tiles per player, and the points they made."""
        y = self.area.y + PLOT_HEIGHT
        if not self.rounds:
            return
        rnd = self.rounds[self.selected]
        heading = _("Round {number}: the tiles left made the points "
                    "(Left/Right: another round)").format(number=rnd.number)
        lines = theme.wrap_text(heading, self.area.w - 40, 24)
        if len(lines) > 2:                  # (a third line would crowd the hands out)
            lines = [heading]
        for line in lines:                  # one line, or two where a language is longer
            theme.draw_fitted(surface, line, (self.area.x + 20, y), self.area.w - 40,
                              26 if len(lines) == 1 else 24, theme.TEXT_DIM, smallest=20)
            y += 40 if len(lines) == 1 else 30
        row = max(36, min(52, (self.area.bottom - y) // max(1, len(self.names))))
        for player, name in enumerate(self.names):
            colour = theme.PLAYER_COLOURS[player % len(theme.PLAYER_COLOURS)]
            pygame.draw.circle(surface, colour, (self.area.x + 30, y + row // 2 - 2), 9)
            theme.draw_fitted(surface, name, (self.area.x + 48, y + row // 2), 170, 28,
                              theme.TEXT, "midleft")
            tiles = rnd.hands[player] if player < len(rnd.hands) else ()
            self._draw_hand(surface, player, rnd, tiles, y + row // 2)
            y += row

    def _draw_hand(self, surface, player: int, rnd, tiles, centre_y: int) -> None:
        left, right = self.area.x + 230, self.area.right - 110
        if not tiles:
            played_in = player in self._seats(rnd)
            text = _("no tiles left") if played_in else _("out of the match")
            theme.draw_text(surface, text, (left, centre_y), 26, theme.TEXT_DIM, "midleft")
        else:
            width, height = tile_art.body_size(TILE_LONG)
            if len(tiles) * (width + 8) <= right - left:
                for i, tile in enumerate(tiles):
                    rect = pygame.Rect(left + i * (width + 8), centre_y - height // 2,
                                       width, height)
                    tile_art.draw_tile(surface, rect, tile_art.ends_of(tile))
            else:
                theme.draw_fitted(surface, ", ".join(map(str, tiles)), (left, centre_y),
                                  right - left, 26, theme.TEXT, "midleft")
        theme.draw_text(surface, f"= {rnd.scores[player]}", (self.area.right - 20, centre_y),
                        30, theme.TEXT, "midright", bold=True)

    def _seats(self, rnd) -> set:
        """The players dealt into `rnd`: everyone not out in an earlier round."""
        gone = {p for r in self.rounds if r.number < rnd.number for p in r.out}
        return set(range(len(self.names))) - gone
