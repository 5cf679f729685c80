"""The thought-out moves of one timeout, for a seat played at a level that thinks long.

A timeout is played under its table's lock, in one commit with the moves it causes
(bot/turns/timers.py). A move that needs thinking is not thought there: the timeout stops at
it (``ThoughtNeeded``, the table rolled back), lets go of the lock, has it thought in a worker
process, and plays the timeout again under the lock. The moves thought so far are kept by the
position they were thought in, for the turn (serial) they were thought at: once the table is
at another turn (a move, an /undo) they are forgotten, and a move is only ever played in the
very position it was thought for.
"""
from __future__ import annotations

from bot.table.thinking import Question


class ThoughtNeeded(Exception):
    """The timeout's next move is to be thought first: ``question`` (its table rolled back)."""

    def __init__(self, question: Question) -> None:
        super().__init__(f"seat {question.seat} is to think first")
        self.question = question


def position(question: Question) -> tuple[str, str, int, str, str]:
    """What a thought answers, whatever its budget: the game, the state, the seat, the level, the seed."""
    return question.game, question.snapshot, question.seat, question.level, question.seed


class TimeoutThoughts:
    def __init__(self) -> None:
        self.turn: int | None = None
        self.moves: dict[tuple[str, str, int, str, str], str] = {}

    def at_turn(self, turn: int) -> None:
        """The table is at ``turn`` (its turn serial): moves thought at another turn go."""
        if turn != self.turn:
            self.moves.clear()
            self.turn = turn

    def move_for(self, question: Question) -> str | None:
        return self.moves.get(position(question))

    def thought(self, question: Question, text: str) -> None:
        self.moves[position(question)] = text
