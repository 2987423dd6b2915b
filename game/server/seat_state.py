"""A network seat's stand-in for the game state: what the match scenes read, built from
the seat's own view and the public facts the host sends, never from a hidden tile.

The scenes ask a state for whose turn it is, the legal moves, why a try is illegal, the
moves played, the result, the table as a player sees it, and a few public attributes of
the game (its board shape, options...). `SeatState` answers:

* from the host: the seat's own view (hand, legal moves on its turn), the moves played,
  the outcome, the public facts (facts.py), and once the game is over every player's
  final view (the hands a couch sees face up at the end). Until then `view(p)` of
  another player is refused: a screen reads the table from its own seat's view.
* from the seat's own view: the public fields a scene reads as attributes of the state
  (FROM_VIEW: the board's shape, Dominid's opening...).
* from a world: a full state of the variant consistent with the seat's view, built by
  the code the computer players use to imagine the hidden tiles
  (game.logic.agents.hooks). Its own hand and its table are the true ones, so on the
  seat's turn the rules answer questions about its own moves exactly (why a tile does
  not fit, what a move would capture); the other hands in it are guesses, and nothing
  reads them. A world is only as right as the view it is made from says whose turn it
  is: the moving games' views say so (a world of theirs answers at any time), the
  tile games' worlds are made for the player to move, so theirs answers on the seat's
  turn only. Only FROM_WORLD attributes are read from it: anything else a scene asked
  of the state fails here by name rather than show a guess.

Moves are not applied here: the seat's controller sends them to the host, whose answer
comes back as the next `update`.
"""
from __future__ import annotations

import random

from game.logic.agents.hooks import hooks_for
from game.logic.core import IllegalMoveError, View

# What a scene reads of a state beyond the protocol, and where a seat finds it: the
# public fields of its own view of the same name, or the world (fixed by the rules and
# the options, or public on the board: its elements, what a move would capture).
FROM_VIEW = frozenset("""shape width height dealt arranging declaring limit
round_number""".split())
FROM_WORLD = frozenset("""width height race slide coloured free across one_capture
home_rank on_far_half board last_capture first_player""".split())


class SeatState:
    def __init__(self, cls, seat: int, players: int, options: dict):
        self.cls = cls
        self.variant = cls.variant
        self.seat = seat
        self.players = players
        self.options = dict(options)
        self.seed = None                 # the deal is the host's secret
        self.own: View | None = None     # the seat's latest view
        self.played: list[tuple[int, object]] = []
        self._outcome = None
        self.facts: dict = {}
        self.final: tuple[View, ...] | None = None   # every player's view once it is over
        self.decisions: list[tuple] = []     # (number, seat, view before, move) for review
        self._world = None

    # --- what the host sends ----------------------------------------------------------
    def update(self, view, history_from: int, moves, outcome, facts: dict, final) -> None:
        """A new position: the seat's view, the moves after the first `history_from`
        (those before are unchanged), the outcome or None, the public facts (None: as
        before), and every player's final view once the game is over (else None)."""
        if view.player != self.seat or not 0 <= history_from <= len(self.played):
            raise ValueError("a position for another seat, or history that does not follow")
        before = self.own
        one_more = history_from == len(self.played) and len(moves) == 1
        self.played[history_from:] = [tuple(entry) for entry in moves]
        self.decisions = [d for d in self.decisions if d[0] <= len(self.played)]
        if one_more:
            self._note_decision(before)
        self.own, self._outcome = view, outcome
        if facts is not None:
            self.facts = dict(facts)
        self.final = tuple(final) if final else None
        self._world = None

    def _note_decision(self, before) -> None:
        """Keep the seat's own choices (the view it chose from and the move) for the
        coach's review at the end, as the couch game replays them."""
        if before is None:
            return
        number = len(self.played)
        player, move = self.played[-1]
        if (player == self.seat and before.current_player == self.seat
                and len(before.legal_moves()) > 1
                and not any(d[0] == number for d in self.decisions)):
            self.decisions.append((number, player, before, str(move)))

    # --- the protocol, as far as a seat knows it --------------------------------------
    @property
    def title(self) -> str:
        return self.cls.title

    @property
    def current_player(self):
        if self._outcome is not None or self.own is None:   # None: over, or not yet begun
            return None
        return self.own.current_player

    def outcome(self):
        return self._outcome

    def is_over(self) -> bool:
        return self._outcome is not None

    def legal_moves(self) -> list:
        """The seat's own moves on its turn; nothing is known of another player's."""
        own = self.own
        return own.legal_moves() if own is not None and self.current_player == self.seat else []

    def parse_move(self, text):
        return self.world.parse_move(text)

    def illegal_reason(self, move) -> str | None:
        """None for a move of the seat's own legal moves; otherwise the rules' reason,
        asked of the world (which holds the seat's true hand and table)."""
        try:
            move = self.parse_move(move)
        except IllegalMoveError as error:
            return error.reason
        if self.is_over():
            return "the game is over"
        if self.current_player != self.seat:
            return "it is not your turn"
        if move in self.legal_moves():
            return None
        return self.world.illegal_reason(move) or "that is not a legal move now"

    def is_legal(self, move) -> bool:
        return self.illegal_reason(move) is None

    def view(self, player: int):
        if self.final is not None:
            return self.final[player]
        if player == self.seat:
            return self.own
        raise ValueError(f"seat {self.seat} sees only its own view until the game is over")

    def moves_played(self) -> list:
        return list(self.played)

    def clone(self):
        """A copy of the world to try a move on (the open boards: it is the true one)."""
        return self.world.clone()

    def __getattr__(self, name):
        facts = self.__dict__.get("facts", {})
        if name in facts:
            return facts[name]
        if name in FROM_VIEW and hasattr(self.__dict__.get("own"), name):
            return getattr(self.own, name)
        if name in FROM_WORLD and (self.cls.views_tell_the_world
                                   or self.current_player == self.seat):
            return getattr(self.world, name)
        raise AttributeError(f"a network seat does not know the state's {name!r}")

    # --- the world --------------------------------------------------------------------
    @property
    def world(self):
        """A full state consistent with the seat's view (see the module notes), made
        once a position (DominoError if none can be made)."""
        if self._world is None:
            rng = random.Random(len(self.played))
            self._world = hooks_for(self.variant).worlds(self.own)(rng)
        return self._world
