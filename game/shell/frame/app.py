"""The application: window, fixed-step loop, scene stack, settings, sound and speech.

Every scene draws on one logical 1920x1080 surface; the app scales it to the window with
letterboxing and converts mouse positions back. The simulation advances in fixed steps
of 1/60 s, at most MAX_CATCHUP steps per drawn frame, so a stall never fast-forwards play.
"""
from __future__ import annotations

from game.i18n import N_, _, set_language

import sys
import traceback
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pygame

from game.logic.records import new_seed
from game.resources import resource_folder

from game.play.config import MatchConfig, Seat
from game.play.locks import LockRefused, claim_data_folder
from game.play.settings import default_path, load_settings, save_settings, speak_language
from game.play.storage import data_dir, remove_stale_temps, unusable_folders
from game.shell.frame import theme
from game.shell.frame.audio import Sounds
from game.shell.frame.backdrop import Backdrop
from game.shell.frame.input import InputMapper
from game.shell.frame.pacing import Pacer
from game.shell.frame.scene import LOGICAL_SIZE, Action, Scene
from game.shell.frame.speech import Speaker
from game.shell.match.kinds import match_scene_class

STEP = 1 / 60
MAX_CATCHUP = 5
FPS_CAP = 60
KEY_REPEAT = (350, 70)    # a held key repeats after 350 ms, then every 70 ms
WINDOWED_SIZE = (1280, 720)
ICON_PATH = resource_folder("assets") / "icon.png"
SECOND_WINDOW = N_("Dominoes is already running: this window plays without saving its match "
                 "(statistics are still kept).")
STOPPED_BY = {2: "Ctrl+C", 15: "SIGTERM"}     # signals that end the game like Quit


