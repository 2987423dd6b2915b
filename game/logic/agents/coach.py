"""The coach: the Hard player's choice for a player's view, with a reason in player words.

`advise(view, ...)` runs the Hard search on the view alone (never a state: it cannot read
hidden tiles) and returns an Advice: the move, the move in words, a short reason drawn
from what the view shows, and every searched candidate's estimated value. The values are
the search's own: in games with hidden tiles the mean result of simulated games in [0, 1]
(a win counts 1, mixed with the margin where the variant's playouts do so), on the open
boards the alpha-beta score in the variant's points (about 10 an element).

The reasons, per family of games (the generic one when no fact stands out):
* line games: an end left open that the next player has shown they lack, the heaviest
  tile shed, a line blocked while holding few pips;
* moving games: what the move captures and whether it leaves anything to be taken back;
* tiles on a board: territory gained (Dominox), what the tile costs (Dominid) or how dear
  an arranged opening leaves the first player's first tile, a tile that fits the fewest
  places, the last place taken from a tile an opponent was seen to turn up (Spread).

The post-game review, which weighs a person's choices against the coach's, is in
review.py.
"""
from __future__ import annotations

from game.i18n import _, ngettext

import math
import random
import re
from collections import Counter
from dataclasses import dataclass

from ..board.placement import tile_bits
from ..core import DOUBLE_SIX, PASS
from ..variants import find_variant
from . import greedy_ratings
from .alphabeta import MAX_DEPTH, WIN
from .hard import HardAgent
from .hooks import hooks_for
from .search import root_search

FORCED = WIN - MAX_DEPTH        # alpha-beta scores beyond this are forced wins or losses
TELLING_GAMES = 100             # simulated games of a move before its odds mean something
                                # (their 95% margin is then within 10 points)


@dataclass(frozen=True)
class Advice:
    move: str                   # the coach's choice, canonical text
    words: str                  # the move in player words: "6-6 on the left"
    reason: str                 # why, in player words
    kind: str                   # "chance" (simulated games), "score" (alpha-beta) or ""
    values: tuple               # ((move text, estimated value), ...): the choice, then the
                                # others best first
    searched: int = 0           # simulated games or positions searched
    counts: tuple = ()          # simulated games per move of `values` (the games with
                                # hidden tiles; empty for alpha-beta)
    factual: bool = False       # the reason is a fact of the position, not the search's
                                # numbers

    def value_of(self, move) -> float | None:
        text = str(move)
        return next((v for m, v in self.values if m == text), None)

    def count_of(self, move) -> int | None:
        text = str(move)
        return next((c for (m, _x), c in zip(self.values, self.counts) if m == text), None)

    @property
    def text(self) -> str:
        return _("{move}: {reason}.").format(move=self.words, reason=self.reason)


# --- moves in words ------------------------------------------------------------------------
def move_words(move) -> str:
    text = str(move)
    if move == PASS:
        return _("pass")
    if text == "stop":                                    # blank tiles' extra play declined
        return _("end your turn")
    end = getattr(move, "end", None)
    if isinstance(end, str):                              # the line games
        tile = _("a blank tile") if text.startswith("_") else str(move.tile)
        if end == "L":
            return _("{tile} on the left").format(tile=tile)
        return _("{tile} on the right").format(tile=tile) if end == "R" else tile
    if hasattr(move, "left") and hasattr(move, "right"):   # Dominid's arranged opening
        left, right = move.left, move.right
        return _("{left} on the left and {right} on the right, {a} and {b} at the "
                 "bottom").format(left=f"{left.x}-{left.y}", right=f"{right.x}-{right.y}",
                                  a=left.x, b=right.x)
    if hasattr(move, "first"):                            # a tile on two squares
        return _("{tile} on {first} and {second}").format(tile=f"{move.x}-{move.y}",
                                                          first=move.first,
                                                          second=move.second)
    if "@" in text:                                       # an element set down (Packs)
        tile, square = text.split("@")
        return _("{tile} on {square}").format(tile=tile, square=square)
    squares = re.split(r"[->]", text)                      # an element moving
    words = squares[0]
    for square in squares[1:]:                             # "c3 to e5 to c7"
        words = _("{start} to {end}").format(start=words, end=square)
    return words


def _name(names, player: int) -> str:
    return names[player] if names and player < len(names) else _("player {number}").format(
        number=player + 1)


