"""Spread, open-board game 54: tiles from one common pack spread over a board of squares,
every touching pair of numbers equal (docs/rules.md, Spread).

The board is the board package's TileBoard under the EveryEqual contact rule; a board
cell of the 8x8 board is a share of two squares, so the default board is 8 files by 16
ranks. Turning a tile up from the pack is not a move: the engine does it when a turn
begins, so the player to move already holds it (like the automatic draws of classic).
"""
from __future__ import annotations

from game.i18n import N_, _

import random
from collections import Counter
from typing import ClassVar

from ..board.contact import EveryEqual
from ..board.game import PlacementGame
from ..board.layout import Layout
from ..board.placement import TILE_INDEX, Placement, oriented, sorted_placements
from ..board.shape import BoardShape
from ..board.tileboard import TileBoard
from ..core import PASS, IllegalMoveError, Outcome, Tile
from ..options import Option, Options, resolve_options
from ..tiles import OPEN_BOARD_SET
from . import files, view as spread_view

RULES_TEXT = N_("""\
Spread is played by 2 to 4 players with one pack of 32 tiles: the 28 tiles of the \
double-six set and a second 0-0, 2-2, 4-4 and 6-6. The pack is shuffled face down.

The board is 8 files by 16 ranks of squares: each cell of a chessboard is split into two \
squares (a share). A tile covers any two neighbouring squares, lengthwise or across.

At the start of your turn the top tile of the pack is turned up and goes into your hand. \
Then, if any tile in your hand can be laid, you must lay one (which one and where is your \
choice); otherwise you pass and keep your tiles.

The first tile may go anywhere. Every later tile must touch a tile already on the board, \
and every pair of numbers that touch, end to end, side to side or end to side, must be \
equal. Diagonal corners do not touch. Blocked shares take no tile and are no contact.

A tile turned up is shown to everyone before it joins the hand, so what each player \
holds from the pack is no secret: it lies face up among their tiles on the table \
(tiles dealt with the dealt option stay hidden).

Once the last tile is turned up, play goes on (its taker first) until every player \
passes in turn; then the game ends. Whoever holds the fewest tiles wins; players tied \
for fewest draw.

Options: face_down (placed doubles are turned face down and nothing may touch them; a \
contact is only needed once a face-up tile is on the board), layout (blocked shares from \
the levels folder), dealt (each player starts with that many tiles; you lay from your \
hand when you can, and only when nothing fits is a tile turned up: laid at once if it \
fits, else kept, and the first to empty the hand wins at once).

With 3 players the two tiles left over (32 does not divide by 3) are laid before play \
from the top of the pack: the first on two of the four centre squares, the second at \
the first legal place in move order, or set aside when it fits nowhere.

Choices of this version: the source's extra rule turns laid doubles face down so that \
no other tile can be set against them; it could also be read as a face-down double \
needing no match. This version takes the first reading: nothing may touch a face-down \
double, on any side.""")


