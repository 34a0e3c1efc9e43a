"""`plaza migrate` and the migrations of both stores: applied once, in order, under a lock."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from domain.core import GENESIS, seal
from server.store import GameRow, PostgresStore, SqliteStore, pg_schema, schema
from server.store.migrate import main, migrate, migrate_postgres
from tests.server.pg_support import pg_schema_url, pg_url  # noqa: F401  (fixtures)
from tests.support.live import ROOT


def test_sqlite_migrations_apply_once(tmp_path: Path) -> None:
    db = str(tmp_path / "plaza.db")
    assert migrate(db) == list(range(1, len(schema.MIGRATIONS) + 1))
    assert migrate(db) == []
    with sqlite3.connect(db) as made:  # a file `plaza migrate` makes has the server's page size
        assert made.execute("PRAGMA page_size").fetchone()[0] == schema.PAGE_SIZE


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


async def test_plaza_migrate_repage_rewrites_an_older_file_and_keeps_its_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "old.db")
    old = sqlite3.connect(path)  # as Plaza made files before the page size was set
    old.execute("PRAGMA page_size=4096")
    old.execute("PRAGMA journal_mode=WAL")
    old.executescript(schema.SCHEMA)
    old.close()
    store = SqliteStore(path)
    await store.open()
    await store.create_game(GameRow("g", "tinydraw", b"{}", 2, "active", 1, 0, 1, None, None, None))
    played = [seal("g", seq, "Played", 1, 0, f"r{seq}", 1, False, GENESIS, b'{"type":"Played"}')
              for seq in range(1, 301)]
    await store.append("g", played[:150])
    await store.append("g", played[150:])
    assert main(["--db", path, "--repage"]) == 1  # refused while a server holds the file
    assert "locked" in capsys.readouterr().err
    await store.close()

    assert main(["--db", path, "--repage"]) == 0
    assert "pages of 4096 bytes rewritten as 8192" in capsys.readouterr().out
    made = sqlite3.connect(path)
    assert made.execute("PRAGMA page_size").fetchone()[0] == schema.PAGE_SIZE
    assert made.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    made.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert [e.hash for e in await store.events("g")] == [e.hash for e in played]
        assert (await store.answers("g"))[(0, "r150")] == 150
    finally:
        await store.close()
    assert main(["--db", path, "--repage"]) == 0  # once is enough
    assert "rewritten" not in capsys.readouterr().out


def test_plaza_migrate_repage_through_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    old = sqlite3.connect(db)
    old.execute("PRAGMA page_size=4096")
    old.execute("CREATE TABLE t(x)")  # the page size is fixed from here on
    old.close()
    run = [sys.executable, "-c", "from clients.cli import main; main()", "migrate", "--db", str(db),
           "--repage"]
    done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "pages of 4096 bytes rewritten as 8192" in done.stdout, done.stderr