class App:
    def __init__(self, windowed=False, demo=None, frames=None, screenshot=None,
                 settings_path=None, seed=None, clock=None, play=None, resume=None, edit=None,
                 learn=None):
        pygame.display.init()
        pygame.font.init()
        pygame.joystick.init()
        theme.reset_caches()
        self.notice = None       # for the title menu (tell)
        self.deleted_levels: list = []   # levels deleted this session (the editor's)
        self._told: set[str] = set()
        self.stopped_by = None   # the signal that ended the run (stop)
        self.farewell = None     # after run(): a line for the terminal on how it ended
        self.settings_path = Path(settings_path) if settings_path else default_path()
        for folder in (self.settings_path.parent, data_dir()):    # left by killed writers
            remove_stale_temps(folder)
        set_language("")         # the system's, until the settings say otherwise
        self.tell(unusable_folders(self.settings_path.parent, data_dir()))
        self.settings, notice = load_settings(self.settings_path,
                                              heard=lambda s: set_language(s.language))
        speak_language(self.settings)
        self.tell(notice)
        # the first window on a data folder keeps the match in progress (locks.py)
        try:
            self.keeps_matches = claim_data_folder(data_dir())
        except LockRefused as refusal:
            self.keeps_matches = False
            self.tell(_("{refusal}: this window plays without saving its match.").format(
                refusal=refusal))
        else:
            if not self.keeps_matches:
                self.tell(_(SECOND_WINDOW))
        self.fullscreen = self.settings.fullscreen and not windowed
        self.demo = demo
        self.frames = frames
        self.screenshot = screenshot
        self.seed = seed
        self.clock = clock or pygame.time.Clock()
        self.time = 0.0          # simulated seconds since start, for animations
        self.frame = 0           # frames drawn
        self.lag = 0.0
        self.running = False
        self.stack: list[Scene] = []
        self.network = None      # the network match this window is in (shell.net.session)
        self._scaled = None      # reusable surface for the window-sized frame
        self._after_draw = []    # callables run once the next frame is drawn
        pygame.display.set_caption(_("Dominoes"))
        self._set_icon()
        self.window = self._open_window()
        self.screen = pygame.Surface(LOGICAL_SIZE).convert()
        self.backdrop = Backdrop(self.screen)   # what overlays keep between frames
        from game.shell.screens.results import ResultsScene
        ResultsScene.warm_up()
        self.input = InputMapper(self.to_logical)
        self.pacer = Pacer()
        pygame.key.set_repeat(*KEY_REPEAT)
        self.sounds = Sounds(self.settings)
        self.speaker = Speaker()
        from game.shell.screens.title import TitleScene
        self.push(TitleScene(self))
        if demo:
            self.start_demo(demo)
        elif play is not None:          # main.py --play: a MatchConfig, seats named here
            from game.shell.screens.dialogs import ask_before_replacing_save
            ask_before_replacing_save(self, lambda: self.start_match(self.named_seats(play)))
        elif resume is not None:        # main.py --continue: a saves.SavedMatch
            self.start_match(resume.config, resume.state)
        elif edit is not None:          # main.py --edit VARIANT: the level editor
            self.start_editor(edit)
        elif learn is not None:         # main.py --learn: a variant's first lesson
            from game.shell.lessons.learn import open_first_lesson
            open_first_lesson(self, learn)

    # ---- window --------------------------------------------------------------------
    @staticmethod
    def _set_icon() -> None:
        """The window icon from assets/; a missing or broken file is named, not fatal."""
        try:
            pygame.display.set_icon(pygame.image.load(str(ICON_PATH)))
        except (pygame.error, OSError) as error:
            print(f"warning: window icon {ICON_PATH}: {error}", file=sys.stderr)

    def _open_window(self):
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(WINDOWED_SIZE, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.window = self._open_window()
        self.save_settings()

    def _letterbox(self) -> tuple[float, pygame.Rect]:
        """Scale and target rectangle of the logical surface inside the window."""
        ww, wh = self.window.get_size()
        lw, lh = LOGICAL_SIZE
        scale = min(ww / lw, wh / lh) or 1.0
        size = (max(1, round(lw * scale)), max(1, round(lh * scale)))
        return scale, pygame.Rect(((ww - size[0]) // 2, (wh - size[1]) // 2), size)

    def to_logical(self, pos) -> tuple[int, int]:
        """Window pixels -> logical pixels (clamped to the logical surface)."""
        scale, rect = self._letterbox()
        x = (pos[0] - rect.x) / scale
        y = (pos[1] - rect.y) / scale
        return (min(max(round(x), 0), LOGICAL_SIZE[0] - 1),
                min(max(round(y), 0), LOGICAL_SIZE[1] - 1))

    def present(self) -> None:
        scale, rect = self._letterbox()
        if rect.size == LOGICAL_SIZE:
            self.window.blit(self.screen, rect)
        else:
            if self._scaled is None or self._scaled.get_size() != rect.size:
                self._scaled = pygame.Surface(rect.size).convert()
            resize = pygame.transform.smoothscale if scale < 1 else pygame.transform.scale
            resize(self.screen, rect.size, self._scaled)
            self.window.fill((0, 0, 0))
            self.window.blit(self._scaled, rect)
        pygame.display.flip()

    # ---- scene stack ---------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.backdrop.forget()
        if self.stack:
            self.stack[-1].leave()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene; popping the last one quits."""
        if not self.stack:
            return None
        self.backdrop.forget()
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].enter()
        else:
            self.quit()
        return scene

    def replace(self, scene: Scene) -> None:
        self.backdrop.forget()
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def remove(self, scene: Scene) -> None:
        """Take `scene` off the stack wherever it is (a no-op if it is not there)."""
        self.backdrop.forget()
        if scene is self.top:
            self.pop()
        elif scene in self.stack:
            self.stack.remove(scene)

    def _clear_to_menu(self) -> None:
        from game.shell.screens.title import TitleScene
        self.backdrop.forget()
        if self.stack:
            self.stack[-1].leave()
        if self.stack and isinstance(self.stack[0], TitleScene):
            del self.stack[1:]
        else:
            self.stack = [TitleScene(self)]

    def back_to_menu(self) -> None:
        """Clear the stack down to the title menu (leaving a network match)."""
        self.end_network()
        self._clear_to_menu()
        self.demo = None
        self.stack[-1].enter()

    def quit(self) -> None:
        self.running = False

    def end_network(self) -> None:
        """Leave the network match (and stop hosting it), if this window is in one."""
        network, self.network = self.network, None
        if network is not None:
            network.close()

    def stop(self, signum: int) -> None:
        """A signal ends the game as Quit does (main.py's handler calls this)."""
        self.stopped_by = self.stopped_by or signum
        self.running = False

    # ---- matches -------------------------------------------------------------------
    match_scene_class = staticmethod(match_scene_class)   # a test may stand in its own

    def start_match(self, config: MatchConfig, state=None) -> None:
        """Replace everything above the title menu with the variant's match scene (dealt
        from `config`, or playing on from `state`, a resumed match); if it cannot be
        built, a message scene says why instead."""
        from game.shell.screens.dialogs import MessageScene
        try:
            scene_class = self.match_scene_class(config.variant)
            scene = scene_class(self, config) if state is None else \
                scene_class(self, config, state)
        except Exception as error:     # missing module, broken level file, ...
            from game.logic.core import DominoError
            if not isinstance(error, (ImportError, DominoError)):
                traceback.print_exc(file=sys.stderr)     # a bug: keep the details
            scene = MessageScene(self, "The match cannot start", f"{error}")
        self.show_match(scene)

    def show_match(self, scene: Scene) -> None:
        """`scene` in place of everything above the title menu."""
        self._clear_to_menu()
        self.stack.append(scene)
        scene.enter()

    def start_editor(self, variant: str, template: str | None = None,
                     blank: bool = False) -> None:
        """The level editor over the title menu (`blank`: on a new empty level); a message
        says why if it cannot open."""
        from game.shell.editor.scene import EditorScene
        from game.shell.screens.dialogs import MessageScene
        try:
            self.push(EditorScene(self, variant, template, blank))
        except Exception as error:     # no level of the variant loads
            self.push(MessageScene(self, _("The editor cannot open"), f"{error}"))

    def open_network(self) -> None:
        """The network screen: host a match, resume a hosted one, or join one."""
        from game.shell.net.screens import NetworkScene
        self.push(NetworkScene(self))

    def start_demo(self, variant: str) -> None:
        from game.shell.screens.dialogs import MessageScene
        try:
            config = self.demo_config(variant)
        except Exception as error:     # unknown name or a variant module not written yet
            self.push(MessageScene(self, "The demo cannot start", f"{error}"))
            return
        self.start_match(config)

    def named_seats(self, config: MatchConfig) -> MatchConfig:
        """`config` with seat i named as player i is in the settings."""
        names = self.settings.player_names
        return replace(config, seats=tuple(replace(seat, name=names[i])
                                           for i, seat in enumerate(config.seats)))

    def demo_config(self, variant: str) -> MatchConfig:
        """All computers (greedy) for attract mode; raises OptionError for unknown names."""
        from game.logic.variants import find_variant
        cls = find_variant(variant)
        players = max(cls.min_players, min(cls.max_players, 4))
        names = self.settings.player_names
        seats = tuple(Seat(names[i], "computer", "greedy") for i in range(players))
        seed = self.seed if self.seed is not None else new_seed()
        return MatchConfig(cls.variant, seats, {}, seed)

    # ---- services ------------------------------------------------------------------
    def font(self, size: int, bold: bool = False):
        return theme.font(size, bold)

    def speak(self, text: str) -> None:
        if not self.settings.muted:
            self.speaker.say(text)

    def tell(self, line: str | None) -> None:
        """A one-line notice about the player's files or this window: shown on the title
        menu and written on the terminal, once a run however often it happens."""
        if not line or line in self._told:
            return
        self._told.add(line)
        print(f"warning: {line}", file=sys.stderr)
        self.notice = f"{self.notice} {line}" if self.notice else line

    def save_settings(self) -> bool:
        try:
            save_settings(self.settings, self.settings_path)
            return True
        except OSError as error:
            self.tell(_("Settings not saved: {path}: {error}.").format(
                path=self.settings_path, error=error.strerror or error))
            return False

    # ---- loop ----------------------------------------------------------------------
    def dispatch(self, action: Action) -> None:
        if action.name == "fullscreen":
            self.toggle_fullscreen()
        elif self.top is not None:
            self.top.handle(action)

    def process_events(self, first=()) -> int:
        """Handle `first` (events already taken from the queue) and the queued events;
        returns how many there were."""
        events = [*first, *pygame.event.get()]
        if events:
            self.pacer.input_arrived()
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.window = pygame.display.get_surface() or self.window
            text_mode = self._follow_text_mode()
            for action in self.input.translate(event, text_mode):
                self.dispatch(action)
        self._follow_text_mode()
        repeats = self.input.repeats()          # a held d-pad or stick
        if repeats:
            self.pacer.input_arrived()
        for action in repeats:
            self.dispatch(action)
        return len(events)

    def _follow_text_mode(self) -> bool:
        """Whether the top scene takes typed text; the system's text input (which composes
        accents, and opens an on-screen keyboard where there is one) is started when it
        does. It is never stopped: pygame gives key presses their characters from it, and
        the game's letter keys read them."""
        text_mode = bool(getattr(self.top, "wants_text", False))
        if text_mode and not getattr(self, "_texting", False):
            pygame.key.start_text_input()
        self._texting = text_mode
        return text_mode

    def advance(self, elapsed: float) -> int:
        """Add `elapsed` seconds and run the fixed updates due (at most MAX_CATCHUP);
        returns how many ran."""
        self.lag += elapsed
        updates = 0
        while self.lag >= STEP - 1e-9 and updates < MAX_CATCHUP:
            if self.network is not None:     # the host's messages, whatever is on top
                self.network.pump()
            if self.top is not None:
                self.top.update(STEP)
            self.time += STEP
            self.lag -= STEP
            updates += 1
        if updates == MAX_CATCHUP:
            self.lag = min(self.lag, STEP)   # drop the backlog rather than fast-forward
        return updates

    def after_draw(self, callback) -> None:
        """Run `callback` once the next frame is drawn: what it shows is on screen first."""
        self._after_draw.append(callback)

    def draw(self) -> None:
        self._draw_scenes()
        waiting, self._after_draw = self._after_draw, []
        for callback in waiting:
            callback()

    def _draw_scenes(self) -> None:
        """Draw the top scene and, under overlays, the scenes they cover. Covered scenes
        are not updated, so what lies under an overlay is drawn once and reused."""
        top = self.top
        if top is None:
            theme.draw_felt(self.screen)
            return
        if not top.overlay:
            top.draw(self.screen)
            return
        if self.backdrop.fresh:
            self.backdrop.restore(self.screen)
        else:
            self._draw_stack(self.stack[:-1])
            if top.backdrop_dim:
                theme.dim(self.screen, top.backdrop_dim)
            self.backdrop.keep(self.screen)
        top.draw(self.screen)

    def _draw_stack(self, scenes) -> None:
        first = len(scenes) - 1
        while first > 0 and scenes[first].overlay:
            first -= 1
        if first < 0 or scenes[first].overlay:
            theme.draw_felt(self.screen)
        for scene in scenes[max(first, 0):]:
            scene.draw(self.screen)

    def run_frame(self, elapsed: float, events=(), lazy: bool = False) -> None:
        """One pass of the loop; `lazy` skips drawing when nothing may have changed
        (see pacing.py), keeping the last frame on screen."""
        self.process_events(events)
        self.advance(elapsed)
        if not self.running:
            return
        if lazy and not self.pacer.should_draw(self.stack):
            return
        self.draw()
        self.present()
        self.pacer.drew(self.stack)
        self.frame += 1

    def wait_for_frame(self, lazy: bool) -> tuple[float, Sequence[pygame.event.Event]]:
        """(seconds elapsed, events) once the next frame is due, as run_frame takes them:
        `lazy`, it sleeps on the event queue while idle and wakes at once for a network
        match's news; else it waits out a frame at FPS_CAP."""
        if lazy and self.pacer.idle(self.stack) and not self.input.holding:
            events = self.pacer.wait()
        elif lazy and self.network is not None:     # the host's news drawn at once
            events = self.pacer.frame_wait(FPS_CAP, self.network.WAKE)
        else:
            return self.clock.tick(FPS_CAP) / 1000, ()
        return self.clock.tick() / 1000, events

    def run(self) -> int:
        """The loop: 60 frames a second while anything moves; while idle it sleeps on the
        event queue (pacing.py). With `frames` set (screenshots, tests) every frame draws.
        Returns the exit status: 128 + the signal that stopped it, 1 when the screenshot
        could not be written (`farewell` says why), else 0."""
        self.running = self.stopped_by is None
        lazy = self.frames is None
        try:
            while self.running:
                self.run_frame(*self.wait_for_frame(lazy), lazy)
                if self.frames is not None and self.frame >= self.frames:
                    self.running = False
        finally:
            screenshot_problem = self._finish()
        lines = [screenshot_problem] if screenshot_problem else []
        if self.stopped_by:
            kept = " (the match in progress is saved)" if self._keeps_a_match() else ""
            by = STOPPED_BY.get(self.stopped_by, f"signal {self.stopped_by}")
            lines.insert(0, f"stopped by {by}{kept}")
        self.farewell = "; ".join(lines) or None
        if self.stopped_by:
            return 128 + self.stopped_by
        return 1 if screenshot_problem else 0

    def _keeps_a_match(self) -> bool:
        match = next((scene for scene in self.stack if hasattr(scene, "ctl")), None)
        return match is not None and match.ctl.is_saved()

    def _finish(self) -> str | None:
        """Ends the computer's worker and the speech without waiting for either, and
        writes the screenshot; returns what went wrong with it, if anything."""
        from game.play import thinking
        self.end_network()
        thinking.shutdown()          # a computer's thought in progress is not waited for
        self.speaker.stop()
        if self.screenshot:
            path = Path(self.screenshot)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                with open(path, "wb") as out:       # OSError says why, in words
                    pygame.image.save(self.screen, out, path.name)
            except FileExistsError:
                return f"screenshot not saved: {path.parent} is not a folder"
            except (OSError, pygame.error) as error:
                return f"screenshot not saved: {path}: {getattr(error, 'strerror', '') or error}"
        return None
