"""The line-of-play engine shared by classic draw dominoes and blank tiles.

One `LineRound` plays one round (hand): tiles go on the two open ends of a single line.
What differs between the variants is a `LineRules` value (tile set, drawing, opening
rule, extra plays, scoring); the match rules around a round live in classic.py and
blank.py.

Speed comes from bit masks and tables built once. An element of the tile set is its
index (for the double-six set, tile i of DOUBLE_SIX, canonical order), so a hand is an
int with bit i set for each element held. `NUMBER_MASK[n]` holds the tiles showing n, and
entry -1 holds every tile (a blank end, or the empty line: anything fits). There is one
`LineMove` object per (tile, end), made once, so listing the legal moves builds no
objects and equality of moves is identity; the legal moves of a turn come from a table
keyed by the tiles that fit each end, looked up once as the turn begins. The state of a
round is one tuple of ints that also says how it was reached (the state before, the
move), so a move makes one tuple and undo goes back one state; what only views and
records need (the line, the numbers players showed they lack, hands as tiles) is read
off that chain of states when asked.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

from ..core import BLANK, DOUBLE_SIX, PASS, IllegalMoveError, Move, PassMove, Tile, View
from ..tiles import BLANK_SET, DOUBLE_SIX_SET, TileSet

LEFT, RIGHT = "L", "R"
_MOVE_HELP = "write a tile (3-5), a tile and an end (3-5L, 3-5R, _L) or pass"

# ---- tables of the double-six set (element i is DOUBLE_SIX[i], bit 1 << i) ------------
TILES = DOUBLE_SIX
INDEX = {tile: i for i, tile in enumerate(TILES)}
BITS = tuple(1 << i for i in range(len(TILES)))
ALL = (1 << len(TILES)) - 1
NUMBER_MASK = tuple(sum(BITS[i] for i, t in enumerate(TILES) if n in (t.a, t.b))
                    for n in range(7)) + (ALL,)          # [-1]: every tile fits
DOUBLES = sum(BITS[i] for i, t in enumerate(TILES) if t.is_double)
# Without a double held, the heaviest tile opens: tiles heaviest first.
HEAVIEST_FIRST = tuple(BITS[INDEX[t]] for t in sorted(TILES, key=lambda t: (t.value, t.b),
                                                      reverse=True))


def _chunks(of_bits, empty):
    """Per 7-bit slice s of a hand: slice mask -> the sum of `of_bits(bit index)`."""
    result = []
    for s in range(4):
        table = []
        for m in range(128):
            total = empty
            for j in range(7):
                if m >> j & 1:
                    total = total + of_bits(7 * s + j)
            table.append(total)
        result.append(tuple(table))
    return tuple(result)


_TILES_OF = _chunks(lambda i: (TILES[i],), ())
_PIPS_OF = _chunks(lambda i: TILES[i].value, 0)


def hand_tiles(hand: int) -> tuple[Tile, ...]:
    """The double-six tiles of a hand mask, in canonical order."""
    t0, t1, t2, t3 = _TILES_OF
    return t0[hand & 127] + t1[hand >> 7 & 127] + t2[hand >> 14 & 127] + t3[hand >> 21]


def hand_pips(hand: int) -> int:
    p0, p1, p2, p3 = _PIPS_OF
    return p0[hand & 127] + p1[hand >> 7 & 127] + p2[hand >> 14 & 127] + p3[hand >> 21]


def bits_of(mask: int):
    """The element indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ---- moves -----------------------------------------------------------------------------
_SIDES = {"": 0, LEFT: 1, RIGHT: 2}
_INTERNED: dict = {}
_BY_TEXT: dict = {}


