"""Shift (open-board game 10) on the board scene: lift one of your elements and set it
down where it touches your own with equal numbers; equal numbers touching the opponent's
remove them; setting an element past the far edge wins (docs/rules.md, Shift).

The moving games' adapter (variants.moving) with Shift's words, a board of stacks
(shift_table.ShiftTable) and the shifting input (shift_tool.ShiftTool), whose targets
include the row past the far edge and, with free arrows, follow the chosen arrow.
"""
from __future__ import annotations

from game.i18n import N_, _, ngettext

from game.logic.core import PASS
from game.logic.elements.board import SIZE
from game.logic.elements.shifting import parse_stack, square_name
from game.shell.board.elements.art import draw_element_board
from game.shell.board.elements.shift_table import SHIFT_AREA, ShiftTable
from game.shell.board.elements.table import GOAL_SIZE
from game.shell.board.elements.shift_tool import ShiftTool
from game.shell.board.geometry import BoardGeometry
from game.shell.frame import theme
from game.shell.variants.moving import GOLD, LEGEND, SIDES, MovingAdapter, counted

FREE_LEGEND = N_("Click or arrows + Enter: pick, then where   R, wheel, right-click: turn "
                 "the arrow   Tab: next   Esc: put back   H: hints   E: standing")
HEADLINES = {"goal": N_("Past the edge"), "both crossed": N_("Both past the edge"),
             "no captures": N_("Move limit reached"), "no moves": N_("No elements left")}


def on_board(view) -> tuple[int, int]:
    """The elements each player has on the board (every element of every stack)."""
    counts = [0, 0]
    for stack in view.cells:
        if stack:
            counts[stack[0].owner] += len(stack)
    return counts[0], counts[1]


def shift_words(move) -> str:
    """A shift (or its text) as the status line says it: "c2>e5^" is "c2 to e5, arrow
    north" (the notation stays in the Last move panel)."""
    start, _gt, end = str(move).partition(">")
    words = _("{start} to {end}").format(start=start, end=end.rstrip("^v"))
    if end.endswith("^"):
        return _("{move}, arrow north").format(move=words)
    return _("{move}, arrow south").format(move=words) if end.endswith("v") else words


def taken_words(texts, free: bool) -> str:
    """"3-5 on e6" or "a stack of 4 on e6 (3-5 on top)", joined by "and"."""
    words = []
    for text in texts:
        square, stack = parse_stack(text, free)
        top, where = stack[-1], square_name(square)
        tile = f"{top.south}-{top.north}"
        if len(stack) == 1:
            words.append(_("{tile} on {square}").format(tile=tile, square=where))
        else:
            words.append(_("a stack of {count} on {square} ({tile} on top)").format(
                count=len(stack), square=where, tile=tile))
    if len(words) < 2:
        return "".join(words)
    return _("{first} and {second}").format(first=", ".join(words[:-1]), second=words[-1])


