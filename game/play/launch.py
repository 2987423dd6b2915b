"""What `main.py --play` and `main.py --continue` start, checked before the window opens
so that a mistake is one line on the terminal (DominoError), never a window.

No pygame here.
"""
from __future__ import annotations


from game.logic.agents import AGENTS
from game.logic.core import DominoError, OptionError
from game.logic.options import parse_option_pairs, resolve_options
from game.logic.records import new_seed, seed_problem
from game.logic.variants import VARIANTS, find_variant, new_game

from game.play import saves
from game.play.config import MatchConfig, Seat
from game.play.locks import LockRefused, claim_data_folder
from game.play.storage import data_dir

SEAT_KINDS = ("human", *AGENTS)      # human, random (Easy), greedy (Medium), hard (Hard)


def play_config(variant: str, seats: str | None = None, players: int | None = None,
                options=(), seed: int | None = None) -> MatchConfig:
    """The match `--play VARIANT --seats human,greedy --players K --option N=V --seed S`
    asks for (seats named "Player 1"... until the app names them from the settings).
    Without --seats the first seat is a person and the others Medium computers."""
    cls = find_variant(variant)
    kinds = [k.strip() for k in seats.split(",")] if seats is not None else None
    if kinds is not None and players is not None and len(kinds) != players:
        named = "1 seat" if len(kinds) == 1 else f"{len(kinds)} seats"
        raise OptionError(f"--seats names {named} but --players is {players}")
    count = len(kinds) if kinds is not None else players if players is not None \
        else cls.min_players
    cls.require_players(count)
    kinds = kinds or ["human"] + ["greedy"] * (count - 1)
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise OptionError(f"unknown seat {kind!r} (known: {', '.join(SEAT_KINDS)})")
    given = parse_option_pairs(list(options))
    resolved = resolve_options(cls.options_declared, given, cls.variant)
    chosen = {name: resolved[name] for name in given}
    seed = new_seed() if seed is None else seed
    if problem := seed_problem(seed):              # what a record can hold
        raise OptionError(f"--seed: {problem}")
    new_game(cls.variant, count, seed, chosen)     # a missing level file is named now
    return MatchConfig(cls.variant, tuple(
        Seat(f"Player {i + 1}") if kind == "human" else Seat(f"Player {i + 1}", "computer", kind)
        for i, kind in enumerate(kinds)), chosen, seed)


def edit_variant(variant: str) -> str:
    """The variant `--edit VARIANT` opens the level editor on; OptionError unless it is
    a game with level files."""
    from game.logic.variants import variant_entry
    entry = variant_entry(variant)
    if entry.levels is None:
        with_levels = ", ".join(n for n, e in VARIANTS.items() if e.levels)
        raise OptionError(f"{entry.name} has no levels to edit (games with levels: "
                          f"{with_levels})")
    return entry.name


def saved_match() -> saves.SavedMatch:
    """The match `--continue` resumes; DominoError when there is none (a damaged save is
    set aside and named) or when another window of the game keeps it."""
    try:
        claimed = claim_data_folder(data_dir())
    except LockRefused as refusal:
        raise DominoError(f"{refusal}: no match is resumed until it is removed") from None
    if not claimed:
        raise DominoError("Dominoes is already running with this data folder: continue "
                          "the match in that window")
    save, notice = saves.load_save()
    if save is None:
        raise DominoError(notice or f"there is no saved match to continue "
                                    f"(none in {saves.save_path().parent})")
    return save
