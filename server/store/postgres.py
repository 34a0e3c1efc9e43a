"""The store on a PostgreSQL server, for processes on several hosts: read through a pool of
asyncpg connections, written through one group-commit writer per process (pg_writer.py).

`--db postgresql://user@host:5432/dbname` selects it; query parameters that asyncpg does not
know are server settings, so `?search_path=plaza` keeps Plaza's tables in a schema of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg
import msgspec

from domain.core import Envelope, EventRow
from domain.core.envelope import NULL
from domain.core.table import TABLE_TYPES

from .base import Answer, GameRow, SeatRow, Snapshot, Status, acceptances
from .pg_schema import (
    ACTIVATE,
    EVENT_COLUMNS,
    INSERT_ANSWER,
    INSERT_BOT,
    INSERT_EVENT,
    INSERT_GAME,
    INSERT_SEAT,
    INSERT_SNAPSHOT,
    PRUNE_REFUSALS,
    SELECT_GAME,
    UPDATE_STATUS,
    UPDATE_STATUS_ONLY,
    migrate,
)
from .pg_writer import CONNECTION_ERRORS, PgWriter, Statement, unavailable

URL_SCHEMES = ("postgresql://", "postgres://")


class PostgresBase:
    def __init__(self, url: str, pool_size: int = 8, max_batch: int = 512) -> None:
        self.url = url
        self.pool_size = pool_size
        self.max_batch = max_batch
        self._pool: Any = None
        self.writer: PgWriter | None = None

    async def open(self) -> None:
        # A short connect timeout: while the server is down, commands are refused at once
        # rather than after the default minute.
        self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size,
                                               timeout=3, command_timeout=30)
        async with self._pool.acquire() as conn:
            await migrate(conn)
        self.writer = PgWriter(self._pool, self.max_batch)
        self.writer.start()

    async def close(self) -> None:
        if self.writer is not None:
            await self.writer.close()
        if self._pool is not None:
            await self._pool.close()

    async def _write(self, game_id: str, statements: list[Statement]) -> None:
        assert self.writer is not None
        await self.writer.write((game_id,), statements)

    async def _all(self, sql: str, *params: Any) -> list[Any]:
        """Rows of a read, tried once more on a fresh connection if the pooled one was stale."""
        for attempt in range(2):
            try:
                return list(await self._pool.fetch(sql, *params))
            except CONNECTION_ERRORS as exc:
                self._pool.expire_connections()
                if attempt == 1:
                    raise unavailable(exc) from exc
        raise AssertionError("unreachable")

    async def _count(self, sql: str, *params: Any) -> int:
        return int((await self._all(sql, *params))[0][0] or 0)

    @property
    def batches(self) -> int:
        return self.writer.batches if self.writer is not None else 0


def event_row(env: Envelope) -> tuple[Any, ...]:
    return (env.game_id, env.seq, env.type, env.v, env.actor, env.ref, env.at,
            env.irreversible, env.prev_hash, env.hash, bytes(env.data),
            bytes(env.command) if env.commanded else None)


class PostgresEventLog(PostgresBase):
    async def append(self, game_id: str, envelopes: list[Envelope],
                     status: Status | None = None) -> None:
        statements: list[Statement] = [(INSERT_EVENT, [event_row(env) for env in envelopes])]
        accepted = acceptances(envelopes)
        if accepted:
            statements.append((INSERT_ANSWER, [(game_id, seat, ref, None, False, seq)
                                               for (seat, ref), seq in accepted.items()]))
        if status is not None:
            statements.append((UPDATE_STATUS, [(status[0], status[1], game_id)]))
        await self._write(game_id, statements)

    async def events(self, game_id: str, after: int = 0, upto: int | None = None,
                     limit: int | None = None) -> list[Envelope]:
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 AND seq > $2"
        params: list[Any] = [game_id, after]
        if upto is not None:
            params.append(upto)
            sql += f" AND seq <= ${len(params)}"
        sql += " ORDER BY seq"
        if limit is not None:
            params.append(limit)
            sql += f" LIMIT ${len(params)}"
        return [_envelope(game_id, row) for row in await self._all(sql, *params)]

    async def event_rows(self, game_id: str, after: int = 0, upto: int | None = None) -> list[EventRow]:
        sql = "SELECT seq, type, v, data FROM events WHERE game_id = $1 AND seq > $2"
        params: list[Any] = [game_id, after]
        if upto is not None:
            params.append(upto)
            sql += " AND seq <= $3"
        return [(seq, type_, v, bytes(data)) for seq, type_, v, data
                in await self._all(sql + " ORDER BY seq", *params)]

    async def table_events(self, game_id: str) -> list[Envelope]:
        sql = (f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = $1 AND type = ANY($2::text[]) "
               "ORDER BY seq")
        return [_envelope(game_id, row) for row in await self._all(sql, game_id, sorted(TABLE_TYPES))]

    async def event(self, game_id: str, seq: int) -> Envelope | None:
        found = await self.events(game_id, after=seq - 1, upto=seq)
        return found[0] if found else None

    async def last_seq(self, game_id: str) -> int:
        return await self._count("SELECT max(seq) FROM events WHERE game_id = $1", game_id)

    async def rewinds(self, game_id: str, upto: int) -> list[tuple[int, bytes]]:
        return [(seq, bytes(data)) for seq, data in await self._all(
            "SELECT seq, data FROM events WHERE game_id = $1 AND type = 'Rewound' AND seq <= $2 "
            "ORDER BY seq", game_id, upto)]

    async def snapshots(self, game_id: str, upto: int) -> list[Snapshot]:
        rows = await self._all(
            "SELECT seq, top_seq, state FROM snapshots WHERE game_id = $1 AND seq <= $2 "
            "ORDER BY seq DESC LIMIT 8", game_id, upto)
        return [Snapshot(seq, top, bytes(state)) for seq, top, state in rows]

    async def save_snapshot(self, game_id: str, seq: int, top_seq: int, state: bytes) -> None:
        await self._write(game_id, [(INSERT_SNAPSHOT, [(game_id, seq, top_seq, state)])])

    async def answers(self, game_id: str) -> dict[tuple[int, str], Answer]:
        rows = await self._all("SELECT seat, ref, answer, seq FROM answers WHERE game_id = $1 "
                               "ORDER BY refused DESC, n", game_id)
        return {(seat, ref): int(seq) if answer is None else bytes(answer)
                for seat, ref, answer, seq in rows}

    async def record_rejection(self, game_id: str, seat: int, ref: str, answer: bytes,
                               seq: int) -> None:
        """Remember a refusal under its ref, forgetting the seat's oldest beyond the latest few
        (the primary key keeps it from an accepted ref, whatever the seq)."""
        await self._write(game_id, [(INSERT_ANSWER, [(game_id, seat, ref, answer, True, None)]),
                                    (PRUNE_REFUSALS, [(game_id, seat)])])

    async def rejection_count(self, game_id: str) -> int:
        return await self._count("SELECT count(*) FROM answers WHERE game_id = $1 AND refused", game_id)


class PostgresCatalogue(PostgresBase):
    async def create_game(self, row: GameRow, envelopes: Sequence[Envelope] = (),
                          seats: Sequence[SeatRow] = ()) -> None:
        statements: list[Statement] = [(INSERT_GAME, [(
            row.game_id, row.kind, row.options, row.seats, row.status, row.seed, row.created_at,
            row.forked_from, row.forked_at, row.outcome, row.creator_hash, row.creator_addr,
            row.practice, row.table)])]
        if envelopes:
            statements.append((INSERT_EVENT, [event_row(env) for env in envelopes]))
        if seats:
            statements.append((INSERT_SEAT, [(row.game_id, s, n, h) for s, n, h in seats]))
        await self._write(row.game_id, statements)

    async def game(self, game_id: str) -> GameRow | None:
        rows = await self._all(f"{SELECT_GAME} WHERE g.game_id = $1", game_id)
        return _game_row(rows[0]) if rows else None

    async def games(self, status: str | None, limit: int = 200) -> list[GameRow]:
        if status is None:
            rows = await self._all(f"{SELECT_GAME} ORDER BY g.created_at DESC LIMIT $1", limit)
        else:
            rows = await self._all(
                f"{SELECT_GAME} WHERE g.status = $1 ORDER BY g.created_at DESC LIMIT $2", status, limit)
        return [_game_row(row) for row in rows]

    async def add_seat(self, game_id: str, seat: int, name: str, token_hash: str,
                       status: str | None = None, bot: str | None = None) -> None:
        statements: list[Statement] = [(INSERT_SEAT, [(game_id, seat, name, token_hash)])]
        if bot is not None:
            statements.append((INSERT_BOT, [(game_id, seat, bot)]))
        if status is not None:
            statements.append((UPDATE_STATUS_ONLY, [(status, game_id)]))
        await self._write(game_id, statements)

    async def activate(self, game_id: str) -> None:
        await self._write(game_id, [(ACTIVATE, [(game_id,)])])

    async def seat_names(self, game_id: str) -> dict[int, str]:
        rows = await self._all("SELECT seat, name FROM seats WHERE game_id = $1", game_id)
        return {seat: name for seat, name in rows}

    async def seat_of(self, game_id: str, token_hash: str) -> int | None:
        rows = await self._all("SELECT seat FROM seats WHERE game_id = $1 AND token_hash = $2",
                               game_id, token_hash)
        return int(rows[0][0]) if rows else None

    async def bots(self, game_id: str) -> dict[int, str]:
        rows = await self._all("SELECT seat, level FROM bots WHERE game_id = $1", game_id)
        return {seat: level for seat, level in rows}

    async def games_with_bots(self, status: str = "active") -> list[str]:
        rows = await self._all(
            "SELECT DISTINCT b.game_id FROM bots b JOIN games g ON g.game_id = b.game_id "
            "WHERE g.status = $1", status)
        return [game_id for (game_id,) in rows]

    async def waiting_by(self, creator_addr: str) -> int:
        return await self._count(
            "SELECT count(*) FROM games WHERE creator_addr = $1 AND status = 'waiting'", creator_addr)


class PostgresStore(PostgresEventLog, PostgresCatalogue):
    """The event log and the catalogue in one PostgreSQL database (or schema): a game's
    creation (a fork's or an import's events with it) is one transaction across both."""


def _envelope(game_id: str, row: Any) -> Envelope:
    seq, type_, v, actor, ref, at, irr, prev, digest, data, command = row
    return Envelope(game_id, seq, type_, v, actor, ref, at, irr, prev, digest, msgspec.Raw(data),
                    NULL if command is None else msgspec.Raw(command))


def _game_row(row: Any) -> GameRow:
    (game_id, kind, options, seats, status, seed, seq, created_at, forked_from, forked_at, outcome,
     creator_hash, creator_addr, practice, table) = row
    return GameRow(game_id, kind, bytes(options), seats, status, seed, seq, created_at, forked_from,
                   forked_at, None if outcome is None else bytes(outcome), creator_hash, creator_addr,
                   bool(practice), None if table is None else bytes(table))
