"""The board match scene: two-square tiles laid on a board of squares, 2 to 4 seats.

Every board variant plays on this one scene. What differs per variant (seat colours and
sides, what the cards and the info panel say, captions, the board's squares, the
end-of-game overlay, the results) comes from its adapter in game.shell.variants; how a
human acts in a turn is the adapter's input tool (board.tool_base; tiles.place_tool's
PlaceTileTool picks a tile of the shown hand, turns it and moves its ghost, green where
legal and red with the rules' reason where not). Seats, computer turns and the hand-over
come from the match controller; pause, hints, the results wait and the forced pass from
MatchScene; the table around the board is board.table's.
"""
from __future__ import annotations

from game.i18n import _

import math

import pygame

from game.logic.board.placement import Placement
from game.logic.core import PASS
from game.logic.variants import variant_entry
from game.shell.board.adapter import adapter_class
from game.shell.frame import theme
from game.shell.match.scene import MatchScene

RESULTS_AFTER = 6.0         # a demo's wait before the results, at normal speed; a person
                            # looks at the final board until Enter or a click


class BoardMatchScene(MatchScene):
    """One game of a board variant between 2 to 4 seats (humans or computers)."""

    results_wait = RESULTS_AFTER

    def __init__(self, app, config, state=None):
        adapter = adapter_class(variant_entry(config.variant).name)
        super().__init__(app, config, state)
        self.game = self.ctl.state
        self.geo = adapter.geometry(self.game)
        self.adapter = adapter(self)
        if self.adapter.pass_prompt is not None:
            self.pass_prompt = self.adapter.pass_prompt
        self.tool = self.adapter.tool(self)
        self.pointer = None
        self.slide = None                  # (from rect, start time) of the last tile
        self.flight = None                 # (from, to, start time) of a drawn tile
        self.ended_at = None               # the clock when the game ended
        self._views: dict = {}
        self._playable_at = None           # ((ply, human turn), the tiles the human can lay)
        self._focus_for = None             # (ply, shown hand) whose tray focus was chosen
        self._public = self.table_view()        # the table as the last move left it
        self.table = self.adapter.table(self)
        self.table.warm_up()
        moves = len(self.game.moves_played())       # a resumed match: not its opening
        def opening() -> str:
            return self.adapter.opening_caption() if not moves else \
                _("Move {number}: {name} to play.").format(
                    number=moves + 1, name=self.ctl.name(self.game.current_player))
        self.last_said = opening
        self.say_last_caption()

    # --- the input tool's state, as the tests and the table read it --------------------
    @property
    def ghost(self):
        return self.tool.ghost

    @property
    def picked(self):
        return self.tool.picked

    @property
    def ghost_reason(self):
        return self.tool.reason

    @property
    def over_for(self) -> float | None:
        """Seconds since the game ended, or None while it goes on."""
        return None if self.ended_at is None else self.clock - self.ended_at

    # --- what the players may see -----------------------------------------------------
    def view(self, player: int):
        """The player's view, kept until the next move."""
        key = (self.ctl.ply, player)
        if key not in self._views:
            self._views = {k: v for k, v in self._views.items() if k[0] == self.ctl.ply}
            self._views[key] = self.game.view(player)
        return self._views[key]

    def table_view(self):
        """The table as this screen's seat sees it: the board, the stock, the scores (what
        every player's view shows alike)."""
        return self.view(self.ctl.viewer)

    def hand_of(self, player: int) -> list:
        """The tiles of `player`'s hand as this screen may draw them: face up while that
        hand may be seen, else None for each tile (the table view says how many)."""
        if self.ctl.face_up(player):
            return list(self.view(player).hand)
        return [None] * hand_size(self.table_view(), player)

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
        """The tiles the human to act can lay, worked out once a move (a big board has
        thousands of legal placements)."""
        key = (self.ctl.ply, self.ctl.human_turn)
        if self._playable_at is None or self._playable_at[0] != key:
            tiles = {m.tile for m in self.legal_moves() if isinstance(m, Placement)}
            self._playable_at = (key, tiles)
        return self._playable_at[1]

    def focus_playable(self) -> None:
        """A person's turn starts with the tray's focus on the first tile that can be laid
        (as in the line games), so that Enter picks a tile that goes somewhere."""
        ctl = self.ctl
        key = (ctl.ply, ctl.shown_hand)
        if not ctl.hands or not ctl.human_turn or key == self._focus_for:
            return
        self._focus_for = key
        playable = self.playable()
        fits = [i for i, tile in enumerate(self.shown_tiles()) if tile in playable]
        self.cursor = fits[0] if fits else 0

    def selecting(self) -> bool:
        return self.tool.active

    def legend(self, playing: str) -> str:
        """The tool's own keys while it shows a panel of its own (Dominid's opening picker
        and odds-or-evens choice), else the game's (`playing`)."""
        own = getattr(self.tool, "keys_legend", None)
        return super().legend((own and own()) or playing)

    def drop_pick(self) -> None:
        self.tool.reset()

    # --- the flow ---------------------------------------------------------------------
    def moved(self, player: int, move) -> None:
        before, after = self._public, self.table_view()
        self._public = after
        if move != PASS:
            start = self.tool.origin()
            self.slide = (start or self.table.card_rect(player), self.clock)
        def said() -> str:
            return self.adapter.move_caption(player, move, before, after)
        caption = self.last_caption = said()
        self.last_said = said
        receiver = self.adapter.drawn_by(player, before, after)
        if receiver is not None:
            self.ctl.sound("draw")
            self.flight = (self.table.stock_rect.center,
                           self.table.hand_target(receiver).center, self.clock)
        self.tool.reset()
        self.cursor = 0
        if self.game.is_over():
            self.ended_at = self.clock
            if self.app.demo or not self.adapter.study_end:
                self.wait_for_results(self.show_results)
            else:
                self.study_board()
            again = self.adapter.final_caption
            caption = again()
        else:
            again = said
        self.ctl.say(caption, speak=not self.ctl.is_human(player) or self.game.is_over(),
                     again=again)

    def undone(self) -> None:
        """After a take-back: a fresh table (its board layer only ever adds tiles)."""
        self.tool.reset()
        self.slide = self.flight = self.ended_at = None
        self._public = self.table_view()
        self.table = self.adapter.table(self)

    @property
    def scores_live(self) -> str:  # type: ignore[override]  # the adapter's, not a field
        return self.adapter.scores_live

    def show_results(self) -> None:
        rows, headers = self.adapter.results()
        results = self.ctl.show_results(_(self.adapter.title), rows, self.adapter.final_caption(),
                                        final=True, headers=headers)
        if self.adapter.study_end and not self.app.demo:
            results.on_board = self.study_board      # Esc on the results: the board again

    def study_board(self) -> None:
        """The final board stays, results hidden, until Enter or a click brings them."""
        self.results_due = (math.inf, self.show_results)
        self.results_shown = False

    def read_aloud(self) -> None:
        self.ctl.say(self.adapter.read_aloud())

    def update(self, dt: float) -> None:
        super().update(dt)
        self.focus_playable()

    # --- input ------------------------------------------------------------------------
    def play_action(self, action) -> None:
        self.focus_playable()
        name = action.name
        if name == "draw":
            self.ctl.say(_(self.adapter.draw_note))
        elif name == "point":
            self.pointer = action.pos
            self.tool.point(action.pos)
        elif self.game.is_over() or not self.ctl.human_turn:
            return
        elif self.must_pass():
            if name == "confirm" or (name == "click"
                                     and self.table.pass_rect.collidepoint(action.pos)):
                self.ctl.play(PASS)
        else:
            self.tool.handle(action)

    # --- drawing ----------------------------------------------------------------------
    @property       # the table's (nobody sets a scene's own): mypy's writeable base aside
    def undo_rect(self) -> pygame.Rect | None:  # type: ignore[override]
        return getattr(self.table, "undo_rect", None)

    @property
    def coach_button(self):
        return self.table.coach_rect

    def advice_rect(self, move):
        return self.table.advice_rect

    def show_move(self, surface, move) -> None:
        """A pass lights the Pass button; the adapter shows any other move."""
        if move == PASS:
            theme.outline_suggestion(surface, self.table.pass_rect)
        else:
            self.adapter.show_move(surface, self.geo, move)

    def draw(self, surface) -> None:
        self.table.draw(surface)
        self.coach.draw(surface)
        self.draw_undo(surface)
        self.draw_legend(surface, self.adapter.legend)


def hand_size(view, player: int) -> int:
    """How many tiles `player` holds, as `view` (another player's view) tells it."""
    if player == view.player:
        return len(getattr(view, "hand", ()))
    sizes = getattr(view, "hand_sizes", None)
    if sizes is not None:
        return sizes[player]
    return getattr(view, "opponent_hand_size", 0)
