"""Short synthesised sound effects: built once from tones, no files, no numpy.

If the mixer cannot start (no audio device), every play() is a silent no-op.
"""
from __future__ import annotations

import math
import random
import threading
from array import array

import pygame

# name -> notes of (frequency Hz, seconds, waveform); frequency 0 is noise.
RECIPES: dict[str, tuple[tuple[float, float, str], ...]] = {
    "place": ((180, 0.05, "sine"), (0, 0.03, "noise")),
    "draw": ((0, 0.06, "noise"), (520, 0.05, "sine")),
    "pass": ((330, 0.09, "sine"), (247, 0.12, "sine")),
    "invalid": ((140, 0.16, "square"),),
    "round_end": ((523, 0.1, "sine"), (659, 0.1, "sine"), (784, 0.2, "sine")),
    "select": ((880, 0.04, "sine"),),
    "capture": ((392, 0.06, "square"), (0, 0.05, "noise"), (196, 0.1, "sine")),
    "win": ((523, 0.12, "sine"), (659, 0.12, "sine"), (784, 0.12, "sine"), (1047, 0.3, "sine")),
}
SOUND_NAMES = tuple(RECIPES)

# The samples of each sound, by (name, rate, channels), made once a process: a thread
# makes them all while the title menu waits, so that no frame of play pays for one (the
# winning fanfare was made in the first results screen's frame, a few ms of pure Python).
_SAMPLES: dict[tuple, bytes] = {}
_SAMPLES_LOCK = threading.Lock()
_warming: threading.Thread | None = None


def samples(name: str, rate: int, channels: int) -> bytes:
    """The bytes of sound `name` at that rate and channel count, made on first need."""
    key = (name, rate, channels)
    with _SAMPLES_LOCK:
        if key not in _SAMPLES:
            _SAMPLES[key] = synthesise(RECIPES[name], rate, channels)
        return _SAMPLES[key]


def _warm(rate: int, channels: int) -> None:
    for name in RECIPES:
        samples(name, rate, channels)


def synthesise(notes, rate: int, channels: int) -> bytes:
    """Signed 16-bit samples of `notes` played one after another, each with a short
    attack and a decay so nothing clicks."""
    noise = random.Random(7)
    samples = array("h")
    for freq, seconds, wave in notes:
        count = int(rate * seconds)
        attack = max(1, int(rate * 0.004))
        for i in range(count):
            envelope = min(1.0, i / attack) * (1 - i / count) ** 2
            if freq == 0:
                value = noise.uniform(-1, 1)
            else:
                phase = math.sin(2 * math.pi * freq * i / rate)
                value = phase if wave == "sine" else (0.5 if phase >= 0 else -0.5)
            sample = int(12000 * envelope * value)
            samples.extend((sample,) * channels)
    return samples.tobytes()


class Sounds:
    """`play(name)` for the effect names of RECIPES, at the settings' volume and mute."""

    def __init__(self, settings):
        self.settings = settings
        self._cache: dict[str, object] = {}
        self.enabled = self._start_mixer()
        global _warming
        if self.enabled and _warming is None:
            rate, size, channels = pygame.mixer.get_init()
            _warming = threading.Thread(target=_warm, args=(rate, channels), daemon=True,
                                        name="sound-synthesis")
            _warming.start()

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            return bool(pygame.mixer.get_init())
        except pygame.error:
            return False

    def sound(self, name: str):
        """The pygame Sound for `name`, synthesised on first use (None without a mixer)."""
        if not self.enabled:
            return None
        if name not in self._cache:
            mixer = pygame.mixer.get_init()     # None: the mixer was closed since
            if mixer is None or mixer[1] != -16:
                self.enabled = False     # only signed 16-bit is synthesised
                return None
            rate, _, channels = mixer
            self._cache[name] = pygame.mixer.Sound(buffer=samples(name, rate, channels))
        return self._cache[name]

    def play(self, name: str) -> None:
        if name not in RECIPES:
            raise KeyError(f"unknown sound {name!r} (known: {', '.join(RECIPES)})")
        if self.settings.muted or self.settings.volume <= 0:
            return
        try:
            sound = self.sound(name)
            if sound is not None:
                sound.set_volume(self.settings.volume)
                sound.play()
        except pygame.error:
            self.enabled = False
