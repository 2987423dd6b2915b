"""Judging a lesson's answers, and checking a lesson file through the rules.

`accepts(state, step, move)` says whether a move of the taught player meets the step;
`accepted_moves` lists every legal move that does; `shown_answer` is the one the hint
lights. `lesson_faults` plays the lesson as the scene would: its position must be
valid, every listed answer legal and meeting the step's condition, at least one answer
must exist, and after every accepted answer the next step's scripted reply must be
legal and leave the taught player to move again; and what its words say the board shows
("the 6 on f5", "North's 4-6 on d5") must be there (claims.py).
"""
from __future__ import annotations

from ..core import DominoError, FileFormatError, IllegalMoveError
from .claims import claims, holds
from .files import Lesson, Step

MAX_PATHS = 4000        # positions a check may visit: a condition met by every move of
                        # every step multiplies them


def canonical(state, text) -> str:
    """The canonical text of move `text` in `state`; IllegalMoveError if malformed."""
    return str(state.parse_move(text))


def accepts(state, step: Step, move) -> bool:
    """Whether `move`, legal for the player to move in `state`, answers `step`."""
    if step.condition is not None:
        return step.condition.met(state, move)
    text = canonical(state, move)
    return any(_same(state, answer, text) for answer in step.answers)


def _same(state, answer: str, text: str) -> bool:
    try:
        return canonical(state, answer) == text
    except ValueError:
        return False


def accepted_moves(state, step: Step) -> list:
    """Every legal move of the player to move that answers `step`, in text order."""
    return [move for move in state.legal_moves() if accepts(state, step, move)]


def shown_answer(state, step: Step):
    """The move the hint lights: the first listed answer, else the first accepted move."""
    for answer in step.answers:
        try:
            move = state.parse_move(answer)
        except ValueError:
            continue
        if state.is_legal(move):
            return move
    moves = accepted_moves(state, step) if step.condition is not None else []
    return moves[0] if moves else None


class _Walk:
    """Plays every accepted answer of every step, with the replies between them."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.faults: list[FileFormatError] = []
        self.visited = 0

    def fault(self, step: Step, key: str, message: str) -> None:
        error = self.lesson.error(step.line(key), message)
        if str(error) not in map(str, self.faults):
            self.faults.append(error)

    def run(self) -> None:
        try:
            state = self.lesson.start()
        except DominoError as exc:
            self.faults.append(exc if isinstance(exc, FileFormatError)
                               else self.lesson.error(None, str(exc)))
            return
        first = self.lesson.steps[0]
        if first.reply is not None:
            self.fault(first, "reply", "the first step has no reply: the lesson starts from "
                                       "its position")
            return
        for step in self.lesson.steps:
            if step.condition is not None and (problem := step.condition.problem(state)):
                self.fault(step, "condition", f"condition {problem}")
                return
        self.step(state, 0, state.current_player, "the position")

    def step(self, state, index: int, student: int, after: str) -> None:
        self.visited += 1
        if self.visited > MAX_PATHS:
            if not self.faults:
                self.fault(self.lesson.steps[0], "condition", f"more than {MAX_PATHS:,} ways "
                           "through the lesson to check: list the answers instead")
            return
        step = self.lesson.steps[index]
        if state.is_over():
            self.fault(step, "goal", f"step {index + 1}: the game is over after {after}")
            return
        if state.current_player != student:
            self.fault(step, "reply", f"step {index + 1}: after {after} the opponent is to "
                                      f"move: a reply must come first")
            return
        answers = self.listed(state, step, index)
        accepted = accepted_moves(state, step) if step.condition is not None else answers
        if not accepted:            # (a listed answer that is not legal is a fault already)
            if step.condition is not None:
                self.fault(step, "condition", f"step {index + 1}: no legal move after {after} "
                                              f"meets the condition {step.condition}")
            return
        self.claims(state, step, index, accepted)
        if index + 1 == len(self.lesson.steps):
            return
        following = self.lesson.steps[index + 1]
        for move in accepted:
            state.apply(move)
            try:
                self.reply(state, following, index + 1, student, f"the answer {move}")
            finally:
                state.undo()

    def listed(self, state, step: Step, index: int) -> list:
        """The listed answers as moves, each checked: well written, legal, meeting the
        step's condition."""
        moves = []
        for answer in step.answers:
            try:
                move = state.parse_move(answer)
                reason = state.illegal_reason(move)
            except ValueError as exc:           # IllegalMoveError: not a move at all
                reason = getattr(exc, "reason", str(exc))
            if reason is not None:
                self.fault(step, "answers", f"step {index + 1}: the answer {answer!r} is not "
                                            f"legal here: {reason}")
            elif step.condition is not None and not step.condition.met(state, move):
                self.fault(step, "answers", f"step {index + 1}: the answer {answer!r} does "
                                            f"not meet the condition {step.condition}")
            else:
                moves.append(move)
        return moves

    def reply(self, state, step: Step, index: int, student: int, after: str) -> None:
        if step.reply is None:
            self.step(state, index, student, after)
            return
        if state.is_over() or state.current_player == student:
            why = "the game is over" if state.is_over() else "the opponent is not to move"
            self.fault(step, "reply", f"step {index + 1}: after {after} {why}, so there is "
                                      f"nothing to reply")
            return
        try:
            move = state.apply(step.reply)
        except IllegalMoveError as exc:
            self.fault(step, "reply", f"step {index + 1}: the reply {step.reply!r} is not "
                                      f"legal after {after}: {exc.reason}")
            return
        try:
            if step.closing:
                self.claims(state, step, index, [])
            else:
                self.step(state, index, student, f"{after} and the reply {move}")
        finally:
            state.undo()

    def claims(self, state, step: Step, index: int, answers: list) -> None:
        """Each square or tile a text of the step names must be on the board as it says,
        in the step's position or after one of its answers (claims.py)."""
        for key in ("text", "goal", "hint", "wrong", "explain"):
            for claim in claims(getattr(step, key)):
                if holds(state, claim) or any(self._after(state, move, claim)
                                              for move in answers):
                    continue
                self.fault(step, key, f"step {index + 1}: the {key} names {claim}, which is "
                                      f"not on the board")

    @staticmethod
    def _after(state, move, claim) -> bool:
        state.apply(move)
        try:
            return holds(state, claim)
        finally:
            state.undo()


def lesson_faults(lesson: Lesson) -> list[FileFormatError]:
    """Every fault found playing the lesson through the rules (empty: it is sound)."""
    walk = _Walk(lesson)
    walk.run()
    return walk.faults
