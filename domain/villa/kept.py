"""What is kept of each game in play between one state and the next: its board, the drawing
and tallies of its view, the placements of the Hedge in hand.

The next state of a game asks for most of what its last state was told (a Hedge drawn
changes neither the board nor the scores), and the board after a Hedge is the board before
it with four segments more. So each game keeps its latest answers, found from any of its
states by the `owners` tuple they all share: one entry per game in play, however many
states each has, which keeps what lives in memory (and what the garbage collector walks
through) to a few objects per game.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from domain.core.memo import capacity

from .state import State

T = TypeVar("T")

# Games in play on one server, at least; the least recently asked goes first. A server
# holding more has each Kept grow to a quarter more than its games (memo.fit).
GAMES = 1024


class Kept(Generic[T]):
    """The latest T of each game; what T was made from is for its user to check."""

    def __init__(self) -> None:
        # id of the game's `owners` -> (that tuple, kept alive so its id is not reused; T)
        self._entries: dict[int, tuple[tuple[int, ...], T]] = {}
        self._room = capacity(GAMES, __name__, per_game=1.25)

    def get(self, state: State) -> T | None:
        entry = self._entries.get(id(state.owners))
        return entry[1] if entry is not None and entry[0] is state.owners else None

    def put(self, state: State, value: T) -> None:
        key = id(state.owners)
        self._entries.pop(key, None)  # to the end: the most recently asked
        if len(self._entries) >= self._room.size:
            self._room.trim(self._entries)
        self._entries[key] = (state.owners, value)

    def clear(self) -> None:
        self._entries.clear()