class LineMove(Move):
    """A tile played alone (the opening) or on the left/right end (a pass is PASS).

    A small frozen value: `LineMove(tile, end)` returns the one object for that tile and
    end, so equal moves are the same object."""

    __slots__ = ("tile", "end", "_text", "_bit", "_side", "_sum", "_double")

    def __new__(cls, tile: Tile, end: str = "") -> "LineMove":
        key = (tile, end)
        move = _INTERNED.get(key)
        if move is None:
            move = object.__new__(cls)
            for name, value in (("tile", tile), ("end", end), ("_text", f"{tile}{end}"),
                                ("_bit", BITS[INDEX[tile]] if tile in INDEX else 0),
                                ("_side", _SIDES.get(end, -1)),
                                ("_sum", tile.a + tile.b if isinstance(tile, Tile) else 0),
                                ("_double", isinstance(tile, Tile) and tile.is_double)):
                object.__setattr__(move, name, value)
            move = _INTERNED.setdefault(key, move)      # one object, even made twice at once
        return move

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self):           # the same object again after pickling or copying
        return (LineMove, (self.tile, self.end))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"LineMove.parse({self._text!r})"

    @classmethod
    def parse(cls, text: str) -> "LineMove | PassMove":
        """`6-6`, `3-6R`, `0-3L`, `_L`, `pass` -> a move; IllegalMoveError when malformed."""
        move = _BY_TEXT.get(text) if isinstance(text, str) else None
        if move is not None:
            return move
        raw = str(text).strip()
        if raw.lower() == PASS:
            return PASS
        end = raw[-1:].upper() if raw[-1:] in ("L", "R", "l", "r") else ""
        body = raw[:-1] if end else raw
        try:
            tile = Tile.parse(body)
        except ValueError:
            raise IllegalMoveError(raw, f"not a move: {_MOVE_HELP}") from None
        if not tile.is_blank and tile.b > 6:
            raise IllegalMoveError(raw, f"{tile} is not a double-six tile (numbers go from 0 to 6)")
        return cls(tile, end)


OPENINGS = tuple(LineMove(t) for t in TILES)
LEFT_MOVES = tuple(LineMove(t, LEFT) for t in TILES)
RIGHT_MOVES = tuple(LineMove(t, RIGHT) for t in TILES)
BLANK_OPENING, BLANK_LEFT, BLANK_RIGHT = (LineMove(BLANK, e) for e in ("", LEFT, RIGHT))
_BY_TEXT.update({str(m): m for m in (*OPENINGS, *LEFT_MOVES, *RIGHT_MOVES,
                                     BLANK_OPENING, BLANK_LEFT, BLANK_RIGHT)})
_BY_TEXT["pass"] = PASS
_ONLY_PASS = (PASS,)
_BLANK_MOVES = (BLANK_LEFT, BLANK_RIGHT)


def _tile_moves(on_left: int, on_right: int) -> tuple:
    """The moves of the tiles fitting the left end and of those fitting the right end,
    in canonical text order: tiles in canonical order, L before R."""
    found = []
    for i in bits_of(on_left | on_right):
        if on_left >> i & 1:
            found.append(LEFT_MOVES[i])
        if on_right >> i & 1:
            found.append(RIGHT_MOVES[i])
    return tuple(found)


# ---- the line ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Placed:
    """A tile lying in the line: `left` is the number facing left, `right` the other."""

    tile: Tile
    left: int
    right: int

    def __str__(self) -> str:
        return "_" if self.tile.is_blank else f"{self.left}|{self.right}"

    @classmethod
    def parse(cls, text: str) -> "Placed":
        """`6|3` (6 faces left) or `_`; ValueError with a reason otherwise."""
        text = text.strip()
        if text in ("_", "_|_"):
            return cls(BLANK, -1, -1)
        parts = text.split("|")
        if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise ValueError(f"{text!r} is not a laid tile (write left|right, like 6|3)")
        left, right = int(parts[0]), int(parts[1])
        if max(left, right) > 6:
            raise ValueError(f"{text!r} is not a double-six tile")
        return cls(Tile.of(left, right), left, right)


@dataclass(frozen=True)
class LineRules:
    """What a variant changes in a round of line play."""

    blank: bool = False            # tile set: 28 tiles without pips (every tile fits every end)
    hand_size: int = 7
    drawing: bool = True           # a player who cannot play draws until a tile fits
    opening: str = "highest_double"  # or "any": the first player opens with any tile
    extra_for_double: bool = False   # a double earns another play in the same turn
    one_extra: bool = False          # at most one extra play per turn
    score_by: str = "pips"           # round scores: "pips" left in hand or "tiles" left

    @property
    def tiles(self) -> TileSet:
        return BLANK_SET if self.blank else DOUBLE_SIX_SET

    def fits(self, tile: Tile, end: int) -> bool:
        return self.blank or tile.a == end or tile.b == end

    def score(self, hand) -> int:
        return len(hand) if self.score_by == "tiles" else sum(t.value for t in hand)


