"""Dominid: two players build one structure of dominoes, side by side and upwards, each
paying the distance between the tile laid and the numbers it borders (RULES.md section 4).

The stacked table lives in stacks.py (levels, top numbers, open slots); this module is
the turn order: the draw for the first move, the opening, hands of three refilled from
the stock, the odds-or-evens declaration, forced passes and the final count.
"""
from __future__ import annotations

import random

from . import files as dominid_files, view as dominid_view
from .stacks import Stacks, groups
from ..board.game import PlacementGame
from ..core import PASS, DominoError, FileFormatError, IllegalMoveError, Move, Outcome, Tile
from ..tiles import DOUBLE_SIX_SET
from ..board.placement import TILE_INDEX, Placement, oriented, sorted_placements
from ..board.shape import BoardShape
from ..levels import Layout, load_layout
from ..options import Option, resolve_options

HAND = 3
ODD_NUMBERS, EVEN_NUMBERS = frozenset((1, 3, 5)), frozenset((2, 4, 6))


class Declaration(Move, str):
    """The first player's choice of numbers, `odds` or `evens`: a move and its own text."""

    __slots__ = ()

    @property
    def numbers(self) -> frozenset[int]:
        return ODD_NUMBERS if self == "odds" else EVEN_NUMBERS

    @property
    def other(self) -> "Declaration":
        return EVENS if self == "odds" else ODDS

    def __repr__(self) -> str:
        return self.upper()


ODDS, EVENS = Declaration("odds"), Declaration("evens")
DECLARATIONS = {"odds": ODDS, "evens": EVENS}

RULES_TEXT = """\
Dominid is a game for two on an open table. Tiles are laid flat on a grid of cells, \
beside the tiles already there or on top of them, so the structure grows out and up.

To begin, each player turns up one tile. The higher total moves first; if the totals \
are equal, the tile with the bigger single number wins. The other player lays both \
tiles upright in the middle of the table, long sides together, smaller number at the \
bottom, the first player's tile on the left. Then each player takes three tiles, the \
first player first. After laying a tile you take a new one while the stock lasts, so a \
hand holds three until the end draws near.

A tile covers two neighbouring cells of equal height. On top of the structure those two \
cells must belong to two different tiles: a tile may never cover exactly one tile. It \
must also border a pair of numbers: the two numbers just beyond one of its long sides \
(both cells occupied, whatever their heights), or the two numbers right under it. \
Touching only at a short end does not count.

Each tile costs the player the distance to the pair it borders: the difference between \
its first number and the number next to it, plus the same for its second number. With \
several pairs the cheapest one counts. Laying 2-6 with the 2 beside a 2 and the 6 \
beside a 5 costs 1.

Straight after the first move the first player chooses odds (1, 3, 5) or evens (2, 4, \
6); the other player gets the other kind. 0 is nobody's.

If you cannot lay any tile you pass (without taking a tile). The game ends when every \
tile is laid or both players pass one after the other. Looking down on the table, each \
connected patch of three or more cells showing the same one of your numbers takes its \
size off your cost. The lower final score wins; equal scores are a draw.

Choices of this version: the opening lies on the two middle files and the two middle \
ranks of the table (h8, h9, i8 and i9 of a 16 x 16 table; along an odd side, the centre \
line and the one before it); the first player takes a new tile before choosing odds or \
evens; a player whose hand is empty passes.

Option: layout (the table, from the levels folder; 16 x 16 by default)."""


def first_player(draws) -> int:
    """Who moves first: the higher tile total, then the higher single number."""
    keys = [(t.value, t.b) for t in draws]
    return 0 if keys[0] > keys[1] else 1


def opening_cells(shape: BoardShape) -> tuple[int, int, int, int]:
    """(left lower, left upper, right lower, right upper) cells of the opening: the two
    middle files and the two middle ranks (along an odd side, the centre line and the one
    before it: files d and e of a 9-wide table)."""
    left, bottom = (shape.width - 2) // 2, (shape.height - 2) // 2
    lower = bottom * shape.width + left
    return lower, lower + shape.width, lower + 1, lower + 1 + shape.width


def opening_problem(shape: BoardShape) -> str | None:
    """Why a table cannot take the opening (one of its four middle cells is blocked)."""
    cells = opening_cells(shape)
    if all(shape.playable[c] for c in cells):
        return None
    return f"blocks an opening cell ({', '.join(shape.names[c] for c in cells)})"


