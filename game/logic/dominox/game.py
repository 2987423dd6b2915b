"""Dominox: two players lay dominoes on a chessboard and score the empty areas their
colour dominates (docs/rules.md, Dominox).

Speed matters here because search and self-play replay thousands of games. Every empty
square keeps a 7-bit mask of the numbers it accepts (all seven while no covered square
touches it), updated incrementally by apply and undo; with the tables of dominox_moves a
slot's legal tiles are then two lookups ANDed with the hand (hands are 28-bit sets).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from ..board.contact import AtLeastOneEqual
from ..board.game import PlacementGame
from ..board.layout import Layout
from ..board.placement import (TILE_INDEX, TILES, LegalPlacements, oriented, sorted_placements,
                               tile_bits)
from ..board.shape import BoardShape
from ..board.tileboard import TileBoard
from ..core import PASS, DominoError, IllegalMoveError, Outcome, Tile
from ..levels import load_layout
from ..options import Option, Options, resolve_options
from ..tiles import DOUBLE_SIX_SET
from . import files as dominox_files, view as dominox_view


RULES_TEXT = """\
Dominox is played by White and Black on a board of squares (a chessboard unless the \
layout says otherwise). A square is white when its file and rank count up to an even \
number from a1, so a1 and h8 are white and a8 and h1 are black.

Each player is dealt 8 tiles in secret; the rest form the stock. If nobody holds a \
double the tiles are dealt again. Whoever holds the lowest double begins by laying it \
anywhere.

A tile covers two neighbouring empty squares, in either direction, and need not touch \
anything. Each end that touches tiles already on the board (side by side or end to end, \
not diagonally) must show the same number as at least one of them.

If you cannot lay a tile you pass; you may not pass while any placement is legal. After \
laying a tile or passing you draw one tile while the stock lasts.

When the stock is empty and both players pass in turn, the game ends. (A pass that \
draws the last tile does not count towards this: the new tile may fit.) Every \
connected area of empty squares then scores its size to the colour that has more \
squares in it; an area with as many white as black squares scores nothing. The higher \
score wins; equal scores are a draw.

