"""Position files (TOML) of the line variants: reading a round from one, writing one.

Shared by classic.py and blank.py, which add the match keys (totals, round number and
so on) around the round keys read and written here. Errors name the file and the line.
"""
from __future__ import annotations

from ..core import FileFormatError, Tile
from .engine import LineRound
from .laying import (LineRules, Placed, broken_join, extra_plays_problem, hands_problem,
                     wrong_opener)


def _line_with(toml, key: str, needle: str) -> int | None:
    """The first line at or after `key = ...` that contains `needle` (for item errors)."""
    start = toml.line_of(key) or 1
    for number, text in enumerate(toml.text.splitlines()[start - 1:], start=start):
        if needle in text:
            return number
    return toml.line_of(key)


def _tile_list(toml, key: str, items, rules: LineRules) -> list[Tile]:
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise toml.error(key, f"{key} must be a list of tiles written as text, like \"3-5\"")
    tiles = []
    for item in items:
        try:
            tile = Tile.parse(item)
            if tile.is_blank != rules.blank or tile.b > 6:
                raise ValueError
        except ValueError:
            kind = "a blank tile _" if rules.blank else "a double-six tile like 3-5"
            raise FileFormatError(toml.path, _line_with(toml, key, f'"{item}"'),
                                  f"{key}: {item!r} is not {kind}") from None
        tiles.append(tile)
    return tiles


def read_round(toml, rules: LineRules, players: int, seats) -> LineRound:
    """The round described by a position file's line, hands, stock and to_move keys."""
    hands_raw = toml.get("hands", list)
    if len(hands_raw) != players:
        raise toml.error("hands", f"hands lists {len(hands_raw)} hands for {players} players")
    hands = {p: _tile_list(toml, "hands", h, rules) for p, h in enumerate(hands_raw)}
    stock = _tile_list(toml, "stock", toml.get("stock", list), rules)
    line = []
    for item in toml.get("line", list):
        try:
            line.append(Placed.parse(str(item)))
            if line[-1].tile.is_blank != rules.blank:
                raise ValueError(f"{item!r} does not belong to this tile set")
        except ValueError as exc:
            where = _line_with(toml, "line", str(item))
            raise FileFormatError(toml.path, where, f"line: {exc}") from None
    if problem := broken_join(line):
        raise toml.error("line", f"line: {problem}")
    to_move = toml.get("to_move", int)
    miscount = rules.tiles.miscount([("line", [p.tile for p in line]), ("stock", stock),
                                     ("hands", [t for h in hands.values() for t in h])])
    if miscount:
        if miscount.part is None:       # tiles missing
            raise toml.error("stock", miscount.message)
        text = next((str(p) for p in line if p.tile == miscount.tile), str(miscount.tile)) \
            if miscount.part == "line" else str(miscount.tile)
        also = f" (also in {miscount.also_in})" if miscount.also_in else ""
        raise FileFormatError(toml.path, _line_with(toml, miscount.part, f'"{text}"'),
                              f"{miscount.part}: {miscount.message}{also}")
    if problem := hands_problem(hands, seats):
        raise toml.error("hands", problem)
    if to_move not in seats:
        in_round = ", ".join(map(str, seats))
        raise toml.error("to_move", f"to_move must be a player in the round ({in_round})")
    if not line and (problem := wrong_opener(rules, hands, seats, to_move)):
        raise toml.error("to_move", problem)
    extra_plays = toml.get("extra_plays", int, 0)
    if problem := extra_plays_problem(rules, len(line), extra_plays):
        raise toml.error("extra_plays", problem)
    return LineRound(rules, seats, hands, stock, line, to_move, extra_plays)


def _toml_list(items) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def round_position_lines(rnd: LineRound, players: int) -> list[str]:
    """The line, hands, stock and to_move keys of a position file for `rnd`."""
    hands = [rnd.hands.get(p, []) for p in range(players)]
    return [f"line = {_toml_list(rnd.line)}",
            "hands = [",
            *(f"  {_toml_list(h)}," for h in hands),
            "]",
            f"stock = {_toml_list(rnd.stock)}",
            f"to_move = {rnd.current}",
            *([f"extra_plays = {rnd.extra_plays}"] if rnd.extra_plays else [])]
