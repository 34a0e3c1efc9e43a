"""`python -m server.store.migrate --db URL` (`plaza migrate`): bring a store's schema up to date.

The migrations themselves live with each store's statements: SQLite's in schema.py, counted by
PRAGMA user_version; PostgreSQL's in pg_schema.py, counted by the table `plaza_schema`. Both
apply what is missing in one transaction, under a lock, so that processes starting at once
(each store migrates when it opens, too) neither race nor apply a step twice.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys

from . import pg_schema, schema
from .postgres import URL_SCHEMES


def migrate_sqlite(path: str) -> list[int]:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute(schema.PRAGMAS[0])  # wait for another process's lock rather than fail
        before = db.execute("PRAGMA user_version").fetchone()[0]
        db.executescript(schema.SCHEMA)
        schema.migrate(db)
        after = db.execute("PRAGMA user_version").fetchone()[0]
        return list(range(before + 1, after + 1))
    finally:
        db.close()


async def migrate_postgres(url: str) -> list[int]:
    import asyncpg

    conn = await asyncpg.connect(url, timeout=10)
    try:
        return await pg_schema.migrate(conn)
    finally:
        await conn.close()


def migrate(url: str) -> list[int]:
    """The numbers of the migrations applied to the store `url` names (a --db value)."""
    if url.startswith(URL_SCHEMES):
        return asyncio.run(migrate_postgres(url))
    if url == "memory:":
        return []
    return migrate_sqlite(url)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="plaza migrate", description=__doc__)
    parser.add_argument("--db", default=os.environ.get("PLAZA_DB", "plaza.db"),
                        help="SQLite file or postgresql:// URL (PLAZA_DB; default plaza.db)")
    args = parser.parse_args(argv)
    shown = args.db.split("@")[-1]  # never print a password
    try:
        applied = migrate(args.db)
    except Exception as exc:  # the operator's mistake (no such schema, server down): one line
        print(f"{shown}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"{shown}: applied migrations {applied}" if applied else f"{shown}: up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
