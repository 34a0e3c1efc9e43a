"""Unit tests of the client library's frame handling, against a scripted WebSocket peer.

The peer is not a Plaza server: each test scripts exactly which frames it sends, to check
how `GameConnection` decodes them, drops duplicates, reconnects with `since`, keeps refs.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

from clients.client import (
    GameConnection,
    PlazaClient,
    PlazaError,
    SeqTracker,
    ServerUnavailable,
    to_envelope,
    ws_url,
)
from server import protocol as p

Handler = Callable[[ServerConnection], Awaitable[None]]


def env(seq: int, type_: str = "Moved") -> dict[str, Any]:
    return {"game_id": "g1", "seq": seq, "type": type_, "v": 1, "actor": 0, "ref": None,
            "at": 1000 + seq, "irreversible": False, "prev_hash": "0" * 64,
            "hash": f"{seq:064x}", "data": {"type": type_, "n": seq}}


def welcome(seq: int, events: list[dict[str, Any]] | None = None, seat: int | None = 0,
            legal: list[dict[str, Any]] | None = None) -> str:
    return json.dumps({"op": "welcome", "game": "g1", "kind": "tinydraw", "seat": seat,
                       "seq": seq, "events": events or [], "view": {"seq": seq},
                       "legal": legal or [{"type": "EndTurn"}], "active": [0], "outcome": None})


def update(seq: int, events: list[dict[str, Any]]) -> str:
    return json.dumps({"op": "update", "seq": seq, "events": events, "view": {"seq": seq},
                       "legal": [{"type": "EndTurn"}], "active": [0], "outcome": None})


async def hello(ws: ServerConnection) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(await ws.recv())
    assert frame["op"] == "hello"
    return frame


class Peer:
    """A scripted peer: one handler per accepted connection, in order; `http` answers
    plain HTTP requests by path (with their query)."""

    def __init__(self, *handlers: Handler) -> None:
        self.handlers = list(handlers)
        self.connections = 0
        self.server: Server | None = None
        self.http: dict[str, Any] = {}
        self.requests: list[str] = []

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        if not request.path.startswith("/api/"):
            return None
        self.requests.append(request.path)
        body = self.http.get(request.path)
        if body is None:
            return connection.respond(404, json.dumps({"error": {"code": "nope",
                                                                  "message": "Not here."}}))
        return connection.respond(200, json.dumps(body))

    async def handle(self, ws: ServerConnection) -> None:
        handler = self.handlers[min(self.connections, len(self.handlers) - 1)]
        self.connections += 1
        await handler(ws)

    @property
    def url(self) -> str:
        assert self.server is not None
        port = next(iter(self.server.sockets)).getsockname()[1]
        return f"http://127.0.0.1:{port}"


@pytest.fixture
async def peer_factory() -> AsyncIterator[Callable[..., Awaitable[Peer]]]:
    servers: list[Server] = []

    async def start(*handlers: Handler) -> Peer:
        peer = Peer(*handlers)
        peer.server = await serve(peer.handle, "127.0.0.1", 0,
                                  process_request=peer.process_request)
        servers.append(peer.server)
        return peer

    yield start
    for server in servers:
        server.close()
        await server.wait_closed()


def test_ws_url() -> None:
    assert ws_url("http://h:8000") == "ws://h:8000/ws"
    assert ws_url("https://h/") == "wss://h/ws"
    assert ws_url("ws://h:1/ws") == "ws://h:1/ws"


def test_tracker_drops_duplicates_and_sees_gaps() -> None:
    tracker = SeqTracker(2)
    fresh, gap = tracker.admit([to_envelope(env(s)) for s in (1, 2, 4, 3)])
    assert [e.seq for e in fresh] == [3, 4] and not gap and tracker.seq == 4
    fresh, gap = tracker.admit([to_envelope(env(s)) for s in (4, 5, 7)])
    assert [e.seq for e in fresh] == [5] and gap and tracker.seq == 5
    fresh, gap = SeqTracker(None).admit([to_envelope(env(9))])
    assert [e.seq for e in fresh] == [9] and not gap


def test_frames_decode_to_protocol_types() -> None:
    assert isinstance(p.server_decoder.decode(welcome(3)), p.Welcome)
    assert isinstance(p.server_decoder.decode(update(4, [env(4)])), p.Update)
    assert p.server_decoder.decode(b'{"op":"accepted","ref":"a","seq":4}') == p.Accepted("a", 4)


async def test_updates_are_deduplicated(peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    async def script(ws: ServerConnection) -> None:
        assert (await hello(ws))["since"] is None
        await ws.send(welcome(3))
        await ws.send(update(4, [env(4)]))
        await ws.send(update(4, [env(4)]))  # a duplicate
        await ws.send(update(6, [env(4), env(5), env(6)]))  # overlaps
        await ws.wait_closed()

    peer = await peer_factory(script)
    async with GameConnection(peer.url, "g1", token="t") as conn:
        first = await conn.next_update()
        assert first.welcome and first.seq == 3 and first.events == []
        assert conn.seat == 0 and conn.kind == "tinydraw" and conn.legal == [{"type": "EndTurn"}]
        second = await conn.next_update()
        assert [e.seq for e in second.events] == [4]
        third = await conn.next_update()
        assert [e.seq for e in third.events] == [5, 6] and conn.seq == 6
        assert third.events[0].data == {"type": "Moved", "n": 5}
        assert conn.pending_updates() == []


async def test_reconnect_asks_since_and_gets_only_the_missing(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    hellos: list[dict[str, Any]] = []

    async def first(ws: ServerConnection) -> None:
        hellos.append(await hello(ws))
        await ws.send(welcome(2, seat=None))
        await ws.send(update(3, [env(3)]))
        await ws.close()  # the network fails

    async def second(ws: ServerConnection) -> None:
        hellos.append(await hello(ws))
        # a careless server repeating seq 3 must not make the client show it twice
        await ws.send(welcome(5, [env(3), env(4), env(5)], seat=None))
        await ws.wait_closed()

    peer = await peer_factory(first, second)
    async with GameConnection(peer.url, "g1") as conn:
        seen: list[int] = []
        async for upd in conn.updates():
            seen.extend(e.seq for e in upd.events)
            if conn.seq == 5:
                break
        assert seen == [3, 4, 5]
        assert [h["since"] for h in hellos] == [None, 3]
        assert conn.reconnects == 1 and conn.seat is None


async def test_gap_in_updates_resyncs_with_since(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    hellos: list[dict[str, Any]] = []

    async def first(ws: ServerConnection) -> None:
        hellos.append(await hello(ws))
        await ws.send(welcome(1))
        await ws.send(update(3, [env(3)]))  # seq 2 never came
        await ws.wait_closed()

    async def second(ws: ServerConnection) -> None:
        hellos.append(await hello(ws))
        await ws.send(welcome(3, [env(2), env(3)]))
        await ws.wait_closed()

    peer = await peer_factory(first, second)
    async with GameConnection(peer.url, "g1", token="t") as conn:
        assert await conn.wait_for_seq(3, timeout=5)
        updates = [await conn.next_update(), await conn.next_update()]
        assert [[e.seq for e in u.events] for u in updates] == [[], [2, 3]]
        assert hellos[1]["since"] == 1


async def test_command_keeps_its_ref_across_a_reconnect(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    refs: list[str] = []

    async def first(ws: ServerConnection) -> None:
        await hello(ws)
        await ws.send(welcome(1))
        frame = json.loads(await ws.recv())
        assert frame["op"] == "command" and frame["command"] == {"type": "EndTurn"}
        assert frame["after"] == 1
        refs.append(frame["ref"])
        await ws.close()  # lost before the answer

    async def second(ws: ServerConnection) -> None:
        assert (await hello(ws))["since"] == 1
        await ws.send(welcome(1))
        frame = json.loads(await ws.recv())
        refs.append(frame["ref"])
        await ws.send(update(2, [env(2, "TurnEnded")]))
        await ws.send(json.dumps({"op": "accepted", "ref": frame["ref"], "seq": 2}))
        await ws.wait_closed()

    peer = await peer_factory(first, second)
    async with GameConnection(peer.url, "g1", token="t") as conn:
        answer = await conn.command({"type": "EndTurn"}, after=1, timeout=5)
        assert answer == p.Accepted(refs[0], 2)
        assert refs[0] == refs[1] and conn.seq == 2


async def test_refs_are_unique_and_answers_matched(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    async def script(ws: ServerConnection) -> None:
        await hello(ws)
        await ws.send(welcome(1))
        a = json.loads(await ws.recv())
        b = json.loads(await ws.recv())
        u = json.loads(await ws.recv())
        assert u["op"] == "undo"
        assert len({a["ref"], b["ref"], u["ref"]}) == 3
        # answers out of order
        await ws.send(json.dumps({"op": "rejected", "ref": u["ref"], "code": "undo_refused",
                                  "message": "Nothing to undo."}))
        await ws.send(json.dumps({"op": "rejected", "ref": b["ref"], "code": "illegal",
                                  "message": "You hold no 7."}))
        await ws.send(update(2, [env(2)]))
        await ws.send(json.dumps({"op": "accepted", "ref": a["ref"], "seq": 2}))
        assert json.loads(await ws.recv()) == {"op": "ping"}
        await ws.send(json.dumps({"op": "pong"}))
        await ws.wait_closed()

    peer = await peer_factory(script)
    async with GameConnection(peer.url, "g1", token="t") as conn:
        results = await asyncio.gather(
            conn.command({"type": "Play", "card": 3}),
            conn.command({"type": "Play", "card": 7}),
            conn.undo(),
        )
        assert isinstance(results[0], p.Accepted) and results[0].seq == 2
        assert isinstance(results[1], p.Rejected) and results[1].message == "You hold no 7."
        assert isinstance(results[2], p.Rejected) and results[2].code == "undo_refused"
        assert await conn.ping() >= 0


async def test_bad_token_is_a_clear_error(peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    async def script(ws: ServerConnection) -> None:
        await hello(ws)
        await ws.send(json.dumps({"op": "error", "code": "bad_token",
                                  "message": "This token holds no seat of game g1."}))
        await ws.wait_closed()

    peer = await peer_factory(script)
    with pytest.raises(PlazaError) as info:
        await GameConnection(peer.url, "g1", token="forged").open()
    assert info.value.code == "bad_token" and "no seat" in str(info.value)


async def test_no_server_is_a_clear_error() -> None:
    with pytest.raises(ServerUnavailable) as info:
        await GameConnection("http://127.0.0.1:9", "g1").open()
    assert "plaza serve" in str(info.value)
    async with PlazaClient("http://127.0.0.1:9") as plaza:
        with pytest.raises(ServerUnavailable):
            await plaza.kinds()


async def test_lost_for_good_ends_updates(peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    async def script(ws: ServerConnection) -> None:
        await hello(ws)
        await ws.send(welcome(1))
        await ws.close()

    peer = await peer_factory(script)
    conn = GameConnection(peer.url, "g1", reconnect=False)
    await conn.open()
    with pytest.raises(PlazaError):
        async for _ in conn.updates():
            pass
    with pytest.raises(PlazaError):
        await conn.command({"type": "EndTurn"})
    await conn.close()


async def test_a_welcome_lacking_envelopes_is_filled_from_the_store(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    async def first(ws: ServerConnection) -> None:
        await hello(ws)
        await ws.send(welcome(2))
        await ws.send(update(3, [env(3)]))
        await ws.close()

    async def second(ws: ServerConnection) -> None:
        assert (await hello(ws))["since"] == 3
        await ws.send(welcome(6, [env(6)]))  # 4 and 5 are missing
        await ws.wait_closed()

    peer = await peer_factory(first, second)
    peer.http["/api/games/g1/events?since=3"] = {"seq": 6, "events": [env(4), env(5), env(6)]}
    async with GameConnection(peer.url, "g1", token="t") as conn:
        assert await conn.wait_for_seq(6, timeout=5)
        updates = [await conn.next_update() for _ in range(3)]
        assert [[e.seq for e in u.events] for u in updates] == [[], [3], [4, 5, 6]]
        assert peer.requests == ["/api/games/g1/events?since=3"]


async def test_rate_limited_commands_are_sent_again(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    async def script(ws: ServerConnection) -> None:
        await hello(ws)
        await ws.send(welcome(1))
        first = json.loads(await ws.recv())
        await ws.send(json.dumps({"op": "error", "code": "rate_limited", "message": "Slow down."}))
        again = json.loads(await ws.recv())
        assert again == first
        await ws.send(update(2, [env(2)]))
        await ws.send(json.dumps({"op": "accepted", "ref": again["ref"], "seq": 2}))
        await ws.wait_closed()

    peer = await peer_factory(script)
    async with GameConnection(peer.url, "g1", token="t") as conn:
        answer = await conn.command({"type": "EndTurn"}, timeout=5)
        assert isinstance(answer, p.Accepted) and conn.errors[0].code == "rate_limited"


async def test_http_errors_carry_the_servers_code(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    peer = await peer_factory(hello)
    async with PlazaClient(peer.url) as plaza:
        with pytest.raises(PlazaError) as info:
            await plaza.game("g1")
        assert info.value.code == "nope" and info.value.status == 404


async def test_an_unreadable_update_ends_the_connection_clearly(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    async def script(ws: ServerConnection) -> None:
        await hello(ws)
        await ws.send(welcome(1))
        await ws.send(update(2, [{"seq": "two"}]))
        await ws.wait_closed()

    peer = await peer_factory(script)
    async with GameConnection(peer.url, "g1") as conn:
        with pytest.raises(PlazaError) as info:
            async for _ in conn:
                pass
        assert info.value.code == "bad_answer"


async def test_close_while_reconnecting_returns_at_once(
        peer_factory: Callable[..., Awaitable[Peer]]) -> None:
    async def script(ws: ServerConnection) -> None:
        await hello(ws)
        await ws.send(welcome(1))
        await ws.close()

    peer = await peer_factory(script)
    conn = await GameConnection(peer.url, "g1", reconnect_for=None).open()
    assert peer.server is not None
    peer.server.close()  # nothing accepts the reconnect any more
    await asyncio.sleep(0.2)
    assert not conn.connected
    await asyncio.wait_for(conn.close(), 2)
    assert conn.closed


@given(st.lists(st.lists(st.integers(1, 30), max_size=8), max_size=12), st.integers(0, 5))
def test_tracker_admits_each_seq_once_and_in_order(batches: list[list[int]], start: int) -> None:
    tracker = SeqTracker(start)
    admitted: list[int] = []
    for batch in batches:
        fresh, gap = tracker.admit([to_envelope(env(s)) for s in batch])
        admitted.extend(e.seq for e in fresh)
        assert tracker.seq == (admitted[-1] if admitted else start)
        if not gap:
            assert all(s <= tracker.seq for s in batch)
    assert admitted == list(range(start + 1, start + 1 + len(admitted)))
