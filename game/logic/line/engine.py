"""The line-of-play engine shared by classic draw dominoes and blank tiles.

One `LineRound` plays one round (hand): tiles go on the two open ends of a single line.
What differs between the variants is a `LineRules` value (tile set, drawing, opening
rule, extra plays, scoring); the match rules around a round live in classic.py and
blank.py.

Speed comes from bit masks and tables built once. An element of the tile set is its
index (for the double-six set, tile i of DOUBLE_SIX, canonical order), so a hand is an
int with bit i set for each element held. `NUMBER_MASK[n]` holds the tiles showing n,
and entry -1 holds every tile (a blank end, or the empty line: anything fits). There is
one `LineMove` object per (tile, end) (moves.py), made once, so listing the legal moves
makes no move objects and equality of moves is identity. The legal moves of a turn are
looked up once, as the turn begins, in the table of the line's two ends (turns.py) by
the tiles of the hand that fit them (by halves of the hand); that table also holds the
effect of every move on those ends (the element laid, the table of the ends it leaves),
so playing a move is a few lookups. The state of a round is one small tuple that also
says how it was reached (the state before, the move), so a move makes one tuple and undo
goes back one state; what only views and records need (the line, the numbers players
showed they lack, hands as tiles) is read off that chain of states when asked.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

from ..core import BLANK, IllegalMoveError, Tile
from .laying import LineRules, Placed, laid_by, opening_bit, opening_tile
from .refusals import refusal
from .moves import ALL, BITS, INDEX, STOP, TILES, LineMove, TurnMove, hand_tiles
from .round_record import RoundRecord
from .turns import (BLANK_OPENING_MOVES, BLANK_START, EMPTY_LINE, NO_MOVES, ONLY_PASS,
                    OPENING_MOVES, EndsTable, Moves, openings, table_of)

_BLANKS = (BLANK,) * len(TILES)
# The fields of a state (LineRound), Final so that mypy knows each field's type. apply,
# every move's path, writes their numbers instead (a global name is a dict lookup).
SEAT: Final = 0
TABLE: Final = 1
DRAWN: Final = 2
EXTRA: Final = 3
PTR: Final = 4
BEFORE: Final = 5
HAND: Final = 6
BIT: Final = 7
MOVE: Final = 8
State: TypeAlias = tuple[int, EndsTable, int, int, int, "State | None", int, int,
                         "TurnMove | None"]
Moved: TypeAlias = tuple[int, EndsTable, int, int, int, State, int, int, TurnMove]  # by a move
Lacks: TypeAlias = dict[int, frozenset[int]]      # per seat, the numbers they lack
_AFTER: dict[tuple[int, ...], tuple[int, ...]] = {}     # seats -> per seat, the seat after


class PlaysRounds:
    """The protocol's apply for a game of line rounds: the round in play (`_live`, None
    between rounds) plays the move, and `_end_round(rnd)` follows a move that ends it. A
    match (classic.py) plays its rounds so, and a round alone plays itself. One method,
    rather than a match's apply calling a round's: a Python call is some 4% of a random
    round's time (callgrind), and this is every move's path."""

    __slots__ = ()

    def apply(self, move):
        """Play `move` (a move or its text) and return the move played; IllegalMoveError,
        and no change, when it is not legal."""
        rnd = self._live
        if rnd is None or move not in rnd._moves:       # between rounds, a text, not legal
            return self._apply_slowly(move)
        state = rnd._state
        bit, table, double, move = state[1].effects[move]     # state[TABLE], state[SEAT]
        seat = state[0]
        hands = rnd._hands
        hand = hands[seat]
        if bit < 0:             # a blank tile: the lowest element held is the one laid
            bit = hand & -hand
        hands[seat] = hand = hand ^ bit
        if not hand:
            rnd._emptied(state, table, bit, move)
            self._end_round(rnd)
            return move
        if double and rnd._extra and rnd._plays_again(state, table, bit, move):
            return move
        # The next player's turn begins.
        nxt = rnd._after[seat]
        before = hands[nxt]
        hit = before & table.fits
        if hit:
            try:                        # the moves of the low half, then the high
                moves = table.low[hit & 16383] + table.high[hit >> 14]
            except KeyError:            # a half not met before on these ends
                moves = table.turn(hit)
            # SEAT, TABLE, DRAWN, EXTRA, PTR (as before), BEFORE, HAND, BIT, MOVE
            rnd._state = (nxt, table, 0, 0, state[4], state, before, bit, move)
            rnd._moves = moves
            return move
        if rnd._cannot_lay(nxt, state, before, bit, move, table):
            self._end_round(rnd)
        return move


class LineRound(PlaysRounds, RoundRecord):
    """One round of line play among the `seats` (player indices of the match, in turn order).

    Drawing is done by the engine when a turn begins; `drawn` holds what the player to move
    drew at the start of this turn. The round ends at `domino` (a hand emptied) or `blocked`
    (nobody can play and nothing is left to draw), detected as soon as it happens.

    `_hands[player]` is a mask of elements, `_stock` the bits of the elements of the stock
    as the round began (next draw first). The rest of the state is one tuple, `_state`,
    whose fields SEAT ... MOVE are: the player to move, the table of the line's ends
    (turns.py: it knows the two numbers, and whether the line has begun), tiles the player
    to move drew this turn, extra plays they took this turn, tiles drawn from the stock,
    then how this state was reached: the state before (None at the start of the round),
    the hand of the player to move before they drew, the element played, the move. So the
    states of a round form a chain back to its start: the round's moves are read off it,
    and undoing a move is going back one state. `_moves` are the legal moves of the state.
    """

    __slots__ = ("rules", "seats", "_after", "_extra", "_hands", "_deal", "_stock", "_state",
                 "start_line", "start_extra", "end_reason", "domino_seat", "_moves",
                 "start_to_move", "set_up", "_derived")
    _after: tuple[int, ...]
    _extra: bool
    _state: State
    domino_seat: int | None
    _moves: Moves
    _derived: tuple[State, tuple[tuple[Placed, ...], Lacks]] | None

    def __init__(self, rules: LineRules, seats, hands: dict, stock, line=(), to_move=None,
                 extra_plays: int = 0):
        seats = tuple(seats)
        self._setup(rules, seats)
        masks = [0] * (max(seats) + 1)
        if rules.blank:           # identical tiles: number the elements as they come
            count = iter(range(len(_BLANKS)))
            for s in seats:
                masks[s] = sum(BITS[next(count)] for _x in hands[s])
            self._stock = tuple(BITS[next(count)] for _x in stock)
        else:
            for s in seats:
                masks[s] = sum(BITS[INDEX[t]] for t in hands[s])
            self._stock = tuple(BITS[INDEX[t]] for t in stock)
        self._hands = masks
        self._deal = tuple(masks)
        self.start_line = line = tuple(line)
        self.start_extra = extra_plays
        usual = self._opener() if not line else seats[0]
        to_move = usual if to_move is None else to_move
        self.start_to_move = to_move
        # A round set up from a position: the record must say how it starts.
        self.set_up = bool(line) or to_move != usual
        left, right = (line[0].left, line[-1].right) if line else (-1, -1)
        table = table_of(left, right, rules.blank, bool(line))
        self._turn_begins(to_move, table, 0, extra_plays, None, 0, 0, None)

    def _setup(self, rules: LineRules, seats: tuple) -> None:
        self.rules = rules
        self.seats = seats
        after = _AFTER.get(seats)
        if after is None:
            following = [0] * (max(seats) + 1)
            for i, s in enumerate(seats):
                following[s] = seats[(i + 1) % len(seats)]
            after = _AFTER[seats] = tuple(following)
        self._after = after
        self._extra = rules.extra_for_double
        self.start_line = ()
        self.start_extra = 0
        self.end_reason = self.domino_seat = None
        self._moves = NO_MOVES
        self._derived = None

    @classmethod
    def dealt(cls, rules: LineRules, seats: tuple, order: list[int]) -> "LineRound":
        """A round dealt from `order`, the bits of every element of the tile set in
        shuffled order: each seat in turn takes the next `rules.hand_size`, the stock (next
        draw first) the rest."""
        self = cls.__new__(cls)
        self._setup(rules, seats)
        size = rules.hand_size
        self._hands = masks = [0] * (max(seats) + 1)
        at = 0
        for s in seats:
            masks[s] = sum(order[at:at + size])
            at += size
        self._deal = tuple(masks)
        self._stock = stock = tuple(order[at:])
        opener = seats[0]
        if rules.blank:
            self._moves = BLANK_OPENING_MOVES
        elif rules.opening == "highest_double":
            opening = opening_bit(ALL ^ sum(stock))     # of the tiles in the hands
            for opener in seats:
                if masks[opener] & opening:
                    break
            self._moves = OPENING_MOVES[opening.bit_length() - 1]
        else:
            self._moves = openings(masks[opener])
        self.start_to_move = opener
        self.set_up = False
        # The opener holds a tile and plays it: no draws to make.
        self._state = (opener, BLANK_START if rules.blank else EMPTY_LINE, 0, 0, 0, None, 0, 0,
                       None)
        return self

    # ---- reading the state -------------------------------------------------------
    @property
    def current(self) -> int | None:
        return None if self.end_reason else self._state[SEAT]

    @property
    def turn(self) -> int:
        """The index in `seats` of the player to move (or who ended the round)."""
        return self.seats.index(self._state[SEAT])

    @property
    def extra_plays(self) -> int:
        """Extra plays the player to move has taken this turn."""
        return self._state[EXTRA]

    @property
    def ends(self) -> tuple[int, int] | None:
        table = self._state[TABLE]
        return table.ends if table.begun else None

    def hand_tiles(self, player: int) -> tuple[Tile, ...]:
        """The tiles `player` holds, in canonical order (() for players not in the round)."""
        hand = self._hands[player] if player < len(self._hands) else 0
        return (BLANK,) * hand.bit_count() if self.rules.blank else hand_tiles(hand)

    def hand_size(self, player: int) -> int:
        return self._hands[player].bit_count() if player < len(self._hands) else 0

    @property
    def hands(self) -> dict[int, list[Tile]]:
        """Each player in the round: the tiles held, in canonical order."""
        return {s: list(self.hand_tiles(s)) for s in self.seats}

    @property
    def _elements(self) -> tuple[Tile, ...]:
        return _BLANKS if self.rules.blank else TILES

    @property
    def stock(self) -> list[Tile]:
        """The tiles left to draw, next draw first."""
        elements = self._elements
        return [elements[bit.bit_length() - 1] for bit in self._stock[self._state[PTR]:]]

    @property
    def boneyard(self) -> int:
        return len(self._stock) - self._state[PTR]

    @property
    def drawn_count(self) -> int:
        return self._state[DRAWN]

    @property
    def drawn(self) -> list[Tile]:
        """The tiles the player to move drew at the start of this turn."""
        elements, state = self._elements, self._state
        return [elements[bit.bit_length() - 1]
                for bit in self._stock[state[PTR] - state[DRAWN]:state[PTR]]]

    def states(self) -> list[Moved]:
        """The state after each move of the round, oldest first."""
        states: list[Moved] = []
        state = self._state
        while state[BEFORE] is not None:
            states.append(state)    # type: ignore[arg-type]  # reached by a move: it has one
            state = state[BEFORE]
        states.reverse()
        return states

    @property
    def moves(self) -> list[tuple[int, TurnMove, int]]:
        """(seat, move, tiles drawn before it) of every move of the round."""
        return [(after[BEFORE][SEAT], after[MOVE], after[BEFORE][DRAWN])
                for after in self.states()]

    @property
    def moves_made(self) -> int:
        count, state = 0, self._state
        while state[BEFORE] is not None:
            count, state = count + 1, state[BEFORE]
        return count

    def _derive(self) -> tuple[tuple[Placed, ...], Lacks]:
        """(line, lacks) as of this state: the line as laid tiles, and per seat the numbers
        they showed they lacked (by drawing or passing on them). Worked out from the moves
        of the round, or from what was worked out one move before; kept until the state
        changes."""
        state = self._state
        cached = self._derived
        if cached is not None and cached[0] is state:
            return cached[1]
        if cached is not None and cached[0] is state[BEFORE]:
            line, lacks = cached[1]
            lacks = dict(lacks)
            states: Sequence[Moved] = (state,)  # type: ignore[assignment]  # a move reached it
        else:
            line, lacks = self.start_line, dict.fromkeys(self.seats, frozenset())
            states = self.states()
        for after in states:
            before, move = after[BEFORE], after[MOVE]
            if line and (before[DRAWN] or move.is_pass):
                lacks[before[SEAT]] = lacks[before[SEAT]].union(before[TABLE].ends)
            if move.__class__ is LineMove:
                laid = laid_by(line, move)
                line = (laid, *line) if move._side == 1 and line else (*line, laid)
        if state[DRAWN] and self.end_reason != "domino":       # drew this turn
            lacks[state[SEAT]] = lacks[state[SEAT]].union(state[TABLE].ends)
        result = (line, lacks)
        self._derived = (state, result)
        return result

    @property
    def line(self) -> list[Placed]:
        return list(self._derive()[0])

    @property
    def lacks(self) -> dict[int, frozenset]:
        return dict(self._derive()[1])

    def required_opening(self) -> Tile | None:
        if self._state[TABLE].begun or self.rules.opening != "highest_double":
            return None
        return opening_tile(self.hand_tiles(s) for s in self.seats)

    def _opener(self) -> int:
        if self.rules.opening != "highest_double":
            return self.seats[0]
        tile = opening_tile(self.hand_tiles(s) for s in self.seats)
        return next((s for s in self.seats if tile in self.hand_tiles(s)), self.seats[0])

    def can_play(self, seat: int) -> bool:
        return bool(self._hands[seat] & self._state[TABLE].fits)

    def legal_moves(self) -> list[TurnMove]:
        """Moves in canonical text order: tiles in canonical order, L before R."""
        return [*self._moves]

    def _find_moves(self) -> None:
        """Set the legal moves of this state."""
        seat, table = self._state[:2]
        hand = self._hands[seat]
        if self.end_reason:
            self._moves = NO_MOVES
        elif not table.begun:
            self._moves = self._openings(hand)
        elif hand & table.fits:
            moves = table.turn(hand & table.fits)
            # an extra play earned by a double may be declined: "may play again"
            self._moves = moves + (STOP,) if self._state[EXTRA] else moves
        else:
            self._moves = ONLY_PASS

    def _openings(self, hand: int) -> tuple:
        if self.rules.blank:
            return BLANK_OPENING_MOVES
        if self.rules.opening == "highest_double":
            held = 0
            for s in self.seats:
                held |= self._hands[s]
            opening = opening_bit(held)
            if opening:
                return OPENING_MOVES[opening.bit_length() - 1]
        return openings(hand)

    def illegal_reason(self, move: LineMove) -> str | None:
        return None if move in self.legal_moves() else refusal(self, move)

    # ---- changing the state (apply is PlaysRounds.apply, below) --------------------
    @property
    def _live(self) -> "LineRound":
        """A round alone plays itself (PlaysRounds)."""
        return self

    def _end_round(self, rnd: "LineRound") -> None:
        """Nothing follows the end of a round alone."""

    def _apply_slowly(self, move):
        """apply's way for a move its lookup did not find: as text, or not legal."""
        if not isinstance(move, (LineMove, str)):
            raise IllegalMoveError(move, "not a move of the line games")
        move = LineMove.parse(move) if isinstance(move, str) else move
        if move not in self._moves:
            raise IllegalMoveError(move, self.illegal_reason(move) or "not a legal move now")
        return self.apply(move)

    def _emptied(self, state: tuple, table, bit: int, move) -> None:
        """The player to move laid their last tile: the round ends (domino)."""
        seat = state[SEAT]
        self._state = (seat, table, state[DRAWN], state[EXTRA], state[PTR], state, 0, bit, move)
        self.end_reason, self.domino_seat = "domino", seat
        self._moves = NO_MOVES

    def _plays_again(self, state: tuple, table, bit: int, move) -> bool:
        """After a double: True, and the state set, when it earns its player another play
        ("may play again")."""
        extra = state[EXTRA]
        if not (self._hands[state[SEAT]] & table.fits and not (self.rules.one_extra and extra)):
            return False
        self._state = (state[SEAT], table, 0, extra + 1, state[PTR], state, 0, bit, move)
        self._find_moves()
        return True

    def _cannot_lay(self, seat: int, state: tuple, before: int, bit: int, move, table) -> bool:
        """`seat`, whose turn begins, holds no tile for the ends of `table`: they draw,
        or pass, or the round is blocked (True)."""
        ptr = state[PTR]
        if ptr == len(self._stock) or not self.rules.drawing:     # nothing to draw
            self._state = (seat, table, 0, 0, ptr, state, before, bit, move)
            return self._pass_or_block(table)
        return self._turn_begins(seat, table, ptr, 0, state, before, bit, move)

    def _pass_or_block(self, table) -> bool:
        """The player to move cannot lay a tile on the ends of `table`: they pass, or,
        when nobody can, the round is blocked (True)."""
        hands, fits = self._hands, table.fits
        for s in self.seats:
            if hands[s] & fits:
                self._moves = ONLY_PASS
                return False
        self.end_reason, self._moves = "blocked", NO_MOVES
        return True

    def _turn_begins(self, seat: int, table, ptr: int, extra: int, before_state,
                     before_hand: int, bit: int, move) -> bool:
        """`seat` begins a turn on the ends of `table`: automatic draws while they cannot
        play, then the blocked-round check. Sets the state; True when the round is
        blocked."""
        hands = self._hands
        fits = table.fits
        hand = hands[seat]
        drawn = 0
        if not hand & fits:
            stock = self._stock
            if self.rules.drawing and ptr < len(stock) and table.begun:
                start = ptr
                while ptr < len(stock):
                    element = stock[ptr]
                    ptr += 1
                    hand |= element
                    if element & fits:
                        break
                hands[seat] = hand
                drawn = ptr - start
        self._state = (seat, table, drawn, extra, ptr, before_state, before_hand, bit, move)
        if hand & fits:
            self._find_moves()
            return False
        return self._pass_or_block(table)

    def undo(self):
        """Take back the last move of the round and return it; IndexError if there is none."""
        after = self._state
        before = after[BEFORE]
        if before is None:
            raise IndexError("no move to take back in this round")
        if after[PTR] != before[PTR]:       # the player to move drew: give the tiles back
            self._hands[after[SEAT]] = after[HAND]
        if after[BIT]:
            self._hands[before[SEAT]] |= after[BIT]
        self._state = before
        self.end_reason = self.domino_seat = None
        self._find_moves()
        return after[MOVE]
