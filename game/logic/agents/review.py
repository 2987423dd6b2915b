"""The post-game review: for each choice a person made, whether the coach would have played
otherwise, and what that cost, said only when the coach can tell.

The review never contradicts the coach. The coach's choice in a position is the move it
advised there during the game (`advised`, when the person asked), else the move it
would have advised: the same search, with the same thinking time and the same seed (the
number of moves played before: `position_seed`). A move the coach chose is never called
a mistake. Any other move is weighed against the coach's:
* with hidden tiles, in a duel of simulated games: both moves played in the same sampled
  worlds, game after game, until the difference stands clear of the games' chance (or
  the time runs out); a difference smaller than twice its standard error is not told;
* on the open boards, by alpha-beta to the depth the coach reached ("looking 4 moves
  ahead"), in the variant's points (about 10 an element);
* where the variant judges root moves exactly (Packs), by that judgement.

    decisions(state, players)      the views of a finished game at those players' choices
    review_move(view, played, seconds, seed, names, advised, iterations) -> Review
    review_note(number, view, review, who) -> the line the review shows, or None
"""
from __future__ import annotations

from game.i18n import _, ngettext

import math
import random
import time
from dataclasses import dataclass

from .alphabeta import MAX_DEPTH, WIN
from .coach import _alpha_beta, advise, move_words, reasons, view_variant_move
from .hard import HardAgent
from .hooks import hooks_for
from .search import Budget, playout

FORCED = WIN - MAX_DEPTH        # alpha-beta scores beyond this are forced wins or losses
SMALL_CHANCE = 0.03             # a smaller difference in the chance to win is not worth a word
SMALL_SCORE = 5.0               # nor half an element on the open boards
SURE = 2.0                      # standard errors a difference must stand clear of noise
VERY_SURE = 3.0
MIN_GAMES = 64                  # simulated games of each move before the duel may stop
CHECK_EVERY = 32


def position_seed(moves_before: int) -> int:
    """The seed of the coach's search in a position: the same for the advice in play and
    for the review, so that both search alike."""
    return moves_before


@dataclass(frozen=True)
class Review:
    coach: str                  # the coach's choice (canonical text)
    words: str                  # it in player words
    reason: str                 # why, when a fact of the position says so ("" otherwise)
    played: str
    kind: str = ""              # "chance", "score" or "" (the coach agrees, or cannot tell)
    values: tuple[float, float] = (0.0, 0.0)   # the coach's move's and the played one's,
                                # in the kind's units (for "chance": their difference)
    sure: float = 0.0           # standard errors the cost stands clear of chance (inf:
                                # no chance in the judgement)
    games: int = 0              # simulated games of each move (the duel)
    depth: int = 0              # moves the alpha-beta search looked ahead

    @property
    def cost(self) -> float:
        """How much worse the played move is than the coach's."""
        return self.values[0] - self.values[1]


# --- the finished game's choices --------------------------------------------------------------
def decisions(state, players) -> list[tuple[int, int, object, str]]:
    """(move number from 1, player, that player's view just before, the move played) of
    every move of `players` in `state`'s game that had a choice, oldest first. The game
    is replayed backwards on a copy (undo), so every round of a match is included."""
    game = state.clone()
    played = game.moves_played()
    found = []
    for number in range(len(played), 0, -1):
        player, move = played[number - 1]
        game.undo()
        if player in players:
            view = game.view(player)
            if len(view.legal_moves()) > 1:
                found.append((number, player, view, str(move)))
    found.reverse()
    return found


# --- one choice -------------------------------------------------------------------------------
def review_move(view, played: str, seconds: float | None, seed: int = 0, names=None,
                advised: str | None = None, iterations: int | None = None) -> Review:
    """The coach's word on `played` in `view`: its own choice there (`advised`, the move
    it advised in play, else its search with this budget and seed) and, when that is
    another move, how much worse `played` is and how sure the coach is of it."""
    moves = view.legal_moves()
    hooks = hooks_for(view.variant)
    if advised is None:
        advice = advise(view, seconds, iterations, seed, names)
        coach, reason = advice.move, advice.reason if advice.factual else ""
    else:
        coach = advised
        reason = reasons(view, view_variant_move(moves, coach), hooks, seed, names)
    words = move_words(view_variant_move(moves, coach))
    base = Review(coach, words, reason, played)
    if played == coach or (advised is None and not advice.kind):
        return base                     # the coach's own choice, or no search to speak of
    pair = [view_variant_move(moves, coach), view_variant_move(moves, played)]
    rng = random.Random(seed)
    budget = Budget(None if iterations is not None else seconds, iterations)
    if hooks.perfect:
        agent = HardAgent(seconds=budget.seconds, iterations=iterations)
        values, _x, depth = _alpha_beta(view, hooks, pair, rng, agent, pair[1])
        scores = {str(m): v for m, v in values}
        return _priced(base, "score", (scores[coach], scores[played]), math.inf, depth=depth)
    if hooks.root is not None:          # an exact judgement of root moves, no sampling
        stats = hooks.root(view, pair, rng, budget)
        return _priced(base, "chance", (stats.mean(0), stats.mean(1)), math.inf)
    mean, error, games = duel(view, hooks, pair, rng, budget)
    sure = math.inf if error == 0 else mean / error
    return _priced(base, "chance", (mean, 0.0), sure if mean > 0 else 0.0, games=games)


