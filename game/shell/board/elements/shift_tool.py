"""ShiftTool: how a person shifts an element in Shift (open-board game 10): pick one of
your elements (the top of a stack), see every square it may be set down on, send it there.

It is MoveElementTool's way of picking and sending (click, drag, or the focus square
with the arrows, Tab and Enter; Esc puts it back), with what Shift adds: a target may lie
past the far edge, in the row drawn beyond the board's frame (rank 9 above it for South,
rank 0 below it for North), and the focus steps into that row; with free arrows the
picked element's arrow is turned by R (or F), the mouse wheel or a right click, and the
lit targets and the preview follow the chosen arrow (the move text then ends in ^ or v).
Every lit square comes from the view's legal moves; a refused try shows the rules'
reason by the square and in the caption.
"""
from __future__ import annotations

from game.i18n import _, ngettext

import pygame

from game.logic.core import IllegalMoveError
from game.logic.elements.board import SIZE
from game.logic.elements.shifting import arrow_mark, square_name, turned
from game.shell.board.elements import art as element_art, shift_art
from game.shell.board.elements.move_tool import CAPTURE, FOCUS, TARGET, TARGET_RING, WIN, \
    MoveElementTool
from game.shell.frame import theme
from game.shell.board.tool_base import draw_reason
from game.shell.match.controller import sentence

TURN_ACTIONS = ("rotate", "flip", "wheel")
EDGE_BAND = (255, 206, 84)


def arrow_words(arrow: int) -> str:
    return _("Arrow up") if arrow > 0 else _("Arrow down")


