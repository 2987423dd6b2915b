"""The biggest Dominox board a level file may draw: the greedy computer plays it through,
its judgement is the exact one, views carry their legal placements cheaply, and the board
table redraws only the panels that change. (Timings belong in `python -m game.bench`.)"""
import pickle
import random
import time

import pygame
import pytest

from game.bench import big_board_game
from game.logic.agents import make_agent
from game.logic.board.layout import layout_from_toml
from game.logic.board.placement import LegalPlacements
from game.logic.dominox import view as dominox_view
from game.logic.dominox.files import dealt_position
from game.logic.dominox.game import DominoxGame
from game.logic.textfiles import parse_toml
from game.play.config import MatchConfig, Seat
from game.shell.board.scene import BoardMatchScene
from game.shell.frame.scene import Action

from test_shell_support import quiet_app


def open_board(side: int, seed: int) -> DominoxGame:
    grid = "\n".join(["." * side] * side)
    layout = layout_from_toml(parse_toml(f'grid = """\n{grid}\n"""\n'), "open")
    return DominoxGame.from_position(dealt_position(layout, seed))


def test_greedy_plays_a_whole_game_on_the_biggest_board(tmp_path):
    game = big_board_game(tmp_path, 5)
    assert (game.shape.width, game.shape.height) == (26, 26)
    agent, rng = make_agent("greedy"), random.Random(5)
    while not game.is_over():
        view = game.view(game.current_player)
        move = agent.choose(view, rng)
        assert game.is_legal(move)
        game.apply(move)
    assert len(game.placed) == 28           # room for every tile: all of them are laid
    assert DominoxGame.from_record(game.record()).outcome() == game.outcome()


@pytest.mark.parametrize("side, seed", [(8, 1), (11, 2), (14, 3)])
def test_rating_quiet_moves_without_a_look_changes_no_rating(monkeypatch, side, seed):
    game, rng = open_board(side, seed), random.Random(seed)
    while not game.is_over():
        view = game.view(game.current_player)
        fast = dominox_view._Judge(view).ratings()
        with monkeypatch.context() as patch:
            patch.setattr(dominox_view, "OPEN_DISTANCE", 10 ** 6)    # every slot looked at
            exact = dominox_view._Judge(view).ratings()
        assert fast == exact
        game.apply(rng.choice(view.legal_moves()))


def test_views_keep_the_legal_placements_as_bits_until_read():
    game = open_board(26, 4)
    agent, rng = make_agent("greedy"), random.Random(4)
    for _ in range(4):
        game.apply(agent.choose(game.view(game.current_player), rng))
    view = game.view(game.current_player)
    assert isinstance(view.moves, LegalPlacements) and view.moves._moves is None
    assert len(view.moves) == len(game.legal_moves()) > 5000     # counted without a list
    data = pickle.dumps(view)
    assert len(data) < 50_000
    copy = pickle.loads(data)
    assert copy.moves == tuple(game.legal_moves()) == view.moves
    assert copy == view and view.legal_moves() == game.legal_moves()
    assert game.legal_moves()[17] in view.moves and view.moves[17] == game.legal_moves()[17]
    assert game.view(1 - game.current_player).moves == ()


@pytest.mark.parametrize("human", [False, True])
def test_the_panels_redrawn_alone_match_a_whole_redraw(tmp_path, human):
    app = quiet_app(tmp_path)
    seats = (Seat("Ann") if human else Seat("Ann", "computer", "greedy"),
             Seat("Bo", "computer", "greedy"))
    app.start_match(MatchConfig("dominox", seats, {}, 3), open_board(12, 3))
    scene = app.top
    assert isinstance(scene, BoardMatchScene)

    def ready():            # a computer has just begun to think, or the human picks tiles
        if human:
            return scene.ctl.human_turn and len(scene.game.moves_played()) >= 1
        return len(scene.game.moves_played()) >= 3 and scene.ctl.thinking

    for _ in range(5000):
        app.advance(1 / 60)
        app.draw()
        if ready():
            break
        if scene.ctl.thinking:
            time.sleep(0.002)               # the computers think in a worker process
    assert ready()
    if human:
        for name in ("right", "right", "up", "left"):
            scene.handle(Action(name))
            app.advance(1 / 60)
            app.draw()
    table = scene.table
    partial = table._static.copy()
    table._hud_key = None                   # every panel afresh on the same layer
    table._static_layer(scene.view(0))
    assert pygame.image.tobytes(partial, "RGB") == pygame.image.tobytes(table._static, "RGB")
