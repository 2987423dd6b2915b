"""Record starts and position files of the moving games.

A record holds its starting board in `start` (element texts, docs/rules.md, Writing moves
and games down); a game begun from a position file holds that position's board there
and its counters in `position`.

A position file is TOML; `python -m game.logic legal FILE` lists its legal moves:

    variant = "open3"
    to_move = 0
    captures = [1, 0]              # elements each player has removed
    captured_pips = [7, 0]         # their pips
    quiet = 3                      # moves in a row without a capture
    best = [0, 0]                  # race only: most elements each has had past the middle
    board = \"\"\"
    (8 lines as in the level files, rank 8 at the top)
    \"\"\"

    [options]
    set = "halves"
    limit = 40

Elements leave the board only when captured, so `captures` must match the elements
missing from the other side, and `captured_pips` their pips where the set says which
they are. Every problem is a FileFormatError naming the file and the line.
"""
from __future__ import annotations

import json

from ..core import DominoError
from .board import ElementBoard, parse_element
from .files import SETS, board_problem, check_board, parse_board

KEYS = ("variant", "name", "description", "to_move", "captures", "captured_pips", "quiet",
        "best", "board", "options")
SHARED_COUNTERS = ("to_move", "captures", "captured_pips", "quiet")
# The counters only some games keep (their own_counters), and what they count.
OWN_COUNTERS = {"best": "counts elements past the middle line: only with race"}
COUNTERS = SHARED_COUNTERS + tuple(OWN_COUNTERS)


def record_start(cls, record: dict, written: str) -> tuple[dict, list, dict | None]:
    """(options, start texts, position or None) of a record of an element game, checked:
    its players and options, a list `start` (of texts `written` so) and a table
    `position` (DominoError)."""
    cls.require_players(record.get("players"))
    options = cls.resolve(record.get("options"))
    texts, position = record.get("start"), record.get("position")
    if not isinstance(texts, list):
        raise DominoError(f"a record of this game needs its starting board: start = [{written}]")
    if position is not None and not isinstance(position, dict):
        raise DominoError("the record's position must be a table of counters")
    return options, texts, position


def game_from_record(cls, record: dict):
    """The game as a record's `start` (and `position`, if it began from one) sets it up."""
    options, texts, position = record_start(cls, record, "element texts like c2:0:3-5")
    placed = []
    for text in texts:
        try:
            placed.append(parse_element(text))
        except ValueError as exc:
            raise DominoError(f"bad start: {exc}") from None
    try:
        board = ElementBoard.of(placed)
    except ValueError as exc:
        raise DominoError(f"bad start: {exc}") from None
    problem = board_problem(cls, options["set"], placed, complete=position is None)
    if problem:
        raise DominoError(f"bad start: {problem[1]}")
    game = cls(options, record.get("seed"), board)
    if position is not None:
        unknown = [key for key in position if key not in COUNTERS]
        if unknown:
            raise DominoError(f"bad start: unknown counter {unknown[0]!r}")
        trouble = set_counters(game, position)
        if trouble:
            raise DominoError(f"bad start: {trouble[1]}")
    game.start = start_of(game, position is not None)
    return game


def start_of(game, from_position: bool) -> dict:
    start = {"start": game.board.texts()}
    if from_position:
        start["position"] = counters(game)
    return start


def counters(game) -> dict:
    values = {"to_move": game.to_move, "captures": list(game.captures),
              "captured_pips": list(game.pips), "quiet": game.quiet}
    values.update(game.own_counters())
    return values


def _pair(values, key):
    if (not isinstance(values, list) or len(values) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values)):
        return key, f"{key} must be two whole numbers, one per player, like [0, 0]"
    return None


