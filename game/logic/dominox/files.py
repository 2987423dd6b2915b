"""Dominox position files: TOML a person can write or the game can save.

    variant = "dominox"
    layout = "standard"            # a level name or path; or an inline grid = \"\"\"...\"\"\"
    placed = ["0-0@g7g8", "0-5@g6h6"]
    hands = [["1-2", "3-3"], ["4-6"]]
    stock = ["2-2", "0-1"]         # the next tile to draw first
    to_move = 0                    # 0 White, 1 Black
    passes = 0                     # passes in a row with the stock empty

    [options]                      # optional: the game's other options (hand = 8)

Every problem is a FileFormatError naming the file and the line of the offending key.
The tiles already placed must be a board that legal play could have reached
(dominox_contact.py). A game record's deal is checked here too (`deal_problem`).
"""
from __future__ import annotations

import json
import random

from ..core import FileFormatError, OptionError, Tile
from .contact_order import contact_problem
from ..board.placement import TILE_INDEX, TILES, Placement, tile_bits, tiles_of
from ..board.shape import Grid
from ..options import resolve_options
from ..textfiles import TomlFile, open_position
from ..tiles import DOUBLE_SIX_SET, some_of

KEYS = ("variant", "layout", "grid", "name", "description", "placed", "hands", "stock",
        "to_move", "passes", "options")


def game_from_position(cls, data, path: str):
    """The game a parsed position file describes; `data` is a TomlFile or a plain dict."""
    toml = open_position(cls, data, path, KEYS)
    given = dict(toml.get("options", dict, {}))
    # a grid alone is an "inline" board; beside a layout name it is the board that level
    # drew when the game was played (the file may have changed since)
    given["layout"] = toml.get("layout", str, "inline" if "grid" in toml.data else "standard")
    layout = cls.position_layout(toml, given["layout"])
    try:
        options = resolve_options(cls.options_declared, given, cls.variant)
    except OptionError as exc:
        raise toml.error("options", str(exc)) from None
    game = cls(layout, options, None)

    def tiles(key, values):
        try:
            return [Tile.parse(str(v)) for v in values]
        except (ValueError, TypeError) as exc:
            raise toml.error(key, f"{key}: {exc}") from None

    hands = toml.get("hands", list)
    if len(hands) != 2 or not all(isinstance(h, list) for h in hands):
        raise toml.error("hands", "hands must be two lists of tiles, White's then Black's")
    hand_tiles = [tiles("hands", hand) for hand in hands]
    stock = tiles("stock", toml.get("stock", list, []))
    grid = Grid(game.shape)
    placements, texts = [], []
    for text in toml.get("placed", list, []):
        try:
            move = Placement.parse(str(text))
        except ValueError as exc:
            raise toml.error("placed", f"placed: {exc}") from None
        try:
            s1, s2 = game.shape.square(move.first), game.shape.square(move.second)
            grid.place(s1, move.x, s2, move.y)
        except ValueError as exc:
            raise toml.error("placed", f"placed tile {text!r}: {exc}") from None
        placements.append((s1, move.x, s2, move.y, move.tile))
        texts.append(str(text))
    problem = contact_problem(game.shape, placements)
    if problem:
        index, message = problem
        raise FileFormatError(toml.path, _item_line(toml, "placed", f'"{texts[index]}"'),
                              f"placed tile {texts[index]!r}: {message}")
    account_for_every_tile(toml, [("placed", [p[4] for p in placements]),
                                  ("hands", [t for h in hand_tiles for t in h]), ("stock", stock)])
    for s1, x, s2, y, _ in placements:
        game.board.place(s1, x, s2, y)
    game.hands = [tile_bits(h) for h in hand_tiles]
    game.stock = [TILE_INDEX[t] for t in stock]
    game.to_move = toml.get("to_move", int, 0)
    if game.to_move not in (0, 1):
        raise toml.error("to_move", "to_move must be 0 (White) or 1 (Black)")
    game.passes = toml.get("passes", int, 0)
    if not 0 <= game.passes <= 2:
        raise toml.error("passes", "passes must be 0, 1 or 2")
    if not placements:
        key = "to_move" if "to_move" in toml.data else "hands"
        doubles = [(TILE_INDEX[t], p) for p, hand in enumerate(hand_tiles)
                   for t in hand if t.is_double]
        if not doubles:
            raise toml.error(key, "the board is empty, so the player to move must hold a double "
                                  "to open with")
        game.opening, opener = min(doubles)
        if opener != game.to_move:
            raise toml.error(key, f"the board is empty, so player {opener} opens: they hold "
                                  f"the lowest double {TILES[game.opening]}")
    game.start = {"position": position_data(game)}
    return game


