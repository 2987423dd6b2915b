"""Worlds for the Hard computer player in the line games (classic and blank): full
states consistent with everything one player's view shows, built through the public
position format (`from_position` with a dict), never from the hidden state.

What a view reveals about the hidden tiles, besides the sizes of hands and boneyard:

* A player who drew or passed had no tile for either open end at that moment. A player
  who drew until a tile fitted played that tile (it was the only one that fitted), so
  the whole hand left after that turn lacks those two numbers too; only tiles drawn on a
  later turn can show them again. So the tiles of a hand come in batches (the deal,
  then what each drawing turn kept) and a batch lacks the numbers of its own drawing
  turn and of every later one. A tile may sit in a hand only in a batch whose numbers it
  lacks, and no more tiles than a batch kept can come from it (a Hall condition on
  nested sets, checked as the hand is filled). `known_missing` in the view is the union
  of all those numbers, which a later draw can make untrue; the batches are exact.
* The opening: the highest double dealt opens, so no hand was dealt a higher double
  (with no double dealt, no double and no heavier tile was dealt at all); not so when
  the option lets the first player open with any tile.
* The game's options (block, limit; blank's extra plays) are the view's own: a world
  plays by the same rules as the game, so in the block game nobody draws in a playout.
"""
from __future__ import annotations

from game.i18n import _

from ..core import DOUBLE_SIX, DominoError, Tile
from .endgame import margin_for, solvable
from .moves import STOP

WORLD_TRIES = 60            # constrained deals tried before the constraints are relaxed
reuse = 4                   # playouts per world: building one costs more than a playout


def parse_history_move(text: str) -> tuple[Tile | None, str]:
    """(tile, end) of a move text of the history: (None, "") for a pass or a stop, end ""
    for the opening tile, "L" or "R" otherwise."""
    if text in ("pass", "stop"):
        return None, ""
    end = text[-1] if text[-1] in "LR" else ""
    return Tile.parse(text[:-1] if end else text), end


def ends_before_each_move(view) -> list:
    """The open ends (left, right) just before each move of the round's history (None
    while the line was empty), found by taking the moves back off the current line."""
    line = list(view.line)
    ends = []
    for _x, text, _x in reversed(view.history):
        tile, end = parse_history_move(text)
        if tile is not None and line:
            line.pop(0) if end == "L" else line.pop()
        ends.append((line[0].left, line[-1].right) if line else None)
    ends.reverse()
    return ends


def batches(view, player: int) -> list[tuple[frozenset, int | None]]:
    """[(numbers the batch's tiles lack, how many tiles it kept)] of `player`'s hand,
    oldest first: the deal (kept: None, any number) and every drawing turn that kept
    tiles."""
    voids = []
    for (seat, text, drawn), ends in zip(view.history, ends_before_each_move(view)):
        if seat != player or ends is None:
            continue
        passed = text == "pass"
        if drawn or passed:
            voids.append((frozenset(ends), drawn - (0 if passed else 1)))
    found: list[tuple[frozenset[int], int | None]] = []
    lacking: frozenset[int] = frozenset()
    for numbers, kept in reversed(voids):
        lacking |= numbers
        if kept > 0:
            found.append((lacking, kept))
    for numbers, _x in voids:
        lacking |= numbers
    found.append((lacking, None))
    found.reverse()
    return found


def never_dealt(view) -> frozenset:
    """Tiles the opening shows nobody was dealt (classic: the highest double opens, unless
    the option lets the first player open with any tile)."""
    if (view.variant != "classic" or view.options.get("opening") != "highest"
            or not view.history):
        return frozenset()
    tile, end = parse_history_move(view.history[0][1])
    if tile is None or end:
        return frozenset()            # a round set up from a position: nothing is known
    if tile.is_double:
        return frozenset(t for t in DOUBLE_SIX if t.is_double and t > tile)
    key = (tile.value, tile.b)
    return frozenset(t for t in DOUBLE_SIX if t.is_double or (t.value, t.b) > key)


def tile_levels(view, player: int) -> tuple[dict[Tile, int], list[int | None]]:
    """Per unseen tile, the first batch of `player`'s hand it may belong to (-1: none),
    and per batch how many tiles that batch and the later ones kept (the deal: no cap)."""
    found = batches(view, player)
    forbidden = never_dealt(view)
    caps: list[int | None] = []
    total: int | None = 0
    for _x, kept in reversed(found):
        total = None if kept is None or total is None else total + kept
        caps.append(total)
    caps.reverse()
    levels: dict[Tile, int] = {}
    for tile in DOUBLE_SIX:
        levels[tile] = -1
        for index, (lacking, _x) in enumerate(found):
            if tile.a not in lacking and tile.b not in lacking and not (
                    index == 0 and tile in forbidden):
                levels[tile] = index
                break
    return levels, caps


def fill_hand(pool: list[Tile], size: int, levels: dict[Tile, int],
              caps: list[int | None]) -> list[Tile] | None:
    """`size` tiles taken from `pool` (shuffled) in order, each only if the batches can
    still hold it; None when the pool runs out first."""
    counts = [0] * len(caps)
    hand: list[Tile] = []
    for tile in pool:
        if len(hand) == size:
            break
        level = levels[tile]
        # caps[b] is a number from b = 1 on: only the deal (0) has no cap
        if level < 0 or any(counts[b] >= caps[b]  # type: ignore[operator]
                            for b in range(1, level + 1)):
            continue
        for b in range(1, level + 1):
            counts[b] += 1
        hand.append(tile)
    return hand if len(hand) == size else None


def extra_plays(view) -> int:
    """Plays the player to move has already made this turn (blank's extra plays)."""
    count = 0
    for seat, _x, _x in reversed(view.history):
        if seat != view.current_player:
            break
        count += 1
    return count if view.variant == "blank" else 0


