"""The Dominox match: the board on the felt, the hands, a ghost tile to place, territory.

A human picks a tile from the shown hand (click, or left/right + confirm), turns it (R,
right click, wheel; F flips) and moves its ghost over the board with the mouse or the
arrow keys; the ghost is green where the placement is legal and red, with the reason,
where it is not. Confirm or click places it. At the end every empty region is tinted
with the colour that scores it and carries its points.

Seats, computer turns, the hand-over and the results come from match_common's
MatchController; the board is drawn by board_art, the table around it by grid_table.
"""
from __future__ import annotations

from game.logic.core import PASS, IllegalMoveError
from game.shell.board.art import BoardGeometry, Ghost
from game.shell.board.table import BOARD_AREA, COLOURS, GridTable
from game.shell.match.controller import MatchController
from game.shell.scene import Scene

AUTO_PASS_SECONDS = 3.0
RESULTS_AFTER = 6.0         # at normal animation speed; Enter or a click skips it
KEY_STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}


class GridMatchScene(Scene):
    """One Dominox game between two seats (humans or computers)."""

    def __init__(self, app, config, state=None):
        super().__init__(app)
        self.ctl = MatchController(app, config, on_move=self._moved, state=state)
        self.game = self.ctl.state
        shape = self.game.shape
        self.geo = BoardGeometry(shape.width, shape.height, BOARD_AREA)
        self.blocked = frozenset((i % shape.width, i // shape.width) for i in shape.blocked)
        self.cursor = 0                    # focused tile of the shown hand (keyboard)
        self.ghost: Ghost | None = None    # the picked tile, over the board
        self.picked: int | None = None     # its index in the shown hand
        self.ghost_reason: str | None = None
        self.pointer = None
        self.slide = None                  # (from rect, start time) of the last tile
        self.flight = None                 # (from, to, start time) of a drawn tile
        self.pass_wait = 0.0
        self.over_for = None               # seconds since the game ended
        self.results_shown = False
        self._views: dict = {}
        self._stock = self.view(0).stock_size
        self.table = GridTable(self)
        self.table.warm_up()
        opener = self.game.current_player
        self.ctl.say(f"{self.ctl.name(opener)} ({COLOURS[opener]}) opens with the lowest "
                     "double.", speak=False)

    # --- what the players may see -----------------------------------------------------

    def view(self, player: int):
        """The player's view, kept until the next move."""
        key = (self.ctl.ply, player)
        if key not in self._views:
            self._views = {k: v for k, v in self._views.items() if k[0] == self.ctl.ply}
            self._views[key] = self.game.view(player)
        return self._views[key]

    def shown_tiles(self) -> list:
        player = self.ctl.shown_hand
        return [] if player is None else list(self.view(player).hand)

    def legal_moves(self) -> list:
        """The legal moves of the human who may act now ([] otherwise)."""
        if not self.ctl.human_turn:
            return []
        return self.view(self.game.current_player).legal_moves()

    def must_pass(self) -> bool:
        return self.legal_moves() == [PASS]

    def playable(self) -> set:
        return {m.tile for m in self.legal_moves() if m != PASS}

    # --- the flow ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.ctl.update(dt)
        if self.over_for is not None:
            self.over_for += dt
            if self.over_for >= self.ctl.paced(RESULTS_AFTER) and not self.results_shown:
                self.show_results()
        elif self.must_pass():
            if self.pass_wait == 0:
                self.ctl.sound("pass")
                self.ctl.say("No tile fits anywhere: you must pass. Press Enter or click Pass.")
            self.pass_wait += dt
            if self.pass_wait >= AUTO_PASS_SECONDS:
                self.ctl.play(PASS)

    def _moved(self, player: int, move) -> None:
        name = f"{self.ctl.name(player)} ({COLOURS[player]})"
        if move == PASS:
            caption = f"{name} cannot place a tile and passes."
        else:
            hand = self.table.hand_rects()
            start = (hand[self.picked] if self.picked is not None and self.picked < len(hand)
                     else self.table.card_rect(player))
            self.slide = (start, self.app.time)
            caption = f"{name} placed {move}."
        stock = self.view(player).stock_size
        if stock < self._stock:
            caption += " Drew a tile."
            self.ctl.sound("draw")
            self.flight = (self.table.stock_rect.center,
                           self.table.hand_target(player).center, self.app.time)
        self._stock = stock
        self.ghost = self.picked = self.ghost_reason = None
        self.cursor = 0
        self.pass_wait = 0.0
        if self.game.is_over():
            self.over_for = 0.0
            self.results_shown = False
            caption = self.table.final_caption()
        self.ctl.say(caption, speak=not self.ctl.is_human(player) or self.game.is_over())

    def show_results(self) -> None:
        self.results_shown = True
        outcome = self.game.outcome()
        rows = [(self.ctl.name(p), COLOURS[p], str(outcome.scores[p])) for p in (0, 1)]
        self.ctl.show_results("Dominox", rows, self.table.final_caption(), final=True,
                              headers=("Player", "Colour", "Points"))

    # --- input ------------------------------------------------------------------------

    def handle(self, action) -> None:
        name = action.name
        if name == "pause" or (name == "back" and self.ghost is None):
            self.ctl.pause()
            return
        if name == "hint":
            self.ctl.toggle_hints()
            return
        if name == "announce_turn":
            self.ctl.announce_turn()
            return
        if name == "read_ends":             # E: the standing, read aloud
            white, black = self.game.scores()
            self.ctl.say(f"If the game ended now: White {white}, Black {black}; "
                         f"{self.view(0).stock_size} tiles in the stock.")
            return
        if name == "draw":
            self.ctl.say("Tiles are drawn for you after every turn while the stock lasts.")
            return
        if name == "point":
            self.pointer = action.pos
            if self.ghost is not None and self.geo.outer.collidepoint(action.pos):
                self._aim(action.pos)
            elif self.ghost is None:
                index = self.table.hand_index_at(action.pos)
                if index is not None:
                    self.cursor = index             # focus follows hover
            return
        if self.over_for is not None:
            if name in ("confirm", "click") and not self.results_shown:
                self.show_results()
            return
        if not self.ctl.human_turn:
            return
        if self.must_pass():
            if name == "confirm" or (name == "click"
                                     and self.table.pass_rect.collidepoint(action.pos)):
                self.ctl.play(PASS)
            return
        self._handle_turn(action)

    def _handle_turn(self, action) -> None:
        name, count = action.name, len(self.shown_tiles())
        if name == "click":
            index = self.table.hand_index_at(action.pos)
            if index is not None:
                self._pick(index)
            elif self.ghost is not None and self.geo.rect.collidepoint(action.pos):
                self._aim(action.pos)
                self._place()
        elif name in ("rotate", "rclick", "wheel", "flip"):
            if self.ghost is None:
                self._pick(self.cursor)
            if self.ghost is None:
                return
            if name == "flip":
                self.ghost.flip()
            else:
                self.ghost.rotate(-1 if name == "wheel" and action.amount > 0 else 1)
            self._retarget()
        elif name in KEY_STEPS and self.ghost is not None:
            self.ghost.move_by(*KEY_STEPS[name], self.geo)
            self._refresh()
        elif name in ("left", "right", "next", "prev") and count:
            step = 1 if name in ("right", "next") else -1
            self.cursor = (self.cursor + step) % count
            if self.ghost is not None:
                self._pick(self.cursor)
        elif name in ("up", "confirm") and self.ghost is None and count:
            self._pick(self.cursor)
        elif name == "confirm":
            self._place()
        elif name == "back":
            self.ghost = self.picked = None

    def _pick(self, index: int) -> None:
        """Take tile `index` of the shown hand onto the board as a ghost."""
        tiles = self.shown_tiles()
        if not tiles:
            return
        index = min(index, len(tiles) - 1)
        tile = tiles[index]
        previous = self.ghost
        self.picked = self.cursor = index
        self.ghost = Ghost((tile.a, tile.b))
        self.ctl.sound("select")
        if previous is not None:
            self.ghost.anchor, self.ghost.direction = previous.anchor, previous.direction
        else:
            self.ghost.anchor = (self.geo.width // 2 - 1, self.geo.height // 2)
        self._retarget()

    def _retarget(self) -> None:
        """Follow the pointer when it is over the board, else stay where the keys put it."""
        if self.pointer is not None and self.geo.outer.collidepoint(self.pointer):
            self._aim(self.pointer)
        else:
            self.ghost.keep_on(self.geo)
            self._refresh()

    def _aim(self, pos) -> None:
        self.ghost.follow(pos, self.geo)
        self._refresh()

    def _refresh(self) -> None:
        """Ask the rules whether the ghost's placement is legal, and why not."""
        try:
            self.ghost_reason = self.game.illegal_reason(self.ghost.text())
        except IllegalMoveError as error:
            self.ghost_reason = error.reason

    def _place(self) -> None:
        if self.ghost is not None:
            self.ctl.play(self.ghost.text())

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface) -> None:
        self.table.draw(surface)

