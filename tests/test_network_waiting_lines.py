"""What a network player reads while the match waits: after Rematch the results say who
it waits for (not a caption hidden under them), and the waiting banner stays off the
round's results as they fade in."""
import pygame

from game.shell.net import scenes as net_scenes
from game.shell.screens.results import ResultsScene

from acceptance_support import keep_global_random  # noqa: F401
from network_support import Hosted, NetPerson, run_bot, wait_for
from test_network_scenes import join_from_menu, play_random_moves
from test_shell_support import texts_drawn


def test_after_rematch_the_results_say_who_the_rematch_waits_for(tmp_path, monkeypatch):
    hosted = Hosted("blank", ["remote", "remote"])
    try:
        run_bot(hosted.bot("Ben", "random"))
        person = NetPerson(tmp_path, monkeypatch, "keys", seed=9)
        scene = join_from_menu(person, hosted.address, "TEST42")
        results = play_random_moves(person, scene)
        person.press("Rematch")
        assert wait_for(lambda: "waiting for Ben" in (results.note or ""), 20, person.frame)
        assert results in person.app.stack
        assert any("waiting for Ben" in text
                   for text in texts_drawn(person.app, results, monkeypatch))
    finally:
        hosted.stop()


def test_the_waiting_banner_stays_off_the_rounds_results(tmp_path, monkeypatch):
    over_results = []                  # banners drawn while the results were on top
    real = net_scenes.draw_banner
    monkeypatch.setattr(net_scenes, "draw_banner", lambda surface, lines: (
        over_results.append(lines) if isinstance(person.top, ResultsScene) else None,
        real(surface, lines)))
    hosted = Hosted("classic", ["remote", "remote"], {"limit": 60})
    try:
        run_bot(hosted.bot("Ben", "random"))
        person = NetPerson(tmp_path, monkeypatch, "keys", seed=9)
        scene = join_from_menu(person, hosted.address, "TEST42")
        while not isinstance(person.top, ResultsScene):
            if scene.ctl.human_turn:
                scene.ctl.play(scene.ctl.state.legal_moves()[0])
            person.frame()
        results = person.top
        while not results.ready:
            person.frame()
        for _ in range(5):
            person.frame()
        assert scene.ctl.paused and "see the round's results" in scene.ctl.paused
        assert over_results == [], "the banner was drawn over the results"
        person.keys(pygame.K_RETURN)                  # Continue: the table, and its banner
        assert person.top is scene
    finally:
        hosted.stop()