# --- the search -------------------------------------------------------------------------------
def advise(view, seconds: float | None = 1.0, iterations: int | None = None, seed: int = 0,
           names=None, include=None) -> Advice:
    """The Hard choice for `view` (whose player is to move) within `seconds` (or a fixed
    number of `iterations`), its reason and the candidates' values. `include`: a move
    that must be among the searched candidates (the review's played move). `names`: the
    players' names, for reasons that name one."""
    moves = view.legal_moves()
    if not moves:
        raise ValueError("the coach advises only the player to move")
    if len(moves) == 1:
        only = moves[0]
        reason = _("nothing fits: you must pass") if only == PASS else _("your only legal move")
        return Advice(str(only), move_words(only), reason, "", ((str(only), 0.0),),
                      factual=True)
    hooks = hooks_for(view.variant)
    obvious = hooks.obvious(view) if hooks.obvious is not None else None
    if obvious is not None:
        best, reason = obvious
        return Advice(str(best[0]), move_words(best[0]), reason, "",
                      tuple((str(m), 0.0) for m in moves), factual=True)
    budget = None if iterations is not None else seconds      # iterations: no clock
    agent = HardAgent(seconds=budget, iterations=iterations)
    rng = random.Random(seed)
    include = None if include is None else view_variant_move(moves, include)
    counts: tuple = ()
    if hooks.perfect:
        values, searched, _x = _alpha_beta(view, hooks, moves, rng, agent, include)
        kind = "score"
    else:
        ranked = agent.ranked(view, moves)
        if include is not None and include not in ranked:
            ranked.append(include)
        stats = root_search(view, hooks, ranked, rng, agent.budget())
        chosen = stats.best()
        order = sorted(range(len(ranked)), key=lambda i: (i != chosen, -stats.mean(i), i))
        order = [i for i in order if stats.visits[i]]
        values = [(ranked[i], stats.mean(i)) for i in order]
        counts = tuple(stats.visits[i] for i in order)
        searched, kind = stats.iterations, "chance"
    best = values[0][0]
    reason = reasons(view, best, hooks, seed, names)
    generic = _generic(kind, values, counts, exact=hooks.root is not None)
    return Advice(str(best), move_words(best), reason or generic, kind,
                  tuple((str(m), v) for m, v in values), searched, counts, bool(reason))


def view_variant_move(moves: list, move):
    """The legal move object whose text is `move`'s."""
    text = str(move)
    return next(m for m in moves if str(m) == text)


def _alpha_beta(view, hooks, moves, rng, agent, include):
    """[(move, score)] best first by alpha-beta, the positions searched and the depth
    reached. Only the best score is exact (the others are bounds from above): `include`,
    when it is not the best, is searched again with an open window for its own exact
    score."""
    from .alphabeta import AlphaBeta, _Timeout, best_move
    budget = agent.budget()
    move, info = best_move(view, hooks, moves, rng, budget)
    if not info.scores:                 # not even depth 1 in time: the greedy order
        return [(move, 0.0)] + [(m, 0.0) for m in moves if m != move], info.nodes, 0
    values = sorted(((info.moves[i], s) for i, s in info.scores.items()),
                    key=lambda pair: (pair[0] != move, -pair[1]))
    if include is not None and include != move:
        state = hooks.worlds(view)(rng)
        search = AlphaBeta(hooks, type(budget)(None, max(2000, info.nodes)))
        state.apply(include)
        try:
            exact = -search.negamax(state, 1 - view.player, info.depth - 1, -WIN * 2,
                                    WIN * 2, 1)
            values = [(m, exact if m == include else s) for m, s in values]
        except _Timeout:                # the node budget ran out: keep the bound
            pass
        finally:
            state.undo()
    return values, info.nodes, info.depth


def _generic(kind: str, values: list, counts=(), exact=False) -> str:
    best = values[0][1]
    second = values[1][1] if len(values) > 1 else None
    if kind == "chance" and exact:      # the variant judges the chance itself (Packs)
        text = _("by the coach's reckoning it wins about {percent} of the time").format(
            percent=f"{round(100 * best)}%")
        if second is not None and best - second >= 0.01:
            text += _(", your next best {percent}").format(percent=f"{round(100 * second)}%")
        return text
    if kind == "chance":
        return _odds(best, second, counts)
    if best >= FORCED:
        return _("wins by force")
    if best <= -FORCED:
        return _("every move loses by force; this one holds out longest")
    if second is None or best - second < 1:
        return _("no other move scores better in the search")
    lead = round(best - second)
    return ngettext("the search rates it at least {count} point above your next best",
                    "the search rates it at least {count} points above your next best",
                    lead).format(count=lead)


