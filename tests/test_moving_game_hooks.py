"""The moving games' base knows none of its children (as python-chess's variants): each
game overrides small hooks in its own module, the base names no option of any of them,
and a new kind of move is two hooks, overriding nothing else."""
from __future__ import annotations

import ast
from pathlib import Path

from game.logic.elements import game as base_module, moves as moves_module
from game.logic.elements.board import SHAPE
from game.logic.elements.game import MovingGame
from game.logic.elements.moves import ElementMove
from game.logic.elements.open3 import CaptureGame
from game.logic.elements.positions import game_at
from game.logic.variants import VARIANTS, find_variant


def own_options() -> set[str]:
    """The options a moving game declares that the base's helpers do not make."""
    found = set()
    for name in VARIANTS:
        cls = find_variant(name)
        if issubclass(cls, MovingGame):
            found |= {o.name for o in cls.options_declared}
    return found - {"limit", "start", "set"}


def names_in(path: str) -> set[str]:
    """Every attribute, variable and string constant of a module's code."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
    return found


def test_the_base_names_no_option_of_a_game():
    options = own_options()
    assert {"slide", "race", "goal"} <= options     # Capture's and Diagonals'
    for module in (base_module, moves_module):
        assert not names_in(module.__file__) & options, module.__name__


class RookStepGame(CaptureGame):
    """A new kind of move: one square along a file or a rank, never diagonally."""

    def _element_moves(self, square, element):
        cells = self.board.cells
        targets = (SHAPE.step(square, d) for d in ((0, 1), (0, -1), (1, 0), (-1, 0)))
        return [ElementMove((square, t)) for t in targets if t is not None and cells[t] is None]

    def movement_refusal(self, move):
        return "an element steps along a file or a rank"


def test_a_new_kind_of_move_is_two_hooks_and_the_rest_comes_from_the_base():
    game = game_at(RookStepGame, ["c2:0:3-5", "d3:0:1-1", "f6:1:5-1"])
    assert game.illegal_reason("c2-d3") == "d3 is taken"
    assert game.illegal_reason("c2-b3") == "an element steps along a file or a rank"
    assert game.illegal_reason("f6-f5") == "the element on f6 is your opponent's"
    assert game.illegal_reason("e5-e6") == "there is no element on e5"
    assert game.illegal_reason("c2-b2-b1") == \
        "a move names only its from and to squares here; only Diagonals chains jumps"
    assert game.is_legal("c2-b2")
