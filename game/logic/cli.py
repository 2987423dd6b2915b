"""Command line of the logic package: selfplay, replay and legal.

    python -m game.logic selfplay VARIANT --games N --seed S [--players K]
                                  [--ai NAME,NAME,...] [--option KEY=VALUE ...]
    python -m game.logic replay FILE
    python -m game.logic legal FILE
    python -m game.logic levels VARIANT
    python -m game.logic arena VARIANT --ai hard,greedy --games N --seed S [--players K]
                               [--option KEY=VALUE ...] [--time SECONDS] [--rounds R] [--json]
    python -m game.logic lessons [VARIANT] [--check]

Bad input (an unknown variant, option or agent, a malformed file) is one line on stderr
and exit status 2; an illegal move or a wrong result in `replay`, and a faulty lesson in
`lessons --check`, is exit status 1.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .agents import make_agent, play_out
from .agents.arena import add_arena_parser, arena_command
from .console import tolerant_output
from .core import DominoError, IllegalMoveError, OptionError
from .options import parse_option_pairs
from .positions import load_position
from .record_files import read_records
from .records import seed_argument, stated_result_problem
from .textfiles import shorten
from .variants import find_variant, new_game, variant_names

EXIT_BAD_INPUT = 2
EXIT_WRONG_GAME = 1


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as our one-line errors (exit status 2)."""

    def error(self, message):
        raise OptionError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game.logic", description="Domino rules engines.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    selfplay = commands.add_parser("selfplay", help="computer games, one JSON record per line")
    selfplay.add_argument("variant")
    selfplay.add_argument("--games", type=int, default=1)
    selfplay.add_argument("--seed", type=seed_argument, default=0)
    selfplay.add_argument("--players", type=int)
    selfplay.add_argument("--ai", default="random", help="agent per seat, comma separated")
    selfplay.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    replay = commands.add_parser("replay", help="check game records move by move")
    replay.add_argument("file")
    legal = commands.add_parser("legal", help="list the legal moves of a position file "
                                              "(.toml) or of a game record in progress (.json)")
    legal.add_argument("file")
    commands.add_parser("rules", help="the rules of every game as Markdown (docs/rules.md)")
    levels = commands.add_parser("levels", help="a variant's level files, shipped and your "
                                                "own, with their descriptions or errors")
    levels.add_argument("variant")
    lessons = commands.add_parser("lessons", help="list the lessons of every game (or one); "
                                                  "--check plays each through the rules")
    lessons.add_argument("variant", nargs="?")
    lessons.add_argument("--check", action="store_true")
    add_arena_parser(commands)
    return parser


def selfplay(args) -> int:
    out, err = sys.stdout, sys.stderr
    cls = find_variant(args.variant)
    players = cls.min_players if args.players is None else args.players
    cls.require_players(players)
    names = [n.strip() for n in args.ai.split(",") if n.strip()] or ["random"]
    if len(names) not in (1, players):
        raise OptionError(f"--ai names {len(names)} agents for {players} players")
    agents = [make_agent(n) for n in (names * players if len(names) == 1 else names)]
    options = parse_option_pairs(args.option)
    if args.games < 1:
        raise OptionError("--games must be at least 1")
    wins, draws, total_moves = [0] * players, 0, 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        state = new_game(cls.variant, players, seed, options)
        total_moves += play_out(state, agents, random.Random(seed))
        out.write(json.dumps(state.record(), separators=(",", ":")) + "\n")
        outcome = state.outcome()
        assert outcome is not None, "play_out plays the game to its end"
        winner = outcome.winner
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    elapsed = time.perf_counter() - started
    seats = ", ".join(f"seat {i} ({agents[i].name}): {w}" for i, w in enumerate(wins))
    err.write(f"{args.games} {cls.variant} games: wins {seats}; draws {draws}; "
              f"mean moves {total_moves / args.games:.1f}; "
              f"{args.games / elapsed:.1f} games/s\n")
    return 0


def replay(args) -> int:
    out, err = sys.stdout, sys.stderr
    count = 0
    for index, (line, record) in enumerate(read_records(args.file), start=1):
        count = index
        where = f"{args.file}:{line}: game {index}"
        if not isinstance(record, dict) or "variant" not in record:
            raise DominoError(f"{where}: not a game record (no variant)")
        try:
            state = find_variant(record["variant"]).from_record(record)
        except IllegalMoveError as exc:
            err.write(f"{where}: {exc}\n")
            return EXIT_WRONG_GAME
        except DominoError as exc:
            raise DominoError(f"{where}: {exc}") from None
        except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
            raise DominoError(f"{where}: malformed record "
                              f"({type(exc).__name__}: {shorten(str(exc), 200)})") from None
        problem = state.stated_results_problem(record)
        if problem:
            err.write(f"{where}: {problem}\n")
            return EXIT_WRONG_GAME
        outcome = state.outcome()
        if outcome is None:
            err.write(f"{where}: the moves end before the game is over\n")
            return EXIT_WRONG_GAME
        problem = stated_result_problem(dict(outcome.as_record(), reason=outcome.reason),
                                        record.get("result"))
        if problem:
            err.write(f"{where}: {problem}\n")
            return EXIT_WRONG_GAME
    games = f"{count} game" + ("s" if count != 1 else "")
    out.write(f"{games} replayed: every move legal, every result right\n")
    return 0


