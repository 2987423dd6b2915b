"""Dominid's cheapest spots (H) show the picked tile as faint tiles with its numbers, as
Dominox and Spread show their good places, not plain outlines."""
from __future__ import annotations

from game.logic.core import Tile
from game.shell.frame import tile_art
from game.shell.frame.scene import Action

from test_shell_support import frame, start_board_match, still_app, wait_for_human


def test_the_cheapest_spots_are_faint_tiles_with_the_picked_tiles_numbers(tmp_path,
                                                                          monkeypatch):
    app = still_app(tmp_path)
    app.settings.show_hints = True
    scene = start_board_match(app, "dominid", ("human", "greedy"), seed=3, arrange="fixed")
    wait_for_human(app, scene)
    scene.handle(Action("confirm"))                 # pick the focused tile
    assert scene.tool.picked is not None
    tile = scene.shown_tiles()[scene.tool.picked]
    least, spots = scene.tool.best_spots()
    assert spots
    faint = []
    real = tile_art.draw_tile

    def spy(surface, rect, ends=None, state="normal"):
        if state == "hint":
            faint.append(ends)
        real(surface, rect, ends, state)

    monkeypatch.setattr(tile_art, "draw_tile", spy)
    scene.tool._hints_key = None                    # drawn again, not from its cache
    frame(app)
    on_board = [ends for ends in faint if ends is not None]
    assert len(on_board) >= len(spots)
    assert all(Tile.of(*ends) == tile for ends in on_board)
