"""Shift's record starts and position files (open-board game 10).

A record holds its starting board in `start` (stack texts, docs/rules.md, Writing moves
and games down); a game begun from a position file holds that position's board there
and its counters in `position`. A position file is TOML:

    variant = "open10"
    to_move = 1
    captures = [1, 0]              # elements each player has removed
    quiet = 3                      # moves in a row without a capture
    crossed = "d9:0:4-2"           # only while the first player's crossing waits for
                                   # its answer (equalize): the element past the edge
    board = \"\"\"
    (8 lines as in the level files of levels/open10/, rank 8 at the top)
    \"\"\"

    [options]
    stacks = false

Elements leave the board only when captured or set past an edge, so `captures` must
match the elements missing from the other side. Every problem is a one-line error naming
the file and the line.
"""
from __future__ import annotations

from ..core import DominoError, FileFormatError
from .board import SHAPE, SIZE, home_arrow
from .positions import position_file, record_start, take_counters
from .shift_starts import start_problem
from .shifting import grid_lines, parse_crossed, parse_grid, parse_stack, square_name

KEYS = ("variant", "to_move", "captures", "quiet", "crossed", "board", "options")
COUNTERS = ("to_move", "captures", "quiet")


def start_of(game, position: bool) -> dict:
    """The record's `start`, and with `position` the counters of a game begun there."""
    start = {"start": game.texts()}
    if position:
        start["position"] = counters(game)
    return start


def counters(game) -> dict:
    """The counters of a position (and its crossing waiting for the answer), in the order
    a position file writes them."""
    values = {"to_move": game.to_move, "captures": list(game.captures), "quiet": game.quiet}
    if game.crossed:
        values["crossed"] = crossed_text(game)
    return values


def crossed_text(game) -> str:
    """The element a crossing waiting for its answer set past the edge: `d9:0:4-2`."""
    square, element = game.crossed[0]
    return element.text(square_name(square), game.free)


def read_crossed(value, free: bool) -> tuple:
    """The `crossed` of a position or record as the game's `crossed`; ValueError."""
    if value is None:
        return ()
    if not isinstance(value, str):
        raise ValueError("crossed is the element past the edge, written like d9:0:4-2")
    return (parse_crossed(value, free),)


def crossing_problem(game) -> str | None:
    """What is wrong with the crossing a position says waits for its answer, or None."""
    if not game.crossed:
        return None
    square, element = game.crossed[0]
    where = square_name(square)
    if not game.equalize:
        return "crossed: without equalize a crossing ends the game at once, so no " \
               "answer waits"
    if element.owner != game.first_player or square // SIZE != SIZE:
        return "crossed: only the south player's crossing past rank 9 waits for an answer"
    if game.to_move == element.owner:
        return "crossed: the north player answers the crossing, so to_move must be 1"
    below = game.cells[square - SIZE]
    if not below or below[-1].owner != element.owner or below[-1].north != element.south:
        return f"crossed: the element on {where} must rest on an own element on " \
               f"{square_name(square - SIZE)} with equal numbers"
    return None


def game_from_record(cls, record: dict):
    """The game as a record's `start` (and `position`, if it began from one) sets it up."""
    options, texts, position = record_start(cls, record, "element texts like c2:0:3-5, "
                                                         "stacks joined by /")
    position = dict(position) if position is not None else None
    try:
        crossed = read_crossed(position.pop("crossed", None) if position else None,
                               options["arrows"] == "free")
    except ValueError as exc:
        raise DominoError(f"bad start: {exc}") from None
    cells = [()] * SHAPE.size
    for text in texts:
        try:
            square, stack = parse_stack(text, options["arrows"] == "free")
        except ValueError as exc:
            raise DominoError(f"bad start: {exc}") from None
        if cells[square]:
            raise DominoError(f"bad start: {square_name(square)} is named twice")
        cells[square] = stack
    problem = start_problem(cells, options["stacks"], complete=position is None,
                            crossed=crossed)
    if problem:
        raise DominoError(f"bad start: {problem[1]}")
    game = cls(options, record.get("seed"), cells, crossed=crossed)
    if position is not None:
        trouble = set_counters(game, position)
        if trouble:
            raise DominoError(f"bad start: {trouble[1]}")
    game.start = start_of(game, position is not None)
    return game


def set_counters(game, values: dict):
    """Set the counters a position or record gives (missing ones derived from the
    board); (key, message) of the first that does not fit the board, else None."""
    counts = game.counts()
    for _, element in game.crossed:             # past the edge, not captured
        counts[element.owner] += 1
    given = {"to_move": 1 if game.crossed else 0, "quiet": 0,
             "captures": [game.per_side - counts[1], game.per_side - counts[0]], **values}
    unknown = [k for k in given if k not in COUNTERS]
    if unknown:
        return unknown[0], f"unknown counter {unknown[0]!r}"
    to_move, quiet, captures = given["to_move"], given["quiet"], given["captures"]
    if to_move not in (0, 1) or isinstance(to_move, bool):
        return "to_move", "to_move must be 0 (the south player) or 1 (the north player)"
    if captures != [game.per_side - counts[1], game.per_side - counts[0]]:
        return "captures", "captures must be the elements missing from the other side: " \
                           f"{[game.per_side - counts[1], game.per_side - counts[0]]}"
    if isinstance(quiet, bool) or not isinstance(quiet, int) or not 0 <= quiet < 2 * game.limit:
        return "quiet", f"quiet must be 0 to {2 * game.limit - 1}"
    game.to_move, game.quiet, game.captures = to_move, quiet, list(captures)
    game._cache = None
    problem = crossing_problem(game)
    return ("crossed", problem) if problem else None


def game_from_position(cls, data, path: str):
    """The game a parsed position file (a TomlFile, or a plain dict) describes."""
    toml, options = cls.open_position(data, path, KEYS)
    cells, lines = parse_grid(toml)
    free = options["arrows"] == "free"
    try:
        crossed = read_crossed(toml.data.get("crossed"), free)
    except ValueError as exc:
        raise toml.error("crossed", str(exc)) from None
    for square, stack in enumerate(cells):
        if not free and any(e.arrow != home_arrow(e.owner) for e in stack):
            raise FileFormatError(toml.path, lines[square], f"{square_name(square)}: "
                                  "arrows are fixed in this game, so no ^ or v")
    problem = start_problem(cells, options["stacks"], complete=False, crossed=crossed)
    if problem:
        line = lines.get(problem[0]) or toml.line_of("crossed" if problem[0] in
                                                     dict(crossed) else "board")
        raise FileFormatError(toml.path, line, problem[1])
    game = cls(options, None, cells, crossed=crossed)
    values = {k: toml.data[k] for k in COUNTERS if k in toml.data}
    take_counters(toml, game, set_counters(game, values))
    game.start = start_of(game, True)
    return game


def position_text(game) -> str:
    """The position file of `game`'s current position; it reads back to the same text."""
    return position_file(game, counters(game), grid_lines(game.cells, game.free))