def _odds(best: float, second: float | None, counts) -> str:
    """The simulated games in words: a figure only once it means something (enough games
    of the move), and a lead over the next best only where it stands clear of chance."""
    games = counts[0] if counts else 0
    if games < TELLING_GAMES:
        return _("it did best in the coach's few simulated games")
    text = _("it wins about {percent} of {games} simulated games").format(
        percent=f"{round(100 * best)}%", games=games)
    if second is None or len(counts) < 2:
        return text
    # the difference against twice its standard error (values in [0, 1]: at most 1/2)
    error = math.sqrt(0.25 / games + 0.25 / max(1, counts[1]))
    if best - second > 2 * error:
        return text + _(", clearly more than your next best ({percent})").format(
            percent=f"{round(100 * second)}%")
    return text + _(", about as often as your next best: a close call")


# --- reasons from the facts a view shows ------------------------------------------------------
def reasons(view, move, hooks, seed: int = 0, names=None) -> str:
    """The reason for `move` in `view` from what the view shows, or "" when none stands
    out."""
    if move == PASS:
        return ""
    kind = find_variant(view.variant).coach_reasons     # which reasons fit its moves
    if kind == "line":
        return _line_reason(view, move, names)
    if getattr(view, "arranging", False):
        return _arrangement_reason(view, move, names)
    world = hooks.worlds(view)(random.Random(seed))
    if kind == "elements":
        return _element_reason(view, move, world, hooks)
    if kind == "spread":
        return _spread_reason(view, move, world, names)
    return _board_reason(view, move, world)


def _line_reason(view, move, names) -> str:
    tile = move.tile
    facts = []
    ends = view.ends_after(move)
    nxt = view.next_player()
    lacking = sorted(n for n in set(ends) if n in view.known_missing[nxt])
    if lacking:
        numbers = _(" and ").join(_("a {number}").format(number=n) for n in lacking)
        facts.append(_("leaves {numbers} open, which {name} lacks").format(
            numbers=numbers, name=_name(names, nxt)))
    rest = list(view.hand)
    rest.remove(tile)
    on_line = [p.tile for p in view.line] + [tile]
    blocked = all(sum(1 for t in on_line if n in (t.a, t.b)) == 7 for n in set(ends))
    if blocked and view.line:
        facts.append(_blocking(view, tile, rest, names))
    heaviest = max(t.value for t in view.hand)
    if tile.value == heaviest and tile.value >= 7 and len(view.hand) > 1:
        facts.append(ngettext("sheds your heaviest tile, worth {count} pip",
                              "sheds your heaviest tile, worth {count} pips",
                              tile.value).format(count=tile.value))
    elif tile.is_double and not facts:
        facts.append(_("gets a double out while it still fits"))
    return _(", and ").join(facts[:2])


def _arrangement_reason(view, move, names) -> str:
    """Dominid's opening: how dear it leaves the first player's first tile (the greedy
    judgement: the expected cost of the cheapest of three unseen tiles), when no other
    arrangement leaves it dearer."""
    moves = view.legal_moves()
    ratings = dict(zip(map(str, moves), greedy_ratings(view, moves)))
    rating = ratings[str(move)]
    if rating < max(ratings.values()):
        return ""
    return _("no opening leaves {name}'s first tile dearer (about {cost})").format(
        name=_name(names, 1 - view.player), cost=f"{rating:.1f}")


def _blocking(view, tile, rest, names) -> str:
    """"blocks the game ..." with the pips it leaves; against one opponent with the
    boneyard empty their pips are known too (every tile not seen is theirs)."""
    mine = sum(t.value for t in rest)
    seats = [p for p in range(view.players) if p not in view.eliminated and p != view.player]
    if view.boneyard == 0 and len(seats) == 1 and not tile.is_blank:
        seen = set(rest) | {p.tile for p in view.line} | {tile}
        theirs = sum(t.value for t in DOUBLE_SIX if t not in seen)
        if mine < theirs:
            return ngettext("blocks the game while you are ahead ({count} pip to {name}'s "
                            "{theirs})", "blocks the game while you are ahead ({count} pips "
                            "to {name}'s {theirs})", mine).format(
                count=mine, name=_name(names, seats[0]), theirs=theirs)
    return ngettext("blocks the game with {count} pip left in your hand",
                    "blocks the game with {count} pips left in your hand",
                    mine).format(count=mine)


def _tile_names(texts) -> list[str]:
    return [t for text in texts for t in re.findall(r"\d-\d", str(text))[:1]]