class DominidGame(PlacementGame):
    variant = "dominid"
    title = "Dominid"
    min_players = max_players = 2
    options_declared = (
        Option("layout", "standard", "the table: a level file in levels/dominid"),
    )
    rules_text = RULES_TEXT
    tiles = DOUBLE_SIX_SET

    views = dominid_view
    positions = dominid_files

    def __init__(self, layout: Layout, options: dict, seed: int | None):
        super().__init__(2, layout, options, seed)
        problem = opening_problem(self.shape)
        if problem:
            raise DominoError(f"layout {options['layout']!r} {problem}")
        self.stacks = Stacks(self.shape)
        self.hands = [0, 0]                  # 28-bit tile sets
        self.stock: list[int] = []
        self.drawn = 0                       # stock[drawn] is the next tile to draw
        self.to_move = 0
        self.declaring = False               # the first player must now declare
        self.parities: list[Declaration | None] = [None, None]
        self.costs = [0, 0]
        self.passes = 0                      # passes in a row

    @classmethod
    def level_from_toml(cls, toml, name: str) -> Layout:
        """A table level: a layout whose four middle cells stay open for the opening."""
        layout = super().level_from_toml(toml, name)
        problem = opening_problem(layout.shape)
        if problem:
            rows = toml.grid_lines("grid")
            shape = layout.shape
            rank = max(c for c in opening_cells(shape) if not shape.playable[c]) // shape.width
            raise FileFormatError(toml.path, rows[layout.height - 1 - rank][0],
                                  f"the table {problem}: the opening needs all four")
        return layout

    # ----- creating games -----

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: dict | None = None) -> "DominidGame":
        cls.require_players(players)
        tiles = cls.tiles.shuffled(random.Random(seed))
        draws = tiles[:2]
        first = first_player(draws)
        hands = [None, None]
        hands[first], hands[1 - first] = tiles[2:2 + HAND], tiles[2 + HAND:2 + 2 * HAND]
        return cls.from_deal(draws, hands, tiles[2 + 2 * HAND:], options, seed)

    @classmethod
    def from_deal(cls, draws, hands, stock, options: dict | None = None,
                  seed: int | None = None) -> "DominidGame":
        """A game from the two face-up tiles, the two hands (player 0's first) and the
        stock (next draw first); tiles or their texts."""
        problem = dominid_files.deal_problem(draws, hands, stock)
        if problem:
            raise DominoError(f"bad deal: {problem}")
        draws, hands, stock = ([Tile.parse(t) if isinstance(t, str) else t for t in part]
                               for part in (draws, [t for h in hands for t in h], stock))
        hands = [hands[:HAND], hands[HAND:]]
        options = resolve_options(cls.options_declared, options, cls.variant)
        game = cls(load_layout(options["layout"], cls.variant), options, seed)
        first = game.to_move = first_player(draws)
        cells = opening_cells(game.shape)
        for tile, (low, high) in zip((draws[first], draws[1 - first]), (cells[:2], cells[2:])):
            game.stacks.lay(low, tile.a, high, tile.b)       # upright, smaller number south
        game.hands = [sum(1 << TILE_INDEX[t] for t in hand) for hand in hands]
        game.stock = [TILE_INDEX[t] for t in stock]
        game.start = {"deal": {"draws": [str(t) for t in draws],
                               "hands": [[str(t) for t in h] for h in hands],
                               "stock": [str(t) for t in stock]},
                      "opening": [str(game.placement(i)) for i in range(2)]}
        return game

    @classmethod
    def from_record_start(cls, record: dict) -> "DominidGame":
        if "position" in record:
            return cls.from_position(record["position"], "<record position>")
        deal = record.get("deal")
        if not isinstance(deal, dict) or not {"draws", "hands", "stock"} <= set(deal):
            raise DominoError("a dominid record needs a deal (draws, hands and stock) "
                              "or a position")
        game = cls.from_deal(deal["draws"], deal["hands"], deal["stock"],
                             record.get("options"), record.get("seed"))
        if "opening" in record and record["opening"] != game.start["opening"]:
            raise DominoError(f"the opening of these draws is {game.start['opening']}, "
                              f"not {record['opening']}")
        return game

    # ----- the protocol -----

    def is_over(self) -> bool:
        return self.passes >= 2 or (not self.hands[0] and not self.hands[1]
                                    and self.drawn >= len(self.stock))

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self.to_move

    def legal_moves(self) -> list:
        if self.is_over():
            return []
        if self.declaring:
            return [EVENS, ODDS]
        hand = oriented(self.hands[self.to_move])
        # whether a tile may lie on a slot does not depend on the tile
        found = [(slot, hand) for slot in self.stacks.open] if hand else []
        return sorted_placements(self.shape, found) or [PASS]

    def parse_move(self, text):
        if isinstance(text, Placement | Declaration) or text == PASS:
            return PASS if text == PASS else text
        word = str(text).strip().lower()
        if word == PASS:
            return PASS
        if word in DECLARATIONS:
            return DECLARATIONS[word]
        try:
            return Placement.parse(word)
        except ValueError as exc:
            message = str(exc)
            if message.endswith("or pass"):
                message += ", odds or evens"
            raise IllegalMoveError(text, message) from None

    def illegal_reason(self, move) -> str | None:
        try:
            move = self.parse_move(move)
        except IllegalMoveError as exc:
            return exc.reason
        if self.is_over():
            return "the game is over"
        if isinstance(move, Declaration):
            if self.declaring:
                return None
            if self.parities[0] is not None:
                return "odds and evens are already chosen"
            return "the first player chooses odds or evens right after their first move"
        if self.declaring:
            return "declare odds or evens first"
        if move == PASS:
            return ("you cannot pass: you have a legal placement"
                    if self.hands[self.to_move] and self.stacks.open else None)
        slot, refusal = self._slot_of(move)
        if refusal:
            return refusal
        if not self.hands[self.to_move] >> TILE_INDEX[move.tile] & 1:
            return f"you do not have {move.tile}"
        return self.stacks.refusal(slot)

    def _slot_of(self, move: Placement) -> tuple[int, str | None]:
        """(slot index, None) of a placement's two cells, or (-1, why they are no slot)."""
        shape = self.shape
        cells = []
        for name in (move.first, move.second):
            try:
                cell = shape.square(name)
            except ValueError:
                return -1, f"{name} is off the table"
            if not shape.playable[cell]:
                return -1, f"{name} is a blocked cell"
            cells.append(cell)
        slot = shape.slot_of.get(tuple(cells))
        if slot is None:
            return -1, f"{move.first} and {move.second} are not neighbouring cells"
        return slot, None

    def _push(self, move):
        player = self.to_move
        if isinstance(move, Declaration):
            self.parities[player], self.parities[1 - player] = move, move.other
            self.declaring = False
            self.to_move = 1 - player
            return player, None
        if move == PASS:
            self.passes += 1
            self.to_move = 1 - player
            return player, self.passes - 1
        slot = self.shape.slot_of[self.shape.index[move.first], self.shape.index[move.second]]
        cost = self.stacks.cost(slot, move.x, move.y)[0]
        s1, s2 = self.shape.slots[slot]
        tile = TILE_INDEX[move.tile]
        self.hands[player] &= ~(1 << tile)
        self.stacks.lay(s1, move.x, s2, move.y)
        self.costs[player] += cost
        drew = -1
        if self.drawn < len(self.stock):
            drew = self.stock[self.drawn]
            self.drawn += 1
            self.hands[player] |= 1 << drew
        info = (player, (tile, cost, drew, self.passes))
        self.passes = 0
        if self.parities[0] is None:
            self.declaring = True            # the first player declares before play goes on
        else:
            self.to_move = 1 - player
        return info

    def _pop(self, move, info) -> None:
        player, detail = info
        self.to_move = player
        if isinstance(move, Declaration):
            self.parities = [None, None]
            self.declaring = True
        elif move == PASS:
            self.passes = detail
        else:
            tile, cost, drew, passes = detail
            if drew >= 0:
                self.hands[player] &= ~(1 << drew)
                self.drawn -= 1
            self.stacks.lift()
            self.hands[player] |= 1 << tile
            self.costs[player] -= cost
            self.passes = passes
            self.declaring = False

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        scores = self.final_scores()
        winner = None if scores[0] == scores[1] else 0 if scores[0] < scores[1] else 1
        return Outcome(scores, winner, "cost")

    # ----- scoring -----

    def cluster_points(self) -> tuple[int, int]:
        """What each player's clusters take off their cost if the game ended now."""
        points = [0, 0]
        for number, cells in groups(self.shape, self.stacks.top):
            for player in (0, 1):
                if self.parities[player] is not None and number in self.parities[player].numbers:
                    points[player] += len(cells)
        return points[0], points[1]

    def final_scores(self) -> tuple[int, int]:
        """Cost minus clusters, per player, as if the game ended now."""
        clusters = self.cluster_points()
        return self.costs[0] - clusters[0], self.costs[1] - clusters[1]

    # ----- what players see and what is written down -----

    def placement(self, index: int) -> Placement:
        """The placement laid `index`-th (0 and 1 are the opening)."""
        s1, x, s2, y = self.stacks.placed[index]
        return Placement(x, y, self.shape.names[s1], self.shape.names[s2])

    def clone(self) -> "DominidGame":
        """An independent copy (faster than deepcopy: the layout and shape never change)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.stacks = self.stacks.copy()
        for name in ("hands", "parities", "costs", "_stack"):
            setattr(other, name, list(getattr(self, name)))
        return other
