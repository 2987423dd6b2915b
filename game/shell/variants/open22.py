"""Packs (open-board game 22) on the board scene: each player turns up the top element of
their own face-down pack and places it, on their home rank anywhere, elsewhere touching
their own elements with equal numbers; equal numbers capture; when both packs are used
up, more elements on the opponent's half wins (docs/rules.md, Packs). Option
`across`: a board of 16 files by 4 ranks, drawn across the screen above the panels.

Shown by PacksTable (the packs, the turned-up element, the set-aside trays, the counts
on the far halves) and placed with PlaceElementTool. South and North look and read as in
the moving games (variants.moving).

Nothing is secret from the players at the table: the packs are face down to both of them
and an element turned up is seen by both, so two people on the couch need no hand-over;
the caption says whose turn it is.
"""
from __future__ import annotations

from game.i18n import N_, _

import pygame

from game.logic.core import PASS
from game.shell.board.elements.art import SEAT_COLOURS, draw_element_board
from game.shell.board.elements.packs_table import ACROSS_LAYOUT, PacksTable
from game.shell.board.elements.place_tool import PlaceElementTool
from game.shell.board.elements.table import LAYOUT
from game.shell.board.geometry import BoardGeometry
from game.shell.frame import theme
from game.shell.variants.moving import GOLD, SIDES, MovingAdapter, elements

LEGEND = N_("Pointer or arrows: move the element   R, right-click, wheel: turn it   "
            "Enter, click: place   Tab: next place   H: hints   T: turn   E: standing")
HOME_TINT = 46                   # alpha of a seat's colour over its home rank
PACKS = 64                       # two whole sets of 32


