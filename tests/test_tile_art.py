"""Tile sprites: pip layouts, the cache, and backs that never show pips."""
import pygame
import pytest

from game.logic.core import Tile
from game.shell.frame import tile_art


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    yield


def test_pip_layouts_have_the_right_count_and_are_all_different():
    layouts = set()
    for n in range(10):
        for vertical in (True, False):
            points = tile_art.pip_centres(n, vertical)
            assert len(points) == n
            assert len(set(points)) == n
            assert all(0 < x < 1 and 0 < y < 1 for x, y in points)
            layouts.add((vertical, frozenset(points)))
    assert len(layouts) == 20
    assert tile_art.pip_centres(-1) == ()


def test_horizontal_layout_is_the_vertical_one_turned():
    six_v = tile_art.pip_centres(6, True)
    six_h = tile_art.pip_centres(6, False)
    assert {x for x, _ in six_v} == {0.25, 0.75}      # two columns of three
    assert {y for _, y in six_h} == {0.25, 0.75}      # two rows of three


def _dark_pixels(sprite, long_side):
    margin = tile_art.pad(long_side)
    count = 0
    w, h = sprite.get_size()
    for x in range(margin, w - margin):
        for y in range(margin, h - margin):
            r, g, b, a = sprite.get_at((x, y))
            if a > 200 and max(r, g, b) < 60 and max(r, g, b) - min(r, g, b) < 12:  # pip black
                count += 1
    return count


def test_pips_are_drawn_at_their_centres():
    long_side = 120
    for n in range(7):
        sprite = tile_art.face((n, -1), long_side, vertical=True)
        w, h = tile_art.body_size(long_side, True)
        margin = tile_art.pad(long_side)
        for fx, fy in tile_art.pip_centres(n, True):
            r, g, b, _ = sprite.get_at((margin + int(fx * w), margin + int(fy * h / 2)))
            assert r + g + b < 200, (n, fx, fy)
    # more pips, more ink; a blank half has none beyond the divider
    ink = [_dark_pixels(tile_art.face((n, -1), 80, False), 80) for n in range(7)]
    assert ink == sorted(ink) and len(set(ink)) == 7


@pytest.mark.parametrize("state", ["ghost_ok", "ghost_bad", "hint"])
def test_previews_let_the_board_through_but_show_their_pips(state):
    long_side = 120
    sprite = tile_art.face((5, -1), long_side, vertical=True, state=state)
    w, h = tile_art.body_size(long_side, True)
    margin = tile_art.pad(long_side)
    face = sprite.get_at((margin + w // 2, margin + h * 3 // 4))        # the blank half
    assert face.a < 160                                                  # see-through
    for fx, fy in tile_art.pip_centres(5, True):
        pip = sprite.get_at((margin + int(fx * w), margin + int(fy * h / 2)))
        assert pip.a >= 200 and sum(pip[:3]) < sum(face[:3]) // 2, (state, pip, face)


def test_cache_returns_the_same_surface():
    a = tile_art.face((3, 5), 90, False, "playable")
    assert tile_art.face((3, 5), 90, False, "playable") is a
    assert tile_art.face((5, 3), 90, False, "playable") is not a
    assert tile_art.back(90, True) is tile_art.back(90, True)


def test_backs_show_no_pips():
    for vertical in (True, False):
        for state in tile_art.STATES:
            assert _dark_pixels(tile_art.back(100, vertical, state), 100) == 0
    assert _dark_pixels(tile_art.face((6, 6), 100), 100) > 0


def test_sprite_size_and_drawing_lifts_the_selected_tile():
    sprite = tile_art.face((1, 2), 100, True)
    margin = tile_art.pad(100)
    assert sprite.get_size() == (50 + 2 * margin, 100 + 2 * margin)
    plain = pygame.Surface((300, 300), pygame.SRCALPHA)
    lifted = pygame.Surface((300, 300), pygame.SRCALPHA)
    tile_art.draw_tile(plain, (100, 100, 50, 100), (1, 2))
    tile_art.draw_tile(lifted, (100, 100, 50, 100), (1, 2), "selected")
    top = lambda s: min(y for y in range(300) if s.get_at((125, y)).a > 250)
    assert top(lifted) < top(plain)
    assert tile_art.ends_of(Tile.parse("2-5")) == (2, 5)
    assert tile_art.ends_of(Tile.parse("2-5"), flipped=True) == (5, 2)
    assert tile_art.ends_of(Tile.parse("_")) == (-1, -1)
