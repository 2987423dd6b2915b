"""What the open-board moving games (1 Test element, 3 Capture, 4 Diagonals) share on the
board scene: South (player 0, ivory elements with round corners, arrows up) against North
(player 1, ebony elements with square corners, arrows down) on the 8x8 element board,
moved with MoveElementTool and shown by ElementTable. Each game's module adds its goal
in words and how its end is counted (docs/rules.md, Test element,
Capture and Diagonals).

Nothing is hidden in these games: the views have no hand, so the match controller pushes
no hand-over between two people on the couch; the caption says whose turn it is instead.
"""
from __future__ import annotations

from game.i18n import N_, _, ngettext

import pygame

from game.logic.core import PASS
from game.logic.elements.board import SHAPE, parse_element
from game.logic.elements.moves import element_move_words
from game.shell.board.adapter import BoardAdapter
from game.shell.board.elements.art import SEAT_COLOURS, draw_element_board
from game.shell.board.elements.move_tool import MoveElementTool
from game.shell.board.elements.table import GOAL_SIZE, LAYOUT, ElementTable
from game.shell.board.geometry import BoardGeometry
from game.shell.frame import theme

SIDES = (N_("South"), N_("North"))       # translated where shown
LOOKS = (N_("Ivory, round, arrow up"), N_("Ebony, square, arrow down"))
GOLD = (255, 206, 84)
LEGEND = N_("Click or arrows + Enter: pick an element, then where it goes   Drag: move   "
            "Tab: next   Esc: put back   H: hints   T: turn   E: standing")
HEADLINES = {
    "test element": N_("Test element taken"),
    "goal": N_("Goal reached"),
    "overshot": N_("Over 48 pips"),
    "no captures": N_("Move limit reached"),
    "no captures left": N_("No capture possible"),
    "no moves": N_("No move left"),
    "race": N_("Past the middle line"),
}


def elements(n: int) -> str:
    return counted(n, "element")


def counted(n: int, kind: str) -> str:
    """`n` and its noun in the current language: "1 capture", "3 pips"."""
    if kind == "capture":
        return ngettext("{count} capture", "{count} captures", n).format(count=n)
    if kind == "pip":
        return ngettext("{count} pip", "{count} pips", n).format(count=n)
    if kind == "element left":
        return ngettext("{count} element left", "{count} elements left", n).format(count=n)
    if kind == "move":
        return ngettext("{count} move", "{count} moves", n).format(count=n)
    return ngettext("{count} element", "{count} elements", n).format(count=n)


def left_counts(view) -> tuple[int, int]:
    """The elements each player has on the board."""
    counts = [0, 0]
    for element in view.cells:
        if element is not None:
            counts[element.owner] += 1
    return counts[0], counts[1]


def taken_words(texts) -> str:
    """"3-5 on c4 and 2-2 on c2" of captured element texts."""
    words = []
    for text in texts:
        square, element = parse_element(text)
        words.append(_("{tile} on {square}").format(tile=f"{element.south}-{element.north}",
                                                    square=SHAPE.names[square]))
    if len(words) < 2:
        return "".join(words)
    return _("{first} and {second}").format(first=", ".join(words[:-1]), second=words[-1])


