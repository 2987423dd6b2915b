"""Dominid position files (TOML a person can write or the game can save) and the
checks of a record's deal.

    variant = "dominid"
    layout = "standard"                  # a level name from levels/dominid, or a path;
                                         # a `grid` beside it is the board it drew
    arrange = "chosen"                   # the option: "fixed" lays the smaller numbers south
    placed = ["2-5@h8h9", "3-4@i8i9", "2-6@g8g9"]   # play order; the first two are the
                                         # opening, upright on the four middle cells
    hands = [["1-2", "3-3", "0-6"], ["4-6", "5-5", "0-1"]]
    stock = ["1-1", "2-4"]               # the next tile to draw first (shortened here:
                                         # a real file names the other 20 tiles too)
    to_move = 1
    parities = ["evens", "odds"]         # player 0's and 1's; [] before the choice
    passes = 0                           # passes in a row
    costs = [1, 0]                       # running costs

While the opening is still to be arranged, `placed = []` and `draws = ["1-3", "0-4"]`
names the two turned-up tiles (player 0's, then player 1's); `to_move` is then the
player whose tile lost. Every tile of the set appears exactly once. The placed tiles are
laid again in order under the rules, so the stacks follow from them; the costs must add
up to what those placements cost (who laid which is not recorded, so only the sum can be
checked).
Every problem is a FileFormatError naming the file and the line of the offending key.
"""
from __future__ import annotations

import json

from ..core import DominoError, FileFormatError, Tile
from ..board.placement import TILE_INDEX, TILES, Placement, tile_bits, tiles_of
from .opening import first_player, opening_cells
from ..options import resolve_options
from ..textfiles import TomlFile, open_position
from ..tiles import DOUBLE_SIX_SET

KEYS = ("variant", "layout", "grid", "arrange", "draws", "placed", "hands", "stock", "to_move",
        "parities", "passes", "costs")
HAND = 3
PARITIES = ("odds", "evens")


def deal_problem(draws, hands, stock) -> str | None:
    """Why a deal is not two face-up tiles, two hands of three and the stock making up
    the whole double-six set once; None when it is."""
    if (not isinstance(draws, list | tuple) or len(draws) != 2
            or not isinstance(hands, list | tuple) or len(hands) != 2
            or not all(isinstance(h, list | tuple) for h in hands)
            or not isinstance(stock, list | tuple)):
        return "a dominid deal is two face-up tiles (draws), two hands and a stock"
    for player, hand in enumerate(hands):
        if len(hand) != HAND:
            held = f"{len(hand)} tile" + ("" if len(hand) == 1 else "s")
            return f"hand {player} holds {held}, not {HAND}"
    parts = []
    for name, texts in (("draws", draws), ("hands", [t for h in hands for t in h]),
                        ("stock", stock)):
        try:
            parts.append((name, [Tile.parse(t) if isinstance(t, str) else t for t in texts]))
        except ValueError as exc:
            return str(exc)
        if not all(isinstance(t, Tile) for t in parts[-1][1]):
            return f"the {name} must be tiles written like 3-5"
    problem = DOUBLE_SIX_SET.miscount(parts, "is dealt")
    return problem.message if problem else None