class SpreadGame(PlacementGame):
    variant = "open54"
    title = N_("Spread")
    notation = N_("as Dominox on the 8 x 16 board (ranks 1-16); a turned-up tile that fits "
                  "nowhere is set aside by the move `pass`")
    score_counts, lower_score_wins = N_("tiles left"), True
    hard_hooks = "game.logic.spread.worlds"
    coach_reasons = "spread"
    how_to_win = (
        N_("Whoever holds the fewest tiles when the game ends wins: after the last tile is "
        "turned up, play goes on until every player passes in turn."))
    min_players = 2
    max_players = 4
    options_declared: ClassVar[Options] = (
        Option("face_down", False, N_("placed doubles turn face down and nothing may touch them")),
        Option("layout", "standard", N_("blocked shares: a level file in levels/open54")),
        Option("dealt", 0, N_("tiles dealt to each player at the start (0: none, turn up each "
                           "turn)"), minimum=0, maximum=10, changes_play=True),
    )
    rules_text = RULES_TEXT
    tiles = OPEN_BOARD_SET
    views = spread_view
    positions = files

    def __init__(self, players: int, layout: Layout, options: dict, seed: int | None,
                 shape: BoardShape | None = None):
        super().__init__(players, layout, options, seed, shape)
        self.board = TileBoard(self.shape, EveryEqual)
        self.face_down = bool(options["face_down"])
        self.dealt = options["dealt"]
        self.hands: list[list[Tile]] = [[] for _x in range(players)]
        # per player, the tiles of the hand that everyone saw turned up (public memory)
        self.seen: list[list[Tile]] = [[] for _x in range(players)]
        self.pack: list[Tile] = []
        self.drawn = 0                  # pack[drawn] is the next tile to turn up
        self.to_move = 0
        self.passes = 0                 # passes in a row (since the last tile came up)
        self.turned_up: Tile | None = None
        self.face_down_squares: set[int] = set()
        self.face_up = 0                # face-up tiles on the board (contact needed once > 0)
        self.laid: list[str] = []       # what the engine laid before play (3 players)
        self.set_aside: list[Tile] = []
        self.winner_by_domino: int | None = None

    # ---- creating games -----------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: dict | None = None) -> "SpreadGame":
        cls.require_players(players)
        options = resolve_options(cls.options_declared, options, cls.variant)
        pack = cls.tiles.shuffled(random.Random(seed))
        return cls.from_pack(players, pack, options, seed)

    @classmethod
    def from_pack(cls, players: int, pack, options: dict | None = None,
                  seed: int | None = None) -> "SpreadGame":
        """A game from a shuffled pack (top first): the engine lays the surplus with 3
        players, deals `dealt` tiles a hand, and turns up the first tile."""
        options = resolve_options(cls.options_declared, options, cls.variant)
        game = cls(players, files.load_spread_layout(options["layout"]), options, seed)
        pack = list(pack)
        surplus = len(pack) % players if len(pack) == len(cls.tiles) else 0
        game.lay_surplus(pack[:surplus])
        pack = pack[surplus:]
        size = game.dealt
        hands = [sorted(pack[i * size:(i + 1) * size]) for i in range(players)]
        game.start_from_deal(hands, pack[players * size:])
        return game

    def start_from_deal(self, hands, pack) -> None:
        self.hands = [list(h) for h in hands]
        self.pack = list(pack)
        deal = {"pack": [str(t) for t in self.pack], "hands": [[str(t) for t in h] for h in hands]}
        if self.laid:
            deal["laid"] = list(self.laid)
        if self.shape.blocked:
            deal["blocked"] = sorted((self.shape.names[i] for i in self.shape.blocked),
                                     key=lambda n: self.shape.index[n])
        self.start = {"deal": deal}
        self.turned_up = self._begin_turn()

    def lay_surplus(self, tiles) -> None:
        """Lay the surplus tiles before play: the first on two centre squares if it can,
        each at the first legal place in move order, else set aside."""
        centre = set(files.centre_squares(self.shape))
        for number, tile in enumerate(tiles):
            moves = self.placements_of(1 << TILE_INDEX[tile])
            if number == 0:
                moves = [m for m in moves if {self.shape.index[m.first],
                                              self.shape.index[m.second]} <= centre] or moves
            if moves:
                self.lay(moves[0])
                self.laid.append(str(moves[0]))
            else:
                self.set_aside.append(tile)
                self.laid.append(str(tile))

    @classmethod
    def from_record_start(cls, record: dict) -> "SpreadGame":
        return files.game_from_record_deal(cls, record)

    # ---- the protocol -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self._over() else self.to_move

    def _over(self) -> bool:
        return self.winner_by_domino is not None or (
            self.passes >= self.players and self.drawn >= len(self.pack))

    def need_contact(self) -> bool:
        return self.face_up > 0

    def placements_of(self, kinds: int) -> list[Placement]:
        """Legal placements of the tile kinds in the 28-bit set `kinds`, in text order."""
        found = self.board.legal_bits(oriented(kinds), self.need_contact())
        return sorted_placements(self.shape, found)

    def _kinds(self, player: int) -> int:
        bits = 0
        for tile in self.hands[player]:
            bits |= 1 << TILE_INDEX[tile]
        return bits

    def legal_moves(self) -> list:
        if self._over():
            return []
        return self.placements_of(self._kinds(self.to_move)) or [PASS]

    def illegal_reason(self, move) -> str | None:
        try:
            move = self.parse_move(move)
        except IllegalMoveError as exc:
            return exc.reason
        if self._over():
            return _("the game is over")
        if move == PASS:
            if self.placements_of(self._kinds(self.to_move)):
                return _("you cannot pass: a tile in your hand can be laid")
            return None
        refusal = self.board.squares_refusal(move)
        if refusal:
            return refusal
        if move.tile not in self.hands[self.to_move]:
            return _("you do not have {tile}").format(tile=move.tile)
        return self.board.fit_refusal(move, self.need_contact())

    def lay(self, move: Placement) -> bool:
        """Put `move` on the board, no hand or turn touched (play, the surplus and position
        files build the board with it); True when it went face down."""
        index = self.shape.index
        s1, s2 = index[move.first], index[move.second]
        self.board.place(s1, move.x, s2, move.y)
        if self.face_down and move.x == move.y:
            self.face_down_squares.update((s1, s2))
            self.board.seal((s1, s2))
            return True
        self.face_up += 1
        return False

    def _unlay(self, face_down: bool) -> None:
        s1, _x, s2, _x = self.board.lift()
        if face_down:
            self.face_down_squares.difference_update((s1, s2))
            self.board.seal((s1, s2), -1)
        else:
            self.face_up -= 1

    def _push(self, move):
        player = self.to_move
        before = (self.passes, self.turned_up)
        was_seen = False            # the tile laid was one everyone saw turned up
        if move == PASS:
            self.passes += 1
            hidden = None
        else:
            self.hands[player].remove(move.tile)
            if move.tile in self.seen[player]:
                self.seen[player].remove(move.tile)
                was_seen = True
            hidden = self.lay(move)
            self.passes = 0
            if self.dealt and not self.hands[player]:
                self.winner_by_domino = player
        turned = None
        if not self._over():
            self.to_move = (player + 1) % self.players
            turned = self._begin_turn()
        self.turned_up = turned
        return player, hidden, before, turned, was_seen

    def _begin_turn(self) -> Tile | None:
        """Turn up the top tile into the hand of the player to move when the rules say so."""
        if self.drawn >= len(self.pack):
            return None
        if self.dealt and self.placements_of(self._kinds(self.to_move)):
            return None
        tile = self.pack[self.drawn]
        self.drawn += 1
        hand = self.hands[self.to_move]
        hand.append(tile)
        hand.sort()
        self.seen[self.to_move].append(tile)
        self.seen[self.to_move].sort()
        if self.drawn == len(self.pack):
            # Passes made while tiles were still to come do not end the game: whoever
            # turns up the last tile, and everyone after, gets a turn with the pack empty.
            self.passes = 0
        return tile

    def _pop(self, move, info) -> None:
        player, hidden, (passes, turned_up), turned, was_seen = info
        if turned is not None:
            self.hands[self.to_move].remove(turned)
            self.seen[self.to_move].remove(turned)
            self.drawn -= 1
        self.to_move = player
        self.winner_by_domino = None
        if move != PASS:
            self._unlay(hidden)
            self.hands[player].append(move.tile)
            self.hands[player].sort()
            if was_seen:
                self.seen[player].append(move.tile)
                self.seen[player].sort()
        self.passes, self.turned_up = passes, turned_up

    def outcome(self) -> Outcome | None:
        if not self._over():
            return None
        scores = tuple(len(h) for h in self.hands)
        if self.winner_by_domino is not None:
            return Outcome(scores, self.winner_by_domino, "domino")
        fewest = min(scores)
        best = [p for p, s in enumerate(scores) if s == fewest]
        return Outcome(scores, best[0] if len(best) == 1 else None, "blocked")

    # ---- what players see and what is written down -------------------------------------
    def secret_tiles(self, player: int) -> tuple:
        """The hand, but for the tiles everyone saw turned up (only dealt ones stay secret)."""
        return tuple((Counter(self.hands[player]) - Counter(self.seen[player])).elements())

    def clone(self) -> "SpreadGame":
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.board = self.board.copy()
        other.hands = [list(h) for h in self.hands]
        other.seen = [list(h) for h in self.seen]
        other.face_down_squares = set(self.face_down_squares)
        other._stack = list(self._stack)
        return other

