"""The tile-placing tool on the boards of tiles (Spread, Dominox, Dominid): played by keys
alone, every turn starts with the tray's focus on a tile that can be laid, Enter picks it
onto a legal spot, Enter again lays it (the status line says it in words), and Tab to
another tile that can be laid keeps the ghost legal; the ghost and the hinted places
show the tile's numbers, and the tray says what they are."""
from __future__ import annotations

import pygame
import pytest

from game.logic.board.placement import placement_words
from game.logic.core import PASS
from game.shell.board.geometry import squares_of
from game.shell.board.table import TRAY_RECT
from game.shell.frame import tile_art

from test_shell_support import frame, press, quiet_app, start_board_match, wait_for_human

TURNS = 10


@pytest.fixture
def app(tmp_path):
    return quiet_app(tmp_path)


# Seeds whose human turns include some where the first tile of the hand cannot be laid
# (in Dominid every tile always goes somewhere, at a cost).
@pytest.mark.parametrize("variant, seed, stuck_tiles",
                         [("open54", 2, True), ("dominox", 2, True), ("dominid", 3, False)])
def test_enter_twice_lays_a_tile_every_turn(app, variant, seed, stuck_tiles):
    scene = start_board_match(app, variant, ("human", "greedy"), seed=seed)
    first_unplayable = 0
    for _ in range(TURNS):
        wait_for_human(app, scene)
        frame(app)                         # the turn's first frame
        if scene.game.is_over():
            break
        plies = scene.ctl.ply
        tiles, playable = scene.shown_tiles(), scene.playable()
        if any(getattr(scene.tool, choice, lambda: False)() for choice in
               ("declaring", "arranging")) or scene.legal_moves() == [PASS]:
            press(app, "confirm")          # odds or evens, Dominid's opening, or the pass
        else:
            first_unplayable += tiles[0] not in playable
            assert tiles[scene.cursor] in playable, (tiles, scene.cursor, playable)
            press(app, "confirm")
            assert scene.ghost is not None and scene.ghost_reason is None, scene.ghost_reason
            others = [i for i, t in enumerate(tiles) if t in playable and i != scene.cursor]
            if others:                     # another tile that fits: the ghost stays legal
                for _ in range(len(tiles)):
                    press(app, "next")
                    if scene.picked == others[0]:
                        break
                assert scene.ghost_reason is None, (tiles[scene.picked], scene.ghost_reason)
            press(app, "confirm")
        assert scene.ctl.ply == plies + 1, scene.ctl.caption
        last = scene.game.moves_played()[-1][1]
        if variant != "dominid" and last != PASS:       # said in words, not notation
            assert f"laid {placement_words(last)}." in scene.ctl.caption
            assert "@" not in scene.ctl.caption
    assert bool(first_unplayable) == stuck_tiles, first_unplayable


@pytest.mark.parametrize("variant", ["open54", "dominox"])
def test_the_ghost_and_every_hint_show_the_numbers_and_the_tray_says_what_they_are(
        app, variant, monkeypatch):
    app.settings.show_hints = True
    scene = start_board_match(app, variant, ("human", "greedy"), seed=2)
    for _ in range(TURNS):                 # a turn whose tile has several good places
        wait_for_human(app, scene)
        press(app, "confirm")
        if scene.ghost is not None and len(scene.tool.hint_moves()) >= 2:
            break
        if scene.ghost is not None:
            press(app, "confirm")
    tile = scene.shown_tiles()[scene.picked]
    hints = scene.tool.hint_moves()
    assert len(hints) >= 2
    squares = [set(squares_of(m)) for m in hints] + [set(scene.ghost.squares)]
    assert sum(map(len, squares)) == len(set().union(*squares))      # none overlaps
    drawn = []
    real = tile_art.draw_tile
    monkeypatch.setattr(tile_art, "draw_tile", lambda surface, rect, ends=None,
                        state="normal": drawn.append((pygame.Rect(rect), ends, state)) or
                        real(surface, rect, ends, state))
    scene.table._hud_key = None            # the tray drawn afresh too
    scene.draw(app.screen)
    board = [(rect, ends, state) for rect, ends, state in drawn
             if scene.geo.rect.contains(rect) and state in ("hint", "ghost_ok")]
    assert [state for _, _, state in board].count("hint") == len(hints)
    assert [state for _, _, state in board].count("ghost_ok") == 1
    assert all(ends is not None and sorted(ends) == [tile.a, tile.b] for _, ends, _ in board)
    legend = scene.tool.tray_legend()
    assert [look for _, look, _ in legend] == ["ghost_ok", "hint"]
    tray = {state for rect, _, state in drawn if TRAY_RECT.contains(rect)}
    assert {"ghost_ok", "hint"} <= tray
    press(app, "hint")                     # hints off: no faint tiles, one line of legend
    assert [look for _, look, _ in scene.tool.tray_legend()] == ["ghost_ok"]
