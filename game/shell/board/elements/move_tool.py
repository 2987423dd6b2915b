"""MoveElementTool: how a person moves an element in the open-board moving games (games 1,
3 and 4): pick an element, see where it may go, send it there.

Mouse: click an own element (its targets light up), then click a target; or drag it
there. Keyboard: the arrows move a focus square over the board (Tab and Shift-Tab jump
between the elements that can move, or between the targets once one is picked), Enter
picks the focused element and Enter again sends it to the focused target. Esc or a right
click puts it back. A jump chain (game 4) is played square by square (each landing it
may go on from becomes a stop on the way, and the caption says how to end it there:
Enter again, or a click on the element where it stands) or at once, by clicking or
dragging to its last square.
A try the rules refuse shows their reason (the state's `illegal_reason`) by the square
and in the caption. The tool decides no rule: every lit square comes from the legal
moves of the view (`ElementMove.path`).
"""
from __future__ import annotations

from game.i18n import _

import pygame

from game.logic.core import PASS, IllegalMoveError
from game.logic.elements.board import SHAPE
from game.shell.board.elements import art as element_art
from game.shell.board.tool_base import KEY_STEPS, draw_reason
from game.shell.frame import theme
from game.shell.match.controller import sentence

TARGET = (110, 235, 140)
TARGET_RING = (30, 110, 50)
CAPTURE = (240, 70, 60)
WIN = (255, 206, 84)
PATH = (255, 214, 70)
FOCUS = theme.SELECTION


