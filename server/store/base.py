"""The store's contract: an event log and a catalogue of games, seats and bots.

Every store (SQLite today, PostgreSQL next) implements `Store`, and one contract test
suite (tests/server/test_store_contract.py) runs against each. The guarantees:

- Appends are compare-and-set on `(game_id, seq)`: two writers racing for one seq cannot
  both win; the loser gets `Conflict` and nothing of its write is stored.
- A ref has one answer per `(game_id, seat, ref)`, accepted or refused. An acceptance is
  the log's own: the envelopes of a move carry its seat (`actor`) and its ref, and the move
  ends at the last of them. A refused ref cannot then be accepted, nor an accepted one
  refused (`Conflict`). Two acceptances of one ref need no check of the store's: an append
  at seq N wins only when N - 1 is the log's last, so its writer had seen every answer
  before it (the runtime looks there first). Refusals are kept for the latest
  `KEEP_REJECTIONS` refs of each seat.
- A write is durable when its call returns, so no command is answered before it is.
- A write that fails fails alone: other games' writes in flight are not touched.
- A store on a server (PostgreSQL) that cannot be reached raises `Unavailable`, and serves
  again by itself once the server is back.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from domain.core import Envelope, EventRow

# Refusals are remembered so that a repeated ref gets its first answer, but only the latest
# few per seat: a client sending doomed commands must not grow the store.
KEEP_REJECTIONS = 64

# A remembered answer to a ref: the encoded frame (a refusal; an acceptance recorded before
# acceptances were read from the log), or the seq an accepted move ended at.
Answer = bytes | int
Status = tuple[str, bytes | None]  # (status, the encoded outcome)
SeatRow = tuple[int, str, str | None]  # (seat, name, token hash)


class Conflict(Exception):
    """A write lost a race: the seq, ref or seat it wanted is taken."""


class Unavailable(Exception):
    """The store's server cannot be reached now. A write that fails so was not committed,
    unless the connection broke during its COMMIT: then a retry finds its seq or ref taken."""


@dataclass(frozen=True, slots=True)
class GameRow:
    game_id: str
    kind: str
    options: bytes
    seats: int
    status: str
    seed: int
    seq: int
    created_at: int
    forked_from: str | None
    forked_at: int | None
    outcome: bytes | None
    creator_hash: str | None = None  # sha256 of the creator's token
    creator_addr: str | None = None  # the address it was created from (limits per client)
    practice: bool = False  # the creator chose the seed
    table: bytes | None = None  # the table's options (domain.core.table.TableOptions), JSON

    def values(self) -> tuple[Any, ...]:
        return (self.game_id, self.kind, self.options, self.seats, self.status, self.seed,
                self.seq, self.created_at, self.forked_from, self.forked_at, self.outcome,
                self.creator_hash, self.creator_addr, int(self.practice), self.table)


@dataclass(frozen=True, slots=True)
class Snapshot:
    seq: int
    top_seq: int
    state: bytes


def acceptances(envelopes: Iterable[Envelope]) -> dict[tuple[int, str], int]:
    """The refs these envelopes accept, by (seat, ref): a move's envelopes carry its seat and
    its ref, and the answer names the last one's seq (envelopes of no seat's ask accept none)."""
    return {(env.actor, env.ref): env.seq for env in envelopes
            if env.ref is not None and env.actor is not None}


def now_ms() -> int:
    return time.time_ns() // 1_000_000


class EventLog(Protocol):
    """Each game's envelopes in seq order, its answers to refs, and its snapshots."""

    def append(self, game_id: str, envelopes: list[Envelope],
               status: Status | None = None) -> Awaitable[None]:
        """Commit envelopes and the game's new status atomically (awaited; an implementation
        need not be a coroutine: every command waits on this). An envelope's `actor` and
        `ref` accept that ref; `Conflict` if it was refused."""

    async def events(self, game_id: str, after: int = 0, upto: int | None = None,
                     limit: int | None = None) -> list[Envelope]: ...

    async def event_rows(self, game_id: str, after: int = 0, upto: int | None = None) -> list[EventRow]:
        """(seq, type, v, data) of each envelope, in seq order: what a rebuild folds of the
        envelopes older than the steps it keeps (`domain.core.folded`), read without the
        hashes, refs and commands that would be let go at once."""

    async def event(self, game_id: str, seq: int) -> Envelope | None: ...

    async def last_seq(self, game_id: str) -> int: ...

    async def table_events(self, game_id: str) -> list[Envelope]:
        """Every envelope of the table's own (`domain.core.table.TABLE_TYPES`), in order."""

    async def rewinds(self, game_id: str, upto: int) -> list[tuple[int, bytes]]:
        """(seq, data) of every Rewound envelope up to `upto`."""

    async def snapshots(self, game_id: str, upto: int) -> list[Snapshot]:
        """The newest few snapshots taken at or before `upto`, newest first."""

    async def save_snapshot(self, game_id: str, seq: int, top_seq: int, state: bytes) -> None: ...

    async def answers(self, game_id: str) -> dict[tuple[int, str], Answer]:
        """Every remembered answer by (seat, ref): refusals oldest first, then acceptances.
        A fork's or an import's first envelopes answer nothing in it: they were its source's."""

    async def record_rejection(self, game_id: str, seat: int, ref: str, answer: bytes,
                               seq: int) -> None:
        """Remember a refusal decided at the game's `seq`: `Conflict` if the ref is accepted
        (the caller knows every acceptance up to `seq`; the store looks at least after it)."""

    async def rejection_count(self, game_id: str) -> int: ...


class Catalogue(Protocol):
    """The games, their seats (names and token hashes, never tokens) and their bots."""

    async def create_game(self, row: GameRow, envelopes: Sequence[Envelope] = (),
                          seats: Sequence[SeatRow] = ()) -> None:
        """A new game with its first envelopes (a fork's or an import's) and seats, atomically."""

    async def game(self, game_id: str) -> GameRow | None: ...

    async def games(self, status: str | None, limit: int = 200) -> list[GameRow]:
        """Newest first."""

    async def add_seat(self, game_id: str, seat: int, name: str, token_hash: str,
                       status: str | None = None, bot: str | None = None) -> None:
        """Take a seat (`Conflict` if taken), set the game's status with it; `bot`: the
        level of the server's bot that plays it."""

    async def activate(self, game_id: str) -> None:
        """Make a waiting game whose every seat is taken active. Joins of its last seats may
        race, each seeing the other's seat missing: whoever checks after its own seat is
        committed calls this, and the game becomes active once."""

    async def seat_names(self, game_id: str) -> dict[int, str]: ...

    async def seat_of(self, game_id: str, token_hash: str) -> int | None: ...

    async def bots(self, game_id: str) -> dict[int, str]:
        """The seats seated with the server's bots, and each one's level."""

    async def games_with_bots(self, status: str = "active") -> list[str]: ...

    async def waiting_by(self, creator_addr: str) -> int:
        """How many games created from this address still wait for players."""


class Store(EventLog, Catalogue, Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...
