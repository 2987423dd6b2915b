"""The Hard player's worlds: every sampled state agrees with everything the view shows,
for every hidden-information variant, over positions reached by seeded random play."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.logic.agents.hooks import determinize, hooks_for
from game.logic.core import PASS
from game.logic.levels import level_files
from game.logic.line.worlds import fill_hand, tile_levels
from game.logic.variants import VARIANTS, find_variant, new_game

HIDDEN = [name for name in VARIANTS if not hooks_for(name).perfect]
CASES = {               # (players, options) per variant, besides 2 players by default
    "classic": [(2, {}), (3, {}), (4, {}), (2, {"block": True}),
                (2, {"block": True, "opening": "any"})],
    "blank": [(3, {}), (3, {"one_extra": False}), (2, {"doubles": False})],
    "open54": [(2, {}), (3, {"face_down": True}), (4, {"dealt": 4})],
}
SEEDS = range(4)
WORLDS = 4              # worlds sampled per position


def test_every_registered_variant_has_hooks():
    for name in VARIANTS:
        assert find_variant(name).hard_hooks, f"the hard player cannot search {name}"
        assert hooks_for(name).variant == name


def positions(variant: str, players: int, options: dict, seed: int):
    """(state, view, ends before each move of the round) at every few turns of a seeded
    random game, for the player to move when they have a choice."""
    rng = random.Random(seed)
    state = new_game(variant, players, seed, options)
    ends, round_number = [], None
    while not state.is_over():
        player = state.current_player
        view = state.view(player)
        number = getattr(view, "round_number", None)
        if number != round_number:
            ends, round_number = [], number
        if len(view.moves) > 1 and rng.random() < 0.3:
            yield state, view, list(ends)
        ends.append(getattr(view, "ends", None))
        state.apply(rng.choice(view.moves))


def public_parts(view) -> dict:
    """What a world must reproduce exactly of a view (its moves, hand, board, sizes)."""
    skip = {"history", "known_missing", "last_move", "drawn_this_turn", "drawn_tiles",
            "_cache", "laid", "turned_up"}
    parts = {k: v for k, v in vars(view).items() if k not in skip}
    if "eliminated" in parts:           # the order players went out in is not rebuilt
        parts["eliminated"] = sorted(parts["eliminated"])
    return parts


def voids_since_last_kept_draw(view, ends: list, player: int) -> set:
    """Numbers `player` surely lacks now: those of every turn they drew or passed on
    since the last turn at which they kept a drawn tile (that turn included)."""
    lacking = set()
    for (seat, text, drawn), before in zip(view.history, ends):
        if seat != player or before is None:
            continue
        kept = drawn - (0 if text == "pass" else 1)
        if kept > 0:
            lacking = set()
        if drawn or text == "pass":
            lacking |= set(before)
    return lacking


def cases():
    for name in HIDDEN:
        for players, options in CASES.get(name, [(2, {})]):
            yield pytest.param(name, players, options, id=f"{name}-{players}p-{options}")


@pytest.mark.parametrize("variant,players,options", list(cases()))
def test_worlds_agree_with_the_view(variant, players, options):
    rng = random.Random(11)
    checked = 0
    for seed in SEEDS:
        for state, view, ends in positions(variant, players, options, seed):
            me = view.player
            sample = hooks_for(variant).worlds(view)
            for _ in range(WORLDS):
                world = sample(rng)
                assert world.current_player == me
                assert public_parts(world.view(me)) == public_parts(view)
                check_hidden(variant, state, world, view, ends)
            checked += 1
    assert checked >= 4


def check_hidden(variant, state, world, view, ends):
    me = view.player
    others = [p for p in range(view.players) if p != me]
    if variant in ("classic", "blank"):
        for p in others:
            assert len(world.view(p).hand) == view.hand_sizes[p]
        if variant == "blank":
            return
        for p in others:
            hand = world.view(p).hand
            truth = state.view(p).hand
            lacking = voids_since_last_kept_draw(view, ends, p)
            assert not any(t.a in lacking or t.b in lacking for t in hand), (p, hand, lacking)
            levels, caps = tile_levels(view, p)
            # the sampled hand and the true one both fit the batches of the history
            assert fill_hand(list(hand), len(hand), levels, caps) is not None
            assert fill_hand(list(truth), len(truth), levels, caps) is not None
        return
    # the board games: the hidden tiles are the unseen ones, the sizes those shown
    hidden = Counter()
    for p in others:
        hidden.update(world.view(p).hand)
    truth = Counter()
    for p in others:
        truth.update(state.view(p).hand)
    assert sum(hidden.values()) == sum(truth.values())
    if variant == "dominox" and view.last_move == PASS and view.passes:
        assert world.view(1 - me).hand and no_placement(world, 1 - me)
    if variant == "open54":
        for k in range(1, min(view.passes, view.players - 1) + 1):
            assert no_placement(world, (me - k) % view.players)
        for p in others:            # what everyone saw turned up stays where it went
            assert not Counter(view.seen[p]) - Counter(world.hands[p])


def no_placement(world, player: int) -> bool:
    """Whether `player` could lay no tile of their hand on the world's board."""
    from game.logic.agents.boards import layable_tiles
    import tomllib
    position = tomllib.loads(world.position_text())
    position["to_move"] = player
    position["passes"] = 0
    position.pop("turned_up", None)
    layable = layable_tiles(type(world), position)
    return layable is not None and not layable


