"""Dominid: two players build one structure of dominoes, side by side and upwards, each
paying the distance between the tile laid and the numbers it borders (docs/rules.md, Dominid).

The stacked table lives in stacks.py (levels, top numbers, open slots); this module is
the turn order: the draw for the first move, the opening (opening.py: arranged by the
player with the losing tile, or laid by the engine), hands of three refilled from the
stock, the odds-or-evens declaration, forced passes and the final count.
"""
from __future__ import annotations

from game.i18n import N_, _

import random
from typing import ClassVar

from . import files as dominid_files, view as dominid_view
from .opening import (ARRANGE, Arrangement, arrangements, first_player, fixed_arrangement,
                      opening_cells)
from .stacks import Stacks, groups
from ..board.game import PlacementGame
from ..board.layout import Layout
from ..core import PASS, DominoError, IllegalMoveError, Move, Outcome, Tile
from ..tiles import DOUBLE_SIX_SET
from ..board.placement import TILE_INDEX, Placement, oriented, sorted_placements
from ..levels import load_layout
from ..options import Option, Options, resolve_options

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

RULES_TEXT = N_("""\
Dominid is a game for two on an open table. Tiles are laid flat on a grid of cells, \
beside the tiles already there or on top of them, so the structure grows out and up.

To begin, each player turns up one tile. The higher total moves first; if the totals \
are equal, the tile with the bigger single number wins. The other player, whose tile \
lost, arranges both tiles in the middle of the table, upright with their long sides \
together: which tile stands on the left, and which end of each is at the bottom, is \
their choice (up to 8 ways, fewer with doubles) and their first move, written arrange \
1-3@h8h9 4-0@i8i9 (the left tile first). Meanwhile the first player takes three tiles; \
the other player takes three once the opening lies. After laying a tile you take a new \
one while the stock lasts, so a hand holds three until the end draws near. With the \
option arrange set to fixed nobody chooses: the first player's tile stands on the left \
and each tile has its smaller number at the bottom.

A tile covers two neighbouring cells of equal height. On top of the structure those two \
cells must belong to two different tiles: a tile may never cover exactly one tile. It \
must also border a pair of numbers: the two numbers just beyond one of its long sides \
(both cells occupied, whatever their heights), or the two numbers right under it. \
Touching only at a short end does not count.

Each tile costs the player the distance to the pair it borders: the difference between \
its first number and the number next to it, plus the same for its second number. With \
several pairs the cheapest one counts. Laying 2-6 with the 2 beside a 2 and the 6 \
beside a 5 costs 1.

Straight after their first tile the first player chooses odds (1, 3, 5) or evens (2, 4, \
6); the other player gets the other kind. 0 is nobody's.

If you cannot lay any tile you pass (without taking a tile). The game ends when every \
tile is laid or both players pass one after the other. Looking down on the table, each \
connected patch of three or more cells showing the same one of your numbers takes its \
size off your cost. The lower final score wins; equal scores are a draw.

Choices of this version: the opening lies on the two middle files and the two middle \
ranks of the table (h8, h9, i8 and i9 of a 16 x 16 table; along an odd side, the centre \
line and the one before it); the first player takes a new tile before choosing odds or \
evens; a player whose hand is empty passes. The source once says a patch must be \
"greater than 3" to count, but its example and its own summary count patches of three: \
this version counts three or more, never two.

Options: layout (the table, from the levels folder; 16 x 16 by default) and arrange \
(chosen or fixed, above).""")