class LineWorlds:
    """Samples full states of a line game consistent with `view` (see the module notes)."""

    def __init__(self, view):
        from ..variants import find_variant
        self.view = view
        self.cls = find_variant(view.variant)
        self.me = view.player
        seen = set(view.hand) | {p.tile for p in view.line}
        self.blank = view.variant == "blank"
        if self.blank:
            self.unseen = [Tile.parse("_")] * (28 - len(view.hand) - len(view.line))
        else:
            self.unseen = [t for t in DOUBLE_SIX if t not in seen]
        self.others = [p for p in range(view.players)
                       if p != self.me and view.hand_sizes[p] > 0]
        self.levels = {p: tile_levels(view, p) for p in self.others} if not self.blank else {}
        # the most constrained hands are filled first
        self.others.sort(key=lambda p: -self._tightness(p))
        self.base = {"variant": view.variant, "players": view.players, "seed": 0,
                     "line": [str(p) for p in view.line], "to_move": view.current_player,
                     "options": dict(view.options)}
        if not self.blank:
            self.base.update(round=view.round_number, totals=list(view.totals))
        plays = extra_plays(view)
        if plays:
            self.base["extra_plays"] = plays
        self.relaxed = False

    def _tightness(self, player: int) -> float:
        if self.blank:
            return 0.0
        levels = self.levels[player][0]
        allowed = sum(1 for t in self.unseen if levels[t] >= 0)
        return self.view.hand_sizes[player] / max(1, allowed)

    def deal(self, rng, strict: bool = True) -> tuple[dict, list] | None:
        """(hands by player, stock) of one consistent deal, or None when this try failed."""
        pool = list(self.unseen)
        rng.shuffle(pool)
        hands = {}
        for p in self.others:
            size = self.view.hand_sizes[p]
            if self.blank or not strict:
                hand = pool[:size]
            else:
                levels, caps = self.levels[p]
                filled = fill_hand(pool, size, levels, caps)
                if filled is None:
                    return None
                hand = filled
            hands[p] = hand
            taken = set(hand) if not self.blank else None
            pool = pool[size:] if taken is None else [t for t in pool if t not in taken]
        return hands, pool

    def __call__(self, rng):
        """One world: the state of this round with the hidden tiles dealt at random
        under every constraint the view shows (relaxed only if none is found)."""
        for attempt in range(2 * WORLD_TRIES):
            strict = attempt < WORLD_TRIES
            dealt = self.deal(rng, strict)
            if dealt is None:
                continue
            hands, stock = dealt
            self.relaxed = self.relaxed or not strict
            position = dict(self.base)
            position["hands"] = [[str(t) for t in (self.view.hand if p == self.me
                                                   else hands.get(p, ()))]
                                 for p in range(self.view.players)]
            position["stock"] = [str(t) for t in stock]
            try:
                return self.cls.from_position(position, "<world>")
            except DominoError:         # e.g. a world where nobody could play: not ours
                continue
        raise DominoError("no world is consistent with this view")


def obvious(view):
    """Blank tiles: every tile is the same and either end gives the same line, so every
    tile move leads to the same game; and as nobody's play changes another hand, laying
    another tile never does worse than ending the turn (`stop`). No search is needed."""
    if view.variant != "blank":
        return None
    moves = view.legal_moves()
    if STOP not in moves:
        return moves, _("every legal move leads to the same game here")
    return ([m for m in moves if m is not STOP],
            _("nobody's play changes another hand, so a tile laid now never does worse than "
              "ending the turn"))


def worlds(view) -> LineWorlds:
    return LineWorlds(view)


def determinize(view, rng):
    """One full state consistent with `view` (see LineWorlds)."""
    return LineWorlds(view)(rng)


def done(state) -> bool:
    """A rollout judges a match at the end of the current round, or as soon as the rest
    of the round can be searched exactly (endgame.py)."""
    return (state.outcome() is not None or bool(getattr(state, "finished_rounds", ()))
            or solvable(state))


PIP_SCALE = 80.0            # a pip margin this large counts as a sure win


def margin_value(margin: float, won: bool) -> float:
    """A round's pip margin scaled into [0, 1], mixed with whether it was won."""
    return 0.5 * min(1.0, max(0.0, 0.5 + margin / PIP_SCALE)) + 0.5 * float(won)


def rollout_value(state, player: int) -> float:
    """The match result when the round ended it; otherwise the round's pip margin (what
    the others added on average minus what `player` added), scaled into [0, 1] and
    mixed with who added the least; a round stopped where its end can be searched is
    judged by the margin best play reaches."""
    outcome = state.outcome()
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.winner == player)
    if not state.finished_rounds:
        margin = margin_for(state, player)
        return margin_value(margin, margin > 0)
    result = state.finished_rounds[-1]
    limit = state.options.get("limit", 0)
    seats = [p for p in range(state.players)
             if not limit or result.totals[p] - result.scores[p] < limit]
    mine = result.scores[player]
    others = [result.scores[p] for p in seats if p != player]
    margin = sum(others) / max(1, len(others)) - mine
    return margin_value(margin, mine < min(others, default=mine + 1))


def playout_move(state, rng, moves):
    """Playouts shed heavy tiles and doubles first, with some random moves; an extra play
    is always taken."""
    if moves[-1] is STOP:
        moves = moves[:-1]
    if len(moves) == 1 or rng.random() < 0.25:
        return moves[rng.randrange(len(moves))]
    best, best_key = moves[0], -1.0
    for move in moves:
        tile = move.tile
        key = tile.a + tile.b + (6.0 if tile.a == tile.b else 0.0) + rng.random()
        if key > best_key:
            best, best_key = move, key
    return best
