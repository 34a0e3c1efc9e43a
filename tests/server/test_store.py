"""What only the SQLite store shows: WAL mode, group commit, several processes on one file,
migrations of an older file. The contract every store keeps is in test_store_contract.py."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from domain.core import GENESIS, seal
from server import metrics
from server.store import GameRow, SqliteStore
from server.store.schema import PAGE_SIZE


def _env(game: str, seq: int, ref: str | None = None) -> object:
    return seal(game, seq, "Played", 1, 0, ref, 1, False, GENESIS, b'{"card":1,"seat":0,"type":"Played"}')


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(str(tmp_path / "plaza.db"))
    await store.open()
    yield store
    await store.close()


async def _game(store: SqliteStore, game_id: str = "g") -> None:
    await store.create_game(GameRow(game_id, "tinydraw", b"{}", 2, "active", 1, 0, 1, None, None, None))


async def test_wal_mode_and_appends_read_back_in_order(store: SqliteStore) -> None:
    await _game(store)
    await store.append("g", [_env("g", 1), _env("g", 2)])  # type: ignore[list-item]
    assert [e.seq for e in await store.events("g")] == [1, 2]
    assert (await store.game("g")).seq == 2  # type: ignore[union-attr]
    assert store._reader is not None
    mode = await store._reader.execute_fetchall("PRAGMA journal_mode")
    assert next(iter(mode))[0] == "wal"
    page = await store._reader.execute_fetchall("PRAGMA page_size")
    assert next(iter(page))[0] == PAGE_SIZE == 8192  # a new file's (schema.py says why)


async def test_appends_of_many_games_share_transactions(store: SqliteStore) -> None:
    games = [f"g{i}" for i in range(50)]
    for game in games:
        await _game(store, game)
    before_batches, before_ops = store.writer.batches, store.writer.batched_ops
    await asyncio.gather(*(store.append(g, [_env(g, 1)]) for g in games))  # type: ignore[list-item]
    batches = store.writer.batches - before_batches
    assert store.writer.batched_ops - before_ops == 50 and batches < 10


_OPEN_AT_ONCE = """
import asyncio, sys, time
from server.store import SqliteStore
async def main():
    time.sleep(max(0.0, float(sys.argv[2]) - time.time()))
    store = SqliteStore(sys.argv[1])
    await store.open()
    await store.close()
