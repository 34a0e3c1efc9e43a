"""Where games are kept: the `Store` contract (base.py) and its implementations."""

from __future__ import annotations

import os

from .base import (
    KEEP_REJECTIONS,
    Catalogue,
    Conflict,
    EventLog,
    GameRow,
    Snapshot,
    Store,
    Unavailable,
    now_ms,
)
from .memory import MemoryStore
from .postgres import URL_SCHEMES, PostgresStore
from .sqlite import SqliteStore


def open_store(url: str) -> Store:
    """The store a `--db` value names: `memory:` for one that keeps nothing, a
    `postgresql://` URL for a PostgreSQL database (PLAZA_PG_POOL connections per process,
    default 8), else a SQLite file."""
    if url == "memory:":
        return MemoryStore()
    if url.startswith(URL_SCHEMES):
        return PostgresStore(url, pool_size=int(os.environ.get("PLAZA_PG_POOL") or 8))
    return SqliteStore(url)


__all__ = ["KEEP_REJECTIONS", "Catalogue", "Conflict", "EventLog", "GameRow", "MemoryStore",
           "PostgresStore", "Snapshot", "SqliteStore", "Store", "Unavailable", "now_ms", "open_store"]
