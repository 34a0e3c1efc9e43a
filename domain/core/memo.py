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

import contextlib
from collections.abc import Callable
from functools import wraps
from itertools import islice
from typing import Any, Concatenate, ParamSpec, TypeVar, overload

S = TypeVar("S")
T = TypeVar("T")
P = ParamSpec("P")

# The last states of a few hundred games in play on one server, each asked again by its
# next command; old entries go first. A function asked only while one state is shown (its
# views, during one fan-out) needs fewer, one asked of each player of every game more:
# `per_state(size=...)`.
SIZE = 1024

Cached = Callable[Concatenate[S, P], T]


@overload
def per_state(fn: Cached[S, P, T], /) -> Cached[S, P, T]: ...


@overload
def per_state(*, size: int) -> Callable[[Cached[S, P, T]], Cached[S, P, T]]: ...


def per_state(fn: Cached[S, P, T] | None = None, /, *, size: int = SIZE
              ) -> Cached[S, P, T] | Callable[[Cached[S, P, T]], Cached[S, P, T]]:
    """`fn` with one answer kept per state object and further arguments, `size` at most."""
    if fn is None:
        return lambda f: _kept(f, size)
    return _kept(fn, size)


def _kept(fn: Cached[S, P, T], size: int) -> Cached[S, P, T]:
    entries: dict[tuple[Any, ...], tuple[S, T]] = {}

    @wraps(fn)
    def cached(state: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        # Asked several times per command, so the look-up is kept lean: no items() of an
        # empty kwargs.
        key = (id(state), *args, *kwargs.items()) if kwargs else (id(state), *args)
        entry = entries.get(key)
        if entry is not None and entry[0] is state:
            return entry[1]
        value = fn(state, *args, **kwargs)
        if len(entries) >= size:
            # The oldest quarter at once: a dict finds its first entry by walking past those
            # removed before it, so removing one per new answer made each walk longer. The
            # server may verify a replay on a worker thread while its loop plays on: a change
            # made meanwhile by the other thread only means other entries go first.
            with contextlib.suppress(RuntimeError):
                for old in list(islice(entries, max(1, size // 4))):
                    entries.pop(old, None)
        entries[key] = (state, value)
        return value

    return cached
