"""Blank tiles: a single hand of line play with 28 tiles that have no pips.

Built on the classic match as a tile set and a match rule: every tile fits every end,
nobody draws, the seat of option `opener` opens with any tile (a rematch passes the
opening on: `rematch_options`), and (option `doubles`) every blank tile counts as a double,
so its player may play again: lay another tile or end the turn with `stop` (option
`one_extra`, on by default: one such extra play a turn). The first to empty the hand wins;
the others rank by the tiles they still hold (the outcome's scores are the tiles left).
"""
from __future__ import annotations

from typing import ClassVar

from .classic import ClassicMatch
from ..core import FileFormatError, Outcome
from ..records import check_header
from .engine import LineRound
from .laying import LineRules
from .moves import STOP, LineMove
from .view import LineView
from ..options import Option, Options


# (doubles, one_extra) -> the rules of a round
_RULES = {(doubles, one_extra): LineRules(blank=True, drawing=False, opening="any",
                                          extra_for_double=doubles, one_extra=one_extra,
                                          score_by="tiles")
          for doubles in (False, True) for one_extra in (False, True)}


class BlankGame(ClassicMatch):
    variant = "blank"
    title = "Blank tiles"
    notation = ("as classic, with the blank tile written `_` (`_`, `_L`, `_R`); `stop` ends a "
                "turn where a double would let its player lay another tile")
    score_counts = "tiles left"
    how_to_win = "Be the first to empty your hand."
    hands_differ = False            # every tile is blank: a hand shows nothing to hide
    min_players = 2
    max_players = 4
    record_keys = ("deal", "start")
    options_declared: ClassVar[Options] = (
        Option("doubles", True, "every blank tile counts as a double and earns another play"),
        Option("one_extra", True, "at most one extra play per turn (off: every tile laid "
                                  "lets the player go on)"),
        Option("opener", 1, "the seat that opens (counted round the table); a rematch "
                            "passes the opening to the next seat", minimum=1, maximum=4),
    )
    rules_text = """\
All 28 tiles are blank. Each player gets 7; the rest are put aside and nobody draws. \
The opening player (the first seat, or the one the option opener names; every rematch \
passes the opening to the next seat) lays any tile, then each turn a tile goes on either \
end of the line: every tile fits every end.

A blank tile has the same (empty) number on both ends, so it counts as a double, and \
whoever lays a double may play again, as the source rules say: lay another tile, or end \
the turn (the End turn button, key N; the move stop). By default a turn holds at most one \
such extra play, so a turn is one or two tiles and play goes round the table as in the \
source's example game. With the option one_extra off, every tile laid lets the player go \
on until they stop or run out; turning off the option doubles gives plain turns of one \
tile.

The first player to empty their hand wins; the others rank by the tiles they still hold.

Choices of this version: the source's example game has players pass now and then, but \
a blank tile fits either end, so here nobody is ever without a move until the game ends. \
There is little to choose: any tile on either end makes the same line, and taking an \
extra play never does worse than ending the turn, since nobody's play changes another \
player's hand. The computer players take every extra play (Easy sometimes ends its turn \
instead). The rest is luck, so the opening moves round the table from one game to \
the next."""

    def _make_rules(self) -> LineRules:
        return _RULES[bool(self.options["doubles"]), bool(self.options["one_extra"])]

    def _turn_order(self, seats) -> tuple:
        """The seats from the opening one on, round the table (the same when given
        in that order already)."""
        first = list(seats).index((self.options["opener"] - 1) % self.players)
        return tuple(seats[first:]) + tuple(seats[:first])

    def _deal(self, number: int, seats) -> LineRound:
        return super()._deal(number, self._turn_order(seats))

    def _next_round(self, seats) -> LineRound:
        return super()._next_round(self._turn_order(seats))

    def rematch_options(self) -> dict:
        """The options of the next game: the seat after this game's opener opens."""
        return {**self.options, "opener": self.options["opener"] % self.players + 1}

    def _finish_round(self, rnd: LineRound) -> None:
        scores = tuple(rnd.scores(self.players))
        assert rnd.end_reason, "a round is finished once it has ended"
        self._outcome = Outcome(scores, rnd.domino_seat, rnd.end_reason)

    def _unfinish_round(self) -> None:
        self._outcome = None

    @classmethod
    def from_record(cls, record: dict) -> "BlankGame":
        """A blank game is one hand: its deal, moves and result sit at the top level."""
        check_header(cls, record)
        if "deal" not in record:
            raise FileFormatError("<record>", None, "the record has no deal")
        single = {key: record[key] for key in ("variant", "options", "seed", "players")
                  if key in record}
        single["rounds"] = [{key: record[key] for key in ("deal", "moves", "start")
                             if key in record}]
        return cls._from_rounds(single)

    def record(self) -> dict:
        nested = super().record()
        nested.pop("result", None)
        (rnd,) = nested.pop("rounds")
        rnd.pop("active", None)
        rnd.pop("result", None)
        nested.update(rnd)
        if self._outcome:
            nested["result"] = self._outcome.as_record()
        return nested

    @staticmethod
    def heuristic(view: LineView, move: LineMove) -> float:
        """Every tile move is as good as any other; ending the turn instead of taking an
        extra play is worse (a tile laid now is a tile less to lay)."""
        return -1.0 if move is STOP else 0.0