def laid_tile(line, tile: Tile, end: str) -> Placed:
    """How `tile` lies once played on `end` of `line` (alone when the line is empty)."""
    if not line:
        return Placed(tile, tile.a, tile.b)
    if end == LEFT:
        number = line[0].left
        return Placed(tile, tile.other(number), number)
    number = line[-1].right
    return Placed(tile, number, tile.other(number))


_LAID: dict = {}


def _laid(line, move) -> Placed:
    """`laid_tile` for the engine's own moves, each way a tile lies made once."""
    number = (line[0].left if move._side == 1 else line[-1].right) if line else None
    key = (move, number)
    laid = _LAID.get(key)
    if laid is None:
        laid = _LAID[key] = laid_tile(line, move.tile, move.end)
    return laid


def line_after(line, move) -> tuple[tuple[Placed, ...], int]:
    """The line once the legal tile move `move` is played, and the new tile's index."""
    laid = laid_tile(line, move.tile, move.end)
    if line and move.end == LEFT:
        return (laid, *line), 0
    return (*line, laid), len(line)


def heaviest(tiles) -> Tile:
    """The heaviest tile: highest value, then the higher number."""
    return max(tiles, key=lambda t: (t.value, t.b))


def opening_tile(hands) -> Tile | None:
    """The tile that must open: the highest double held, else the heaviest tile held."""
    held = [t for hand in hands for t in hand]
    if not held:
        return None
    doubles = [t for t in held if t.is_double]
    return max(doubles) if doubles else heaviest(held)


def _opening_bit(held: int) -> int:
    """`opening_tile` on a mask of double-six tiles: the bit of the tile that opens."""
    doubles = held & DOUBLES
    if doubles:
        return 1 << (doubles.bit_length() - 1)
    return next((bit for bit in HEAVIEST_FIRST if held & bit), 0)


def broken_join(line) -> str | None:
    """Why a laid line does not join up end to end, or None when it does."""
    for before, after in zip(line, line[1:]):
        if not before.tile.is_blank and before.right != after.left:
            return (f"{before} and {after} do not join "
                    f"({before.right} next to {after.left})")
    return None


def hands_problem(hands: dict, seats) -> str | None:
    """Why these hands cannot start a round among `seats`, or None when they can."""
    for p, hand in hands.items():
        if p not in seats and hand:
            return f"player {p} is out of the match but holds tiles"
        if p in seats and not hand:
            return f"player {p} has no tiles: that round would be over"
    return None


def wrong_opener(rules: LineRules, hands: dict, seats, to_move: int) -> str | None:
    """Why `to_move` may not open a round with these hands, or None when they may."""
    if rules.opening != "highest_double":
        return None
    required = opening_tile(hands[s] for s in seats)
    if required is None or required in hands[to_move]:
        return None
    return f"player {to_move} cannot open: {required} must open the round"


_BLANKS = (BLANK,) * len(TILES)


class _TileMoves(dict):
    """tiles fitting the left end << 28 | tiles fitting the right end -> the legal tile
    moves (`_tile_moves`): a table filled as hands are met, so a turn's moves are one
    lookup. Random play over 100,000 rounds meets about 60,000 keys; past LIMIT (some
    10 MB) it starts again empty."""

    LIMIT = 1 << 16

    def __missing__(self, key: int) -> tuple:
        if len(self) >= self.LIMIT:
            self.clear()
        moves = self[key] = _tile_moves(key >> 28, key & ALL)
        return moves


class _BlankMoves(dict):
    """The same lookup for blank tiles: any tile on either end."""

    def __missing__(self, key: int) -> tuple:
        return _BLANK_MOVES


_TILE_MOVES, _BLANK_TABLE = _TileMoves(), _BlankMoves()
_AFTER: dict[tuple, tuple] = {}     # seats -> per seat, the seat after it


