"""Packs, open-board game 22: turn up the top element of your own face-down pack and place
it on the board, touching your own elements with equal numbers; bring as many as you can
onto your opponent's half (RULES.md section 5, game 22).

Placements are written `3-5@c2`: the number at the element's south end, the number at its
north end, its square. With `across` the board is played turned a quarter: elements lie
along the ranks (the first number at the west end), touch along the ranks, and the home
lines are file a (south player) and file h (north player); the halves are files a-d and
e-h. Everything else is the same, so the rules below speak of a "line": ahead is north
(across: east).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property

from ..core import PASS, DominoError, IllegalMoveError, Tile, View
from ..options import Option
from ..tiles import OPEN_BOARD_SET
from .game import ElementGame
from .moves import TextMove, read_move
from .board import SHAPE, SIZE, Element
from .shifting import grid_lines, parse_grid, parse_square, square_name

RULES_TEXT = """\
Packs is played by two players on an empty 8x8 board. Each has a whole set of 32 \
elements (the 28 tiles and a second 0-0, 2-2, 4-4 and 6-6), shuffled into a face-down \
pack beside the board.

On your turn the top element of your pack is turned up and you place it on an empty \
square, standing along the file, either way round (you choose which number points \
north). On your home rank (rank 1 for the south player, rank 8 for the north player) it \
may go anywhere, whatever it touches. Anywhere else it must touch at least one of your \
own elements, and every number it touches must be equal to the number it faces.

Two elements touch only when they stand one behind the other on the same file. An \
opponent's element touched with an equal number is removed. An element that cannot be \
placed anywhere is set aside for good (the turn is a pass).

When both packs are used up, the player with more elements on the opponent's half of the \
board (ranks 5-8 for the south player, 1-4 for the north player) wins; equal is a draw. \
The score is those elements.

