import pytest

from game.logic.core import FileFormatError, OptionError, Tile, double_set
from game.logic.options import Option, parse_option_pairs, resolve_options
from game.logic.textfiles import parse_toml
from game.logic.variants import find_variant


def test_tiles_round_trip_and_order():
    tiles = double_set(6)
    assert len(tiles) == 28
    assert [str(Tile.parse(str(t))) for t in tiles] == [str(t) for t in tiles]
    assert Tile.parse("5-3") == Tile(3, 5)
    assert Tile.parse("_").is_blank
    assert Tile(0, 0).value == 0 and Tile(3, 5).value == 8
    with pytest.raises(ValueError):
        Tile.parse("7")


def test_options_convert_and_refuse_unknown():
    declared = (Option("limit", 150, "point limit", minimum=1),
                Option("block", False, "no drawing"))
    assert resolve_options(declared, {"limit": "100", "block": "yes"},
                           "classic") == {"limit": 100, "block": True}
    with pytest.raises(OptionError, match="unknown option 'speed'"):
        resolve_options(declared, {"speed": "1"}, "classic")
    with pytest.raises(OptionError, match="whole number"):
        resolve_options(declared, {"limit": "lots"}, "classic")
    with pytest.raises(OptionError):
        parse_option_pairs(["limit"])


def test_unknown_variant_names_known_ones():
    with pytest.raises(OptionError, match="known: classic"):
        find_variant("chess")


def test_toml_errors_name_file_and_line():
    with pytest.raises(FileFormatError) as err:
        parse_toml('name = "x"\nsize = [8, 8\n', "levels/bad.toml")
    assert str(err.value).startswith("levels/bad.toml:2: not valid TOML")
    good = parse_toml('name = "x"\ngrid = """\n..\n#.\n"""\n', "g.toml")
    assert good.grid_lines("grid") == [(3, ".."), (4, "#.")]
    with pytest.raises(FileFormatError, match=r"g.toml:1: name must be an int"):
        good.get("name", int)
