"""The tool that places a tile of the shown hand on the board (Dominox, Spread; Dominid's
StackTool builds on it). The tool protocol is in board.tool_base."""
from __future__ import annotations

from game.i18n import N_

from game.logic.agents import greedy_ratings
from game.logic.board.placement import Placement
from game.logic.core import PASS, IllegalMoveError
from game.shell.board.art import LEGAL_GLOW, draw_placed_at
from game.shell.frame import tile_art
from game.shell.board.geometry import (DIRECTIONS, BoardGeometry, Square, square_name, squares_of,
                                       tile_body)
from game.shell.board.tool_base import KEY_STEPS, draw_reason
from game.shell.match.controller import sentence
from game.shell.match.scene import CURSOR_STEPS, step_cursor

HINT_FILL = (*LEGAL_GLOW, 90)
HINT_RING = (150, 255, 170, 230)
HINT_COUNT = 3          # the best placements of the picked tile that the hints show


class Ghost:
    """The tile a player is about to place: which numbers, which way round, and where.

    `anchor` is the square under the first shown number; `direction` (an index into
    DIRECTIONS) points to the square of the second. Rotating turns the tile a quarter
    clockwise about the anchor; flipping swaps its two numbers in place."""

    def __init__(self, ends: tuple[int, int], anchor: Square = (0, 0), direction: int = 0):
        self.ends = tuple(ends)
        self.anchor = anchor
        self.direction = direction

    @property
    def squares(self) -> tuple[Square, Square]:
        df, dr = DIRECTIONS[self.direction]
        return self.anchor, (self.anchor[0] + df, self.anchor[1] + dr)

    def rotate(self, steps: int = 1) -> None:
        self.direction = (self.direction + steps) % 4

    def flip(self) -> None:
        self.ends = (self.ends[1], self.ends[0])

    def move_by(self, df: int, dr: int, geo: BoardGeometry) -> None:
        self.anchor = (self.anchor[0] + df, self.anchor[1] + dr)
        self.keep_on(geo)

    def follow(self, pos, geo: BoardGeometry) -> None:
        """Snap so that the tile's middle lies near the pointer at `pos`."""
        df, dr = DIRECTIONS[self.direction]
        half = geo.size // 2
        self.anchor = geo.nearest_square((pos[0] - df * half, pos[1] + dr * half))
        self.keep_on(geo)

    def keep_on(self, geo: BoardGeometry) -> None:
        """Shift the anchor so that both squares lie on the board."""
        f = min(max(self.anchor[0], 0), geo.width - 1)
        r = min(max(self.anchor[1], 0), geo.height - 1)
        df, dr = DIRECTIONS[self.direction]
        if not 0 <= f + df < geo.width:
            f -= df
        if not 0 <= r + dr < geo.height:
            r -= dr
        self.anchor = (f, r)

    def text(self) -> str:
        """The canonical placement text, as the rules write it (Placement.make)."""
        (s1, s2), (x, y) = self.squares, self.ends
        return str(Placement.make(x, square_name(s1), y, square_name(s2)))

    def drawing_ends(self) -> tuple[int, int]:
        """The numbers in tile_art order: left/right for horizontal, top/bottom for vertical."""
        x, y = self.ends
        return (x, y) if self.direction in (0, 1) else (y, x)


