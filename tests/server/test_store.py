"""The SQLite store: append-only, unique seqs and refs, group commit, token hashes only."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from domain.core import GENESIS, seal
from server.store import Conflict, GameRow, Store


def _env(game: str, seq: int, ref: str | None = None) -> object:
    return seal(game, seq, "Played", 1, 0, ref, 1, False, GENESIS, b'{"card":1,"seat":0,"type":"Played"}')


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = Store(str(tmp_path / "plaza.db"))
    await store.open()
    yield store
    await store.close()


async def _game(store: Store, game_id: str = "g") -> None:
    await store.create_game(GameRow(game_id, "tinydraw", b"{}", 2, "active", 1, 0, 1, None, None, None))


async def test_wal_mode_and_appends_read_back_in_order(store: Store) -> None:
    await _game(store)
    await store.append("g", [_env("g", 1), _env("g", 2)])  # type: ignore[list-item]
    assert [e.seq for e in await store.events("g")] == [1, 2]
    assert (await store.game("g")).seq == 2  # type: ignore[union-attr]
    assert store._reader is not None
    mode = await store._reader.execute_fetchall("PRAGMA journal_mode")
    assert next(iter(mode))[0] == "wal"


async def test_a_taken_seq_is_a_conflict_and_writes_nothing(store: Store) -> None:
    await _game(store)
    await store.append("g", [_env("g", 1)])  # type: ignore[list-item]
    with pytest.raises(Conflict):
        await store.append("g", [_env("g", 2), _env("g", 1)], refs=[(0, "r", b"a")])  # type: ignore[list-item]
    assert [e.seq for e in await store.events("g")] == [1]
    assert await store.ref("g", 0, "r") is None


async def test_a_ref_is_unique_per_seat(store: Store) -> None:
    await _game(store)
    await store.record_ref("g", 0, "r", b"first")
    await store.record_ref("g", 1, "r", b"other seat")
    with pytest.raises(Conflict):
        await store.record_ref("g", 0, "r", b"second")
    assert await store.ref("g", 0, "r") == b"first"


async def test_appends_of_many_games_share_transactions(store: Store) -> None:
    games = [f"g{i}" for i in range(50)]
    for game in games:
        await _game(store, game)
    before_batches, before_ops = store.batches, store.batched_ops
    await asyncio.gather(*(store.append(g, [_env(g, 1)]) for g in games))  # type: ignore[list-item]
    batches = store.batches - before_batches
    assert store.batched_ops - before_ops == 50 and batches < 10


async def test_a_conflict_in_a_batch_fails_only_its_own_append(store: Store) -> None:
    for game in ("a", "b"):
        await _game(store, game)
    await store.append("a", [_env("a", 1)])  # type: ignore[list-item]
    results = await asyncio.gather(
        store.append("a", [_env("a", 1)]), store.append("b", [_env("b", 1)]),  # type: ignore[list-item]
        return_exceptions=True)
    assert isinstance(results[0], Conflict) and results[1] is None
    assert [e.seq for e in await store.events("b")] == [1]


async def test_only_token_hashes_are_stored(store: Store, tmp_path: Path) -> None:
    await _game(store)
    await store.add_seat("g", 0, "Ann", "a" * 64)
    assert await store.seat_of("g", "a" * 64) == 0
    assert await store.seat_of("g", "b" * 64) is None


async def test_snapshots_are_kept_and_listed_newest_first(store: Store) -> None:
    await _game(store)
    await store.save_snapshot("g", 10, 9, b"s10")
    await store.save_snapshot("g", 20, 20, b"s20")
    snaps = await store.snapshots("g", 15)
    assert [(s.seq, s.top_seq, s.state) for s in snaps] == [(10, 9, b"s10")]


_OPEN_AT_ONCE = """
import asyncio, sys, time
from server.store import Store
async def main():
    time.sleep(max(0.0, float(sys.argv[2]) - time.time()))
    store = Store(sys.argv[1])
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
