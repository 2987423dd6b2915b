"""Dominoes: start the game.

python main.py [--windowed] [--demo VARIANT] [--frames N] [--screenshot PATH] [--seed S]
"""
from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Domino games for one screen.")
    parser.add_argument("--windowed", action="store_true",
                        help="open a 1280x720 resizable window instead of full screen")
    parser.add_argument("--demo", metavar="VARIANT",
                        help="attract mode: computers play VARIANT")
    parser.add_argument("--frames", type=int, metavar="N", help="quit after N frames")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="save the last frame as a PNG when quitting")
    parser.add_argument("--seed", type=int, metavar="S", help="seed for the demo deal")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.frames is not None and args.frames < 1:
        print("main.py: error: --frames must be at least 1", file=sys.stderr)
        return 2
    if args.demo:
        from game.logic.core import DominoError
        from game.logic.variants import find_variant
        try:
            args.demo = find_variant(args.demo).variant
        except DominoError as error:
            print(f"main.py: error: {error}", file=sys.stderr)
            return 2
        except ImportError:
            pass    # a known variant whose module is missing: the app shows why
    from game.shell.app import App
    app = App(windowed=args.windowed, demo=args.demo, frames=args.frames,
              screenshot=args.screenshot, seed=args.seed)
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
