"""Sound effects and optional speech degrade to silence, never to errors."""
import pytest

from game.play.settings import Settings
from game.shell.frame import speech
from game.shell.frame.audio import RECIPES, SOUND_NAMES, Sounds, synthesise

BRIEF_NAMES = {"place", "draw", "pass", "invalid", "round_end", "select", "capture", "win"}


def test_every_named_sound_is_synthesised_and_plays():
    assert set(SOUND_NAMES) == BRIEF_NAMES
    sounds = Sounds(Settings())
    for name in SOUND_NAMES:
        sounds.play(name)
    with pytest.raises(KeyError):
        sounds.play("explosion")


def test_every_sound_is_made_once_a_process_before_play_needs_it():
    from game.shell.frame import audio
    Sounds(Settings())
    if audio._warming is None:
        pytest.skip("no mixer here")
    audio._warming.join(10)
    rate, _, channels = audio.pygame.mixer.get_init()
    made = {key[0] for key in audio._SAMPLES if key[1:] == (rate, channels)}
    assert made == set(SOUND_NAMES)
    assert audio.samples("win", rate, channels) is audio._SAMPLES[("win", rate, channels)]


def test_samples_are_short_and_within_range():
    for notes in RECIPES.values():
        data = synthesise(notes, 22050, 2)
        seconds = len(data) / (22050 * 2 * 2)
        assert 0.02 < seconds < 0.8
    assert synthesise(((440, 0.01, "sine"),), 1000, 1) != bytes(20)


def test_mute_and_missing_mixer_are_silent(monkeypatch):
    settings = Settings(muted=True)
    sounds = Sounds(settings)
    monkeypatch.setattr(sounds, "sound", lambda name: pytest.fail("muted but played"))
    sounds.play("win")
    sounds.enabled = False
    monkeypatch.undo()
    settings.muted = False
    assert sounds.sound("win") is None
    sounds.play("win")


def test_a_mixer_closed_since_start_is_silent(monkeypatch):
    from game.shell.frame import audio
    sounds = Sounds(Settings())
    sounds.enabled = True                  # as if the mixer had started, then was closed
    sounds._cache.clear()
    monkeypatch.setattr(audio.pygame.mixer, "get_init", lambda: None)
    assert sounds.sound("win") is None
    assert not sounds.enabled
    sounds.play("win")


def test_speech_without_a_program_does_nothing(monkeypatch):
    monkeypatch.setattr(speech.shutil, "which", lambda name: None)
    monkeypatch.setattr(speech.importlib.util, "find_spec", lambda name: None)
    speaker = speech.Speaker()
    assert not speaker.available
    speaker.say("Ann to play")
    speaker.stop()
