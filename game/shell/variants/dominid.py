"""Dominid on the board scene: two players build one structure out and up, each paying
the distance to the pair a tile borders, scored like golf (docs/rules.md, Dominid).

The table is a slate grid; each tile stands on a block in its level's tone with a shadow
that grows with the height and a level badge from 2 up (board.tiles.stack_art). The input
tool (board.tiles.stack_tool) shows the level, cost and pair of a placement before the
click and the odds-or-evens choice after the first player's first move. Cards carry
each player's running cost and numbers; at the end the clusters are outlined and counted
on the board and the cards and results show cost - clusters = final, lowest winning.
"""
from __future__ import annotations

from game.i18n import N_, _, ngettext

import pygame

from game.logic.board.placement import Placement
from game.logic.core import PASS
from game.logic.dominid.opening import Arrangement
from game.shell.board.adapter import BoardAdapter
from game.shell.board.art import LAST_MOVE, draw_coordinates, draw_frame, draw_placed
from game.shell.board.geometry import BoardGeometry, squares_of
from game.shell.board.table import BOARD_AREA
from game.shell.frame import theme
from game.shell.board.tiles.stack_art import (Stacker, cells_of, level_key, level_key_rect,
                                              outline_cells)
from game.shell.board.tiles.stack_tool import StackTool, pair_words

GOLD = (255, 206, 84)
NUMBERS = {"odds": "1 3 5", "evens": "2 4 6"}
PARITIES = {"odds": N_("odds"), "evens": N_("evens")}
LEGEND = N_("Click, Left/Right: pick tile   R, right-click, wheel: turn   F: flip   "
            "Arrows: move   Enter, click: place   H: cheapest spots   V: clusters   "
            "Esc: back / pause")


def signed(n: int) -> str:
    """A number with a true minus sign: "−3", "0", "4"."""
    return f"−{-n}" if n < 0 else str(n)


def parity_words(parity: str) -> str:
    return f"{_(PARITIES[parity])} ({NUMBERS[parity]})"


