"""Capture (open-board game 3) on the board scene: capture by facing equal numbers; the
goal option says what wins (most elements left, N captures, 48 pips, exactly 48, the
targets) and the pips captured show on the cards under a pip goal (docs/rules.md,
Capture). The shared part is variants.moving."""
from __future__ import annotations

from game.shell.frame import theme
from game.shell.variants.moving import MovingAdapter, left_counts

GOALS = {
    "most": "Once no capture can happen, more elements left wins.",
    "captures": "The first to capture {n} wins.",
    "pips": "The first to capture 48 pips wins.",
    "exact": "Capture exactly 48 pips; over 48 loses.",
    "targets": "Reach exactly 12, 24, 36 or 48 pips; over 48 loses.",
}


class Adapter(MovingAdapter):
    @property
    def goal(self) -> tuple[str, str]:
        kind, _, amount = self.game.options["goal"].partition(":")
        return kind, amount

    @property
    def pip_goal(self) -> bool:
        return self.goal[0] in ("pips", "exact", "targets")

    def goal_text(self) -> str:
        kind, amount = self.goal
        n = theme.count(int(amount), "element") if amount.isdigit() else amount
        return f"Equal facing numbers capture. {GOALS[kind].format(n=n)}"

    def info_title(self) -> str:
        return f"{self.game.title}, sliding" if self.game.slide else self.game.title

    def tally(self, outcome) -> str:
        view = self.scene.table_view()
        if self.pip_goal:
            return self.pair(view.captured_pips, outcome.winner, "pip")
        if self.goal[0] == "captures":
            return self.pair(view.captures, outcome.winner, "capture")
        return self.pair(left_counts(view), outcome.winner, "element left", "elements left")

    def goal_words(self, outcome) -> str:
        kind, amount = self.goal
        pips = self.scene.table_view().captured_pips[outcome.winner]
        if kind == "captures":
            return f"captured {theme.count(int(amount), 'element')}"
        if kind == "targets" and pips != 48:
            return f"hit the target of {theme.count(pips, 'pip')}"
        return f"captured {'exactly ' if kind != 'pips' else ''}{theme.count(pips, 'pip')}"

    def extra_card_lines(self, player: int, view) -> list[tuple]:
        if not self.pip_goal:
            return []
        return [(f"{view.captured_pips[player]} of 48 pips", 30, theme.TEXT, False)]

    def result_columns(self) -> tuple[str, list[str]]:
        if self.pip_goal:
            return "Pips", [str(n) for n in self.scene.table_view().captured_pips]
        return super().result_columns()