def account_for_every_tile(toml: TomlFile, parts) -> None:
    """A FileFormatError unless `parts` ([(key, tiles)]) hold every double-six tile once:
    a tile repeated is named on its line, tiles missing on the stock's (or hands') line."""
    problem = DOUBLE_SIX_SET.miscount(parts)
    if problem is None:
        return
    if problem.part is None:            # tiles missing
        raise toml.error("stock" if "stock" in toml.data else "hands",
                         f"{problem.message}: a position holds all 28 tiles once "
                         "(on the board, in the hands or in the stock)")
    also = f" (also in {problem.also_in})" if problem.also_in and \
        problem.also_in != problem.part else ""
    message = problem.message if problem.tile in TILE_INDEX else \
        f"{problem.tile} is not a double-six tile"
    raise FileFormatError(toml.path, _item_line(toml, problem.part, str(problem.tile)),
                          f"{problem.part}: {message}{also}")


def _item_line(toml: TomlFile, key: str, needle: str) -> int | None:
    """The first line at or after `key = ...` holding `needle` (the key's line if none)."""
    start = toml.line_of(key)
    if start is None:
        return None
    for number, text in enumerate(toml.text.splitlines()[start - 1:], start=start):
        if needle in text:
            return number
    return start


def deal_problem(hands, stock, hand_size: int) -> str | None:
    """Why a record's deal is not the whole double-six set dealt `hand_size` tiles a hand."""
    if (not isinstance(hands, list) or len(hands) != 2
            or not all(isinstance(h, list) for h in hands) or not isinstance(stock, list)):
        return "a dominox deal's hands are two lists of tiles and its stock one list"
    try:
        parts = [(f"hand {p}", [Tile.parse(str(t)) for t in hand]) for p, hand in enumerate(hands)]
        parts.append(("stock", [Tile.parse(str(t)) for t in stock]))
    except ValueError as exc:
        return str(exc)
    problem = DOUBLE_SIX_SET.miscount(parts, "is dealt")
    if problem and problem.tile is not None:
        return problem.message if problem.tile in TILE_INDEX else \
            f"{str(problem.tile)!r} is not a double-six tile"
    for player, hand in enumerate(hands):
        if len(hand) != hand_size:
            return (f"hand {player} holds {len(hand)} tiles, but the hand option deals "
                    f"{hand_size}")
    if problem:
        return f"the deal leaves out {some_of(problem.missing)}: it must hold all 28 tiles once"
    return None


def dealt_position(layout, seed: int, hand: int = 8) -> dict:
    """The position (as a dict for `from_position`) of a fresh deal from `seed` on any
    layout, its grid written inline: a level file being tried out before it is copied
    into levels/, or the benchmark's biggest board."""
    rng = random.Random(seed)
    while True:
        hands, stock = DOUBLE_SIX_SET.deal(rng, (hand, hand))
        doubles = [(TILE_INDEX[t], p) for p, tiles in enumerate(hands) for t in tiles
                   if t.is_double]
        if doubles:
            break
    return {"variant": "dominox", "name": layout.title, "description": layout.description,
            "grid": layout.grid_text(), "placed": [],
            "hands": [[str(t) for t in sorted(h)] for h in hands],
            "stock": [str(t) for t in stock], "to_move": min(doubles)[1]}


def position_data(game) -> dict:
    """The position as the dict a position file holds (the layout by name, or its grid)."""
    data = {"variant": game.variant}
    if game.options["layout"] == "inline":
        data["grid"] = game.layout.grid_text()
    else:
        data["layout"] = game.options["layout"]
        data.update(game.board_unless_named())
    data["placed"] = [str(game._move_of(*p)) for p in game.placed]
    data["hands"] = [[str(t) for t in tiles_of(h)] for h in game.hands]
    data["stock"] = [str(TILES[t]) for t in game.stock[game.drawn:]]
    data["to_move"] = game.to_move
    data["passes"] = game.passes
    others = {o.name: game.options[o.name] for o in game.options_declared
              if o.name != "layout" and game.options[o.name] != o.default}
    if others:                      # (a default game's file stays as it always was)
        data["options"] = others
    return data


def position_text(game) -> str:
    """The position file text of `game`'s current position."""
    lines = []
    data = position_data(game)
    options = data.pop("options", None)
    for key, value in data.items():
        if key == "grid":
            lines.append(f'grid = """\n{value}\n"""')
        else:
            lines.append(f"{key} = {json.dumps(value)}")
    if options:
        lines += ["", "[options]"] + [f"{key} = {json.dumps(value)}"
                                      for key, value in options.items()]
    return "\n".join(lines) + "\n"
