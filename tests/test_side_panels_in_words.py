"""The side panels say the last move in words, as the captions do: never the notation
of records ("1-1@c1d1", "h8>d7", "arrange 1-6@h8h9 4-6@i8i9")."""
from __future__ import annotations

import re

import pytest

from game.logic.variants import VARIANTS
from game.shell.frame.scene import Action

from test_shell_support import frame, start_board_match, still_app, texts_drawn

# a placement's @, Shift's >, Dominid's "arrange", an element move straight after a name
NOTATION = re.compile(r"@|\b[a-p]\d+>|\barrange\b|:\s*[a-p]\d+-[a-p]\d+\b")
BOARDS = [name for name, entry in VARIANTS.items() if entry.scene == "board"]


@pytest.mark.parametrize("variant", BOARDS)
def test_no_record_notation_on_screen_after_moves(tmp_path, monkeypatch, variant):
    app = still_app(tmp_path)
    options = {"arrange": "chosen"} if variant == "dominid" else {}
    scene = start_board_match(app, variant, ("human", "human"), seed=3, **options)
    seen = []
    for _ in range(4):
        while app.top is not scene:
            app.top.handle(Action("confirm"))
        frame(app)
        moves = scene.game.legal_moves()
        if scene.game.is_over() or not moves:
            break
        scene.ctl.play(moves[len(moves) // 2])
        frame(app)
        while app.top is not scene:
            app.top.handle(Action("confirm"))
        texts = texts_drawn(app, scene, monkeypatch)
        seen += texts
        bad = [t for t in texts if NOTATION.search(t)]
        assert not bad, bad
    assert any(t.startswith(("Last", "South", "North", "White", "Black")) or " laid " in t
               for t in seen)
