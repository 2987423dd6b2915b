"""The moving game: players take turns moving one of their elements on the element board,
and an element that arrives facing an opponent's element with an equal number removes it
(docs/rules.md, Test element, Capture and Diagonals).

`MovingGame` holds everything the moving games share: the move stack, captures and their
undo, the count of moves without a capture, the ends, records, views and positions, and
the one-square step of games 1 and 3 as the default move. Each game is a small subclass
that overrides the hooks where it differs, and the base names none of them: how its
elements move (`_element_moves`), why a move of its own element is refused
(`move_refusal`, or its parts `taken_refusal` and `movement_refusal`: a new kind of move
says its own), which element it may land on (`landing_win`), what ends it at once
(`_goal`), who wins when it simply stops (`_judge`), its scores (`scores`, `captures_win`)
and what its views, records and the greedy player read of its own rules (`view_facts`,
`own_counters`, `greedy_value`, `aims`).
"""
from __future__ import annotations

from game.i18n import N_, _

import random
from operator import attrgetter
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar

from ..board.shape import ALL_DIRECTIONS
from ..core import PASS, IllegalMoveError, OptionError, Outcome
from ..options import Option, resolve_options
from ..state import GameState
from ..textfiles import open_position
from . import files, positions, view as element_view
from .board import SHAPE, ElementBoard, past_middle
from .moves import ElementMove, parse_element_move


def ray(square: int, direction) -> tuple[int, ...]:
    """The squares beyond `square` in `direction`, nearest first."""
    found = []
    at = SHAPE.step(square, direction)
    while at is not None:
        found.append(at)
        at = SHAPE.step(at, direction)
    return tuple(found)


# Per square, its rays in those of the eight directions that stay on the board.
RAYS = tuple(tuple(r for r in (ray(s, d) for d in ALL_DIRECTIONS) if r)
             for s in range(SHAPE.size))
# Per square, the squares one step away in each of the eight directions.
AROUND = tuple(tuple(r[0] for r in rays) for rays in RAYS)
# The one-square moves, made once: a game's move lists share them.
STEPS = {(s, t): ElementMove((s, t)) for s in range(SHAPE.size) for t in AROUND[s]}




def limit_option(default: int = 40) -> Option:
    return Option("limit", default, N_("moves each without a capture before the game ends"),
                  minimum=1, maximum=500)


def start_option() -> Option:
    return Option("start", "first", N_("starting board: a level file's name, 'first' (the first "
                                    "one made for the chosen set; random when none is) or "
                                    "'random'"))


class ElementGame(GameState):
    """The protocol part every element game shares: `_position()` gives the legal moves
    (empty: pass) and whether the game has ended, cached per position; `refusal(move)`
    says why a well-formed move is not among them."""

    cant_pass = N_("you cannot pass: you have a move")
    coach_reasons = "elements"
    views_tell_the_world = True     # each view says whose turn it is and all the board
    to_move: int
    if TYPE_CHECKING:       # what each element game defines
        def scores(self) -> tuple[int, int]: ...

        def _position(self) -> tuple[list, tuple[int | None, str] | None]: ...

        def refusal(self, move) -> str: ...

    # the module that reads this game's records and position files and writes positions
    records: ModuleType

    @classmethod
    def from_record_start(cls, record: dict):
        return cls.records.game_from_record(cls, record)

    @classmethod
    def from_position(cls, data, path: str = "<position>"):
        return cls.records.game_from_position(cls, data, path)

    def position_text(self) -> str:
        return self.records.position_text(self)

    def apply(self, move):
        # The legal moves here are worked out to check the move anyway: kept with the move,
        # so that taking it back (a search does at every node) restores them for free.
        known = self._position()
        move = super().apply(move)
        self.__dict__.setdefault("_kept", {})[len(self._stack)] = (known, self._stack[-1])
        return move

    def undo(self):
        entry = self._stack[-1] if self._stack else None
        move = super().undo()
        kept = self.__dict__.get("_kept", {}).pop(len(self._stack) + 1, None)
        if kept is not None and kept[1] is entry:       # kept by this very move's apply
            self._cache = kept[0]
        return move

    @classmethod
    def resolve(cls, options) -> dict:
        """The options with defaults, checked (OptionError)."""
        return resolve_options(cls.options_declared, options, cls.variant)

    @classmethod
    def open_position(cls, data, path: str, keys):
        """(TomlFile, options) of a position file of this game, its keys and options
        checked."""
        toml = open_position(cls, data, path, keys)
        try:
            options = cls.resolve(toml.get("options", dict, {}))
        except OptionError as exc:
            raise toml.error("options", str(exc)) from None
        return toml, options

    def _finished(self):
        """(winner, reason) once the game has ended, else None (a game whose end needs no
        move list may say so without making one)."""
        return self._position()[1]

    def outcome(self) -> Outcome | None:
        end = self._finished()
        if not end:
            return None
        return Outcome(self.scores(), end[0], end[1])

    def last_capture(self) -> tuple:
        """(square, what was there) pairs the last move captured."""
        return self._stack[-1][2][1] if self._stack else ()

    @property
    def current_player(self) -> int | None:
        return None if self._finished() else self.to_move

    def legal_moves(self) -> list:
        moves, end = self._position()
        if end:
            return []
        return list(moves) if moves else [PASS]

    def illegal_reason(self, move) -> str | None:
        try:
            move = self.parse_move(move)
        except IllegalMoveError as exc:
            return exc.reason
        moves, end = self._position()
        if end:
            return _("the game is over")
        if move is PASS:
            return _(self.cant_pass) if moves else None
        if move in moves:
            return None
        return self.refusal(move)


