"""Optional spoken captions: espeak-ng / espeak if installed, else pyttsx3, else silence."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
import threading


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
        if not text:
            return
        if self.program:
            self.stop()
            try:
                self._process = subprocess.Popen(
                    [self.program, text], stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            except OSError:
                self.program = None
        elif self.has_pyttsx3:
            threading.Thread(target=self._say_pyttsx3, args=(text,), daemon=True).start()

    @staticmethod
    def _say_pyttsx3(text: str) -> None:
        try:
            import pyttsx3
            engine = pyttsx3.init()
            engine.say(text)
            engine.runAndWait()
        except Exception:      # speech is a courtesy; never let it break the game
            pass

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
        self._process = None
