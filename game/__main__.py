"""Dominoes: start the game (`dominoes` once installed, `python main.py` in the checkout).

dominoes [--windowed] [--demo VARIANT] [--frames N] [--screenshot PATH] [--seed S]
dominoes --play VARIANT [--seats human,greedy] [--players K] [--option NAME=VALUE ...]
dominoes --continue
dominoes --edit VARIANT     the level editor
dominoes --learn VARIANT    the first lesson of a game
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def program_name() -> str:
    """The name the game was started by (main.py, dominoes), first word of its messages."""
    name = os.path.basename(sys.argv[0])
    return "dominoes" if name in ("", "__main__.py") else name


EXAMPLES = """examples:
  a 1280x720 window instead of full screen:      {run} --windowed
  a match against the Hard computer at once:     {run} --play classic --seats human,hard
  the first lesson of Dominox:                   {run} --learn dominox
  start and quit on a machine without a screen:  SDL_VIDEODRIVER=dummy {run} --frames 60"""


class GameParser(argparse.ArgumentParser):
    """The help ends with the games (read from the registry only when help is asked for,
    so that starting the game imports no rules) and a few examples."""

    def format_help(self) -> str:
        run = f"python {self.prog}" if self.prog.endswith(".py") else self.prog
        return f"{super().format_help()}\n{games_help()}\n\n{EXAMPLES.format(run=run)}\n"


def games_help() -> str:
    """VARIANT names and what they are called, one a line, in the menus' order."""
    from game.logic.variants import find_variant, variant_names
    lines = ["games (VARIANT):"]
    for name in variant_names():
        try:
            cls = find_variant(name)
            lines.append(f"  {name:<10} {cls.title} ({players(cls)} players)")
        except ImportError:
            lines.append(f"  {name}")
    return "\n".join(lines)


def players(cls) -> str:
    low, high = cls.min_players, cls.max_players
    return str(low) if low == high else f"{low}-{high}"


def parse_args(argv=None):
    from game.play.arguments import add_match_arguments
    parser = GameParser(prog=program_name(), description="Domino games for one screen.")
    parser.add_argument("--windowed", action="store_true",
                        help="open a 1280x720 resizable window instead of full screen")
    parser.add_argument("--demo", metavar="VARIANT",
                        help="attract mode: computers play VARIANT")
    parser.add_argument("--frames", type=int, metavar="N",
                        help="quit after N frames (with SDL_VIDEODRIVER=dummy: a check "
                             "that the game starts on a machine without a screen)")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="save the last frame as a PNG when quitting")
    add_match_arguments(parser, "start a match of VARIANT at once, skipping the menus",
                        "with --play: human, random (Easy), greedy (Medium) or hard, one "
                        "per seat", "seed for the deal of --demo or --play")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="resume the saved match in progress")
    parser.add_argument("--edit", metavar="VARIANT",
                        help="open the level editor on VARIANT's standard level")
    parser.add_argument("--learn", metavar="VARIANT",
                        help="open the first lesson of VARIANT (how to play it)")
    return parser.parse_args(argv)


def match_to_start(args):
    """(the --play MatchConfig, the --continue SavedMatch); DominoError says what is wrong."""
    from game.logic.core import OptionError
    from game.play import launch
    if sum(map(bool, (args.demo, args.play, args.resume, args.edit, args.learn))) > 1:
        raise OptionError("--demo, --play, --continue, --edit and --learn each start "
                          "something: choose one")
    if args.edit:
        args.edit = launch.edit_variant(args.edit)
    if args.learn:
        from game.logic.variants import find_variant
        args.learn = find_variant(args.learn).variant
    if not args.play and (args.seats or args.players is not None or args.option):
        raise OptionError("--seats, --players and --option go with --play")
    if args.play:
        return launch.play_config(args.play, args.seats, args.players, args.option,
                                  args.seed), None
    return None, launch.saved_match() if args.resume else None


class Stop:
    """Ctrl+C and SIGTERM end the game as Quit does: the match in progress stays saved,
    one line says so, and the exit status is 128 + the signal. The handler only takes note;
    the loop sees it within a frame (it never sleeps longer than a tenth of a second)."""

    def __init__(self):
        self.signum = None
        self.app = None
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, self)

    def __call__(self, signum, frame) -> None:
        self.signum = self.signum or signum
        if self.app is not None:
            self.app.stop(signum)

    def run(self, app) -> int:
        self.app = app
        if self.signum:                       # it came while the window was opening
            app.stop(self.signum)
        status = app.run()
        if app.farewell:
            print(f"{program_name()}: {app.farewell}", file=sys.stderr)
        return status


def main(argv=None) -> int:
    from game.logic.console import tolerant_output
    tolerant_output()
    stop = Stop()
    args = parse_args(argv)
    if args.frames is not None and args.frames < 1:
        print(f"{program_name()}: error: --frames must be at least 1", file=sys.stderr)
        return 2
    if args.demo:
        from game.logic.core import DominoError
        from game.logic.variants import find_variant
        try:
            args.demo = find_variant(args.demo).variant
        except DominoError as error:
            print(f"{program_name()}: error: {error}", file=sys.stderr)
            return 2
        except ImportError:
            pass    # a known variant whose module is missing: the app shows why
    from game.logic.core import DominoError
    try:
        play, resume = match_to_start(args)
    except (DominoError, ImportError) as error:     # ImportError: a variant's module missing
        print(f"{program_name()}: error: {error}", file=sys.stderr)
        return 2
    from game.shell.frame.app import App
    app = App(windowed=args.windowed, demo=args.demo, frames=args.frames,
              screenshot=args.screenshot, seed=args.seed, play=play, resume=resume,
              edit=args.edit, learn=args.learn)
    return stop.run(app)


if __name__ == "__main__":
    sys.exit(main())
