"""Spread's layouts, record deals and position files.

A position file (TOML) holds the board as the placements in the order they were laid,
which fixes it completely (doubles went face down when the option says so):

    variant = "open54"
    players = 2
    layout = "standard"            # a level name; a `grid` beside it is the board it drew
    placed = ["3-5@d8d9", "5-5@d10e10"]
    hands = [["1-2", "6-6"], ["0-0"]]
    pack = ["2-4", "0-1"]          # the next tile to turn up first
    set_aside = []                 # surplus tiles that fitted nowhere (3 players)
    to_move = 0
    passes = 0                     # passes in a row
    turned_up = "6-6"              # the tile the player to move turned up this turn, if any
    seen = [["6-6"], []]           # per hand, the tiles everyone saw turned up (optional)

    [options]
    face_down = false
    dealt = 0

Every problem is a FileFormatError naming the file and the line of the offending key.
"""
from __future__ import annotations

import json
from collections import Counter

from ..board.placement import Placement
from ..board.shape import board_shape
from ..core import DominoError, FileFormatError, OptionError, Tile
from ..levels import load_layout
from ..options import resolve_options
from ..textfiles import open_position

VARIANT = "open54"
KEYS = ("variant", "players", "layout", "grid", "placed", "hands", "pack", "set_aside", "to_move",
        "passes", "turned_up", "seen", "options")


def load_spread_layout(name: str):
    return load_layout(name, VARIANT)