class ShiftTool(MoveElementTool):
    def __init__(self, scene):
        super().__init__(scene)
        self.arrow: int | None = None      # the arrow chosen for the picked element (free)
        self._captures: dict = {}          # per (ply, move text): squares it would take

    @property
    def free(self) -> bool:
        return self.scene.game.free

    def reset(self) -> None:
        super().reset()
        self.arrow = None

    def cancel(self) -> None:
        super().cancel()
        if self.selected is None:
            self.arrow = None

    # --- what the rules allow now -----------------------------------------------------
    def stack_at(self, square: int) -> tuple:
        cells = self.scene.view(self.scene.game.current_player).cells
        return cells[square] if 0 <= square < len(cells) else ()

    def picked_element(self):
        """The picked element as it would be set down (turned to the chosen arrow)."""
        if self.selected is None:
            return None
        stack = self.stack_at(self.selected)
        if not stack:
            return None
        top = stack[-1]
        return turned(top) if self.arrow is not None and self.arrow != top.arrow else top

    def candidates(self) -> list:
        """The picked element's legal moves with the chosen arrow."""
        if self.selected is None:
            return []
        return [m for m in self.moves() if m.start == self.selected and m.arrow == self.arrow]

    def landings(self) -> set[int]:
        return self.ends()

    def move_to(self, square: int):
        return next((m for m in self.candidates() if m.end == square), None)

    def goes_on(self, square: int) -> bool:
        return False

    def far_rank(self) -> int:
        """The rank index past the mover's far edge: 8 (rank 9) for South, -1 for North."""
        return SIZE if self.scene.game.current_player == 0 else -1

    # --- input ------------------------------------------------------------------------
    def square_at(self, pos) -> int | None:
        return shift_art.square_at(self.scene.geo, pos)

    def handle(self, action) -> None:
        name = action.name
        if name in TURN_ACTIONS or (name == "rclick" and self.free and self.selected is not None):
            self.turn()
        else:
            super().handle(action)

    def turn(self) -> None:
        """Free arrows: set the picked element down the other way round."""
        if not self.free or self.selected is None or self.arrow is None:
            return
        arrow = self.arrow = -self.arrow
        self.reason = self.reason_at = None
        self.scene.ctl.sound("select")
        if not self.candidates():
            self.scene.ctl.say_private(_("{arrow}, it has nowhere to go: turn it back.").format(
                arrow=arrow_words(arrow)))
        else:
            self.scene.ctl.say_private(_("{arrow}: {picked}.").format(
                arrow=arrow_words(arrow), picked=self.picked_words(self.selected)))

    def picked_words(self, square: int) -> str:
        """The element picked on `square` as it would be set down, and its targets."""
        element = self.picked_element()
        count = len(self.ends())
        return ngettext("{tile} from {square}, {count} target",
                        "{tile} from {square}, {count} targets", count).format(
            tile=f"{element.south}-{element.north}", square=square_name(square), count=count)

    def choose(self, square: int, pos=None) -> None:
        """A click (or Enter) on `square`: pick, move, pick another, or refuse."""
        self.reason = self.reason_at = None
        if self.selected is None or square == self.selected:
            return self._pick_stack(square, pos)
        move = self.move_to(square)
        if move is not None:
            return self._play((self.selected, square))
        stack = self.stack_at(square)
        if stack and square in self.movable():
            return self._pick_stack(square, pos)
        return self._play((self.selected, square))     # not legal: the rules say why

    def _pick_stack(self, square: int, pos) -> None:
        was = self.selected == square
        stack = self.stack_at(square)
        player = self.scene.game.current_player
        where = square_name(square)
        if not 0 <= square < SIZE * SIZE or not stack:
            return self._refuse(_("pick one of your elements first"), square)
        if stack[-1].owner != player:
            return self._refuse(_("the element on {square} is your opponent's").format(
                square=where), square)
        if square not in self.movable():
            return self._refuse(_("the element on {square} has nowhere to go").format(
                square=where), square)
        if pos is None and was:                      # Enter on the picked element: put back
            self.put_back()
            return None
        if not was:
            self.selected = square
            arrow = self.arrow = self._first_arrow(square, stack[-1])
            self.scene.ctl.sound("select")
            if self.free:
                self.scene.ctl.say_private(
                    _("{arrow}: {picked}. R, the wheel or a right click turns it.").format(
                        arrow=arrow_words(arrow), picked=self.picked_words(square)))
        if pos is not None:                          # a press: it may become a drag
            self._press = (square, was)
            self.dragging, self.drag_pos = True, pos
        return None

    def _first_arrow(self, square: int, top):
        """Free arrows: the element's own arrow, unless only the other way has targets."""
        if not self.free:
            return None
        arrows = {m.arrow for m in self.moves() if m.start == square}
        return top.arrow if top.arrow in arrows or not arrows else -top.arrow

    def put_back(self) -> None:
        self.selected, self.arrow = None, None

    def _drop(self, start: int, square: int) -> None:
        self._play((start, square))

    def move_text(self, start: int, end: int) -> str:
        mark = "" if self.arrow is None else arrow_mark(self.arrow)
        return f"{square_name(start)}>{square_name(end)}{mark}"

    def _play(self, path) -> None:
        start, end = path[0], path[-1]
        if start == end:
            return
        text = self.move_text(start, end)
        if self.scene.ctl.play(text):
            return                                   # moved: the scene resets the tool
        try:
            reason = self.scene.game.illegal_reason(text)
        except IllegalMoveError as error:
            reason = error.reason
        self.reason, self.reason_at = reason or _("that move is not possible now"), end

    def _step_focus(self, df: int, dr: int) -> None:
        """The arrows move the focus over the board and into the row past the far edge."""
        if self.focus is None:
            return self._cycle(1)
        file, rank = self.focus % SIZE, self.focus // SIZE
        low, high = (0, SIZE) if self.far_rank() == SIZE else (-1, SIZE - 1)
        file = min(max(file + df, 0), SIZE - 1)
        rank = min(max(rank + dr, low), high)
        self.focus = rank * SIZE + file
        return None

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        scene = self.scene
        if not scene.ctl.human_turn or scene.game.is_over():
            return
        geo = scene.geo
        if self.selected is not None or scene.hints:
            surface.blit(self._targets_layer(), self._reach())
        if self.selected is not None:
            self._draw_preview(surface)
        if self.focus is not None:
            rect = shift_art.square_rect(geo, self.focus)
            pygame.draw.rect(surface, FOCUS, rect.inflate(-2, -2), max(3, geo.size // 22),
                             border_radius=6)
        self._draw_picked(surface)
        if self.reason and self.reason_at is not None:
            body = shift_art.square_rect(geo, self.reason_at)
            draw_reason(surface, sentence(self.reason), body, geo.outer.top)

    def _reach(self) -> pygame.Rect:
        return shift_art.reach(self.scene.geo)

    def _targets_layer(self) -> pygame.Surface:
        """Lit squares, cached per move, pick and arrow: a disc on each target of the
        picked element (gold ringed past the edge, where it wins), or with nothing picked
        and hints on a thin ring round each element that can move."""
        scene, geo = self.scene, self.scene.geo
        key = (scene.ctl.ply, self.selected, self.arrow, scene.hints)
        if key == self._layer_key:
            return self._layer
        area = self._reach()
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        offset = (-area.x, -area.y)
        size = geo.size
        if self.selected is None:
            for square in self.movable():
                rect = shift_art.square_rect(geo, square).move(offset)
                pygame.draw.rect(layer, (*TARGET, 150), rect.inflate(-4, -4), 2,
                                 border_radius=8)
        else:
            candidates = self.candidates()
            if any(m.past_edge for m in candidates):
                self._draw_edge_band(layer, offset)
            for move in candidates:
                centre = shift_art.square_rect(geo, move.end).move(offset).center
                radius = size // 6
                pygame.draw.circle(layer, (*TARGET, 215), centre, radius)
                pygame.draw.circle(layer, (*TARGET_RING, 235), centre, radius,
                                   max(2, size // 40))
                if move.past_edge:
                    pygame.draw.circle(layer, (*WIN, 240), centre, size * 42 // 100,
                                       max(4, size // 14))
        self._layer, self._layer_key = layer, key
        return layer

    def _draw_edge_band(self, layer, offset) -> None:
        """The row past the far edge, outlined, with its name: where a shift wins."""
        geo, rank = self.scene.geo, self.far_rank()
        row = shift_art.edge_row(geo, rank).move(offset)
        pygame.draw.rect(layer, (*EDGE_BAND, 60), row, border_radius=8)
        pygame.draw.rect(layer, (*EDGE_BAND, 200), row, 2, border_radius=8)
        for file in range(SIZE):
            rect = shift_art.square_rect(geo, rank * SIZE + file).move(offset)
            theme.draw_text(layer, square_name(rank * SIZE + file),
                            (rect.x + 6, rect.bottom - 4), max(14, geo.size // 5),
                            (*EDGE_BAND,), "bottomleft")

    def captured_by(self, move) -> list[int]:
        """The squares `move` would clear: asked of a copy of the game, so only for the
        focused target (with hints on), once per move."""
        key = (self.scene.ctl.ply, move.text)
        if key not in self._captures:
            if len(self._captures) > 256:
                self._captures.clear()
            trial = self.scene.game.clone()
            trial.apply(move)
            self._captures[key] = [square for square, _ in trial.last_capture()]
        return self._captures[key]

    def _draw_preview(self, surface) -> None:
        """The picked element, faint, on the focused target; what it would take, with
        hints on."""
        move = self.move_to(self.focus) if self.focus is not None else None
        element = self.picked_element()
        if move is None or element is None:
            return
        geo = self.scene.geo
        if not self.dragging:
            element_art.draw_element(surface, shift_art.square_rect(geo, move.end), element,
                                     "preview")
        if self.scene.hints and not move.past_edge:
            for victim in self.captured_by(move):
                rect = shift_art.square_rect(geo, victim)
                pygame.draw.rect(surface, CAPTURE, rect.inflate(-4, -4),
                                 max(4, geo.size // 16), border_radius=10)

    def _draw_picked(self, surface) -> None:
        """The picked element lifted off its stack (with the chosen arrow), or under the
        pointer while dragged; the board layer draws the stack without it."""
        element = self.picked_element()
        if element is None or self.selected is None:        # (both or neither)
            return
        rect = shift_art.square_rect(self.scene.geo, self.selected)
        self.draw_lifted(surface, element, rect, rect)