asyncio.run(main())
"""


def test_several_processes_can_create_one_new_file_at_once(tmp_path: Path) -> None:
    # Operators start several processes on one file; the first start creates it. SQLite
    # may refuse the switch to WAL with "locked" without waiting, so the store retries.
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    for round_ in range(3):
        path = tmp_path / f"new-{round_}.db"
        start = time.time() + 1.0
        procs = [subprocess.Popen([sys.executable, "-c", _OPEN_AT_ONCE, str(path), str(start)], cwd=root,
                                  stderr=subprocess.PIPE, text=True) for _ in range(6)]
        errors = [p.communicate(timeout=60)[1] for p in procs]
        assert [p.returncode for p in procs] == [0] * 6, errors


async def test_a_file_made_before_the_migrations_opens_and_keeps_its_games(tmp_path: Path) -> None:
    import sqlite3

    from server.store.schema import MIGRATIONS, SCHEMA

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:  # the first schema, as an older Plaza left it
        old.executescript(SCHEMA)
        old.execute("INSERT INTO games VALUES ('old','tinydraw','{}',2,'waiting',7,0,1,NULL,NULL,NULL)")
    store = SqliteStore(str(path))
    await store.open()
    try:
        game = await store.game("old")
        assert game is not None and game.seed == 7 and game.practice is False and game.creator_hash is None
        await store.record_rejection("old", 0, "r", b"no", 0)
        assert await store.answers("old") == {(0, "r"): b"no"}
        version = await store._all("PRAGMA user_version", ())
        assert version[0][0] == len(MIGRATIONS)
        assert (await store._all("PRAGMA page_size", ()))[0][0] == 4096  # the file keeps its own
    finally:
        await store.close()


async def _ticking(ticks: list[int]) -> None:
    while True:
        ticks[0] += 1
        await asyncio.sleep(0)


async def test_a_long_read_comes_whole_and_in_order_and_lets_the_loop_turn(store: SqliteStore) -> None:
    # Events are read on the loop's own thread, a page at a time: the rest of the server
    # runs between the pages of a rebuild.
    from server.store.sqlite import PAGE_ROWS

    await _game(store)
    count = 2 * PAGE_ROWS + 7
    await store.append("g", [_env("g", seq) for seq in range(1, count + 1)])  # type: ignore[misc]
    ticks = [0]
    ticker = asyncio.create_task(_ticking(ticks))
    await asyncio.sleep(0)
    before = ticks[0]
    events = await store.events("g")
    turns = ticks[0] - before
    ticker.cancel()
    assert [e.seq for e in events] == list(range(1, count + 1))
    assert turns >= 2  # one turn between each two of the three pages
    assert [e.seq for e in await store.events("g", after=PAGE_ROWS - 1, upto=PAGE_ROWS + 1)] == [
        PAGE_ROWS, PAGE_ROWS + 1]


async def test_a_read_that_sqlite_would_make_wait_waits_off_the_loop(tmp_path: Path) -> None:
    # When SQLite would make a reader wait (SQLITE_BUSY: here another connection holds the
    # file exclusively, as during another process's recovery of the WAL), the read goes to
    # aiosqlite's thread: the loop keeps turning, and the read ends when the lock goes.
    import sqlite3

    import aiosqlite

    path = str(tmp_path / "plaza.db")
    store = SqliteStore(path)
    await store.open()
    await _game(store)
    await store.append("g", [_env("g", 1), _env("g", 2)])  # type: ignore[list-item]
    await store.close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")  # possible only while nobody else has the file open
    # The store's two readers, connected as open() connects them, without its writer.
    store._near = sqlite3.connect(path, isolation_level=None)
    store._near.execute("PRAGMA busy_timeout=0")
    store._reader = await aiosqlite.connect(path, isolation_level=None)
    await store._reader.execute("PRAGMA busy_timeout=10000")
    try:
        ticks = [0]
        ticker = asyncio.create_task(_ticking(ticks))
        read = asyncio.create_task(store.events("g"))
        await asyncio.sleep(0.3)
        assert not read.done() and ticks[0] > 10
        holder.close()
        assert [e.seq for e in await asyncio.wait_for(read, 10)] == [1, 2]
        ticker.cancel()
    finally:
        holder.close()
        store._near.close()
        await store._reader.close()


def _file_size(path: str) -> int:
    return Path(path).stat().st_size


async def test_the_log_starts_over_after_a_checkpoint_that_left_frames_behind(store: SqliteStore) -> None:
    """A PASSIVE copy that ends with frames it could not copy (written during it under
    steady writes; here, past a reader's snapshot) leaves the writer adding to the log for
    ever; the step between batches makes the next writer write it over from the start."""
    checkpoints = store.writer.checkpoints
    checkpoints.every = 10**9  # this test takes the steps itself
    await _game(store)
    for seq in range(1, 201):
        await store.append("g", [_env("g", seq)])  # type: ignore[list-item]
    reader = sqlite3.connect(store.path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM events").fetchone()  # a snapshot at write 200
    await store.append("g", [_env("g", 201)])  # type: ignore[list-item]
    await asyncio.get_running_loop().run_in_executor(None, checkpoints._copy)
    reader.close()
    full = _file_size(store.path + "-wal")
    await checkpoints.between_batches()  # nothing due: the copies have not been flagged
    assert checkpoints.restarts == 0
    checkpoints._restart_due = True
    await checkpoints.between_batches()
    for seq in range(202, 402):
        await store.append("g", [_env("g", seq)])  # type: ignore[list-item]
    assert _file_size(store.path + "-wal") < full * 1.2  # written over from the start, not added
    assert checkpoints.restarts == 1
    assert metrics.REGISTRY.get_sample_value("plaza_sqlite_log_bytes") == full  # what an operator sees
    assert [e.seq for e in await store.events("g")] == list(range(1, 402))


async def test_a_reader_in_the_log_delays_the_restart_not_the_writes(store: SqliteStore) -> None:
    """RESTART waits for readers to leave the log; one that stays (another process, a
    backup) must not hold the writer's batches for longer than RESTART_WAIT_MS."""
    checkpoints = store.writer.checkpoints
    checkpoints.every = 10**9
    await _game(store)
    for seq in range(1, 51):
        await store.append("g", [_env("g", seq)])  # type: ignore[list-item]
    reader = sqlite3.connect(store.path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM events").fetchone()
    await store.append("g", [_env("g", 51)])  # type: ignore[list-item]
    checkpoints._restart_due = True
    started = time.perf_counter()
    await checkpoints.between_batches()
    assert time.perf_counter() - started < 0.5 and checkpoints.restarts == 0
    reader.close()
    checkpoints._restart_due = True
    await checkpoints.between_batches()
    assert checkpoints.restarts == 1


async def test_the_log_starts_over_again_and_again_under_steady_writes(store: SqliteStore) -> None:
    """Without the RESTART the file grew ~10 KB a write for ever (bench/README.md)."""
    store.writer.checkpoints.every = 100
    games = [f"g{i}" for i in range(20)]
    for game in games:
        await _game(store, game)
    before = metrics.REGISTRY.get_sample_value("plaza_sqlite_log_restarts_total") or 0.0
    for seq in range(1, 301):  # 6,000 writes, 20 at a time, with no pause between them
        await asyncio.gather(*(store.append(g, [_env(g, seq)]) for g in games))  # type: ignore[list-item]
    assert store.writer.checkpoints.restarts >= 5
    restarts = metrics.REGISTRY.get_sample_value("plaza_sqlite_log_restarts_total") or 0.0
    assert restarts - before >= 5  # what an operator sees
    assert [e.seq for e in await store.events("g7")] == list(range(1, 301))


_WRITE_STEADILY = """
import asyncio, sys
from pathlib import Path
from domain.core import GENESIS, seal
from server.store import GameRow, SqliteStore
from server.store.schema import PAGE_SIZE
async def main():
    store = SqliteStore(sys.argv[1])
    await store.open()
    store.writer.checkpoints.every = 200
    games = [f"{sys.argv[2]}-{i}" for i in range(20)]
    for g in games:
        await store.create_game(GameRow(g, "tinydraw", b"{}", 2, "active", 1, 0, 1, None, None, None))
    for seq in range(1, 401):
        await asyncio.gather(*(store.append(g, [seal(g, seq, "Played", 1, 0, None, 1, False, GENESIS,
                                                      b'{"card":1,"seat":0,"type":"Played"}')])
                               for g in games))
    print(store.writer.checkpoints.restarts, Path(sys.argv[1] + "-wal").stat().st_size)
    await store.close()
asyncio.run(main())
"""


def test_two_processes_writing_steadily_both_restart_the_log(tmp_path: Path) -> None:
    """Each process checkpoints between its own batches while the other writes on: the
    RESTART holds the other's writer back a moment, and the log starts over all the same:
    4-7 MB at the end, against 69-132 MB without the step between batches."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    path = tmp_path / "shared.db"
    procs = [subprocess.Popen([sys.executable, "-c", _WRITE_STEADILY, str(path), name], cwd=root,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for name in ("a", "b")]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err for _, err in outputs]
    restarts, sizes = zip(*(map(int, out.split()) for out, _ in outputs), strict=True)
    assert min(restarts) >= 3 and max(sizes) < 30_000_000, outputs
    import sqlite3

    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM events").fetchone()[0] == 2 * 20 * 400


async def test_a_read_while_a_long_one_waits_between_pages_sees_the_latest_commit(store: SqliteStore) -> None:
    """Events are read on one connection on the loop's thread, and a long read holds its
    read transaction across the loop's turns: another read begun meanwhile on that
    connection would see the log as it was when the long one began (a runtime catching up
    after a lost race would miss the events that beat it)."""
    await store.create_game(GameRow("big", "tinydraw", b"{}", 2, "active", 1, 0, 1, None, None, None),
                            [_env("big", seq) for seq in range(1, 20_001)])  # type: ignore[misc]
    await _game(store, "g")
    await store.append("g", [_env("g", 1)])  # type: ignore[list-item]
    reading = asyncio.create_task(store.events("big"))
    await asyncio.sleep(0)  # the long read takes its first page and waits for the loop
    await store.append("g", [_env("g", 2)])  # type: ignore[list-item]
    assert not reading.done(), "the test needs the long read still between its pages"
    assert [e.seq for e in await store.events("g")] == [1, 2]
    assert len(await reading) == 20_000
