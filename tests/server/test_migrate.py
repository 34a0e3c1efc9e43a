"""`plaza migrate` and the migrations of both stores: applied once, in order, under a lock."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from server.store import PostgresStore, pg_schema, schema
from server.store.migrate import migrate, migrate_postgres
from tests.server.pg_support import pg_schema_url, pg_url  # noqa: F401  (fixtures)
from tests.support.live import ROOT


def test_sqlite_migrations_apply_once(tmp_path: Path) -> None:
    db = str(tmp_path / "plaza.db")
    assert migrate(db) == list(range(1, len(schema.MIGRATIONS) + 1))
    assert migrate(db) == []


async def test_postgres_migrations_apply_once_even_when_processes_start_together(
        pg_schema_url: str) -> None:  # noqa: F811
    stores = [PostgresStore(pg_schema_url, pool_size=1) for _ in range(4)]
    await asyncio.gather(*(store.open() for store in stores))  # each migrates as it opens
    for store in stores:
        await store.close()
    assert await migrate_postgres(pg_schema_url) == []
    # Every migration recorded once, whichever process applied it.
    store = PostgresStore(pg_schema_url, pool_size=1)
    await store.open()
    rows = await store._all("SELECT version FROM plaza_schema ORDER BY version")
    await store.close()
    assert [r[0] for r in rows] == list(range(1, len(pg_schema.MIGRATIONS) + 1))


def test_plaza_migrate_brings_a_new_file_up_to_date(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    run = [sys.executable, "-c", "from clients.cli import main; main()", "migrate", "--db", str(db)]
    first = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert first.returncode == 0 and "applied migrations" in first.stdout, first.stderr
    again = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "up to date" in again.stdout