def _element_reason(view, move, world, hooks) -> str:
    me, them = view.player, 1 - view.player
    before = world.view(me)
    world.apply(move)
    try:
        after = world.view(me)
        outcome = world.outcome()
        if outcome is not None and outcome.winner == me:
            return _("wins the game at once")
        if outcome is not None and outcome.reason == "both crossed":
            return _("crosses too: a draw, where any other answer loses")
        if outcome is None and getattr(world, "answering", None) == them:    # Shift
            return _("crosses first, and the one move of answer can cross too: a draw") \
                if world.can_cross() else _("crosses first, and no answer can cross: it wins")
        taken = after.captures[me] - before.captures[me]
        if hasattr(after, "last_captured"):
            tiles = _tile_names(after.last_captured)
        else:                           # Packs: the opponent's removed elements grew
            tiles = list(after.removed[them][len(before.removed[them]):])
        facts = [_captures(tiles, taken)] if taken else []
        if hooks.perfect and outcome is None:
            threats = hooks.tactical(world, world.legal_moves())
            if not threats:
                facts.append(_("leaves nothing that can be taken"))
            elif facts:
                world.apply(threats[0][0])
                try:
                    lost = _tile_names(getattr(world.view(me), "last_captured", ()))
                finally:
                    world.undo()
                if lost:
                    return _("{captures}, though {tile} can be taken back").format(
                        captures=facts[0], tile=lost[0])
        return " ".join(facts) if len(facts) < 2 else _("{first} and {second}").format(
            first=facts[0], second=facts[1])
    finally:
        world.undo()


def _captures(tiles, taken: int) -> str:
    """"captures 3-5", "captures 3-5 and 2-2", or, with no tile to name, the count."""
    if not tiles:
        return ngettext("captures {count} element", "captures {count} elements",
                        taken).format(count=taken)
    if len(tiles) == 1:
        return _("captures {tile}").format(tile=tiles[0])
    return _("captures {tiles} and {last}").format(tiles=", ".join(tiles[:-1]), last=tiles[-1])


def _spread_reason(view, move, world, names) -> str:
    """A tile an opponent was seen to turn up that fits nowhere once `move` lies (it
    took the last place), else the tile that fits the fewest places, laid while it fits."""
    shut = []
    for player in range(view.players):
        tiles = sorted(set(view.seen[player])) if player != view.player else []
        if tiles:
            before = _fitting(world, tiles)
            world.apply(move)
            after = _fitting(world, tiles)
            world.undo()
            shut += [(player, t) for t in tiles if t in before and t not in after]
    if shut:
        player, tile = shut[0]
        return _("takes the last place for {name}'s {tile}").format(name=_name(names, player),
                                                                    tile=tile)
    fits = Counter(m.tile for m in view.legal_moves() if m != PASS)
    tile = move.tile
    if fits[tile] == min(fits.values()) and len(fits) > 1:
        return ngettext("lays {tile} while it fits ({count} place now); your other tiles fit "
                        "more places", "lays {tile} while it fits ({count} places now); your "
                        "other tiles fit more places", fits[tile]).format(tile=tile,
                                                                          count=fits[tile])
    return ""


def _fitting(world, tiles) -> set:
    """Which of `tiles` have a place on the world's board now."""
    return {m.tile for m in world.placements_of(tile_bits(tiles))}


def territory_gains(view, world) -> dict:
    """Dominox: {move: the territory it gains the player over the opponent's} in `view`."""
    me, start, gains = view.player, world.scores(), {}
    for move in view.legal_moves():
        world.apply(move)
        end = world.scores()
        world.undo()
        gains[move] = (end[me] - start[me]) - (end[1 - me] - start[1 - me])
    return gains


def _board_reason(view, move, world) -> str:
    me = view.player
    if hasattr(world, "costs"):         # Dominid: each tile costs its distance
        costs = {}
        for other in view.legal_moves():
            world.apply(other)
            costs[other] = world.costs[me]
            world.undo()
        cost = costs[move] - world.costs[me]
        if costs[move] > min(costs.values()):
            return ""
        return _("costs nothing") if cost == 0 else ngettext(
            "costs {count} point, the least of any move",
            "costs {count} points, the least of any move", cost).format(count=cost)
    if hasattr(world, "scores"):        # Dominox: the territory as it stands
        gains = territory_gains(view, world)
        gain = gains[move]
        # a reason only where it tells this move apart: the most territory, and more
        # than some other move would have gained
        if gain > 0 and gain == max(gains.values()) > min(gains.values()):
            return ngettext("gains {count} point of territory, the most of any move",
                            "gains {count} points of territory, the most of any move",
                            gain).format(count=gain)
    return ""