class MoveElementTool:
    ghost = picked = None                  # (the board scene's names for a placing tool)

    def __init__(self, scene):
        self.scene = scene
        self.selected: int | None = None   # the square of the picked element
        self.path: tuple[int, ...] = ()    # landings of a chain chosen so far
        self.focus: int | None = None      # the keyboard's square (follows the pointer)
        self.reason: str | None = None     # why the last try was refused
        self.reason_at: int | None = None
        self.dragging = False
        self.drag_pos = None
        self._press = None                 # (square, was it picked before) of a press
        self._layer = self._layer_key = None

    # --- the tool interface -----------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.selected is not None

    def reset(self) -> None:
        self.selected, self.path = None, ()
        self.reason = self.reason_at = None
        self.dragging, self._press = False, None

    def cancel(self) -> None:
        """One step back: the last landing of a chain, else the picked element."""
        self.reason = self.reason_at = None
        self.dragging, self._press = False, None
        if self.path:
            self.path = self.path[:-1]
            self._say_chain()
        else:
            self.selected = None

    def hud_key(self) -> tuple:
        return (self.selected, self.path)

    def tray_state(self, index: int):
        return None

    def origin(self):
        return None                        # the table slides the element along its path

    # --- what the rules allow now -----------------------------------------------------
    def moves(self) -> list:
        return [m for m in self.scene.legal_moves() if m is not PASS]

    def movable(self) -> list[int]:
        """The squares of the elements that can move, in board order."""
        return sorted({m.start for m in self.moves()})

    @property
    def prefix(self) -> tuple[int, ...]:
        return () if self.selected is None else (self.selected, *self.path)

    @property
    def standing(self) -> int | None:
        """Where the picked element stands now (the last landing of a chain)."""
        return self.prefix[-1] if self.prefix else None

    def candidates(self) -> list:
        prefix = self.prefix
        return [m for m in self.moves()
                if m.path[:len(prefix)] == prefix and len(m.path) > len(prefix)]

    def ends(self) -> set[int]:
        """Every square where the picked element may end its move from here."""
        return {m.end for m in self.candidates()}

    def landings(self) -> set[int]:
        """The next squares it may land on (the first jump of each way on)."""
        return {m.path[len(self.prefix)] for m in self.candidates()}

    def move_to(self, square: int):
        """The shortest legal move from here that ends on `square`, or None."""
        found = [m for m in self.candidates() if m.end == square]
        return min(found, key=lambda m: (len(m.path), m.text)) if found else None

    def goes_on(self, square: int) -> bool:
        n = len(self.prefix)
        return any(m.path[n] == square and len(m.path) > n + 1 for m in self.candidates())

    # --- input ------------------------------------------------------------------------
    def square_at(self, pos) -> int | None:
        found = self.scene.geo.square_at(pos) if pos is not None else None
        return None if found is None else found[1] * SHAPE.width + found[0]

    def point(self, pos) -> None:
        square = self.square_at(pos)
        if square is not None:
            self.focus = square            # the focus follows the pointer over the board
        if self.dragging:
            self.drag_pos = pos

    def handle(self, action) -> None:
        name = action.name
        if name == "click":
            square = self.square_at(action.pos)
            if square is not None:
                self.focus = square
                self.choose(square, action.pos)
        elif name == "release":
            self._release(action.pos)
        elif name in KEY_STEPS:
            self._step_focus(*KEY_STEPS[name])
        elif name in ("next", "prev"):
            self._cycle(1 if name == "next" else -1)
        elif name == "confirm":
            if self.focus is None:
                self._cycle(1)
            else:
                self.choose(self.focus)
        elif name in ("back", "rclick"):
            self.cancel()

    def choose(self, square: int, pos=None) -> None:
        """A click (or Enter) on `square`: pick, go on along a chain, move, or refuse."""
        self.reason = self.reason_at = None
        cells = self.scene.view(self.scene.game.current_player).cells
        if self.selected is None or (not self.path and square == self.selected):
            return self._pick(square, cells, pos)
        if square == self.standing:                  # stop a chain where it stands
            return self._play(self.prefix)
        if square in self.landings() and self.goes_on(square):
            self.path += (square,)                   # a stop on the way: more may follow
            self.scene.ctl.sound("select")
            self._say_chain()
            return None
        move = self.move_to(square)
        if move is not None:
            return self._play(move.path)
        element = cells[square]
        if not self.path and element is not None and square in self.movable():
            return self._pick(square, cells, pos)
        return self._play(self.prefix + (square,))     # not legal: the rules say why

    def _pick(self, square: int, cells, pos) -> None:
        was = self.selected == square
        element = cells[square]
        player = self.scene.game.current_player
        if element is None:
            return self._refuse(_("pick one of your elements first"), square)
        if element.owner != player:
            return self._refuse(_("the element on {square} is your opponent's").format(
                square=SHAPE.names[square]), square)
        if square not in self.movable():
            return self._refuse(_("the element on {square} has nowhere to go").format(
                square=SHAPE.names[square]), square)
        if pos is None and was:                      # Enter on the picked element: put back
            self.put_back()
            return None
        self.selected, self.path = square, ()
        if not was:
            self.scene.ctl.sound("select")
        if pos is not None:                          # a press: it may become a drag
            self._press = (square, was)
            self.dragging, self.drag_pos = True, pos
        return None

    def _release(self, pos) -> None:
        press, self._press = self._press, None
        if not self.dragging or press is None:
            return
        self.dragging = False
        square = self.square_at(pos)
        if square is None:
            return                                   # dropped off the board: still picked
        if square == press[0]:
            if press[1]:                             # a click on the picked one: put back
                self.put_back()
            return
        self.focus = square
        self._drop(press[0], square)

    def put_back(self) -> None:
        self.selected, self.path = None, ()

    def _say_chain(self) -> None:
        """While a chain is open the caption says how to end it; else the last move's."""
        scene, standing = self.scene, self.standing
        if not self.path or standing is None:            # (a chain has a picked element)
            scene.say_last_caption()
            return
        here = SHAPE.names[standing]
        scene.ctl.say_private(_("On {square}: Enter again to stop here, or pick the next "
                                "landing; a click on {square} stops too.").format(square=here))

    def _drop(self, start: int, square: int) -> None:
        """The picked element (from `start`) let go over `square`: the move there."""
        move = self.move_to(square)
        self._play(move.path if move is not None else self.prefix + (square,))

    def _play(self, path) -> None:
        text = "-".join(SHAPE.names[s] for s in path)
        ctl = self.scene.ctl
        if len(path) > 1 and ctl.play(text):
            return                                   # moved: the scene resets the tool
        try:
            reason = self.scene.game.illegal_reason(text) if len(path) > 1 else None
        except IllegalMoveError as error:
            reason = error.reason
        if len(path) > 1 and not reason:
            return
        self.reason, self.reason_at = reason or _("a move must leave its square"), path[-1]

    def _refuse(self, reason: str, square: int) -> None:
        self.scene.ctl.sound("invalid")
        self.scene.ctl.say_private(sentence(reason))
        self.reason, self.reason_at = reason, square

    def _step_focus(self, df: int, dr: int) -> None:
        if self.focus is None:
            return self._cycle(1)
        f, r = SHAPE.file_rank(self.focus)
        f = min(max(f + df, 0), SHAPE.width - 1)
        r = min(max(r + dr, 0), SHAPE.height - 1)
        self.focus = r * SHAPE.width + f
        return None

    def _cycle(self, step: int) -> None:
        """Tab: the next target of the picked element, or the next element that can move."""
        spots = sorted(self.ends() | ({self.prefix[-1]} if self.path else set())) \
            if self.selected is not None else self.movable()    # (prefix[-1]: standing)
        if not spots:
            return
        if self.focus in spots:
            self.focus = spots[(spots.index(self.focus) + step) % len(spots)]
        else:
            self.focus = spots[0] if step > 0 else spots[-1]

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        scene = self.scene
        if not scene.ctl.human_turn or scene.game.is_over():
            return
        geo = scene.geo
        if self.selected is not None:
            surface.blit(self._targets_layer(), geo.rect)
            self._draw_preview(surface)
        elif scene.hints:
            surface.blit(self._targets_layer(), geo.rect)
        if self.focus is not None:
            rect = geo.square_rect(geo.index_square(self.focus))
            pygame.draw.rect(surface, FOCUS, rect.inflate(-2, -2), max(3, geo.size // 22),
                             border_radius=6)
        self._draw_picked(surface)
        if self.reason and self.reason_at is not None:
            body = geo.square_rect(geo.index_square(self.reason_at))
            draw_reason(surface, sentence(self.reason), body, geo.outer.top)

    def _targets_layer(self) -> pygame.Surface:
        """Lit squares, cached per move and pick: the targets of the picked element (a
        large disc where it lands next, a small one where a chain may end, a red ring
        where the move captures with hints on, a gold ring on a test element it may take),
        or with nothing picked and hints on a thin ring round each element that can move."""
        scene, geo = self.scene, self.scene.geo
        key = (scene.ctl.ply, self.selected, self.path, scene.hints)
        if key == self._layer_key:
            return self._layer
        layer = pygame.Surface(geo.rect.size, pygame.SRCALPHA)
        offset = (-geo.rect.x, -geo.rect.y)
        size = geo.size
        if self.selected is None:
            for square in self.movable():
                rect = geo.square_rect(geo.index_square(square)).move(offset)
                pygame.draw.rect(layer, (*TARGET, 150), rect.inflate(-4, -4), 2,
                                 border_radius=8)
        else:
            game = scene.game
            cells, board = game.board.cells, game.board
            element = cells[self.selected]
            landings = self.landings()
            for move in self.candidates():          # the ways of jump chains, faint
                if len(move.path) - len(self.prefix) > 1:
                    self._draw_path(layer, move.path[len(self.prefix) - 1:], offset,
                                    (*PATH, 70), head=False)
            for move in self.candidates():
                end = move.end
                centre = geo.square_rect(geo.index_square(end)).move(offset).center
                if cells[end] is not None:          # the opponent's test element
                    pygame.draw.circle(layer, (*WIN, 240), centre, size * 45 // 100,
                                       max(4, size // 14))
                    continue
                big = end in landings
                radius = size // 6 if big else size // 10
                pygame.draw.circle(layer, (*TARGET, 215), centre, radius)
                pygame.draw.circle(layer, (*TARGET_RING, 235), centre, radius, max(2, size // 40))
                if scene.hints and element is not None and board.captures_at(
                        end, element, move.start, game.one_capture):
                    pygame.draw.circle(layer, (*CAPTURE, 235), centre, size * 42 // 100,
                                       max(3, size // 20))
            if self.path:
                self._draw_path(layer, self.prefix, offset, (*PATH, 200))
        self._layer, self._layer_key = layer, key
        return layer

    def _draw_path(self, surface, path, offset, colour, head: bool = True) -> None:
        geo = self.scene.geo
        points = [geo.square_rect(geo.index_square(s)).move(offset).center for s in path]
        width = max(3, geo.size // 16)
        pygame.draw.lines(surface, colour, False, points, width)
        for point in points[1:-1]:
            pygame.draw.circle(surface, colour, point, width * 2)
        if len(points) >= 2 and head:
            tip, before = pygame.Vector2(points[-1]), pygame.Vector2(points[-2])
            direction = (tip - before).normalize() if tip != before else pygame.Vector2(0, -1)
            side = direction.rotate(90) * width * 2
            back = tip - direction * width * 4
            pygame.draw.polygon(surface, colour, [tip, back + side, back - side])

    def _draw_preview(self, surface) -> None:
        """The way to the focused target: the chain's squares and the element, faint."""
        move = self.move_to(self.focus) if self.focus is not None else None
        if move is None:
            return
        scene, geo = self.scene, self.scene.geo
        self._draw_path(surface, move.path, (0, 0), PATH)
        element = scene.table_view().cells[self.selected]
        if element is not None and not self.dragging:
            element_art.draw_element(surface, geo.square_rect(geo.index_square(move.end)),
                                     element, "preview")
        game = scene.game
        if scene.hints and element is not None and game.board.cells[move.end] is None:
            for victim in game.board.captures_at(move.end, element, move.start,
                                                 game.one_capture):   # what it would take
                rect = geo.square_rect(geo.index_square(victim))
                pygame.draw.rect(surface, CAPTURE, rect.inflate(-4, -4),
                                 max(4, geo.size // 16), border_radius=10)

    def _draw_picked(self, surface) -> None:
        """The picked element, lifted where it stands or under the pointer while dragged
        (the board layer leaves its square empty)."""
        if self.selected is None:
            return
        geo = self.scene.geo
        element = self.scene.table_view().cells[self.selected]
        if element is None:
            return
        home = geo.square_rect(geo.index_square(self.selected))
        if self.path:
            element_art.draw_element(surface, home, element, "ghost")
        standing = geo.square_rect(geo.index_square(self.standing))
        self.draw_lifted(surface, element, home, standing)

    def draw_lifted(self, surface, element, home: pygame.Rect, rect: pygame.Rect) -> None:
        """The picked `element` lifted a little over `rect`; dragged off its square, it
        follows the pointer and its ghost stays on `home`."""
        if self.dragging and self.drag_pos is not None and \
                self.square_at(self.drag_pos) != self.selected:
            element_art.draw_element(surface, home, element, "ghost")
            rect = rect.copy()
            rect.center = self.drag_pos
        element_art.draw_element(surface, rect.move(0, -max(3, self.scene.geo.size // 16)),
                                 element, "selected")