class Adapter(BoardAdapter):
    tool = StackTool
    title = N_("Dominid")
    info_note = (N_("Lowest score wins:"), N_("cost − your clusters of 3+"))
    draw_note = N_("You draw a tile after each one you lay, while the stock lasts.")
    legend = LEGEND

    def __init__(self, scene):
        super().__init__(scene)
        self.stacker = Stacker(scene.geo)
        self.stacker.warm()
        self._bare = None                  # the empty table (geo.outer), to redraw tiles on

    def view(self):
        return self.scene.table_view()          # (the table, costs and numbers are public)

    # --- the board --------------------------------------------------------------------
    def draw_board(self, surface, geo: BoardGeometry, font) -> None:
        blocked = {geo.index_square(i) for i in self.game.shape.blocked}
        draw_frame(surface, geo)
        self.stacker.draw_table(surface, blocked)
        if font is not None:
            draw_coordinates(surface, geo, font)
        key = level_key_rect(geo, BOARD_AREA)
        if key is not None:                # the key of the level tones, right of the board
            level_key(surface, key)
        self._bare = surface.subsurface(geo.outer).copy()

    def settle(self, surface, geo, view, start: int, end: int) -> None:
        """Tiles stack: every settled tile is drawn again, in level order, on the bare
        table (a few milliseconds once a move)."""
        if self._bare is not None:
            surface.blit(self._bare, geo.outer)
        self.stacker.draw_structure(surface, view, end)

    def draw_last(self, surface, geo, view, body, settled: bool) -> None:
        placement = view.placed[-1]
        s1, s2 = squares_of(placement)
        level = view.level_at(placement.first)
        footprint = self.stacker.footprint(s1, s2)
        if not settled:
            footprint.center = body.center
        self.stacker.draw_tile(surface, placement, level, footprint)
        reach = self.stacker.shadow_offset(level) + self.stacker.badge_r
        self.stacker.redraw_badges(surface, footprint.inflate(2 * reach, 2 * reach), (s1, s2))
        if settled:
            width = max(3, geo.size // 16)
            pygame.draw.rect(surface, LAST_MOVE, footprint.inflate(2 * width, 2 * width),
                             width, border_radius=self.stacker.radius + width)
            if level >= 2:
                self.stacker.draw_badge(surface, level, max((s1, s2),
                                                            key=lambda s: (s[1], -s[0])))

    # --- the cards --------------------------------------------------------------------
    def card_lines(self, player: int, over: bool) -> list[tuple]:
        view = self.view()
        if over:
            cost, points = view.costs[player], view.cluster_points()[player]
            return [(f"{cost} − {points} = {signed(cost - points)}", 48, GOLD, True)]
        return [(_("Cost {cost}").format(cost=view.costs[player]), 40, GOLD, True)]

    def card_footer(self, player: int, over: bool) -> list[tuple]:
        view = self.view()
        parity = view.parities[player]
        if parity is None:
            first = self.game.first
            if first is None:          # a position set up after the opening
                laid = [p for p, m in self.game.moves_played() if isinstance(m, Placement)]
                first = laid[0] if laid else view.current_player
            picks = (_("{name} picks now") if view.declaring else
                     _("{name} picks after a tile")).format(name=self.ctl.name(first))
            later = (picks if not view.arranging or player == first else
                     _("Takes 3 tiles once the opening lies"))
            return [(_("Numbers: not chosen yet"), 28, theme.TEXT_DIM, False),
                    (later, 26, theme.TEXT_DIM, False)]
        cost, points = view.costs[player], view.cluster_points()[player]
        named = _(PARITIES[parity])
        first = (f"{named[:1].upper()}{named[1:]}: {NUMBERS[parity]}", 36, theme.TEXT, True)
        if over:
            return [first, (_("Cost {cost}, clusters {clusters}").format(
                        cost=cost, clusters=signed(-points)), 28, theme.TEXT_DIM, False),
                    (_("Final score (lowest wins)"), 26, theme.TEXT_DIM, False)]
        return [first, (_("Score now {cost} − {points} = {score}").format(
            cost=cost, points=points, score=signed(cost - points)), 28, theme.TEXT_DIM, False)]

    # --- captions ---------------------------------------------------------------------
    def opening_caption(self) -> str:
        deal = (getattr(self.game, "start", None) or {}).get("deal")
        mover = self.game.current_player
        if mover is None:
            return self.final_caption()
        if not deal or self.game.moves_played():          # a position or a saved match
            return _("{name} to move.").format(name=self.ctl.name(mover))
        draws, first = deal["draws"], self.game.first
        said = _("{name} turned up {tile}, {other} {other_tile}:").format(
            name=self.ctl.name(0), tile=draws[0], other=self.ctl.name(1), other_tile=draws[1])
        if self.game.arranging:
            return said + " " + _("{first} moves first, so {name} arranges the two in the "
                                  "middle.").format(first=self.ctl.name(first),
                                                    name=self.ctl.name(mover))
        return said + " " + _("{name} begins, then chooses odds or evens.").format(
            name=self.ctl.name(mover))

    def last_words(self, move) -> str:
        if isinstance(move, Arrangement):
            return _("arranged the opening")
        if str(move) in NUMBERS:
            return _("chose {numbers}").format(numbers=parity_words(str(move)))
        return super().last_words(move)

    def move_caption(self, player: int, move, before, after) -> str:
        name = self.ctl.name(player)
        if move == PASS:
            return _("{name} cannot lay a tile and passes.").format(name=name)
        if isinstance(move, Arrangement):
            return _("{name} arranged the opening and takes three tiles. {other} "
                     "begins.").format(name=name, other=self.ctl.name(1 - player))
        if str(move) in NUMBERS:
            other = after.parities[1 - player]
            return _("{name} chose {numbers}; {other} gets {other_numbers}.").format(
                name=name, numbers=parity_words(str(move)), other=self.ctl.name(1 - player),
                other_numbers=parity_words(other))
        found = before.cost_of(move)
        cost = after.costs[player] - before.costs[player]
        level = after.level_at(move.first)
        why = f" ({pair_words(move, found[1])})" if found else ""
        caption = _("{name} laid {tile} at level {level}: cost {cost}{why}.").format(
            name=name, tile=move.tile, level=level, cost=cost, why=why)
        if after.declaring:
            caption += " " + _("{name} now chooses odds or evens.").format(name=name)
        return caption

    def final_caption(self) -> str:
        outcome = self.game.outcome()
        scores = outcome.scores
        if outcome.winner is None:
            return _("A draw: {score} each (cost minus clusters).").format(
                score=signed(scores[0]))
        winner = outcome.winner
        win, lose = scores[winner], scores[1 - winner]
        parity = self.view().parities[winner]
        who = (_("{name} ({side})").format(name=self.ctl.name(winner), side=_(PARITIES[parity]))
               if parity else self.ctl.name(winner))
        return _("{name} wins with the lower score, {score} to {other}.").format(
            name=who, score=signed(win), other=signed(lose))

    # --- the end ----------------------------------------------------------------------
    scores_live = N_("clusters")

    def scoring_layer(self, geo: BoardGeometry, font) -> pygame.Surface:
        """The clusters as they would count now, outlined and counted as at the end."""
        return self.end_layer(geo, font)

    def end_layer(self, geo: BoardGeometry, font) -> pygame.Surface:
        """Every cluster outlined in its owner's colour and counted ("-3") on its most
        central cell."""
        layer = pygame.Surface(geo.outer.size, pygame.SRCALPHA)
        offset = (-geo.outer.x, -geo.outer.y)
        width = max(3, geo.size // 10)
        radius = max(12, round(geo.size * 0.34))
        for cluster in self.view().clusters():
            cells = cells_of(cluster.cells)
            colour = (200, 200, 200) if cluster.owner is None else self.seat_colour(cluster.owner)
            inset = width // 2 + 2
            outline_cells(layer, geo, cells, (12, 10, 8, 255), width + 4, offset, inset)
            outline_cells(layer, geo, cells, (*colour, 255), width, offset, inset)
            centre = geo.square_rect(_central(cells)).move(offset).center
            pygame.draw.circle(layer, (12, 10, 8, 235), (centre[0] + 2, centre[1] + 3), radius)
            pygame.draw.circle(layer, (*colour, 255), centre, radius)
            pygame.draw.circle(layer, (250, 244, 228, 255), centre, radius, max(2, radius // 7))
            label = theme.font(round(radius * 1.1), True).render(
                f"−{len(cells)}", True, (255, 255, 255))
            layer.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))
        return layer

    def results(self) -> tuple[list, tuple]:
        view = self.view()
        points = view.cluster_points()
        rows = [(self.ctl.name(p), str(view.costs[p]), signed(-points[p]),
                 signed(view.costs[p] - points[p])) for p in (0, 1)]
        return rows, (_("Player"), _("Cost"), _("Clusters"), _("Final"))

    def read_aloud(self) -> str:
        view = self.view()
        parts = []
        for p in (0, 1):
            parity = view.parities[p]
            numbers = f", {_(PARITIES[parity])}" if parity else ""
            parts.append(_("{name}: cost {cost}{numbers}, score now {score}").format(
                name=self.ctl.name(p), cost=view.costs[p], numbers=numbers,
                score=view.scores_now()[p]))
        return "; ".join(parts) + ". " + ngettext(
            "{count} tile in the stock.", "{count} tiles in the stock.",
            view.stock_size).format(count=view.stock_size)

    def show_move(self, surface, geo, move) -> None:
        """The arranged opening: both tiles' ghosts, one frame round the pair."""
        if not isinstance(move, Arrangement):
            super().show_move(surface, geo, move)
            return
        for placement in move.placements:
            draw_placed(surface, geo, placement, "ghost_ok")
        theme.outline_suggestion(surface, geo.span_rect(*squares_of(move.left)).union(
            geo.span_rect(*squares_of(move.right))), 4)


def _central(cells):
    cx = sum(f for f, _x in cells) / len(cells)
    cy = sum(r for _x, r in cells) / len(cells)
    return min(cells, key=lambda s: ((s[0] - cx) ** 2 + (s[1] - cy) ** 2, s))

