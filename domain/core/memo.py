"""`per_state`: remember what a pure function made of a state, by the state's identity.

The server asks the same questions of one state several times: the view of each audience,
the legal commands of the seat to move, then `decide` checks a command against those same
commands. States are frozen, so an answer holds for as long as the state lives; hashing a
whole state to find it in an `lru_cache` would cost about as much as some answers, so the
state is found by `id()`. Each entry keeps the state itself alive, so its id cannot be
reused by another state while the entry is there. Further arguments (a seat, a viewer) must
be hashable and are part of the key.

A game's answers are asked again by its next command, which comes after every other game
in play has had its own: a cache that holds less than all of them between two commands of
one game answers nothing (bench scale, Barcelona at 1,000 games: the view's parts and legal
lists made anew for every command, 30% more CPU a command and p99 x1.3). So a cache's size
is given for GAMES games of its kind in play, and `fit` scales it with how many a process
holds (the server calls it as games load and go).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Mapping
from functools import wraps
from itertools import islice
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar, overload

S = TypeVar("S")
T = TypeVar("T")
P = ParamSpec("P")

# The last states of GAMES games in play, each asked again by its next command; old entries
# go first. A function asked only while one state is shown (its views, during one fan-out)
# needs fewer, whatever the games in play: `per_state(size=..., scaled=False)`.
SIZE = 1024
GAMES = 100  # the games of one kind in play that a size is given for
CHUNK = 64  # entries at most let go at once: freeing thousands of states stalls the loop


class Capacity:
    """How many entries a cache of one game kind's package may hold now: `base`, or
    `per_game` for each game of the kind in play if that is more."""

    def __init__(self, size: int, kind: str | None, per_game: float) -> None:
        self.base = self.size = size
        self.kind = kind  # None: the same size however many games are in play
        self.per_game = per_game

    def trim(self, entries: dict[Any, Any]) -> None:
        """Let the oldest entries go to make room for one: a few at once, since a dict finds
        its first entry by walking past those removed before it, so removing one per new
        entry made each walk longer; and never many, so a cache shrunk by `fit` comes down
        over the next entries. A replay verified on a worker thread may change the dict
        meanwhile, which only means other entries go first."""
        chunk = min(CHUNK, max(1, self.size // 4))
        drop = min(len(entries) - self.size + chunk, 2 * chunk)
        with contextlib.suppress(RuntimeError):
            for old in list(islice(entries, max(1, drop))):
                entries.pop(old, None)


_capacities: list[Capacity] = []


def capacity(size: int, module: str, scaled: bool = True,
             per_game: float | None = None) -> Capacity:
    """A cache's capacity: `size`, grown by `fit` to `per_game` (default: `size` over
    GAMES) for each game in play of the kind whose package holds `module`
    (domain.<kind>...), unless not `scaled`."""
    parts = module.split(".")
    kind = parts[1] if scaled and len(parts) > 1 and parts[0] == "domain" else None
    found = Capacity(size, kind, size / GAMES if per_game is None else per_game)
    _capacities.append(found)
    return found


def fit(in_play: Mapping[str, int]) -> None:
    """Scale every cache to the games of its kind in play (kind -> count)."""
    for cap in _capacities:
        if cap.kind is not None:
            cap.size = max(cap.base, math.ceil(cap.per_game * in_play.get(cap.kind, 0)))


Cached = Callable[Concatenate[S, P], T]


@overload
def per_state(fn: Cached[S, P, T], /) -> Cached[S, P, T]: ...


@overload
def per_state(*, size: int = SIZE, scaled: bool = True, module: str = ""
              ) -> Callable[[Cached[S, P, T]], Cached[S, P, T]]: ...


def per_state(fn: Cached[S, P, T] | None = None, /, *, size: int = SIZE, scaled: bool = True,
              module: str = "") -> Cached[S, P, T] | Callable[[Cached[S, P, T]], Cached[S, P, T]]:
    """`fn` with one answer kept per state object and further arguments: `size` at most
    for GAMES games of its kind in play (`fit`), or `size` alone if not `scaled`. The kind
    is that of the package holding `module` (default: `fn`'s own module): a wrapper in
    domain.core that serves every game names the module of what it wraps."""
    if fn is None:
        return lambda f: _kept(f, capacity(size, module or f.__module__, scaled))
    return _kept(fn, capacity(size, module or fn.__module__, scaled))


def _kept(fn: Cached[S, P, T], room: Capacity) -> Cached[S, P, T]:
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
        if len(entries) >= room.size:
            room.trim(entries)
        entries[key] = (state, value)
        return value

    return cached


class Shown(Protocol):
    """What a game made of the state it last showed (its views, their parts)."""

    @property
    def state(self) -> Any: ...


R = TypeVar("R", bound=Shown)


class LastShown(Generic[S, R]):
    """Each game's last shown state, with what its views were made of (`R`), for the next
    state's views to take the parts whose parts of the state are the very same objects.

    A game's states follow one another with most of their tuples shared (`evolve` replaces
    what an event changed), and each is shown to every audience once: a cache per state
    answers each state once and builds its views whole, while the game's last state found
    again builds only what changed. A game is found by the identity of `key(state)`, a part
    made once per game; another game holding the same object, or an older state of this
    one, only finds fewer parts to take, since `follow` checks each part by identity. An
    entry keeps its state alive, so the id of its key stays theirs while it is there.

    An entry for each game in play (`fit`; 256 at least), the least recently shown let go
    first: at 1,000 games, with 256, no game's last state was ever found again, and every
    view was built whole (Barcelona: `_first` 6% of the server's samples). The games' views
    hold tuples and gc=False structs only (tests/<game>/test_view.py, `tracked_parts`), so
    the collector stops tracking what an entry keeps at the first pass it survives; when
    they held lists, an entry a game had its middle passes walk every view (p99 at 1,000
    games 3.2-4.1 ms against 2.4-2.6, 15 of 16 middle passes over 5 ms)."""

    def __init__(self, module: str, key: Callable[[S], object], first: Callable[[S], R],
                 follow: Callable[[S, R], R]) -> None:
        self.room = capacity(256, module, per_game=1.25)
        self.key, self.first, self.follow = key, first, follow
        self.entries: dict[int, R] = {}

    def __call__(self, state: S) -> R:
        key = id(self.key(state))
        entries = self.entries
        last = entries.get(key)
        if last is not None and last.state is state:
            return last
        made = self.first(state) if last is None else self.follow(state, last)
        entries.pop(key, None)  # the last shown go last, so those of ended games go first
        if len(entries) >= self.room.size:
            self.room.trim(entries)
        entries[key] = made
        return made


E = TypeVar("E")


class Folded(Generic[S, E]):
    """The states a game's `decide` made from its events, kept by the events' identity:
    the platform then folds the very same event objects into the very same state object
    again (a proposal's steps), and finds each state made, with what was kept of it by
    identity (its legal lists, its tallies), instead of an equal new one. An entry keeps its
    state and event alive, so their ids stay theirs while it is there; a command's events
    are folded again at once, so `size` entries outlast any command. `evolve` looks in
    `entries` itself, once per event of every fold (a method call there would cost a
    rebuild a few percent): the entry for `id(event)`, if its state and event are the very
    objects given, holds the state made."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.entries: dict[int, tuple[S | None, E, S]] = {}

    def keep(self, state: S | None, event: E, new: S) -> S:
        """`new`, kept as what `event` makes of `state`; the oldest quarter let go when full
        (a replay verified on a worker thread may fold meanwhile, which only means other
        entries go first)."""
        entries = self.entries
        if len(entries) >= self.size:
            with contextlib.suppress(RuntimeError):
                for old in list(islice(entries, self.size // 4)):
                    entries.pop(old, None)
        entries[id(event)] = (state, event, new)
        return new