Option across: the board is played turned a quarter. Elements lie along the ranks and \
touch only along the ranks; the home lines are file a (south player) and file h (north \
player), the halves files a-d and e-h. A placement names the west number first."""

_MOVE = re.compile(r"([0-6])-([0-6])@([a-z][0-9]+)")
FORM = "a placement is the turned-up element's numbers and a square, like 3-5@c2 (the " \
       "south number first), or pass"
PACK = len(OPEN_BOARD_SET)
# `hands` are the two face-down packs (top first); `stock` may be given, always empty (the
# game has no common stock), so that tools that move hidden elements between the hands and
# a stock read these files like the other variants' ones.
POSITION_KEYS = ("variant", "to_move", "removed", "board", "hands", "stock", "set_aside",
                 "options")


@dataclass(frozen=True, repr=False)
class PlaceMove(TextMove):
    low: int            # the south (across: west) number
    high: int           # the north (across: east) number
    square: int
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "text", f"{self.low}-{self.high}@{square_name(self.square)}")

    @property
    def tile(self) -> Tile:
        return Tile.of(self.low, self.high)



def parse_place_move(text):
    match = read_move(text, PlaceMove, _MOVE, FORM)
    if not isinstance(match, re.Match):
        return match
    try:
        square = parse_square(match.group(3))
    except ValueError as exc:
        raise IllegalMoveError(text, str(exc)) from None
    return PlaceMove(int(match.group(1)), int(match.group(2)), square)


class PacksGame(ElementGame):
    variant = "open22"
    title = "Packs"
    rules_text = RULES_TEXT
    cant_pass = "you cannot pass: the turned-up element can be placed"
    min_players = max_players = 2
    options_declared = (
        Option("across", False, "play across the board: elements lie and touch along the ranks"),
    )

    def __init__(self, options: dict, seed, packs, cells=None, to_move: int = 0,
                 captures=(0, 0), set_aside=((), ()), removed=None):
        self.players = 2
        self.options = options
        self.seed = seed
        self.across = bool(options["across"])
        self.packs = [list(p) for p in packs]           # top first, every element of the deal
        self.turned = [0, 0]                            # elements each has turned up so far
        self.cells = list(cells) if cells is not None else [None] * SHAPE.size
        self.to_move = to_move
        self.captures = list(captures)
        self.set_aside = [list(a) for a in set_aside]
        # per player their elements the opponent removed (tiles), when known
        self.removed = [list(r) for r in removed] if removed is not None else [[], []]
        self._cache = None
        self._stack = []
        self.start: dict = {}

    @property
    def tiles(self):
        return OPEN_BOARD_SET

    # ---- geometry: the line ahead (north, across: east) ------------------------------------
    def line_of(self, square: int) -> int:
        """How far along the line of play `square` lies: its rank (across: its file)."""
        return square % SIZE if self.across else square // SIZE

    def ahead(self, square: int):
        if self.across:
            return square + 1 if square % SIZE < SIZE - 1 else None
        return square + SIZE if square < SHAPE.size - SIZE else None

    def behind(self, square: int):
        if self.across:
            return square - 1 if square % SIZE else None
        return square - SIZE if square >= SIZE else None

    def on_home(self, owner: int, square: int) -> bool:
        return self.line_of(square) == (0 if owner == 0 else SIZE - 1)

    def on_far_half(self, owner: int, square: int) -> bool:
        return (self.line_of(square) >= SIZE // 2) == (owner == 0)

    def far_counts(self) -> tuple[int, int]:
        counts = [0, 0]
        for square, element in enumerate(self.cells):
            if element is not None and self.on_far_half(element.owner, square):
                counts[element.owner] += 1
        return tuple(counts)

    # ---- creating ----------------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: dict | None = None):
        import random
        cls.require_players(players)
        options = cls.resolve(options)
        rng = random.Random(seed)
        packs = [OPEN_BOARD_SET.shuffled(rng), OPEN_BOARD_SET.shuffled(rng)]
        game = cls(options, seed, packs)
        game.start = {"deal": {"packs": [[str(t) for t in p] for p in packs]}}
        return game

    @classmethod
    def from_record_start(cls, record: dict):
        cls.require_players(record.get("players"))
        options = cls.resolve(record.get("options"))
        deal = record.get("deal")
        packs = deal.get("packs") if isinstance(deal, dict) else None
        if not isinstance(packs, list) or len(packs) != 2:
            raise DominoError("a record of this game needs deal.packs: one list of elements "
                              "per player, top first")
        parsed = [_tiles(p, "deal.packs") for p in packs]
        position = record.get("position")
        if position is None:
            for owner, pack in enumerate(parsed):
                miss = OPEN_BOARD_SET.miscount([(f"pack {owner}", pack)])
                if miss:
                    raise DominoError(f"bad deal: pack {owner}: {miss.message}")
            game = cls(options, record.get("seed"), parsed)
        else:
            if not isinstance(position, dict):
                raise DominoError("the record's position must be a table")
            game = cls._at_position(options, parsed, position, DominoError)
        game.start = {"deal": {"packs": [[str(t) for t in p] for p in parsed]}}
        if position is not None:
            game.start["position"] = position
        return game

    @classmethod
    def _at_position(cls, options, packs, values: dict, error):
        from .board import parse_element
        cells = [None] * SHAPE.size
        for text in values.get("board", []):
            try:
                square, element = parse_element(text)
            except ValueError as exc:
                raise error(f"bad position: {exc}") from None
            cells[square] = element
        aside = [_tiles(a, "set_aside") for a in values.get("set_aside", [[], []])]
        removed = [_tiles(r, "removed") for r in values.get("removed", [[], []])]
        if len(aside) != 2 or len(removed) != 2:
            raise error("bad position: set_aside and removed hold one list per player")
        game = cls(options, None, packs, cells, values.get("to_move", 0),
                   [len(removed[1]), len(removed[0])], aside, removed)
        trouble = game._accounting()
        if trouble:
            raise error(f"bad position: {trouble}")
        return game

    def _accounting(self) -> str | None:
        if self.to_move not in (0, 1) or isinstance(self.to_move, bool):
            return "to_move must be 0 (the south player) or 1 (the north player)"
        on_board = [0, 0]
        for element in self.cells:
            if element is not None:
                on_board[element.owner] += 1
        left = [len(p) for p in self.packs]
        if left[1] - left[0] != self.to_move:
            return "the packs must hold as many elements each, one more for the south " \
                   "player when it is the north player's turn"
        for owner in (0, 1):
            whole = [e.tile for e in self.cells if e is not None and e.owner == owner]
            miss = OPEN_BOARD_SET.miscount([("board", whole), ("removed", self.removed[owner]),
                                            ("set_aside", self.set_aside[owner]),
                                            ("hands", self.packs[owner])])
            if miss:
                return f"player {owner}: {miss.message}"
            used = on_board[owner] + self.captures[1 - owner] + len(self.set_aside[owner])
            if used + left[owner] != PACK:
                return f"player {owner}'s elements on the board, removed, set aside and in " \
                       f"the pack make {used + left[owner]}, not {PACK}"
        return None

    def position_values(self) -> dict:
        return {"to_move": self.to_move,
                "removed": [[str(t) for t in r] for r in self.removed],
                "board": self.board_texts(),
                "set_aside": [[str(t) for t in a] for a in self.set_aside]}

    def board_texts(self) -> list[str]:
        return [e.text(square_name(s)) for s, e in enumerate(self.cells) if e is not None]

    @classmethod
    def from_position(cls, data, path: str = "<position>"):
        toml, options = cls.open_position(data, path, POSITION_KEYS)
        grid, _ = parse_grid(toml)
        if any(len(stack) > 1 for stack in grid):
            raise toml.error("board", "one element to a square in this game")
        texts = [stack[0].text(square_name(s)) for s, stack in enumerate(grid) if stack]
        packs = toml.get("hands", list)
        if toml.get("stock", list, []):
            raise toml.error("stock", "there is no common stock in this game: stock = []")

        def complain(message):
            return toml.error("hands", message)
        try:
            parsed = [_tiles(p, "hands") for p in packs] if len(packs) == 2 else None
        except DominoError as exc:
            raise complain(str(exc)) from None
        if parsed is None:
            raise complain("hands must be two lists of elements (each player's face-down "
                           "pack), top first")
        values = {"to_move": toml.get("to_move", int, 0), "board": texts,
                  "removed": toml.get("removed", list, [[], []]),
                  "set_aside": toml.get("set_aside", list, [[], []])}
        game = cls._at_position(options, parsed, values, complain)
        if game.outcome() is not None:
            raise toml.error("hands", "both packs are used up: the game is over here")
        game.start = {"deal": {"packs": [[str(t) for t in p] for p in parsed]},
                      "position": values}
        return game

    def position_text(self) -> str:
        if self.is_over():
            raise DominoError("the game is over: there is no position to write")
        packs = [[str(t) for t in self.packs[o][self.turned[o]:]] for o in (0, 1)]
        cells = [(e,) if e is not None else () for e in self.cells]
        lines = [f"variant = {json.dumps(self.variant)}", f"to_move = {self.to_move}",
                 f"removed = {json.dumps([[str(t) for t in r] for r in self.removed])}",
                 f"hands = {json.dumps(packs)}",
                 f"set_aside = {json.dumps([[str(t) for t in a] for a in self.set_aside])}",
                 'board = """', *grid_lines(cells, False), '"""', "", "[options]"]
        lines += [f"{k} = {json.dumps(v)}" for k, v in self.options.items()]
        return "\n".join(lines) + "\n"

    # ---- the rules ---------------------------------------------------------------------
    def turned_up(self) -> Tile | None:
        """The element the player to move has turned up (None when the packs are used up)."""
        pack, at = self.packs[self.to_move], self.turned[self.to_move]
        return pack[at] if at < len(pack) else None

    def contacts(self, square: int, element: Element):
        """(allowed, opponent squares it captures): allowed on the home line whatever it
        touches, elsewhere only touching an own element with every touching number equal."""
        cells, own, equal, taken = self.cells, False, True, []
        for neighbour, facing, mine in ((self.ahead(square), "south", element.north),
                                        (self.behind(square), "north", element.south)):
            if neighbour is None or cells[neighbour] is None:
                continue
            other = cells[neighbour]
            if getattr(other, facing) != mine:
                equal = False
            elif other.owner == element.owner:
                own = True
            else:
                taken.append(neighbour)
        allowed = self.on_home(element.owner, square) or (own and equal)
        return allowed, taken

    def _position(self):
        if self._cache is None:
            moves, end = [], None
            tile = self.turned_up()
            if tile is None:
                far = self.far_counts()
                end = (None if far[0] == far[1] else (0 if far[0] > far[1] else 1), "packs")
            else:
                me = self.to_move
                ways = {(tile.a, tile.b), (tile.b, tile.a)}
                for low, high in ways:
                    element = Element(me, low, high)
                    for square in range(SHAPE.size):
                        if self.cells[square] is None and self.contacts(square, element)[0]:
                            moves.append(PlaceMove(low, high, square))
                moves.sort(key=lambda m: m.text)
            self._cache = (moves, end)
        return self._cache

    def parse_move(self, text):
        return parse_place_move(text)

    def refusal(self, move: PlaceMove) -> str:
        tile = self.turned_up()
        if move.tile != tile:
            return f"you turned up {tile}: place that element"
        if self.cells[move.square] is not None:
            return f"{square_name(move.square)} is taken"
        element = Element(self.to_move, move.low, move.high)
        for neighbour, facing, mine in ((self.ahead(move.square), "south", element.north),
                                        (self.behind(move.square), "north", element.south)):
            other = None if neighbour is None else self.cells[neighbour]
            if other is not None and getattr(other, facing) != mine:
                return f"its {mine} would touch the {getattr(other, facing)} of the element " \
                       f"on {square_name(neighbour)}: off your home line every touching " \
                       "number must be equal"
        line = ("file a" if self.to_move == 0 else "file h") if self.across else \
               ("rank 1" if self.to_move == 0 else "rank 8")
        return f"off your home line ({line}) it must touch one of your own elements"

    def _push(self, move):
        player = self.to_move
        tile = self.turned_up()
        self.turned[player] += 1
        captured = ()
        if move is PASS:
            self.set_aside[player].append(tile)
        else:
            element = Element(player, move.low, move.high)
            taken = self.contacts(move.square, element)[1]
            captured = tuple((s, self.cells[s]) for s in taken)
            for s in taken:
                self.cells[s] = None
            self.removed[1 - player].extend(e.tile for _, e in captured)
            self.cells[move.square] = element
            self.captures[player] += len(captured)
        self.to_move = 1 - player
        self._cache = None
        return captured

    def _pop(self, move, captured) -> None:
        self.to_move = player = 1 - self.to_move
        self.turned[player] -= 1
        if move is PASS:
            self.set_aside[player].pop()
        else:
            self.cells[move.square] = None
            for square, element in captured:
                self.cells[square] = element
            if captured:
                del self.removed[1 - player][-len(captured):]
            self.captures[player] -= len(captured)
        self._cache = None

    def scores(self) -> tuple[int, int]:
        return self.far_counts()

    def last_capture(self) -> tuple:
        return self._stack[-1][2] if self._stack else ()

    # ---- views, records --------------------------------------------------------------------
    def view(self, player: int):
        return view_of(self, player)

    def secret_tiles(self, player: int) -> tuple:
        return ()               # nobody sees the face-down packs, not even their owners

    @staticmethod
    def heuristic(view, move) -> float:
        return rate(view, view.player, parse_place_move(move))

    def clone(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.cells = list(self.cells)
        other.captures = list(self.captures)
        other.turned = list(self.turned)
        other.set_aside = [list(a) for a in self.set_aside]
        other.removed = [list(r) for r in self.removed]
        other._stack = list(self._stack)
        other._cache = None
        return other


def _tiles(items, where: str) -> list[Tile]:
    if not isinstance(items, list):
        raise DominoError(f"{where}: a list of elements like \"3-5\"")
    try:
        return [Tile.parse(str(t)) for t in items]
    except (ValueError, DominoError) as exc:
        raise DominoError(f"{where}: {exc}") from None


# ---- what a player sees, and the greedy judgement ------------------------------------------
@dataclass(frozen=True)
class PacksView(View):
    board: tuple                # per square "c2:0:3-5" or None
    to_move: int
    turned_up: str | None       # the element the player to move has turned up ("3-5")
    pack_sizes: tuple           # face-down elements left in each pack (not the turned-up one)
    set_aside: tuple            # per player the texts of the elements set aside
    captures: tuple
    removed: tuple              # per player the texts of their elements the opponent removed
    far_half: tuple             # elements each player has on the opponent's half
    scores: tuple
    across: bool
    last_move: object
    options: dict
    hand: tuple = ()            # nothing is ever in a hand: the packs are face down

    @cached_property
    def cells(self) -> tuple:
        """Per square the Element standing there, or None."""
        return board_cells(self)

    @cached_property
    def working_game(self) -> "PacksGame":
        """A game in this position to try placements on (each is undone after): made
        once per view, not once per placement rated."""
        return game_of(self)

    def element_at(self, square):
        return self.cells[parse_square(square) if isinstance(square, str) else square]

    def targets(self, square) -> list:
        """The legal placements on `square` (name or index) on this player's turn."""
        index = parse_square(square) if isinstance(square, str) else square
        return [m for m in self.moves if m is not PASS and m.square == index]