class LineRound:
    """One round of line play among the `seats` (player indices of the match, in turn order).

    Drawing is done by the engine when a turn begins; `drawn` holds what the player to move
    drew at the start of this turn. The round ends at `domino` (a hand emptied) or `blocked`
    (nobody can play and nothing is left to draw), detected as soon as it happens.

    `_hands[player]` is a mask of elements, `_stock` the bits of the elements of the stock
    as the round began (next draw first). The rest of the state is one tuple, `_state`:
    (player to move, number on the left end, on the right end (both -1 while the line is
    empty, or blank), tiles in the line, tiles the player to move drew this turn, extra
    plays they took this turn, tiles drawn from the stock, then how this state was
    reached: the state before (None at the start of the round), the hand of the player to
    move before they drew, the element played, the move). So the states of a round form a
    chain back to its start: the round's moves are read off it, and undoing a move is
    going back one state.
    """

    __slots__ = ("rules", "seats", "_after", "_extra", "_table", "_hands", "_deal", "_stock",
                 "_state", "start_line", "start_extra", "end_reason", "domino_seat",
                 "_legal", "start_to_move", "set_up", "_derived")

    def __init__(self, rules: LineRules, seats, hands: dict, stock, line=(), to_move=None,
                 extra_plays: int = 0):
        seats = tuple(seats)
        self._setup(rules, seats)
        masks = [0] * (max(seats) + 1)
        if rules.blank:           # identical tiles: number the elements as they come
            count = iter(range(len(_BLANKS)))
            for s in seats:
                masks[s] = sum(BITS[next(count)] for _ in hands[s])
            self._stock = tuple(BITS[next(count)] for _ in stock)
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
        self._turn_begins(to_move, left, right, len(line), 0, extra_plays, None, 0, 0, None)

    def _setup(self, rules: LineRules, seats: tuple) -> None:
        self.rules = rules
        self.seats = seats
        after = _AFTER.get(seats)
        if after is None:
            after = [0] * (max(seats) + 1)
            for i, s in enumerate(seats):
                after[s] = seats[(i + 1) % len(seats)]
            after = _AFTER[seats] = tuple(after)
        self._after = after
        self._extra = rules.extra_for_double
        self._table = _BLANK_TABLE if rules.blank else _TILE_MOVES
        self.start_line = ()
        self.start_extra = 0
        self.end_reason = self.domino_seat = None
        self._legal = None
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
        at = held = 0
        for s in seats:
            masks[s] = hand = sum(order[at:at + size])
            held |= hand
            at += size
        self._deal = tuple(masks)
        self._stock = tuple(order[at:])
        opener = seats[0]
        if rules.blank:
            self._legal = (BLANK_OPENING,)
        elif rules.opening == "highest_double":
            opening = _opening_bit(held)
            for opener in seats:
                if masks[opener] & opening:
                    break
            self._legal = (OPENINGS[opening.bit_length() - 1],)
        self.start_to_move = opener
        self.set_up = False
        # The opener holds a tile and plays it: no draws to make.
        self._state = (opener, -1, -1, 0, 0, 0, 0, None, 0, 0, None)
        return self

    # ---- reading the state -------------------------------------------------------
    @property
    def current(self) -> int | None:
        return None if self.end_reason else self._state[0]

    @property
    def turn(self) -> int:
        """The index in `seats` of the player to move (or who ended the round)."""
        return self.seats.index(self._state[0])

    @property
    def extra_plays(self) -> int:
        """Extra plays the player to move has taken this turn."""
        return self._state[5]

    @property
    def ends(self) -> tuple[int, int] | None:
        state = self._state
        return (state[1], state[2]) if state[3] else None

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
        return [elements[bit.bit_length() - 1] for bit in self._stock[self._state[6]:]]

    @property
    def boneyard(self) -> int:
        return len(self._stock) - self._state[6]

    @property
    def drawn_count(self) -> int:
        return self._state[4]

    @property
    def drawn(self) -> list[Tile]:
        """The tiles the player to move drew at the start of this turn."""
        elements, state = self._elements, self._state
        return [elements[bit.bit_length() - 1]
                for bit in self._stock[state[6] - state[4]:state[6]]]

    def states(self) -> list[tuple]:
        """The state after each move of the round, oldest first."""
        states, state = [], self._state
        while state[7] is not None:
            states.append(state)
            state = state[7]
        states.reverse()
        return states

    @property
    def moves(self) -> list[tuple[int, LineMove, int]]:
        """(seat, move, tiles drawn before it) of every move of the round."""
        return [(after[7][0], after[10], after[7][4]) for after in self.states()]

    @property
    def moves_made(self) -> int:
        count, state = 0, self._state
        while state[7] is not None:
            count, state = count + 1, state[7]
        return count

    def _derive(self) -> tuple:
        """(line, lacks) as of this state: the line as laid tiles, and per seat the numbers
        they showed they lacked (by drawing or passing on them). Worked out from the moves
        of the round, or from what was worked out one move before; kept until the state
        changes."""
        state = self._state
        cached = self._derived
        if cached is not None and cached[0] is state:
            return cached[1]
        if cached is not None and cached[0] is state[7]:
            line, lacks = cached[1]
            lacks = dict(lacks)
            states = (state,)
        else:
            line, lacks = self.start_line, dict.fromkeys(self.seats, frozenset())
            states = self.states()
        for after in states:
            before, move = after[7], after[10]
            if line and (before[4] or move.is_pass):
                lacks[before[0]] = lacks[before[0]].union(before[1:3])
            if not move.is_pass:
                laid = _laid(line, move)
                line = (laid, *line) if move._side == 1 and line else (*line, laid)
        if state[4] and self.end_reason != "domino":       # drew this turn
            lacks[state[0]] = lacks[state[0]].union(state[1:3])
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
        if self._state[3] or self.rules.opening != "highest_double":
            return None
        return opening_tile(self.hand_tiles(s) for s in self.seats)

    def _opener(self) -> int:
        if self.rules.opening != "highest_double":
            return self.seats[0]
        tile = opening_tile(self.hand_tiles(s) for s in self.seats)
        return next((s for s in self.seats if tile in self.hand_tiles(s)), self.seats[0])

    def can_play(self, seat: int) -> bool:
        state = self._state
        return bool(self._hands[seat] & (NUMBER_MASK[state[1]] | NUMBER_MASK[state[2]]))

    def legal_moves(self) -> list[LineMove]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> tuple:
        """Moves in canonical text order: tiles in canonical order, L before R."""
        if self.end_reason:
            return ()
        seat, left, right, count = self._state[:4]
        hand = self._hands[seat]
        if not count:
            if self.rules.blank:
                return (BLANK_OPENING,)
            if self.rules.opening == "highest_double":
                held = 0
                for s in self.seats:
                    held |= self._hands[s]
                opening = _opening_bit(held)
                if opening:
                    return (OPENINGS[opening.bit_length() - 1],)
            return tuple(OPENINGS[i] for i in bits_of(hand))
        on_left, on_right = hand & NUMBER_MASK[left], hand & NUMBER_MASK[right]
        if on_left | on_right:
            return self._table[on_left << 28 | on_right]
        return _ONLY_PASS

    def illegal_reason(self, move: LineMove) -> str | None:
        if move in self.legal_moves():
            return None
        if self.end_reason:
            return "the round is over"
        if move.is_pass:        # a pass is legal only when it is the one legal move
            return "you have a playable tile, so you cannot pass"
        tile = move.tile
        seat, left, right, count = self._state[:4]
        if tile not in self.hand_tiles(seat):
            return f"{tile} is not in your hand"
        if not count:
            if move.end:
                return f"the first tile is played alone: write {tile}"
            required = self.required_opening()
            if required and tile != required:
                if required.is_double:
                    return f"you must open with the highest double {required}"
                return f"nobody holds a double, so you must open with the heaviest tile {required}"
            return None
        if not move.end:
            return f"say which end: {tile}L or {tile}R"
        side, number = ("left", left) if move.end == LEFT else ("right", right)
        if not self.rules.fits(tile, number):
            numbers = f"{tile.a}" if tile.is_double else f"neither {tile.b} nor {tile.a}"
            verb = "does not match" if tile.is_double else "matches"
            return f"{numbers} {verb} the {side} end {number}"
        return None

    # ---- changing the state ------------------------------------------------------
    def apply(self, move: LineMove) -> None:
        """Play `move` (IllegalMoveError, and no change, when it is not legal)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if move not in legal:
            raise IllegalMoveError(move, self.illegal_reason(move) or "not a legal move now")
        self._play(move if move.__class__ is LineMove else PASS)

    def _play(self, move) -> bool:
        """Play the legal `move` (a LineMove, or PASS itself); True when it ends the round."""
        state = self._state
        seat, left, right, count, drawn, extra, ptr, _, _, _, _ = state
        hands = self._hands
        if move is PASS:
            bit = 0
        else:
            hand = hands[seat]
            bit = move._bit or hand & -hand         # a blank move plays any element held
            hands[seat] = hand = hand ^ bit
            side = move._side
            if side == 1:
                left = move._sum - left
            elif side == 2:
                right = move._sum - right
            else:
                left, right = move.tile.a, move.tile.b
            count += 1
            if not hand:
                self._state = (seat, left, right, count, drawn, extra, ptr, state, 0, bit, move)
                self.end_reason, self.domino_seat = "domino", seat
                self._legal = ()
                return True
            if (self._extra and move._double
                    and hand & (NUMBER_MASK[left] | NUMBER_MASK[right])
                    and not (self.rules.one_extra and extra)):     # another play
                self._state = (seat, left, right, count, 0, extra + 1, ptr, state, 0, bit, move)
                self._legal = None
                return False
        # The next player's turn begins.
        nxt = self._after[seat]
        before = hands[nxt]
        on_left, on_right = before & NUMBER_MASK[left], before & NUMBER_MASK[right]
        if on_left | on_right:
            self._state = (nxt, left, right, count, 0, 0, ptr, state, before, bit, move)
            self._legal = self._table[on_left << 28 | on_right]
            return False
        return self._turn_begins(nxt, left, right, count, ptr, 0, state, before, bit, move)

    def _turn_begins(self, seat: int, left: int, right: int, count: int, ptr: int,
                     extra: int, before_state, before_hand: int, bit: int, move) -> bool:
        """`seat` begins a turn: automatic draws while they cannot play, then the
        blocked-round check. Sets the state; True when the round is blocked."""
        hands = self._hands
        fits = NUMBER_MASK[left] | NUMBER_MASK[right]
        hand = hands[seat]
        drawn = 0
        self._legal = None
        if not hand & fits:
            stock = self._stock
            if self.rules.drawing and ptr < len(stock) and count:
                start = ptr
                while ptr < len(stock):
                    element = stock[ptr]
                    ptr += 1
                    hand |= element
                    if element & fits:
                        break
                hands[seat] = hand
                drawn = ptr - start
            if not hand & fits:
                self._legal = _ONLY_PASS
                for s in self.seats:
                    if hands[s] & fits:
                        break
                else:
                    self.end_reason = "blocked"
                    self._legal = ()
        self._state = (seat, left, right, count, drawn, extra, ptr, before_state,
                       before_hand, bit, move)
        return self.end_reason is not None

    def undo(self):
        """Take back the last move of the round and return it; IndexError if there is none."""
        after = self._state
        before = after[7]
        if before is None:
            raise IndexError("no move to take back in this round")
        if after[6] != before[6]:       # the player to move drew: give the tiles back
            self._hands[after[0]] = after[8]
        if after[9]:
            self._hands[before[0]] |= after[9]
        self._state = before
        self.end_reason = self.domino_seat = None
        self._legal = None
        return after[10]

    # ---- results and records -----------------------------------------------------
    def hands_left(self, players: int) -> tuple[tuple[Tile, ...], ...]:
        """Per player, the tiles held (() for players not in the round)."""
        if not self.rules.blank and len(self._hands) == players:
            return tuple(map(hand_tiles, self._hands))
        return tuple(self.hand_tiles(p) for p in range(players))

    def scores(self, players: int) -> list[int]:
        """What each player adds for this round (0 for players not in it)."""
        hands = self._hands
        count = int.bit_count if self.rules.score_by == "tiles" or self.rules.blank else hand_pips
        if len(hands) == players:           # players out of the round hold nothing
            return list(map(count, hands))
        result = [0] * players
        for s in self.seats:
            result[s] = count(hands[s])
        return result

    def record(self, players: int) -> dict:
        """This round in the RULES.md record form (deal, moves, result when over)."""
        elements = self._elements
        deal = self._deal
        hands = [[str(t) for t in (hand_tiles(deal[s]) if not self.rules.blank
                                   else (BLANK,) * deal[s].bit_count())]
                 if s in self.seats else [] for s in range(players)]
        stock = [str(elements[bit.bit_length() - 1]) for bit in self._stock]
        result = {"deal": {"hands": hands, "stock": stock},
                  "moves": [{"player": s, "move": str(m)} for s, m, _ in self.moves]}
        if self.set_up:
            result["start"] = {"line": [str(p) for p in self.start_line],
                               "to_move": self.start_to_move}
            if self.start_extra:
                result["start"]["extra_plays"] = self.start_extra
        if self.end_reason:
            result["result"] = {"scores": self.scores(players), "reason": self.end_reason}
        return result

    @classmethod
    def from_record(cls, rules: LineRules, seats, data: dict, players: int) -> "LineRound":
        """The round as dealt in `data` (moves not applied); ValueError when malformed."""
        deal = data["deal"]
        hands = {s: [Tile.parse(t) for t in deal["hands"][s]] for s in range(players)}
        stock = [Tile.parse(t) for t in deal["stock"]]
        start = data.get("start") or {}
        line = [Placed.parse(p) for p in start.get("line", [])]
        problem = rules.tiles.miscount(
            [("hands", [t for h in hands.values() for t in h]), ("stock", stock),
             ("line", [p.tile for p in line])])
        if problem:
            raise ValueError(f"the deal does not hold every tile of the set once: "
                             f"{problem.message}")
        to_move = start.get("to_move")
        if to_move is not None and to_move not in seats:
            raise ValueError(f"to_move {to_move!r} is not a player in the round")
        problem = hands_problem(hands, seats) or broken_join(line) or (
            None if line or to_move is None else wrong_opener(rules, hands, seats, to_move))
        if problem:
            raise ValueError(problem)
        return cls(rules, seats, hands, stock, line, to_move, start.get("extra_plays", 0))


@dataclass(frozen=True)
class LineView(View):
    """What one player sees of a line game: a snapshot that later moves do not change."""

    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard: int
    line: tuple[Placed, ...]
    ends: tuple[int, int] | None
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]
    round_number: int
    history: tuple[tuple[int, str, int], ...]   # (player, move text, tiles drawn before it)
    drawn_this_turn: int                        # how many tiles the player to move drew
    drawn_tiles: tuple[Tile, ...]               # those tiles, only in the drawer's own view
    known_missing: tuple[frozenset, ...]        # numbers each player showed they lacked
    limit: int

    def next_player(self) -> int:
        """The player who moves after this view's player (skipping players who are out)."""
        seats = [p for p in range(self.players) if p not in self.eliminated]
        if self.player not in seats:
            return self.player
        return seats[(seats.index(self.player) + 1) % len(seats)]


def make_view(variant: str, rnd: LineRound, player: int, players: int, totals, eliminated,
              round_number: int, limit: int) -> LineView:
    current = rnd.current
    own_turn = current == player
    line, lacks = rnd._derive()
    none = frozenset()
    return LineView(
        variant=variant, player=player, players=players, current_player=current,
        hand=rnd.hand_tiles(player),
        hand_sizes=tuple(rnd.hand_size(p) for p in range(players)),
        boneyard=rnd.boneyard, line=line, ends=rnd.ends,
        totals=tuple(totals), eliminated=tuple(eliminated), round_number=round_number,
        history=tuple((seat, str(move), drawn) for seat, move, drawn in rnd.moves),
        drawn_this_turn=rnd.drawn_count, drawn_tiles=tuple(rnd.drawn) if own_turn else (),
        known_missing=tuple(lacks.get(p, none) for p in range(players)),
        limit=limit, moves=tuple(rnd.legal_moves()) if own_turn else ())
