import pytest

from game.logic.board.shape import (BLACK, EMPTY, WHITE, Grid, board_shape, canonical_pair,
                             parse_square, square_name)


def test_square_names_round_trip_on_the_largest_board():
    shape = board_shape(26, 26)
    for index, name in enumerate(shape.names):
        file, rank = parse_square(name)
        assert square_name(file, rank) == name
        assert shape.square(name) == index == rank * 26 + file
    assert shape.names[0] == "a1" and shape.names[-1] == "z26"
    assert board_shape(16, 16).square("p16") == 255


@pytest.mark.parametrize("text", ["", "a", "1a", "a0", "aa1", "a-1", "c4c5"])
def test_malformed_square_names_are_refused(text):
    with pytest.raises(ValueError, match="not a square name"):
        parse_square(text)


def test_off_the_board_is_said_in_words():
    shape = board_shape(8, 8)
    with pytest.raises(ValueError, match="^i1 is off the board$"):
        shape.square("i1")
    with pytest.raises(ValueError, match="^a9 is off the board$"):
        shape.square("a9")


def test_square_colours_follow_the_rules():
    shape = board_shape(8, 8)
    colour = {name: shape.colour(shape.square(name))
              for name in ("a1", "h8", "a8", "h1", "b1", "b2")}
    assert colour == {"a1": WHITE, "h8": WHITE, "a8": BLACK, "h1": BLACK, "b1": BLACK, "b2": WHITE}
    assert sum(shape.colours) == 32


def test_neighbours_and_slots_of_a_plain_board():
    shape = board_shape(8, 8)
    names = lambda squares: sorted(shape.names[s] for s in squares)
    assert names(shape.neighbours[shape.square("a1")]) == ["a2", "b1"]
    assert names(shape.neighbours[shape.square("d4")]) == ["c4", "d3", "d5", "e4"]
    assert len(shape.slots) == 2 * 8 * 7
    for first, second in shape.slots:
        assert first < second and second in shape.neighbours[first]
        # the smaller index is the lower square of a vertical pair, the left of a horizontal one
        low, high = shape.names[first], shape.names[second]
        assert canonical_pair(high, low) == (low, high)
    for square in range(shape.size):
        assert len(shape.neighbours[square]) == sum(square in pair for pair in shape.slots)


def test_blocked_squares_have_no_neighbours_and_no_slots():
    d4 = board_shape(8, 8).square("d4")
    shape = board_shape(8, 8, frozenset({d4}))
    assert shape.neighbours[d4] == ()
    assert all(d4 not in pair for pair in shape.slots)
    assert all(d4 not in shape.neighbours[s] for s in range(shape.size))
    assert len(shape.slots) == 112 - 4
    assert board_shape(8, 8, frozenset({d4})) is shape


def test_shapes_outside_the_limits_are_refused():
    with pytest.raises(ValueError):
        board_shape(27, 8)
    with pytest.raises(ValueError):
        board_shape(1, 8)


def test_canonical_order_of_names():
    assert canonical_pair("c5", "c4") == ("c4", "c5")
    assert canonical_pair("d4", "c4") == ("c4", "d4")
    assert canonical_pair("b10", "b9") == ("b9", "b10")


def test_regions_split_by_tiles_and_skip_blocked_squares():
    # 4 x 2 board, b2 blocked:   a2 ## c2 d2
    #                            a1 b1 c1 d1
    base = board_shape(4, 2)
    shape = board_shape(4, 2, frozenset({base.square("b2")}))
    grid = Grid(shape)
    regions = [[shape.names[s] for s in r] for r in grid.empty_regions()]
    assert regions == [["a1", "b1", "c1", "d1", "a2", "c2", "d2"]]
    grid.place(shape.square("b1"), 3, shape.square("c1"), 4)
    regions = [[shape.names[s] for s in r] for r in grid.empty_regions()]
    assert regions == [["a1", "a2"], ["d1", "c2", "d2"]]
    grid.lift(shape.square("b1"), shape.square("c1"))
    assert grid.numbers == [EMPTY] * 8


def test_grid_refuses_taken_and_non_adjacent_squares():
    shape = board_shape(3, 3)
    grid = Grid(shape)
    grid.place(shape.square("a1"), 1, shape.square("a2"), 2)
    with pytest.raises(ValueError, match="a2 is taken"):
        grid.place(shape.square("a2"), 1, shape.square("b2"), 2)
    with pytest.raises(ValueError, match="not adjacent"):
        grid.place(shape.square("b1"), 1, shape.square("c2"), 2)