def game_from_position(cls, data, path: str):
    """The game a parsed position file describes; `data` is a TomlFile or a plain dict."""
    toml = open_position(cls, data, path, KEYS)
    name = toml.get("layout", str, "standard")
    try:
        options = resolve_options(cls.options_declared,
                                  {"arrange": toml.get("arrange", str, "chosen")}, cls.variant)
    except DominoError as exc:
        raise toml.error("arrange", str(exc)) from None
    layout = cls.position_layout(toml, name)      # the grid beside the name, or the level
    try:
        options = resolve_options(cls.options_declared, dict(options, layout=name), cls.variant)
        game = cls(layout, options, None)
    except DominoError as exc:               # unknown, broken, or blocking the opening
        raise toml.error("layout", str(exc)) from None

    def tiles(key, values):
        try:
            return [Tile.parse(str(v)) for v in values]
        except (ValueError, TypeError) as exc:
            raise toml.error(key, f"{key}: {exc}") from None

    texts = [str(t) for t in toml.get("placed", list)]
    placed = []
    for text in texts:
        try:
            placed.append(Placement.parse(text))
        except ValueError as exc:
            raise _item_error(toml, text, f"placed: {exc}") from None
    hands = toml.get("hands", list)
    if len(hands) != 2 or not all(isinstance(h, list) for h in hands):
        raise toml.error("hands", "hands must be two lists of tiles, player 0's then player 1's")
    hand_tiles = [tiles("hands", hand) for hand in hands]
    stock = tiles("stock", toml.get("stock", list, []))
    draws = tiles("draws", toml.get("draws", list, []))
    if placed and draws:
        raise toml.error("draws", "draws name the turned-up tiles only while the opening is "
                                  "still to be arranged (placed = [])")
    problem = DOUBLE_SIX_SET.miscount([("placed", [p.tile for p in placed]), ("draws", draws),
                                       ("hands", [t for h in hand_tiles for t in h]),
                                       ("stock", stock)])
    if problem:
        raise toml.error(problem.part or "stock", problem.message)
    for player, hand in enumerate(hand_tiles):
        if len(hand) > HAND or (stock and len(hand) != HAND):
            held = f"{len(hand)} tile" + ("" if len(hand) == 1 else "s")
            raise toml.error("hands", f"hand {player} holds {held}: hands hold "
                                      f"{HAND} while the stock lasts, fewer only after")

    if not placed:
        return _to_arrange(toml, game, draws, hand_tiles, stock)
    _lay_opening(toml, game, texts, placed)
    shape = game.shape
    total = 0
    for text, move in zip(texts[2:], placed[2:]):
        slot, refusal = game.slot_of_move(move)
        if refusal is None:
            refusal = game.stacks.refusal(slot)
        if refusal:
            raise _item_error(toml, text, f"placed tile {text!r}: {refusal}")
        total += game.stacks.cost(slot, move.x, move.y)[0]
        s1, s2 = shape.slots[slot]
        game.stacks.lay(s1, move.x, s2, move.y)

    game.hands = [tile_bits(h) for h in hand_tiles]
    game.stock = [TILE_INDEX[t] for t in stock]
    game.to_move = toml.get("to_move", int, 0)
    if game.to_move not in (0, 1):
        raise toml.error("to_move", "to_move must be 0 or 1")
    game.passes = toml.get("passes", int, 0)
    if not 0 <= game.passes <= 2:
        raise toml.error("passes", "passes must be 0, 1 or 2")
    parities = toml.get("parities", list, [])
    if parities:
        if sorted(map(str, parities)) != sorted(PARITIES):
            raise toml.error("parities", 'parities must be ["odds", "evens"], '
                                         '["evens", "odds"] or [] before the choice')
        if len(placed) == 2:
            raise toml.error("parities", "nobody has moved yet, so nobody has chosen odds "
                                         "or evens: write parities = []")
        game.parities = [game.parse_move(p) for p in parities]
    elif len(placed) > 3:
        raise toml.error("parities", "the first player chooses odds or evens right after "
                                     "their first move: with more than 3 tiles placed, "
                                     "give the parities")
    game.declaring = not parities and len(placed) == 3
    if game.declaring and game.passes:
        raise toml.error("passes", "nobody can have passed before odds and evens are chosen")
    costs = toml.get("costs", list, [0, 0])
    if (len(costs) != 2 or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0
                                   for c in costs)):
        raise toml.error("costs", "costs must be two whole numbers of 0 or more")
    if sum(costs) != total:
        raise toml.error("costs", f"costs add up to {sum(costs)}, but the placed tiles "
                                  f"cost {total} in all")
    game.costs = list(costs)
    game.start = {"position": position_data(game)}
    return game


