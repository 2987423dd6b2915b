"""The coach: the Hard choice for a view, a reason in player words, the candidates' values,
and the post-game review's notes."""
import random
import time
import tomllib

import pytest

from game.logic.agents import make_agent, play_out
from game.logic.agents.coach import advise, move_words
from game.logic.agents.review import decisions, review_move, review_note
from game.logic.variants import VARIANTS, find_variant, new_game


def played_to(variant, seed, moves, options=None):
    state = new_game(variant, 2, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_the_advice_is_a_legal_move_with_a_reason_and_values_in_every_variant():
    for variant in VARIANTS:
        state = played_to(variant, 4, 6)
        view = state.view(state.current_player)
        advice = advise(view, iterations=60, seed=1, names=["Ann", "Ben"])
        assert advice.move in {str(m) for m in view.legal_moves()}, variant
        assert advice.reason and advice.text.endswith(".")
        assert advice.values[0][0] == advice.move
        assert advice.value_of(advice.move) == advice.values[0][1]
        if advice.kind == "chance":
            assert all(0 <= v <= 1 for _, v in advice.values)
            assert sum(advice.counts) == advice.searched


def captured_tiles(state, move) -> list[str]:
    player = state.current_player
    before = state.view(player).captures[player]
    state.apply(move)
    try:
        after = state.view(player)
        if after.captures[player] == before:
            return []
        return [text.split(":")[2][:3] for text in after.last_captured]
    finally:
        state.undo()


def test_a_capture_is_named_in_the_reason():
    found = 0
    for seed in range(40):
        state = played_to("open3", seed, 12)
        if state.is_over():
            continue
        view = state.view(state.current_player)
        if not any(captured_tiles(state, m) for m in view.legal_moves()):
            continue
        advice = advise(view, iterations=400, seed=seed)
        taken = captured_tiles(state, advice.move)
        if taken:
            found += 1
            assert advice.reason.startswith("captures")
            assert all(tile in advice.reason for tile in taken), (advice.reason, taken)
            assert "en prise" not in advice.reason
            assert "can be taken" in advice.reason
    assert found >= 2, "no position where the coach captured"


def swapped_hidden_tile(state):
    """The same position with one of the opponent's tiles swapped for one of the stock."""
    data = tomllib.loads(state.position_text())
    other, stock = data["hands"][1 - state.current_player], data["stock"]
    other[0], stock[0] = stock[0], other[0]
    return type(state).from_position(data)


@pytest.mark.parametrize("variant", ["classic", "dominox"])
def test_the_coach_never_reads_hidden_tiles(variant):
    state = played_to(variant, 8, 4)
    player = state.current_player
    here = type(state).from_position(tomllib.loads(state.position_text()))
    there = swapped_hidden_tile(state)
    assert here.secret_tiles(1 - player) != there.secret_tiles(1 - player)
    assert here.view(player) == there.view(player)
    first = advise(here.view(player), iterations=150, seed=5)
    second = advise(there.view(player), iterations=150, seed=5)
    assert first == second


def test_the_line_reason_names_the_number_the_next_player_lacks():
    seen = 0
    for seed in range(60):
        state = new_game("classic", 2, seed=seed)
        agents = [make_agent("greedy"), make_agent("random")]
        rng = random.Random(seed)
        while not state.is_over() and not state.finished_rounds:
            player = state.current_player
            view = state.view(player)
            lacking = view.known_missing[view.next_player()]
            if player == 0 and lacking and len(view.legal_moves()) > 1:
                advice = advise(view, iterations=200, seed=seed, names=["Ann", "Ben"])
                if "lacks" in advice.reason:
                    seen += 1
                    number = int(advice.reason.split("leaves a ", 1)[1][0])
                    assert number in lacking and "Ben lacks" in advice.reason
            state.apply(agents[player].choose(view, rng))
        if seen >= 2:
            break
    assert seen >= 2


def test_the_coach_keeps_to_its_budget():
    for variant in ("classic", "dominox", "open3"):
        state = played_to(variant, 2, 5)
        view = state.view(state.current_player)
        start = time.perf_counter()
        advise(view, seconds=0.2)
        assert time.perf_counter() - start < 0.2 + 0.5, variant


def test_a_single_legal_move_and_blank_tiles_need_no_search():
    state = new_game("blank", 2, seed=1)
    state.apply(state.legal_moves()[0])     # an extra play that may be declined
    advice = advise(state.view(state.current_player), seconds=5)
    assert advice.kind == "" and advice.move != "stop" and "never does worse" in advice.reason
    state.apply(state.legal_moves()[0])     # the other player's turn: any tile, any end
    view = state.view(state.current_player)
    advice = advise(view, seconds=5)
    assert advice.kind == "" and "same game" in advice.reason


def test_the_review_lists_a_players_choices_and_prices_the_differences():
    state = new_game("open3", 2, seed=6, options={"goal": "captures:3"})
    play_out(state, [make_agent("random"), make_agent("greedy")], random.Random(3))
    found = decisions(state, [0])
    mine = [i for i, (p, _) in enumerate(state.moves_played(), 1) if p == 0]
    assert found and {n for n, *_ in found} <= set(mine)
    assert all(p == 0 and played in {str(m) for m in view.legal_moves()}
               for _, p, view, played in found)
    notes = []
    for number, _, view, played in found:
        review = review_move(view, played, 0.1)
        note = review_note(number, view, review)
        if review.coach == played:
            assert note is None
        elif note:
            notes.append(note)
            words = move_words(view_move(view, played))
            assert note.startswith(f"Move {number}: you played {words}")
            assert f"the coach prefers {review.words}" in note
    assert notes, "a random player made no mistake the coach could price"


def view_move(view, text):
    return next(m for m in view.legal_moves() if str(m) == text)


def test_moves_in_words():
    cls = find_variant("classic")
    assert move_words(cls.new(2, 1).parse_move("3-5L")) == "3-5 on the left"
    assert move_words(new_game("dominox", 2, 1).parse_move("5-3@c4c5")) == "5-3 on c4 and c5"
    assert move_words(new_game("open4", 2, 1).parse_move("c3-e5-c7")) == "c3 to e5 to c7"


def test_a_block_while_ahead_is_said_with_both_counts():
    from dataclasses import replace

    from game.logic.agents.coach import reasons
    from game.logic.agents.hooks import hooks_for
    from game.logic.core import DOUBLE_SIX, Tile
    from game.logic.line.laying import Placed
    from game.logic.line.moves import LineMove

    # both ends show 6 and every 6 but the 6-6 lies in the line: the 6-6 blocks it
    line = tuple(Placed.parse(t) for t in ("6|1", "1|0", "0|6", "6|2", "2|3", "3|6", "6|4",
                                           "4|5", "5|6"))
    hand = (Tile(1, 1), Tile(6, 6))
    view = replace(new_game("classic", 2, seed=1).view(0), line=line, ends=(6, 6), hand=hand,
                   boneyard=0, known_missing=(frozenset(), frozenset()), eliminated=())
    move = LineMove(Tile(6, 6), "R")
    theirs = sum(t.value for t in DOUBLE_SIX) - sum(p.tile.value for p in line) - 2 - 12
    reason = reasons(view, move, hooks_for("classic"), names=["Ann", "Ben"])
    assert reason.startswith(f"blocks the game while you are ahead (2 pips to Ben's {theirs})")
    unknown = replace(view, boneyard=3)           # the others' pips are not known then
    assert reasons(unknown, move, hooks_for("classic")).startswith(
        "blocks the game with 2 pips left in your hand")


def test_spread_reason_names_the_seen_tile_a_move_leaves_nowhere_to_go():
    """In Spread every turned-up tile is public: when a move takes the last place of a
    tile an opponent holds, the coach says so, and it is true on the real board."""
    import re

    from game.logic.agents.coach import reasons
    from game.logic.agents.hooks import hooks_for
    from game.logic.board.placement import tile_bits
    from game.logic.core import PASS, Tile
    hooks = hooks_for("open54")
    game, rng, said = new_game("open54", 2, 0), random.Random(0), 0
    while not game.is_over() and said < 3:
        me = game.current_player
        moves = game.legal_moves()
        for move in moves if game.seen[1 - me] and moves[0] != PASS else ():
            text = reasons(game.view(me), move, hooks, 0, ["Ann", "Ben"])
            found = re.fullmatch(r"takes the last place for (Ann|Ben)'s (\d-\d)", text)
            if found:
                tile = Tile.parse(found.group(2))
                assert found.group(1) == ["Ann", "Ben"][1 - me] and tile in game.seen[1 - me]
                assert game.placements_of(tile_bits([tile]))
                game.apply(move)
                assert tile not in {m.tile for m in game.legal_moves() if m != PASS}
                game.undo()
                said += 1
        game.apply(rng.choice(moves))
    assert said == 3


def test_dominox_territory_is_a_reason_only_where_it_tells_the_move_apart():
    """"Gains 2 points of territory" said of every move would tell nothing: the move that
    gains the most, and more than another would, is given it; a move that gains less is
    not."""
    from game.logic.agents.coach import reasons, territory_gains
    from game.logic.agents.hooks import hooks_for
    hooks, rng = hooks_for("dominox"), random.Random(4)
    state = new_game("dominox", 2, 4)
    while True:
        state.apply(rng.choice(state.legal_moves()))
        view = state.view(state.current_player)
        gains = territory_gains(view, hooks.worlds(view)(random.Random(0)))
        if max(gains.values()) > max(0, min(gains.values())):
            break
    best = max(gains, key=gains.get)
    worse = min(gains, key=gains.get)
    assert "territory, the most of any move" in reasons(view, best, hooks)
    assert "territory" not in reasons(view, worse, hooks)
