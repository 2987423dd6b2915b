"""Optional spoken captions: espeak-ng / espeak if installed (in the game's language's
voice), else pyttsx3, else silence."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
import threading

from game.i18n import ENGLISH, PSEUDO, current_language


MAX_CHARS = 500     # longer than any caption


def speakable(text) -> str:
    """`text` as one argument of a command line: no NUL or other control character, no
    lone surrogate, at most MAX_CHARS characters."""
    text = str(text)[:MAX_CHARS].encode("utf-8", "replace").decode("utf-8")
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def voice() -> list[str]:
    """espeak's voice option for the game's language (its own default voice: English)."""
    code = current_language()
    return [] if code in (ENGLISH, PSEUDO) else ["-v", code.replace("_", "-").lower()]


class Speaker:
    """`say(text)` without blocking the game; a new line cuts off the one still speaking."""

    def __init__(self):
        self.program = shutil.which("espeak-ng") or shutil.which("espeak")
        self.has_pyttsx3 = (self.program is None
                            and importlib.util.find_spec("pyttsx3") is not None)
        self._process = None

    @property
    def available(self) -> bool:
        return bool(self.program or self.has_pyttsx3)

    def say(self, text: str) -> None:
        text = speakable(text)
        if not text:
            return
        if self.program:
            self.stop()
            try:
                # "--" ends the options: a caption such as "-w/tmp/x" (a player's name)
                # is spoken, never taken as an option.
                self._process = subprocess.Popen(
                    [self.program, *voice(), "--", text], stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            except OSError:
                self.program = None
        elif self.has_pyttsx3:
            threading.Thread(target=self._say_pyttsx3, args=(text,), daemon=True).start()

    @staticmethod
    def _say_pyttsx3(text: str) -> None:
        try:
            import pyttsx3  # type: ignore[import-not-found]  # optional: not a dependency
            engine = pyttsx3.init()
            engine.say(text)
            engine.runAndWait()
        except Exception:      # speech is a courtesy; never let it break the game
            pass

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
        self._process = None
