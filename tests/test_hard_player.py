"""The Hard computer player: it sees only a view (changing the hidden tiles behind the
same view changes nothing), it is deterministic for a fixed amount of work, it beats
random play, and its name takes a budget."""
from __future__ import annotations

import random
import tomllib

import pytest

from game.logic.agents import AGENTS, HardAgent, make_agent, play_out
from game.logic.agents.hooks import hooks_for
from game.logic.agents.open_board import race_value
from game.logic.core import DominoError, OptionError
from game.logic.elements.open4 import DiagonalGame
from game.logic.elements.positions import game_at
from game.logic.variants import VARIANTS, find_variant, new_game

HIDDEN = [name for name in VARIANTS if not hooks_for(name).perfect]
PERFECT = [name for name in VARIANTS if hooks_for(name).perfect]
STOCK_KEY = {"open54": "pack"}


def test_hard_is_registered_with_its_title_and_budgets():
    assert AGENTS["hard"].title == "Hard"
    assert make_agent("hard").seconds == 1.0
    assert make_agent("hard@0.1").seconds == pytest.approx(0.1)
    assert make_agent("hard", seconds=0.25).seconds == 0.25
    assert make_agent("hard", iterations=30).iterations == 30
    for bad in ("hard@", "hard@x", "greedy@0.5", "harder"):
        with pytest.raises(OptionError):
            make_agent(bad)


def reached(variant: str, seed: int, moves: int):
    """A state after up to `moves` seeded random moves where the player to move has a
    choice (None if the game ends first)."""
    rng = random.Random(seed)
    state = new_game(variant, 2, seed)
    for _ in range(moves):
        if state.is_over():
            return None
        state.apply(rng.choice(state.legal_moves()))
    while not state.is_over() and len(state.legal_moves()) < 2:
        state.apply(state.legal_moves()[0])
    return None if state.is_over() else state


def swapped(state, rng):
    """The same position with the hidden tiles (the other hands and the stock) dealt
    differently, every size kept; None when no such position can be built."""
    cls = type(state)
    me = state.current_player
    data = tomllib.loads(state.position_text())
    key = STOCK_KEY.get(state.variant, "stock")
    others = [p for p in range(len(data["hands"])) if p != me]
    seen = data.get("seen", [[] for _ in data["hands"]])    # Spread: public, so kept
    kept = {p: list(seen[p]) for p in others}
    pool = [t for p in others for t in data["hands"][p]] + list(data.get(key, []))
    for tile in (t for p in others for t in seen[p]):
        pool.remove(tile)
    for _ in range(30):
        rng.shuffle(pool)
        at = 0
        for p in others:
            size = len(data["hands"][p]) - len(kept[p])
            data["hands"][p] = sorted(kept[p] + pool[at:at + size])
            at += size
        data[key] = pool[at:]
        try:
            other = cls.from_position(dict(data))
        except DominoError:
            continue
        if other.legal_moves() == state.legal_moves():
            return other
    return None


def hidden_tiles(state) -> list:
    """The other hands and the stock (or pack) of a state, as its position file says."""
    data = tomllib.loads(state.position_text())
    me = state.current_player
    return [h for p, h in enumerate(data["hands"]) if p != me] + [
        data.get(STOCK_KEY.get(state.variant, "stock"))]


@pytest.mark.parametrize("variant", HIDDEN)
def test_the_choice_does_not_change_with_the_hidden_tiles(variant):
    rng = random.Random(4)
    compared = 0
    for seed in range(12):
        state = reached(variant, seed, 6 + seed % 5)
        if state is None:
            continue
        state = type(state).from_position(tomllib.loads(state.position_text()))
        other = swapped(state, rng)
        if other is None:
            continue
        me = state.current_player
        if variant != "blank" and hidden_tiles(state) == hidden_tiles(other):
            continue                    # too few hidden tiles to deal them differently
        view, same = state.view(me), other.view(me)
        assert view == same
        first = HardAgent(iterations=40).choose(view, random.Random(seed))
        second = HardAgent(iterations=40).choose(same, random.Random(seed))
        assert first == second
        compared += 1
        if compared == 3:
            break
    assert compared >= 2


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_same_view_seed_and_work_give_the_same_move(variant):
    state = reached(variant, 5, 4)
    assert state is not None
    view = state.view(state.current_player)
    agent = HardAgent(iterations=30)
    moves = {str(agent.choose(view, random.Random(8))) for _ in range(2)}
    assert len(moves) == 1 and moves.pop() in {str(m) for m in view.moves}
    rng = random.Random(8)
    agent.choose(view, rng)
    assert rng.getstate() == _advanced(random.Random(8))     # one draw, whatever the work


def _advanced(rng):
    rng.getrandbits(64)
    return rng.getstate()


# (variant, options, iterations per move, seeds): small games where a little search wins
BEATS_RANDOM = [
    ("classic", {"limit": 40}, 60, range(2)),
    ("dominox", {}, 40, range(2)),
    ("open54", {}, 40, range(2)),
    ("dominid", {}, 40, range(2)),
]


@pytest.mark.parametrize("variant,options,iterations,seeds", BEATS_RANDOM,
                         ids=[case[0] for case in BEATS_RANDOM])
def test_hard_beats_random(variant, options, iterations, seeds):
    wins = games = 0
    for seed in seeds:
        for hard_seat in (0, 1):
            state = new_game(variant, 2, seed, options)
            agents = [make_agent("random"), make_agent("random")]
            agents[hard_seat] = HardAgent(iterations=iterations)
            play_out(state, agents, random.Random(seed))
            wins += state.outcome().winner == hard_seat
            games += 1
    assert wins >= games - 1, f"hard won {wins} of {games}"


@pytest.mark.parametrize("variant", PERFECT)
def test_hard_beats_random_on_open_boards(variant):
    """Nothing hidden: alpha-beta on the view's own position, a node budget per move."""
    state = new_game(variant, 2, 1, {"limit": 10})
    agents = [HardAgent(iterations=300), make_agent("random")]
    play_out(state, agents, random.Random(1))
    outcome = state.outcome()
    assert outcome.winner != 1


def test_a_budget_of_no_work_still_gives_a_legal_move():
    state = reached("dominox", 2, 6)
    view = state.view(state.current_player)
    move = HardAgent(iterations=0).choose(view, random.Random(1))
    assert move in view.moves


def test_every_variant_class_is_known_to_the_hooks():
    for name in VARIANTS:
        assert find_variant(name).variant == name
        assert hooks_for(name).variant == name


def test_blank_tiles_leave_nothing_to_search():
    """Every blank move leads to the same game: Hard answers without a search."""
    state = reached("blank", 1, 2)
    agent = HardAgent(iterations=50)
    assert agent.choose(state.view(state.current_player), random.Random(2)) in state.legal_moves()
    assert agent.last is None


def test_search_speed_is_reported_per_variant():
    from game.logic.agents.speed import search_speed
    for variant in ("classic", "dominox", PERFECT[0] if PERFECT else "dominid"):
        found = search_speed(variant, 0.02)
        assert found["done"] >= 0 and found["unit"] in ("playouts", "nodes")
    assert search_speed("open22", 0.02)["unit"] == "root moves judged"     # no playouts


def test_big_boards_search_every_tile_first():
    """With more legal placements than candidates, each tile's best placement is in."""
    state = reached("dominox", 3, 4)
    view = state.view(state.current_player)
    agent = HardAgent(iterations=1)
    ranked = agent.ranked(view, view.legal_moves())
    tiles = {m.tile for m in view.moves}
    assert len(view.moves) > agent.candidates and len(ranked) == agent.candidates
    assert {m.tile for m in ranked} == tiles or len(tiles) > agent.candidates


@pytest.mark.parametrize("variant", ["classic", "dominox", "dominid"])
def test_stopping_once_the_answer_is_settled_keeps_the_answer(variant, monkeypatch):
    from game.logic.agents import search
    states = [s for s in (reached(variant, seed, 6) for seed in range(4)) if s is not None]
    assert len(states) >= 2
    for seed, state in enumerate(states[:3]):
        view = state.view(state.current_player)
        early = HardAgent(iterations=400)
        move = early.choose(view, random.Random(seed))
        monkeypatch.setattr(search, "CHECK_EVERY", 10 ** 9)      # never asks: searches on
        full = HardAgent(iterations=400)
        assert full.choose(view, random.Random(seed)) == move
        monkeypatch.undo()
        assert early.last.iterations <= full.last.iterations == 400


def test_settled_means_no_other_move_can_catch_up():
    from game.logic.agents.search import settled
    assert settled([30, 10, 5], 19) and not settled([30, 10, 5], 20)
    assert not settled([12, 12], 0.5) and settled([7], 100)


def test_the_all_seeing_measuring_tool_plays_whole_games_with_the_true_state():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "tools" / "all_seeing_arena.py"
    spec = importlib.util.spec_from_file_location("all_seeing_arena", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    won, lost, drawn = tool.play("classic", "random", 4, 11, None, 1, iterations=40)
    assert won + lost + drawn == 4 and won >= 3
    # one move of a board game, searched in copies of the true state
    state = reached("dominox", 3, 4)
    move = tool.all_seeing_move(state, HardAgent(), tool.Budget(None, 20), random.Random(1))
    assert move in state.legal_moves()


def test_the_spread_stranded_tool_accounts_for_every_tile_left_in_hand(capsys):
    import importlib.util
    from collections import Counter
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "tools" / "spread_stranded.py"
    spec = importlib.util.spec_from_file_location("spread_stranded", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    for deal in range(11, 15):
        state = new_game("open54", 2, deal)
        held = tool.play(state, [tool.agent("spoiler"), make_agent("random")],
                         random.Random(deal))
        assert state.is_over()
        for hand, tiles in zip(state.hands, held):
            assert Counter(hand) == Counter(t for t, _, _ in tiles)
            assert all(0 <= since < 40 and fits >= 0 for _, since, fits in tiles)
    assert tool.main(["--ai", "spoiler,random", "--games", "4", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "spoiler" in out and "of decided games" in out and "never fitted" in out


def test_in_the_race_hard_leaves_the_opponents_elements_behind_the_line_alone():
    """Game 4's race: taking an element the opponent still has to bring over spares them
    its moves ("unprofitable", says the source), so Hard crosses the line without it."""
    game = game_at(DiagonalGame, ["d4:0:1-2", "b4:0:0-1", "a1:0:3-3", "e6:1:2-3",
                                  "g8:1:0-0", "b7:1:1-1"], {"race": True})
    values = {}
    for text in ("d4-e5", "d4-c5"):                  # both cross the line; e5 takes e6
        game.apply(text)
        values[text] = race_value(game, 0), race_value(game, 1), game.captures[0]
        game.undo()
    assert values["d4-e5"][2] == 1 and values["d4-c5"][2] == 0
    assert values["d4-e5"][0] < values["d4-c5"][0]   # worse for the taker,
    assert values["d4-e5"][1] > values["d4-c5"][1]   # better for the one taken from
    move = HardAgent(iterations=300).choose(game.view(0), random.Random(1))
    game.apply(move)
    assert game.captures == [0, 0], move
    assert game.past_counts()[0] == 1                # and it went over the line
