"""Packs (open-board game 22) on the board scene: each player turns up the top element of
their own face-down pack and places it, on their home rank anywhere, elsewhere touching
their own elements with equal numbers; equal numbers capture; when both packs are used
up, more elements on the opponent's half wins (RULES.md section 5, game 22). Option
`across`: the board is played turned a quarter, the elements lying along the ranks.

Shown by PacksTable (the packs, the turned-up element, the set-aside trays, the counts
on the far halves) and placed with PlaceElementTool. South and North look and read as in
the moving games (variants.moving).

Nothing is secret from the players at the table: the packs are face down to both of them
and an element turned up is seen by both, so two people on the couch need no hand-over;
the caption says whose turn it is.
"""
from __future__ import annotations

import pygame

from game.logic.core import PASS
from game.logic.elements.board import SHAPE, SIZE
from game.shell import theme
from game.shell.board.art import draw_coordinates, draw_frame, draw_squares
from game.shell.board.element_art import MIDDLE_LINE, PLAIN_SQUARES, SEAT_COLOURS
from game.shell.board.element_place_tool import PlaceElementTool
from game.shell.board.packs_table import PacksTable
from game.shell.variants.moving import GOLD, SIDES, MovingAdapter, elements

LEGEND = ("Pointer or arrows: move the element   R, right-click, wheel: turn it   "
          "Enter, click: place   Tab: next place   H: hints   T: turn   E: standing")
LOOKS = (("Ivory, round, arrow up", "Ebony, square, arrow down"),
         ("Ivory, round, arrow right", "Ebony, square, arrow left"))
HOME_TINT = 46                   # alpha of a seat's colour over its home line
PACKS = 64                       # two whole sets of 32


