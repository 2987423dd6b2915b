"""The line-of-play engine shared by classic draw dominoes and blank tiles.

One `LineRound` plays one round (hand): tiles go on the two open ends of a single line.
What differs between the variants is a `LineRules` value (tile set, drawing, opening
rule, extra plays, scoring); the match rules around a round live in classic.py and
blank.py. Undo is by snapshots: `snapshot()` before a move, `restore()` to take it back.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core import BLANK, PASS, IllegalMoveError, Move, PassMove, Tile, View
from ..tiles import BLANK_SET, DOUBLE_SIX_SET, TileSet

LEFT, RIGHT = "L", "R"
_MOVE_HELP = "write a tile (3-5), a tile and an end (3-5L, 3-5R, _L) or pass"


@dataclass(frozen=True)
class LineMove(Move):
    """A tile played alone (the opening) or on the left/right end (a pass is PASS)."""

    tile: Tile
    end: str = ""           # "" for the opening tile, else "L" or "R"

    def __str__(self) -> str:
        return f"{self.tile}{self.end}"

    def __repr__(self) -> str:
        return f"LineMove.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "LineMove | PassMove":
        """`6-6`, `3-6R`, `0-3L`, `_L`, `pass` -> a move; IllegalMoveError when malformed."""
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


PASS_MOVE = PASS


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


def line_after(line, move) -> tuple[tuple[Placed, ...], int]:
    """The line once the legal tile move `move` is played, and the new tile's index."""
    laid = laid_tile(line, move.tile, move.end)
    if line and move.end == LEFT:
        return (laid, *line), 0
    return (*line, laid), len(line)


def _tile_order(tile: Tile) -> tuple[int, int]:
    """Sort key of tiles in canonical order (faster than comparing Tile objects)."""
    return tile.a, tile.b


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


