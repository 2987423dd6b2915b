"""Which frames of a computer-only match are slow, and what was on screen: every frame over
a threshold with the scene on top before and during it (the benchmark gives only the
figures; this finds the frame behind a max). Run by hand:

    python tools/slow_frames.py classic --players 4 --over 12
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--over", type=float, default=12.0, metavar="MS")
    args = parser.parse_args(argv)
    import pygame

    from game.shell.app import App
    from game.shell.config import MatchConfig, Seat
    folder = Path(tempfile.mkdtemp())
    os.environ["XDG_DATA_HOME"] = str(folder)          # its save never over a player's
    app = App(windowed=True, settings_path=folder / "settings.json")
    app.window = pygame.display.set_mode((1920, 1080))
    seats = tuple(Seat(f"Computer {i + 1}", "computer", "greedy")
                  for i in range(args.players))
    app.start_match(MatchConfig(args.variant, seats, {}, 11), None)
    match, app.running, before = app.top.ctl, True, None
    for frame in range(args.frames + 1):
        started = time.perf_counter()
        app.run_frame(1 / 60)
        ms = (time.perf_counter() - started) * 1000
        top = type(app.top).__name__
        if frame and ms > args.over:
            print(f"frame {frame}: {ms:.1f} ms, {before} -> {top}, "
                  f"{len(match.state.moves_played())} moves played")
        before = top
    return 0


if __name__ == "__main__":
    sys.exit(main())
