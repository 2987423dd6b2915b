"""The match scene of the line games: classic draw dominoes and blank tiles.

One scene serves both variants; what differs (drawing, blank tiles, rounds) is read from
the state and its views. The line of play lies on the table as a snake (line.layout),
the shown hand at the bottom, the other players along the top, the boneyard and the
Draw/Pass buttons on the right, a caption line and a key legend underneath. The static
parts are drawn once into a cached layer, rebuilt only when something changes; a frame
adds the hand, the last tile, the open ends and whatever moves.

What every match scene does alike (pause, hints, the results wait, the forced pass, the
hand cursor) comes from match.scene.MatchScene; what a person's keys and clicks do from
line.input; the drawing from line.art. Where a tile lies once played is the rules'
answer (line_after).
"""
from __future__ import annotations

from game.i18n import _, ngettext

from dataclasses import replace

import pygame

from game.logic.core import Tile
from game.logic.line.laying import Placed, line_after
from game.logic.line.moves import STOP, LineMove

from game.shell.frame import theme, tile_art
from game.shell.line.art import BLANK_LEGEND, LEGEND, LineTableArt
from game.shell.line.input import LineInput
from game.shell.line.layout import HAND_AREA, HAND_LONG, TABLE, UNDO_BUTTON, layout_line
from game.shell.line.layout import Placed as LayoutPlaced
from game.shell.match.scene import MatchScene, tray_rects
from game.shell.screens.score_plot import ScoreChart

LINE_LONG = 112
ROOM_GAP = 24           # between the table and a panel that takes its right end


