"""Lessons on the real board, driven through pygame's event queue (acceptance_support.Person):
every lesson of every game finished by keyboard from the title menu, the first lesson of
each game by mouse; a wrong move, Retry, the answer lit, a refused try with the rules'
reason; the words of every step fit the panel; progress kept beside the statistics (a
damaged file set aside); How to play on the new-game screen; the lessons offered before a
first game; `--learn`; the first game with the coach's suggestion on every turn."""
from __future__ import annotations

import json

import pygame
import pytest

import acceptance_support
from acceptance_support import Person, keep_global_random, make_line_move, place_tile  # noqa: F401
from game.logic.lessons import list_lessons
from game.logic.variants import find_variant, variant_names
from game.play import lesson_progress, statistics as stats
from game.play.config import MatchConfig, Seat
from game.shell.lessons.learn import (FIRST_GAME, LearnScene, LessonListScene, LessonOffer,
                                      open_first_lesson, start_first_game)
from game.shell.lessons.panel import ASK, DONE, RIGHT, WRONG
from game.shell.lessons.scene import LessonFlow, lesson_scene
from game.shell.line import layout as line_layout
from game.shell.match.scene import MatchScene
from game.shell.match.training import TrainingCoach
from game.shell.screens.setup import VariantSelectScene
from game.shell.screens.title import TitleScene

from test_acceptance_dominid import arrange_opening, declare
from test_acceptance_moving import move_element
from test_acceptance_packs import place_element
from test_acceptance_shift import shift_element
from test_coach_scene import run_until
from test_shell_support import frame, press, quiet_app, texts_drawn

LETTERS = {pygame.K_n: "n", pygame.K_o: "o", pygame.K_u: "u", pygame.K_g: "g",
           pygame.K_c: "c"}


@pytest.fixture
def person_of(tmp_path, monkeypatch):
    for key, char in LETTERS.items():
        monkeypatch.setitem(acceptance_support.KEY_CHAR, key, char)
    return lambda mode, seed=30: Person(tmp_path, monkeypatch, mode, seed)


# --- a person answering a lesson's step ---------------------------------------------------------
def play_answer(person: Person, scene, move) -> None:
    """Make `move` the way the lesson's own match scene offers it."""
    text, keys = str(move), person.mode == "keys"
    if not hasattr(scene, "geo"):                       # the line games
        while scene.pending:                            # drawn for you: turn them up first
            person.keys(pygame.K_d) if keys else person.click(line_layout.DRAW_BUTTON.center)
        if text == "stop":
            person.keys(pygame.K_n) if keys else \
                person.click(line_layout.END_TURN_BUTTON.center)
        elif text == "pass":
            person.keys(pygame.K_RETURN) if keys else person.click(line_layout.PASS_BUTTON.center)
        else:
            make_line_move(person, scene, move)
    elif text in ("odds", "evens"):
        declare(person, scene, ("odds", "evens").index(text), "letter")
    elif text.startswith("arrange"):
        options = [str(m) for m in scene.tool.picker.options()]
        arrange_opening(person, scene, options.index(text))
    elif text == "pass":
        if keys:
            person.keys(pygame.K_RETURN)
        else:
            button = next((b for b in scene.panel.buttons if b.key == "pass"), None)
            person.click(button.rect.center if button else scene.table.pass_rect.center)
    elif scene.game.variant == "open10":
        shift_element(person, scene, move)
    elif scene.game.variant == "open22":
        place_element(person, scene, move)
    elif hasattr(move, "path"):
        move_element(person, scene, move)
    else:
        place_tile(person, scene, move)


def press_panel(person: Person, scene, key: str) -> None:
    """Press the panel's button `key`: Enter on it (it has the focus after an answer), or a
    click on it."""
    button = next(b for b in scene.panel.buttons if b.key == key)
    if person.mode == "keys":
        assert scene.panel.focused is button, f"{key} is not in focus"
        person.keys(pygame.K_RETURN)
    else:
        person.click(button.rect.center)


