"""`per_state`: remember what a function made of a state, by the state's identity.

The server asks the same questions of one state several times: the view of each of five
audiences, the legal commands of the seat to move, then `decide` checks the command
against those same commands. States are frozen, so an answer holds for as long as the
state lives; hashing a whole state to find it in an `lru_cache` would cost about as much
as some answers, so the state is found by `id()`. Each entry keeps the state itself
alive, so its id cannot be reused by another state while the entry is there.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from .state import State

T = TypeVar("T")

# The last states of about a hundred games in play on one server, each asked again by
# its next command.
SIZE = 512


def per_state(fn: Callable[[State], T]) -> Callable[[State], T]:
    entries: dict[int, tuple[State, T]] = {}

    @wraps(fn)
    def cached(state: State) -> T:
        entry = entries.get(id(state))
        if entry is not None and entry[0] is state:
            return entry[1]
        value = fn(state)
        if len(entries) >= SIZE:
            entries.pop(next(iter(entries)), None)  # the oldest
        entries[id(state)] = (state, value)
        return value

    return cached