class LineMatchScene(LineInput, LineTableArt, MatchScene):
    results_wait = 0.9
    pass_prompt = None          # the table's header already says "Nothing fits: you pass"
    undo_rect = UNDO_BUTTON

    def __init__(self, app, config, state=None):
        super().__init__(app, config, state)
        self.state = self.ctl.state
        self.blank = self.state.variant == "blank"
        self.selected: Tile | None = None
        self.end: str | None = None          # the chosen end of the selected tile
        self.hover = None                    # hand index under the pointer
        self.pointer = (0, 0)
        self.press = None                    # (pos, hand index) of a press that may drag
        self.dragging = False
        self.pending: list[Tile] = []        # drawn tiles the human has not turned up yet
        self._pending_for = None
        self._cursor_for = None
        self.rounds_seen = len(getattr(self.state, "finished_rounds", ()))
        self.frozen = None                   # (line, opener, last index) while results show
        self.anim = None                     # (ends, from rect, to rect, start, seconds)
        self.flip = None                     # {tile: start}: drawn tiles turning face up
        self._layout_key = None
        self._signature = None
        self.table_area = TABLE              # where the line and the players along the top lie
        self._init_art()
        if not self.blank:                   # first renders would stall the first moves
            tile_art.warm(LINE_LONG)
            tile_art.warm(HAND_LONG, horizontal_too=False, states=("normal", "playable"))
        self._refresh()

    # --- the model the screen shows ---------------------------------------------------
    @property
    def bottom(self):
        """The seat whose hand lies at the bottom (None: nobody's, between couch turns)."""
        if self.ctl.shared:
            player = self.state.current_player
            return player if self.ctl.is_human(player) else None
        return self.ctl.humans[0] if self.ctl.humans else 0

    @property
    def my_turn(self) -> bool:
        return (self.ctl.human_turn and self.bottom == self.state.current_player
                and self.frozen is None and self.results_due is None)

    def _refresh(self) -> None:
        ctl, state, bottom = self.ctl, self.state, self.bottom
        viewer = bottom if bottom is not None else (state.current_player or 0)
        self.public = view = state.view(viewer)
        if self.frozen is not None and not self.blank:
            self.public = view = self._as_ended(view)
        self.hand, self.moves = [], []
        if bottom is not None and ctl.face_up(bottom) and self.frozen is None:
            key = (bottom, ctl.ply)
            if self._pending_for != key:
                self._pending_for = key
                self.pending = list(view.drawn_tiles) if ctl.human_turn else []
            self.hand = list(view.hand)
            for tile in self.pending:
                self.hand.remove(tile)
            if ctl.human_turn and not self.pending:
                self.moves = view.legal_moves()
                if self._cursor_for != key:        # a new turn: start on a tile that fits
                    self._cursor_for = key
                    fits = [i for i, t in enumerate(self.hand) if self.ends_for(t)]
                    self.cursor = fits[0] if fits else 0
        self.cursor = min(self.cursor, max(0, len(self.hand) - 1))
        self.hand_rects = tray_rects(len(self.hand), HAND_AREA, HAND_LONG, lift=-4)
        if self.frozen is None:
            placed = [text for _x, text, _x in view.history if text != "pass"]
            from_file = len(view.line) - len(placed)       # a line set up by a position file
            opener = max(0, from_file // 2 + sum(t.endswith("L") for t in placed))
            last = 0 if placed and placed[-1].endswith("L") else len(view.line) - 1
            self._set_layout(view.line, opener, last)
        else:
            self._set_layout(*self.frozen)
        self._static = None

    def _as_ended(self, view):
        """`view` turned back to the table as the last round ended: apply() has already
        dealt the next round, which must not show behind that round's results."""
        last = self.state.finished_rounds[-1]
        return replace(view, current_player=None, hand=(), moves=(), drawn_this_turn=0,
                       drawn_tiles=(), line=tuple(self.frozen[0]),
                       hand_sizes=tuple(len(h) for h in last.hands),
                       boneyard=last.boneyard, round_number=last.number, totals=last.totals)

    def tiles_held(self, player: int) -> int:
        """How many tiles `player` holds as the table shows them: the rules have already
        drawn the tiles still to be turned up (D), which lie in the boneyard until then."""
        count = self.public.hand_sizes[player]
        return count - len(self.pending) if player == self.bottom else count

    def advice_withheld(self) -> str:
        if self.my_turn and self.pending:     # the coach would know the tiles to come
            return _("Draw first (D): the coach helps once a tile fits.")
        return ""

    def panel_tiles(self, player: int) -> list:
        """The tiles a face-up panel shows (the hand as the round ended, while frozen)."""
        if self.frozen is not None and not self.blank:
            return list(self.state.finished_rounds[-1].hands[player])
        return list(self.state.view(player).hand)

    def _set_layout(self, line, opener, last) -> None:
        self.last_index = last
        key = (tuple(line), opener)
        if key != self._layout_key:
            self._layout_key = key
            self.line, self.opener = tuple(line), opener
            self.layout = self._layout_of(self.line, opener)
            self._ghosts: dict[tuple[Tile, str], LayoutPlaced] = {}

    def _layout_of(self, line, opener):
        pairs = [(p.left, p.right) for p in line]
        return layout_line(pairs, opener, self.table_area, LINE_LONG, crosswise=not self.blank)

    def _with(self, tile: Tile, end: str):
        """The line after `tile` goes on `end`, as the rules lay it (line_after): (line,
        opener, index of the new tile). A tile that does not fit that end (a red ghost)
        shows its own numbers."""
        line, index = line_after(self.line, LineMove(tile, end))
        laid = line[index]
        if {laid.left, laid.right} != {tile.a, tile.b}:
            line = (*line[:index], Placed(tile, tile.a, tile.b), *line[index + 1:])
        return line, self.opener + 1 if self.line and index == 0 else self.opener, index

    def ghost(self, tile: Tile, end: str):
        """Where `tile` would lie on `end` (a layout Placed) among the tiles as they lie
        now, cached per line: laid tiles never move, so it meets its end exactly (if the
        line must shrink to take it, it is held on the table until it is laid)."""
        if (tile, end) not in self._ghosts:
            line, opener, index = self._with(tile, end)
            pairs = [(p.left, p.right) for p in line]
            after = layout_line(pairs, opener, self.table_area, self.layout.long_side,
                                crosswise=not self.blank, shrink=False)
            ghost = after.tiles[index]
            self._ghosts[(tile, end)] = replace(ghost, rect=ghost.rect.clamp(self.table_area))
        return self._ghosts[(tile, end)]

    def ends_for(self, tile: Tile) -> list[str]:
        return [m.end for m in self.moves if isinstance(m, LineMove) and m.tile == tile]

    def must_pass(self) -> bool:
        return bool(self.moves) and self.moves[0].is_pass

    @property
    def may_stop(self) -> bool:
        """A double lets the human to move play again, which they may decline."""
        return STOP in self.moves

    def selecting(self) -> bool:
        return self.selected is not None

    def drop_pick(self) -> None:
        self._cancel()

    # --- moves ------------------------------------------------------------------------
    def moved(self, player: int, move: LineMove) -> None:
        before = self.public
        drawn = before.drawn_this_turn if before.current_player == player else 0
        rounds = len(getattr(self.state, "finished_rounds", ()))
        round_ended = rounds > self.rounds_seen or self.state.is_over()
        plays_again = not (round_ended or move.is_pass or move is STOP) and \
            self.state.current_player == player

        def said() -> str:
            text = self._describe(player, move, drawn)
            if plays_again:
                text += " " + _("{name} may play again.").format(name=self.ctl.name(player))
            return text
        self.ctl.say(said(), again=said)
        self._badge_move(player, move.is_pass, drawn)
        self.anim = self.flip = None
        if move is STOP:
            self._cancel()
            self._refresh()
            return
        if not move.is_pass:
            self._animate_play(player, move)
        self._cancel()
        if round_ended:
            self.rounds_seen = rounds
            if move.is_pass:
                self.frozen = (self.line, self.opener, self.last_index)
            else:
                self.frozen = self._with(move.tile, move.end)
            self.ctl.hide_hands()
            self.wait_for_results(self._show_results)
        self._refresh()

    def _describe(self, player: int, move: LineMove, drawn: int) -> str:
        name = self.ctl.name(player)
        if move.is_pass:
            text = (_("{name} drew {count} and passed.") if drawn else _("{name} passed."))
            return text.format(name=name, count=drawn)
        if move is STOP:
            return _("{name} ended the turn.").format(name=name)
        tile = _("a blank tile") if move.tile.is_blank else str(move.tile)
        if not move.end:
            text = (_("{name} drew {count} and opened with {tile}.") if drawn else
                    _("{name} opened with {tile}."))
        elif move.end == "L":
            text = (_("{name} drew {count} and played {tile} on the left.") if drawn else
                    _("{name} played {tile} on the left."))
        else:
            text = (_("{name} drew {count} and played {tile} on the right.") if drawn else
                    _("{name} played {tile} on the right."))
        return text.format(name=name, count=drawn, tile=tile)

    def _animate_play(self, player: int, move: LineMove) -> None:
        line, opener, index = self._with(move.tile, move.end)
        dest = self._layout_of(line, opener).tiles[index]
        if player == self.bottom and move.tile in self.hand:
            start = self.hand_rects[self.hand.index(move.tile)]
        else:
            start = self._seat_rect(player)
        seconds = self.ctl.paced(theme.SLIDE_SECONDS)
        if seconds > 0:
            self.anim = (dest.ends, pygame.Rect(start), dest.rect, self.clock, seconds)

    # --- results ----------------------------------------------------------------------
    def _show_results(self) -> None:
        ctl, state = self.ctl, self.state
        names = [ctl.name(p) for p in range(state.players)]
        outcome = state.outcome()
        if self.blank:                       # one game: its results come as it ends
            assert outcome is not None
            tiles_left = [(names[p], outcome.scores[p]) for p in range(state.players)]
            ctl.show_results(_("Blank tiles"), tiles_left, self._winner_text(outcome), True,
                             headers=(_("Player"), _("Tiles left")))
            return
        last = state.finished_rounds[-1]
        rows = [(names[p], f"+{last.scores[p]}", last.totals[p]) for p in range(state.players)]
        headers = (_("Player"), _("Round {number}").format(number=last.number), _("Total"))
        chart = ScoreChart.of(state, names)
        if outcome is not None:
            ctl.show_results(_("Match over"), rows, self._winner_text(outcome), True,
                             headers=headers, figure=chart)
            return
        text = (_("{name} played every tile").format(name=names[last.domino])
                if last.domino is not None else _("Blocked: nobody can play"))
        if last.out:
            text += _("; out: {names}").format(names=", ".join(names[p] for p in last.out))
        ctl.show_results(_("Round {number} over").format(number=last.number), rows, text,
                         False,
                         on_continue=self._continue, headers=headers, figure=chart)

    def _winner_text(self, outcome) -> str:
        return _("A draw") if outcome.winner is None else _("{name} wins!").format(
            name=self.ctl.name(outcome.winner))

    def _continue(self) -> None:
        self.frozen = self.anim = None
        self.badges.clear()                  # last round's passes are old news
        player = self.state.current_player
        def said() -> str:
            return _("Round {number}: {name} opens.").format(number=self.state.round_number,
                                                             name=self.ctl.name(player))
        self.ctl.say(said(), again=said)
        self._refresh()

    def make_room(self, rect) -> None:
        """The table ends left of `rect` when it stands on the table's right end: the line
        of play snakes (or shrinks) within the rest, and the other players' panels are
        centred over it."""
        if rect.colliderect(TABLE):
            self.table_area = TABLE.clip(pygame.Rect(0, 0, rect.left - ROOM_GAP, TABLE.bottom))
            self._layout_key = None
            self._refresh()

    def hands_hidden(self) -> None:
        self._refresh()

    def undone(self) -> None:
        """After a take-back: the picks, slides, badges and round results of the position
        that is gone go with it (a round's end can be taken back too)."""
        self._cancel()
        self.frozen = self.anim = self.flip = None
        self.badges.clear()
        self.pending, self._pending_for, self._cursor_for = [], None, None
        self.rounds_seen = len(getattr(self.state, "finished_rounds", ()))
        self._refresh()

    # --- accessibility ----------------------------------------------------------------
    def announce(self) -> None:
        player = self.state.current_player
        if player is None:
            self.ctl.say(_("The game is over."))
            return
        text = _("{name} to play.").format(name=self.ctl.name(player))
        if self.my_turn:
            if self.pending:
                text += " " + _("No tile fits: press D to draw.")
            elif self.must_pass():
                text += " " + _("Nothing fits: press Enter to pass.")
            else:
                fit = len({m.tile for m in self.moves if isinstance(m, LineMove)})
                text += " " + ngettext("{count} of your tiles fits.",
                                       "{count} of your tiles fit.", fit).format(count=fit)
                if self.may_stop:
                    text += " " + _("You may play again or press N to end your turn.")
            self.ctl.say_private(text)
        else:
            self.ctl.say(text)

    def read_aloud(self) -> None:
        if not self.line:
            text = _("The line is empty.")
            if self.my_turn and len(self.moves) == 1 and not self.blank:
                self.ctl.say_private(text + " " + _("Open with {tile}.").format(
                    tile=self.moves[0].tile))
                return
        elif self.blank:
            text = ngettext("{count} blank tile in the line: any tile fits either end.",
                            "{count} blank tiles in the line: any tile fits either end.",
                            len(self.line)).format(count=len(self.line))
        else:
            left, right = self.line[0].left, self.line[-1].right
            text = _("Open ends: {left} on the left, {right} on the right.").format(
                left=left, right=right)
        self.ctl.say(text)

    # --- the frame --------------------------------------------------------------------
    def draw(self, surface) -> None:
        super().draw(surface)
        self.coach.draw(surface)
        self.draw_legend(surface, BLANK_LEGEND if self.blank else LEGEND)

    def animating(self) -> bool:
        return super().animating() or self.flip is not None

    def enter(self) -> None:
        super().enter()
        self._signature = None
        self._static = None                  # the settings may have renamed a seat

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.anim and self.clock >= self.anim[3] + self.anim[4]:
            self.anim = None
        bottom = self.bottom
        signature = (self.ctl.ply, bottom, self.ctl.human_turn, self.frozen is None,
                     bottom is not None and self.ctl.face_up(bottom), self.ctl.caption,
                     self.hints)
        if signature != self._signature:
            self._signature = signature
            self._refresh()