class Adapter(MovingAdapter):
    tool = PlaceElementTool
    table = PacksTable
    legend = LEGEND
    draw_note = N_("Nothing is drawn by hand: the top element of your pack is turned up for "
                   "you.")
    pass_prompt = N_("The turned-up element fits nowhere: it is set aside. Press Enter or "
                     "click Pass.")

    @classmethod
    def layout_for(cls, game):
        return ACROSS_LAYOUT if game.across else LAYOUT

    @classmethod
    def geometry(cls, game) -> BoardGeometry:
        return BoardGeometry(game.width, game.height, cls.layout_for(game).board)

    def __init__(self, scene):
        super().__init__(scene)
        self.last_taken = (None, ())       # (ply, (square, element) pairs) of the last move
        self.ctl.hands = False             # nothing to hide between two people's turns

    # --- words ------------------------------------------------------------------------
    def goal_text(self) -> str:
        return _("Place each element you turn up on your home rank or against your own with "
                 "equal numbers. Most on the far half wins.")

    def info_title(self) -> str:
        title = _(self.game.title)
        return _("{title}, across").format(title=title) if self.game.across else title

    def half(self, player: int) -> str:
        """The half `player` plays toward: "North's half"."""
        return _("{side}'s half").format(side=_(SIDES[1 - player]))

    def placed(self, move) -> str:
        return _("{tile} on {square}").format(tile=f"{move.low}-{move.high}",
                                              square=self.game.shape.names[move.square])

    # --- the board ----------------------------------------------------------------------
    def draw_board(self, surface, geo, font) -> None:
        """The moving games' board (plain squares, the middle line between the halves,
        the coordinates), each home rank tinted in its player's colour."""
        draw_element_board(surface, geo, False, False, font)
        tint = pygame.Surface((geo.size, geo.size), pygame.SRCALPHA)
        for player in (0, 1):
            tint.fill((*SEAT_COLOURS[player], HOME_TINT))
            rank = self.game.home_rank(player)
            for file in range(geo.width):
                surface.blit(tint, geo.square_rect((file, rank)))

    # --- the panels -----------------------------------------------------------------------
    def quiet_line(self, view) -> tuple[str, str, float]:
        """How far through the two packs play has gone (the game ends at 64)."""
        turned = PACKS - sum(view.pack_sizes)
        return _("Elements turned up"), _("{count} of {most}").format(count=turned,
                                                                     most=PACKS), turned / PACKS

    def card_lines(self, player: int, over: bool) -> list[tuple]:
        view = self.scene.table_view()
        return [(_("Far half: {count}").format(count=view.far_half[player]), 32, GOLD, True),
                (_("{count} captured").format(count=view.captures[player]), 26,
                 theme.TEXT_DIM, False)]

    def last_lines(self, view) -> list[tuple]:
        played = self.game.moves_played()
        if view.last_move is None or not played:
            return [(_("None yet: South begins."), theme.TEXT_DIM)]
        mover, move = played[-1]
        if move is PASS:
            aside = view.set_aside[mover][-1] if view.set_aside[mover] else "?"
            lines = [(_("{side} set {tile} aside").format(side=_(SIDES[mover]), tile=aside),
                      SEAT_COLOURS[mover])]
        else:
            lines = [(_("{side} placed {placement}").format(side=_(SIDES[mover]),
                                                            placement=self.placed(move)),
                      SEAT_COLOURS[mover])]
        ply, taken = self.last_taken
        if taken and ply == self.ctl.ply:
            lines.append((_("Captured {elements}").format(elements=self.taken_words(taken)),
                          GOLD))
        lines.append((_("Move {number}").format(number=len(played)), theme.TEXT_DIM))
        return lines

    def end_squares(self) -> list[int]:
        return []

    # --- captions -----------------------------------------------------------------------
    def taken_words(self, taken) -> str:
        names = self.game.shape.names
        words = [_("{tile} on {square}").format(tile=f"{e.south}-{e.north}", square=names[s])
                 for s, e in taken]
        if len(words) < 2:
            return "".join(words)
        return _("{first} and {second}").format(first=", ".join(words[:-1]), second=words[-1])

    def turn_up_words(self, view) -> str:
        if view.current_player is None or view.turned_up is None:
            return ""
        return _("{name} turns up {tile}.").format(name=self.ctl.name(view.current_player),
                                                   tile=view.turned_up)

    def opening_caption(self) -> str:
        view = self.scene.table_view()
        if view.current_player is None:
            return self.final_caption()
        return _("{name} begins and turns up {tile}.").format(
            name=self.ctl.name(view.current_player), tile=view.turned_up)

    def move_caption(self, player: int, move, before, after) -> str:
        who = self.ctl.name(player)
        if move is PASS:
            self.last_taken = (self.ctl.ply, ())
            caption = _("{name} cannot place {tile} and sets it aside.").format(
                name=who, tile=before.turned_up)
        else:
            taken = tuple((s, e) for s, e in enumerate(before.cells)
                          if e is not None and e.owner != player and after.cells[s] is None)
            self.last_taken = (self.ctl.ply, taken)
            caption = _("{name} placed {placement}.").format(name=who,
                                                             placement=self.placed(move))
            if taken:
                caption += " " + _("Captured {elements}!").format(
                    elements=self.taken_words(taken))
        turned = self.turn_up_words(after)
        return f"{caption} {turned}" if turned else caption

    # --- the end ------------------------------------------------------------------------
    def tally(self, outcome) -> str:
        """"7 elements on North's half to 5", or "4 elements each on the far half"."""
        far = self.scene.table_view().far_half
        if outcome.winner is None:
            return _("{elements} each on the far half").format(elements=elements(far[0]))
        w = outcome.winner
        return _("{elements} on {half} to {theirs}").format(elements=elements(far[w]),
                                                            half=self.half(w), theirs=far[1 - w])

    def final_caption(self) -> str:
        outcome = self.game.outcome()
        if outcome.winner is None:
            return _("A draw, {tally}.").format(tally=self.tally(outcome))
        return _("{name} wins, {tally}.").format(name=self.ctl.name(outcome.winner),
                                                 tally=self.tally(outcome))

    def end_banner(self) -> tuple[str, str]:
        far = self.scene.table_view().far_half
        counts = _("South has {elements} on {half}, North {theirs} on {other}.").format(
            elements=elements(far[0]), half=self.half(0), theirs=far[1], other=self.half(1))
        return _("Both packs used up"), f"{counts} {self.final_caption()}"

    def results(self) -> tuple[list, tuple]:
        view = self.scene.table_view()
        # (no Side column: five columns leave the names too little room)
        rows = [(self.ctl.name(p), str(view.captures[p]), str(len(view.set_aside[p])),
                 str(view.far_half[p])) for p in (0, 1)]
        return rows, (_("Player"), _("Captured"), _("Set aside"), _("Far half"))

    def read_aloud(self) -> str:
        view = self.scene.table_view()
        parts = [_("{name}: {count} on {half}, {captured} captured, {pack} in the pack, "
                   "{aside} set aside").format(name=self.name(p), count=view.far_half[p],
                                               half=self.half(p), captured=view.captures[p],
                                               pack=view.pack_sizes[p],
                                               aside=len(view.set_aside[p])) for p in (0, 1)]
        turned = " " + _("Turned up: {tile}.").format(tile=view.turned_up) \
            if view.current_player is not None else ""
        return "; ".join(parts) + "." + turned