def open_learn(person: Person, variant: str):
    """Title -> Learn -> the game: its list of lessons."""
    assert isinstance(person.top, TitleScene)
    person.press("Learn")
    assert isinstance(person.top, LearnScene)
    title = find_variant(variant).title
    person.press(next(w.label for w in person.top.menu.widgets
                      if w.label.startswith(f"{title}:")))
    assert isinstance(person.top, LessonListScene) and person.top.variant == variant
    return person.top


def answer_step(person: Person, scene) -> None:
    index, lesson = scene.step_index, scene.lesson
    assert scene.phase == ASK and scene.panel.fits(), (lesson.path, index)
    play_answer(person, scene, scene.answer)
    assert scene.phase in (RIGHT, DONE), (lesson.path, index, scene.ctl.caption)
    assert scene.panel.fits(), (lesson.path, index)


@pytest.mark.parametrize("variant", variant_names())
def test_every_lesson_of_a_game_by_keyboard_from_the_title_menu(person_of, variant):
    person = person_of("keys")
    listing = open_learn(person, variant)
    lessons = listing.lessons
    person.press(listing.menu.widgets[0].label)
    seen = []
    for _ in range(200):
        scene = person.top
        if not isinstance(scene, LessonFlow):
            break
        if not seen or seen[-1] is not scene.lesson:
            seen.append(scene.lesson)
        if scene.phase == ASK:
            answer_step(person, scene)
        else:
            press_panel(person, scene, "next")
    assert seen == lessons, "Next did not lead through every lesson in order"
    assert person.top is listing and listing.menu.focused.label == FIRST_GAME
    assert all(w.label.endswith("(done)") for w in listing.menu.widgets[:len(lessons)])
    done = lesson_progress.load()[0].finished(variant)
    assert done == {lesson.name for lesson in lessons}
    assert not stats.path().exists(), "a lesson counted in the statistics"


@pytest.mark.parametrize("variant", variant_names())
def test_the_first_lesson_of_a_game_by_mouse(person_of, variant):
    person = person_of("mouse")
    listing = open_learn(person, variant)
    first = listing.lessons[0]
    person.click(listing.menu.widgets[0].rect.center)
    scene = person.top
    assert isinstance(scene, LessonFlow) and scene.lesson is first
    while person.top is scene:
        if scene.phase == ASK:
            answer_step(person, scene)
        else:
            press_panel(person, scene, "next")
    assert isinstance(person.top, LessonFlow) and person.top.lesson is listing.lessons[1]
    press_panel(person, person.top, "back")
    assert person.top is listing
    assert listing.menu.widgets[0].label.endswith("(done)")


# --- one lesson, step by step ---------------------------------------------------------------------
def capture_lesson(app):
    lesson = next(e.lesson for e in list_lessons("open3") if e.name == "02-capture")
    scene = lesson_scene(app, lesson)
    app.push(scene)
    frame(app)
    return scene


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


def test_a_wrong_move_says_so_and_retry_puts_the_step_back(app, monkeypatch):
    scene = capture_lesson(app)
    start = scene.ctl.state.position_text()
    assert scene.ctl.play("c3-c4")                  # legal, captures nothing
    assert scene.phase == WRONG
    assert scene.step.wrong in [text for text, *_ in scene.panel.blocks()]
    assert [b.key for b in scene.panel.buttons][0] == "retry"
    press(app, "confirm")                           # Enter: Retry, in focus
    assert scene.phase == ASK and scene.ctl.state.position_text() == start
    lit = []
    monkeypatch.setattr(type(scene), "show_move", lambda s, surface, move: lit.append(move),
                        raising=False)
    press(app, "hint")
    frame(app)
    assert scene.show_answer and [str(m) for m in lit] == ["c3-d4"]
    assert scene.step.hint in [text for text, *_ in scene.panel.blocks()]
    assert scene.ctl.play("c3-d4") and scene.phase == RIGHT
    press(app, "undo")                              # U: the step again
    assert scene.phase == ASK and scene.ctl.state.position_text() == start


