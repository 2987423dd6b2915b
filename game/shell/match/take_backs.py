"""Take-backs at a table of people: who is asked, and in which order (the match
controller's `take_back` is `take_back(ctl)`)."""
from __future__ import annotations

from game.i18n import N_, _
from game.play.take_back import take_back_detail


def take_back(ctl) -> bool:
    """The asker's last move and everything after it; with two people or more at the
    table each other person whose move goes with it is asked first, one after the other
    (or the next person, when no other person's move goes)."""
    who, where = ctl.undo_target()
    if who is None or isinstance(where, str):   # (both or neither): why not
        ctl.sound("invalid")
        ctl.say(str(where))
        return False
    if len(ctl.humans) < 2:
        ctl._undo_to(who, where)
        return True
    undone = [player for player, _x in ctl.state.moves_played()[where:]]
    others = list(dict.fromkeys(p for p in reversed(undone) if p != who and ctl.is_human(p))) \
        or [p for p in ctl.humans[ctl.humans.index(who) + 1:] + ctl.humans if p != who][:1]
    turn = next((i for i, p in enumerate(undone) if p != who), len(undone))
    detail = take_back_detail(ctl.name(who), turn, len(undone) - turn)
    if ctl.couch:         # the other person looks at the screen: no hand shows now
        ctl._revealed = None
    _ask(ctl, who, where, others, detail)
    return True


def _ask(ctl, who: int, where: int, others: list, detail: str) -> None:
    """`others[0]` agrees (then the rest, in turn), or says no and nothing goes."""
    from game.shell.screens.dialogs import ConfirmScene
    if not others:
        ctl._undo_to(who, where)
        return
    asked = others[0]
    ctl.app.push(ConfirmScene(ctl.app, _("{name}, allow {other} to take back?").format(
                                  name=ctl.name(asked), other=ctl.name(who)),
                              N_("Yes, take it back"), N_("No"),
                              lambda: _ask(ctl, who, where, others[1:], detail),
                              detail=detail, cover=ctl.couch,
                              on_no=lambda: _refused(ctl, asked)))


def _refused(ctl, asked: int) -> None:
    ctl.sound("invalid")
    ctl.say(_("{name} said no: nothing was taken back.").format(name=ctl.name(asked)),
            speak=False)