class LineRound:
    """One round of line play among the `seats` (player indices of the match, in turn order).

    Drawing is done by the engine when a turn begins; `drawn` holds what the player to move
    drew at the start of this turn. The round ends at `domino` (a hand emptied) or `blocked`
    (nobody can play and nothing is left to draw), detected as soon as it happens.
    """

    def __init__(self, rules: LineRules, seats, hands: dict, stock, line=(), to_move=None,
                 extra_plays: int = 0):
        self.rules = rules
        self.seats = tuple(seats)
        self.hands: dict[int, list[Tile]] = {s: sorted(hands[s], key=_tile_order)
                                             for s in self.seats}
        self.stock: list[Tile] = list(stock)
        self.line: list[Placed] = list(line)
        self.start_line = tuple(self.line)
        self.deal_hands = {s: tuple(self.hands[s]) for s in self.seats}
        self.deal_stock = tuple(self.stock)
        self.moves: list[tuple[int, LineMove, int]] = []   # (seat, move, tiles drawn before it)
        self.drawn: list[Tile] = []
        self.extra_plays = self.start_extra = extra_plays   # extra plays taken this turn
        self.lacks: dict[int, frozenset] = {s: frozenset() for s in self.seats}
        self.end_reason: str | None = None
        self.domino_seat: int | None = None
        self._legal: list[LineMove] | None = None
        usual = self._opener() if not self.line else self.seats[0]
        to_move = usual if to_move is None else to_move
        self.start_to_move = to_move
        # A round set up from a position: the record must say how it starts.
        self.set_up = bool(self.line) or to_move != usual
        self.turn = self.seats.index(to_move)
        self._begin_turn()

    # ---- reading the state -------------------------------------------------------
    @property
    def current(self) -> int | None:
        return None if self.end_reason else self.seats[self.turn]

    @property
    def ends(self) -> tuple[int, int] | None:
        return (self.line[0].left, self.line[-1].right) if self.line else None

    def required_opening(self) -> Tile | None:
        if self.line or self.rules.opening != "highest_double":
            return None
        return opening_tile(self.hands.values())

    def _opener(self) -> int:
        if self.rules.opening != "highest_double":
            return self.seats[0]
        tile = opening_tile(self.hands.values())
        return next((s for s in self.seats if tile in self.hands[s]), self.seats[0])

    def can_play(self, seat: int) -> bool:
        hand = self.hands[seat]
        if not self.line or self.rules.blank:
            return bool(hand)
        left, right = self.line[0].left, self.line[-1].right
        for t in hand:
            if t.a == left or t.b == left or t.a == right or t.b == right:
                return True
        return False

    def legal_moves(self) -> list[LineMove]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[LineMove]:
        """Moves in canonical text order: hands are kept sorted, L comes before R."""
        if self.end_reason:
            return []
        hand = self.hands[self.current]
        if not self.line:
            required = self.required_opening()
            tiles = {required} if required else set(hand)
            return [LineMove(t) for t in sorted(tiles, key=_tile_order)]
        if self.rules.blank:
            return [LineMove(BLANK, LEFT), LineMove(BLANK, RIGHT)]
        left, right = self.line[0].left, self.line[-1].right
        moves = []
        for t in hand:
            if t.a == left or t.b == left:
                moves.append(LineMove(t, LEFT))
            if t.a == right or t.b == right:
                moves.append(LineMove(t, RIGHT))
        return moves or [PASS_MOVE]

    def illegal_reason(self, move: LineMove) -> str | None:
        if move in self.legal_moves():
            return None
        if self.end_reason:
            return "the round is over"
        if move.is_pass:        # a pass is legal only when it is the one legal move
            return "you have a playable tile, so you cannot pass"
        tile = move.tile
        if tile not in self.hands[self.current]:
            return f"{tile} is not in your hand"
        if not self.line:
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
        side, number = ("left", self.ends[0]) if move.end == LEFT else ("right", self.ends[1])
        if not self.rules.fits(tile, number):
            numbers = f"{tile.a}" if tile.is_double else f"neither {tile.b} nor {tile.a}"
            verb = "does not match" if tile.is_double else "matches"
            return f"{numbers} {verb} the {side} end {number}"
        return None

    # ---- changing the state ------------------------------------------------------
    def apply(self, move: LineMove) -> None:
        reason = self.illegal_reason(move)
        if reason:
            raise IllegalMoveError(move, reason)
        seat = self.current
        self.moves.append((seat, move, len(self.drawn)))
        self._legal = None
        if move.is_pass:
            if self.line:
                self.lacks[seat] = self.lacks[seat] | set(self.ends)
            self._next_turn()
            return
        tile = move.tile
        self.hands[seat].remove(tile)
        self._place(tile, move.end)
        if not self.hands[seat]:
            self.end_reason, self.domino_seat = "domino", seat
            return
        rules = self.rules
        if (rules.extra_for_double and tile.is_double and self.can_play(seat)
                and not (rules.one_extra and self.extra_plays)):
            self.extra_plays += 1
            self.drawn = []
            return
        self._next_turn()

    def _place(self, tile: Tile, end: str) -> None:
        laid = laid_tile(self.line, tile, end)
        if end == LEFT:
            self.line.insert(0, laid)
        else:
            self.line.append(laid)

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.seats)
        self.extra_plays = 0
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Automatic draws for the player to move, then the blocked-round check."""
        self.drawn = []
        seat = self.seats[self.turn]
        if self.can_play(seat):
            return
        if self.rules.drawing and self.stock and self.line:
            self.lacks[seat] = self.lacks[seat] | set(self.ends)
            while self.stock:
                tile = self.stock.pop(0)
                self.hands[seat].append(tile)
                self.drawn.append(tile)
                if self.can_play(seat):
                    break
            self.hands[seat].sort(key=_tile_order)
            if self.can_play(seat):
                return
        if not any(self.can_play(s) for s in self.seats):
            self.end_reason = "blocked"

    def snapshot(self) -> tuple:
        return ({s: h[:] for s, h in self.hands.items()}, self.stock[:], self.line[:],
                len(self.moves), self.turn, self.drawn[:], self.extra_plays,
                dict(self.lacks), self.end_reason, self.domino_seat)

    def restore(self, snap: tuple) -> None:
        """Go back to `snap`, which this takes over: restore each snapshot at most once."""
        (self.hands, self.stock, self.line, n_moves, self.turn, self.drawn, self.extra_plays,
         self.lacks, self.end_reason, self.domino_seat) = snap
        del self.moves[n_moves:]
        self._legal = None

    # ---- results and records -----------------------------------------------------
    def scores(self, players: int) -> list[int]:
        """What each player adds for this round (0 for players not in it)."""
        result = [0] * players
        for s in self.seats:
            result[s] = self.rules.score(self.hands[s])
        return result

    def record(self, players: int) -> dict:
        """This round in the RULES.md record form (deal, moves, result when over)."""
        hands = [[str(t) for t in self.deal_hands.get(s, ())] for s in range(players)]
        result = {"deal": {"hands": hands, "stock": [str(t) for t in self.deal_stock]},
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
    return LineView(
        variant=variant, player=player, players=players, current_player=current,
        hand=tuple(rnd.hands.get(player, ())),
        hand_sizes=tuple(len(rnd.hands.get(p, ())) for p in range(players)),
        boneyard=len(rnd.stock), line=tuple(rnd.line), ends=rnd.ends,
        totals=tuple(totals), eliminated=tuple(eliminated), round_number=round_number,
        history=tuple((s, str(m), d) for s, m, d in rnd.moves),
        drawn_this_turn=len(rnd.drawn), drawn_tiles=tuple(rnd.drawn) if own_turn else (),
        known_missing=tuple(rnd.lacks.get(p, frozenset()) for p in range(players)),
        limit=limit, moves=tuple(rnd.legal_moves()) if own_turn else ())