def test_a_refused_try_shows_the_rules_reason_in_the_panel(app):
    scene = capture_lesson(app)
    reason = scene.ctl.state.illegal_reason("c3-e5")
    assert reason
    assert not scene.ctl.play("c3-e5")
    assert scene.phase == ASK and scene.refusal and reason.split()[0] in scene.refusal
    assert any(text.startswith("Not allowed: ") for text, *_ in scene.panel.blocks())


def test_the_answer_shown_clears_a_refused_try_and_the_tile_in_hand(app, monkeypatch):
    """H after a refused try: the refusal goes from the panel and the wrong tile or element
    leaves the hand, so Enter cannot lay it under the answer's lit place."""
    scene = capture_lesson(app)
    assert not scene.ctl.play("c3-e5") and scene.refusal
    dropped = []
    monkeypatch.setattr(type(scene), "drop_pick", lambda s: dropped.append(s))
    press(app, "hint")
    assert scene.show_answer and scene.refusal == "" and dropped == [scene]
    assert not any(text.startswith("Not allowed: ") for text, *_ in scene.panel.blocks())


def test_esc_goes_back_to_the_list_and_nothing_is_saved(app):
    app.push(LessonListScene(app, "open1"))
    app.top.open(2)                                 # reaching the test element wins
    scene = app.top
    assert scene.ctl.play(str(scene.answer)) and scene.ctl.state.is_over()
    frame(app, 3)
    assert scene.phase == DONE and app.top is scene, "results came over the lesson"
    press(app, "back")
    assert isinstance(app.top, LessonListScene)
    from game.play import saves
    assert not saves.save_path().exists() and not stats.path().exists()


@pytest.mark.parametrize("variant", variant_names())
def test_the_words_of_every_step_fit_the_panel_in_every_phase(app, variant):
    from game.shell.frame import theme
    for entry in list_lessons(variant):
        scene = lesson_scene(app, entry.lesson)
        title = theme.font(30, True).size(entry.lesson.title)[0]     # (not cut short)
        assert title <= scene.panel.rect.w - 48, entry.path
        for index in range(len(entry.lesson.steps)):
            scene.step_index = index
            for phase in (ASK, WRONG, RIGHT, DONE):
                scene.phase = phase
                scene.show_answer = phase == ASK
                scene.refusal = "a reason of the rules, in a sentence of a usual length" \
                    if phase == ASK else ""
                scene.panel.refresh()
                assert scene.panel.fits(), (entry.path, index, phase)


