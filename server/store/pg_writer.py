"""Group commit for PostgreSQL: one writer task commits the writes of many games together.

As with SQLite (writer.py), every caller's future resolves only after COMMIT, the
statements of a batch are merged by SQL text so that one `executemany` inserts the events of
every game in it (rows in the order they were queued, so a game's events stay in seq order),
and when a batch's transaction fails each write is tried again alone, so only the writes that
fail by themselves are refused.

What PostgreSQL adds:

- Several processes (on several hosts) commit batches at once. Two batches that insert keys
  of the same two games in opposite orders would deadlock, and PostgreSQL would break the
  tie only after `deadlock_timeout` (a second). So each transaction first takes an advisory
  lock per game it touches, in one global order: batches that share a game take turns, and
  batches that share none (nearly all of them) never wait for each other.
- The server may restart or fail over. A pooled connection it dropped fails on first use, so
  a batch that failed before its COMMIT was sent is tried once more on a fresh connection,
  and the pool's other connections are replaced. A failure during COMMIT leaves the outcome
  unknown: that write gets `Unavailable`, and a retry of the command finds out (its seq or
  ref is taken, and the runtime reads the answer that was stored).
"""

from __future__ import annotations

import asyncio
import contextlib
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from .base import Conflict, Unavailable
from .batches import answer, next_batch

Statement = tuple[str, Sequence[tuple[Any, ...]]]

# Errors that say nothing about the write and everything about the connection or the server.
CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    OSError, TimeoutError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError,
    asyncpg.exceptions.OperatorInterventionError, asyncpg.exceptions.InsufficientResourcesError,
    asyncpg.exceptions.ReadOnlySQLTransactionError,  # a standby, during a failover
)
# Advisory locks of two int4 keys live apart from one-bigint ones; this is Plaza's namespace.
GAME_LOCKS = 0x706C61
LOCK_GAMES = f"SELECT pg_advisory_xact_lock({GAME_LOCKS}, k) FROM unnest($1::int4[]) AS k"


def game_key(game_id: str) -> int:
    """A stable 32-bit signed key for a game's advisory lock (collisions only serialize)."""
    return zlib.crc32(game_id.encode()) - (1 << 31)


def unavailable(error: BaseException) -> Unavailable:
    return Unavailable(f"PostgreSQL cannot be reached ({type(error).__name__}: {error})")


@dataclass
class _Op:
    games: tuple[str, ...]
    statements: list[Statement]
    future: asyncio.Future[None] = field(repr=False)


class _Broken(Exception):
    """The connection failed; `committing` when the COMMIT had been sent."""

    def __init__(self, error: BaseException, committing: bool) -> None:
        super().__init__(str(error))
        self.error = error
        self.committing = committing


class PgWriter:
    def __init__(self, pool: Any, max_batch: int = 512) -> None:
        self.pool = pool
        self.max_batch = max_batch
        self._queue: asyncio.Queue[_Op] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        self.batched_ops = 0

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="pg-writer")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def write(self, games: tuple[str, ...], statements: list[Statement]) -> None:
        """Commit these statements (touching only these games' rows) atomically, batched with
        other callers' writes. Raises `Conflict` when a unique key is taken, `Unavailable`
        when the server cannot be reached, or the error that refused this write alone."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Op(games, statements, future))
        await future

    async def _loop(self) -> None:
        while True:
            ops = await next_batch(self._queue, self.max_batch)
            try:
                failed = await self._commit_batch(ops)
            except Exception as exc:  # a bug of ours: tell every waiter, keep serving
                failed = [exc] * len(ops)
            self.batches += 1
            self.batched_ops += len(ops)
            answer(ops, failed)

    async def _commit_batch(self, ops: list[_Op]) -> list[Exception | None]:
        """Per op, None when committed, else the error to raise to its caller."""
        games = {game for op in ops for game in op.games}
        merged: dict[str, list[tuple[Any, ...]]] = {}
        for op in ops:
            for sql, rows in op.statements:
                merged.setdefault(sql, []).extend(rows)
        error = await self._attempt(games, list(merged.items()))
        if error is None:
            return [None] * len(ops)
        if isinstance(error, Unavailable) or len(ops) == 1:  # nothing to isolate
            return [error] * len(ops)
        return [await self._attempt(set(op.games), op.statements) for op in ops]

    async def _attempt(self, games: set[str], statements: list[Statement]) -> Exception | None:
        """One transaction, tried again on a fresh connection if the first one was stale."""
        for attempt in range(2):
            try:
                await self._transaction(games, statements)
                return None
            except _Broken as broken:
                self.pool.expire_connections()  # the others are likely stale as well
                if broken.committing or attempt == 1:
                    return unavailable(broken.error)
            except asyncpg.UniqueViolationError as exc:
                return Conflict(str(exc))
            except Exception as exc:
                return exc
        raise AssertionError("unreachable")

    async def _transaction(self, games: set[str], statements: list[Statement]) -> None:
        committing = False
        try:
            async with self.pool.acquire() as conn:
                transaction = conn.transaction()
                await transaction.start()
                try:
                    await conn.execute(LOCK_GAMES, sorted({game_key(g) for g in games}))
                    for sql, rows in statements:
                        await conn.executemany(sql, rows)
                except BaseException:
                    with contextlib.suppress(*CONNECTION_ERRORS):
                        await transaction.rollback()
                    raise
                committing = True
                await transaction.commit()
        except CONNECTION_ERRORS as exc:
            raise _Broken(exc, committing) from exc
