"""Start the game from its checkout: `python main.py --help` (the command line is game/__main__.py)."""
from game.__main__ import main

if __name__ == "__main__":
    raise SystemExit(main())