def test_a_pass_in_dominox_leaves_an_unplayable_hand():
    """A position where the opponent just passed with the stock empty: every world's
    opponent hand is one that cannot be laid."""
    rng = random.Random(3)
    found = 0
    for seed in range(40):
        state = new_game("dominox", 2, seed)
        while not state.is_over() and found < 3:
            view = state.view(state.current_player)
            if view.last_move == PASS and view.passes == 1 and len(view.moves) > 1:
                world = determinize(view, rng)
                assert no_placement(world, 1 - view.player)
                found += 1
            state.apply(rng.choice(view.moves))
        if found >= 3:
            break
    assert found


def played_by(name: str) -> tuple[int, dict]:
    """(players, options) of `name` with every option that has a few values (on or off,
    a choice, a level file of its own folder) set to one that is not its default: a world
    sampled from a view must play by them. Up to three players: a third hand to deal."""
    cls = find_variant(name)
    levels = [f.name for f in level_files(name)] if VARIANTS[name].levels else []
    options = {}
    for option in cls.options_declared:
        values = option.choices or ((True, False) if isinstance(option.default, bool) else
                                    levels if option.default in levels else ())
        others = [v for v in values if v != option.default]
        if others:
            options[option.name] = others[-1]
    return min(cls.max_players, 3), options


def test_the_options_that_change_play_are_read_from_each_games_declarations():
    assert played_by("classic") == (3, {"block": True, "opening": "any"})
    assert played_by("dominox")[1]["layout"] != "standard"


def played_out(world, rng) -> list:
    """The views of a random playout of `world` to its end (the world is left as it was)."""
    views, depth = [], 0
    while not world.is_over() and not getattr(world, "finished_rounds", ()):
        views.append(world.view(world.current_player))
        world.apply(rng.choice(world.legal_moves()))
        depth += 1
    for _ in range(depth):
        world.undo()
    return views


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_world_sampled_from_a_view_obeys_the_games_options(variant):
    players, options = played_by(variant)
    rng = random.Random(5)
    for seed in range(3):
        state = new_game(variant, players, seed, options)
        for _ in range(rng.randrange(1, 6)):
            if not state.is_over():
                state.apply(rng.choice(state.legal_moves()))
        if state.is_over():
            continue
        view = state.view(state.current_player)
        assert view.options == state.options
        for _ in range(3):
            world = hooks_for(variant).worlds(view)(rng)
            assert world.options == state.options, variant
            views = played_out(world, rng)
            if variant == "classic":        # the block game: nobody ever draws
                assert all(v.boneyard == view.boneyard for v in views)
                assert all(drawn == 0 for v in views for _, _, drawn in v.history)
            if variant == "blank":          # no doubles: one tile a turn, never two
                seats = [seat for v in views for seat, _, _ in v.history[-1:]]
                assert all(a != b for a, b in zip(seats, seats[1:]))
            if variant == "open54":         # every laid double lies face down
                last = views[-1] if views else view
                doubles = {square for p in last.placed if p.tile.is_double
                           for square in (p.first, p.second)}
                assert doubles <= {last.shape.names[s] for s in last.face_down}
