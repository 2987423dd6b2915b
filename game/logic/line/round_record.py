"""A line round's results and its record form (docs/rules.md, Writing moves and games
down): what each player adds and holds when it ends, and the round as a record's deal,
moves and result, written and read back.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core import BLANK, Tile
from .laying import (LineRules, Placed, broken_join, extra_plays_problem, hands_problem,
                     wrong_opener)
from .moves import TurnMove, hand_pips, hand_tiles, pips_and_tiles


class RoundRecord:
    """The results and the record of a round (a part of engine.LineRound)."""

    __slots__ = ()
    # What this part reads of the round (engine.LineRound's slots and methods).
    rules: LineRules
    seats: tuple[int, ...]
    _hands: list[int]       # per player, the bits of the elements held
    _deal: tuple[int, ...]  # _hands as dealt
    _stock: tuple[int, ...]
    start_line: tuple[Placed, ...]
    start_to_move: int
    start_extra: int
    set_up: bool
    end_reason: str | None
    if TYPE_CHECKING:
        def __init__(self, rules: LineRules, seats: Iterable[int], hands: dict[int, list[Tile]],
                     stock: Iterable[Tile], line: Iterable[Placed] = (),
                     to_move: int | None = None, extra_plays: int = 0) -> None: ...

        def hand_tiles(self, player: int) -> tuple[Tile, ...]: ...

        @property
        def _elements(self) -> tuple[Tile, ...]: ...

        @property
        def moves(self) -> list[tuple[int, TurnMove, int]]: ...

    def leftovers(self, players: int) -> tuple[list[int], tuple[tuple[Tile, ...], ...]]:
        """(what each player adds, the tiles each holds) as the round ends (0 and () for
        players not in the round)."""
        if self.rules.blank or self.rules.score_by != "pips":
            return self.scores(players), tuple(self.hand_tiles(p) for p in range(players))
        scores, tiles = pips_and_tiles(self._hands, self.seats, players)
        return scores, tuple(tiles)

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
        """This round in the record form of docs/rules.md (deal, moves, result when over)."""
        elements = self._elements
        deal = self._deal
        hands = [[str(t) for t in (hand_tiles(deal[s]) if not self.rules.blank
                                   else (BLANK,) * deal[s].bit_count())]
                 if s in self.seats else [] for s in range(players)]
        stock = [str(elements[bit.bit_length() - 1]) for bit in self._stock]
        result: dict[str, object] = {
            "deal": {"hands": hands, "stock": stock},
            "moves": [{"player": s, "move": str(m)} for s, m, _ in self.moves]}
        if self.set_up:
            start: dict[str, object] = {"line": [str(p) for p in self.start_line],
                                        "to_move": self.start_to_move}
            if self.start_extra:
                start["extra_plays"] = self.start_extra
            result["start"] = start
        if self.end_reason:
            result["result"] = {"scores": self.scores(players), "reason": self.end_reason}
        return result

    @classmethod
    def from_record(cls, rules: LineRules, seats, data: dict, players: int):
        """The round as dealt in `data` (moves not applied); ValueError when malformed."""
        deal = data["deal"]
        hands = {s: [Tile.parse(t) for t in deal["hands"][s]] for s in range(players)}
        stock = [Tile.parse(t) for t in deal["stock"]]
        start = data.get("start") or {}
        line = [Placed.parse(p) for p in start.get("line", [])]
        miscount = rules.tiles.miscount(
            [("hands", [t for h in hands.values() for t in h]), ("stock", stock),
             ("line", [p.tile for p in line])])
        if miscount:
            raise ValueError(f"the deal does not hold every tile of the set once: "
                             f"{miscount.message}")
        to_move = start.get("to_move")
        if to_move is not None and to_move not in seats:
            raise ValueError(f"to_move {to_move!r} is not a player in the round")
        problem = hands_problem(hands, seats) or broken_join(line) or (
            None if line or to_move is None else wrong_opener(rules, hands, seats, to_move)) \
            or extra_plays_problem(rules, len(line), start.get("extra_plays", 0))
        if problem:
            raise ValueError(problem)
        return cls(rules, seats, hands, stock, line, to_move, start.get("extra_plays", 0))