def line_match_drawing(app, scene, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """(what, rect) of everything the line match under a lesson draws (its own draw,
    without the lesson's panel): every text and tile drawn, the places a next tile would
    go and the ghost of each legal move, the players' panels, the hand and the buttons."""
    from game.shell.frame import theme, tile_art
    from game.shell.line.scene import LineMatchScene
    drawn = []
    draw_text, draw_tile = theme.draw_text, tile_art.draw_tile

    def text(surface, words, *args, **kw):
        rect = draw_text(surface, words, *args, **kw)
        drawn.append((f"text {words!r}", rect))
        return rect

    def tile(surface, rect, *args, **kw):
        drawn.append(("a tile", pygame.Rect(rect)))
        return draw_tile(surface, rect, *args, **kw)
    with monkeypatch.context() as patch:
        patch.setattr(theme, "draw_text", text)
        patch.setattr(tile_art, "draw_tile", tile)
        scene._static = None                    # (the cached layer drawn again)
        LineMatchScene.draw(scene, app.screen)
    drawn += [("a place for the next tile", r) for r in scene.layout.rects()]
    drawn += [(f"the ghost of {m}", scene.ghost(m.tile, m.end).rect) for m in scene.moves
              if getattr(m, "tile", None) is not None and m.end in scene.layout.zones]
    drawn += [(f"the panel of player {p}", scene._seat_rect(p))
              for p in range(scene.state.players)]
    drawn += [("the hand", r) for r in scene.hand_rects]
    drawn += [(name, getattr(line_layout, name)) for name in (
        "HAND_AREA", "BONEYARD", "DRAW_BUTTON", "PASS_BUTTON", "UNDO_BUTTON", "COACH_BUTTON")]
    return drawn


@pytest.mark.parametrize("variant", ["classic", "blank"])
def test_the_lesson_panel_covers_nothing_of_the_line_match(app, monkeypatch, variant):
    """In every step of every lesson of the line games, asked and answered, the panel lies
    clear of everything the match draws: the line (however long), the open ends, the
    ghosts, the players' panels, the hand and the buttons."""
    for entry in list_lessons(variant):
        scene = lesson_scene(app, entry.lesson)
        app.push(scene)
        for index in range(len(entry.lesson.steps)):
            frame(app)
            for answered in (False, True):
                covered = [what for what, rect in line_match_drawing(app, scene, monkeypatch)
                           if rect.colliderect(scene.panel.rect)]
                assert not covered, (entry.path, index, answered, covered)
                if not answered:
                    assert scene.ctl.play(str(scene.answer)), (entry.path, index)
                    frame(app)          # (nothing moves in a quiet app: 30 drew the same)
            if scene.phase != RIGHT:
                break
            scene.next_step()
        app.remove(scene)


@pytest.mark.parametrize("variant", variant_names())
def test_no_lesson_says_a_computer_plays_or_thinks(app, monkeypatch, variant):
    """The opponent's moves are the lesson's: in no step of any lesson, asked or answered,
    does a panel say that a computer thinks, nor a card that a computer (at some level)
    sits there ("scripted moves"). An opponent to move says "waiting" while the lesson
    waits for Next to play its reply (the line games' status), and nothing once no reply
    follows (a wrong try, the lesson done)."""
    waited = []
    for entry in list_lessons(variant):
        scene = lesson_scene(app, entry.lesson)
        app.push(scene)
        for index in range(len(entry.lesson.steps)):
            for answered in (False, True):
                frame(app, 2)
                drawn = texts_drawn(app, scene, monkeypatch)
                case = (entry.path, index, answered, scene.phase)
                assert not [t for t in drawn if "thinking..." in t.lower()], (case, drawn)
                assert not [t for t in drawn if "computer" in t], (case, drawn)
                mover = scene.ctl.state.current_player
                waits = mover not in (None, scene.student) and scene.phase == RIGHT
                waited += [case] if waits else []
                if hasattr(scene, "_status"):               # the line games' panels
                    assert ("waiting" in drawn) == waits, (case, drawn)
                    if mover != scene.student and mover is not None:
                        assert scene._status(mover)[0] == ("waiting" if waits else ""), case
                if not answered and scene.phase == ASK:
                    assert scene.ctl.play(str(scene.answer)), case
                    frame(app)          # (nothing moves in a quiet app: 30 drew the same)
            if scene.phase != RIGHT:
                break
            scene.next_step()
        app.remove(scene)
    if variant in ("classic", "blank"):
        assert waited, "no step where the opponent waits for Next: nothing was checked"


def test_a_lessons_footer_lists_the_keys_of_dominids_panels(app, monkeypatch):
    """While a Dominid lesson asks for the opening or the numbers, its footer lists the
    panel's keys (H shows the answer, Esc leaves for the lessons; no coach, no undo); once
    the step is answered, the panel waits for Next and is not shown."""
    from test_match_legend import legend_bar, only, same
    from game.shell.variants.dominid import LEGEND as TILE_KEYS
    entry = next(e for e in list_lessons("dominid") if e.name == "01-the-opening")
    scene = lesson_scene(app, entry.lesson)
    app.push(scene)
    frame(app)
    assert scene.tool.arranging()
    legend = scene.legend(TILE_KEYS)
    assert legend == ("Left/Right, Up/Down: choose   Enter, click: lay it   H: answer   "
                      "Esc: the lessons")
    assert same(legend_bar(app.screen), only(legend))
    app.remove(scene)
    entry = next(e for e in list_lessons("dominid") if e.name == "02-bordering")
    scene = lesson_scene(app, entry.lesson)
    app.push(scene)
    frame(app)
    assert scene.ctl.play(str(scene.answer)) and scene.phase == RIGHT
    frame(app, 30)
    assert scene.game.declaring and scene.ctl.human_turn
    assert not scene.tool.declaring()             # its keys go to the lesson's panel now
    assert "Choose your numbers" not in texts_drawn(app, scene, monkeypatch)
    assert same(legend_bar(app.screen), only(scene.legend(TILE_KEYS)))
    scene.next_step()
    frame(app)
    assert scene.phase == ASK and scene.tool.declaring()
    legend = scene.legend(TILE_KEYS)
    assert "O, E: take odds, evens" in legend and "Esc: the lessons" in legend
    assert "H: answer" in legend and "C: coach" not in legend and "U: undo" not in legend
    assert same(legend_bar(app.screen), only(legend))
    press(app, "text", char="o")
    assert scene.game.parities[scene.student] == "odds" and scene.phase in (RIGHT, DONE)


# --- the lists, the offer, the command line ------------------------------------------------------
def test_learn_lists_every_game_with_its_progress(app):
    lesson_progress.mark_done("open3", "01-moving")
    lesson_progress.mark_done("open3", "02-capture")
    lesson_progress.mark_done("open3", "99-gone")   # a lesson since removed: not counted
    from game.shell.screens.setup import load_variants
    scene = LearnScene(app, load_variants(playable_only=True)[0])
    app.push(scene)
    labels = {b.label.split(":")[0]: b.label for b in scene.buttons}
    total = len(list_lessons("open3"))
    assert labels["Capture"] == f"Capture: 2 of {total} lessons done"
    assert labels["Shift"] == f"Shift: 0 of {len(list_lessons('open10'))} lessons done"


def test_how_to_play_on_the_new_game_screen_opens_that_games_lessons(person_of):
    person = person_of("keys")
    person.press("Play")
    assert isinstance(person.top, VariantSelectScene)
    person.choose("Game", "open10")
    person.press("How to play")
    assert isinstance(person.top, LessonListScene) and person.top.variant == "open10"


def test_a_game_new_to_the_person_offers_its_lessons_once(person_of):
    person = person_of("keys")
    person.press("Play")
    person.choose("Game", "open4")
    person.press("Start")
    offer = person.top
    assert isinstance(offer, LessonOffer) and offer.question == "New to Diagonals?"
    assert offer.menu.focused.label == "Play now"
    person.keys(pygame.K_ESCAPE)                    # one press skips
    match = person.match_scene()
    assert match is not None and match.ctl.config.variant == "open4"
    person.app.back_to_menu()
    person.frame()
    person.press("Play")
    person.press("Start")
    assert person.match_scene() is not None, "the offer came twice"
    assert "open4" in lesson_progress.load()[0].offered


def test_the_offer_leads_to_the_lessons_and_not_for_a_game_played(app):
    config = MatchConfig("open10", (Seat("Ann"), Seat("Ben", "computer", "random")), {}, 1)
    from game.shell.lessons.learn import offer_lessons
    assert offer_lessons(app, config)
    app.top.learn()
    assert isinstance(app.top, LessonListScene) and app.top.variant == "open10"
    played = MatchConfig("open3", config.seats, {}, 1)
    stats.record_match(played, type("Outcome", (), {"winner": 0, "scores": (3, 1)})())
    assert not offer_lessons(app, played), "Ann has played Capture already"


def test_learn_on_the_command_line_opens_the_first_lesson(tmp_path, capsys):
    import main
    from game.shell.frame.app import App
    app = App(windowed=True, settings_path=tmp_path / "settings.json", learn="open10")
    assert isinstance(app.top, LessonFlow) and app.top.lesson.number == 1
    assert isinstance(app.stack[-2], LessonListScene)
    assert main.main(["--learn", "nowhere"]) == 2
    assert "unknown variant 'nowhere'" in capsys.readouterr().err
    assert main.main(["--learn", "open10", "--play", "classic"]) == 2
    assert "choose one" in capsys.readouterr().err


def test_a_damaged_progress_file_is_set_aside_with_a_notice(app):
    path = lesson_progress.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "done": {"open3": [7]}, "offered": []}))
    progress, notice = lesson_progress.load()
    assert progress.done == {} and notice.startswith("lessons.json: done[open3]: 7 is not a")
    assert not path.exists() and list(path.parent.glob("lessons.json.bad-*"))
    assert lesson_progress.mark_done("open3", "01-moving") is None
    assert lesson_progress.load()[0].finished("open3") == {"01-moving"}


