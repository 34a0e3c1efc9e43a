"""Group commit for SQLite: one writer commits the writes of many games together.

Every caller's future resolves only after COMMIT, so no command is acknowledged before its
events are durable. A batch is committed on the event loop itself when the file's write lock
is free at once: a hand-over to a thread and back cost more than the commit (about a fifth of
the server's CPU for the test game under load, mostly waking threads). When another process
holds the lock, the batch goes to the writer's own thread, which waits for it without
stopping the loop. Checkpoints (copying the WAL into the file, with an fsync) would stall the
loop if a commit ran them, so the writer's connection never does: checkpoints.py does them on
a connection and thread of its own, and restarts the log between two batches.

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
import logging
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .base import Conflict
from .batches import answer, next_batch
from .checkpoints import Checkpointer
from .schema import PRAGMAS, SCHEMA, SETUP_ATTEMPTS, Statement, migrate

log = logging.getLogger("plaza.store")


BUSY_WAIT_MS = 10_000  # how long the writer's thread waits for another process's lock


class _Locked(Exception):
    """Another connection holds the write lock: commit on the thread, which may wait."""


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
        self.checkpoints = Checkpointer(path)
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
                db.execute("PRAGMA wal_autocheckpoint=0")  # see the module's docstring
                db.execute("PRAGMA busy_timeout=0")  # a held lock sends the batch to the thread
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
        loop = asyncio.get_running_loop()
        if self._db is not None:
            await loop.run_in_executor(self._thread, self._db.close)
        await self.checkpoints.close()
        self._thread.shutdown(wait=True)

    def write(self, statements: list[Statement]) -> asyncio.Future[None]:
        """Commit these statements atomically, batched with other callers' writes: the
        future is done once they are (a future, not a coroutine around it: one a command).

        It raises `Conflict` when a unique key is taken, or the error that refused this write
        alone (a value SQLite cannot hold); then nothing of it is written.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Op(statements, future))
        return future

    async def _loop(self) -> None:
        while True:
            await self.checkpoints.between_batches()
            ops = await next_batch(self._queue, self.max_batch)
            try:
                await self._commit_batch(ops)
            except Exception as exc:  # a broken disk: tell every waiter, keep serving
                for op in ops:
                    if not op.future.done():
                        op.future.set_exception(exc)

    async def _commit_batch(self, ops: list[_Op]) -> None:
        batch = [op.statements for op in ops]
        try:
            failed = self._commit_now(batch)
        except _Locked:
            failed = await asyncio.get_running_loop().run_in_executor(self._thread, self._waiting, batch)
        self.checkpoints.wrote(len(ops))
        self.batches += 1
        self.batched_ops += len(ops)
        answer(ops, failed)

    def _waiting(self, batch: list[list[Statement]]) -> list[Exception | None]:
        """On the writer's thread: the batch, waiting for another process's lock."""
        db = self._db
        assert db is not None
        db.execute(f"PRAGMA busy_timeout={BUSY_WAIT_MS}")
        try:
            return self._commit_now(batch)
        except _Locked as locked:
            return [sqlite3.OperationalError(str(locked))] * len(batch)
        finally:
            db.execute("PRAGMA busy_timeout=0")

    def _commit_now(self, batch: list[list[Statement]]) -> list[Exception | None]:
        """Commit all ops in one transaction; if that fails, each op on its own. Returns, per
        op, None when committed, or `Conflict` for a taken key, or the error itself; raises
        `_Locked` when the write lock is held elsewhere (nothing was tried)."""
        merged: dict[str, list[tuple[Any, ...]]] = {}
        for statements in batch:
            for sql, rows in statements:
                merged.setdefault(sql, []).extend(rows)
        try:
            self._transaction(list(merged.items()))
            return [None] * len(batch)
        except _Locked:
            raise
        except Exception:
            if len(batch) == 1:  # nothing to isolate: fail it once, not twice
                return [_refusal(self._alone(batch[0]))]
        return [_refusal(self._alone(statements)) for statements in batch]

    def _alone(self, statements: list[Statement]) -> Exception | None:
        try:
            self._transaction(statements)
            return None
        except _Locked:
            raise
        except Exception as exc:
            return exc

    def _transaction(self, statements: list[Statement]) -> None:
        db = self._db
        assert db is not None
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise _Locked(str(exc)) from None
            raise
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
