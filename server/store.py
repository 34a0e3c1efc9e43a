"""The event store: one SQLite file in WAL mode.

Writes go through one writer task that commits the appends of many games in one
transaction (group commit); every caller's future resolves only after COMMIT, so
no command is acknowledged before its events are durable. `(game_id, seq)` is
the primary key: two writers racing for one seq cannot both win, and the loser
learns it as a `Conflict`.

Reads go through aiosqlite. The writer runs each whole batch in one call on its
own thread: through aiosqlite a batch took five thread hops (BEGIN, three
executemany, COMMIT), each waiting for a turn of a busy event loop.

One write that fails must not fail the others in its batch: when the batch's
transaction fails for any reason, each write is tried again in a transaction of
its own, so only the writes that fail by themselves are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import aiosqlite
import msgspec
from msgspec import Raw

from domain.core import Envelope

SCHEMA = """
CREATE TABLE IF NOT EXISTS games(
    game_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    options BLOB NOT NULL,
    seats INTEGER NOT NULL,
    status TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seq INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    forked_from TEXT,
    forked_at INTEGER,
    outcome BLOB
);
CREATE INDEX IF NOT EXISTS games_status ON games(status, created_at);
CREATE TABLE IF NOT EXISTS seats(
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT UNIQUE,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
-- Seats played by the server's bots: every process that holds the game drives them.
CREATE TABLE IF NOT EXISTS bots(
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events(
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    v INTEGER NOT NULL,
    actor INTEGER,
    ref TEXT,
    at INTEGER NOT NULL,
    irreversible INTEGER NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS refs(
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    ref TEXT NOT NULL,
    answer BLOB NOT NULL,
    PRIMARY KEY (game_id, seat, ref)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots(
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    top_seq INTEGER NOT NULL,
    state BLOB NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""

EVENT_COLUMNS = "seq, type, v, actor, ref, at, irreversible, prev_hash, hash, data"
INSERT_EVENT = "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)"
INSERT_REF = "INSERT INTO refs VALUES (?,?,?,?)"
INSERT_SEAT = "INSERT INTO seats VALUES (?,?,?,?)"
INSERT_GAME = """INSERT INTO games (game_id, kind, options, seats, status, seed, seq, created_at,
    forked_from, forked_at, outcome, creator_hash, creator_addr, practice)
    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)"""
# Refusals are remembered so that a repeated ref gets its first answer, but only the latest
# `KEEP_REJECTIONS` per seat: a client sending stale commands must not grow the store.
KEEP_REJECTIONS = 64
INSERT_REJECTION = "INSERT INTO rejections (game_id, seat, ref, answer) VALUES (?,?,?,?)"
PRUNE_REJECTIONS = f"""DELETE FROM rejections WHERE game_id = ?1 AND seat = ?2 AND n <= (
    SELECT n FROM rejections WHERE game_id = ?1 AND seat = ?2 ORDER BY n DESC
    LIMIT 1 OFFSET {KEEP_REJECTIONS})"""
INSERT_SNAPSHOT = "INSERT OR REPLACE INTO snapshots VALUES (?,?,?,?)"
# A game's seq is its last event's: derived on read, so an append writes no games row.
SELECT_GAME = """SELECT g.game_id, g.kind, g.options, g.seats, g.status, g.seed,
    coalesce((SELECT max(e.seq) FROM events e WHERE e.game_id = g.game_id), 0),
    g.created_at, g.forked_from, g.forked_at, g.outcome, g.creator_hash, g.creator_addr,
    g.practice FROM games g"""
UPDATE_STATUS = "UPDATE games SET status = ?, outcome = ? WHERE game_id = ?"

# Schema changes after the first version, applied in order; PRAGMA user_version counts
# the ones applied. A file made by an older Plaza has version 0 and the first schema.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    ("ALTER TABLE games ADD COLUMN creator_hash TEXT",
     "ALTER TABLE games ADD COLUMN creator_addr TEXT",
     "ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0",
     "CREATE INDEX IF NOT EXISTS games_creator ON games(creator_addr, status)",
     """CREATE TABLE IF NOT EXISTS rejections(
        n INTEGER PRIMARY KEY,
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        ref TEXT NOT NULL,
        answer BLOB NOT NULL,
        UNIQUE (game_id, seat, ref))""",
     # A ref has one answer, whichever table holds it: two processes answering one ref at
     # once (one accepting, one refusing) must not both be recorded.
     """CREATE TRIGGER IF NOT EXISTS one_answer_accepted BEFORE INSERT ON refs
        WHEN EXISTS (SELECT 1 FROM rejections r WHERE r.game_id = NEW.game_id
                     AND r.seat = NEW.seat AND r.ref = NEW.ref)
        BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: the ref was refused'); END""",
     """CREATE TRIGGER IF NOT EXISTS one_answer_refused BEFORE INSERT ON rejections
        WHEN EXISTS (SELECT 1 FROM refs r WHERE r.game_id = NEW.game_id
                     AND r.seat = NEW.seat AND r.ref = NEW.ref)
        BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: the ref was accepted'); END"""),
)

Statement = tuple[str, Sequence[tuple[Any, ...]]]
# busy_timeout first: the pragmas after it may wait for another process's lock.
PRAGMAS = ("PRAGMA busy_timeout=10000", "PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL",
           "PRAGMA mmap_size=268435456", "PRAGMA cache_size=-65536")
SETUP_ATTEMPTS = 100


class Conflict(Exception):
    """A write lost a race: the seq, ref or seat it wanted is taken."""


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

    def values(self) -> tuple[Any, ...]:
        return (self.game_id, self.kind, self.options, self.seats, self.status, self.seed,
                self.seq, self.created_at, self.forked_from, self.forked_at, self.outcome,
                self.creator_hash, self.creator_addr, int(self.practice))


@dataclass(frozen=True, slots=True)
class Snapshot:
    seq: int
    top_seq: int
    state: bytes


@dataclass
class _Op:
    statements: list[Statement]
    future: asyncio.Future[None] = field(repr=False)


def event_row(env: Envelope) -> tuple[Any, ...]:
    return (env.game_id, env.seq, env.type, env.v, env.actor, env.ref, env.at,
            int(env.irreversible), env.prev_hash, env.hash, bytes(env.data))


def _envelope(row: sqlite3.Row | tuple[Any, ...]) -> Envelope:
    return Envelope(row[0], row[1], row[2], row[3], row[4], row[5], row[6], bool(row[7]),
                    row[8], row[9], msgspec.Raw(row[10]))


def now_ms() -> int:
    return time.time_ns() // 1_000_000


class Store:
    def __init__(self, path: str, max_batch: int = 512) -> None:
        self.path = path
        self.max_batch = max_batch
        self._writer: sqlite3.Connection | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        self._reader: aiosqlite.Connection | None = None
        self._queue: asyncio.Queue[_Op] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        self.batched_ops = 0

    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        self._writer = await loop.run_in_executor(self._thread, self._connect_writer)
        self._reader = await aiosqlite.connect(self.path, isolation_level=None)
        for pragma in PRAGMAS:
            if "journal_mode" not in pragma:  # the writer set it, and WAL is kept in the file
                await self._reader.execute(pragma)
        self._task = asyncio.create_task(self._write_loop(), name="store-writer")

    def _connect_writer(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        # Several processes may open a new file at once. Switching it to WAL and creating
        # the schema can fail with "locked" at once, without the busy handler (SQLite
        # does so to avoid deadlocks), so the setup is retried rather than trusted to it.
        for attempt in range(SETUP_ATTEMPTS):
            try:
                for pragma in PRAGMAS:
                    db.execute(pragma)
                db.executescript(SCHEMA)
                _migrate(db)
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
        if self._reader is not None:
            await self._reader.close()
        if self._writer is not None:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._writer.close)
        self._thread.shutdown(wait=True)

    # -- writing ------------------------------------------------------------------

    async def write(self, statements: list[Statement]) -> None:
        """Commit these statements atomically, batched with other callers' writes.

        Raises `Conflict` when a unique key is taken; then nothing of them is written.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Op(statements, future))
        await future

    async def _write_loop(self) -> None:
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
        """Commit all ops in one transaction; if that fails, each op on its own.

        The statements of a batch are merged by SQL text, so one executemany inserts the
        events of every game in the batch; rows keep their order, so a game's events
        stay in seq order. Returns, per op, None when committed or why it was refused:
        `Conflict` for a taken key, else the error itself (a value SQLite cannot hold).
        """
        merged: dict[str, list[tuple[Any, ...]]] = {}
        for statements in batch:
            for sql, rows in statements:
                merged.setdefault(sql, []).extend(rows)
        try:
            self._transaction(list(merged.items()))
            return [None] * len(batch)
        except Exception:
            if len(batch) == 1:  # nothing to isolate: fail it once, not twice
                return [_refusal(self._retry_alone(batch[0]))]
        return [_refusal(self._retry_alone(statements)) for statements in batch]

    def _retry_alone(self, statements: list[Statement]) -> Exception | None:
        try:
            self._transaction(statements)
            return None
        except Exception as exc:
            return exc

    def _transaction(self, statements: Sequence[Statement]) -> None:
        db = self._writer
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, rows in statements:
                db.executemany(sql, rows)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


    # -- statements ----------------------------------------------------------------

    @staticmethod
    def append_statements(game_id: str, envelopes: list[Envelope],
                          refs: Sequence[tuple[int, str, bytes]] = (),
                          status: tuple[str, bytes | None] | None = None) -> list[Statement]:
        out: list[Statement] = [(INSERT_EVENT, [event_row(env) for env in envelopes])]
        if refs:
            out.append((INSERT_REF, [(game_id, seat, ref, answer) for seat, ref, answer in refs]))
        if status is not None:
            out.append((UPDATE_STATUS, [(status[0], status[1], game_id)]))
        return out

    async def append(self, game_id: str, envelopes: list[Envelope],
                     refs: Sequence[tuple[int, str, bytes]] = (),
                     status: tuple[str, bytes | None] | None = None) -> None:
        await self.write(self.append_statements(game_id, envelopes, refs, status))

    async def create_game(self, row: GameRow, envelopes: Sequence[Envelope] = (),
                          seats: Sequence[tuple[int, str, str | None]] = ()) -> None:
        statements: list[Statement] = [(INSERT_GAME, [row.values()])]
        if envelopes:
            statements.append((INSERT_EVENT, [event_row(env) for env in envelopes]))
        if seats:
            statements.append((INSERT_SEAT, [(row.game_id, s, n, h) for s, n, h in seats]))
        await self.write(statements)

    async def add_seat(self, game_id: str, seat: int, name: str, token_hash: str,
                       status: str | None = None, bot: bool = False) -> None:
        statements: list[Statement] = [(INSERT_SEAT, [(game_id, seat, name, token_hash)])]
        if bot:
            statements.append(("INSERT INTO bots VALUES (?,?)", [(game_id, seat)]))
        if status is not None:
            statements.append(("UPDATE games SET status = ? WHERE game_id = ?", [(status, game_id)]))
        await self.write(statements)

    async def record_ref(self, game_id: str, seat: int, ref: str, answer: bytes) -> None:
        await self.write([(INSERT_REF, [(game_id, seat, ref, answer)])])

    async def record_rejection(self, game_id: str, seat: int, ref: str, answer: bytes) -> None:
        """Remember a refusal under its ref, forgetting the seat's oldest beyond the latest few."""
        await self.write([(INSERT_REJECTION, [(game_id, seat, ref, answer)]),
                          (PRUNE_REJECTIONS, [(game_id, seat)])])

    async def save_snapshot(self, game_id: str, seq: int, top_seq: int, state: bytes) -> None:
        await self.write([(INSERT_SNAPSHOT, [(game_id, seq, top_seq, state)])])

    # -- reading -------------------------------------------------------------------

    async def _all(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        assert self._reader is not None
        return list(await self._reader.execute_fetchall(sql, params))

    async def game(self, game_id: str) -> GameRow | None:
        rows = await self._all(f"{SELECT_GAME} WHERE g.game_id = ?", (game_id,))
        return _game_row(rows[0]) if rows else None

    async def games(self, status: str | None, limit: int = 200) -> list[GameRow]:
        if status is None:
            rows = await self._all(f"{SELECT_GAME} ORDER BY g.created_at DESC LIMIT ?", (limit,))
        else:
            rows = await self._all(
                f"{SELECT_GAME} WHERE g.status = ? ORDER BY g.created_at DESC LIMIT ?", (status, limit))
        return [_game_row(row) for row in rows]

    async def seat_names(self, game_id: str) -> dict[int, str]:
        rows = await self._all("SELECT seat, name FROM seats WHERE game_id = ?", (game_id,))
        return {seat: name for seat, name in rows}

    async def bots(self, game_id: str) -> frozenset[int]:
        rows = await self._all("SELECT seat FROM bots WHERE game_id = ?", (game_id,))
        return frozenset(seat for (seat,) in rows)

    async def games_with_bots(self, status: str = "active") -> list[str]:
        rows = await self._all(
            "SELECT DISTINCT b.game_id FROM bots b JOIN games g ON g.game_id = b.game_id "
            "WHERE g.status = ?", (status,))
        return [game_id for (game_id,) in rows]

    async def seat_of(self, game_id: str, token_hash: str) -> int | None:
        rows = await self._all("SELECT seat FROM seats WHERE game_id = ? AND token_hash = ?",
                               (game_id, token_hash))
        return int(rows[0][0]) if rows else None

    async def events(self, game_id: str, after: int = 0, upto: int | None = None,
                     limit: int | None = None) -> list[Envelope]:
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ?"
        params: tuple[Any, ...] = (game_id, after)
        if upto is not None:
            sql += " AND seq <= ?"
            params += (upto,)
        sql += " ORDER BY seq"
        if limit is not None:
            sql += " LIMIT ?"
            params += (limit,)
        rows = await self._all(sql, params)
        return [Envelope(game_id, seq, type_, v, actor, ref, at, bool(irr), prev, digest, Raw(data))
                for seq, type_, v, actor, ref, at, irr, prev, digest, data in rows]

    async def event(self, game_id: str, seq: int) -> Envelope | None:
        rows = await self._all("SELECT * FROM events WHERE game_id = ? AND seq = ?", (game_id, seq))
        return _envelope(rows[0]) if rows else None

    async def last_seq(self, game_id: str) -> int:
        rows = await self._all("SELECT max(seq) FROM events WHERE game_id = ?", (game_id,))
        return int(rows[0][0] or 0)

    async def rewinds(self, game_id: str, upto: int) -> list[tuple[int, bytes]]:
        return [(seq, bytes(data)) for seq, data in await self._all(
            "SELECT seq, data FROM events WHERE game_id = ? AND type = 'Rewound' AND seq <= ?",
            (game_id, upto))]

    async def snapshots(self, game_id: str, upto: int) -> list[Snapshot]:
        rows = await self._all(
            "SELECT seq, top_seq, state FROM snapshots WHERE game_id = ? AND seq <= ? "
            "ORDER BY seq DESC LIMIT 8", (game_id, upto))
        return [Snapshot(seq, top, bytes(state)) for seq, top, state in rows]

    async def refs(self, game_id: str) -> dict[tuple[int, str], bytes]:
        """Every remembered answer of this game, refusals first and oldest first."""
        rows = await self._all(
            "SELECT seat, ref, answer FROM rejections WHERE game_id = ? ORDER BY n", (game_id,))
        rows += await self._all("SELECT seat, ref, answer FROM refs WHERE game_id = ?", (game_id,))
        return {(seat, ref): bytes(answer) for seat, ref, answer in rows}

    async def ref(self, game_id: str, seat: int, ref: str) -> bytes | None:
        for table in ("refs", "rejections"):
            rows = await self._all(
                f"SELECT answer FROM {table} WHERE game_id = ? AND seat = ? AND ref = ?",
                (game_id, seat, ref))
            if rows:
                return bytes(rows[0][0])
        return None

    async def rejection_count(self, game_id: str) -> int:
        rows = await self._all("SELECT count(*) FROM rejections WHERE game_id = ?", (game_id,))
        return int(rows[0][0])

    async def waiting_by(self, creator_addr: str) -> int:
        """How many games created from this address still wait for players."""
        rows = await self._all("SELECT count(*) FROM games WHERE creator_addr = ? AND status = 'waiting'",
                               (creator_addr,))
        return int(rows[0][0])


def _game_row(row: tuple[Any, ...]) -> GameRow:
    return GameRow(*row[:13], practice=bool(row[13]))  # type: ignore[misc]


def _refusal(error: Exception | None) -> Exception | None:
    if isinstance(error, sqlite3.IntegrityError):
        return Conflict(str(error))
    return error


def _migrate(db: sqlite3.Connection) -> None:
    """Apply the migrations this file lacks, in one transaction (another process may race)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
            for sql in statements:
                db.execute(sql)
            db.execute(f"PRAGMA user_version = {number}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
