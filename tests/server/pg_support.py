"""A PostgreSQL for the tests: PLAZA_TEST_PG if it answers, else the local server.

Each test gets a schema of its own with a unique name (its URL sets `search_path` to it) and
drops only that schema. Under CI a missing PostgreSQL fails the tests; elsewhere they skip.
Also: server processes on a PostgreSQL URL, and a private cluster a test may stop and start.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

from domain.core import Envelope
from server.store import PostgresStore
from tests.support.live import LiveServer, free_port

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


async def stored(url: str, game: str) -> list[Envelope]:
    """A game's envelopes as the PostgreSQL store holds them."""
    store = PostgresStore(url, pool_size=1)
    await store.open()
    try:
        return await store.events(game)
    finally:
        await store.close()


class PgServer(LiveServer):
    """A server process on a PostgreSQL URL."""

    def __init__(self, workdir: Path, url: str, **kwargs: Any) -> None:
        super().__init__(workdir / "plaza.db", **kwargs)  # the path names the log file only
        self.db = url  # type: ignore[assignment]  # start() passes str(self.db) to --db


class PrivatePostgres:
    """A PostgreSQL cluster of the test's own (initdb into a temporary directory, a free port),
    which the test may stop and start; never the shared server."""

    def __init__(self) -> None:
        self.port = free_port()
        # Not pytest's tmp_path: as root, the cluster runs as `postgres`, which must reach it.
        self.dir = Path(tempfile.mkdtemp(prefix="plaza-pg-"))
        self.data = self.dir / "data"
        self.as_owner: list[str] = []
        if os.geteuid() == 0:  # initdb refuses to run as root
            shutil.chown(self.dir, "postgres")
            self.as_owner = ["runuser", "-u", "postgres", "--"]

    @staticmethod
    def binary(name: str) -> str | None:
        found = shutil.which(name)
        versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
        return found or (str(versions[-1]) if versions else None)

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_owner, *args], check=True, capture_output=True, timeout=120)

    def init(self) -> PrivatePostgres:
        initdb = self.binary("initdb")
        assert initdb is not None
        self._run(initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync")
        return self

    def start(self) -> PrivatePostgres:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(str(self.binary("pg_ctl")), "-D", str(self.data), "-o", options,
                  "-l", str(self.dir / "log"), "-w", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(self.binary("pg_ctl")), "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def private_postgres() -> Iterator[PrivatePostgres]:
    if PrivatePostgres.binary("initdb") is None or PrivatePostgres.binary("pg_ctl") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must provide initdb and pg_ctl (.ci/run installs postgresql)")
        pytest.skip("initdb and pg_ctl are not installed")
    cluster = PrivatePostgres().init().start()
    yield cluster
    cluster.remove()
