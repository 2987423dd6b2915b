"""Classic draw dominoes: rounds of line play until players reach the point limit.

A `ClassicMatch` is a sequence of `LineRound`s (engine.py). When a round ends, the pips
left in each hand are added to that player's total, players at the limit are out and
`finished_rounds` grows by one. The next round is dealt from the match seed when it is
first asked for (`round`, `current_player`, `legal_moves`, `view`, `record`...), so
`apply()` of a round's last move does not pay for a deal nobody looks at.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar, Self

from ..core import (DominoError, FileFormatError, IllegalMoveError, OptionError, Outcome,
                    PassMove, Tile)
from ..records import (check_header, replay_moves, seed_problem, stated_result_problem,
                       unknown_key)
from .engine import BEFORE, MOVE, SEAT, LineRound, PlaysRounds
from .laying import LineRules
from .moves import BITS, PASS, LineMove, TurnMove
from .view import LineView, make_view
from .position import read_round, round_position_lines
from ..options import Option, Options, resolve_options
from ..state import GameState
from ..textfiles import TomlFile
from ..tiles import seeded_random, shuffle

POSITION_KEYS = ("variant", "players", "seed", "round", "totals", "line", "hands", "stock",
                 "to_move", "extra_plays", "options")
# What a record may hold in a round, its deal and its start, and in the match's start.
ROUND_KEYS = ("deal", "moves", "result", "active", "start")
DEAL_KEYS = ("hands", "stock")
ROUND_START_KEYS = ("line", "to_move", "extra_plays")
MATCH_START_KEYS = ("totals", "round")


@dataclass(frozen=True, init=False)
class RoundResult:
    """How one finished round went: what each player added and the totals after it."""

    number: int
    scores: tuple[int, ...]
    reason: str                 # "domino" or "blocked"
    domino: int | None          # the player who emptied the hand
    totals: tuple[int, ...]
    out: tuple[int, ...]        # players who reached the limit in this round
    hands: tuple[tuple[Tile, ...], ...] = ()   # per player, the tiles left when it ended
    boneyard: int = 0           # tiles left to draw when it ended

    def __init__(self, number, scores, reason, domino, totals, out, hands=(), boneyard=0):
        # The fields go into the instance's dict in one call: the generated __init__ of a
        # frozen class makes one object.__setattr__ call a field, some 3% of a random
        # round's time (callgrind).
        self.__dict__.update(number=number, scores=scores, reason=reason, domino=domino,
                             totals=totals, out=out, hands=hands, boneyard=boneyard)


_SEATS = {n: tuple(range(n)) for n in range(5)}
OPENINGS = {"highest": "highest_double", "any": "any"}     # the option's words -> LineRules
_CLASSIC_RULES = {(block, opening): LineRules(drawing=not block, opening=OPENINGS[opening])
                  for block in (False, True) for opening in OPENINGS}


MAX_LIMIT = 1000
MOST_PIPS = 168             # every pip of the set: more than one hand can hold
MAX_ROUND = 10 ** 6         # far beyond any match (a round adds points to all but one)


def _highest_total(options: dict) -> int:
    """The most a player's total can be: one point short of the limit, plus one hand."""
    return options.get("limit", 0) - 1 + MOST_PIPS


def _valid_totals(totals: list, players: int, highest: int) -> bool:
    """Whether `totals` lists one score per player, each a whole number from 0 to `highest`."""
    return isinstance(totals, list) and len(totals) == players and all(
        isinstance(t, int) and not isinstance(t, bool) and 0 <= t <= highest for t in totals)


