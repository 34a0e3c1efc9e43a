"""Typed rejections: data with a stable code and a sentence a player understands."""

from __future__ import annotations

from typing import ClassVar


class Rejection(Exception):
    """A command that is refused. Nothing is applied when one is raised."""

    code: ClassVar[str] = "illegal"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class Illegal(Rejection):
    code = "illegal"


class NotYourTurn(Rejection):
    code = "not_your_turn"


class NotASeat(Rejection):
    code = "not_a_seat"


class GameOver(Rejection):
    code = "game_over"


class Stale(Rejection):
    code = "stale"


class UndoRefused(Rejection):
    code = "undo_refused"


REJECTION_CODES = frozenset(
    cls.code for cls in (Illegal, NotYourTurn, NotASeat, GameOver, Stale, UndoRefused)
)