class MovingAdapter(BoardAdapter):
    tool: type = MoveElementTool
    table = ElementTable
    legend = LEGEND
    draw_note = N_("Nothing is drawn in this game: move one of your elements.")
    pass_prompt = N_("None of your elements can move: you must pass. Press Enter or click "
                     "Pass.")

    @classmethod
    def layout_for(cls, game):
        """Where the table puts the board and the panels (board.elements.table.TableLayout)."""
        return LAYOUT

    @classmethod
    def geometry(cls, game) -> BoardGeometry:
        return BoardGeometry(8, 8, cls.layout_for(game).board)

    def __init__(self, scene):
        super().__init__(scene)
        self.title = self.game.title

    # --- the game's own words (each game's module) ------------------------------------
    def left(self, view) -> tuple[int, int]:
        """The elements each player has on the board."""
        return left_counts(view)

    def captured(self, view) -> str:
        """What the view's last move captured, in words."""
        return taken_words(view.last_captured)

    def goal_text(self) -> str:
        return ""

    def tally(self, outcome) -> str:
        """The counts the result rests on: "3 captures to 1"."""
        return self.pair(outcome.scores, outcome.winner, "capture")

    def pair(self, values, winner, kind: str) -> str:
        """"3 captures to 1" (the winner's first), "2 captures each", or on a draw that
        the counts do not decide "South 0 captures, North 1"."""
        first = 0 if winner is None else winner
        mine, theirs = values[first], values[1 - first]
        if mine == theirs:
            return _("{counted} each").format(counted=counted(mine, kind))
        if winner is None:
            return _("South {counted}, North {theirs}").format(counted=counted(mine, kind),
                                                               theirs=theirs)
        return _("{counted} to {theirs}").format(counted=counted(mine, kind), theirs=theirs)

    def result_columns(self) -> tuple[str, list[str]]:
        """The last results column: its heading and a value per player."""
        return _("Left"), [str(n) for n in self.left(self.scene.table_view())]

    def extra_card_lines(self, player: int, view) -> list[tuple]:
        return []

    # --- seats and the board ------------------------------------------------------------
    def seat_colour(self, player: int):
        return SEAT_COLOURS[player]

    def side_name(self, player: int) -> str:
        return SIDES[player]            # (BoardAdapter.name translates it)

    def racing(self) -> bool:
        """Whether the game is a race to the middle line (drawn in gold), where a new best
        past it counts as progress."""
        return False

    def draw_board(self, surface, geo, font) -> None:
        draw_element_board(surface, geo, self.game.coloured, self.racing(), font)

    def stock_size(self, view) -> int:
        return 0

    def drawn_by(self, player: int, before, after):
        return None

    def info_title(self) -> str:
        return _(self.game.title)

    # --- the panels -----------------------------------------------------------------------
    def goal_lines(self, size: int = GOAL_SIZE) -> list[str]:
        """The goal's words in lines of the goal panel, at the font `size`."""
        width = self.layout_for(self.game).goal.w - 48
        return theme.wrap_text(self.goal_text(), width, size)

    def quiet_line(self, view) -> tuple[str, str, float]:
        """(label, count, fraction) of the moves in a row without a capture (the race:
        nor a new best past the middle); the game ends when the fraction reaches 1."""
        most = 2 * view.limit
        label = _("Without progress") if view.race else _("Without a capture")
        return label, _("{count} of {most}").format(count=view.quiet, most=most), \
            view.quiet / most

    def last_lines(self, view) -> list[tuple]:
        played = self.game.moves_played()
        move = view.last_move
        if move is None or not played:
            return [(_("None yet: South begins."), theme.TEXT_DIM)]
        mover = played[-1][0]
        lines = [(_("{side} {words}").format(side=_(SIDES[mover]), words=self.last_words(move)),
                  SEAT_COLOURS[mover])]
        if view.last_captured:
            lines.append((_("Captured {elements}").format(elements=self.captured(view)), GOLD))
        lines += self.last_feat(move, mover)
        lines.append((_("Move {number}").format(number=len(played)), theme.TEXT_DIM))
        return lines

    def last_words(self, move) -> str:
        """The last move in words, after the mover's side: "moved c2 to c3"."""
        if move is PASS:
            return _("passed")
        return _("moved {move}").format(move=element_move_words(move))

    def last_feat(self, move, mover: int) -> list[tuple]:
        """A line on what the last move won, if it won the game."""
        if self.end_squares():
            return [(_("Took {side}'s test element!").format(side=_(SIDES[1 - mover])), GOLD)]
        return []

    def end_squares(self) -> list[int]:
        """Squares ringed in gold once the game is over: where a test element was taken."""
        outcome = self.game.outcome()
        move = self.scene.table_view().last_move
        if outcome is None or outcome.reason != "test element" or move is None:
            return []
        return [move.end]

    def looks(self, player: int) -> str:
        """How the player's elements look, in words (not by colour alone)."""
        return _(LOOKS[player])

    def card_lines(self, player: int, over: bool) -> list[tuple]:
        view = self.scene.table_view()
        left = self.left(view)[player]
        return [(_("{count} captured").format(count=view.captures[player]), 40, GOLD, True),
                *self.extra_card_lines(player, view),
                (_("{elements} on the board").format(elements=elements(left)), 26,
                 theme.TEXT_DIM, False)]

    # --- captions -----------------------------------------------------------------------
    def opening_caption(self) -> str:
        player = self.game.current_player
        if player is None:
            return self.final_caption()
        return self.begins(self.name(player))

    def begins(self, name: str) -> str:
        return _("{name} begins: pick an element and move it.").format(name=name)

    def move_caption(self, player: int, move, before, after) -> str:
        caption = self.move_words(self.name(player), player, move, after)
        if after.current_player is not None:
            caption += " " + _("{name} to move.").format(name=self.name(after.current_player))
        return caption

    def move_words(self, who: str, player: int, move, after) -> str:
        """The move said: "Ann moved c2 to c3. Captured 3-5 on c4!"."""
        if move is PASS:
            return _("{name} cannot move and passes.").format(name=who)
        said = element_move_words(move)
        words = _("{name} jumped {move}.").format(name=who, move=said) \
            if len(move.path) > 2 or self._jumps(move) else \
            _("{name} moved {move}.").format(name=who, move=said)
        if after.last_captured:
            words += " " + _("Captured {elements}!").format(elements=self.captured(after))
        return words

    def _jumps(self, move) -> bool:
        if not self.game.coloured:
            return False
        return abs(SHAPE.file_rank(move.start)[0] - SHAPE.file_rank(move.end)[0]) == 2

    def reason_words(self, outcome) -> str:
        """Why the game ended, as a sentence start."""
        reason, game = outcome.reason, self.game
        winner = outcome.winner
        if reason == "test element":
            return _("{name} landed on {side}'s test element").format(
                name=self.name(winner), side=_(SIDES[1 - winner]))
        if reason == "overshot":
            return _("{name} went over 48 captured pips").format(name=self.name(1 - winner))
        if reason == "goal":
            return _("{name} {words}").format(name=self.name(winner),
                                              words=self.goal_words(outcome))
        if reason == "no captures":
            moves = counted(game.limit, "move")
            return _("{moves} each without a capture or progress").format(moves=moves) \
                if self.racing() else _("{moves} each without a capture").format(moves=moves)
        if reason == "no captures left":
            return _("No capture is possible any more")
        if reason == "race":
            return _("{name} has every element past the middle line").format(
                name=self.name(winner))
        return self.stuck(self.name)

    def stuck(self, name) -> str:
        """Why a game ended for want of a move: who has no element, or cannot move."""
        view = self.scene.table_view()
        mover, left = view.to_move, self.left(view)
        if left[mover] == 0:
            return _("{name} has no elements left").format(name=name(mover))
        if left[1 - mover] == 0:
            return _("{name} has no elements left").format(name=name(1 - mover))
        return _("{name} cannot move").format(name=name(mover))

    def goal_words(self, outcome) -> str:
        return _("reached the goal")

    def why(self, outcome) -> str:
        """Why the game ended, in a few words after "Ann wins:"."""
        reason, winner = outcome.reason, outcome.winner
        if reason == "test element":
            return _("landed on {side}'s test element").format(side=_(SIDES[1 - winner]))
        if reason == "overshot":
            return _("{name} went over 48 pips").format(name=self.ctl.name(1 - winner))
        if reason == "goal":
            return self.goal_words(outcome)
        if reason == "race":
            return _("every element past the middle line")
        tally = self.tally(outcome)
        if reason == "no captures":
            return _("move limit, {tally}").format(tally=tally)
        if reason == "no captures left":
            return _("no capture possible, {tally}").format(tally=tally)
        stuck = self.stuck(self.ctl.name)
        if 0 in self.left(self.scene.table_view()):
            return stuck
        return _("{why}, {tally}").format(why=stuck, tally=tally)

    def verdict(self, outcome) -> str:
        tally = self.tally(outcome)
        if outcome.winner is None:
            return _("a draw, {tally}").format(tally=tally) if tally else _("a draw")
        name = self.ctl.name(outcome.winner)
        return _("{name} wins, {tally}").format(name=name, tally=tally) if tally else \
            _("{name} wins").format(name=name)

    def final_caption(self) -> str:
        """Who won and why, short enough for the results' line: "Ann wins: landed on
        North's test element." (the banner over the board says it at length)."""
        outcome = self.game.outcome()
        if outcome.winner is None:
            return _("A draw: {why}.").format(why=self.why(outcome))
        return _("{name} wins: {why}.").format(name=self.ctl.name(outcome.winner),
                                               why=self.why(outcome))

    def end_banner(self) -> tuple[str, str]:
        outcome = self.game.outcome()
        head = _(HEADLINES.get(outcome.reason, N_("Game over")))
        verdict = self.verdict(outcome)
        return head, f"{self.reason_words(outcome)}. {verdict[:1].upper()}{verdict[1:]}."

    def results(self) -> tuple[list, tuple]:
        view = self.scene.table_view()
        heading, last = self.result_columns()
        rows = [(self.ctl.name(p), _(SIDES[p]), str(view.captures[p]), last[p]) for p in (0, 1)]
        return rows, (_("Player"), _("Side"), _("Captured"), heading)

    def read_aloud(self) -> str:
        view = self.scene.table_view()
        parts = []
        for p, left in enumerate(self.left(view)):
            parts.append(_("{name}: {count} captured, {elements} on the board").format(
                name=self.name(p), count=view.captures[p], elements=elements(left)))
        label, count, _fraction = self.quiet_line(view)
        return "; ".join(parts) + ". " + _("{label}: {count} moves.").format(label=label,
                                                                           count=count)

    def show_move(self, surface, geo, move) -> None:
        """The square an element is set down on, or its way from its square to where it
        goes (a square past the board's edge is left out)."""
        squares = [geo.index_square(s) for s in (getattr(move, "start", None),
                                                 getattr(move, "end", None),
                                                 getattr(move, "square", None)) if s is not None]
        rects = [geo.square_rect(s) for s in squares if geo.contains(s)]
        if len(rects) == 2:
            pygame.draw.line(surface, theme.SUGGESTION, rects[0].center, rects[1].center, 6)
            pygame.draw.circle(surface, theme.SUGGESTION, rects[1].center, geo.size // 5)
        for rect in rects:
            pygame.draw.rect(surface, theme.SUGGESTION, rect.inflate(-4, -4), 5,
                             border_radius=8)
