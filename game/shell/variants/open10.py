"""Shift (open-board game 10) on the board scene: lift one of your elements and set it
down where it touches your own with equal numbers; equal numbers touching the opponent's
remove them; setting an element past the far edge wins (docs/rules.md, Shift).

The moving games' adapter (variants.moving) with Shift's words, a board of stacks
(shift_table.ShiftTable) and the shifting input (shift_tool.ShiftTool), whose targets
include the row past the far edge and, with free arrows, follow the chosen arrow.
"""
from __future__ import annotations

from game.logic.core import PASS
from game.logic.elements.board import SIZE
from game.logic.elements.shifting import parse_stack, square_name
from game.shell.board.elements.art import draw_element_board
from game.shell.board.elements.shift_table import SHIFT_AREA, ShiftTable
from game.shell.board.elements.shift_tool import ShiftTool
from game.shell.board.geometry import BoardGeometry
from game.shell.frame import theme
from game.shell.variants.moving import GOLD, LEGEND, SIDES, MovingAdapter

FREE_LEGEND = ("Click or arrows + Enter: pick, then where   R, wheel, right-click: turn "
               "the arrow   Tab: next   Esc: put back   H: hints   E: standing")
HEADLINES = {"goal": "Past the edge", "both crossed": "Both past the edge",
             "no captures": "Move limit reached", "no moves": "No elements left"}


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
    start, _, end = str(move).partition(">")
    arrow = {"^": ", arrow north", "v": ", arrow south"}.get(end[-1:], "")
    return f"{start} to {end.rstrip('^v')}{arrow}"


def taken_words(texts, free: bool) -> str:
    """"3-5 on e6" or "a stack of 4 on e6 (3-5 on top)", joined by "and"."""
    words = []
    for text in texts:
        square, stack = parse_stack(text, free)
        top, where = stack[-1], square_name(square)
        if len(stack) == 1:
            words.append(f"{top.south}-{top.north} on {where}")
        else:
            words.append(f"a stack of {len(stack)} on {where} ({top.south}-{top.north} "
                         "on top)")
    return " and ".join(words)


class Adapter(MovingAdapter):
    verb = "shift"
    tool = ShiftTool
    table = ShiftTable
    pass_prompt = "None of your elements can be set down anywhere: you must pass. " \
                  "Press Enter or click Pass."

    @classmethod
    def geometry(cls, game) -> BoardGeometry:
        return BoardGeometry(8, 8, SHIFT_AREA)

    def __init__(self, scene):
        super().__init__(scene)
        self.legend = FREE_LEGEND if self.game.free else LEGEND

    def draw_board(self, surface, geo, font) -> None:
        draw_element_board(surface, geo, False, False, font)

    def goal_text(self) -> str:
        return "Touch your own with equal numbers; equal numbers take theirs. Past the far " \
               "edge wins."

    def goal_lines(self) -> list[str]:
        """The goal in four lines, and the options that change play in one more."""
        stacks, free = self.game.options["stacks"], self.game.free
        note = "Stacks and free arrows" if stacks and free else \
            "Stacks: only tops move" if stacks else "Free arrows: R turns them" if free else ""
        return super().goal_lines()[:4] + ([note] if note else [])

    def edge_words(self, player: int) -> str:
        return f"set an element past {SIDES[1 - player]}'s edge"

    # --- counts -----------------------------------------------------------------------
    def quiet_line(self, view) -> tuple[str, str, float]:
        most = 2 * view.limit
        return "Without a capture", f"{view.quiet} of {most}", view.quiet / most

    def left(self, view) -> tuple[int, int]:
        return on_board(view)

    def captured(self, view) -> str:
        return taken_words(view.last_captured, view.free_arrows)

    def extra_card_lines(self, player: int, view) -> list[tuple]:
        if not view.stacks:
            return []
        piles = sum(1 for stack in view.cells if stack and stack[0].owner == player)
        return [(f"{theme.count(piles, 'stack')} on the board", 30, theme.TEXT, False)]

    def last_feat(self, move, mover: int) -> list[tuple]:
        lines = [("Past the edge!", GOLD)] if move is not PASS and move.past_edge else []
        answering = self.scene.table_view().answering
        if answering is not None:
            lines += [(f"{SIDES[answering]} has one move to answer", GOLD),
                      ("Crossing too draws", theme.TEXT_DIM)]
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
        return f"{self.move_words(self.name(player), player, move, after)} " \
               f"{self.name(after.answering)} has one move to answer."

    def last_words(self, move) -> str:
        return "passed" if move is PASS else f"shifted {shift_words(move)}"

    def move_words(self, who: str, player: int, move, after) -> str:
        if move is PASS:
            return f"{who} cannot shift any element and passes."
        if move.past_edge:
            return f"{who} shifted {shift_words(move)}, past {SIDES[1 - player]}'s edge!"
        words = f"{who} shifted {shift_words(move)}."
        if after.last_captured:
            words += f" Captured {self.captured(after)}!"
        return words

    # --- the end ------------------------------------------------------------------------
    def stuck(self, name) -> str:
        left = self.left(self.scene.table_view())
        for player in (0, 1):
            if left[player] == 0:
                return f"{name(player)} has no elements left"
        return f"{name(self.scene.table_view().to_move)} cannot move"

    def answered(self) -> bool:
        """Whether the crossing that decided the game had its one move of answer (a pass
        too): then the last move is not the crossing."""
        view = self.scene.table_view()
        return bool(view.crossed) and (view.last_move is PASS or not view.last_move.past_edge)

    def reason_words(self, outcome) -> str:
        reason, winner = outcome.reason, outcome.winner
        if reason == "both crossed":
            return f"{self.name(1 - self.game.first_player)} crossed too in answer to " \
                   f"{self.name(self.game.first_player)}"
        if reason == "goal" and self.answered():
            return f"{self.name(winner)} {self.edge_words(winner)}, and " \
                   f"{self.name(1 - winner)} could not answer"
        if reason == "goal":
            return f"{self.name(winner)} {self.edge_words(winner)}"
        if reason == "no captures":
            return f"{theme.count(self.game.limit, 'move')} each without a capture"
        return self.stuck(self.name)

    def why(self, outcome) -> str:
        reason, winner = outcome.reason, outcome.winner
        if reason == "both crossed":
            return "both crossed the far edge"
        if reason == "goal" and self.answered():
            return f"{self.edge_words(winner)}, unanswered"
        if reason == "goal":
            return self.edge_words(winner)
        if reason == "no captures":
            return f"move limit, {self.tally(outcome)}"
        return self.stuck(self.ctl.name)

    def verdict(self, outcome) -> str:
        if outcome.reason == "both crossed":   # the edge decides, not the counts
            return "a draw"
        if outcome.reason == "goal":
            return f"{self.ctl.name(outcome.winner)} wins"
        return super().verdict(outcome)

    def end_banner(self) -> tuple[str, str]:
        outcome = self.game.outcome()
        verdict = self.verdict(outcome)
        return HEADLINES.get(outcome.reason, "Game over"), \
            f"{self.reason_words(outcome)}. {verdict[:1].upper()}{verdict[1:]}."
