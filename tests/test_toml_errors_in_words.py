"""A level (or any) file that is not TOML is told by its line and what is wrong in words a
person can mend it by, not in the TOML reader's own terms."""
import pytest

from game.logic.core import FileFormatError
from game.logic.textfiles import parse_toml


@pytest.mark.parametrize("text, said", [
    ('name = "Half\ngrid = """\n..\n"""\n', "f.toml:1: not valid TOML: a quoted text runs past "
     "the end of its line: close its quote on the line (or use triple quotes for lines)"),
    ('name "Ring"\n', 'f.toml:1: not valid TOML: a name needs = and a value after it, as in '
     'name = "Ring"'),
    ("name = Ring\n", 'f.toml:1: not valid TOML: the value after = cannot be read: text '
     'needs quotes ("..."); true, false and numbers none'),
    ('name = "a"\nname = "b"\n', "f.toml:2: not valid TOML: a name is given a value twice"),
    ('about = "c:\\d"\n', 'f.toml:1: not valid TOML: a \\ in a "..." text must be written '
     "twice (\\\\), or use '...' quotes"),
    ("% a = 1\n", "f.toml:1: not valid TOML: this line is none of name = value, [section] "
     "or # comment"),
])
def test_a_toml_mistake_is_said_in_words(text, said):
    with pytest.raises(FileFormatError) as error:
        parse_toml(text, "f.toml")
    assert str(error.value) == said
