"""Keeping SQLite's write-ahead log short: it is copied into the file off the event loop, and
then the next writer starts it over.

A writer starts the log over only when everything in it had been copied when its
transaction began. A PASSIVE checkpoint never holds writers back, so under steady writes
some frames were always written during the copy, and the log grew by about 10 KB a write
and never shrank: 277 MB after 28,000 writes, with each write slower as it grew (measured,
bench/README.md). So passive copies run until little is left, and the last step runs
between two of the writer's batches (`between_batches`), when no write of this process can
come during it: RESTART copies the few frames left, holding other processes' writers back,
and waits for readers to leave the log, so that the next writer starts it over. Run there,
it waits for no lock of ours: SQLite's busy handler would otherwise sleep in steps of
milliseconds on both sides. It waits at most `RESTART_WAIT_MS` for another process's writer
or a reader (the writer's batches wait meanwhile); past that it copies what it can, as
PASSIVE does, and the next checkpoint tries again.

Checkpoints use a connection and a thread of their own, since copying and syncing the file
would stall the loop; the writer's connection never checkpoints (wal_autocheckpoint=0).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from concurrent.futures import ThreadPoolExecutor

from .. import metrics

log = logging.getLogger("plaza.store")

# Writes between two checkpoints: about 10 KB of log a write, so the log stays under ~80 MB.
# Against every 2,000: 5-10% less CPU a write (a page rewritten often is copied once) and
# half as many restarts, each of which holds the writer back a few ms (bench wal).
CHECKPOINT_EVERY = 4000
COPIES = 3  # passive copies before the restart: each copies what came during the one before
RESTART_WAIT_MS = 5  # how long RESTART waits for another process's writer or a reader


class Checkpointer:
    def __init__(self, path: str, every: int = CHECKPOINT_EVERY) -> None:
        self.path = path
        self.every = every
        self.restarts = 0  # RESTARTs that found nothing in the way (the log starts over)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-checkpoint")
        self._db: sqlite3.Connection | None = None
        self._since = 0
        self._copying = False
        self._restart_due = False

    def wrote(self, writes: int) -> None:
        """After each commit: start copying the log once `every` writes have gone into it."""
        self._since += writes
        if self._since >= self.every and not self._copying and not self._restart_due:
            self._since = 0
            self._copying = True
            copying = asyncio.get_running_loop().run_in_executor(self._thread, self._copy)
            copying.add_done_callback(self._copied)

    async def between_batches(self) -> None:
        """Before the writer's next batch: RESTART, if the passive copies are done."""
        if not self._restart_due:
            return
        self._restart_due = False
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._restart)
        except Exception as exc:  # a failed checkpoint loses nothing: the log stays
            log.warning("checkpoint failed: %s", exc)

    async def close(self) -> None:
        if self._db is not None:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._db.close)
        self._thread.shutdown(wait=True)

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute(f"PRAGMA busy_timeout={RESTART_WAIT_MS}")
        return self._db

    def _copy(self) -> None:
        """On the thread: PASSIVE (copies what no reader still needs, waits for no one),
        COPIES times, so that what is left for the restart, which the writer waits for, is
        what came during the last copy: a RESTART took 5.7-6.7 ms after three, 8.7-9.3 after
        two (bench wal, 4,000 writes a checkpoint; most of it the file's fsync)."""
        db = self._connection()
        for _ in range(COPIES):
            db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _copied(self, future: asyncio.Future[None]) -> None:
        self._copying = False
        if future.cancelled():
            return
        if future.exception() is not None:
            log.warning("checkpoint failed: %s", future.exception())
        else:
            self._restart_due = True

    def _restart(self) -> None:
        busy, _frames, _copied = self._connection().execute("PRAGMA wal_checkpoint(RESTART)").fetchone()
        if not busy:
            self.restarts += 1
            metrics.SQLITE_LOG_RESTARTS.inc()
        with contextlib.suppress(OSError):  # no log file: nothing to report
            metrics.SQLITE_LOG_BYTES.set(os.path.getsize(self.path + "-wal"))
