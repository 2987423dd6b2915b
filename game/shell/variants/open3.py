"""Capture (open-board game 3) on the board scene: capture by facing equal numbers; the
goal option says what wins (most elements left, N captures, 48 pips, exactly 48, the
targets) and the pips captured show on the cards under a pip goal (docs/rules.md,
Capture). The shared part is variants.moving."""
from __future__ import annotations

from game.i18n import N_, _, ngettext

from game.shell.frame import theme
from game.shell.variants.moving import MovingAdapter, counted, left_counts

GOALS = {
    "most": N_("Once no capture can happen, more elements left wins."),
    "pips": N_("The first to capture 48 pips wins."),
    "exact": N_("Capture exactly 48 pips; over 48 loses."),
    "targets": N_("Reach exactly 12, 24, 36 or 48 pips; over 48 loses."),
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
        if kind == "captures":
            goal = ngettext("The first to capture {count} element wins.",
                            "The first to capture {count} elements wins.",
                            int(amount)).format(count=amount)
        else:
            goal = _(GOALS[kind])
        return _("Equal facing numbers capture.") + " " + goal

    def info_title(self) -> str:
        title = _(self.game.title)
        return _("{title}, sliding").format(title=title) if self.game.slide else title

    def tally(self, outcome) -> str:
        view = self.scene.table_view()
        if self.pip_goal:
            return self.pair(view.captured_pips, outcome.winner, "pip")
        if self.goal[0] == "captures":
            return self.pair(view.captures, outcome.winner, "capture")
        return self.pair(left_counts(view), outcome.winner, "element left")

    def goal_words(self, outcome) -> str:
        kind, amount = self.goal
        pips = self.scene.table_view().captured_pips[outcome.winner]
        if kind == "captures":
            return _("captured {elements}").format(elements=counted(int(amount), "element"))
        if kind == "targets" and pips != 48:
            return _("hit the target of {pips}").format(pips=counted(pips, "pip"))
        if kind == "pips":
            return _("captured {pips}").format(pips=counted(pips, "pip"))
        return _("captured exactly {pips}").format(pips=counted(pips, "pip"))

    def extra_card_lines(self, player: int, view) -> list[tuple]:
        if not self.pip_goal:
            return []
        return [(_("{count} of 48 pips").format(count=view.captured_pips[player]), 30,
                 theme.TEXT, False)]

    def result_columns(self) -> tuple[str, list[str]]:
        if self.pip_goal:
            return _("Pips"), [str(n) for n in self.scene.table_view().captured_pips]
        return super().result_columns()
