"""One bad request never hurts another: it is refused at the edge with a JSON error and a
code, a write that fails fails alone, a fault keeps the connection, and bots play on."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from server.broker import InProcessBroker
from server.games import Runtime
from server.runtime import Settings
from server.store import GameRow, SqliteStore
from server.store.schema import INSERT_GAME
from tests.support.live import LiveServer

from .peers import Peer, auth, error_of, recv

DEEP = 5000
BAD_BODIES: list[tuple[str, str, Any]] = [
    ("POST", "/api/games", {"kind": "tinydraw", "seats": 2, "seed": 2**64}),
    ("POST", "/api/games", {"kind": "tinydraw", "seats": 2, "options": {"rounds": 10**40}}),
    ("POST", "/api/games", {"kind": "tinydraw", "seats": 10**30}),
    ("POST", "/api/games", "{" * 0 + '{"kind": "tinydraw", "seats": 2, "options": {"x":' + "[" * DEEP
     + "]" * DEEP + "}}"),
    ("POST", "/api/games", "not json"),
    ("GET", "/api/games/{game}/events?since=" + str(2**63), None),
    ("GET", "/api/games/{game}/events?since=-1", None),
    ("GET", "/api/games/{game}/events?limit=" + "9" * 5000, None),
    ("GET", "/api/games/{game}/state?at=" + str(2**70), None),
    ("POST", "/api/games/{game}/fork", {"at": 2**64}),
    ("POST", "/api/games/{game}/join", {"name": "Ann", "seat": 2**64}),
    ("GET", "/api/no/such/route", None),
    ("DELETE", "/api/games", None),
]


@pytest.mark.parametrize(("method", "path", "body"), BAD_BODIES,
                         ids=[f"{m} {p[:40]} {str(b)[:30]}" for m, p, b in BAD_BODIES])
def test_every_bad_request_gets_a_json_error_with_a_code(
        server: LiveServer, method: str, path: str, body: Any) -> None:
    peer = Peer(server, "127.0.0.5")
    game = peer.create()["game_id"]
    content = body if isinstance(body, str) else None if body is None else json.dumps(body)
    answer = peer.http.request(method, path.format(game=game), content=content)
    status, code = error_of(answer)
    assert 400 <= status < 500 and code, answer.text
    assert "Traceback" not in answer.text
    peer.close()


def test_a_replay_with_a_rewind_below_zero_is_refused_naming_its_seq(server: LiveServer) -> None:
    from domain.core import GENESIS, seal
    from replays.format import FORMAT, Header, dumps

    envelope = seal("x", 1, "Rewound", 1, 0, "r", 0, False, GENESIS, b'{"to_seq":-5}')
    data = dumps(Header(FORMAT, "tinydraw", {}, 2, ["A", "B"]), [envelope])
    answer = Peer(server, "127.0.0.5").http.post("/api/replays", content=data)
    assert error_of(answer) == (400, "bad_replay")
    assert "seq 1" in answer.json()["error"]["message"]


async def test_hostile_frames_get_errors_and_the_connection_stays(server: LiveServer) -> None:
    peer = Peer(server, "127.0.0.5")
    game = peer.create()["game_id"]
    tokens = peer.join_all(game, 2)
    ws = await peer.connect(game, "x", since=10**30)
    assert (await recv(ws))["code"] == "bad_frame", "an absurd since is refused"
    await ws.send(json.dumps({"op": "hello", "game": game, "token": tokens[0], "since": -1}))
    assert (await recv(ws))["code"] == "bad_frame"
    await ws.send(json.dumps({"op": "hello", "game": game, "token": tokens[0]}))
    await recv(ws, "welcome")
    hostile = ['{"op":"command","ref":"a","command":' + "[" * 1000 + "]" * 1000 + "}",
               json.dumps({"op": "command", "ref": "b", "command": {"type": "Play", "card": 10**40}}),
               json.dumps({"op": "command", "ref": "c", "after": 2**64, "command": {"type": "Draw"}}),
               json.dumps({"op": "command", "ref": "d", "command": {"type": "Play", "card": [[[[]]]] * 3}})]
    for frame in hostile:
        await ws.send(frame)
        answer = await recv(ws)
        assert answer["op"] in ("error", "rejected") and answer["code"] in ("bad_frame", "illegal"), answer
    await ws.send('{"op":"ping"}')
    assert (await recv(ws))["op"] == "pong"
    await ws.close()
    peer.close()


async def test_a_fault_in_a_command_answers_internal_keeps_the_connection_and_is_logged_once(
        server: LiveServer) -> None:
    peer = Peer(server, "127.0.0.5")
    game = peer.create("faultydraw")["game_id"]
    tokens = peer.join_all(game, 2)
    ws = await peer.connect(game, tokens[0])
    seq = (await recv(ws, "welcome"))["seq"]
    for n in range(3):
        await ws.send(json.dumps({"op": "command", "ref": f"draw{n}", "command": {"type": "Draw"}}))
        answer = await recv(ws, "rejected")
        assert answer["code"] == "internal" and answer["ref"] == f"draw{n}"
    await ws.send(json.dumps({"op": "command", "ref": "play", "command": {"type": "EndTurn"}}))
    assert (await recv(ws, "accepted"))["seq"] == seq + 1, "nothing of the faults was applied"
    await ws.close()
    log = server.log.read_text()
    assert log.count("Traceback") == 1 and log.count("RuntimeError again") == 2, log[-3000:]
    peer.close()


async def test_a_write_that_cannot_be_stored_fails_alone_in_its_batch(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "plaza.db"))
    await store.open()
    try:
        def game(n: int, seed: int) -> GameRow:
            return GameRow(f"g{n}", "tinydraw", b"{}", 2, "waiting", seed, 0, 0, None, None, None)
        bad = GameRow("bad", "tinydraw", b"{}", 2, "waiting", 0, 0, 0, None, None, None)
        writes = [store.create_game(game(n, n)) for n in range(10)]
        writes.insert(5, store.writer.write([(INSERT_GAME, [(*bad.values()[:5], 2**70, *bad.values()[6:])])]))
        results = await asyncio.gather(*writes, return_exceptions=True)
        assert isinstance(results[5], OverflowError)
        assert [r for i, r in enumerate(results) if i != 5] == [None] * 10
        assert store.writer.batches < 5, "the writes were batched together"
        assert len(await store.games("waiting")) == 10
    finally:
        await store.close()


async def test_bots_play_on_after_failed_writes(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "plaza.db"))
    await store.open()
    append, failures = store.append, 3

    async def failing_append(game_id: str, *args: Any, **kwargs: Any) -> None:
        nonlocal failures
        if failures > 0:
            failures -= 1
            raise sqlite3.OperationalError("disk I/O error")  # a failure we cannot cause for real
        await append(game_id, *args, **kwargs)

    runtime = Runtime(store, InProcessBroker(), Settings(bot_delay=0.001))
    try:
        await store.create_game(GameRow("g", "tinydraw", b'{"rounds": 1}', 2, "waiting", 3, 0, 0,
                                        None, None, None))
        await store.add_seat("g", 0, "Bot 1", "h0", bot="random")
        await store.add_seat("g", 1, "Bot 2", "h1", status="active", bot="random")
        loaded = await runtime.get("g")
        assert loaded is not None
        await loaded.start()
        store.append = failing_append  # type: ignore[method-assign]
        for _ in range(500):
            if loaded.status == "finished":
                break
            await asyncio.sleep(0.02)
        assert failures == 0 and loaded.status == "finished", (failures, loaded.seq)
    finally:
        await runtime.close()
        await store.close()


async def test_honest_requests_still_work_after_the_bad_ones(server: LiveServer) -> None:
    peer = Peer(server, "127.0.0.6")
    game = peer.create()["game_id"]
    tokens = peer.join_all(game, 2)
    ws = await peer.connect(game, tokens[0])
    await recv(ws, "welcome")
    await ws.send(json.dumps({"op": "command", "ref": "ok", "command": {"type": "Draw"}}))
    assert (await recv(ws, "accepted"))["ref"] == "ok"
    assert peer.http.get(f"/api/games/{game}/state", headers=auth(tokens[0])).status_code == 200
    await ws.close()
    peer.close()