Options: layout (a board from the levels folder, some with blocked squares that are \
never covered) and hand (how many tiles each player is dealt, 8 by default)."""


class DominoxGame(PlacementGame):
    variant = "dominox"
    title = "Dominox"
    notation = ("a tile and the two squares it covers, `x-y@S1S2`, the number x on S1 "
                "(`0-0@g7g8`, `5-3@b7b8`)")
    score_counts = "points"
    how_to_win = (
        "When the stock is empty and both players pass, every empty area scores its "
        "size for the colour with more squares in it: the higher score wins.")
    hard_hooks = "game.logic.dominox.worlds"
    min_players = max_players = 2
    options_declared: ClassVar[Options] = (
        Option("layout", "standard", "board layout: a level file in levels/dominox"),
        Option("hand", 8, "tiles dealt to each player", minimum=1, maximum=14),
    )
    rules_text = RULES_TEXT
    tiles = DOUBLE_SIX_SET
    views = dominox_view
    positions = dominox_files

    def __init__(self, layout: Layout, options: dict, seed: int | None):
        super().__init__(2, layout, options, seed)
        self.board = TileBoard(self.shape, AtLeastOneEqual)
        self.hands = [0, 0]                 # 28-bit tile sets
        self.stock: list[int] = []
        self.drawn = 0                      # stock[drawn] is the next tile to draw
        self.to_move = 0
        self.passes = 0                     # passes in a row made with the stock empty
        self.opening = -1                   # the tile the next move must be, or -1

    # the board's incremental tables, read by the view and by tests
    numbers = property(lambda self: self.board.numbers)
    accepts = property(lambda self: self.board.accepts)
    counts = property(lambda self: self.board.counts)
    covered = property(lambda self: self.board.covered)
    placed = property(lambda self: self.board.placed)
    history = property(lambda self: self._stack)

    # ----- creating games -----

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: dict | None = None) -> "DominoxGame":
        cls.require_players(players)
        options = resolve_options(cls.options_declared, options, cls.variant)
        rng = random.Random(seed)
        size = options["hand"]
        while True:
            hands, stock = cls.tiles.deal(rng, (size, size))
            if any(t.is_double for hand in hands for t in hand):
                break
        return cls.from_deal([sorted(h) for h in hands], stock, options, seed)

    @classmethod
    def from_deal(cls, hands, stock, options: dict | None = None, seed: int | None = None,
                  layout=None):
        """A game from a given deal (tiles or their texts; the stock's next tile first) on
        `layout` (by default the level the options name)."""
        options = resolve_options(cls.options_declared, options, cls.variant)
        layout = layout or load_layout(options["layout"], cls.variant)
        game = cls(layout, options, seed)
        if not isinstance(hands, list | tuple) or not all(isinstance(h, list | tuple)
                                                          for h in hands):
            raise DominoError("a dominox deal's hands are two lists of tiles")
        if len(hands) != 2:
            raise DominoError(f"a dominox deal has 2 hands, not {len(hands)}")
        try:
            hands = [[Tile.parse(t) if isinstance(t, str) else t for t in hand] for hand in hands]
            stock = [Tile.parse(t) if isinstance(t, str) else t for t in stock]
        except ValueError as exc:
            raise DominoError(f"bad deal: {exc}") from None
        game._check_unique([t for hand in hands for t in hand] + stock)
        game.hands = [tile_bits(hand) for hand in hands]
        game.stock = [TILE_INDEX[t] for t in stock]
        doubles = [(TILE_INDEX[t], p) for p, hand in enumerate(hands) for t in hand if t.is_double]
        if not doubles:
            raise DominoError("neither hand holds a double, so nobody can open")
        game.opening, game.to_move = min(doubles)
        game.start = {"deal": {"hands": [[str(t) for t in h] for h in hands],
                               "stock": [str(t) for t in stock]}}
        return game

    @classmethod
    def _check_unique(cls, tiles) -> None:
        """DominoError when a tile is not of the set or appears twice (some may be missing:
        a position or test deal need not hold them all)."""
        problem = cls.tiles.miscount([("tiles", tiles)])
        if problem and problem.tile is not None:
            raise DominoError(problem.message if problem.tile in TILE_INDEX
                              else f"{problem.tile} is not a double-six tile")

    @classmethod
    def from_record_start(cls, record: dict) -> "DominoxGame":
        if "position" in record:
            return cls.from_position(record["position"], "<record position>")
        if isinstance(record.get("deal"), dict) and "hands" in record["deal"]:
            deal = record["deal"]
            options = resolve_options(cls.options_declared, record.get("options"), cls.variant)
            problem = dominox_files.deal_problem(deal["hands"], deal.get("stock", []),
                                                 options["hand"])
            if problem:
                raise DominoError(f"bad deal: {problem}")
            return cls.from_deal(deal["hands"], deal.get("stock", []), options, record.get("seed"),
                                 cls.record_layout(record, options["layout"]))
        raise DominoError("a dominox record needs a deal (hands and stock) or a position")

    # ----- the protocol -----

    @property
    def current_player(self) -> int | None:
        return None if self.passes >= 2 else self.to_move

    def legal_moves(self) -> list:
        if self.passes >= 2:
            return []
        found = self._legal_bits()
        if not found:
            return [PASS]
        return sorted_placements(self.shape, found)

    def legal_placements(self):
        """The legal moves as a sequence (`legal_moves` order) that makes its Placement
        objects only when read: what a view holds."""
        if self.passes >= 2:
            return ()
        found = self._legal_bits()
        return LegalPlacements(self.shape, found) if found else (PASS,)

    def _legal_bits(self) -> list[tuple[int, int]]:
        """(slot, 56-bit set of oriented tiles) for every slot with a legal placement."""
        hand = 1 << self.opening if self.opening >= 0 else self.hands[self.to_move]
        return self.board.legal_bits(oriented(hand))

    def illegal_reason(self, move) -> str | None:
        try:
            move = self.parse_move(move)
        except IllegalMoveError as exc:         # malformed text
            return exc.reason
        if self.passes >= 2:
            return "the game is over"
        if move == PASS:
            return "you cannot pass: you have a legal placement" if self._legal_bits() else None
        refusal = self.board.squares_refusal(move)
        if refusal:
            return refusal
        tile = TILE_INDEX[move.tile]
        if self.opening >= 0 and tile != self.opening:
            return f"you must open with your lowest double {TILES[self.opening]}"
        if not self.hands[self.to_move] >> tile & 1:
            return f"you do not have {move.tile}"
        return self.board.fit_refusal(move)

    def _push(self, move):
        if move == PASS:
            return self._pass()
        s1, s2 = self.shape.index[move.first], self.shape.index[move.second]
        return self._place(s1, move.x, s2, move.y, TILE_INDEX[move.tile])

    def _place(self, s1: int, x: int, s2: int, y: int, tile: int):
        player = self.to_move
        self.hands[player] &= ~(1 << tile)
        self.board.place(s1, x, s2, y)
        info = (tile, self._draw(player), self.passes, self.opening)
        self.passes, self.opening, self.to_move = 0, -1, 1 - player
        return info

    def _pass(self):
        player = self.to_move
        drew = self._draw(player)
        info = (-1, drew, self.passes, self.opening)
        self.passes = 0 if drew >= 0 else self.passes + 1
        self.to_move = 1 - player
        return info

    def _draw(self, player: int) -> int:
        if self.drawn >= len(self.stock):
            return -1
        tile = self.stock[self.drawn]
        self.drawn += 1
        self.hands[player] |= 1 << tile
        return tile

    def _pop(self, move, info) -> None:
        tile, drew, passes, opening = info
        player = 1 - self.to_move
        if drew >= 0:
            self.hands[player] &= ~(1 << drew)
            self.drawn -= 1
        if tile >= 0:
            self.board.lift()
            self.hands[player] |= 1 << tile
        self.to_move, self.passes, self.opening = player, passes, opening

    def _move_of(self, s1, x, s2, y):
        return PASS if s1 < 0 else self.board.placement(s1, x, s2, y)

    def outcome(self) -> Outcome | None:
        if self.passes < 2:
            return None
        white, black = self.scores()
        winner = 0 if white > black else 1 if black > white else None
        return Outcome((white, black), winner, "territory")

    # ----- territory -----

    def territory(self) -> list["Region"]:
        """Every connected empty area with its colour counts, its winner and points."""
        return territory_of(self.shape, self.numbers)

    def scores(self) -> tuple[int, int]:
        """(White's points, Black's points) if the game ended now."""
        return scores_of(self.territory())

    # ----- what players see and what is written down -----

    def clone(self) -> "DominoxGame":
        """An independent copy (faster than the protocol's deepcopy: shared parts never change)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.board, other.hands, other._stack = self.board.copy(), list(self.hands), \
            list(self._stack)
        return other


@dataclass(frozen=True)
class Region:
    """One connected empty area as it would score now."""

    squares: tuple[str, ...]
    white: int
    black: int
    winner: int | None        # 0 White, 1 Black, None for a tie
    points: int


def scores_of(regions) -> tuple[int, int]:
    """(White's points, Black's points) of the empty areas `regions` (territory_of)."""
    points = [0, 0]
    for region in regions:
        if region.winner is not None:
            points[region.winner] += region.points
    return points[0], points[1]


def territory_of(shape: BoardShape, numbers) -> list[Region]:
    regions = []
    for squares in shape.regions(numbers):
        black = sum(shape.colours[s] for s in squares)
        white = len(squares) - black
        winner = 0 if white > black else 1 if black > white else None
        regions.append(Region(tuple(shape.names[s] for s in squares), white, black, winner,
                              len(squares) if winner is not None else 0))
    return regions
