"""What one player sees of a line game."""
from __future__ import annotations

from dataclasses import dataclass

from ..core import Tile, View
from .engine import LineRound
from .laying import Placed


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

    def ends_after(self, move) -> tuple[int, int]:
        """The line's two open ends once `move` (a tile laid) is played."""
        tile = move.tile
        if self.ends is None:
            return (tile.a, tile.b)
        if move.end == "L":
            return (tile.other(self.ends[0]), self.ends[1])
        return (self.ends[0], tile.other(self.ends[1]))


def make_view(variant: str, rnd: LineRound, player: int, players: int, totals, eliminated,
              round_number: int, limit: int, options: dict) -> LineView:
    current = rnd.current
    own_turn = current == player
    line, lacks = rnd._derive()
    none: frozenset[int] = frozenset()
    return LineView(
        variant=variant, player=player, players=players, current_player=current,
        hand=rnd.hand_tiles(player),
        hand_sizes=tuple(rnd.hand_size(p) for p in range(players)),
        boneyard=rnd.boneyard, line=line, ends=rnd.ends,
        totals=tuple(totals), eliminated=tuple(eliminated), round_number=round_number,
        history=tuple((seat, str(move), drawn) for seat, move, drawn in rnd.moves),
        drawn_this_turn=rnd.drawn_count, drawn_tiles=tuple(rnd.drawn) if own_turn else (),
        known_missing=tuple(lacks.get(p, none) for p in range(players)),
        limit=limit, options=dict(options), moves=tuple(rnd.legal_moves()) if own_turn else ())
