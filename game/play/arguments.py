"""The match a command line starts: --play, --seats, --players, --option and --seed, as
the game (`main.py --play`) and the headless host (`python -m game.server`) read them.
Nothing heavy is imported here: the title menu opens as fast without them."""
from __future__ import annotations


def add_match_arguments(parser, play: str, seats: str, seed: str) -> None:
    """Add the five arguments to `parser` (`play`, `seats` and `seed` say what they do
    there)."""
    parser.add_argument("--seed", type=int, metavar="S", help=seed)
    parser.add_argument("--play", metavar="VARIANT", help=play)
    parser.add_argument("--seats", metavar="KIND,KIND", help=seats)
    parser.add_argument("--players", type=int, metavar="K", help="with --play: how many play")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="with --play: a variant's option (repeat for more)")
