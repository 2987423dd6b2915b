"""docs/rules.md, written from the games themselves: each variant's rules text (the one the
in-game rules screen shows) and its declared options, then how moves and game records are
written (each rules class's `notation`). `python tools/regenerate.py` rewrites the file
(with the stored playthroughs); a test keeps the two the same, so the document never
drifts from the game. In another language (`markdown("es")`: docs/es/rules.md) the same
document comes from the catalogue, a text not translated yet in English."""
from __future__ import annotations

from game.i18n import N_, _, current_language, set_language

from .variants import VARIANTS

INTRO = N_("""\
# The rules as this game plays them

Every game in the collection, in the words of its in-game rules screen (title menu →
Rules, or pause → Rules). Where the old sources were silent or unclear, the text says
which reading the game chose. Options are set in the variant select, with
`--option NAME=VALUE` on the command line (`python main.py --play VARIANT ...`,
`python -m game.logic selfplay ...`), or in a position file's `[options]` table.

This file is generated: `python tools/regenerate.py` rewrites it from the games.
""")

RECORDS = N_("""\
## Writing moves and games down

Every move has one text. A player who cannot move plays `pass` in every game.

| game | a move |
| --- | --- |
{rows}

A game record is one JSON object per game (one per line when a file holds many): the
variant, its options, the seed, the number of players, the deal (every hand and the stock
or pack, next tile first; Packs holds one pack per player under `packs`; Dominid also the
two turned-up tiles under `draws`, and with arrange = fixed the engine's `opening`; the
element games hold their starting board under `start`, one element text a square,
`SQUARE:OWNER:SOUTH-NORTH`: `c2:0:3-5` is the south player's element on c2 with 3 at its
south end and 5 at its north end, `d1:0:0-0*` a face-down test element, `c2:0:3-5^` in
Shift with free arrows an element whose arrow points north (`v`: south), and
`a1:0:3-5/a1:0:1-2` a Shift stack, bottom first; Dominox, Spread and Dominid hold the
board they are played on under `grid`, drawn as their level files draw it, top rank
first, so a record replays the same whatever happens to its level file later; a record
without it reads the level its options name), the moves in order as
`{{"player": P, "move": TEXT}}`, and the result (`scores` and `winner`, a player index or
`null` for a draw). A classic match holds its rounds, each with its own deal, moves and
result (a round's result holds its `scores`). A result may also say how the game ended
(`reason`, as `domino` or `blocked`): the reader checks it when it is there and never asks
for it. A key the reader does not know, in the record, a move, a result or a classic round
(a misspelt `"optidons"` or `"plaer"`), is refused by name rather than passed over.
`python -m game.logic replay FILE` checks a record move by move; `python -m
game.logic legal FILE` lists the legal moves of a position file or of a record of a game
in progress (such as a saved match).
""")


def _option_row(option) -> str:
    if option.choices:
        values = ", ".join(f"`{c}`" for c in option.choices)
    elif isinstance(option.default, bool):
        values = "`true`, `false`"
    elif isinstance(option.default, int):
        low = "" if option.minimum is None else option.minimum
        high = "" if option.maximum is None else option.maximum
        values = f"{low}-{high}" if low != "" and high != "" else \
            (_("at least {low}").format(low=low) if low != "" else _("a whole number"))
    else:
        values = _("text")
    default = str(option.default).lower() if isinstance(option.default, bool) \
        else str(option.default)
    return f"| `{option.name}` | `{default}` | {values} | {_(option.help)} |"


def _players(cls) -> str:
    low, high = cls.min_players, cls.max_players
    return (_("{low} players") if low == high else _("{low}-{high} players")).format(
        low=low, high=high)


def variant_section(name: str) -> str:
    cls = VARIANTS[name].load()
    lines = [f"## {_(cls.title)} (`{name}`, {_players(cls)})", ""]
    lines += [paragraph.strip() + "\n"
              for paragraph in _(cls.rules_text).strip().split("\n\n")]
    if cls.options_declared:
        lines += [_("| option | default | values | what it does |"), "| --- | --- | --- | --- |"]
        lines += [_option_row(option) for option in cls.options_declared]
        lines.append("")
    return "\n".join(lines)


def markdown(language: str = "en") -> str:
    """The whole of docs/rules.md, or in another `language` (docs/<code>/rules.md); the
    game's language is the same again afterwards."""
    before = current_language()
    set_language(language)
    try:
        return _markdown()
    finally:
        set_language(before)


def _markdown() -> str:
    contents = ["## " + _("Contents"), ""]
    for name in VARIANTS:
        contents.append(f"- {_(VARIANTS[name].load().title)} (`{name}`)")
    contents += ["- " + _("Writing moves and games down"), ""]
    rows = "\n".join(f"| {_(cls.title)} | {_(cls.notation)} |"
                     for cls in (entry.load() for entry in VARIANTS.values()))
    parts = [_(INTRO), "\n".join(contents)]
    parts += [variant_section(name) for name in VARIANTS]
    parts.append(_(RECORDS).format(rows=rows))
    return "\n".join(parts)
