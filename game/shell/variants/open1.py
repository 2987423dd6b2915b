"""Test element (open-board game 1) on the board scene: each side's 0-0 lies face down as
its test element; landing a numbered element on the opponent's wins at once (docs/rules.md,
Test element). The shared part is variants.moving."""
from __future__ import annotations

from game.i18n import _

from game.shell.variants.moving import MovingAdapter


class Adapter(MovingAdapter):
    def goal_text(self) -> str:
        return _("Land a numbered element on your opponent's test element to win. Equal "
                 "facing numbers capture.")
