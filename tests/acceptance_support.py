"""A person at the real application, for the acceptance tests.

`Person` drives game.shell.frame.app.App only through real pygame events (keys, or mouse
motion and buttons at window pixels) and `app.run_frame`. It reads the screen the way a
player would: from the scenes' widgets and layout rectangles, and from what a seat's own
view of the game shows. While it plays it spies on tile_art.draw_tile and checks, every
frame, that no hand but the one of the human allowed to look is drawn face up.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.logic import records
from game.logic.core import Tile
from game.logic.elements.board import SIZE as ELEMENT_BOARD_SIZE
from game.shell.board import geometry as board_geometry
from game.shell.frame import app as app_module
from game.shell.frame import tile_art
from game.shell.frame.app import App
from game.shell.frame.scene import LOGICAL_SIZE
from game.shell.lessons.learn import LessonOffer
from game.shell.line import layout as line_layout
from game.shell.screens.hand_over import HandOverScene
from game.shell.screens.results import ResultsScene
from game.shell.screens.setup import VariantSelectScene
from game.shell.screens.title import TitleScene

from test_shell_support import await_thought

KEY_CHAR = {pygame.K_d: "d", pygame.K_r: "r", pygame.K_f: "f", pygame.K_e: "e",
            pygame.K_t: "t", pygame.K_h: "h"}


ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_UP,
          (0, -1): pygame.K_DOWN}


class GlobalRandomDeals:
    """Seeds from the global generator, as the menu drew them before deals were secret."""

    @staticmethod
    def new_seed() -> int:
        return random.randrange(2 ** 31)


class Person:
    """One (or two, on the couch) people at the keyboard (`mode="keys"`) or the mouse
    (`mode="mouse"`)."""

    def __init__(self, tmp_path, monkeypatch, mode: str, seed: int):
        assert mode in ("keys", "mouse")
        self.mode = mode
        self.rng = random.Random(seed)
        random.seed(seed)
        # A person's evening replays the same deals: new games are dealt from seeds the
        # seeded global generator draws (the game's own come from `secrets`).
        monkeypatch.setattr(records, "deal_source", GlobalRandomDeals())
        # The mouse is tried in the 1280x720 window, where a window pixel is 1.5 logical
        # ones; the keyboard never sees the window, which then takes the logical size as
        # it is (no scaling: a third of a keyboard test's time went on it)
        window = app_module.WINDOWED_SIZE if mode == "mouse" else app_module.LOGICAL_SIZE
        monkeypatch.setattr(app_module, "WINDOWED_SIZE", window)
        self.app = App(windowed=True, settings_path=tmp_path / "settings.json")
        self.app.settings.anim_speed = 0
        self.app.running = True
        assert self.app.window.get_size() == ((1280, 720) if mode == "mouse" else (1920, 1080))
        self.frames = 0
        self.faces: list[Tile] = []
        self.revealed = None         # the human whose hand-over this person continued
        self.shown: dict[int, int] = {}   # seat -> frames that showed its own hand
        self.draws = 0               # tiles this person turned up from the boneyard
        self.humans: tuple[int, ...] = ()
        real_draw_tile = tile_art.draw_tile

        def spy(surface, rect, ends=None, state="normal"):
            if ends is not None and min(ends) >= 0:
                self.faces.append(Tile.of(*ends))
            real_draw_tile(surface, rect, ends, state)

        monkeypatch.setattr(tile_art, "draw_tile", spy)
        self.frame()

    # --- time and raw input -------------------------------------------------------------
    @property
    def top(self):
        return self.app.top

    def frame(self, count: int = 1) -> None:
        for _ in range(count):
            self.faces.clear()
            self.app.run_frame(1 / 60)
            self.frames += 1
            self._check_hidden_hands()

    def window_pos(self, pos) -> tuple[int, int]:
        """Logical 1920x1080 pixels -> window pixels through the letterbox."""
        ww, wh = self.app.window.get_size()
        lw, lh = LOGICAL_SIZE
        scale = min(ww / lw, wh / lh)
        x0, y0 = (ww - round(lw * scale)) // 2, (wh - round(lh * scale)) // 2
        return round(x0 + pos[0] * scale), round(y0 + pos[1] * scale)

    def post_key(self, key: int, mod: int = 0) -> None:
        assert self.mode == "keys", "the mouse-only person touched the keyboard"
        char = KEY_CHAR.get(key, "")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=char,
                                             scancode=0))

    def keys(self, *keys: int) -> None:
        """Press the keys one after another, then let a frame pass."""
        for key in keys:
            self.post_key(key)
        self.frame()

    def move_mouse(self, pos) -> None:
        assert self.mode == "mouse", "the keyboard-only person touched the mouse"
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=self.window_pos(pos),
                                             rel=(0, 0), buttons=(0, 0, 0)))

    def click(self, pos, button: int = 1) -> None:
        """Move to logical `pos`, press and release `button` there, then a frame."""
        self.move_mouse(pos)
        where = self.window_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=button))
        self.frame()

    def hover(self, pos) -> None:
        self.move_mouse(pos)
        self.frame()

    # --- menus --------------------------------------------------------------------------
    def widget(self, label: str):
        for widget in self.top.menu.widgets:
            if widget.label == label:
                return widget
        labels = [w.label for w in self.top.menu.widgets]
        raise AssertionError(f"no row {label!r} on {type(self.top).__name__}: {labels}")

    def focus(self, label: str) -> None:
        """Keyboard: Down until the row `label` has focus."""
        for _ in range(len(self.top.menu.widgets) + 1):
            if self.top.menu.focused.label == label:
                return
            self.keys(pygame.K_DOWN)
        raise AssertionError(f"Down never reached {label!r}")

    def arrows(self, start: int, target: int, width: int) -> None:
        """Press the arrow keys that take a board's focus from square `start` to
        `target` (squares numbered rank by rank from a1, `width` to a rank; the rows
        past an edge are ranks -1 and past the last)."""
        (r, f), (tr, tf) = divmod(start, width), divmod(target, width)
        keys = [ARROWS[(1 if tf > f else -1, 0)]] * abs(tf - f)
        keys += [ARROWS[(0, 1 if tr > r else -1)]] * abs(tr - r)
        if keys:
            self.keys(*keys)

    def focus_square(self, scene, square: int) -> None:
        """Keyboard, on the element games' 8x8 board: the arrows bring the focus square
        onto `square` (Tab gives it a start)."""
        tool = scene.tool
        if tool.focus is None:
            self.keys(pygame.K_TAB)
        self.arrows(tool.focus, square, ELEMENT_BOARD_SIZE)
        assert tool.focus == square, "the arrows did not bring the focus there"

    def press(self, label: str) -> None:
        """Press the button `label`: focus + Enter, or a click on it."""
        if self.mode == "keys":
            self.focus(label)
            self.keys(pygame.K_RETURN)
        else:
            self.click(self.widget(label).rect.center)

    def choose(self, label: str, value) -> None:
        """Step the selector `label` forward until it shows `value`."""
        if self.mode == "keys":
            self.focus(label)
        for _ in range(20):
            selector = self.widget(label)
            if selector.value == value:
                return
            if self.mode == "keys":
                self.keys(pygame.K_RIGHT)
            else:        # the ">" arrow at the right end of the row
                self.click((selector.rect.right - 28, selector.rect.centery))
        raise AssertionError(f"{label} never showed {value!r}")

    # --- the hand-over rule -------------------------------------------------------------
    def _check_hidden_hands(self) -> None:
        scene = self.match_scene()
        if scene is None or not self.humans:
            return
        state = scene.ctl.state
        if state.is_over():
            return
        player = state.current_player
        if isinstance(self.top, ResultsScene) or (self.revealed is not None
                                                  and player != self.revealed):
            self.revealed = None
        if len(self.humans) == 1:
            allowed = self.humans[0]
        else:
            allowed = self.revealed
        # A finished round's line stays on the table while its results show, and its
        # tiles are already dealt again: tiles lying on the table are not a hand. So are
        # the tiles on a board and a tile turned up in everyone's sight (Spread's pack
        # holds some doubles twice: another seat's twin of a public tile is not a leak).
        public = {placed.tile for placed in getattr(scene, "line", ())}
        if hasattr(scene, "view"):
            view = scene.view(0)
            public |= {placed.tile for placed in view.placed}
            public |= {getattr(view, "turned_up", None)} - {None}
        # The classic results chart shows what each hand held at the end of its round,
        # as players count their pips aloud: those tiles are public (the same tile may
        # be dealt again in the next round's hands, and cannot be told apart).
        for shown in self.app.stack:
            for finished in getattr(getattr(shown, "figure", None), "rounds", ()):
                public |= {tile for hand in finished.hands for tile in hand}
        faces = set(self.faces) - public
        secret = getattr(state, "secret_tiles", lambda seat: state.view(seat).hand)
        if allowed is not None:
            hand = set(state.view(allowed).hand)
            if hand and hand <= set(self.faces):
                self.shown[allowed] = self.shown.get(allowed, 0) + 1
            faces -= hand          # (another seat may hold the same double: not a leak)
        for seat in range(len(scene.ctl.config.seats)):
            if seat == allowed:
                continue
            hand = set(secret(seat))
            assert not hand & faces, (
                f"frame {self.frames}: seat {seat}'s tiles {sorted(map(str, hand & faces))} "
                f"were drawn face up while only seat {allowed} may look "
                f"(seat {player} to play, screens {[type(s).__name__ for s in self.app.stack]})")

    def match_scene(self):
        for scene in reversed(self.app.stack):
            if hasattr(scene, "ctl"):
                return scene
        return None

    # --- playing ------------------------------------------------------------------------
    def play_match(self, seat_player, max_frames: int):
        """Play every human turn with `seat_player(person, scene)` through hand-overs and
        round results until the final results show; returns that ResultsScene."""
        start = self.frames
        while self.frames - start < max_frames:
            top = self.top
            if isinstance(top, ResultsScene) and not top.ready:
                self.frame()                  # they take no keys while they appear
            elif isinstance(top, ResultsScene):
                if top.on_continue is None:
                    return top
                self.press("Continue")
            elif isinstance(top, HandOverScene):
                # from this frame on, the person to play may look at their own hand
                self.revealed = self.match_scene().ctl.state.current_player
                if self.mode == "keys":
                    self.keys(pygame.K_RETURN)
                else:
                    self.click((960, 540))
                assert not isinstance(self.top, HandOverScene), "the hand-over did not go"
            elif hasattr(top, "ctl"):
                if not seat_player(self, top):
                    await_thought(top)
                    self.frame()
            else:
                raise AssertionError(f"unexpected screen {type(top).__name__} in a match")
        scene = self.match_scene()
        raise AssertionError(f"the match did not end within {max_frames} frames "
                             f"(ply {scene.ctl.ply if scene else '?'})")

    def leave_results(self, scene) -> None:
        """From the final results, as this person's input goes: the keyboard player asks
        for a rematch (the same options again), the mouse player goes back to the menu."""
        if self.mode == "keys":
            self.press("Rematch")
            again = self.match_scene()
            assert again is not scene and again.ctl.config.options == scene.ctl.config.options
        else:
            self.press("Menu")
            assert isinstance(self.top, TitleScene)


# --- a person playing the line game (classic) ----------------------------------------------
def play_line_turn(person: Person, scene) -> bool:
    """If a human may act on `scene` (a line match), make one step of a legal move the way
    the screen offers it; True if something was done."""
    if not scene.my_turn:
        return False
    ply = scene.ctl.ply
    keys = person.mode == "keys"
    if scene.pending:                                 # nothing fits: turn drawn tiles up
        waiting = len(scene.pending)
        person.keys(pygame.K_d) if keys else person.click(line_layout.DRAW_BUTTON.center)
        assert not scene.pending or scene.ctl.ply > ply, \
            f"one Draw left {len(scene.pending)} of {waiting} drawn tiles face down"
        person.draws += 1
        return True
    if scene.must_pass():
        person.keys(pygame.K_RETURN) if keys else person.click(line_layout.PASS_BUTTON.center)
        assert scene.ctl.ply > ply, "passing did not work"
        return True
    make_line_move(person, scene, person.rng.choice(scene.moves))
    return True


def make_line_move(person: Person, scene, move) -> None:
    """Play `move` (a tile on an end) as the screen offers it: Right to the tile, Enter,
    Left/Right to the end and Enter; or a click on the tile, then on the end (or on the
    tile again when it fits one end only)."""
    ply, player = scene.ctl.ply, scene.ctl.state.current_player
    rounds = len(scene.ctl.state.finished_rounds)
    held = len(scene.ctl.state.view(player).hand)
    index = scene.hand.index(move.tile)
    ends = scene.ends_for(move.tile)
    if person.mode == "keys":
        steps = (index - scene.cursor) % len(scene.hand)
        person.keys(*[pygame.K_RIGHT] * steps)
        assert scene.cursor == index, "Right did not move the hand cursor"
        person.keys(pygame.K_RETURN)
        assert scene.selected == move.tile, "Enter did not pick the tile"
        side = {"L": [pygame.K_LEFT], "R": [pygame.K_RIGHT], "": []}[move.end]
        person.keys(*side)
        assert scene.end == move.end, f"the chosen end is {scene.end!r}, not {move.end!r}"
        person.keys(pygame.K_RETURN)
    else:
        person.click(scene.hand_rects[index].center)
        assert scene.selected == move.tile, "clicking a hand tile did not pick it"
        if len(ends) == 1 and person.rng.random() < 0.5:
            person.click(scene.hand_rects[index].center)          # a second click plays it
        else:
            person.click(scene.layout.zones[move.end].rect.center)
    state = scene.ctl.state     # (a round that ended deals the tile out again)
    # (blank tiles are all alike: the hand is one tile shorter)
    gone = len(state.view(player).hand) < held or len(state.finished_rounds) > rounds
    assert scene.ctl.ply > ply and gone, f"{move} was not played: {scene.ctl.caption}"


# --- a person playing a board game (Dominox, Spread) ---------------------------------------
def ghost_target(move):
    """(anchor, direction) that put the picked tile's numbers, in the order the ghost
    shows them, on the squares of `move`."""
    first, second = board_geometry.squares_of(move)
    tile = Tile.of(move.x, move.y)
    anchor, other = (first, second) if tile.a == move.x else (second, first)
    step = (other[0] - anchor[0], other[1] - anchor[1])
    return anchor, board_geometry.DIRECTIONS.index(step)


def board_turn_settled(person: Person, scene) -> bool | None:
    """What every board game's human turn begins with: the final board looked at until
    the results show (Enter or a click moves on), a computer's turn waited out, a forced
    pass made. True or False when that settled this step (did the person act?), None when
    the person has a move to choose."""
    keys = person.mode == "keys"
    if scene.over_for is not None:
        if scene.results_shown:
            return False
        person.keys(pygame.K_RETURN) if keys else person.click(scene.geo.rect.center)
        return True
    if not scene.ctl.human_turn:
        return False
    ply = scene.ctl.ply
    if scene.must_pass():
        person.keys(pygame.K_RETURN) if keys else person.click(scene.table.pass_rect.center)
        assert scene.ctl.ply > ply and str(scene.ctl.state.moves_played()[ply][1]) == "pass", \
            "passing did not work"
        return True
    return None


def play_board_turn(person: Person, scene) -> bool:
    """One step of a turn on the board scene (or the look at the results) if a human may
    act: pick a tile of the hand, turn it, bring it to its squares, place it."""
    settled = board_turn_settled(person, scene)
    if settled is not None:
        return settled
    moves = [m for m in scene.legal_moves() if str(m) != "pass"]
    place_tile(person, scene, person.rng.choice(moves))
    return True


def place_tile(person: Person, scene, move) -> None:
    """Lay `move` (a tile on two squares) as the screen offers it: pick the tile of the
    hand, turn it, bring it to its squares, place it (keys, or clicks and the pointer)."""
    keys = person.mode == "keys"
    ply, player = scene.ctl.ply, scene.ctl.state.current_player
    tile = Tile.of(move.x, move.y)
    index = scene.shown_tiles().index(tile)
    anchor, direction = ghost_target(move)
    if keys:
        steps = (index - scene.cursor) % len(scene.shown_tiles())
        person.keys(*[pygame.K_RIGHT] * steps, pygame.K_RETURN)
        assert scene.ghost is not None and scene.ghost.ends == (tile.a, tile.b), \
            "Enter did not pick the tile"
        person.keys(*[pygame.K_r] * ((direction - scene.ghost.direction) % 4))
        assert scene.ghost.direction == direction, "R did not turn the tile"
        for _ in range(4):
            (f, r), (tf, tr) = scene.ghost.anchor, anchor
            arrows = ([pygame.K_RIGHT if tf > f else pygame.K_LEFT] * abs(tf - f)
                      + [pygame.K_UP if tr > r else pygame.K_DOWN] * abs(tr - r))
            if not arrows:
                break
            person.keys(*arrows)
        assert scene.ghost.anchor == anchor, "the arrows did not bring the tile there"
        assert scene.ghost_reason is None, scene.ghost_reason
        person.keys(pygame.K_RETURN)
    else:
        person.click(scene.table.hand_rects()[index].center)
        assert scene.ghost is not None and scene.ghost.ends == (tile.a, tile.b), \
            "clicking a hand tile did not pick it"
        turns = (direction - scene.ghost.direction) % 4
        for _ in range(turns):
            person.click(scene.table.hand_rects()[index].center, button=3)
        assert scene.ghost.direction == direction, "right clicks did not turn the tile"
        s1 = scene.geo.square_rect(anchor)
        df, dr = board_geometry.DIRECTIONS[direction]
        middle = (s1.centerx + df * scene.geo.size // 2, s1.centery - dr * scene.geo.size // 2)
        person.hover(middle)
        assert scene.ghost.anchor == anchor, "the ghost did not follow the pointer"
        assert scene.ghost_reason is None, scene.ghost_reason
        person.click(middle)
    # (a computer may answer within the same frame: the ply can grow by more than one)
    played = scene.ctl.state.moves_played()
    assert scene.ctl.ply > ply and played[ply] == (player, move), \
        f"{move} was not placed: {scene.ctl.caption}"


@pytest.fixture(autouse=True)
def keep_global_random():
    """Person seeds the global generator (the menu deals from it); give it back after.
    Import it into an acceptance test module to have it used there."""
    saved = random.getstate()
    yield
    random.setstate(saved)


def set_up(person: Person, title: str, seats: dict, options: dict, players: int | None = None,
           hidden: bool = True):
    """Title -> Play -> the new-game screen: game, players, seats, options -> Start; the
    match scene. With `hidden`, the person checks every frame that no hand other than the
    one in play is face up."""
    assert isinstance(person.top, TitleScene)
    person.press("Play")
    assert isinstance(person.top, VariantSelectScene), "Play did not open the game setup"
    person.choose("Game", next(n for n, c in person.top.variants if c.title == title))
    if players is not None:
        person.choose("Players", players)
    names = person.app.settings.player_names
    for seat, kind in seats.items():
        person.choose(names[seat], kind)
    for label, value in options.items():
        person.choose(label, value)
    person.press("Start")
    if isinstance(person.top, LessonOffer):   # a game new to the person: one press skips
        person.press("Play now")
    scene = person.match_scene()
    assert scene is not None, f"Start did not begin a match (top: {type(person.top).__name__})"
    config = scene.ctl.config
    count = players or len(config.seats)
    wanted = [seats.get(i, "human" if i == 0 else "greedy") for i in range(count)]
    assert [s.is_human for s in config.seats] == [kind == "human" for kind in wanted]
    if hidden:
        person.humans = tuple(i for i, s in enumerate(config.seats) if s.is_human)
    return scene
