"""Rebuilding games from their logs: from SQLite through the store, and from memory."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

from bench.pgdb import fresh_schema, is_postgres
from domain.core import Envelope, EventCodec, Timeline, registry
from domain.core.simulate import Simulation
from server.collector import tune_gc
from server.runtime import Settings
from server.store import GameRow, SqliteStore, Store, open_store
from server.timelines import load_timeline

KEEP = Settings().keep_steps  # as the server rebuilds: the last steps kept for undo


def record_games(kind: str, seats: int, options: dict[str, Any], count: int,
                 min_events: int) -> list[list[Envelope]]:
    game = registry.get(kind)
    if game is None:
        raise SystemExit(f"unknown kind {kind!r}")
    logs, total, n = [], 0, 0
    while n < count or total < min_events:
        sim = Simulation(game, seats, options, seed=n, game_id=f"bench-{n}")
        sim.play_randomly(Random(n))
        logs.append(sim.envelopes)
        total += len(sim.envelopes)
        n += 1
    return logs


def fold_rate(kind: str, logs: list[list[Envelope]]) -> float:
    game = registry.get(kind)
    assert game is not None
    codec = EventCodec(game)
    events = sum(len(log) for log in logs)
    started = time.perf_counter()
    for log in logs:
        Timeline(game, codec, keep=KEEP).apply_all(log)
    return events / (time.perf_counter() - started)


async def store_rate(kind: str, logs: list[list[Envelope]], workdir: Path,
                     db: str = "") -> tuple[float, float]:
    """Events/s rebuilt through the store, and read through it alone (no fold)."""
    game = registry.get(kind)
    assert game is not None
    store: Store = open_store(db) if db else SqliteStore(str(workdir / f"rebuild-{kind}.db"))
    await store.open()
    try:
        for log in logs:
            await store.create_game(GameRow(log[0].game_id, kind, b"{}", 4, "finished", 0,
                                            len(log), 0, None, None, None), log)
        codec = EventCodec(game)
        events = sum(len(log) for log in logs)
        rebuilt = 0.0
        for _ in range(2):  # the better of two: the first also maps the file's pages in
            started = time.perf_counter()
            for log in logs:
                await load_timeline(store, codec, log[0].game_id, use_snapshots=False, keep=KEEP)
            rebuilt = max(rebuilt, events / (time.perf_counter() - started))
        started = time.perf_counter()
        for log in logs:
            await store.events(log[0].game_id)
        return rebuilt, events / (time.perf_counter() - started)
    finally:
        await store.close()


def run(kind: str, seats: int, options: dict[str, Any], workdir: Path,
        db: str = "") -> tuple[int, float, tuple[float, float]]:
    """Events, events/s from memory, and events/s through the store (SQLite, or a fresh
    schema on the PostgreSQL `db` names): rebuilt, and read alone."""
    logs = record_games(kind, seats, options, 20, 20_000)
    events = sum(len(log) for log in logs)
    with server_collector():
        folded = max(fold_rate(kind, logs) for _ in range(3))
        if not is_postgres(db):
            return events, folded, asyncio.run(store_rate(kind, logs, workdir))
        with fresh_schema(db) as url:
            return events, folded, asyncio.run(store_rate(kind, logs, workdir, url))


@contextlib.contextmanager
def server_collector() -> Iterator[None]:
    """The collector as the server runs it (server/collector.py): what was alive before,
    the recorded logs included, frozen out of its passes, and its thresholds. Python's
    defaults, with full passes over the recorded logs, cost a quarter of the rebuild
    (villa through SQLite 136,000 -> 166,000 events/s, one busy hour)."""
    thresholds = gc.get_threshold()
    tune_gc(timed=False)
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