class MovingGame(ElementGame):
    """The moving game with the one-square step of games 1 and 3; see the module's
    docstring for the hooks a game overrides where it differs."""

    min_players = max_players = 2
    sets: ClassVar[tuple[str, ...]]     # the `set` option's choices, default first
    # What its boards look like, for the level files and random starts (files.py):
    test_elements: ClassVar[bool] = False   # each side's 0-0 lies face down
    coloured: ClassVar[bool] = False        # player 0 on dark squares, player 1 on light
    pass_when_stuck: ClassVar[bool] = False  # a player with no move passes (else it ends)
    one_capture: ClassVar[bool] = False     # at most one element captured per move
    captures_win: ClassVar[bool] = False    # more captures wins (else: more elements left)
    hard_hooks = "game.logic.agents.open_board"
    records = positions

    def __init__(self, options: dict, seed, board: ElementBoard, to_move: int = 0,
                 captures=(0, 0), pips=(0, 0), quiet: int = 0):
        self.players = 2
        self.options = options
        self.seed = seed
        self.board = board
        self.to_move = to_move
        self.captures = list(captures)
        self.pips = list(pips)
        self.quiet = quiet                  # moves in a row without a capture
        self.limit = options["limit"]
        # (winner, reason) of an end a move caused at once
        self._ended: tuple[int, str] | None = None
        self._cache = None                  # (legal moves, end) of this position
        self._stack = []
        self.start: dict = {}

    @property
    def tiles(self):
        """The tile set the elements come from (one split in two, or one each)."""
        return files.SETS[self.options["set"]].tiles

    # ---- creating games -----------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: dict | None = None):
        cls.require_players(players)
        options = cls.resolve(options)
        placed = files.starting_elements(cls, options, random.Random(seed))
        game = cls(options, seed, ElementBoard.of(placed))
        game.start = {"start": game.board.texts()}
        return game

    @classmethod
    def level_from_toml(cls, toml, name: str):
        """The starting board a level file of this game holds, checked (FileFormatError)."""
        return files.start_from_toml(cls, toml, name)

    @classmethod
    def level_text(cls, start) -> str:
        """The level file of the start `start` (what `level_from_toml` reads back)."""
        return files.start_text(cls.variant, start)

    # ---- the hooks each game overrides where it differs --------------------------------------
    def _element_moves(self, square: int, element) -> list[ElementMove]:
        """Every move of the element on `square`: one square in any of the eight
        directions, onto an empty square or an element `landing_win` allows."""
        cells = self.board.cells
        return [STEPS[square, target] for target in AROUND[square]
                if cells[target] is None or self.landing_win(element, cells[target])]

    def landing_win(self, element, other) -> str | None:
        """The outcome reason with which `element` wins by landing on `other`, or None
        when it may not land there (by default it never lands on an element)."""
        return None

    def move_refusal(self, move: ElementMove, element) -> str:
        """Why a move of the player's own `element`, not among the legal ones, is refused:
        a chain, a taken square, or else the rule of movement it breaks."""
        if len(move.path) > 2:
            return _("a move names only its from and to squares here; only Diagonals chains "
                     "jumps")
        target = self.board.cells[move.end]
        if target is not None and not self.landing_win(element, target):
            return self.taken_refusal(element, target, move.end)
        return self.movement_refusal(move)

    def taken_refusal(self, element, target, square: int) -> str:
        """Why `element` may not land on `target`, which stands on `square`."""
        return _("{square} is taken").format(square=SHAPE.names[square])

    def movement_refusal(self, move: ElementMove) -> str:
        """The rule of movement a move to an empty square breaks: a game whose elements
        move otherwise says its own."""
        return _("an element moves one square, in any of the eight directions")

    def _goal(self, player: int):
        """(winner, reason) when the capture `player` just made ends the game at once."""
        return None

    def _judge(self) -> int | None:
        """The winner when the game stops without a goal (None: a draw)."""
        return None

    def scores(self) -> tuple[int, int]:
        return tuple(self.captures)

    def _stops(self) -> str | None:
        """A reason the game stops in this position besides the shared ones."""
        return None

    def view_facts(self) -> dict:
        """The fields of a player's view that say this game's own rules (those of
        element_view.ElementView with a default)."""
        return {}

    def own_counters(self) -> dict:
        """Counters of this game's own rules that a position or record keeps besides the
        shared ones (positions.COUNTERS names every one)."""
        return {}

    def take_own_counters(self, given: dict) -> None:
        """Set this game's own counters from `given` (checked: every counter is there)."""

    def greedy_value(self, me: int, elements: int, pips: int) -> float:
        """The greedy player's worth of this position for `me`, whose move just captured
        `elements` elements of `pips` pips and did not end the game."""
        return element_view.capture_judgement(self, me, elements, pips)

    def aims(self, me: int) -> float:
        """The greedy player's small pull for `me` toward what wins: forward."""
        return element_view.forward_pull(self, me)

    # ---- the protocol -------------------------------------------------------------------
    def _position(self):
        if self._cache is None:
            moves = []
            if self._ended is None:
                for square, element in enumerate(self.board.cells):
                    if element is not None and element.owner == self.to_move:
                        moves.extend(self._element_moves(square, element))
                moves.sort(key=attrgetter("text"))
            self._cache = (moves, self._find_end(moves))
        return self._cache

    def _find_end(self, moves):
        if self._ended is not None:
            return self._ended
        reason = None
        if 0 in self.board.counts:
            reason = "no moves"
        elif self.quiet >= 2 * self.limit:
            reason = "no captures"
        else:
            reason = self._stops()
            if reason is None and not moves and not self.pass_when_stuck:
                reason = "no moves"
        return None if reason is None else (self._judge(), reason)

    def parse_move(self, text):
        return parse_element_move(text)

    def refusal(self, move) -> str:
        """Why `move`, well formed but not legal, is refused: whose element it moves, then
        the game's own `move_refusal`."""
        element = self.board.cells[move.start]
        if element is None:
            return _("there is no element on {square}").format(square=SHAPE.names[move.start])
        if element.owner != self.to_move:
            return _("the element on {square} is your opponent's").format(
                square=SHAPE.names[move.start])
        return self.move_refusal(move, element)

    def _push(self, move):
        player, board = self.to_move, self.board
        before = (self.quiet, self._ended)
        landed, captured = None, ()
        if move is PASS:
            self.quiet += 1
        else:
            element = board.take(move.start)
            if board.cells[move.end] is not None:           # a landing landing_win allows
                landed = board.take(move.end)
                self._ended = (player, self.landing_win(element, landed))
            board.put(move.end, element)
            if landed is None:
                captured = tuple((s, board.take(s)) for s in
                                 board.captures_at(move.end, element, one=self.one_capture))
            if captured:
                self.captures[player] += len(captured)
                self.pips[player] += sum(e.value for _, e in captured)
                self.quiet = 0
                self._ended = self._ended or self._goal(player)
            else:
                self.quiet += 1
        self.to_move = 1 - player
        self._cache = None
        return landed, captured, before

    def _pop(self, move, info) -> None:
        landed, captured, (self.quiet, self._ended) = info
        self.to_move = player = 1 - self.to_move
        if move is not PASS:
            board = self.board
            for square, element in captured:
                board.put(square, element)
            self.captures[player] -= len(captured)
            self.pips[player] -= sum(e.value for _, e in captured)
            element = board.take(move.end)
            if landed is not None:
                board.put(move.end, landed)
            board.put(move.start, element)
        self._cache = None

    def past_counts(self) -> tuple[int, int]:
        """Each player's elements in the opponent's half."""
        counts = [0, 0]
        for square, element in enumerate(self.board.cells):
            if element is not None and past_middle(element.owner, square):
                counts[element.owner] += 1
        return counts[0], counts[1]

    # ---- outcome, views, records ---------------------------------------------------------
    def view(self, player: int):
        return element_view.view_of(self, player)

    def secret_tiles(self, player: int) -> tuple:
        return ()           # nothing is hidden: both players know the test elements

    def public_facts(self) -> dict:
        return {"start": dict(self.start)}      # nor how the board started

    @staticmethod
    def heuristic(view, move) -> float:
        return element_view.heuristic(view, move)

    @staticmethod
    def heuristics(view) -> list[float]:
        return element_view.heuristics(view)

    def clone(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.board = self.board.copy()
        other.captures, other.pips = list(self.captures), list(self.pips)
        other._stack = list(self._stack)
        other._cache = None
        return other