def set_counters(game, values: dict):
    """Set the counters a position or record gives (missing ones derived from the board);
    (key, message) of the first that does not fit the board, else None."""
    kind, counts = SETS[game.options["set"]], game.board.counts
    lost = [kind.per_side - counts[owner] for owner in (0, 1)]
    left_pips = [sum(e.value for e in game.board.cells if e and e.owner == o) for o in (0, 1)]
    whole = sum(t.value for t in kind.tiles.elements)
    if kind.shared:
        pips = [0, 0] if whole == sum(left_pips) else None
    else:
        pips = [whole - left_pips[1], whole - left_pips[0]]
    given = {"to_move": 0, "captures": [lost[1], lost[0]], "captured_pips": pips,
             "quiet": 0, "best": list(game.past_counts()), **values}
    to_move, quiet = given["to_move"], given["quiet"]
    if to_move not in (0, 1) or isinstance(to_move, bool):
        return "to_move", "to_move must be 0 (the south player) or 1 (the north player)"
    if given["captured_pips"] is None:
        return "captured_pips", "captured_pips must say how many pips each player has removed"
    for key in ("captures", "captured_pips", "best"):
        trouble = _pair(given[key], key)
        if trouble:
            return trouble
    captures, pips, best = given["captures"], given["captured_pips"], given["best"]
    for player in (0, 1):
        if captures[player] != lost[1 - player]:
            return "captures", f"captures: player {player} has removed {captures[player]} " \
                               f"elements, but player {1 - player} misses {lost[1 - player]} " \
                               f"of {kind.per_side}"
    if kind.shared and sum(pips) != whole - sum(left_pips):
        return "captured_pips", f"captured_pips add up to {sum(pips)}, but the elements " \
                                f"missing from the board hold {whole - sum(left_pips)} pips"
    if not kind.shared and pips != [whole - left_pips[1], whole - left_pips[0]]:
        return "captured_pips", "captured_pips must be the pips missing from the other side: " \
                                f"{[whole - left_pips[1], whole - left_pips[0]]}"
    if isinstance(quiet, bool) or not isinstance(quiet, int) or not 0 <= quiet < 2 * game.limit:
        return "quiet", f"quiet must be 0 to {2 * game.limit - 1} (the limit is " \
                        f"{game.limit} moves each)"
    past = game.past_counts()
    if any(b < p or b > kind.per_side for b, p in zip(best, past)):
        return "best", f"best must be at least the elements past the middle now, {list(past)}"
    game.to_move, game.quiet = to_move, quiet
    game.captures, game.pips = list(captures), list(pips)
    game.take_own_counters(given)
    game._cache = None
    return None


def game_from_position(cls, data, path: str):
    """The game a parsed position file (a TomlFile, or a plain dict) describes."""
    toml, options = cls.open_position(data, path, KEYS)
    placed, lines = parse_board(toml)
    check_board(toml, cls, options["set"], placed, lines, complete=False)
    game = cls(options, None, ElementBoard.of(placed))
    values = {key: toml.data[key] for key in COUNTERS if key in toml.data}
    for key in values:
        if key in OWN_COUNTERS and key not in game.own_counters():
            raise toml.error(key, f"{key} {OWN_COUNTERS[key]}")
    take_counters(toml, game, set_counters(game, values))
    game.start = start_of(game, True)
    return game


def take_counters(toml, game, trouble) -> None:
    """The FileFormatError of the counters' `trouble` ((key, message) or None), or of a
    position where the game is already over."""
    if trouble:
        raise toml.error(trouble[0] if trouble[0] in toml.data else "board", trouble[1])
    outcome = game.outcome()
    if outcome is not None:
        raise toml.error("board", f"the game is over here ({outcome.reason}), so this is no "
                                  "position to play from")


def position_text(game) -> str:
    """The position file of `game`'s current position; it reads back to the same text."""
    return position_file(game, counters(game), game.board.grid())


def position_file(game, values: dict, grid) -> str:
    """A position file: the variant, the counters `values`, the board drawn as `grid`
    lines and the options (all but `start`). DominoError once the game is over."""
    if game.is_over():
        raise DominoError("the game is over: there is no position to write")
    lines = [f"variant = {json.dumps(game.variant)}"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in values.items()]
    lines += ['board = """', *grid, '"""', "", "[options]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in game.options.items()
              if key != "start"]
    return "\n".join(lines) + "\n"


def game_at(cls, texts, options: dict | None = None, to_move: int = 0, captures=(0, 0),
            pips=(0, 0), quiet: int = 0):
    """A game of `cls` on the board of the element texts given (`c2:0:3-5`), with these
    counters and without the accounting of position files: a made-up position for a
    tutorial, a puzzle or a test of one rule."""
    game = cls(cls.resolve(options), None, ElementBoard.of(parse_element(t) for t in texts),
               to_move, captures, pips, quiet)
    game.start = start_of(game, True)
    return game