def centre_squares(shape) -> list[int]:
    """The four squares in the middle of the board (d8, e8, d9, e9 on 8 x 16)."""
    files = (shape.width // 2 - 1, shape.width // 2)
    ranks = (shape.height // 2 - 1, shape.height // 2)
    return [r * shape.width + f for r in ranks for f in files]


def _tiles(values, what: str) -> list[Tile]:
    if not isinstance(values, list):
        raise DominoError(f"{what} must be a list of tiles")
    try:
        return [Tile.parse(str(v)) for v in values]
    except ValueError as exc:
        raise DominoError(f"{what}: {exc}") from None


def game_from_record_deal(cls, record: dict):
    """The game as a record's deal starts it: the laid surplus replayed and checked, the
    hands and the pack as recorded."""
    if "position" in record:
        return cls.from_position(record["position"], "<record position>")
    deal = record.get("deal")
    if not isinstance(deal, dict):
        raise DominoError("a Spread record needs a deal (pack and hands)")
    players = cls.require_players(record.get("players"))
    options = resolve_options(cls.options_declared, record.get("options"), cls.variant)
    hands = deal.get("hands", [[] for _ in range(players)])
    if not isinstance(hands, list) or len(hands) != players:
        raise DominoError(f"bad deal: hands must be {players} lists of tiles")
    hands = [_tiles(h, "hands") for h in hands]
    pack = _tiles(deal.get("pack"), "pack")
    try:
        layout = cls.record_layout(record, options["layout"]) or \
            load_spread_layout(options["layout"])
        shape = layout.shape
    except (OptionError, FileFormatError):      # the level file is gone: trust the record
        layout, shape = None, _recorded_shape(deal.get("blocked", []))
    blocked = sorted(shape.names[i] for i in shape.blocked)
    if sorted(deal.get("blocked", [])) != blocked:
        raise DominoError(f"bad deal: the layout {options['layout']!r} blocks "
                          f"{', '.join(blocked) or 'nothing'}, the record says otherwise")
    game = cls(players, layout, options, record.get("seed"), shape)
    laid = deal.get("laid", [])
    if not isinstance(laid, list) or len(laid) != (len(cls.tiles) % players):
        raise DominoError(f"bad deal: with {players} players the record lays "
                          f"{len(cls.tiles) % players} tiles before play")
    tiles = [_tiles([str(t).partition("@")[0]], "laid")[0] for t in laid]
    game.lay_surplus(tiles)
    if game.laid != [str(t) for t in laid]:
        raise DominoError(f"bad deal: the surplus tiles are laid {game.laid}, "
                          f"not {laid}")
    if any(len(h) != game.dealt for h in hands):
        raise DominoError(f"bad deal: the dealt option gives {game.dealt} tiles a hand")
    check_deal(game, hands, pack)
    game.start_from_deal([sorted(h) for h in hands], pack)
    return game


def check_deal(game, hands, pack) -> None:
    """DominoError unless hands, pack, laid and set-aside tiles are the 32-element set."""
    laid = [game.board.placement(*p).tile for p in game.board.placed]
    problem = game.tiles.miscount([("laid", laid), ("set aside", game.set_aside),
                                   ("hands", [t for h in hands for t in h]), ("pack", pack)],
                                  "is dealt")
    if problem:
        raise DominoError(f"bad deal: {problem.message}")


def _recorded_shape(blocked):
    shape = board_shape(8, 16)
    try:
        return board_shape(8, 16, frozenset(shape.square(n) for n in blocked))
    except (ValueError, TypeError) as exc:
        raise DominoError(f"bad deal: blocked squares: {exc}") from None


def game_from_position(cls, data, path: str):
    """The game a parsed position file describes; `data` is a TomlFile or a plain dict."""
    toml = open_position(cls, data, path, KEYS)
    players = toml.get("players", int, 2)
    if cls.players_problem(players):
        raise toml.error("players", cls.players_problem(players))
    given = dict(toml.get("options", dict, {}))
    if "layout" in toml.data:
        given["layout"] = toml.get("layout", str)
    try:
        options = resolve_options(cls.options_declared, given, cls.variant)
    except OptionError as exc:
        raise toml.error("layout" if "layout" in toml.data else "options", str(exc)) from None
    layout = cls.position_layout(toml, options["layout"])
    game = cls(players, layout, options, None)

    def tiles(key, values):
        try:
            return _tiles(values, key)
        except DominoError as exc:
            raise toml.error(key, str(exc)) from None

    for text in toml.get("placed", list, []):
        try:
            move = Placement.parse(str(text))
        except ValueError as exc:
            raise toml.error("placed", f"placed: {exc}") from None
        refusal = game.board.squares_refusal(move) or game.board.fit_refusal(
            move, game.need_contact())
        if refusal:
            raise toml.error("placed", f"placed tile {text!r} cannot lie there in this order: "
                                       f"{refusal}")
        game.lay(move)
    hands = toml.get("hands", list)
    if len(hands) != players or not all(isinstance(h, list) for h in hands):
        raise toml.error("hands", f"hands must be {players} lists of tiles")
    game.hands = [sorted(tiles("hands", h)) for h in hands]
    game.pack = tiles("pack", toml.get("pack", list, []))
    game.set_aside = tiles("set_aside", toml.get("set_aside", list, []))
    placed = [game.board.placement(*p).tile for p in game.board.placed]
    problem = cls.tiles.miscount([("placed", placed), ("set_aside", game.set_aside),
                                  ("hands", [t for h in game.hands for t in h]),
                                  ("pack", game.pack)])
    if problem:
        raise toml.error(problem.part or "pack", problem.message)
    game.to_move = toml.get("to_move", int, 0)
    if not 0 <= game.to_move < players:
        raise toml.error("to_move", f"to_move must be a player from 0 to {players - 1}")
    # Passes in a row: each turns up a tile while the pack lasts, then one more round.
    game.passes = toml.whole("passes", 0, len(cls.tiles) + players, 0)
    if game.is_over():
        raise toml.error("passes", "every player has passed with the pack empty: the game is "
                                   "over, so this is no position to play from")
    if "turned_up" in toml.data:
        game.turned_up = tiles("turned_up", [toml.get("turned_up", str)])[0]
        if game.turned_up not in game.hands[game.to_move]:
            raise toml.error("turned_up", "the turned-up tile must be in the hand of the "
                                          "player to move")
    game.seen = _seen_tiles(toml, game, tiles)
    game.start = {"position": position_data(game)}
    return game


def _seen_tiles(toml, game, tiles) -> list[list[Tile]]:
    """Per hand, the tiles everyone saw turned up: the `seen` key, else the turned-up
    tile of the player to move; each must be in its hand."""
    if "seen" not in toml.data:
        seen: list[list[Tile]] = [[] for _ in game.hands]
        if game.turned_up is not None:
            seen[game.to_move].append(game.turned_up)
        return seen
    lists = toml.get("seen", list)
    if len(lists) != game.players or not all(isinstance(h, list) for h in lists):
        raise toml.error("seen", f"seen must be {game.players} lists of tiles")
    seen = [sorted(tiles("seen", h)) for h in lists]
    for player, (shown, hand) in enumerate(zip(seen, game.hands)):
        extra = Counter(shown) - Counter(hand)
        if extra:
            raise toml.error("seen", f"seen: player {player} does not hold "
                                     f"{', '.join(str(t) for t in sorted(extra.elements()))}")
    if game.turned_up is not None and game.turned_up not in seen[game.to_move]:
        raise toml.error("seen", "seen: the turned-up tile was seen by everyone")
    return seen


def position_data(game) -> dict:
    data = {"variant": game.variant, "players": game.players, "layout": game.options["layout"],
            **game.board_unless_named(),
            "placed": [str(game.board.placement(*p)) for p in game.board.placed],
            "hands": [[str(t) for t in h] for h in game.hands],
            "pack": [str(t) for t in game.pack[game.drawn:]],
            "set_aside": [str(t) for t in game.set_aside],
            "to_move": game.to_move, "passes": game.passes}
    if game.turned_up is not None:
        data["turned_up"] = str(game.turned_up)
    data["seen"] = [[str(t) for t in h] for h in game.seen]
    data["options"] = {"face_down": game.options["face_down"], "dealt": game.options["dealt"]}
    return data


def position_text(game) -> str:
    """The position file text of `game`'s current position."""
    if game.is_over():
        raise DominoError("the game is over: there is no position to write")
    data = position_data(game)
    options = data.pop("options")
    lines = [f"{key} = {json.dumps(value)}" for key, value in data.items()]
    lines += ["", "[options]"] + [f"{key} = {json.dumps(value)}" for key, value in options.items()]
    return "\n".join(lines) + "\n"