class PlaceTileTool:
    """Pick a tile of the shown hand (click, or Left/Right + Enter), turn it (R, right
    click, wheel; F flips), move its ghost (pointer or arrows): green where the placement
    is legal, red with the rules' reason where not. Enter or a click places it."""

    def __init__(self, scene):
        self.scene = scene
        self.ghost: Ghost | None = None    # the picked tile, over the board
        self.picked: int | None = None     # its index in the shown hand
        self.reason: str | None = None     # why the ghost's placement is illegal
        self._hints, self._hints_key = [], None
        self._ratings = None               # (ply, legal moves, their greedy ratings,
                                           # each tile's placements best first)
        self.refused = False               # the caption says why the last try was refused

    @property
    def active(self) -> bool:
        return self.ghost is not None

    def reset(self) -> None:
        self.ghost = self.picked = self.reason = None

    cancel = reset

    def hud_key(self) -> tuple:
        return (self.picked,)

    def tray_state(self, index: int) -> str | None:
        return "selected" if index == self.picked else None

    def origin(self):
        hand = self.scene.table.hand_rects()
        return hand[self.picked] if self.picked is not None and self.picked < len(hand) else None

    # --- input ------------------------------------------------------------------------
    def point(self, pos) -> None:
        scene = self.scene
        if self.ghost is not None and scene.geo.outer.collidepoint(pos):
            self._aim(pos)
        elif self.ghost is None:
            index = scene.table.hand_index_at(pos)
            if index is not None:
                scene.cursor = index                # focus follows hover

    def handle(self, action) -> None:
        scene = self.scene
        name, count = action.name, len(scene.shown_tiles())
        if name == "click":
            index = scene.table.hand_index_at(action.pos)
            if index is not None:
                self._pick(index)
            elif self.ghost is not None and scene.geo.rect.collidepoint(action.pos):
                self._aim(action.pos)
                self._place()
        elif name in ("rotate", "rclick", "wheel", "flip"):
            if self.ghost is None:
                self._pick(scene.cursor)
            if self.ghost is None:
                return
            if name == "flip":
                self.ghost.flip()
            else:
                self.ghost.rotate(-1 if name == "wheel" and action.amount > 0 else 1)
            self._retarget()
        elif name in KEY_STEPS and self.ghost is not None:
            self.ghost.move_by(*KEY_STEPS[name], scene.geo)
            self._refresh()
        elif name in CURSOR_STEPS and count:
            scene.cursor = step_cursor(scene.cursor, count, name)
            if self.ghost is not None:
                self._pick(scene.cursor)
        elif name in ("up", "confirm") and self.ghost is None and count:
            self._pick(scene.cursor)
        elif name == "confirm":
            self._place()
        elif name == "back":
            self.cancel()

    def _pick(self, index: int) -> None:
        """Take tile `index` of the shown hand onto the board as a ghost."""
        scene = self.scene
        tiles = scene.shown_tiles()
        if not tiles:
            return
        index = min(index, len(tiles) - 1)
        tile = tiles[index]
        previous = self.ghost
        self.picked = scene.cursor = index
        self.ghost = Ghost((tile.a, tile.b))
        scene.ctl.sound("select")
        if previous is not None:      # another tile: where the last one was, if it fits
            self.ghost.anchor, self.ghost.direction = previous.anchor, previous.direction
            if self._pointer_on_board() or self._reason_of(self.ghost) is None:
                self._retarget()
                return
        best = self.best_placements(tile, 1)     # else its best legal placement
        if best:
            self.ghost = ghost_of(best[0], tile)
            self._refresh()
            return
        if previous is None:
            self.ghost.anchor = (scene.geo.width // 2 - 1, scene.geo.height // 2)
        self._retarget()

    def _pointer_on_board(self) -> bool:
        pointer = self.scene.pointer
        return pointer is not None and self.scene.geo.outer.collidepoint(pointer)

    def _retarget(self) -> None:
        """Follow the pointer when it is over the board, else stay where the keys put it."""
        if self._pointer_on_board():
            self._aim(self.scene.pointer)
        elif self.ghost is not None:
            self.ghost.keep_on(self.scene.geo)
            self._refresh()

    def _aim(self, pos) -> None:
        if self.ghost is not None:
            self.ghost.follow(pos, self.scene.geo)
            self._refresh()

    def best_placements(self, tile, count: int | None = HINT_COUNT) -> list:
        """The legal placements of `tile`, best first by the greedy rating the rules give
        (computed once a move), at most `count` (None: all). In a lesson, those that meet
        its step's goal (none, for a tile that cannot)."""
        scene = self.scene
        goal = scene.goal_moves()
        if goal is not None:
            return [move for move in goal if getattr(move, "tile", None) == tile][:count]
        if self._ratings is None or self._ratings[0] != scene.ctl.ply:
            moves = scene.legal_moves()
            ratings = greedy_ratings(scene.view(scene.game.current_player), moves) \
                if moves and moves != [PASS] else []
            self._ratings = (scene.ctl.ply, moves, ratings, {})
        _, moves, ratings, by_tile = self._ratings
        best = by_tile.get(tile)
        if best is None:        # once a move and tile: a big board has thousands of moves
            order = sorted((-r, i) for i, (m, r) in enumerate(zip(moves, ratings))
                           if getattr(m, "tile", None) == tile)
            best = by_tile[tile] = [moves[i] for _, i in order]
        return best[:count]

    def _refresh(self) -> None:
        """Ask the rules whether the ghost's placement is legal, and why not; once the
        ghost moves, a refusal leaves the caption to the last move again."""
        if self.refused:
            self.refused = False
            self.scene.say_last_caption()
        self.reason = None if self.ghost is None else self._reason_of(self.ghost)

    def _reason_of(self, ghost: Ghost) -> str | None:
        """Why the rules refuse `ghost`'s placement, or None where it is legal."""
        try:
            return self.scene.game.illegal_reason(ghost.text())
        except IllegalMoveError as error:
            return error.reason

    def _place(self) -> None:
        if self.ghost is not None:
            self.refused = not self.scene.ctl.play(self.ghost.text())

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        ghost, reason = self.ghost, self.reason
        if ghost is None:
            return
        if self.scene.hints:
            self._draw_hints(surface)
        geo = self.scene.geo
        body = tile_body(geo, *ghost.squares)
        tile_art.draw_tile(surface, body, ghost.drawing_ends(),
                           "ghost_ok" if reason is None else "ghost_bad")
        if reason is not None:
            draw_reason(surface, sentence(reason), body, geo.outer.top)

    def hint_moves(self) -> list:
        """The picked tile's few best placements, clear of the ghost (which stays clear on
        top) and of each other. Cached per move, tile and ghost squares."""
        scene = self.scene
        if self.ghost is None:                  # no tile picked: nothing to hint
            return []
        tile = scene.shown_tiles()[self.picked]
        taken = set(self.ghost.squares)
        key = (scene.ctl.ply, tile, frozenset(taken))
        if key != self._hints_key:
            clear = []
            for move in self.best_placements(tile, None):
                squares = set(squares_of(move))
                if not taken & squares:
                    clear.append(move)
                    taken |= squares
                    if len(clear) == HINT_COUNT:
                        break
            self._hints, self._hints_key = clear, key
        return self._hints

    def _draw_hints(self, surface) -> None:
        """The hinted placements as faint tiles showing their numbers where they would lie."""
        geo = self.scene.geo
        for move in self.hint_moves():
            s1, s2 = squares_of(move)
            draw_placed_at(surface, tile_body(geo, s1, s2), move, s1, s2, "hint")

    def tray_legend(self) -> list[tuple]:
        """While a tile is picked: what the bright tile and, with hints on, the faint ones
        on the board are."""
        if self.ghost is None:
            return []
        ends = self.ghost.ends
        legend = [(ends, "ghost_ok", N_("your tile: green fits, red not"))]
        if self.scene.hints:
            legend.append((ends, "hint", N_("good places for it (H hides)")))
        return legend


def ghost_of(placement, tile) -> Ghost:
    """The ghost of `tile` lying where `placement` puts it, its numbers in the tile's own
    order (as a fresh pick shows them): anchored on the square of its first number."""
    first, second = squares_of(placement)
    if (placement.x, placement.y) != (tile.a, tile.b):
        first, second = second, first
    step = (second[0] - first[0], second[1] - first[1])
    return Ghost((tile.a, tile.b), first, DIRECTIONS.index(step))