# --- the first game -------------------------------------------------------------------------------
def test_play_a_first_game_shows_the_coach_on_every_turn_until_turned_off(app):
    app.settings.think_seconds = 0.25
    app.push(LessonListScene(app, "open3"))
    app.top.first_game()
    scene = app.top
    assert isinstance(scene, MatchScene) and isinstance(scene.coach, TrainingCoach)
    seats = scene.ctl.config.seats
    assert seats[0].is_human and [s.level for s in seats[1:]] == ["random"]
    run_until(app, lambda: scene.coach.shown is not None, "the coach's first suggestion")
    advice = scene.coach.shown
    ply = scene.ctl.ply
    press(app, "next")
    press(app, "confirm")                           # Enter stays the person's own key
    assert scene.ctl.ply == ply and scene.tool.selected is not None
    press(app, "back")                              # (puts the element back)
    assert scene.tool.selected is None and app.top is scene
    press(app, "take_advice")                       # G plays the suggestion
    assert str(scene.ctl.state.moves_played()[ply][1]) == advice.move
    run_until(app, lambda: scene.ctl.human_turn and scene.coach.shown is not None,
              "the suggestion of the next turn")
    press(app, "coach")                             # C: the wheels off
    assert not scene.coach.wheels and scene.coach.shown is None
    frame(app, 5)
    assert scene.coach.job is None and scene.coach.shown is None, "it asked again"