class ClassicMatch(PlaysRounds, GameState):
    variant = "classic"
    title = "Classic draw dominoes"
    notation = ("the opening tile alone (`6-6`), then the tile and the end of the line it goes "
                "on, `L` or `R` (`3-6R`, `0-3L`)")
    score_counts, lower_score_wins = "points", True
    hard_hooks = "game.logic.line.worlds"
    coach_reasons = "line"
    how_to_win = (
        "Get rid of your tiles: as each round ends, everyone adds the pips left in "
        "their hand to their total; a player who reaches the point limit is out, and "
        "the last one left wins.")
    min_players = 2
    max_players = 4
    record_keys = ("rounds", "start")
    options_declared: ClassVar[Options] = (
        Option("limit", 150, "points that put a player out of the match", minimum=1,
               maximum=MAX_LIMIT),
        Option("block", False, "block game: nobody draws from the boneyard"),
        Option("opening", "highest", "who opens a round: highest (the highest double, else "
               "the heaviest tile) or any (the first player, with any tile)",
               choices=tuple(OPENINGS)),
    )
    rules_text = """\
Each player gets 7 tiles from the double-six set; the rest is the boneyard. The holder \
of the highest double opens the round with it (with no double dealt, the heaviest tile \
opens). Then, in turn, play a tile whose number matches one of the two open ends of the \
line. A tile that fits both ends goes where you choose. With the option opening = any, \
the first player still in the match (in seat order) opens every round instead, with any \
tile of their hand (as many block games are played).

If you cannot play, the game draws for you, one tile at a time, until a tile fits or \
the boneyard is empty; then you pass. You never pass while you can play. In the block \
game (option block) nobody draws.

A round ends when someone plays their last tile, or as soon as nobody can play and \
nothing is left to draw (blocked). Every player adds the pips left in their own hand to \
their own total (0-0 counts 0).

A player whose total reaches the limit (150 unless changed) is out, and the next rounds \
are dealt to the others only. The last player left wins. If the last players all go out \
in the same round, the lowest total among them wins; equal lowest totals are a draw."""

    def __init__(self, players: int, seed: int, options: dict, totals=None,
                 first_round: int = 1, recorded_rounds=()):
        self.players = players          # (checked by new, from_record and from_position)
        self.seed = seed
        self.options = options
        self.rules = self._make_rules()
        if totals:
            self.totals = list(totals)
            self.eliminated = [p for p in range(players)
                               if self.limit and self.totals[p] >= self.limit]
        else:
            self.totals, self.eliminated = [0] * players, []
        self.start_totals = tuple(self.totals)
        self.first_round = first_round
        self.finished_rounds: list[RoundResult] = []
        self._rounds: list[LineRound] = []
        self._live: LineRound | None = None     # the round in play, None between rounds
        self._pending: tuple | None = None      # seats of the next round, not dealt yet
        self._recorded = list(recorded_rounds)
        self._outcome: Outcome | None = None

    # ---- variant hooks (blank.py overrides the rules and the end of a round) ------
    def _make_rules(self) -> LineRules:
        return _CLASSIC_RULES[bool(self.options["block"]), self.options["opening"]]

    @property
    def limit(self) -> int:
        return self.options.get("limit", 0)

    def _deal(self, number: int, seats) -> LineRound:
        """Round `number` dealt from the match seed: a pure function of the two."""
        order = list(BITS)          # element i stands as its bit; the set has 28 elements
        shuffle(seeded_random(f"{self.seed}:{number}"), order)
        return LineRound.dealt(self.rules, seats, order)

    def _finish_round(self, rnd: LineRound) -> None:
        scores, hands = rnd.leftovers(self.players)
        # the options and the rounds rather than the properties limit and round_number:
        # reading a property is a generic lookup in Python 3.11, and every round ends here
        totals, limit = self.totals, self.options["limit"]
        out = []
        for s in rnd.seats:
            totals[s] += scores[s]
            if totals[s] >= limit:
                out.append(s)
        self.eliminated += out
        self.finished_rounds.append(RoundResult(
            self.first_round + len(self._rounds) - 1, tuple(scores), rnd.end_reason,
            rnd.domino_seat, tuple(totals), tuple(out), hands, rnd.boneyard))
        if not out:
            self._pending = rnd.seats
            return
        remaining = [s for s in rnd.seats if s not in out]
        if len(remaining) >= 2:
            self._pending = tuple(remaining)
        elif remaining:
            self._outcome = Outcome(tuple(self.totals), remaining[0], "eliminated")
        else:
            lowest = min(self.totals[s] for s in out)
            best = [s for s in out if self.totals[s] == lowest]
            winner = best[0] if len(best) == 1 else None
            self._outcome = Outcome(tuple(self.totals), winner, "all out")

    def _unfinish_round(self) -> None:
        """Take back what `_finish_round` did at the end of the last round."""
        result = self.finished_rounds.pop()
        self.totals = [total - score for total, score in zip(self.totals, result.scores)]
        del self.eliminated[len(self.eliminated) - len(result.out):]
        self._outcome = None

    # ---- construction --------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict | None = None) -> Self:
        cls.require_players(players)
        match = cls(players, seed, resolve_options(cls.options_declared, options, cls.variant))
        match._start(match._deal(match.first_round, _SEATS[players]))
        return match

    def _start(self, rnd: LineRound) -> None:
        self._rounds.append(rnd)
        self._live = rnd
        self._pending = None

    def _next_round(self, seats) -> LineRound:
        index = len(self._rounds)
        number = self.first_round + index
        if index >= len(self._recorded):
            return self._deal(number, tuple(seats))
        data = self._recorded[index]
        if not isinstance(data, dict):
            raise FileFormatError("<record>", None, f"round {number} is not a JSON object")
        problem = unknown_key(data, ROUND_KEYS, f"round {number}")
        for key, known in (("deal", DEAL_KEYS), ("start", ROUND_START_KEYS)):
            if problem is None and isinstance(data.get(key), dict):
                problem = unknown_key(data[key], known, f"round {number}'s {key}")
        if problem:
            raise FileFormatError("<record>", None, problem)
        if data.get("active", list(seats)) != list(seats):
            raise DominoError(f"round {number}: the record deals to players {data.get('active')}, "
                              f"but the players left are {list(seats)}")
        try:
            return LineRound.from_record(self.rules, tuple(seats), data, self.players)
        except (KeyError, IndexError, TypeError, AttributeError):
            raise FileFormatError("<record>", None, f"round {number}: bad deal (a hand for "
                                  "each player and the stock, each a list of tiles written "
                                  "like 3-5)") from None
        except ValueError as exc:              # the reader's own words
            raise FileFormatError("<record>", None, f"round {number}: bad deal ({exc})") from None

    @classmethod
    def from_record(cls, record: dict) -> Self:
        check_header(cls, record)
        return cls._from_rounds(record)

    @classmethod
    def _from_rounds(cls, record: dict) -> Self:
        """The match of a record whose header is checked: its rounds replayed."""
        rounds = record.get("rounds") or []
        if not rounds:
            raise FileFormatError("<record>", None, "the record has no rounds")
        options = resolve_options(cls.options_declared, record.get("options"), cls.variant)
        try:
            start = record.get("start", {})
            problem = isinstance(start, dict) and unknown_key(start, MATCH_START_KEYS,
                                                               "the start")
            if problem:
                raise FileFormatError("<record>", None, problem)
            players, totals, first = record["players"], start.get("totals"), start.get("round", 1)
            cls.require_players(players)
            top = _highest_total(options)
            if totals is not None and not _valid_totals(totals, players, top):
                raise FileFormatError("<record>", None, f"start totals must list {players} "
                                                        f"whole numbers from 0 to {top}")
            if not isinstance(first, int) or isinstance(first, bool) or \
                    not 1 <= first <= MAX_ROUND:
                raise FileFormatError("<record>", None, f"start round must be a whole number "
                                                        f"from 1 to {MAX_ROUND:,}")
            match = cls(players, record.get("seed", 0), options, totals, first, rounds)
        except (KeyError, TypeError, AttributeError):
            raise FileFormatError("<record>", None, "malformed record (a key is missing or "
                                                    "holds a value of the wrong kind)") from None
        # The first round is dealt to everyone below the limit, like every later one.
        seats = [p for p in range(match.players) if p not in match.eliminated]
        if len(seats) < 2:
            raise FileFormatError("<record>", None, "fewer than two players are below the limit")
        match._start(match._next_round(seats))
        match._replay(rounds)
        match.round  # noqa: B018 (a recorded next round is read, and checked, now)
        return match

    def _replay(self, rounds) -> None:
        for index, data in enumerate(rounds):
            number = self.first_round + index

            def stop(index=index, number=number):
                begun = len(self._rounds) + (self._pending is not None)
                if self.is_over() or begun > index + 1:
                    return "the round is already over"
                if begun < index + 1:
                    return f"round {number - 1} is not over"
                return None

            replay_moves(self, data.get("moves", []),
                         lambda i, number=number: f"round {number}, move {i + 1}", stop)

    def stated_results_problem(self, record: dict) -> str | None:
        """The first round whose recorded result (each player's points and how it ended)
        is not what its moves give, named with both."""
        for index, (rnd, data) in enumerate(zip(self._rounds, record.get("rounds") or [])):
            if not isinstance(data, dict) or "result" not in data:
                continue
            number = self.first_round + index
            given = rnd.record(self.players).get("result")
            if given is None:
                return f"round {number}: the record gives it a result, but its moves do not " \
                       "end it"
            problem = stated_result_problem(given, data["result"], required=("scores",))
            if problem:
                return f"round {number}: {problem}"
        return None

    # ---- the protocol --------------------------------------------------------------
    @property
    def round(self) -> LineRound:
        """The round being played (the last one once the match is over); a round due
        after the last one ended is dealt now."""
        if self._pending is not None:
            self._start(self._next_round(self._pending))
        return self._rounds[-1]

    @property
    def round_number(self) -> int:
        return self.first_round + len(self._rounds) - (self._pending is None)

    @property
    def current_player(self) -> int | None:
        rnd = self._live
        if rnd is not None:
            return rnd._state[SEAT]
        return None if self._outcome else self.round.current

    @property
    def drawn_this_turn(self) -> list:
        """Tiles the player to move drew from the boneyard at the start of this turn."""
        return [] if self._outcome else list(self.round.drawn)

    def legal_moves(self) -> list[TurnMove]:
        try:                    # _live is None between rounds: cheaper than a test
            return [*self._live._moves]     # type: ignore[union-attr]
        except AttributeError:          # between rounds (no round in play)
            return [] if self._outcome else self.round.legal_moves()

    def parse_move(self, text) -> TurnMove:
        if text.__class__ is LineMove or text is PASS:
            return text
        if isinstance(text, PassMove):
            return PASS
        return text if isinstance(text, LineMove) else LineMove.parse(text)

    _as_move = parse_move

    def illegal_reason(self, move) -> str | None:
        try:
            move = self._as_move(move)
        except IllegalMoveError as exc:         # malformed text
            return exc.reason
        if self._outcome:
            return "the game is over"
        return self.round.illegal_reason(move)

    # apply is PlaysRounds.apply (engine.py): the round in play plays the move.
    def _apply_slowly(self, move) -> LineMove:
        """apply's way for a move its lookup did not find: as text, or another object
        equal to pass; before the first move of a round not dealt yet; or not legal
        (refused, saying why)."""
        move = self.parse_move(move)
        if self._outcome:
            raise IllegalMoveError(move, "the game is over")
        rnd = self.round
        if move not in rnd._moves:
            raise IllegalMoveError(move, rnd.illegal_reason(move) or "not a legal move now")
        return self.apply(move)

    def _end_round(self, rnd: LineRound) -> None:
        self._live = None
        self._finish_round(rnd)

    def undo(self):
        """Take back the last applied move and return it; IndexError if there is none.
        Across the end of a round too: the round's result and any round dealt after it
        are taken back with it."""
        rnd = self._live
        if rnd is None or rnd._state[BEFORE] is None:   # no move yet in the round in play
            ended = len(self._rounds) - (rnd is not None)   # rounds that ended, here
            if not ended:
                raise IndexError("no move to take back")
            del self._rounds[ended:]
            self._unfinish_round()
            self._live = rnd = self._rounds[-1]
            self._pending = None
        return rnd.undo()

    # The protocol's move stack, (player, move, undo information: the round's state after
    # the move), read off the rounds; apply and undo above keep it.
    @property   # GameState's list, read off the rounds here (nothing assigns it)
    def _stack(self) -> list[tuple]:    # type: ignore[override]
        return [(after[BEFORE][SEAT], after[MOVE], after)
                for rnd in self._rounds for after in rnd.states()]

    def _push(self, move):
        self.apply(move)
        return self._rounds[-1]._state

    def _pop(self, move, info) -> None:
        self.undo()

    def outcome(self) -> Outcome | None:
        return self._outcome

    def view(self, player: int) -> LineView:
        return make_view(self.variant, self.round, player, self.players, self.totals,
                         self.eliminated, self.round_number, self.limit, self.options)

    def record(self) -> dict:
        self.round  # noqa: B018 (a round due is dealt: the record shows it)
        result = self.record_header()
        if any(self.start_totals) or self.first_round != 1:
            result["start"] = {"totals": list(self.start_totals), "round": self.first_round}
        result["rounds"] = [dict(r.record(self.players), active=list(r.seats))
                            for r in self._rounds]
        if self._outcome:
            result["result"] = self._outcome.as_record()
        return result

    # ---- the greedy computer player's judgement -------------------------------------
    @staticmethod
    def heuristic(view: LineView, move: LineMove) -> float:
        """Shed heavy tiles, play doubles early, keep ends you can follow, and leave ends
        the next player has shown they lack (they drew or passed on them)."""
        if move.is_pass:
            return 0.0
        tile = move.tile
        score = tile.value + (4.0 if tile.is_double else 0.0)
        rest = list(view.hand)
        rest.remove(tile)
        ends = view.ends_after(move)
        score += 1.5 * sum(1 for t in rest if t.a in ends or t.b in ends)
        lacking = view.known_missing[view.next_player()]
        score += 3.0 * sum(1 for n in set(ends) if n in lacking)
        return score

    # ---- position files --------------------------------------------------------------
    @classmethod
    def from_position(cls, data, path: str = "<position>") -> Self:
        """A match from a position file: `data` is a TomlFile (errors name lines) or a dict."""
        toml = data if isinstance(data, TomlFile) else TomlFile(path, "", data)
        toml.refuse_unknown(POSITION_KEYS)
        variant = toml.get("variant", str)
        if variant != cls.variant:
            raise toml.error("variant", f"this is a {variant!r} position, not {cls.variant!r}")
        players = toml.get("players", int)
        if problem := cls.players_problem(players):
            raise toml.error("players", problem)
        try:
            given = toml.get("options", dict, {})
            options = resolve_options(cls.options_declared, given, cls.variant)
        except OptionError as exc:
            line = next((n for n, t in enumerate(toml.text.splitlines(), 1)
                         if t.strip() == "[options]"), None)
            raise FileFormatError(toml.path, line, str(exc)) from None
        totals = toml.get("totals", list, [0] * players)
        if not _valid_totals(totals, players, _highest_total(options)):
            raise toml.error("totals", f"totals must list {players} whole numbers from 0 to "
                                       f"{_highest_total(options)}")
        first_round = toml.whole("round", 1, MAX_ROUND, 1)
        seed = toml.get("seed", int, 0)
        if problem := seed_problem(seed):
            raise toml.error("seed", problem)
        match = cls(players, seed, options, totals, first_round)
        seats = tuple(p for p in range(players) if p not in match.eliminated)
        if len(seats) < 2:
            raise toml.error("totals", "fewer than two players are below the limit")
        match._start(read_round(toml, match.rules, players, seats))
        if match.round.end_reason:
            raise toml.error("hands", "nobody can play in this position: the round is blocked")
        return match

    def position_text(self) -> str:
        """This position as a position file (from_position reads it back)."""
        if self._outcome:
            raise DominoError("the game is over: there is no position to write")
        lines = [f'variant = "{self.variant}"', f"players = {self.players}",
                 f"seed = {self.seed}"]
        if self.limit:          # a match over several rounds
            lines += [f"round = {self.round_number}", f"totals = {self.totals}"]
        lines += round_position_lines(self.round, self.players)
        lines += ["", "[options]"]
        lines += [f"{k} = {json.dumps(v)}" for k, v in self.options.items()]
        return "\n".join(lines) + "\n"

