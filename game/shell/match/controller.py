"""What every match scene shares: seats, computer turns, hand-over, feedback, results.

API (stable; every match scene composes one `MatchController` through match.scene):

    ctl = MatchController(app, config, on_move=None, state=None)
        Deals `config` (or adopts `state`). `on_move(player, move)` is called on the main
        thread right after any move (human or computer) has been applied to `ctl.state`.
    ctl.update(dt)          call from Scene.update: paces and applies computer moves (the
                            agent thinks in a worker process on a view snapshot, never the
                            state; the frame loop never waits) and pushes the hand-over.
    ctl.play(move) -> bool  a human move (object or text) with feedback: illegal -> "invalid"
                            sound + the reason as caption, legal -> applied + "place"/"pass".
    ctl.human_turn -> bool  the player to move is a human who may act now (hand-over done).
    ctl.face_up(player)     may that player's hand be drawn face up right now?
    ctl.shared, ctl.couch   two or more people share the screen; and their hands are
                            hidden between turns (their tiles can be told apart)
    ctl.shown_hand          the one human hand to show face up at the bottom, or None.
    ctl.name(player), ctl.is_human(player), ctl.thinking, ctl.caption, ctl.say(text)
    ctl.follow_names(names) human seat i is renamed names[i] (settings changed mid-match).
    ctl.say_private(text)   a caption about the hand being played: shown, but spoken only
                            when no other person shares the screen (couch play).
    ctl.announce_turn()     caption + speech: whose turn it is.
    ctl.toggle_hints()      H: turn the legal-move hints setting on or off, and say so.
    ctl.pause()             push the pause overlay.
    ctl.show_results(title, rows, winner_text, final, on_continue=None, headers=None,
                     figure=None)
                            push ResultsScene (and return it); final results offer Rematch
                            / Menu, round results Continue (then `on_continue()` runs); a
                            `figure` (score_plot.ScoreChart) is drawn beside the table.
                            With `ctl.holding` set they are made but wait for push_held().
    ctl.hide_hands()        a new turn of the same player (a new round): hand over again.
    ctl.cover()             something is drawn over the table: on a couch no hand, nor a
                            caption about one, shows under it; the hand-over comes again.
    ctl.rematch()           the same seats and options dealt from a new seed.
    ctl.take_back()         U: the asker (the person to move, else the person a computer
                            is answering) takes back their own last turn (play.take_back)
                            and every move after it; each other person whose move goes
                            (else the next person) agrees first, on a screen that hides
                            the hands; False with the reason said when there is nothing
                            to take back. `on_undo()` runs after it.
    ctl.after_change()      called after every move and every take-back.
    ctl.paced(seconds)      a duration scaled by settings.anim_speed (0 = instant).

The hand-over rule: with two or more human seats (and not in demo mode), a human's turn
starts with HandOverScene, and no hand is face up until it is continued. With one human,
that human's hand is always face up; with no humans every hand may show. A variant whose
views have no hand (the open-board moving games: nothing is hidden) has no hand-over.
"""
from __future__ import annotations

from game.i18n import N_, _, ngettext

import random
import re
from dataclasses import replace

from game.logic.agents import make_agent
from game.logic.core import IllegalMoveError
from game.logic.records import new_seed
from game.logic.variants import new_game

from game.play import saves, statistics as stats
from game.play.take_back import turn_start
from game.play.thinking import start as start_thinking, think
from game.shell.match.caption import Captions
from game.shell.match import take_backs

THINK_SECONDS = 0.7    # the least time a computer turn takes at normal speed, to be followed


def sentence(reason: str) -> str:
    """A rule's reason with a capital first letter, unless it starts with a square name
    ("b7 is taken")."""
    first = reason.split(" ", 1)[0]
    if re.fullmatch(r"([a-z]+\d+)+[.,:;]?", first):
        return reason
    return reason[:1].upper() + reason[1:]


