"""Diagonals (open-board game 4) on the board scene: each side on its own colour of
squares, stepping diagonally or jumping its own elements in chains; most captures wins,
or with the race option the first to have every element past the middle line (docs/rules.md,
Diagonals). The shared part is variants.moving."""
from __future__ import annotations

from game.i18n import _

from game.shell.frame import theme
from game.shell.variants.moving import MovingAdapter, left_counts


class Adapter(MovingAdapter):
    def racing(self) -> bool:
        return self.game.race

    def goal_text(self) -> str:
        if self.game.race:
            return _("Bring every element past the gold middle line first. Moves are "
                     "diagonal; jumps over your own elements chain.")
        return _("Moves are diagonal; jumps over your own elements chain. Equal facing "
                 "numbers capture; most captures wins.")

    def tally(self, outcome) -> str:
        if self.game.race:                  # "6 of 6 past the middle to 8 of 10"
            view = self.scene.table_view()
            past, left = view.past_middle, left_counts(view)
            first = 0 if outcome.winner is None else outcome.winner
            mine, theirs = (_("{count} of {most}").format(count=past[p], most=left[p])
                            for p in (first, 1 - first))
            if outcome.winner is None:
                return _("South {mine} past the middle, North {theirs}").format(mine=mine,
                                                                                theirs=theirs)
            return _("{mine} past the middle to {theirs}").format(mine=mine, theirs=theirs)
        return super().tally(outcome)

    def extra_card_lines(self, player: int, view) -> list[tuple]:
        if not view.race:
            return []
        left = left_counts(view)[player]
        return [(_("{count} of {most} past the middle").format(count=view.past_middle[player],
                                                                most=left), 30, theme.TEXT,
                 False)]

    def result_columns(self) -> tuple[str, list[str]]:
        if self.game.race:
            return _("Past middle"), [str(n) for n in self.scene.table_view().past_middle]
        return super().result_columns()
