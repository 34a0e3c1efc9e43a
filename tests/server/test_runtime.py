"""The runtime inside one process: loading, letting idle games go, unknown games."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest

from domain.core import memo
from server.broker import InProcessBroker
from server.games import Runtime
from server.runtime import Settings
from server.store import GameRow, SqliteStore


class Viewer:
    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames: list[bytes | str] = []

    def send(self, data: bytes | str) -> None:
        self.frames.append(data)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(str(tmp_path / "plaza.db"))
    await store.open()
    yield store
    await store.close()


async def _started(store: SqliteStore, runtime: Runtime, game_id: str) -> None:
    await store.create_game(GameRow(game_id, "tinydraw", b"{}", 2, "active", 7, 0, 0, None, None, None))
    loaded = await runtime.get(game_id)
    assert loaded is not None
    await loaded.start()


async def test_idle_games_beyond_the_cap_are_let_go_and_reload_the_same(store: SqliteStore) -> None:
    runtime = Runtime(store, InProcessBroker(), Settings(max_loaded=3, idle_seconds=0))
    for n in range(3):
        await _started(store, runtime, f"g{n}")
    watched = await runtime.get("g0")
    assert watched is not None
    viewer = Viewer(None)
    watched.audiences.attach(viewer)
    before = (await runtime.get("g1")).state  # type: ignore[union-attr]
    for n in range(3, 6):
        await _started(store, runtime, f"g{n}")
    assert len(runtime.games) == 3
    busy = Runtime(store, InProcessBroker(), Settings(max_loaded=1))
    for n in range(3):
        await busy.get(f"g{n}")
    assert len(busy.games) == 3, "games used within idle_seconds are kept"
    assert "g0" in runtime.games, "a game with a viewer is kept"
    again = await runtime.get("g1")
    assert again is not None and again.state == before


async def test_the_domains_caches_fit_the_games_held_of_their_kind(
        store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's cached views and legal lists must outlast every other game's command, so the
    caches of a kind grow with its games held and shrink as they go (domain/core/memo.py)."""
    monkeypatch.setattr(memo, "GAMES", 1)  # every game held counts
    views = memo.capacity(10, "domain.tinydraw.view")
    runtime = Runtime(store, InProcessBroker(), Settings(max_loaded=2, idle_seconds=0))
    try:
        await _started(store, runtime, "g0")
        assert views.size == 10
        await _started(store, runtime, "g1")
        assert runtime.in_play == {"tinydraw": 2} and views.size == 20
        await _started(store, runtime, "g2")  # one idle game let go
        assert len(runtime.games) == 2 and runtime.in_play == {"tinydraw": 2} and views.size == 20
    finally:
        memo.fit({})


async def test_unknown_games_leave_nothing_behind(store: SqliteStore) -> None:
    runtime = Runtime(store, InProcessBroker())
    for n in range(50):
        assert await runtime.get(f"nope{n}") is None
    assert runtime.games == {} and runtime._loading == {}


async def test_each_answer_is_counted_under_its_kind_and_answer(store: SqliteStore) -> None:
    from server import metrics

    def counted(answer: str) -> float:
        return metrics.REGISTRY.get_sample_value(
            "plaza_commands_total", {"kind": "tinydraw", "answer": answer}) or 0.0

    runtime = Runtime(store, InProcessBroker())
    await _started(store, runtime, "counted")
    game = await runtime.get("counted")
    assert game is not None
    before = {answer: counted(answer) for answer in ("accepted", "rejected", "undone")}
    seat = game.game.active(game.state)[0]
    await game.command(seat, "r1", None, msgspec.to_builtins(game.game.legal(game.state, seat)[0]))
    await game.command(1 - seat, "r3", None, {"type": "Draw"})  # not this seat's turn
    assert counted("accepted") - before["accepted"] == 1
    assert counted("rejected") - before["rejected"] == 1
    assert counted("undone") == before["undone"]