def board_cells(view) -> tuple:
    """The view's elements per square, parsed afresh (not cached on the view, so that a
    view compared field by field stays as it was made)."""
    from .board import parse_element
    return tuple(None if t is None else parse_element(t)[1] for t in view.board)


def view_of(game: PacksGame, player: int) -> PacksView:
    current = game.current_player
    last = game._stack[-1][1] if game._stack else None
    tile = game.turned_up() if current is not None else None
    sizes = tuple(len(game.packs[o]) - game.turned[o] - (1 if o == game.to_move and tile else 0)
                  for o in (0, 1))
    return PacksView(
        variant=game.variant, player=player, players=2, current_player=current,
        board=tuple(None if e is None else e.text(square_name(s))
                    for s, e in enumerate(game.cells)),
        to_move=game.to_move, turned_up=None if tile is None else str(tile), pack_sizes=sizes,
        set_aside=tuple(tuple(str(t) for t in a) for a in game.set_aside),
        captures=tuple(game.captures),
        removed=tuple(tuple(str(t) for t in r) for r in game.removed), far_half=game.far_counts(), scores=game.scores(),
        across=game.across, last_move=last,
        options=dict(game.options), moves=tuple(game.legal_moves()) if current == player else ())


def game_of(view: PacksView) -> PacksGame:
    """A working game in the view's position; the packs behind it are unknown, so it holds
    only the turned-up element (enough to try each placement)."""
    tile = Tile.parse(view.turned_up) if view.turned_up else None
    packs = [[], []]
    if tile is not None:
        packs[view.to_move] = [tile]
    removed = [[Tile.parse(t) for t in r] for r in view.removed]
    return PacksGame(dict(view.options), None, packs, view.cells, view.to_move,
                     view.captures,
                     removed=removed)


def rate(view: PacksView, me: int, move) -> float:
    """Removals, elements brought onto the opponent's half, depth toward it, and the
    contacts left open for the next own elements."""
    if move is PASS:
        return 0.0
    game = view.working_game
    before = game.far_counts()[me]
    captured = game._push(move)
    try:
        gained = game.far_counts()[me] - before
        depth = game.line_of(move.square)
        forward = depth if me == 0 else SIZE - 1 - depth
        ahead = game.ahead(move.square) if me == 0 else game.behind(move.square)
        open_end = ahead is not None and game.cells[ahead] is None
        return rating(len(captured), gained, forward, open_end)
    finally:
        game._pop(move, captured)


def rating(captured: int, gained: int, forward: int, open_end: bool) -> float:
    """The greedy judgement of a placement from what it does: elements removed, elements
    gained on the far half, ranks toward it, and an empty square left ahead of it (Hard's
    model of a Medium opponent asks this too)."""
    return 10.0 * captured + 6.0 * gained + 0.5 * forward + 0.5 * open_end
