"""Group commit for SQLite: one writer thread commits the writes of many games together.

Every caller's future resolves only after COMMIT, so no command is acknowledged before its
events are durable. The writer runs a whole batch in one call on its own thread: through
aiosqlite a batch took five thread hops (BEGIN, three executemany, COMMIT), each waiting
for a turn of a busy event loop.

Why a batch's statements are grouped: the statements of all its writes are merged by SQL
text, so one executemany inserts the events of every game in the batch, and one COMMIT
(one fsync) serves them all: that is what lets one SQLite file keep up with thousands of
commands a second. Rows keep the order they were queued in, so a game's events stay in seq
order. And one write that fails must not fail the others: when the batch's transaction
fails for any reason, each write is tried again in a transaction of its own, so only the
writes that fail by themselves are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .base import Conflict
from .schema import PRAGMAS, SCHEMA, SETUP_ATTEMPTS, Statement, migrate


@dataclass
class _Op:
    statements: list[Statement]
    future: asyncio.Future[None] = field(repr=False)


class GroupWriter:
    def __init__(self, path: str, max_batch: int = 512) -> None:
        self.path = path
        self.max_batch = max_batch
        self._db: sqlite3.Connection | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        self._queue: asyncio.Queue[_Op] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        self.batched_ops = 0

    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        self._db = await loop.run_in_executor(self._thread, self._connect)
        self._task = asyncio.create_task(self._loop(), name="store-writer")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        # Several processes may open a new file at once. Switching it to WAL and creating
        # the schema can fail with "locked" at once, without the busy handler (SQLite
        # does so to avoid deadlocks), so the setup is retried rather than trusted to it.
        for attempt in range(SETUP_ATTEMPTS):
            try:
                for pragma in PRAGMAS:
                    db.execute(pragma)
                db.executescript(SCHEMA)
                migrate(db)
                return db
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or attempt == SETUP_ATTEMPTS - 1:
                    db.close()
                    raise
                time.sleep(0.02 + 0.01 * attempt)
        raise AssertionError("unreachable")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._db is not None:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._db.close)
        self._thread.shutdown(wait=True)

    async def write(self, statements: list[Statement]) -> None:
        """Commit these statements atomically, batched with other callers' writes.

        Raises `Conflict` when a unique key is taken, or the error that refused this write
        alone (a value SQLite cannot hold); then nothing of it is written.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Op(statements, future))
        await future

    async def _loop(self) -> None:
        while True:
            ops = [await self._queue.get()]
            while len(ops) < self.max_batch and not self._queue.empty():
                ops.append(self._queue.get_nowait())
            try:
                await self._commit_batch(ops)
            except Exception as exc:  # a broken disk: tell every waiter, keep serving
                for op in ops:
                    if not op.future.done():
                        op.future.set_exception(exc)

    async def _commit_batch(self, ops: list[_Op]) -> None:
        loop = asyncio.get_running_loop()
        failed = await loop.run_in_executor(self._thread, self._commit_in_thread,
                                            [op.statements for op in ops])
        self.batches += 1
        self.batched_ops += len(ops)
        for op, error in zip(ops, failed, strict=True):
            if op.future.done():
                continue
            if error is None:
                op.future.set_result(None)
            else:
                op.future.set_exception(error)

    def _commit_in_thread(self, batch: list[list[Statement]]) -> list[Exception | None]:
        """Commit all ops in one transaction; if that fails, each op on its own. Returns, per
        op, None when committed, or `Conflict` for a taken key, or the error itself."""
        merged: dict[str, list[tuple[Any, ...]]] = {}
        for statements in batch:
            for sql, rows in statements:
                merged.setdefault(sql, []).extend(rows)
        try:
            self._transaction(list(merged.items()))
            return [None] * len(batch)
        except Exception:
            if len(batch) == 1:  # nothing to isolate: fail it once, not twice
                return [_refusal(self._alone(batch[0]))]
        return [_refusal(self._alone(statements)) for statements in batch]

    def _alone(self, statements: list[Statement]) -> Exception | None:
        try:
            self._transaction(statements)
            return None
        except Exception as exc:
            return exc

    def _transaction(self, statements: list[Statement]) -> None:
        db = self._db
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, rows in statements:
                db.executemany(sql, rows)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


def _refusal(error: Exception | None) -> Exception | None:
    if isinstance(error, sqlite3.IntegrityError):
        return Conflict(str(error))
    return error
