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
LEGEND = ("Click, Left/Right: pick tile   R, right-click, wheel: turn   F: flip   "
          "Arrows: move   Enter, click: place   H: cheapest spots   V: clusters   "
          "Esc: back / pause")


def signed(n: int) -> str:
    """A number with a true minus sign: "−3", "0", "4"."""
    return f"−{-n}" if n < 0 else str(n)


def parity_words(parity: str) -> str:
    return f"{parity} ({NUMBERS[parity]})"


class Adapter(BoardAdapter):
    tool = StackTool
    title = "Dominid"
    info_note = ("Lowest score wins:", "cost − your clusters of 3+")
    draw_note = "You draw a tile after each one you lay, while the stock lasts."
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
        return [(f"Cost {view.costs[player]}", 40, GOLD, True)]

    def card_footer(self, player: int, over: bool) -> list[tuple]:
        view = self.view()
        parity = view.parities[player]
        if parity is None:
            first = self.game.first
            if first is None:          # a position set up after the opening
                laid = [p for p, m in self.game.moves_played() if isinstance(m, Placement)]
                first = laid[0] if laid else view.current_player
            when = "now" if view.declaring else "after a tile"
            later = (f"{self.ctl.name(first)} picks {when}" if not view.arranging
                     or player == first else "Takes 3 tiles once the opening lies")
            return [("Numbers: not chosen yet", 28, theme.TEXT_DIM, False),
                    (later, 26, theme.TEXT_DIM, False)]
        cost, points = view.costs[player], view.cluster_points()[player]
        first = (f"{parity.capitalize()}: {NUMBERS[parity]}", 36, theme.TEXT, True)
        if over:
            return [first, (f"Cost {cost}, clusters {signed(-points)}", 28, theme.TEXT_DIM, False),
                    ("Final score (lowest wins)", 26, theme.TEXT_DIM, False)]
        return [first, (f"Score now {cost} − {points} = {signed(cost - points)}", 28,
                        theme.TEXT_DIM, False)]

    # --- captions ---------------------------------------------------------------------
    def opening_caption(self) -> str:
        deal = (getattr(self.game, "start", None) or {}).get("deal")
        mover = self.game.current_player
        if mover is None:
            return self.final_caption()
        if not deal or self.game.moves_played():          # a position or a saved match
            return f"{self.ctl.name(mover)} to move."
        draws, first = deal["draws"], self.game.first
        said = f"{self.ctl.name(0)} turned up {draws[0]}, {self.ctl.name(1)} {draws[1]}: "
        if self.game.arranging:
            return (said + f"{self.ctl.name(first)} moves first, so "
                    f"{self.ctl.name(mover)} arranges the two in the middle.")
        return said + f"{self.ctl.name(mover)} begins, then chooses odds or evens."

    def last_words(self, move) -> str:
        if isinstance(move, Arrangement):
            return "arranged the opening"
        if str(move) in NUMBERS:
            return f"chose {parity_words(str(move))}"
        return super().last_words(move)

    def move_caption(self, player: int, move, before, after) -> str:
        name = self.ctl.name(player)
        if move == PASS:
            return f"{name} cannot lay a tile and passes."
        if isinstance(move, Arrangement):
            return (f"{name} arranged the opening and takes three tiles. "
                    f"{self.ctl.name(1 - player)} begins.")
        if str(move) in NUMBERS:
            other = after.parities[1 - player]
            return (f"{name} chose {parity_words(str(move))}; {self.ctl.name(1 - player)} "
                    f"gets {parity_words(other)}.")
        found = before.cost_of(move)
        cost = after.costs[player] - before.costs[player]
        level = after.level_at(move.first)
        why = f" ({pair_words(move, found[1])})" if found else ""
        caption = f"{name} laid {move.tile} at level {level}: cost {cost}{why}."
        if after.declaring:
            caption += f" {name} now chooses odds or evens."
        return caption

    def final_caption(self) -> str:
        outcome = self.game.outcome()
        scores = outcome.scores
        if outcome.winner is None:
            return f"A draw: {signed(scores[0])} each (cost minus clusters)."
        winner = outcome.winner
        win, lose = scores[winner], scores[1 - winner]
        parity = self.view().parities[winner]
        who = f"{self.ctl.name(winner)} ({parity})" if parity else self.ctl.name(winner)
        return f"{who} wins with the lower score, {signed(win)} to {signed(lose)}."

    # --- the end ----------------------------------------------------------------------
    scores_live = "clusters"

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
        return rows, ("Player", "Cost", "Clusters", "Final")

    def read_aloud(self) -> str:
        view = self.view()
        parts = []
        for p in (0, 1):
            parity = view.parities[p]
            numbers = f", {parity}" if parity else ""
            parts.append(f"{self.ctl.name(p)}: cost {view.costs[p]}{numbers}, score now "
                         f"{view.scores_now()[p]}")
        return "; ".join(parts) + f". {theme.count(view.stock_size, 'tile')} in the stock."

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
    cx = sum(f for f, _ in cells) / len(cells)
    cy = sum(r for _, r in cells) / len(cells)
    return min(cells, key=lambda s: ((s[0] - cx) ** 2 + (s[1] - cy) ** 2, s))

