"""How a person plays the line: keys, clicks and drags become picking a tile, choosing
an end, drawing, passing and playing (mixed into line.scene.LineMatchScene, whose model it
reads and whose controller it plays through)."""
from __future__ import annotations

from game.i18n import _

from game.logic.core import Tile
from game.logic.line.moves import LineMove

from game.shell.line.layout import DRAW_BUTTON, END_TURN_BUTTON, PASS_BUTTON
from game.shell.line.scene_parts import LineSceneParts
from game.shell.match.controller import sentence
from game.shell.match.scene import CURSOR_STEPS, step_cursor, tray_index_at

DRAW_STAGGER = 0.18     # seconds between drawn tiles turning up (at normal speed)


class LineInput(LineSceneParts):
    """Mixed into LineMatchScene: the actions of a human's turn."""

    # --- what a person does --------------------------------------------------------
    def _play(self, tile: Tile, end: str) -> None:
        if not self.ctl.play(f"{tile}{end}") and end in self.ends_for(tile):
            self.end = end

    def _pass(self) -> None:
        if self.pending:
            self.ctl.sound("invalid")
            self.ctl.say(_("Draw first: press D or click Draw."))
        elif self.must_pass():
            self.ctl.play("pass")
        else:
            self.ctl.sound("invalid")
            self.ctl.say_private(_("You have a tile that fits, so you cannot pass."))

    def _end_turn(self) -> None:
        """N, the End turn button (or D, gamepad Y, in blank tiles where nobody draws):
        decline the extra play a double earned."""
        if self.my_turn and self.may_stop:
            self.ctl.play("stop")
        elif self.my_turn:
            self.ctl.sound("invalid")
            reason = self.state.illegal_reason("stop") or _("you may not end your turn now")
            self.ctl.say_private(sentence(reason) + ".")
        elif self.state.current_player is not None:
            self.ctl.say(self.ctl.wait_words(), False)

    def _draw(self) -> None:
        """D: every tile the rules drew for this turn comes at once (they turn up one by
        one in the hand), up to the one that fits."""
        ctl = self.ctl
        if self.blank or self.state.options.get("block"):
            ctl.say(_("Nobody draws in this game: every tile fits either end.") if self.blank
                    else _("Nobody draws in this game: pass when nothing fits."))
        elif not self.my_turn:
            ctl.say(_("It is not your turn to draw."))
        elif self.pending:
            tiles, self.pending = self.pending, []
            ctl.sound("draw")
            step = ctl.paced(DRAW_STAGGER)
            self.flip = {tile: self.clock + i * step for i, tile in enumerate(tiles)}
            self._refresh()
            if len(tiles) == 1:
                drew = _("You drew {tile}.").format(tile=tiles[0])
            else:
                drew = _("You drew {count} tiles: {tiles}.").format(
                    count=len(tiles), tiles=", ".join(map(str, tiles)))
            more = (_("Nothing fits: press Enter to pass.") if self.must_pass()
                    else _("{tile} fits.").format(tile=tiles[-1]))
            ctl.say_private(f"{drew} {more}")
        elif not self.must_pass():
            ctl.say_private(_("You have a tile that fits: play it instead of drawing."))
        else:
            ctl.say(_("The boneyard is empty: you must pass."))

    def _select(self, tile: Tile) -> None:
        if self.pending:
            self.ctl.sound("invalid")
            self.ctl.say(_("No tile fits: draw first (press D or click Draw)."))
            return
        ends = self.ends_for(tile)
        if not ends:
            move = LineMove(tile, "L" if self.line else "")
            reason = self.state.illegal_reason(move) or _("that tile cannot be played now")
            self.ctl.sound("invalid")
            self.ctl.say_private(sentence(reason) + ".")
            return
        self.ctl.sound("select")
        self.selected = tile
        self.end = self.end if self.end in ends else ends[-1]
        if len(ends) == 1:
            said = {"": _("{tile}: press Enter or click it again to play it to open."),
                    "L": _("{tile}: press Enter or click it again to play it on the left."),
                    "R": _("{tile}: press Enter or click it again to play it on the right.")}
            self.ctl.say(said[ends[0]].format(tile=tile), False)
        else:
            self.ctl.say(_("{tile} fits both ends: Left or Right, then Enter.").format(
                tile=tile), False)

    def _cancel(self) -> None:
        self.selected = self.end = self.press = None
        self.dragging = False

    # --- input ------------------------------------------------------------------------
    def play_action(self, action) -> None:
        name, ctl = action.name, self.ctl
        if name in ("back", "rclick"):
            self._cancel()                   # (Esc with nothing picked pauses: MatchScene)
        elif name == "end_turn" or (name == "draw" and self.blank and self.may_stop):
            self._end_turn()
        elif name == "draw":
            self._draw()
        elif name == "point":
            self._point(action.pos)
        elif name == "click":
            self._click(action.pos)
        elif name == "release":
            self._release(action.pos)
        elif name in ("left", "right", "prev", "next", "up", "down", "confirm", "rotate", "flip"):
            if self.my_turn:
                self._key(name)
            elif name == "confirm" and self.state.current_player is not None:
                ctl.say(ctl.wait_words(), False)

    def _key(self, name: str) -> None:
        step = CURSOR_STEPS.get(name, 0)
        self.hover = None
        if self.selected is None:
            if step and self.hand:
                self.cursor = step_cursor(self.cursor, len(self.hand), name)
            elif name == "confirm" and self.pending:
                self._draw()
            elif name == "confirm" and self.must_pass():
                self._pass()
            elif name in ("up", "confirm") and self.hand:
                self._select(self.hand[self.cursor])
            return
        if step and self.line:
            self.end = "L" if step < 0 else "R"
        elif name in ("rotate", "flip") and self.line:
            self.end = "R" if self.end == "L" else "L"
        elif name == "down":
            self._cancel()
        elif name == "confirm":
            self._play(self.selected, self.end if self.end is not None else "")

    def _point(self, pos) -> None:
        self.pointer = pos
        self.hover = self._hand_at(pos)
        if self.press and not self.dragging:
            (x, y), _x = self.press
            self.dragging = abs(pos[0] - x) + abs(pos[1] - y) > 14

    def _click(self, pos) -> None:
        self.pointer = pos
        if self.blank and END_TURN_BUTTON.collidepoint(pos):
            self._end_turn()
            return
        if DRAW_BUTTON.collidepoint(pos):
            self._draw()
            return
        if PASS_BUTTON.collidepoint(pos):
            if self.my_turn:
                self._pass()
            return
        if not self.my_turn:
            return
        zone = self._zone_at(pos)
        if zone is not None and self.selected is not None:
            self._play(self.selected, zone)
            return
        index = self._hand_at(pos)
        if index is None:
            if zone is not None:
                self.ctl.say(_("Pick a tile from your hand first."), False)
            self._cancel()
            return
        tile = self.hand[index]
        ends = self.ends_for(tile)
        if tile == self.selected and len(ends) == 1:
            self._play(tile, ends[0])
            return
        self.cursor = index
        if tile != self.selected:
            self._select(tile)
        if tile == self.selected:
            self.press = (pos, index)

    def _release(self, pos) -> None:
        dragged, self.dragging, self.press = self.dragging, False, None
        if dragged and self.selected is not None and self.my_turn:
            zone = self._zone_at(pos)
            if zone is not None:
                self._play(self.selected, zone)

    def _zone_at(self, pos):
        for key, zone in self.layout.zones.items():
            if zone.rect.inflate(24, 24).collidepoint(pos):
                return key
        return None

    def _hand_at(self, pos):
        return tray_index_at(self.hand_rects, pos, grow=(0, 28), shift=(0, -14))