class Adapter(MovingAdapter):
    tool = ShiftTool
    table = ShiftTable
    pass_prompt = N_("None of your elements can be set down anywhere: you must pass. "
                     "Press Enter or click Pass.")

    @classmethod
    def geometry(cls, game) -> BoardGeometry:
        return BoardGeometry(8, 8, SHIFT_AREA)

    def __init__(self, scene):
        super().__init__(scene)
        self.legend = FREE_LEGEND if self.game.free else LEGEND

    def draw_board(self, surface, geo, font) -> None:
        draw_element_board(surface, geo, False, False, font)

    def goal_text(self) -> str:
        return _("Touch your own with equal numbers; equal numbers take theirs. Past the far "
                 "edge wins.")

    def goal_lines(self, size: int = GOAL_SIZE) -> list[str]:
        """The goal, and the options that change play in one more line."""
        stacks, free = self.game.options["stacks"], self.game.free
        note = _("Stacks and free arrows") if stacks and free else \
            _("Stacks: only tops move") if stacks else \
            _("Free arrows: R turns them") if free else ""
        return super().goal_lines(size) + ([note] if note else [])

    def edge_words(self, player: int) -> str:
        return _("set an element past {side}'s edge").format(side=_(SIDES[1 - player]))

    def begins(self, name: str) -> str:
        return _("{name} begins: pick an element and shift it.").format(name=name)

    # --- counts -----------------------------------------------------------------------
    def quiet_line(self, view) -> tuple[str, str, float]:
        most = 2 * view.limit
        return _("Without a capture"), _("{count} of {most}").format(count=view.quiet,
                                                                    most=most), view.quiet / most

    def left(self, view) -> tuple[int, int]:
        return on_board(view)

    def captured(self, view) -> str:
        return taken_words(view.last_captured, view.free_arrows)

    def extra_card_lines(self, player: int, view) -> list[tuple]:
        if not view.stacks:
            return []
        piles = sum(1 for stack in view.cells if stack and stack[0].owner == player)
        return [(ngettext("{count} stack on the board", "{count} stacks on the board",
                          piles).format(count=piles), 30, theme.TEXT, False)]

    def last_feat(self, move, mover: int) -> list[tuple]:
        lines = [(_("Past the edge!"), GOLD)] if move is not PASS and move.past_edge else []
        answering = self.scene.table_view().answering
        if answering is not None:
            lines += [(_("{side} has one move to answer").format(side=_(SIDES[answering])),
                       GOLD), (_("Crossing too draws"), theme.TEXT_DIM)]
        return lines

    def end_squares(self) -> list[int]:
        """Once the game is decided past the edge: the own element on the last rank each
        crossing element was set behind."""
        outcome = self.game.outcome()
        if outcome is None or outcome.reason not in ("goal", "both crossed"):
            return []
        return [square - SIZE if square >= SIZE * SIZE else square + SIZE
                for square, _ in self.scene.table_view().past_edge]

    # --- captions -----------------------------------------------------------------------
    def move_caption(self, player: int, move, before, after) -> str:
        if after.answering is None:
            return super().move_caption(player, move, before, after)
        return self.move_words(self.name(player), player, move, after) + " " + \
            _("{name} has one move to answer.").format(name=self.name(after.answering))

    def last_words(self, move) -> str:
        return _("passed") if move is PASS else _("shifted {move}").format(
            move=shift_words(move))

    def move_words(self, who: str, player: int, move, after) -> str:
        if move is PASS:
            return _("{name} cannot shift any element and passes.").format(name=who)
        if move.past_edge:
            return _("{name} shifted {move}, past {side}'s edge!").format(
                name=who, move=shift_words(move), side=_(SIDES[1 - player]))
        words = _("{name} shifted {move}.").format(name=who, move=shift_words(move))
        if after.last_captured:
            words += " " + _("Captured {elements}!").format(elements=self.captured(after))
        return words

    # --- the end ------------------------------------------------------------------------
    def stuck(self, name) -> str:
        left = self.left(self.scene.table_view())
        for player in (0, 1):
            if left[player] == 0:
                return _("{name} has no elements left").format(name=name(player))
        return _("{name} cannot move").format(name=name(self.scene.table_view().to_move))

    def answered(self) -> bool:
        """Whether the crossing that decided the game had its one move of answer (a pass
        too): then the last move is not the crossing."""
        view = self.scene.table_view()
        return bool(view.crossed) and (view.last_move is PASS or not view.last_move.past_edge)

    def reason_words(self, outcome) -> str:
        reason, winner = outcome.reason, outcome.winner
        if reason == "both crossed":
            return _("{name} crossed too in answer to {first}").format(
                name=self.name(1 - self.game.first_player),
                first=self.name(self.game.first_player))
        if reason == "goal" and self.answered():
            return _("{name} {words}, and {other} could not answer").format(
                name=self.name(winner), words=self.edge_words(winner),
                other=self.name(1 - winner))
        if reason == "goal":
            return _("{name} {words}").format(name=self.name(winner),
                                              words=self.edge_words(winner))
        if reason == "no captures":
            return _("{moves} each without a capture").format(
                moves=counted(self.game.limit, "move"))
        return self.stuck(self.name)

    def why(self, outcome) -> str:
        reason, winner = outcome.reason, outcome.winner
        if reason == "both crossed":
            return _("both crossed the far edge")
        if reason == "goal" and self.answered():
            return _("{words}, unanswered").format(words=self.edge_words(winner))
        if reason == "goal":
            return self.edge_words(winner)
        if reason == "no captures":
            return _("move limit, {tally}").format(tally=self.tally(outcome))
        return self.stuck(self.ctl.name)

    def verdict(self, outcome) -> str:
        if outcome.reason == "both crossed":   # the edge decides, not the counts
            return _("a draw")
        if outcome.reason == "goal":
            return _("{name} wins").format(name=self.ctl.name(outcome.winner))
        return super().verdict(outcome)

    def end_banner(self) -> tuple[str, str]:
        outcome = self.game.outcome()
        verdict = self.verdict(outcome)
        return _(HEADLINES.get(outcome.reason, N_("Game over"))), \
            f"{self.reason_words(outcome)}. {verdict[:1].upper()}{verdict[1:]}."