def _lay_opening(toml: TomlFile, game, texts: list, placed: list) -> None:
    """Lay the first two placed tiles, which must be the opening: upright on the four
    middle cells (with arrange = fixed, each with its smaller number south)."""
    shape = game.shape
    cells = opening_cells(shape)
    if len(placed) < 2:
        raise toml.error("placed", "placed must start with the two opening tiles (or be [] "
                                   "with the draws, before the opening is arranged)")
    fixed = game.options["arrange"] == "fixed"
    for index, (low, high) in enumerate((cells[:2], cells[2:])):
        move = placed[index]
        if (move.first, move.second) != (shape.names[low], shape.names[high]) or (
                fixed and move.x > move.y):
            how = ", smaller number south (arrange = fixed)" if fixed else ""
            raise _item_error(toml, texts[index], (
                f"placed tile {texts[index]!r}: the opening tiles lie upright on "
                f"{shape.names[cells[0]]}{shape.names[cells[1]]} and "
                f"{shape.names[cells[2]]}{shape.names[cells[3]]}{how}"))
        game.stacks.lay(low, move.x, high, move.y)


def _to_arrange(toml: TomlFile, game, draws: list, hands: list, stock: list):
    """The game of a position whose opening is still to be arranged (placed = [])."""
    if game.options["arrange"] != "chosen":
        raise toml.error("placed", "with arrange = fixed the opening always lies: placed "
                                   "starts with its two tiles")
    if len(draws) != 2:
        raise toml.error("draws" if "draws" in toml.data else "placed",
                         "before the opening is arranged, draws must name the two "
                         "turned-up tiles (player 0's, then player 1's)")
    if any(len(hand) != HAND for hand in hands):
        raise toml.error("hands", f"both hands hold {HAND} tiles before the opening")
    loser = 1 - first_player(draws)
    if toml.get("to_move", int, loser) != loser:
        raise toml.error("to_move", f"player {loser}'s tile lost the draw, so player {loser} "
                                    f"arranges the opening: to_move must be {loser}")
    for key, empty in (("parities", []), ("passes", 0), ("costs", [0, 0])):
        if toml.get(key, type(empty), empty) != empty:
            raise toml.error(key, f"nobody has moved before the opening: {key} must be "
                                  f"{json.dumps(empty)}")
    game.draws, game.arranging, game.to_move = tuple(draws), True, loser
    game.hands = [tile_bits(h) for h in hands]
    game.stock = [TILE_INDEX[t] for t in stock]
    game.start = {"position": position_data(game)}
    return game


def _item_error(toml: TomlFile, text: str, message: str) -> FileFormatError:
    """An error on the line of `placed` that holds the item `text`."""
    start = toml.line_of("placed")
    line = start
    if start is not None:
        for number, row in enumerate(toml.text.splitlines()[start - 1:], start=start):
            if f'"{text}"' in row or f"'{text}'" in row:
                line = number
                break
    return FileFormatError(toml.path, line, message)


def position_data(game) -> dict:
    """The position as the dict a position file holds."""
    data = {"variant": game.variant, "layout": game.options["layout"],
            **game.board_unless_named(), "arrange": game.options["arrange"]}
    if game.arranging:
        data["draws"] = [str(t) for t in game.draws]
    data.update({
        "placed": [str(game.placement(i)) for i in range(len(game.stacks.placed))],
        "hands": [[str(t) for t in tiles_of(h)] for h in game.hands],
        "stock": [str(TILES[t]) for t in game.stock[game.drawn:]],
        "to_move": game.to_move,
        "parities": [str(p) for p in game.parities] if game.parities[0] else [],
        "passes": game.passes,
        "costs": list(game.costs),
    })
    return data


def position_text(game) -> str:
    """The position file text of `game`'s current position."""
    return "".join(f"{key} = {json.dumps(value)}\n" for key, value in position_data(game).items())
