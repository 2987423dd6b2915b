"""Which frames of a computer-only match are slow, and what was on screen: every frame over
a threshold with the scene on top before and during it (the benchmark gives only the
figures; this finds the frame behind a max). Run by hand:

    python tools/slow_frames.py classic --players 4 --over 12
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # game.bench sets the
                                                                   # drivers to headless


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--over", type=float, default=12.0, metavar="MS")
    args = parser.parse_args(argv)
    from game.bench import computer_match
    app, match = computer_match(Path(tempfile.mkdtemp()), args.variant, args.players)
    before = None
    for frame in range(args.frames + 1):
        started = time.perf_counter()
        app.run_frame(1 / 60)
        ms = (time.perf_counter() - started) * 1000
        top = type(app.top).__name__
        match = match_on_screen(app, match)
        if frame and ms > args.over:
            print(f"frame {frame}: {ms:.1f} ms, {before} -> {top}, "
                  f"{len(match.state.moves_played())} moves played")
        before = top
    return 0


def match_on_screen(app, last):
    """The controller of the match on the stack: after a rematch the new one's, so that
    its moves are counted."""
    for scene in reversed(app.stack):
        if getattr(scene, "ctl", None) is not None:
            return scene.ctl
    return last


if __name__ == "__main__":
    sys.exit(main())