def test_open_first_lesson_of_a_game_without_lessons_shows_the_list(app, tmp_path, monkeypatch):
    from game.logic.lessons import files
    monkeypatch.setattr(files, "LESSONS_ROOT", tmp_path)
    open_first_lesson(app, "open10")
    assert isinstance(app.top, LessonListScene) and not app.top.lessons
    start_first_game(app, "open10")
    assert isinstance(app.top, MatchScene)


def test_a_broken_lesson_file_is_listed_with_its_line_and_left_out(app, tmp_path, monkeypatch):
    from game.logic.lessons import files
    from test_lessons import CLASSIC, write
    write(tmp_path, "classic", "01-bad.toml", CLASSIC.replace('["3-6R"]', '["3-6L"]'))
    write(tmp_path, "classic", "02-good.toml", CLASSIC)
    monkeypatch.setattr(files, "LESSONS_ROOT", tmp_path)
    listing = LessonListScene(app, "classic")
    app.push(listing)
    frame(app)
    labels = [w.label for w in listing.menu.widgets]
    assert labels[0].startswith("01-bad.toml:4: step 1: the answer '3-6L' is not legal")
    assert "2. A lesson" in labels and [lesson.name for lesson in listing.lessons] == ["02-good"]
    listing.open(0)
    assert isinstance(app.top, LessonFlow) and app.top.lesson.name == "02-good"
