"""Review fixes of the shell: leaving a couch match from the hand-over, private captions
not spoken aloud, broken level files listed readably, settings that take effect at once."""
from __future__ import annotations

import time

import game.logic.levels as levels
from game.shell import theme
from game.shell.config import MatchConfig, Seat
from game.shell.menus import TitleScene, VariantSelectScene, layout_choices
from game.shell.overlays import HandOverScene, PauseOverlay, SettingsScene
from game.shell.scene import Action

from test_shell_support import make_app


def couch_match(tmp_path, variant="classic", humans=2):
    app = make_app(tmp_path)
    app.start_match(MatchConfig(variant, tuple(Seat(f"P{i}") for i in range(humans)), {}, 5))
    scene = app.stack[1]
    app.advance(1 / 60)
    return app, scene


def spoken_lines(app) -> list[str]:
    lines = []
    app.speak = lines.append
    return lines


def test_escape_on_the_hand_over_pauses_without_showing_a_hand(tmp_path):
    app, scene = couch_match(tmp_path)
    assert isinstance(app.top, HandOverScene)
    app.dispatch(Action("back"))
    assert isinstance(app.top, PauseOverlay)
    assert isinstance(app.stack[-2], HandOverScene)
    app.draw()                                   # the pause menu dims the hand-over screen
    assert scene.hand == []
    app.dispatch(Action("pause"))                # resume: back to the hand-over
    assert isinstance(app.top, HandOverScene)
    app.dispatch(Action("pause"))
    app.top.ask()                                # "Quit to menu", then "Yes"
    app.top.menu.widgets[-1].handle_confirm()
    assert [type(s) for s in app.stack] == [TitleScene]


def test_a_couch_players_hand_is_captioned_but_not_spoken(tmp_path):
    app, scene = couch_match(tmp_path)
    app.dispatch(Action("confirm"))              # the first player takes the screen
    spoken = spoken_lines(app)
    player = scene.state.current_player
    view = scene.state.view(player)
    legal = {move.tile for move in view.legal_moves()}
    tile = next(t for t in view.hand if t not in legal)
    assert not scene.ctl.play(str(tile))          # the reason may name a tile of the hand
    assert scene.ctl.caption and not spoken
    scene.ctl.say_private("You drew 6-6.")
    assert scene.ctl.caption == "You drew 6-6." and not spoken
    assert scene.state.current_player == player


def test_with_one_human_private_captions_are_spoken(tmp_path):
    app = make_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob", "computer")), {}, 5))
    spoken = spoken_lines(app)
    app.stack[1].ctl.say_private("You drew 6-6.")
    assert spoken == ["You drew 6-6."]


def test_a_broken_level_file_is_listed_by_file_name_and_fits_the_menu(tmp_path, monkeypatch):
    folder = tmp_path / "levels"
    folder.mkdir()
    (folder / "standard.toml").write_text('name = "Tiny"\ngrid = """\n....\n....\n"""\n')
    (folder / "broken.toml").write_text('name = "Broken"\ngrid = """\n..x.\n"""\n')
    real = levels.list_layouts
    monkeypatch.setattr(levels, "list_layouts", lambda variant="dominox": real(variant, folder))
    good, broken = layout_choices("dominox")
    assert [name for name, _ in good] == ["standard"]
    assert len(broken) == 1 and broken[0].startswith("broken.toml:3:")
    assert str(folder) not in broken[0]

    app = make_app(tmp_path)
    app.settings.last_setup = {"variant": "dominox"}
    select = VariantSelectScene(app)
    notes = [w for w in select.menu.widgets if type(w).__name__ == "Label"]
    assert notes and "".join(w.label for w in notes).startswith("broken.toml:3:")
    for note in notes:
        assert theme.font(note.size).size(note.label)[0] <= select.menu.widgets[0].rect.w


def test_hints_follow_the_setting_in_the_line_match(tmp_path):
    app = make_app(tmp_path)
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob", "computer")), {}, 5))
    scene = app.stack[1]
    app.settings.show_hints = False              # changed on the settings screen
    assert scene.hints is False
    scene.handle(Action("hint"))                 # H changes the setting itself
    assert app.settings.show_hints is True and scene.hints is True


def test_settings_screen_shows_full_screen_after_f11(tmp_path):
    app = make_app(tmp_path)
    settings = SettingsScene(app)
    app.push(settings)
    before = app.fullscreen
    app.dispatch(Action("fullscreen"))
    app.draw()
    assert settings.fullscreen_row.value is (not before)
    settings.fullscreen_row.step(1)              # and stepping it really toggles again
    assert app.fullscreen is before


def test_count_words():
    assert theme.count(1, "tile") == "1 tile"
    assert theme.count(0, "tile") == "0 tiles"
    assert theme.count(2, "pass", "passes") == "2 passes"


def test_the_turn_prompt_says_draw_while_drawn_tiles_wait(tmp_path):
    app = make_app(tmp_path)
    app.settings.anim_speed = 0.0
    app.start_match(MatchConfig("classic", (Seat("Ann"), Seat("Bob", "computer")), {}, 1))
    scene = app.stack[1]
    for _ in range(3000):                        # play first moves until Ann must draw
        if scene.ctl.thinking:
            time.sleep(0.005)                    # the computer thinks in a worker
        app.advance(1 / 60)
        if scene.my_turn and scene.pending:
            break
        if scene.my_turn:
            move = scene.moves[0]
            scene.ctl.play(str(move) if move.is_pass else f"{move.tile}{move.end}")
    assert scene.my_turn and scene.pending, "seed 1 no longer makes Ann draw"
    assert scene.turn_prompt() == "Nothing fits: press Draw"
    while scene.pending:
        scene.handle(Action("draw"))
    app.advance(1 / 60)
    assert scene.turn_prompt() != "Nothing fits: press Draw"


def test_sentence_capitalises_all_but_square_names():
    from game.shell.match.controller import sentence
    assert sentence("you must pass") == "You must pass"
    assert sentence("you're not to move") == "You're not to move"
    assert sentence("b7 is taken") == "b7 is taken"
    assert sentence("aa12: off the board") == "aa12: off the board"
    assert sentence("") == ""