def load_state(path: str):
    """The state of a position file (TOML), or of a game record in progress (JSON: a
    saved match), its moves applied."""
    if not str(path).endswith((".json", ".jsonl")):
        return load_position(path)
    records = read_records(path)
    line, record = next(records)
    if next(records, None) is not None:
        raise DominoError(f"{path}: holds more than one game record; a saved game is one")
    if not isinstance(record, dict) or "variant" not in record:
        raise DominoError(f"{path}:{line}: not a game record (no variant)")
    try:
        return find_variant(record["variant"]).from_record(record)
    except DominoError as exc:
        raise DominoError(f"{path}:{line}: {exc}") from None
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
        raise DominoError(f"{path}:{line}: malformed record "
                          f"({type(exc).__name__}: {shorten(str(exc), 200)})") from None


def legal(args) -> int:
    state = load_state(args.file)
    for move in state.legal_moves():
        sys.stdout.write(f"{move}\n")
    return 0


def rules(args) -> int:
    from .rules_doc import markdown
    sys.stdout.write(markdown())
    return 0


def list_levels(args) -> int:
    """One line per level file: name, source (shipped or own), description or error, the
    text a file gave with its control characters escaped (a title must not drive the
    terminal); how many more a folder holds than are listed; exit 1 if one is broken."""
    from .levels import MAX_LEVEL_FILES, list_levels as level_entries, own_folder, unlisted_levels
    from .variants import variant_entry
    entry = variant_entry(args.variant)
    if entry.levels is None:
        raise OptionError(f"{entry.name} has no level files")
    entries = level_entries(entry.levels)
    width = max((len(e.name) for e in entries), default=0)
    for item in entries:
        said = item.error if item.level is None else item.level.description or item.level.title
        sys.stdout.write(f"{escaped(item.name):<{width}}  {'own' if item.own else 'shipped':<7}"
                         f"  {'error: ' if item.error else ''}{escaped(said or '')}\n")
    more = unlisted_levels(entry.levels)
    if more:
        sys.stdout.write(f"{more:,} more not listed (at most {MAX_LEVEL_FILES} a folder, "
                         "the first by name)\n")
    sys.stderr.write(f"your own levels of {entry.name} live in {own_folder(entry.levels)}\n")
    return 1 if any(item.error for item in entries) else 0


def escaped(text: str) -> str:
    """`text` with every character a terminal would act on (control characters, ESC
    sequences, direction overrides) written as its escape, `\\x1b`."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in str(text))


def lessons_command(args) -> int:
    """A line per game (its lessons, or with --check how many are sound), then each
    lesson's title, or each fault as `file:line: message` on stderr."""
    from .lessons import list_lessons
    from .lessons.files import lesson_files, load_lesson
    names = [find_variant(args.variant).variant] if args.variant else variant_names()
    faults = 0
    for name in names:
        if args.check:
            entries = list_lessons(name)
            broken = [e for e in entries if e.error]
            faults += len(broken)
            sound = len(entries) - len(broken)
            sys.stdout.write(f"{name}: {sound} of {len(entries)} lessons sound\n")
            for entry in broken:
                sys.stderr.write(f"{entry.error}\n")
            continue
        paths = lesson_files(name)
        sys.stdout.write(f"{name}: {len(paths)} lessons\n")
        for path in paths:
            try:
                lesson = load_lesson(path, name)
                steps = len(lesson.steps)
                sys.stdout.write(f"  {path.stem}: {lesson.title}"
                                 f"{f' ({steps} steps)' if steps > 1 else ''}\n")
            except DominoError as exc:
                faults += 1
                sys.stderr.write(f"{exc}\n")
    return EXIT_WRONG_GAME if faults else 0


def main(argv: list[str] | None = None) -> int:
    tolerant_output()
    try:
        args = build_parser().parse_args(argv)
        return {"selfplay": selfplay, "replay": replay, "legal": legal,
                "rules": rules, "levels": list_levels, "arena": arena_command,
                "lessons": lessons_command}[args.command](args)
    except DominoError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
