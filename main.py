"""Start the game from its checkout: `python main.py --help` (game/__main__.py reads it)."""
from game.__main__ import main

if __name__ == "__main__":
    raise SystemExit(main())
