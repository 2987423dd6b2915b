"""The hand tray every match scene shares: tiles laid out in a tray, shrunk and then
fanned when the hand is large, the tile under the pointer, and the keyboard focus."""
import pygame

from game.shell.match.scene import step_cursor, tray_index_at, tray_rects

AREA = pygame.Rect(500, 850, 1000, 160)


def test_a_small_hand_is_centred_at_full_size():
    rects = tray_rects(5, AREA, 120, gap=20)
    assert [r.size for r in rects] == [(60, 120)] * 5
    assert all(b.x - a.right == 20 for a, b in zip(rects, rects[1:]))
    assert abs((rects[0].x + rects[-1].right) / 2 - AREA.centerx) <= 1
    assert all(AREA.contains(r) for r in rects)
    assert tray_rects(0, AREA, 120) == []


def test_a_large_hand_shrinks_then_fans_but_stays_in_the_tray():
    shrunk = tray_rects(14, AREA, 120, min_long=50, gap=20)
    assert shrunk[0].h < 120 and all(AREA.contains(r) for r in shrunk)
    fanned = tray_rects(60, AREA, 120, min_long=50)
    assert fanned[0].h == 50 and fanned[1].x - fanned[0].x < fanned[0].w     # overlapping
    assert all(AREA.contains(r) for r in fanned)


def test_the_topmost_tile_under_the_pointer_and_the_focus_wrap_around():
    rects = tray_rects(30, AREA, 124)                     # a fan: later tiles on top
    overlap = (rects[3].right - 1, rects[3].centery)
    assert rects[4].collidepoint(overlap) and tray_index_at(rects, overlap, grow=(0, 0)) == 4
    assert tray_index_at(rects, (AREA.x - 100, AREA.y)) is None
    assert step_cursor(0, 5, "left") == 4 and step_cursor(4, 5, "next") == 0
    assert step_cursor(2, 5, "up") == 2 and step_cursor(3, 0, "right") == 0