class Adapter(MovingAdapter):
    tool = PlaceElementTool
    table = PacksTable
    legend = LEGEND
    draw_note = "Nothing is drawn by hand: the top element of your pack is turned up for you."
    pass_prompt = ("The turned-up element fits nowhere: it is set aside. Press Enter or "
                   "click Pass.")

    def __init__(self, scene):
        super().__init__(scene)
        self.across = self.game.across
        self.last_taken = (None, ())       # (ply, (square, element) pairs) of the last move
        self.ctl.hands = False             # nothing to hide between two people's turns

    # --- words ------------------------------------------------------------------------
    def line_words(self, player: int) -> str:
        """The player's home line: "rank 1", or across "file a"."""
        if self.across:
            return "file a" if player == 0 else "file h"
        return "rank 1" if player == 0 else "rank 8"

    def goal_text(self) -> str:
        home = "home file" if self.across else "home rank"
        return (f"Place each element you turn up on your {home} or against your own with "
                "equal numbers. Most on the far half wins.")

    def info_title(self) -> str:
        return f"{self.game.title}, across" if self.across else self.game.title

    def looks(self, player: int) -> str:
        return LOOKS[self.across][player]

    def half(self, player: int) -> str:
        """The half `player` plays toward: "North's half"."""
        return f"{SIDES[1 - player]}'s half"

    @staticmethod
    def placed(move) -> str:
        return f"{move.low}-{move.high} on {SHAPE.names[move.square]}"

    # --- the board ----------------------------------------------------------------------
    def draw_board(self, surface, geo, font) -> None:
        """Plain squares, each home line tinted in its player's colour, the middle line
        between the halves (across: between files d and e)."""
        draw_frame(surface, geo)
        draw_squares(surface, geo, lambda sq: PLAIN_SQUARES[(sq[0] + sq[1]) % 2])
        tint = pygame.Surface((geo.size, geo.size), pygame.SRCALPHA)
        for player in (0, 1):
            tint.fill((*SEAT_COLOURS[player], HOME_TINT))
            line = 0 if player == 0 else SIZE - 1
            for k in range(SIZE):
                surface.blit(tint, geo.square_rect((line, k) if self.across else (k, line)))
        width, reach = max(2, geo.size // 32), geo.margin // 3
        if self.across:
            x = geo.square_rect((SIZE // 2, 0)).x
            pygame.draw.line(surface, MIDDLE_LINE, (x, geo.rect.y - reach),
                             (x, geo.rect.bottom + reach - 1), width)
        else:
            y = geo.square_rect((0, SIZE // 2)).bottom
            pygame.draw.line(surface, MIDDLE_LINE, (geo.rect.x - reach, y),
                             (geo.rect.right + reach - 1, y), width)
        if font is not None:
            draw_coordinates(surface, geo, font)

    # --- the panels -----------------------------------------------------------------------
    def quiet_line(self, view) -> tuple[str, str, float]:
        """How far through the two packs play has gone (the game ends at 64)."""
        turned = PACKS - sum(view.pack_sizes)
        return "Elements turned up", f"{turned} of {PACKS}", turned / PACKS

    def card_lines(self, player: int, over: bool) -> list[tuple]:
        view = self.scene.view(0)
        return [(f"{view.far_half[player]} on {self.half(player)}", 32, GOLD, True),
                (f"{view.captures[player]} captured", 26, theme.TEXT_DIM, False)]

    def last_lines(self, view) -> list[tuple]:
        played = self.game.moves_played()
        if view.last_move is None or not played:
            return [("None yet: South begins.", theme.TEXT_DIM)]
        mover, move = played[-1]
        if move is PASS:
            aside = view.set_aside[mover][-1] if view.set_aside[mover] else "?"
            lines = [(f"{SIDES[mover]}: set {aside} aside", SEAT_COLOURS[mover])]
        else:
            lines = [(f"{SIDES[mover]}: {self.placed(move)}", SEAT_COLOURS[mover])]
        ply, taken = self.last_taken
        if taken and ply == self.ctl.ply:
            lines.append((f"Captured {self.taken_words(taken)}", GOLD))
        lines.append((f"Move {len(played)}", theme.TEXT_DIM))
        return lines

    def end_squares(self) -> list[int]:
        return []

    # --- captions -----------------------------------------------------------------------
    @staticmethod
    def taken_words(taken) -> str:
        return " and ".join(f"{e.south}-{e.north} on {SHAPE.names[s]}" for s, e in taken)

    def turn_up_words(self, view) -> str:
        if view.current_player is None or view.turned_up is None:
            return ""
        return f"{self.ctl.name(view.current_player)} turns up {view.turned_up}."

    def opening_caption(self) -> str:
        view = self.scene.view(0)
        if view.current_player is None:
            return self.final_caption()
        return (f"{self.ctl.name(view.current_player)} begins and turns up "
                f"{view.turned_up}.")

    def move_caption(self, player: int, move, before, after) -> str:
        who = self.ctl.name(player)
        if move is PASS:
            self.last_taken = (self.ctl.ply, ())
            caption = f"{who} cannot place {before.turned_up} and sets it aside."
        else:
            taken = tuple((s, e) for s, e in enumerate(before.cells)
                          if e is not None and e.owner != player and after.cells[s] is None)
            self.last_taken = (self.ctl.ply, taken)
            caption = f"{who} placed {self.placed(move)}."
            if taken:
                caption += f" Captured {self.taken_words(taken)}!"
        turned = self.turn_up_words(after)
        return f"{caption} {turned}" if turned else caption

    # --- the end ------------------------------------------------------------------------
    def tally(self, outcome) -> str:
        """"7 elements on North's half to 5", or "4 elements each on the far half"."""
        far = self.scene.view(0).far_half
        if outcome.winner is None:
            return f"{elements(far[0])} each on the far half"
        w = outcome.winner
        return f"{elements(far[w])} on {self.half(w)} to {far[1 - w]}"

    def final_caption(self) -> str:
        outcome = self.game.outcome()
        if outcome.winner is None:
            return f"A draw, {self.tally(outcome)}."
        return f"{self.ctl.name(outcome.winner)} wins, {self.tally(outcome)}."

    def end_banner(self) -> tuple[str, str]:
        far = self.scene.view(0).far_half
        counts = (f"{SIDES[0]} has {elements(far[0])} on {self.half(0)}, {SIDES[1]} "
                  f"{far[1]} on {self.half(1)}.")
        return "Both packs used up", f"{counts} {self.final_caption()}"

    def results(self) -> tuple[list, tuple]:
        view = self.scene.view(0)
        rows = [(self.ctl.name(p), SIDES[p], str(view.captures[p]), str(len(view.set_aside[p])),
                 str(view.far_half[p])) for p in (0, 1)]
        return rows, ("Player", "Side", "Captured", "Set aside", "Far half")

    def read_aloud(self) -> str:
        view = self.scene.view(0)
        parts = [f"{self.name(p)}: {view.far_half[p]} on {self.half(p)}, "
                 f"{view.captures[p]} captured, {view.pack_sizes[p]} in the pack, "
                 f"{len(view.set_aside[p])} set aside" for p in (0, 1)]
        turned = f" Turned up: {view.turned_up}." if view.current_player is not None else ""
        return "; ".join(parts) + "." + turned
