"""One invariant test over every variant in the registry (in the spirit of OpenSpiel's
games_sim_test): seeded random games through the public protocol only.

A variant added to the registry is tested here without a line of test code; CONFIGS
only adds option sets worth covering beyond each variant's defaults.
"""
from __future__ import annotations

import dataclasses
import random
import re

import pytest

from game.logic.core import PASS, IllegalMoveError, Tile
from game.logic.variants import VARIANTS, find_variant, new_game

# Extra (players, options) per variant, besides every player count with default options.
CONFIGS = {
    "classic": [(2, {"block": True, "limit": 40}), (4, {"limit": 40})],
    "blank": [(3, {"one_extra": False}), (2, {"doubles": False})],
    "dominox": [(2, {"layout": "holes", "hand": 5})],
    "open54": [(3, {"face_down": True}), (4, {"dealt": 4}), (2, {"layout": "diamond"})],
}
GAMES = 6              # seeds per configuration
CHECK_EVERY = 3        # the expensive checks (records, positions, views) every n-th move
# A record read back replays every move before it: checked at each of those positions,
# a long game (hundreds of moves in the moving games) costs the square of its length.
# The record is read back at every checked position of the first RECORDS_UNTIL moves,
# then every RECORDS_EVERY moves, and at the end of every game (all its moves).
RECORDS_UNTIL = 60
RECORDS_EVERY = 30
MOVE_LIMIT = 5_000


def configurations():
    for name in VARIANTS:
        cls = find_variant(name)
        found = [(p, {}) for p in range(cls.min_players, cls.max_players + 1)]
        found += CONFIGS.get(name, [])
        if name == "classic":           # whole matches to 150 take long: a lower limit
            found = [(p, {"limit": 60}) for p, o in found if not o] + CONFIGS[name]
        for players, options in found:
            yield pytest.param(name, players, options, id=f"{name}-{players}p-{options}")


