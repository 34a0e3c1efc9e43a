"""`per_state`: remember what a pure function made of a state, by the state's identity.

The server asks the same questions of one state several times: the view of each audience,
the legal commands of the seat to move, then `decide` checks a command against those same
commands. States are frozen, so an answer holds for as long as the state lives; hashing a
whole state to find it in an `lru_cache` would cost about as much as some answers, so the
state is found by `id()`. Each entry keeps the state itself alive, so its id cannot be
reused by another state while the entry is there. Further arguments (a seat, a viewer) must
be hashable and are part of the key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

S = TypeVar("S")
T = TypeVar("T")
P = ParamSpec("P")

# The last states of a few hundred games in play on one server, each asked again by its
# next command; old entries go first.
SIZE = 1024


def per_state(fn: Callable[Concatenate[S, P], T]) -> Callable[Concatenate[S, P], T]:
    entries: dict[tuple[Any, ...], tuple[S, T]] = {}

    @wraps(fn)
    def cached(state: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        key = (id(state), *args, *kwargs.items())
        entry = entries.get(key)
        if entry is not None and entry[0] is state:
            return entry[1]
        value = fn(state, *args, **kwargs)
        if len(entries) >= SIZE:
            entries.pop(next(iter(entries)), None)
        entries[key] = (state, value)
        return value

    return cached
