"""Every screen of every game, for the tests that read what a frame shows.

`walk(app)` arranges the app's scene stack screen after screen and yields each one's
name once it is arranged: the menus (title, statistics, settings, Learn), and for every
game its setup (with each row in focus: its help line changes), its rules, its lessons
(every step asking, with the answer lit, and answered), a match against the computer
(its table, the pause menu and its question, the rules and settings over it, a message,
the coach's advice, the final results and the review), the first game with the coach's
suggestions on and, where hands are hidden, a
match on the couch (the hand-over, the table, the overlays over it). Nothing is
animated: each screen is drawn once.

`read(app)` draws the screen afresh (cached layers rebuilt, the scenes under an overlay
drawn again) under theme.text_log and the tile painter's eye: a `Reading` of the texts in
sight, the texts cut short, and the tiles drawn face up. `problems(reading)` lists what is
wrong with it: a cut text, two texts over one another, a text off the screen or too small
to read once the screen is scaled to 1280x720.

Translation (issue 48) walks the same screens in a longer pseudo-language.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from game.logic.core import PASS, Tile
from game.logic.lessons import list_lessons
from game.logic.lessons.check import accepted_moves, shown_answer
from game.logic.variants import VARIANTS
from game.play.config import MatchConfig, Seat
from game.shell.frame import theme, tile_art
from game.shell.frame.scene import LOGICAL_SIZE, Action
from game.shell.screens.dialogs import MessageScene
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.pause import PauseOverlay
from game.shell.screens.results import ResultsScene
from game.shell.screens.rules import RulesScene
from game.shell.screens.settings import SettingsScene

SMALLEST = 20       # logical pixels of line height: 13 on a 1280x720 window
# seed and options of the matches walked: short games, where a game has a choice
MATCH_OPTIONS = {"classic": {"limit": 30}, "open3": {"goal": "captures:3"},
                 "open54": {"dealt": 5}, "dominid": {"arrange": "fixed"}}


@dataclass
class Reading:
    texts: list = field(default_factory=list)      # theme.DrawnText in sight
    cut: list[str] = field(default_factory=list)
    faces: set = field(default_factory=set)        # tiles drawn face up
    boxes: list = field(default_factory=list)      # buttons and menu rows


def read(app) -> Reading:
    """Draw the screen afresh and read it (see the module notes)."""
    from game.shell.line import art as line_art
    app.backdrop.forget()
    line_art._bases.clear()
    for scene in app.stack:
        if hasattr(scene, "_static"):
            scene._static = None
        table = getattr(scene, "table", None)
        if hasattr(table, "_hud_key"):      # its panels drawn again (the board layer, its
            table._hud_key = None           # coordinates aside, stays: half the cost)
        if isinstance(scene, ResultsScene):
            scene.shown_for = scene.APPEAR_SECONDS
    reading = Reading()
    real = tile_art.draw_tile

    def spy(surface, rect, ends=None, state="normal"):
        if ends is not None and min(ends) >= 0:
            reading.faces.add(Tile.of(*ends))
        real(surface, rect, ends, state)

    tile_art.draw_tile = spy
    try:
        with theme.text_log() as log:
            app.draw()
    finally:
        tile_art.draw_tile = real
    reading.texts = [t for t in log.drawn if t.text.strip()]
    reading.cut = log.cut
    reading.boxes = log.boxes
    return reading


def problems(reading: Reading) -> list[str]:
    """What is wrong with a screen: cut texts, texts over one another, off the screen or
    too small to read at 1280x720."""
    found = [f"cut: {text!r}" for text in dict.fromkeys(reading.cut)]
    screen = (0, 0, *LOGICAL_SIZE)
    shown = [t for t in reading.texts if t.on_screen]
    for t in shown:
        if not t.ink.clip(screen) == t.ink:
            found.append(f"off the screen: {t.text!r} at {tuple(t.ink)}")
        if t.size < SMALLEST:
            found.append(f"too small at 1280x720 ({t.size} px): {t.text!r}")
    for t in shown:
        for box in reading.boxes:
            if t.ink.colliderect(box) and not box.contains(t.ink):
                found.append(f"runs onto a button: {t.text!r} {tuple(t.ink)} over "
                             f"{tuple(box)}")
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.ink.colliderect(b.ink) and a.text != b.text:
                found.append(f"over one another: {a.text!r} {tuple(a.ink)} and "
                             f"{b.text!r} {tuple(b.ink)}")
    return found


# --- the walk -------------------------------------------------------------------------------
def walk(app, variants=None, with_menus: bool = True) -> Iterator[str]:
    """Arrange each screen on `app` (see the module notes) and yield its name: the menus
    (unless not `with_menus`), then those of each game of `variants` (every game)."""
    if with_menus:
        yield from menus(app)
    for variant in variants or list(VARIANTS):
        yield from setup_rows(app, variant)
        app.back_to_menu()
        app.push(RulesScene(app, variant))
        yield f"{variant}: rules"
        app.back_to_menu()
        yield from lessons(app, variant)
        yield from first_game(app, variant)
        yield from match(app, variant)
        if variant in ("classic", "dominox", "open54", "dominid"):
            yield from couch(app, variant)
        app.back_to_menu()


def menus(app) -> Iterator[str]:
    from game.shell.lessons.learn import LearnScene
    from game.shell.screens.setup import load_variants
    from game.shell.screens.statistics import StatsScene
    from game.logic.core import Outcome
    from game.play import statistics
    app.back_to_menu()
    yield "title"
    for name, scene in (("statistics", StatsScene), ("settings", SettingsScene)):
        app.push(scene(app))
        yield name
        app.pop()
    # the statistics again with a table of records: its columns under longer words
    played = MatchConfig("classic", (Seat("Ann"), Seat("Ben", "computer", "greedy")), {}, 1)
    statistics.record_match(played, Outcome((40, 151), 0, "eliminated"))
    app.push(StatsScene(app))
    yield "statistics, records"
    app.pop()
    app.push(LearnScene(app, load_variants(playable_only=True)[0]))
    app.top.enter()
    yield "learn"
    app.back_to_menu()


def setup_rows(app, variant: str) -> Iterator[str]:
    from game.shell.screens.setup import VariantSelectScene
    app.back_to_menu()
    app.push(VariantSelectScene(app))
    setup = app.top
    setup.set_variant(variant)
    helps = set()
    for index, widget in enumerate(setup.menu.widgets):
        # the rows differ on screen by their help line (and a level's preview)
        key = (widget.help, getattr(widget, "previews", False))
        if widget.focusable and key not in helps:
            helps.add(key)
            setup.menu.focus = index
            setup.menu.layout()
            yield f"{variant}: setup, {widget.label}"


def lessons(app, variant: str) -> Iterator[str]:
    """Each step of each lesson: asking, with its answer lit, and answered."""
    from game.shell.lessons.learn import LessonListScene
    from game.shell.lessons.scene import lesson_scene
    app.back_to_menu()
    app.push(LessonListScene(app, variant))
    yield f"{variant}: lessons"
    for entry in list_lessons(variant):
        if entry.lesson is None:
            continue
        scene = lesson_scene(app, entry.lesson, True, lambda: None)
        app.push(scene)
        for number in range(1, len(entry.lesson.steps) + 1):
            name = f"{variant}: lesson {entry.lesson.number}, step {number}"
            yield name + " asks"
            if scene.answer is not None:
                scene.toggle_answer()
                yield name + " with its answer lit"
                scene.toggle_answer()
            answer = shown_answer(scene.before, scene.step)
            if answer is None:
                answer = next(iter(accepted_moves(scene.before, scene.step)), None)
            if answer is None:
                break
            while getattr(scene, "pending", None):       # classic: drawn tiles first
                scene.handle(Action("draw"))
            scene.ctl.play(answer)
            scene.update(1 / 60)
            yield name + " answered"
            if scene.phase != "right":
                break
            scene.next_step()
            scene.update(1 / 60)
        app.remove(scene)


def open_lesson(app, variant: str, number: int):
    """Lesson `number` of the game, on top of the app and drawn once: its scene."""
    from game.shell.lessons.scene import lesson_scene
    lesson = next(e.lesson for e in list_lessons(variant)
                  if e.lesson is not None and e.lesson.number == number)
    scene = lesson_scene(app, lesson)
    app.push(scene)
    app.advance(1 / 60)
    app.draw()
    return scene


def first_game(app, variant: str) -> Iterator[str]:
    """The first game after the lessons: the coach's suggestion shown on the person's
    turn (training wheels), with its Hide coach button."""
    from game.shell.lessons import learn
    app.back_to_menu()
    deal = learn.new_seed
    learn.new_seed = lambda: 3           # the same deal at every walk
    try:
        learn.start_first_game(app, variant)
    finally:
        learn.new_seed = deal
    scene = app.top
    people_turn(app, scene)
    advice = advise_now(scene)
    if advice is not None:
        scene.coach.advice = (scene.ctl.ply, advice)
    yield f"{variant}: first game, the coach's suggestion"


def match(app, variant: str) -> Iterator[str]:
    """A match against the computer: the table, the overlays, advice, results, review."""
    seats = (Seat("Ann"), Seat("Medium", "computer", "greedy"))
    app.start_match(MatchConfig(variant, seats, MATCH_OPTIONS.get(variant, {}), 3))
    scene = app.top
    people_turn(app, scene)
    yield f"{variant}: match"
    yield from overlays(app, scene, variant)
    advice = advise_now(scene)
    if advice is not None:
        scene.coach.advice = (scene.ctl.ply, advice)
        yield f"{variant}: the coach's advice"
        scene.coach.dismiss()
    to_the_end(app, scene)
    if isinstance(app.top, ResultsScene):
        yield f"{variant}: results"
        scene.ctl.review()
        yield f"{variant}: review"


def couch(app, variant: str) -> Iterator[str]:
    seats = (Seat("Ann"), Seat("Ben"))
    app.start_match(MatchConfig(variant, seats, MATCH_OPTIONS.get(variant, {}), 5))
    scene = app.top
    scene.update(1 / 60)
    if isinstance(app.top, HandOverScene):
        yield f"{variant}: hand-over"
        app.top.handle(Action("confirm"))
    scene.update(1 / 60)
    yield f"{variant}: couch table"
    yield from overlays(app, scene, f"{variant} on the couch")


def overlays(app, scene, name: str) -> Iterator[str]:
    app.push(PauseOverlay(app, scene.ctl.config.variant))
    yield f"{name}: pause"
    app.top.ask()
    yield f"{name}: leave?"
    app.top.cancel()
    app.push(RulesScene(app, scene.ctl.config.variant))
    yield f"{name}: rules over the pause"
    app.pop()
    app.push(SettingsScene(app))
    yield f"{name}: settings over the pause"
    app.pop()
    app.pop()
    app.push(MessageScene(app, "A message", "Something to say over the table."))
    yield f"{name}: a message"
    app.pop()
    scene.update(1 / 60)
    while isinstance(app.top, HandOverScene):
        app.top.handle(Action("confirm"))
        scene.update(1 / 60)


def people_turn(app, scene, limit: int = 400) -> None:
    """Frames (a computer's move made at once) until a person may act."""
    for _ in range(limit):
        if scene.ctl.human_turn and app.top is scene or scene.ctl.state.is_over():
            return
        if isinstance(app.top, HandOverScene):
            app.top.handle(Action("confirm"))
        computer_moves(scene)
        scene.update(1 / 60)


def computer_moves(scene) -> None:
    """The computer to move moves now, at random, on the main thread (no worker wait)."""
    ctl = scene.ctl
    player = ctl.state.current_player
    if player is None or ctl.is_human(player) or ctl.state.is_over():
        return
    move = ctl.rngs[player].choice(ctl.state.legal_moves())
    if ctl._job is not None:
        ctl._job[2].cancel()
        ctl._job = None
    ctl._apply(move)


def to_the_end(app, scene, limit: int = 3000) -> None:
    """People and computers play on (people at random) to the final results."""
    rng = random.Random(1)
    for _ in range(limit):
        top = app.top
        if isinstance(top, ResultsScene):
            if top.on_continue is None:
                return
            top.proceed()
        elif isinstance(top, HandOverScene):
            top.handle(Action("confirm"))
        elif scene.results_due is not None:
            scene.show_results_now()
        elif scene.ctl.human_turn:
            moves = scene.ctl.state.legal_moves()
            while getattr(scene, "pending", None):
                scene.handle(Action("draw"))
            scene.ctl.play(rng.choice(moves) if moves else PASS)
        else:
            computer_moves(scene)
        scene.update(1 / 60)


def advise_now(scene):
    """The coach's advice for the person to move, searched briefly here."""
    from game.logic.agents.coach import advise
    state = scene.ctl.state
    if not scene.coach.available():
        return None
    return advise(state.view(state.current_player), None, 30, 0)



# --- the level editor ------------------------------------------------------------------------
# A game of each board the editor draws: a grid, Spread's shares, a starting board of sets,
# Shift's stacks.
EDITOR_GAMES = ("dominox", "open54", "open1", "open10")
BROKEN_LEVEL = 'name = "Half\n'


def editor(app) -> Iterator[str]:
    """The Levels screen (a shipped level, the new level's row, a broken level of yours to
    fix, one deleted to bring back, and its question when a file of that name is back),
    then for each of EDITOR_GAMES the editor on its first shipped level and on a new one:
    each zone (with an element in hand), typing a name, a refused action, Save and its
    questions (rename, changed on disk), Delete and its question, and leaving unsaved."""
    from game.logic.levels import own_folder
    from game.shell.editor.picker import LevelsScene
    from game.shell.editor.scene import EditorScene
    app.back_to_menu()
    folder = own_folder("dominox")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.toml").write_text(BROKEN_LEVEL)
    app.push(LevelsScene(app, "dominox"))
    yield from _levels_rows(app, "Levels")
    app.start_editor("dominox", "broken")
    yield "editor: fixing a broken level"
    app.back_to_menu()
    for variant in EDITOR_GAMES:
        app.start_editor(variant, "standard")
        scene = app.top
        assert isinstance(scene, EditorScene), getattr(app.top, "lines", app.top)
        yield from _editor_zones(app, scene, f"editor, {variant}")
        app.back_to_menu()
        app.start_editor(variant, blank=True)
        yield f"editor, {variant}: a new level"
        yield from _editor_files(app, app.top, f"editor, {variant}")
        app.back_to_menu()
    app.push(LevelsScene(app, "dominox"))
    yield from _levels_rows(app, "Levels with a level deleted")
    levels = app.top
    deleted = app.deleted_levels[0]
    deleted.path.write_text(BROKEN_LEVEL)           # another file of its name meanwhile
    levels.bring_back(deleted)
    yield "Levels: bring it back over another?"
    app.pop()
    deleted.path.unlink()
    levels.bring_back(deleted)
    yield "Levels: brought back"
    app.back_to_menu()


def _levels_rows(app, name: str) -> Iterator[str]:
    """The Levels screen with each kind of row in focus (the side panel follows it)."""
    levels, kinds = app.top, set()
    for index, widget in enumerate(levels.menu.widgets):
        shown = widget in levels.previews
        kind = type(widget).__name__, shown, "" if shown else widget.label[:4]
        if widget.focusable and kind not in kinds:
            kinds.add(kind)
            levels.menu.focus = index
            levels.menu.layout()
            yield f"{name}: {widget.label}"


def _editor_zones(app, scene, name: str) -> Iterator[str]:
    """Each zone of the editor, an element in hand, typing, and a refused action."""
    scene.undo()
    yield f"{name}: nothing to undo"
    if scene.draft.kind == "elements":
        scene.act_on(next((f, r) for r in range(8) for f in range(8)
                          if scene.draft.top(r * 8 + f) is not None))
        yield f"{name}: an element in hand"
        taken = next(i for i, stack in enumerate(scene.draft.cells) if stack)
        scene.act_on((taken % 8, taken // 8))
        yield f"{name}: a square taken"
        scene.put_back()
        scene.zone = "tray"
        yield f"{name}: the tray"
    scene.zone = "panel"
    for index, widget in enumerate(scene.menu.widgets):
        if widget.focusable:
            scene.menu.focus = index
    yield f"{name}: the panel"
    scene.menu.focus = 0
    scene.handle(Action("confirm"))
    yield f"{name}: typing a file name"
    scene.handle(Action("back"))
    scene.set_name("standard")                      # a shipped level's name: refused
    scene.save()
    yield f"{name}: a shipped name refused"


def _editor_files(app, scene, name: str) -> Iterator[str]:
    """Save, rename, a file changed on disk, delete and undo, and leaving unsaved."""
    if scene.draft.kind == "elements":              # a blank start is no level: lay one
        scene.draft.build_start()
        scene.changed()
    scene.save()
    yield f"{name}: saved"
    scene.set_name(scene.draft.name + "-b")
    scene.save()
    yield f"{name}: rename?"
    app.top.agree()
    yield f"{name}: renamed"
    scene.file.path.write_text(scene.file.text + "\n# changed\n")
    scene.save()
    yield f"{name}: changed on disk?"
    app.top.agree()
    scene.delete()
    yield f"{name}: delete?"
    app.top.agree()
    yield f"{name}: deleted"
    scene.set_title(scene.draft.title + "!")
    scene.go_back()
    yield f"{name}: leaving unsaved"
