"""Blank tiles on the couch: a take-back takes the whole last turn (the tile and the End
turn after it, or both tiles) at once, under one question; and since every tile looks the
same, no hand-over screen comes between the turns."""
from __future__ import annotations

from game.logic.variants import new_game
from game.play.config import MatchConfig, Seat
from game.play.take_back import take_back_detail, turn_start
from game.shell.screens.dialogs import ConfirmScene
from game.shell.screens.hand_over import HandOverScene

from test_shell_support import frame, press, still_app


def blank_couch(tmp_path, players=2):
    app = still_app(tmp_path)
    seats = tuple(Seat(name) for name in ("Ann", "Ben", "Cy")[:players])
    app.start_match(MatchConfig("blank", seats, {}, 4))
    scene = app.stack[1]
    frame(app, 2)
    return app, scene


def test_no_hand_over_between_people_when_no_tile_can_be_told_apart(tmp_path):
    app, scene = blank_couch(tmp_path)
    for _ in range(8):                       # four turns of a tile and End turn
        assert not isinstance(app.top, HandOverScene)
        player = scene.state.current_player
        assert scene.ctl.human_turn and scene.bottom == player and scene.hand
        assert scene.ctl.play(scene.state.legal_moves()[0])
        frame(app)
    assert not any(isinstance(s, HandOverScene) for s in app.stack)


def test_one_take_back_takes_the_whole_turn(tmp_path):
    app, scene = blank_couch(tmp_path)
    state = scene.ctl.state
    ann = state.current_player
    for text in ("_", "stop"):               # Ann: a tile, then End turn
        assert scene.ctl.play(text)
    ben = state.current_player
    for text in ("_L", "_L"):                 # Ben: a tile and the extra play
        assert scene.ctl.play(text)
    assert state.current_player == ann
    assert scene.ctl.play("_R")              # Ann lays a tile and may play again
    assert state.current_player == ann
    press(app, "undo")                       # Ann: her turn so far (one tile) goes
    assert isinstance(app.top, ConfirmScene)
    assert app.top.detail == "Ann's last move would be taken back."
    app.top.agree()
    assert len(state.moves_played()) == 4 and state.current_player == ann
    press(app, "undo")                       # again: her whole first turn and Ben's
    assert isinstance(app.top, ConfirmScene)
    assert app.top.question.startswith("Ben, allow Ann")
    assert app.top.detail == ("Ann's last turn (2 moves) and the 2 moves after it would be "
                              "taken back.")
    app.top.agree()
    assert state.moves_played() == [] and state.current_player == ann != ben


def test_a_round_ending_between_two_moves_of_one_player_parts_two_turns():
    game = new_game("classic", 2, 1, {"limit": 300})
    while not game.finished_rounds:           # the first round, to its last move
        game.apply(game.legal_moves()[0])
    last = game.moves_played()[-1][0]
    while game.current_player != last:        # (a round whose opener is that player)
        game = new_game("classic", 2, game.seed + 1, {"limit": 300})
        while not game.finished_rounds:
            game.apply(game.legal_moves()[0])
        last = game.moves_played()[-1][0]
    game.apply(game.legal_moves()[0])         # the same player opens the next round
    assert turn_start(game, last) == len(game.moves_played()) - 1


def test_the_question_says_moves():
    assert take_back_detail("Ann", 1, 2) == "Ann's last move and the 2 moves after it " \
                                            "would be taken back."
    assert take_back_detail("Ann", 1, 1) == "Ann's last move and the move after it would " \
                                            "be taken back."
