"""The server's own refusals of a move, beside the rules' (domain.core `Rejection`): a frame
that does not fit the game's schema, a game too busy, a fault of ours, a store out of reach."""

from __future__ import annotations

from domain.core import Rejection


class BadCommand(ValueError):
    """The command's payload does not fit the game's schema (a `bad_frame`)."""


class Busy(Rejection):
    """Lost the race for the next seq too often in a row: worth sending again."""

    code = "busy"


class Internal(Rejection):
    """A fault of the server's: nothing was applied, and the same ref may be sent again."""

    code = "internal"


class StoreDown(Rejection):
    """The store cannot be reached: nothing was applied; send it again once it is back."""

    code = "unavailable"


# Answers not remembered under their ref: a retry of the same ref is a fresh try.
UNREMEMBERED = frozenset({Busy.code, Internal.code, StoreDown.code})
DOWN = "The game's store cannot be reached just now; nothing was applied. Try again in a moment."
