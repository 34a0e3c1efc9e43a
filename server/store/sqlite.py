"""The embedded store: one SQLite file in WAL mode, written through one group-commit writer
(writer.py), its events read on the event loop's own thread a page at a time and the rest
through aiosqlite. Several processes may share the file."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Sequence
from typing import Any

import aiosqlite
import msgspec

from domain.core import Envelope, EventRow
from domain.core.envelope import NULL
from domain.core.table import TABLE_TYPES

from .base import Answer, GameRow, SeatRow, Snapshot, Status
from .schema import (
    ACCEPTED,
    ACTIVATE,
    EVENT_COLUMNS,
    INSERT_EVENT,
    INSERT_GAME,
    INSERT_REJECTION,
    INSERT_SEAT,
    INSERT_SNAPSHOT,
    MADE_ONCE,
    PRAGMAS,
    PRUNE_REJECTIONS,
    SELECT_GAME,
    UPDATE_STATUS,
    Statement,
)
from .writer import GroupWriter

PAGE_ROWS = 1024  # events read between two turns of the event loop: a millisecond or two


class SqliteBase:
    def __init__(self, path: str, max_batch: int = 512) -> None:
        self.path = path
        self.writer = GroupWriter(path, max_batch)
        self._reader: aiosqlite.Connection | None = None
        self._near: sqlite3.Connection | None = None
        self._paging = 0  # reads of `_near` waiting between two pages

    async def open(self) -> None:
        await self.writer.open()  # first: it creates the file, its schema and WAL mode
        self._reader = await aiosqlite.connect(self.path, isolation_level=None)
        self._near = sqlite3.connect(self.path, isolation_level=None)
        for pragma in PRAGMAS:
            if not pragma.startswith(MADE_ONCE):  # the writer set them, and the file keeps them
                await self._reader.execute(pragma)
                self._near.execute(pragma)
        self._near.execute("PRAGMA busy_timeout=0")  # never wait on the loop's thread

    async def close(self) -> None:
        await self.writer.close()
        if self._reader is not None:
            await self._reader.close()
        if self._near is not None:
            self._near.close()

    async def _all(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        assert self._reader is not None
        return list(await self._reader.execute_fetchall(sql, params))

    async def _pages(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        """All rows of a long read, taken on the event loop's thread PAGE_ROWS at a time.

        Rows from SQLite's cache cost less here than on aiosqlite's thread (reading alone
        19-22% faster pinned to one CPU, about a third unpinned: bench/README.md, "Rebuild"),
        and the thread gives the loop nothing back: building the rows holds the GIL. In WAL
        mode a reader waits on no writer; when SQLite would wait all the same (SQLITE_BUSY:
        another connection's recovery or exclusive lock), the read goes to the thread, which
        may wait without stopping the loop. One cursor holds one read transaction, so the
        pages are one snapshot of the log; while one waits between its pages, another read
        of the connection would see that snapshot too, not what was committed since, so it
        goes to the thread."""
        assert self._near is not None
        if self._paging:
            return await self._all(sql, params)
        try:
            cursor = self._near.execute(sql, params)
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY:
                raise
            return await self._all(sql, params)
        self._paging += 1
        try:  # closed even if the caller is cancelled, ending its read transaction
            rows = page = cursor.fetchmany(PAGE_ROWS)
            while len(page) == PAGE_ROWS:
                await asyncio.sleep(0)
                page = cursor.fetchmany(PAGE_ROWS)
                rows += page
        finally:
            self._paging -= 1
            cursor.close()
        return rows

    async def _count(self, sql: str, params: tuple[Any, ...]) -> int:
        return int((await self._all(sql, params))[0][0] or 0)

    @property
    def batches(self) -> int:
        return self.writer.batches


def event_row(env: Envelope) -> tuple[Any, ...]:
    return (env.game_id, env.seq, env.type, env.v, env.actor, env.ref, env.at,
            int(env.irreversible), env.prev_hash, env.hash, bytes(env.data),
            bytes(env.command) if env.commanded else None)


class SqliteEventLog(SqliteBase):
    @staticmethod
    def append_statements(game_id: str, envelopes: Sequence[Envelope],
                          status: Status | None = None) -> list[Statement]:
        out: list[Statement] = [(INSERT_EVENT, [event_row(env) for env in envelopes])]
        if status is not None:
            out.append((UPDATE_STATUS, [(status[0], status[1], game_id)]))
        return out

    def append(self, game_id: str, envelopes: list[Envelope],
               status: Status | None = None) -> Awaitable[None]:
        return self.writer.write(self.append_statements(game_id, envelopes, status))

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
        return _envelopes(game_id, await self._pages(sql, params))

    async def event_rows(self, game_id: str, after: int = 0, upto: int | None = None) -> list[EventRow]:
        sql = "SELECT seq, type, v, data FROM events WHERE game_id = ? AND seq > ?"
        params: tuple[Any, ...] = (game_id, after)
        if upto is not None:
            sql += " AND seq <= ?"
            params += (upto,)
        return await self._pages(sql + " ORDER BY seq", params)

    async def event(self, game_id: str, seq: int) -> Envelope | None:
        found = await self.events(game_id, after=seq - 1, upto=seq)
        return found[0] if found else None

    async def last_seq(self, game_id: str) -> int:
        return await self._count("SELECT max(seq) FROM events WHERE game_id = ?", (game_id,))

    async def table_events(self, game_id: str) -> list[Envelope]:
        marks = ",".join("?" * len(TABLE_TYPES))
        sql = (f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND type IN ({marks}) "
               "ORDER BY seq")
        return _envelopes(game_id, await self._pages(sql, (game_id, *sorted(TABLE_TYPES))))

    async def rewinds(self, game_id: str, upto: int) -> list[tuple[int, bytes]]:
        return [(seq, bytes(data)) for seq, data in await self._all(
            "SELECT seq, data FROM events WHERE game_id = ? AND type = 'Rewound' AND seq <= ?",
            (game_id, upto))]

    async def snapshots(self, game_id: str, upto: int) -> list[Snapshot]:
        rows = await self._all(
            "SELECT seq, top_seq, state FROM snapshots WHERE game_id = ? AND seq <= ? "
            "ORDER BY seq DESC LIMIT 8", (game_id, upto))
        return [Snapshot(seq, top, bytes(state)) for seq, top, state in rows]

    async def save_snapshot(self, game_id: str, seq: int, top_seq: int, state: bytes) -> None:
        await self.writer.write([(INSERT_SNAPSHOT, [(game_id, seq, top_seq, state)])])

    async def answers(self, game_id: str) -> dict[tuple[int, str], Answer]:
        rows: list[tuple[int, str, Answer]] = await self._all(
            "SELECT seat, ref, answer FROM rejections WHERE game_id = ? ORDER BY n", (game_id,))
        rows += await self._all("SELECT seat, ref, answer FROM refs WHERE game_id = ?", (game_id,))
        rows += await self._pages(ACCEPTED, (game_id,))  # a move's later envelopes overwrite
        return {(seat, ref): answer for seat, ref, answer in rows}

    async def record_rejection(self, game_id: str, seat: int, ref: str, answer: bytes,
                               seq: int) -> None:
        """Remember a refusal under its ref, forgetting the seat's oldest beyond the latest few."""
        await self.writer.write([(INSERT_REJECTION, [(game_id, seat, ref, answer, seq)]),
                                 (PRUNE_REJECTIONS, [(game_id, seat)])])

    async def rejection_count(self, game_id: str) -> int:
        return await self._count("SELECT count(*) FROM rejections WHERE game_id = ?", (game_id,))


class SqliteCatalogue(SqliteBase):
    async def create_game(self, row: GameRow, envelopes: Sequence[Envelope] = (),
                          seats: Sequence[SeatRow] = ()) -> None:
        statements: list[Statement] = [(INSERT_GAME, [row.values()])]
        if envelopes:
            statements.append((INSERT_EVENT, [event_row(env) for env in envelopes]))
        if seats:
            statements.append((INSERT_SEAT, [(row.game_id, s, n, h) for s, n, h in seats]))
        await self.writer.write(statements)

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

    async def add_seat(self, game_id: str, seat: int, name: str, token_hash: str,
                       status: str | None = None, bot: str | None = None) -> None:
        statements: list[Statement] = [(INSERT_SEAT, [(game_id, seat, name, token_hash)])]
        if bot is not None:
            statements.append(("INSERT INTO bots (game_id, seat, level) VALUES (?,?,?)",
                               [(game_id, seat, bot)]))
        if status is not None:
            statements.append(("UPDATE games SET status = ? WHERE game_id = ?", [(status, game_id)]))
        await self.writer.write(statements)

    async def activate(self, game_id: str) -> None:
        await self.writer.write([(ACTIVATE, [(game_id,)])])

    async def seat_names(self, game_id: str) -> dict[int, str]:
        rows = await self._all("SELECT seat, name FROM seats WHERE game_id = ?", (game_id,))
        return {seat: name for seat, name in rows}

    async def seat_of(self, game_id: str, token_hash: str) -> int | None:
        rows = await self._all("SELECT seat FROM seats WHERE game_id = ? AND token_hash = ?",
                               (game_id, token_hash))
        return int(rows[0][0]) if rows else None

    async def bots(self, game_id: str) -> dict[int, str]:
        rows = await self._all("SELECT seat, level FROM bots WHERE game_id = ?", (game_id,))
        return {seat: level for seat, level in rows}

    async def games_with_bots(self, status: str = "active") -> list[str]:
        rows = await self._all(
            "SELECT DISTINCT b.game_id FROM bots b JOIN games g ON g.game_id = b.game_id "
            "WHERE g.status = ?", (status,))
        return [game_id for (game_id,) in rows]

    async def waiting_by(self, creator_addr: str) -> int:
        return await self._count(
            "SELECT count(*) FROM games WHERE creator_addr = ? AND status = 'waiting'", (creator_addr,))


class SqliteStore(SqliteEventLog, SqliteCatalogue):
    """The event log and the catalogue in one SQLite file: a game's creation (a fork's or an
    import's events with it) is one transaction across both."""


def _envelopes(game_id: str, rows: list[tuple[Any, ...]]) -> list[Envelope]:
    """Rows of EVENT_COLUMNS as envelopes, in one comprehension: a rebuild reads thousands,
    and a call per row was a tenth of reading one (bench rebuild)."""
    raw = msgspec.Raw
    return [Envelope(game_id, seq, type_, v, actor, ref, at, irr == 1, prev, digest, raw(data),
                     NULL if command is None else raw(command))
            for seq, type_, v, actor, ref, at, irr, prev, digest, data, command in rows]


def _game_row(row: tuple[Any, ...]) -> GameRow:
    table = None if row[14] is None else bytes(row[14])
    return GameRow(*row[:13], practice=bool(row[13]), table=table)  # type: ignore[misc]
