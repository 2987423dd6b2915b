"""Packs (open-board game 22) written down and read back: the start of a record (the two
packs, and a position when the record begins in one), position files, and the check that
a position accounts for each player's whole set.

Each function takes the game class (`cls`, PacksGame) or a game, so this module needs
nothing from open22.py. The board is drawn on the game's board: 8 ranks of 8 squares, or
with `across` 4 ranks of 16.
"""
from __future__ import annotations

import json

from ..core import DominoError, Tile
from ..tiles import OPEN_BOARD_SET
from .board import Element, parse_element
from .shifting import grid_lines, parse_grid

PACK = len(OPEN_BOARD_SET)
# `hands` are the two face-down packs (top first); `stock` may be given, always empty (the
# game has no common stock), so that tools that move hidden elements between the hands and
# a stock read these files like the other variants' ones.
POSITION_KEYS = ("variant", "to_move", "removed", "board", "hands", "stock", "set_aside",
                 "options")


def tiles_of(items, where: str) -> list[Tile]:
    """The tiles of a list of texts like "3-5"; DominoError naming `where` if it is not."""
    if not isinstance(items, list):
        raise DominoError(f"{where}: a list of elements like \"3-5\"")
    try:
        return [Tile.parse(str(t)) for t in items]
    except (ValueError, DominoError) as exc:
        raise DominoError(f"{where}: {exc}") from None


def pack_texts(packs) -> list[list[str]]:
    return [[str(t) for t in p] for p in packs]


def game_from_record(cls, record: dict):
    """The game at the start of `record`: its deal, or the position it begins in."""
    cls.require_players(record.get("players"))
    options = cls.resolve(record.get("options"))
    deal = record.get("deal")
    packs = deal.get("packs") if isinstance(deal, dict) else None
    if not isinstance(packs, list) or len(packs) != 2:
        raise DominoError("a record of this game needs deal.packs: one list of elements "
                          "per player, top first")
    parsed = [tiles_of(p, "deal.packs") for p in packs]
    position = record.get("position")
    if position is None:
        for owner, pack in enumerate(parsed):
            miss = OPEN_BOARD_SET.miscount([(f"pack {owner}", pack)])
            if miss:
                raise DominoError(f"bad deal: pack {owner}: {miss.message}")
        game = cls(options, record.get("seed"), parsed)
    else:
        if not isinstance(position, dict):
            raise DominoError("the record's position must be a table")
        game = game_at(cls, options, parsed, position, DominoError)
    game.start = {"deal": {"packs": pack_texts(parsed)}}
    if position is not None:
        game.start["position"] = position
    return game


def game_at(cls, options, packs, values: dict, error):
    """The game in the position `values` (board texts, set-aside and removed elements,
    the player to move) with these packs left; `error` makes the exception of a bad one."""
    shape = cls.shape_for(options)
    cells: list[Element | None] = [None] * shape.size
    for text in values.get("board", []):
        try:
            square, element = parse_element(text, shape=shape)
        except ValueError as exc:
            raise error(f"bad position: {exc}") from None
        cells[square] = element
    aside = [tiles_of(a, "set_aside") for a in values.get("set_aside", [[], []])]
    removed = [tiles_of(r, "removed") for r in values.get("removed", [[], []])]
    if len(aside) != 2 or len(removed) != 2:
        raise error("bad position: set_aside and removed hold one list per player")
    game = cls(options, None, packs, cells, values.get("to_move", 0),
               [len(removed[1]), len(removed[0])], aside, removed)
    trouble = accounting(game)
    if trouble:
        raise error(f"bad position: {trouble}")
    return game


def accounting(game) -> str | None:
    """What is wrong with the game's position as one made by play, or None."""
    if game.to_move not in (0, 1) or isinstance(game.to_move, bool):
        return "to_move must be 0 (the south player) or 1 (the north player)"
    on_board = [0, 0]
    for element in game.cells:
        if element is not None:
            on_board[element.owner] += 1
    left = [len(p) for p in game.packs]
    if left[1] - left[0] != game.to_move:
        return "the packs must hold as many elements each, one more for the south " \
               "player when it is the north player's turn"
    for owner in (0, 1):
        whole = [e.tile for e in game.cells if e is not None and e.owner == owner]
        miss = OPEN_BOARD_SET.miscount([("board", whole), ("removed", game.removed[owner]),
                                        ("set_aside", game.set_aside[owner]),
                                        ("hands", game.packs[owner])])
        if miss:
            return f"player {owner}: {miss.message}"
        used = on_board[owner] + game.captures[1 - owner] + len(game.set_aside[owner])
        if used + left[owner] != PACK:
            return f"player {owner}'s elements on the board, removed, set aside and in " \
                   f"the pack make {used + left[owner]}, not {PACK}"
    return None


def position_values(game) -> dict:
    """The position as a record's `position` table holds it."""
    return {"to_move": game.to_move,
            "removed": [[str(t) for t in r] for r in game.removed],
            "board": game.board_texts(),
            "set_aside": [[str(t) for t in a] for a in game.set_aside]}


def game_from_position(cls, data, path: str):
    """The game of a position file (TOML text or bytes); FileFormatError naming the line."""
    toml, options = cls.open_position(data, path, POSITION_KEYS)
    shape = cls.shape_for(options)
    grid, _ = parse_grid(toml, shape=shape)
    if any(len(stack) > 1 for stack in grid):
        raise toml.error("board", "one element to a square in this game")
    texts = [stack[0].text(shape.names[s]) for s, stack in enumerate(grid) if stack]
    packs = toml.get("hands", list)
    if toml.get("stock", list, []):
        raise toml.error("stock", "there is no common stock in this game: stock = []")

    def complain(message):
        return toml.error("hands", message)
    try:
        parsed = [tiles_of(p, "hands") for p in packs] if len(packs) == 2 else None
    except DominoError as exc:
        raise complain(str(exc)) from None
    if parsed is None:
        raise complain("hands must be two lists of elements (each player's face-down "
                       "pack), top first")
    values = {"to_move": toml.get("to_move", int, 0), "board": texts,
              "removed": toml.get("removed", list, [[], []]),
              "set_aside": toml.get("set_aside", list, [[], []])}
    game = game_at(cls, options, parsed, values, complain)
    if game.outcome() is not None:
        raise toml.error("hands", "both packs are used up: the game is over here")
    game.start = {"deal": {"packs": pack_texts(parsed)}, "position": values}
    return game


def position_text(game) -> str:
    """The position file of the game in progress (DominoError once it is over)."""
    if game.is_over():
        raise DominoError("the game is over: there is no position to write")
    packs = [[str(t) for t in game.packs[o][game.turned[o]:]] for o in (0, 1)]
    cells = [(e,) if e is not None else () for e in game.cells]
    lines = [f"variant = {json.dumps(game.variant)}", f"to_move = {game.to_move}",
             f"removed = {json.dumps([[str(t) for t in r] for r in game.removed])}",
             f"hands = {json.dumps(packs)}",
             f"set_aside = {json.dumps([[str(t) for t in a] for a in game.set_aside])}",
             'board = """', *grid_lines(cells, False, game.shape), '"""', "", "[options]"]
    lines += [f"{k} = {json.dumps(v)}" for k, v in game.options.items()]
    return "\n".join(lines) + "\n"
