"""Render assets/icon.png (the window icon) from the game's own tile art.

    python tools/make_icon.py
"""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.shell.frame import tile_art  # noqa: E402


def main() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    tile_art.draw_tile(icon, pygame.Rect(18, 2, 29, 58), (6, 6))
    pygame.image.save(icon, str(ROOT / "assets" / "icon.png"))


if __name__ == "__main__":
    main()