class DominidGame(PlacementGame):
    variant = "dominid"
    title = N_("Dominid")
    notation = N_("first the opening, laid by the player whose tile lost: `arrange` and its "
                  "two placements, the left tile first (`arrange 1-3@h8h9 4-0@i8i9`; not "
                  "with arrange = fixed); then placements `x-y@S1S2` (the level follows from "
                  "the stacks below), and after the first placement the declaration `odds` "
                  "or `evens`")
    score_counts, lower_score_wins = N_("points"), True
    how_to_win = (
        N_("Each tile costs the distance to the numbers it borders; at the end every "
        "patch of three or more cells showing one of your numbers comes off your "
        "cost: the lower score wins."))
    hard_hooks = "game.logic.dominid.worlds"
    min_players = max_players = 2
    options_declared: ClassVar[Options] = (
        Option("layout", "standard", N_("the table: a level file in levels/dominid")),
        Option("arrange", "chosen", N_("the opening: chosen (the player whose tile lost lays "
                                    "it, their first move) or fixed (the engine lays it)"),
               choices=("chosen", "fixed")),
    )
    rules_text = RULES_TEXT
    tiles = DOUBLE_SIX_SET
    record_keys = ("grid", "deal", "opening", "position")

    views = dominid_view
    positions = dominid_files

    def __init__(self, layout: Layout, options: dict, seed: int | None):
        super().__init__(2, layout, options, seed)
        if any(not self.shape.playable[c] for c in opening_cells(self.shape)):
            names = ", ".join(self.shape.names[c] for c in opening_cells(self.shape))
            raise DominoError(f"layout {options['layout']!r} blocks an opening cell ({names})")
        self.stacks = Stacks(self.shape)
        self.hands = [0, 0]                  # 28-bit tile sets
        self.stock: list[int] = []
        self.drawn = 0                       # stock[drawn] is the next tile to draw
        self.to_move = 0
        self.declaring = False               # the first player must now declare
        self.parities: list[Declaration | None] = [None, None]
        self.costs = [0, 0]
        self.passes = 0                      # passes in a row
        self.draws: tuple[Tile, ...] = ()    # the turned-up tiles, player 0's and 1's
        self.arranging = False               # the player whose tile lost lays the opening

    # ----- creating games -----

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: dict | None = None) -> "DominidGame":
        cls.require_players(players)
        tiles = cls.tiles.shuffled(random.Random(seed))
        draws = tiles[:2]
        first = first_player(draws)
        hands: list[list[Tile]] = [[], []]
        hands[first], hands[1 - first] = tiles[2:2 + HAND], tiles[2 + HAND:2 + 2 * HAND]
        return cls.from_deal(draws, hands, tiles[2 + 2 * HAND:], options, seed)

    @classmethod
    def from_deal(cls, draws, hands, stock, options: dict | None = None,
                  seed: int | None = None, layout=None) -> "DominidGame":
        """A game from the two face-up tiles, the two hands (player 0's first) and the
        stock (next draw first); tiles or their texts; on `layout` (by default the level
        the options name)."""
        problem = dominid_files.deal_problem(draws, hands, stock)
        if problem:
            raise DominoError(f"bad deal: {problem}")
        draws, hands, stock = ([Tile.parse(t) if isinstance(t, str) else t for t in part]
                               for part in (draws, [t for h in hands for t in h], stock))
        hands = [hands[:HAND], hands[HAND:]]
        options = resolve_options(cls.options_declared, options, cls.variant)
        game = cls(layout or load_layout(options["layout"], cls.variant), options, seed)
        first = first_player(draws)
        game.draws = tuple(draws)
        game.hands = [sum(1 << TILE_INDEX[t] for t in hand) for hand in hands]
        game.stock = [TILE_INDEX[t] for t in stock]
        game.start = {"deal": {"draws": [str(t) for t in draws],
                               "hands": [[str(t) for t in h] for h in hands],
                               "stock": [str(t) for t in stock]}}
        if options["arrange"] == "chosen":
            game.to_move, game.arranging = 1 - first, True
        else:
            game.to_move = first
            game._lay_opening(fixed_arrangement(game.shape, draws, first))
            laid = game.opening()
            assert laid is not None, "the opening was just laid"
            game.start["opening"] = [str(p) for p in laid.placements]
        return game

    @classmethod
    def from_record_start(cls, record: dict) -> "DominidGame":
        if "position" in record:
            return cls.from_position(record["position"], "<record position>")
        deal = record.get("deal")
        if not isinstance(deal, dict) or not {"draws", "hands", "stock"} <= set(deal):
            raise DominoError("a dominid record needs a deal (draws, hands and stock) "
                              "or a position")
        options = record.get("options")
        if isinstance(options, dict) and "arrange" not in options and "opening" in record:
            options = dict(options, arrange="fixed")    # written before the option existed
        name = options.get("layout", "standard") if isinstance(options, dict) else "standard"
        game = cls.from_deal(deal["draws"], deal["hands"], deal["stock"], options,
                             record.get("seed"), cls.record_layout(record, str(name)))
        if "opening" in record and game.arranging:
            raise DominoError("with arrange = chosen the opening is the first move "
                              "(arrange ...), not a record key")
        if "opening" in record and record["opening"] != game.start["opening"]:
            raise DominoError(f"the opening of these draws is {game.start['opening']}, "
                              f"not {record['opening']}")
        return game

    def _lay_opening(self, move: Arrangement) -> None:
        for placement in move.placements:
            self.stacks.lay(self.shape.index[placement.first], placement.x,
                            self.shape.index[placement.second], placement.y)

    @property
    def first(self) -> int | None:
        """The player whose turned-up tile won, who lays the first tile after the opening
        (None for a position set up after the opening, whose draws are not known)."""
        return first_player(self.draws) if self.draws else None

    def public_facts(self) -> dict:
        """The two turned-up tiles (both players saw them) and who they made first."""
        draws = self.start.get("deal", {}).get("draws")
        return {"start": {"deal": {"draws": list(draws)}} if draws else {},
                "first": self.first}

    def opening(self) -> Arrangement | None:
        """The opening as it lies (None while it is still to be arranged)."""
        if len(self.stacks.placed) < 2:
            return None
        return Arrangement(self.placement(0), self.placement(1))

    def arrangements(self) -> list[Arrangement]:
        """The ways the player whose tile lost may lay the opening now ([] once it lies)."""
        if not self.arranging:
            return []
        return arrangements(self.shape, self.draws, 1 - self.to_move)

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
        if self.arranging:
            return self.arrangements()
        if self.declaring:
            return [EVENS, ODDS]
        hand = oriented(self.hands[self.to_move])
        # whether a tile may lie on a slot does not depend on the tile
        found = [(slot, hand) for slot in self.stacks.open] if hand else []
        return sorted_placements(self.shape, found) or [PASS]

    def parse_move(self, text):
        if isinstance(text, Placement | Declaration | Arrangement) or text == PASS:
            return PASS if text == PASS else text
        word = str(text).strip().lower()
        if word == PASS:
            return PASS
        if word in DECLARATIONS:
            return DECLARATIONS[word]
        try:
            return Arrangement.parse(word) if word.startswith(ARRANGE) else Placement.parse(word)
        except ValueError as exc:
            message = str(exc)
            if message.endswith("or pass"):
                message += ", odds, evens or an arrangement (arrange 1-3@h8h9 4-0@i8i9)"
            raise IllegalMoveError(text, message) from None

    def illegal_reason(self, move) -> str | None:
        try:
            move = self.parse_move(move)
        except IllegalMoveError as exc:
            return exc.reason
        if self.is_over():
            return _("the game is over")
        if self.arranging or isinstance(move, Arrangement):
            return self._arrangement_refusal(move)
        if isinstance(move, Declaration):
            if self.declaring:
                return None
            if self.parities[0] is not None:
                return _("odds and evens are already chosen")
            return _("the first player chooses odds or evens right after their first move")
        if self.declaring:
            return _("declare odds or evens first")
        if move == PASS:
            return (_("you cannot pass: you have a legal placement")
                    if self.hands[self.to_move] and self.stacks.open else None)
        slot, refusal = self.slot_of_move(move)
        if refusal:
            return refusal
        if not self.hands[self.to_move] >> TILE_INDEX[move.tile] & 1:
            return _("you do not have {tile}").format(tile=move.tile)
        return self.stacks.refusal(slot)

    def _arrangement_refusal(self, move) -> str | None:
        """Why `move` is not a way to lay the opening now, or None when it is."""
        if not self.arranging:
            return _("the opening already lies on the table")
        if move in self.arrangements():
            return None
        cells = [self.shape.names[c] for c in opening_cells(self.shape)]
        return _("first the opening: {tile} and {other} upright, side by side on {left} and "
                 "{right}, written like {example}").format(
            tile=self.draws[0], other=self.draws[1], left=cells[0] + cells[1],
            right=cells[2] + cells[3], example=self.arrangements()[0])

    def slot_of_move(self, move: Placement) -> tuple[int, str | None]:
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
        slot = shape.slot_of.get((cells[0], cells[1]))
        if slot is None:
            return -1, f"{move.first} and {move.second} are not neighbouring cells"
        return slot, None

    def _push(self, move):
        player = self.to_move
        if isinstance(move, Arrangement):
            self._lay_opening(move)
            self.arranging = False
            self.to_move = 1 - player
            return player, None
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
        if isinstance(move, Arrangement):
            self.stacks.lift()
            self.stacks.lift()
            self.arranging = True
        elif isinstance(move, Declaration):
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
                parity = self.parities[player]
                if parity is not None and number in parity.numbers:
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
