"""A PostgreSQL for the tests: PLAZA_TEST_PG if it answers, else the local server.

Each test gets a schema of its own with a unique name (its URL sets `search_path` to it) and
drops only that schema. Under CI a missing PostgreSQL fails the tests; elsewhere they skip.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

LOCAL = ("postgresql://postgres@127.0.0.1:5432/test", "postgresql://root@127.0.0.1:5432/test")


async def _answers(url: str) -> bool:
    try:
        conn = await asyncpg.connect(url, timeout=3)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
        return False
    await conn.close()
    return True


def find_postgres() -> str | None:
    candidates = [os.environ.get("PLAZA_TEST_PG") or "", *LOCAL]
    for url in candidates:
        if url and asyncio.run(_answers(url)):
            return url
    return None


def with_search_path(url: str, schema: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    return urlunsplit(parts._replace(query=urlencode([*query, ("search_path", schema)])))


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    url = find_postgres()
    if url is None:
        reason = "no PostgreSQL: PLAZA_TEST_PG does not answer, nor does 127.0.0.1:5432 (.ci/run starts one)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    yield url


@pytest.fixture
async def pg_schema_url(pg_url: str) -> AsyncIterator[str]:
    """A URL whose tables land in a fresh schema of this test's own, dropped afterwards."""
    schema = f"plaza_test_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
    finally:
        await conn.close()
    yield with_search_path(pg_url, schema)
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    finally:
        await conn.close()