def tiles_in(value, found=None) -> list:
    """Every Tile reachable from a view's fields (tuples, sets, dicts, dataclasses)."""
    found = [] if found is None else found
    if isinstance(value, Tile):
        found.append(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if not field.name.startswith("_"):
                tiles_in(getattr(value, field.name), found)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            tiles_in(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            tiles_in(item, found)
    return found


def tile_counts(state) -> dict:
    tiles = getattr(state, "tiles", None) or state.rules.tiles
    return tiles.counts


def check_position(state, cls, seen_texts: set, records: bool = True) -> None:
    """Legal moves, refusals, undo, views, records (unless not `records`) and position
    texts of one position."""
    moves = state.legal_moves()
    texts = [str(m) for m in moves]
    assert texts and len(texts) == len(set(texts)), "legal moves must be distinct"
    assert texts == sorted(texts) or texts == ["pass"], "legal moves in canonical order"
    for move in moves[:40]:
        assert state.parse_move(str(move)) == move and str(state.parse_move(str(move))) == str(move)
        assert state.illegal_reason(move) is None
    if PASS not in moves and "pass" not in texts:
        assert isinstance(state.illegal_reason(PASS), str)
    before = (state.record(), state.position_text(), texts)
    for text in [t for t in sorted(seen_texts - set(texts))][:5] + ["pass", "9-9@z99"]:
        if text in texts:
            continue
        with pytest.raises(IllegalMoveError) as refused:
            state.apply(text)
        assert refused.value.reason
        assert (state.record(), state.position_text(),
                [str(m) for m in state.legal_moves()]) == before
    # undo is exact
    move = moves[len(moves) // 2]
    assert state.apply(str(move)) == move
    assert state.undo() == move
    assert (state.record(), state.position_text(), [str(m) for m in state.legal_moves()]) == before
    # views hide the other hands
    counts = tile_counts(state)
    for viewer in range(state.players):
        view = state.view(viewer)
        assert view.player == viewer and view.players == state.players
        assert view.current_player == state.current_player
        assert (list(view.legal_moves()) == moves) == (viewer == state.current_player) or not moves
        shown = set(tiles_in(view))
        for other in range(state.players):
            if other != viewer:
                hidden = {t for t in state.secret_tiles(other) if counts[t] == 1}
                assert not hidden & shown, f"player {viewer} sees {hidden & shown} of {other}"
    # records and positions read back
    if records:
        record = state.record()
        again = cls.from_record(record)
        assert again.record() == record
    text = state.position_text()
    copy = cls.position_from_text(text, "<test>")
    assert copy.position_text() == text
    assert [str(m) for m in copy.legal_moves()] == texts


@pytest.mark.parametrize("variant, players, options", list(configurations()))
def test_random_games_keep_the_protocol(variant, players, options):
    cls = find_variant(variant)
    outcomes = set()
    for seed in range(GAMES):
        state = new_game(variant, players, seed, options)
        rng = random.Random(seed)
        seen: set = set()
        for ply in range(MOVE_LIMIT):
            if state.is_over():
                break
            assert state.current_player is not None
            if ply % CHECK_EVERY == 0:
                check_position(state, cls, seen,
                               records=ply < RECORDS_UNTIL or ply % RECORDS_EVERY == 0)
            moves = state.legal_moves()
            seen.update(str(m) for m in moves)
            state.apply(rng.choice(moves))
        else:
            pytest.fail(f"{variant} seed {seed} did not end in {MOVE_LIMIT} moves")
        outcome = state.outcome()
        assert state.legal_moves() == [] and state.current_player is None
        assert len(outcome.scores) == players
        assert outcome.winner is None or 0 <= outcome.winner < players
        assert isinstance(state.illegal_reason(PASS), str)
        record = state.record()
        replayed = cls.from_record(record)
        assert replayed.outcome() == outcome and replayed.record() == record
        outcomes.add(outcome.winner)
    assert outcomes, "no game was played"


# --- refusals speak of the variant's own moves ------------------------------------------
# A reason that names nothing of the move (no square, no tile) is a rule about moves in
# general, "an element moves one square, in any of the eight directions". Such a rule
# given by one variant must never be the reason another variant refuses moves the first
# one plays: then it describes the other game's moves (as an inherited message would).
MOVE_PARTS = re.compile(r"(?<![a-z])[a-z]\d{1,2}|\d-\d")
SAMPLE = 40             # move texts kept per variant
REFUSAL_PLIES = (0, 3, 8)


def sample_positions(name: str, seed: int = 1) -> tuple[list, list[str]]:
    """(a few positions of a seeded random game of `name`, a sample of the moves legal at
    some point of that game and of a second one), the moves as texts, passes left out."""
    positions, legal = [], set()
    for game_seed in (seed, seed + 1):
        state = new_game(name, None, game_seed)
        rng = random.Random(game_seed)
        for ply in range(max(REFUSAL_PLIES) + 40):
            if state.is_over():
                break
            moves = state.legal_moves()
            if game_seed == seed and ply in REFUSAL_PLIES:
                positions.append(state.clone())
            legal.update(str(m) for m in moves if m != PASS)
            state.apply(rng.choice(moves))
    return positions, sorted(legal)[:: max(1, len(legal) // SAMPLE)]


def general(reason: str, text: str) -> bool:
    """Whether `reason` names nothing of the move `text` (no square, no tile of it, a tile
    either way round)."""
    parts = MOVE_PARTS.findall(text)
    parts += [part[::-1] for part in parts if "-" in part]
    return not any(part in reason for part in parts)


def refusal_conflicts(names) -> list[str]:
    """For the variants `names`: each general reason one of them gives that another gives
    for refusing a move the first one plays, as lines saying who said what."""
    samples = {name: sample_positions(name) for name in names}
    every_text = sorted({t for _, texts in samples.values() for t in texts}
                        | {"pass", "9-9@z99", "b1-c3", "b1-b2", "b1-b3", "zz", "3-6R"})
    given: dict[str, dict[str, str]] = {}      # variant -> general reason -> a move it refused
    against: dict[str, dict[str, tuple]] = {}  # variant -> general reason -> (owner, move)
    for name, (positions, _) in samples.items():
        given[name], against[name] = {}, {}
        for state in positions:
            own = {t for t in (str(m) for m in state.legal_moves())}
            for text in every_text:
                if text in own:
                    continue
                reason = state.illegal_reason(text)
                assert reason, f"{name} refuses {text!r} without a reason"
                if general(reason, text):
                    given[name].setdefault(reason, text)
                    owner = next((o for o in names if o != name and text in samples[o][1]),
                                 None)
                    if owner is not None:
                        against[name].setdefault(reason, (owner, text))
    found = []
    for name in names:
        for other in names:
            for reason, (owner, text) in against[other].items():
                if owner == name and reason in given[name]:
                    found.append(f"{name} refuses {given[name][reason]!r} with {reason!r}, "
                                 f"which is how {other} refuses {name}'s own move {text!r}")
    return found


def test_refusals_speak_of_each_variants_own_moves():
    assert refusal_conflicts(list(VARIANTS)) == []
