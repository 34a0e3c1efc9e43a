"""A PostgreSQL of the benchmark's own: a fresh schema per run, dropped afterwards.

`--db postgresql://…` names a server and a database the benchmark may create schemas in.
Each run gets `plaza_bench_<random>` (the servers' URL sets `search_path` to it, as the
store allows) and drops only that schema; no other schema or database is touched. The CPU
of the local PostgreSQL's processes (backends, WAL writer, checkpointer) counts with the
servers', since every command is committed there.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

SCHEMES = ("postgresql://", "postgres://")


def is_postgres(db: str) -> bool:
    return db.startswith(SCHEMES)


def with_search_path(url: str, schema: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    return urlunsplit(parts._replace(query=urlencode([*query, ("search_path", schema)])))


def _base(url: str) -> str:
    """The URL without search_path (asyncpg passes it on as a server setting)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    return urlunsplit(parts._replace(query=urlencode(query)))


async def _execute(url: str, sql: str) -> None:
    conn = await asyncpg.connect(_base(url), timeout=10)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@contextlib.contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """A URL whose tables land in a new schema of this run's own, dropped on the way out."""
    schema = f"plaza_bench_{secrets.token_hex(6)}"
    asyncio.run(_execute(url, f'CREATE SCHEMA "{schema}"'))
    try:
        yield with_search_path(url, schema)
    finally:
        asyncio.run(_execute(url, f'DROP SCHEMA "{schema}" CASCADE'))


@contextlib.contextmanager
def fresh_db(db: str, workdir: Path) -> Iterator[str]:
    """What a run's servers get as `--db`: a fresh schema on `db` when it is a PostgreSQL
    URL, else a new SQLite file in `workdir`."""
    if is_postgres(db):
        with fresh_schema(db) as url:
            yield url
    else:
        yield str(workdir / "bench.db")


def local_postgres_pids() -> list[int]:
    """Every process of the PostgreSQL on this machine (its comm is `postgres`)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "postgres":
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids
