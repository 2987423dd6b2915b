"""The snake layout of the line of play: on the table, no overlaps, tiles that meet."""
import random

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.shell.line.layout import layout_line

TABLE = pygame.Rect(200, 260, 1520, 500)


def _chain(n, rng, doubles_first=False):
    """A line of n tiles in line order (numbers need not be a real set: geometry only)."""
    line, end = [], rng.randrange(7)
    for i in range(n):
        nxt = end if (doubles_first and i < 7) or rng.random() < 0.25 else rng.randrange(7)
        line.append((end, nxt))
        end = nxt
    return line


def _check(layout, table, n):
    assert len(layout.tiles) == n
    rects = layout.rects()
    for r in rects:
        assert table.contains(r), (r, table)
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_every_length_from_1_to_28_fits_with_every_opener():
    rng = random.Random(7)
    for n in range(1, 29):
        for opener in {0, n // 2, n - 1}:
            for doubles_first in (False, True):
                layout = layout_line(_chain(n, rng, doubles_first), opener, TABLE, 96)
                _check(layout, TABLE, n)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 28), st.data(), st.integers(300, 1800), st.integers(220, 700))
def test_random_lines_on_random_tables_stay_inside(n, data, width, height):
    rng = random.Random(data.draw(st.integers(0, 10 ** 6)))
    opener = data.draw(st.integers(0, n - 1))
    table = pygame.Rect(50, 40, width, height)
    layout = layout_line(_chain(n, rng), opener, table, 120)
    if layout.long_side > 24:             # at the smallest size a tiny table may not fit
        _check(layout, table, n)


def test_neighbours_touch_and_show_matching_numbers():
    rng = random.Random(3)
    line = _chain(28, rng)
    layout = layout_line(line, 13, TABLE, 96)
    for (a, b), placed in zip(line, layout.tiles):
        assert sorted(placed.ends) == sorted((a, b))
    for p, q in zip(layout.tiles, layout.tiles[1:]):
        # consecutive tiles share an edge (a 1-pixel inflation makes them collide)
        assert p.rect.inflate(2, 2).colliderect(q.rect)


def test_opener_in_the_middle_and_doubles_crosswise_in_a_row():
    layout = layout_line([(6, 6)], 0, TABLE, 96)
    assert layout.tiles[0].rect.center == TABLE.center
    assert layout.tiles[0].vertical
    assert layout.zones["L"].rect.right == layout.tiles[0].rect.left
    assert layout.zones["R"].rect.left == layout.tiles[0].rect.right
    line = [(3, 6), (6, 6), (6, 2)]
    layout = layout_line(line, 0, TABLE, 96)
    assert [p.vertical for p in layout.tiles] == [False, True, False]
    # a tile to the left of the opener is drawn with its numbers in line order
    layout = layout_line([(1, 3), (3, 6)], 1, TABLE, 96)
    assert layout.tiles[0].ends == (1, 3)


def test_empty_line_offers_the_centre_and_long_lines_shrink():
    empty = layout_line([], 0, TABLE, 96)
    assert list(empty.zones) == [""] and empty.zones[""].rect.center == TABLE.center
    small = pygame.Rect(0, 0, 900, 400)
    layout = layout_line(_chain(28, random.Random(1)), 0, small, 120)
    assert layout.long_side < 120
    _check(layout, small, 28)


def _halves(placed):
    r = placed.rect
    if placed.vertical:
        first = pygame.Rect(r.x, r.y, r.w, r.h // 2)
        second = pygame.Rect(r.x, r.centery, r.w, r.h // 2)
    else:
        first = pygame.Rect(r.x, r.y, r.w // 2, r.h)
        second = pygame.Rect(r.centerx, r.y, r.w // 2, r.h)
    return [(first, placed.ends[0]), (second, placed.ends[1])]


def test_the_halves_that_meet_show_the_same_number():
    rng = random.Random(11)
    for opener in (0, 5, 14, 27):
        line = _chain(28, rng)
        layout = layout_line(line, opener, TABLE, 96)
        for p, q in zip(layout.tiles, layout.tiles[1:]):
            pairs = [((ra.centerx - rb.centerx) ** 2 + (ra.centery - rb.centery) ** 2, na, nb)
                     for ra, na in _halves(p) for rb, nb in _halves(q)]
            nearest = min(d for d, _, _ in pairs)
            assert any(a == b for d, a, b in pairs if d == nearest), (p, q)


def _uprights(line, layout):
    """The tiles standing upright that are not doubles: the turns of the snake."""
    return sum(1 for (a, b), p in zip(line, layout.tiles) if p.vertical and a != b)


def test_the_opening_tile_lies_in_the_middle_of_the_table():
    rng = random.Random(5)
    for n in range(1, 29):
        line = _chain(n, rng)
        for opener in {0, n // 2, n - 1}:
            layout = layout_line(line, opener, TABLE, 96)
            assert layout.tiles[opener].rect.center == TABLE.center, (n, opener)


def test_an_arm_that_fits_half_the_row_lies_straight():
    line = [(1, 2), (2, 3), (3, 4), (4, 5)]
    for opener in range(4):
        layout = layout_line(line, opener, TABLE, 96)
        assert layout.long_side == 96 and _uprights(line, layout) == 0
        assert len({p.rect.centery for p in layout.tiles}) == 1


def grown(rng, count: int, table, long_side: int):
    """A line laid one tile at a time, each at either end: (line, opener) after each."""
    line, opener, end = [(6, 6)], 0, [6, 6]
    steps = [(list(line), opener)]
    for _ in range(count):
        number = rng.randrange(7)
        if rng.random() < 0.5:
            line.insert(0, (number, end[0]))
            end[0], opener = number, opener + 1
        else:
            line.append((end[1], number))
            end[1] = number
        steps.append((list(line), opener))
    return steps


@pytest.mark.parametrize("table", [TABLE, pygame.Rect(40, 196, 1840, 584),
                                   pygame.Rect(40, 196, 1200, 584)])
def test_a_laid_tile_never_moves_unless_every_tile_shrinks(table):
    """As the line grows at either end, every tile already laid keeps its place; only
    when the snake must get smaller do they all change, and all together."""
    for seed in range(12):
        before = None
        for line, opener in grown(random.Random(seed), 27, table, 112):
            layout = layout_line(line, opener, table, 112)
            _check(layout, table, len(line))
            if before is not None and before[0].long_side == layout.long_side:
                old, old_opener = before
                shift = opener - old_opener          # a tile laid on the left
                for i, placed in enumerate(old.tiles):
                    assert layout.tiles[i + shift].rect == placed.rect, (seed, len(line), i)
            elif before is not None:
                assert layout.long_side < before[0].long_side
                assert all(p.rect.h < q.rect.h or p.rect.w < q.rect.w
                           for p, q in zip(layout.tiles, before[0].tiles))
            before = (layout, opener)