class MatchController(Captions):
    viewer = 0          # the seat whose view shows the table (every view shows it alike)

    def __init__(self, app, config, on_move=None, state=None):
        self.app = app
        self.config = config
        self.state = state if state is not None else new_game(
            config.variant, config.players, config.seed, config.options)
        self.on_move = on_move
        self.saved_once = state is not None     # a resumed match is on disk; a new one
                                                # only from its first move on
        # the computer seats; make_agent also refuses an unknown level before play starts
        self.agents = {i: make_agent(seat.level) for i, seat in enumerate(config.seats)
                       if not seat.is_human}
        # one generator per computer seat, so a seed replays the same computer choices
        self.rngs = {i: random.Random(config.seed * 31 + i) for i in self.agents}
        if self.agents:         # the worker boots while the table is drawn, not in a move
            start_thinking()
        self._caption, self._caption_again = "", None
        self.humans = [i for i, seat in enumerate(config.seats) if seat.is_human]
        # anything to hide? (blank tiles' hands all look the same)
        self.hands = hasattr(self.state.view(self.viewer), "hand") and \
            getattr(type(self.state), "hands_differ", True)
        self.ply = 0                  # changes so far (moves, take-backs): stale answers and
                                      # what was drawn for an older position are dropped
        self.on_undo = None           # called after a take-back (the scene resets its picks)
        self._counted = False         # the finished match is in the statistics
        self.save_problem: str | None = None   # why the match is not saved, while it is not
        self._revealed = None         # the human who has continued the current hand-over
        self._private = False         # the caption is about the hand being played
        self._handover_pending = False
        self._renames: dict[str, str] = {}   # old name -> new (the last follow_names)
        self.advised: list[tuple] = []
        self.holding = False          # show_results keeps the results in `held` for a frame
        self.held: tuple | None = None   # (view, move): the coach's advice in this match
        self._undo_target: tuple | None = None     # (position, undo_target()): every frame asks
        self._job = None              # (ply, player, Thought) while a computer thinks
        self._waited = 0.0

    # --- seats -----------------------------------------------------------------------
    def name(self, player: int) -> str:
        return self.config.seats[player].name

    def follow_names(self, names) -> None:
        """Human seats take the names set in the settings (seat i is names[i]); the
        rematch config follows, the game state is not touched."""
        seats = tuple(replace(seat, name=names[i]) if seat.is_human and i < len(names)
                      else seat for i, seat in enumerate(self.config.seats))
        self._renames = {old.name: new.name for old, new in zip(self.config.seats, seats)
                         if old.name != new.name}
        self.config = replace(self.config, seats=seats)
        if self._caption_again is None:      # "Player 1 played 0-6" beside "Ann"
            self.caption = self.renamed(self.caption)
        else:                                # (one that can be said again: said anew)
            self._caption = self._caption_again[1]()

    def renamed(self, text: str) -> str:
        """`text` with the names of the last renaming (follow_names) in their new form."""
        if not self._renames:
            return text
        pattern = "|".join(re.escape(old) for old in sorted(self._renames, key=len,
                                                             reverse=True))
        return re.sub(rf"(?<!\w)({pattern})(?!\w)", lambda m: self._renames[m.group(1)], text)

    def is_human(self, player) -> bool:
        return player is not None and self.config.seats[player].is_human

    @property
    def shared(self) -> bool:
        """Two or more people share the screen (not the demo)."""
        return len(self.humans) >= 2 and not getattr(self.app, "demo", None)

    @property
    def couch(self) -> bool:
        """Hands must be hidden between turns (two or more people share the screen, and
        the variant's players hold hands)."""
        return self.shared and self.hands

    @property
    def human_turn(self) -> bool:
        player = self.state.current_player
        if not self.is_human(player) or self.state.is_over():
            return False
        return not self.couch or self._revealed == player

    def face_up(self, player: int) -> bool:
        if not self.humans or self.state.is_over():
            return True
        if not self.couch:
            return player in self.humans
        return player == self.state.current_player and self._revealed == player

    @property
    def shown_hand(self):
        if self.couch:
            player = self.state.current_player
            return player if self.face_up(player) else None
        return self.humans[0] if self.humans else None

    @property
    def thinking(self) -> bool:
        return self._job is not None

    # --- feedback --------------------------------------------------------------------
    def paced(self, seconds: float) -> float:
        speed = getattr(self.app.settings, "anim_speed", 1.0)
        return 0.0 if speed <= 0 else seconds / speed

    def sound(self, name: str) -> None:
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.play(name)

    def say_private(self, text: str) -> None:
        self.say(text, speak=not self.couch)
        self._private = True

    def announce_turn(self) -> None:
        self.say(self._turn_text(), again=self._turn_text)

    def _turn_text(self) -> str:
        player = self.state.current_player
        if player is None:
            return _("The game is over.")
        if self.is_human(player) and len(self.humans) == 1:
            return _("It is your turn.")
        return _("It is {name}'s turn.").format(name=self.name(player))

    def wait_words(self) -> str:
        """Why the person here cannot act now: another is to play."""
        return _("Wait: {name} is playing.").format(name=self.name(self.state.current_player))

    def toggle_hints(self) -> None:
        settings = self.app.settings
        settings.show_hints = not settings.show_hints
        self.say(_("Hints on.") if settings.show_hints else _("Hints off."), False)

    # --- moves -----------------------------------------------------------------------
    def play(self, move) -> bool:
        """A human's move; False (with the reason said) when it is not legal."""
        if not self.human_turn:
            self.sound("invalid")
            self.say(_("Wait for your turn."))
            return False
        try:
            if isinstance(move, str):
                move = self.state.parse_move(move)
            reason = self.state.illegal_reason(move)
        except IllegalMoveError as error:
            reason = error.reason
        if reason:
            self.sound("invalid")
            self.say_private(sentence(reason))      # it may name a tile of the hand
            return False
        self._apply(move)
        return True

    def _apply(self, move) -> None:
        player = self.state.current_player
        move = self.state.apply(move)
        self.ply += 1
        self.sound("pass" if str(move) == "pass" else "place")
        if self.state.current_player != player:
            self._revealed = None
        if self.state.is_over():
            self._count_match()
        if self.on_move is not None:
            self.on_move(player, move)
        self.after_change()

    def after_change(self) -> None:
        """After every move and every take-back: the match in progress is saved (saves.py;
        a demo is not, nor a second window's) and a finished match's save removed once a
        frame shows the end (closed or killed before that, it still holds the game to see
        it end). A folder that cannot be written is said once; the match goes on. The
        writing happens on a background thread (storage.BackgroundWriter), so the frame
        never waits for the disk."""
        if not self._keeps_saves:
            return
        if self.state.is_over():
            when_drawn = getattr(self.app, "after_draw", None)
            if when_drawn is None:
                saves.remove_soon()
            else:
                when_drawn(saves.remove_soon)
        else:
            saves.save_soon(self.config, self.state)
            self.saved_once = True

    @property
    def _keeps_saves(self) -> bool:
        """No demo, and the first window on the data folder (a second one saves nothing)."""
        return not getattr(self.app, "demo", None) and getattr(self.app, "keeps_matches", True)

    def is_saved(self) -> bool:
        """Whether the match in progress is on disk as it stands (asked when quitting)."""
        if not self._keeps_saves or self.state.is_over():
            return False
        saves.settle()
        self._check_saving()
        return self.save_problem is None

    def _check_saving(self) -> None:
        """A save the background writer could not write is said once, in the caption and
        on the terminal, and `save_problem` marks the match screen until a save succeeds
        again; play goes on."""
        error = saves.save_failure() if self._keeps_saves else None
        if error is not None and self.save_problem is None:
            line = _("The match cannot be saved: {error}.").format(
                error=error.strerror or error)
            self.say(line, False)
            tell = getattr(self.app, "tell", None)
            if tell is not None:
                tell(line)
        self.save_problem = None if error is None else str(error.strerror or error)

    def _count_match(self) -> None:
        """A finished match goes into the statistics once: a person played, no demo."""
        if self._counted or not stats.counts(self.config, getattr(self.app, "demo", None)):
            return
        self._counted = True
        notice = stats.record_match(self.config, self.state.outcome())[1]
        if notice:
            self.app.tell(notice)            # the title menu shows it

    # --- taking back -----------------------------------------------------------------
    def asker(self) -> int | None:
        """The person who would take back: the human to move, else the person who moved
        last (a computer is answering them)."""
        if self.is_human(self.state.current_player):
            return self.state.current_player
        return next((player for player, _x in reversed(self.state.moves_played())
                     if self.is_human(player)), None)

    def undo_target(self) -> tuple[int | None, int | str]:
        """(the asker, how many moves were played before the asker's last turn: that turn
        and every move after it go), or (None, why nothing can be taken back)."""
        if getattr(self.app, "demo", None) or not self.humans:
            return None, _("Only a person's moves can be taken back.")
        if self.state.is_over():
            return None, _("The game is over: nothing can be taken back.")
        key = (self.ply, len(self.state.moves_played()))
        if self._undo_target is None or self._undo_target[0] != key:
            self._undo_target = (key, self._find_undo_target())
        return self._undo_target[1]

    def _find_undo_target(self) -> tuple[int | None, int | str]:
        who = self.asker()
        start = None if who is None else turn_start(self.state, who)
        if start is None:
            if len(self.humans) > 1 and who is not None:
                return None, _("{name} has no move to take back yet.").format(
                    name=self.name(who))
            return None, _("Nothing to take back yet.")
        return who, start

    def take_back(self) -> bool:
        return take_backs.take_back(self)

    def _undo_to(self, who: int, played: int) -> None:
        """Take back every move after the first `played` ones; `who` is to move again."""
        if self._job is not None:          # a computer thinking about a later position
            self._job[2].cancel()
            self._job = None
        count = len(self.state.moves_played()) - played
        for _x in range(count):
            self.state.undo()
        self.ply += 1
        self._revealed = None
        self.sound("select")
        def said() -> str:
            return (ngettext("Taken back: {count} move. {name} to play.",
                             "Taken back: {count} moves. {name} to play.", count)
                    if len(self.humans) > 1 else
                    ngettext("Taken back: {count} move. Your turn again.",
                             "Taken back: {count} moves. Your turn again.", count)
                    ).format(count=count, name=self.name(who))
        self.say(said(), speak=False, again=said)
        if self.on_undo is not None:
            self.on_undo()
        self.after_change()

    def hide_hands(self) -> None:
        self._revealed = None

    def cover(self) -> None:
        """Something is drawn over the table (the pause menu, a question, the rules): on a
        couch whoever looks at it may not be the person to move, so no hand stays face
        up, nor a caption about one, and the screen is handed over again afterwards."""
        if not self.couch or self.state.is_over():
            return
        self._revealed = None
        if self._private:
            self.caption, self._private = "", False

    def update(self, dt: float) -> None:
        self._check_saving()
        if self.state.is_over():
            return
        player = self.state.current_player
        if self.is_human(player):
            if self.couch and self._revealed != player and not self._handover_pending:
                self._push_handover(player)
            return
        if self._job is None:
            self._start_thinking(player)
        self._waited += dt
        ply, job_player, thought = self._job
        if not thought.done() or self._waited < self.paced(THINK_SECONDS):
            return
        self._job = None
        move = thought.move()          # re-raises here what the agent raised
        if ply == self.ply and job_player == self.state.current_player:
            self._apply(move)

    def _start_thinking(self, player: int) -> None:
        view = self.state.view(player)
        thought = think(self.level(player), view, self.rngs[player])
        self._job = (self.ply, player, thought)
        self._waited = 0.0

    def level(self, player: int) -> str:
        """The seat's computer level as the worker is asked it: Hard takes the thinking
        time of the settings."""
        level = self.config.seats[player].level
        seconds = getattr(self.app.settings, "think_seconds", None)
        return f"hard@{seconds:g}" if level == "hard" and seconds else level

    def _push_handover(self, player: int) -> None:
        from game.shell.screens.hand_over import HandOverScene

        def continued():
            self._handover_pending = False
            if self.state.current_player == player:
                self._revealed = player

        self._handover_pending = True
        self.app.push(HandOverScene(self.app, lambda: self.name(player), continued,
                                    self.config.variant, self.leaving))

    # --- screens ---------------------------------------------------------------------
    def pause(self) -> None:
        from game.shell.screens.pause import PauseOverlay
        self.app.push(PauseOverlay(self.app, self.config.variant, self.leaving()))

    def leaving(self) -> str | None:
        """What leaving the match means, when it is not the pause menu's "it stays saved"."""
        if not self._keeps_saves and not getattr(self.app, "demo", None):
            return N_("Leave this match? It is not saved here.")
        if self._keeps_saves and not self.saved_once:
            return N_("Leave this match? Nothing is saved yet.")
        return None

    def show_results(self, title: str, rows, winner_text: str, final: bool,
                     on_continue=None, headers=None, figure=None):
        """Push the results (see the module notes); returns their scene. While `holding`
        (the frame before they are due: laying them out takes a frame's share of time),
        they wait in `held` for push_held() instead."""
        from game.shell.screens.results import ResultsScene
        if final:
            review = self.review if self.humans and not getattr(self.app, "demo", None) \
                else None
            scene = ResultsScene(self.app, title, rows, winner_text, rematch=self.rematch,
                                 headers=headers, review=review, figure=figure)
        else:
            scene = ResultsScene(self.app, title, rows, winner_text, headers=headers,
                                 on_continue=on_continue or (lambda: None), figure=figure)
        scene.unattended = not self.humans     # computers only: go on alone, as a demo
        self.held = (scene, "win" if final else "round_end")
        if not self.holding:
            self.push_held()
        return scene

    def push_held(self) -> bool:
        """Push the results made while holding (with their sound); False if there are none."""
        if self.held is None:
            return False
        (scene, sound), self.held = self.held, None
        self.sound(sound)
        self.app.push(scene)
        return True

    def review(self) -> None:
        """The coach's review of the people's moves of the finished game."""
        from game.shell.match.coach import ReviewScene
        names = [self.name(p) for p in range(self.state.players)]
        self.app.push(ReviewScene(self.app, self.state, self.humans, names,
                                  advised=self.advised))

    def rematch(self) -> None:
        """A new seed; a game whose rules pass something on (blank tiles' opening seat)
        gives its options for the next game."""
        config = self.config.with_seed(new_seed())
        passed_on = getattr(self.state, "rematch_options", None)
        if passed_on is not None:
            config = replace(config, options=passed_on())
        self.app.start_match(config)
