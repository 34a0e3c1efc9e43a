"""Where games are kept: the `Store` contract (base.py) and its implementations."""

from __future__ import annotations

from .base import KEEP_REJECTIONS, Catalogue, Conflict, EventLog, GameRow, Snapshot, Store, now_ms
from .memory import MemoryStore
from .sqlite import SqliteStore


def open_store(url: str) -> Store:
    """The store a `--db` value names: `memory:` for one that keeps nothing, else a SQLite file."""
    if url == "memory:":
        return MemoryStore()
    return SqliteStore(url)


__all__ = ["KEEP_REJECTIONS", "Catalogue", "Conflict", "EventLog", "GameRow", "MemoryStore", "Snapshot",
           "SqliteStore", "Store", "now_ms", "open_store"]
