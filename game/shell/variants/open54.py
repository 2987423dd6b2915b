"""Spread (open-board game 54) on the board scene: 2 to 4 seats spreading tiles from one
pack over a plain board of 8 x 8 cells, each cell a share of two squares (8 x 16), every
touching pair of numbers equal (docs/rules.md, Spread).

The pack and every hand's size show on the table; the tile turned up at the start of a
turn shows large by the pack, and face up on its holder's card for as long as it stays in
the hand (everyone saw it); blocked shares stand on the board as stone blocks; doubles
turned face down (option face_down) lie face down. Fewer tiles in hand wins."""
from __future__ import annotations

from game.i18n import N_, _, ngettext

import pygame

from game.shell.board.adapter import BoardAdapter
from game.shell.board.art import (FRAME_INNER, draw_coordinates, draw_frame, draw_obstacle,
                                  draw_squares)
from game.shell.board.geometry import BoardGeometry

GOLD = (255, 206, 84)
SQUARE = ((200, 176, 132), (184, 160, 116))       # (fill, edge): one plain wood colour
CELL_LINE = FRAME_INNER


class Adapter(BoardAdapter):
    title = N_("Spread")
    stock_title = N_("Pack")
    info_note = (N_("Touching numbers match,"), N_("fewest tiles left wins"))

    @property       # (the other adapters' is a constant nobody sets: mypy sees it writeable)
    def draw_note(self) -> str:  # type: ignore[override]
        if self.game.dealt:          # (option dealt: the hand is played first)
            return _("A tile is turned up for you from the pack only when nothing in your "
                     "hand fits.")
        return _("A tile is turned up for you from the pack at the start of your turn.")

    def draw_board(self, surface, geo: BoardGeometry, font) -> None:
        blocked = {geo.index_square(i) for i in self.game.shape.blocked}
        draw_frame(surface, geo)
        draw_squares(surface, geo, lambda square: SQUARE, skip=blocked)
        width = max(2, geo.size // 16)
        for rank in range(2, geo.height, 2):             # the 8 x 8 cells, two squares each
            y = geo.square_rect((0, rank)).bottom
            pygame.draw.line(surface, CELL_LINE, (geo.rect.x, y), (geo.rect.right - 1, y), width)
        for file in range(1, geo.width):
            x = geo.square_rect((file, 0)).x
            pygame.draw.line(surface, CELL_LINE, (x, geo.rect.y), (x, geo.rect.bottom - 1), width)
        for f, r in blocked:
            partner = (f, r ^ 1)                          # the other square of the cell
            if partner not in blocked:
                draw_obstacle(surface, geo.square_rect((f, r)))
            elif r % 2 == 0:
                draw_obstacle(surface, geo.span_rect((f, r), partner))
        if font is not None:
            draw_coordinates(surface, geo, font)

    def face_down(self, view, placement) -> bool:
        return bool(view.face_down) and view.shape.index[placement.first] in view.face_down

    def board_key(self, view):
        return view.face_down

    def stock_size(self, view) -> int:
        return view.pack_size

    def stock_note(self, count: int) -> str:
        if not count:
            return _("the pack is used up")
        return _("turned up when nothing fits") if self.game.dealt else _("turned up each turn")

    def turned_up(self, view):
        return view.turned_up

    def public_tiles(self, player: int) -> tuple:
        return self.scene.table_view().seen[player]

    def card_lines(self, player: int, over: bool) -> list[tuple]:
        if over:
            left = self.game.outcome().scores[player]
            return [(ngettext("{count} tile left", "{count} tiles left", left).format(
                count=left), 48, GOLD, True)]
        return []

    def opening_caption(self) -> str:
        view = self.scene.table_view()
        laid = _("Laid before play: {tiles}.").format(tiles=", ".join(view.laid)) + " " \
            if view.laid else ""
        return laid + (self._turn_up(view) or _("{name} begins.").format(
            name=self.name(view.current_player)))

    def _turn_up(self, view) -> str:
        if view.turned_up is None or view.current_player is None:
            return ""
        return _("{name} turns up {tile}.").format(name=self.name(view.current_player),
                                                   tile=view.turned_up)

    def move_caption(self, player: int, move, before, after) -> str:
        caption = super().move_caption(player, move, before, after)
        turned = self._turn_up(after)
        return f"{caption} {turned}" if turned else caption

    def drawn_by(self, player: int, before, after) -> int | None:
        return after.current_player if after.pack_size < before.pack_size else None

    def final_caption(self) -> str:
        outcome = self.game.outcome()
        if outcome.winner is None:
            fewest = min(outcome.scores)
            tied = [self.name(p) for p, left in enumerate(outcome.scores) if left == fewest]
            names = (_("{names} and {last}").format(names=tied[0], last=tied[1])
                     if len(tied) == 2 else _("{count} players").format(count=len(tied)))
            return ngettext("A draw: {names} hold {count} tile each.",
                            "A draw: {names} hold {count} tiles each.", fewest).format(
                names=names, count=fewest)
        left = outcome.scores[outcome.winner]
        if outcome.reason == "domino":
            return _("{name} laid every tile and wins.").format(name=self.name(outcome.winner))
        return ngettext("{name} wins with {count} tile left.",
                        "{name} wins with {count} tiles left.", left).format(
            name=self.name(outcome.winner), count=left)

    def results(self) -> tuple[list, tuple]:
        outcome = self.game.outcome()
        rows = [(self.ctl.name(p), str(outcome.scores[p])) for p in range(self.game.players)]
        return rows, (_("Player"), _("Tiles left"))

    def read_aloud(self) -> str:
        view = self.scene.table_view()
        hands = ", ".join(f"{self.ctl.name(p)} {n}" for p, n in enumerate(view.hand_sizes))
        text = _("Tiles in hand: {hands}; {count} in the pack.").format(hands=hands,
                                                                         count=view.pack_size)
        if view.turned_up is not None:
            text += " " + _("Turned up: {tile}.").format(tile=view.turned_up)
        return text

