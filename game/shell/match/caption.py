"""The match's caption line, which can say itself again in another language: Settings
may change the language while a caption stays up (a move's, whose turn it is)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import current_language


class Captions:
    """`caption` (the line under the table) and `say`; `app` is the game's."""

    app: Any
    _caption: str
    # (the language it was made in, a function that makes it again) or None
    _caption_again: tuple[str, Callable[[], str]] | None
    _private: bool

    @property
    def caption(self) -> str:
        again = self._caption_again
        if again is not None and again[0] != current_language():
            self._caption, self._caption_again = again[1](), (current_language(), again[1])
        return self._caption

    @caption.setter
    def caption(self, text: str) -> None:
        self._caption, self._caption_again = text, None

    def say(self, text: str, speak: bool = True, again: Callable[[], str] | None = None) -> None:
        """Show (and speak) `text`; `again`, a function that makes the same text, says it
        anew in the language Settings may change to while it is shown."""
        self.caption, self._private = text, False
        if again is not None:
            self._caption_again = (current_language(), again)
        if speak and hasattr(self.app, "speak"):
            self.app.speak(text)

