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
        db.execute(f"PRAGMA page_size={schema.PAGE_SIZE}")  # a new file's; an older one keeps its own
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


def repage_sqlite(path: str) -> int | None:
    """Rewrite a file made with another page size into the server's (schema.PAGE_SIZE); the
    size it had, or None if it had that one already. Every process of the file must be
    stopped (SQLite refuses while one holds it), and the disk needs room for a copy."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        before = int(db.execute("PRAGMA page_size").fetchone()[0])
        if before == schema.PAGE_SIZE:
            return None
        db.execute("PRAGMA journal_mode=DELETE")  # a file in WAL mode keeps its page size
        db.execute(f"PRAGMA page_size={schema.PAGE_SIZE}")
        db.execute("VACUUM")
        db.execute("PRAGMA journal_mode=WAL")
        return before
    finally:
        db.close()


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
    parser.add_argument("--repage", action="store_true",
                        help=f"also rewrite an SQLite file made with another page size into "
                             f"{schema.PAGE_SIZE}-byte pages (every server of the file stopped; "
                             f"needs room for a copy of it)")
    args = parser.parse_args(argv)
    shown = args.db.split("@")[-1]  # never print a password
    try:
        applied = migrate(args.db)
        repaged = repage_sqlite(args.db) if args.repage and is_sqlite(args.db) else None
    except Exception as exc:  # the operator's mistake (no such schema, server down): one line
        print(f"{shown}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"{shown}: applied migrations {applied}" if applied else f"{shown}: up to date")
    if repaged is not None:
        print(f"{shown}: pages of {repaged} bytes rewritten as {schema.PAGE_SIZE}")
    return 0


def is_sqlite(url: str) -> bool:
    return not url.startswith(URL_SCHEMES) and url != "memory:"


if __name__ == "__main__":
    sys.exit(main())