def _priced(base: Review, kind: str, values: tuple[float, float], sure: float,
            games: int = 0, depth: int = 0) -> Review:
    return Review(base.coach, base.words, base.reason, base.played, kind, values, sure, games,
                  depth)


def duel(view, hooks, pair, rng, budget: Budget) -> tuple[float, float, int]:
    """The coach's move against another, each played in the same sampled worlds with the
    same playout seed: (the mean of how much better the first came out, its standard
    error, the games of each). Stops once the difference is plain either way."""
    sample = hooks.worlds(view)
    root = view.player
    total = squares = 0.0
    games, started = 0, None
    while budget.allows(games, started):
        started = time.perf_counter()
        world = sample(rng)
        seed = rng.getrandbits(32)
        values = []
        for move in pair:
            world.apply(move)
            value, depth = playout(world, hooks, random.Random(seed), root)
            for _x in range(depth + 1):
                world.undo()
            values.append(value)
        difference = values[0] - values[1]
        total += difference
        squares += difference * difference
        games += 1
        if games >= MIN_GAMES and games % CHECK_EVERY == 0:
            mean, error = _mean_error(total, squares, games)
            if mean - 2 * error > SMALL_CHANCE or mean + 2 * error < SMALL_CHANCE:
                break                   # clearly worse, or clearly not worth a word
    mean, error = _mean_error(total, squares, games)
    return mean, error, games


def _mean_error(total: float, squares: float, games: int) -> tuple[float, float]:
    if games < 2:
        return (total / games if games else 0.0), math.inf
    mean = total / games
    variance = max(0.0, (squares - games * mean * mean) / (games - 1))
    return mean, math.sqrt(variance / games)


# --- in words ---------------------------------------------------------------------------------
def review_note(number: int, view, review: Review, who: str = "you") -> str | None:
    """One line of the review of `review.played` in `view`, or None when the coach chose
    that move, or cannot tell it apart from its own choice."""
    if review.played == review.coach or not review.kind or review.sure < SURE:
        return None
    cost = review.cost
    if review.kind == "chance":
        if cost < SMALL_CHANCE:
            return None
        price = _("which gives about {percent} more chance to win").format(
            percent=f"{round(100 * cost)}%")
        if review.games:
            price += (_(" (the coach is sure: {games} simulated games of each move from here)")
                      if review.sure >= VERY_SURE else
                      _(" (the coach is fairly sure: {games} simulated games of each move "
                        "from here)")).format(games=review.games)
    else:
        if cost < SMALL_SCORE:
            return None
        price = _score_words(*review.values, review.depth)
    words = move_words(view_variant_move(view.legal_moves(), review.played))
    why = f" ({review.reason})" if review.reason else ""
    text = (_("Move {number}: you played {move}; the coach prefers {better}{why}, {price}.")
            if who == "you" else
            _("Move {number}: {name} played {move}; the coach prefers {better}{why}, "
              "{price}."))
    rnd = getattr(view, "round_number", 1)
    if rnd > 1 and getattr(view, "history", None) is not None:   # a later round: its own count
        number = len(view.history) + 1
        text = (_("Round {round}, move {number}: you played {move}; the coach prefers "
                  "{better}{why}, {price}.") if who == "you" else
                _("Round {round}, move {number}: {name} played {move}; the coach prefers "
                  "{better}{why}, {price}."))
    return text.format(number=number, round=rnd, name=who, move=words, better=review.words,
                       why=why, price=price)


def _score_words(best: float, mine: float, depth: int) -> str:
    ahead = (_("looking {depth} moves ahead").format(depth=depth) if depth > 1 else
             _("looking one move ahead"))
    if best >= FORCED:
        return _("which wins by force where yours does not ({ahead})").format(ahead=ahead)
    if mine <= -FORCED:
        return _("yours walks into a forced loss ({ahead})").format(ahead=ahead)
    elements = round((best - mine) / 10)
    if elements < 1:
        return _("yours leaves you a little worse off ({ahead})").format(ahead=ahead)
    return ngettext("yours leaves you about {count} element worse off ({ahead})",
                    "yours leaves you about {count} elements worse off ({ahead})",
                    elements).format(count=elements, ahead=ahead)
