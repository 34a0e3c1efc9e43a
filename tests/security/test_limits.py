"""The server's limits hold against one client that pushes each of them."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import sqlite3
import time
from pathlib import Path
from random import Random
from typing import Any

import httpx
import pytest
import websockets

from tests.support.live import LiveServer

from .conftest import guarded_server
from .peers import Peer, auth, error_of, recv


def rss_mib(server: LiveServer) -> float:
    assert server.proc is not None
    for line in Path(f"/proc/{server.proc.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


async def test_huge_frames_are_refused_by_the_transport_without_growing_memory(server: LiveServer) -> None:
    peer = Peer(server, "127.0.0.7")
    game = peer.create()["game_id"]
    before = rss_mib(server)
    huge = '{"op":"ping","pad":"' + "x" * (15 << 20) + '"}'

    async def push() -> int | None:
        ws = await peer.connect(game)
        await recv(ws, "welcome")
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(huge)
            await ws.recv()
        await ws.wait_closed()
        return ws.close_code

    codes = await asyncio.gather(*(push() for _ in range(40)))
    assert set(codes) == {1009}, codes
    assert rss_mib(server) - before < 150, (before, rss_mib(server))
    peer.close()


async def test_a_connection_that_never_says_hello_is_closed(server: LiveServer) -> None:
    async with websockets.connect(server.ws_url) as ws:
        error = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert error["code"] == "no_hello"
        await asyncio.wait_for(ws.wait_closed(), 5)
        assert ws.close_code == 1008


def test_a_client_too_slow_with_its_headers_or_body_is_cut_off(server: LiveServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as slow:
        slow.sendall(b"GET /api/kinds HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        started = time.monotonic()
        assert slow.recv(100) == b"", "the server closed the connection"
        assert time.monotonic() - started < 4
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as slow:
        slow.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"kind\":")
        answer = slow.recv(1000)
        assert answer.startswith(b"HTTP/1.1 408"), answer


def test_one_address_cannot_push_honest_games_off_the_lobby(server: LiveServer) -> None:
    honest, flooder = Peer(server, "127.0.0.8"), Peer(server, "127.0.0.9")
    mine = honest.create()["game_id"]
    codes = [flooder.http.post("/api/games", json={"kind": "tinydraw", "seats": 2}).status_code
             for _ in range(200)]
    assert codes.count(201) <= 25 and codes.count(429) >= 175, codes
    limited = flooder.http.post("/api/games", json={"kind": "tinydraw", "seats": 2})
    assert error_of(limited)[0] == 429 and "retry-after" in limited.headers
    lobby = [g["game_id"] for g in honest.http.get("/api/games", params={"status": "waiting"}).json()]
    assert mine in lobby
    assert honest.create()["game_id"], "another address still creates games"
    honest.close()
    flooder.close()


def test_one_address_keeps_only_so_many_games_waiting(tmp_path: Path) -> None:
    live = guarded_server(tmp_path / "plaza.db", PLAZA_CREATE_RATE="1000",
                          PLAZA_WAITING_PER_ADDRESS="5").start()
    try:
        peer = Peer(live, "127.0.0.10")
        codes = [peer.http.post("/api/games", json={"kind": "tinydraw", "seats": 2}).status_code
                 for _ in range(8)]
        assert codes == [201] * 5 + [429] * 3
        assert error_of(peer.http.post("/api/games", json={"kind": "tinydraw", "seats": 2})) == (
            429, "too_many_games")
        peer.close()
    finally:
        live.stop()


def test_reading_many_games_holds_no_more_than_max_loaded(tmp_path: Path) -> None:
    live = guarded_server(tmp_path / "plaza.db", PLAZA_CREATE_RATE="1000",
                          PLAZA_WAITING_PER_ADDRESS="1000", PLAZA_MAX_LOADED="5").start()
    try:
        peer = Peer(live, "127.0.0.11")
        games = [peer.create(options={"rounds": 1})["game_id"] for _ in range(30)]
        for game in games:
            for path in ("state", "events", "replay"):
                assert peer.http.get(f"/api/games/{game}/{path}").status_code == 200
        assert peer.http.get("/healthz").json()["games_loaded"] <= 5
        peer.close()
    finally:
        live.stop()


async def test_refused_commands_do_not_grow_the_store(server: LiveServer) -> None:
    peer = Peer(server, "127.0.0.12")
    game = peer.create()["game_id"]
    tokens = peer.join_all(game, 2)
    ws = await peer.connect(game, tokens[1])  # not its turn: everything it sends is refused
    await recv(ws, "welcome")
    for n in range(300):
        after = {"after": 0} if n % 2 else {}
        await ws.send(json.dumps({"op": "command", "ref": f"r{n}", **after, "command": {"type": "Draw"}}))
        answer = await recv(ws, "rejected")
        assert answer["code"] == ("stale" if n % 2 else "not_your_turn")
        if n % 25 == 24:
            await asyncio.sleep(0.3)  # stay under the frame rate limit
    again = json.dumps({"op": "command", "ref": "r298", "command": {"type": "EndTurn"}})
    await ws.send(again)
    assert (await recv(ws, "rejected"))["code"] == "not_your_turn", "a recent ref keeps its answer"
    await ws.close()
    with sqlite3.connect(server.db) as db:
        rows = db.execute("SELECT count(*) FROM rejections WHERE game_id = ?", (game,)).fetchone()[0]
    assert rows <= 64
    peer.close()


@pytest.mark.parametrize("header", [
    {"seats": 100_000, "names": []},
    {"seats": 2, "names": ["x" * 100_000, "B"]},
    {"seats": 2, "names": ["A", "B"], "game_id": "g" * 1000},
    {"seats": 2, "names": ["A", "B", "C"]},
    {"seats": 2, "names": ["A", "B"], "seed": 2**70},
    {"seats": 2, "names": ["A", "B"], "options": {"rounds": 10**40}},
], ids=["seats", "name", "game_id", "names", "seed", "options"])
def test_an_absurd_replay_header_is_refused(server: LiveServer, header: dict[str, object]) -> None:
    line = json.dumps({"format": "plaza-replay/1", "kind": "tinydraw", "options": {}, **header})
    answer = Peer(server, "127.0.0.13").http.post("/api/replays", content=line.encode() + b"\n")
    status, code = error_of(answer)
    assert status == 400 and code in ("bad_replay", "bad_options"), answer.text


def test_a_huge_replay_import_is_refused_and_never_stalls_the_server(server: LiveServer) -> None:
    peer = Peer(server, "127.0.0.14")
    too_big = peer.http.post("/api/replays", content=b"x" * (17 << 20))
    assert error_of(too_big) == (413, "too_large")
    header = json.dumps({"format": "plaza-replay/1", "kind": "tinydraw", "options": {}, "seats": 2,
                         "names": ["A", "B"]})
    line = json.dumps({"game_id": "x", "seq": 1, "type": "Started", "v": 1, "actor": None, "ref": None,
                       "at": 0, "irreversible": False, "prev_hash": "0" * 64, "hash": "0" * 64,
                       "data": {"type": "Started", "seats": 2, "rounds": 3, "pad": "y" * 200}})
    big = (header + "\n" + (line + "\n") * 30_000).encode()  # about 13 MiB to parse
    assert len(big) < 16 << 20

    async def import_while_polling() -> float:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
            task = asyncio.create_task(client.post("/api/replays", content=big))
            slowest = 0.0
            while not task.done():
                started = time.monotonic()
                assert (await client.get("/healthz")).status_code == 200
                slowest = max(slowest, time.monotonic() - started)
                await asyncio.sleep(0.01)
            assert error_of(task.result())[0] == 400
            return slowest

    assert asyncio.run(import_while_polling()) < 0.5
    peer.close()


def test_every_answer_names_no_token_it_was_not_given(server: LiveServer) -> None:
    peer = Peer(server, "127.0.0.14")
    created = peer.create()
    info = peer.http.get(f"/api/games/{created['game_id']}", headers=auth(created["creator_token"]))
    assert "creator_token" not in info.text and "token" not in json.dumps(info.json()).lower()
    peer.close()


def open_connections(peer: Peer) -> float:
    text = peer.http.get("/metrics").text
    return next(float(line.split()[1]) for line in text.splitlines()
                if line.startswith("plaza_connections "))


async def play(players: list[Any], frames: list[dict[str, Any]], ref: str, rng: Random) -> None:
    """One random legal command of a seat that has one, and every seat's next update."""
    turn = next(seat for seat, frame in enumerate(frames) if frame["legal"])
    command = rng.choice(frames[turn]["legal"])
    await players[turn].send(json.dumps({"op": "command", "ref": ref, "command": command}))
    answers: dict[str, dict[str, Any]] = {}
    while len(answers) < 2:  # the update and the answer, in either order
        frame = await recv(players[turn])
        answers[frame["op"]] = frame
    assert answers["accepted"]["ref"] == ref, answers
    for seat, ws in enumerate(players):
        frames[seat] = answers["update"] if seat == turn else await recv(ws, "update")


def stuck_spectator(port: int, game: str) -> socket.socket:
    """A WebSocket client by hand: it sends the upgrade and its hello, then never reads. Its
    window and segments are small (set before connecting), so the kernels buffer tens of KB
    for it rather than megabytes (a send buffer grows with the segment size)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    answer = b""
    while not answer.endswith(b"\r\n\r\n"):  # the hello only after the upgrade, as clients do
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    sock.sendall(masked_text(json.dumps({"op": "hello", "game": game}).encode()))
    return sock


def masked_text(payload: bytes) -> bytes:
    """A short text frame as a client sends it: masked, as RFC 6455 requires."""
    assert len(payload) < 126
    mask = os.urandom(4)
    return (bytes([0x81, 0x80 | len(payload)]) + mask
            + bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload)))


async def test_a_client_that_stops_reading_is_closed_while_the_game_plays_on(
        tmp_path: Path) -> None:
    """A spectator that never reads is closed (1013) once the server holds --max-buffered
    bytes for it (here 64 KiB), while the players play on; what it finally reads ends with
    that close, or the socket was cut (CLOSE_LINGER) since it did not read."""
    server = guarded_server(tmp_path / "plaza.db", PLAZA_MAX_BUFFERED=str(64 << 10)).start()
    peer = Peer(server, "127.0.0.11")
    try:
        game = peer.create("barcelona", seats=4)["game_id"]  # spectator frames of ~10 KB
        tokens = peer.join_all(game, 4)
        stuck = stuck_spectator(server.port, game)
        players = [await peer.connect(game, token) for token in tokens]
        frames = [await recv(ws, "welcome") for ws in players]
        assert open_connections(peer) == 5
        rng, moves = Random(7), 0
        while open_connections(peer) == 5 and frames[0]["outcome"] is None:
            await play(players, frames, str(moves), rng)
            moves += 1
        assert open_connections(peer) == 4, f"the spectator still connected after {moves} moves"
        assert moves < 100, moves
        if frames[0]["outcome"] is None:
            await play(players, frames, "after", rng)  # the game goes on
        stuck.settimeout(5)
        received = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := stuck.recv(1 << 16):
                received += chunk
        assert not received or received.endswith(b"\x03\xf5too far behind: reconnect with since")
        stuck.close()
        for ws in players:
            await ws.close()
    finally:
        peer.close()
        server.stop()


async def test_compressed_and_plain_connections_follow_one_game_alike(tmp_path: Path) -> None:
    """With --deflate, a client that asks for permessage-deflate gets compressed frames
    (websockets frames them) and one that does not gets plain ones (written directly); both
    see every update of the game in order."""
    server = guarded_server(tmp_path / "plaza.db", PLAZA_DEFLATE="1").start()
    peer = Peer(server, "127.0.0.12")
    try:
        game = peer.create("barcelona", seats=2)["game_id"]
        tokens = peer.join_all(game, 2)
        players = [await peer.connect(game, token) for token in tokens]  # deflate by default
        plain = await websockets.connect(server.ws_url, compression=None)
        await plain.send(json.dumps({"op": "hello", "game": game}))
        assert all(ws.protocol.extensions for ws in players) and not plain.protocol.extensions
        frames = [await recv(ws, "welcome") for ws in players]
        seen = (await recv(plain, "welcome"))["seq"]
        rng = Random(3)
        for move in range(20):
            await play(players, frames, str(move), rng)
            update = await recv(plain, "update")
            assert update["seq"] == frames[0]["seq"] > seen
            seen = update["seq"]
        for ws in [*players, plain]:
            await ws.close()
    finally:
        peer.close()
        server.stop()


async def test_a_client_that_never_answers_pings_is_closed_and_one_that_does_stays(
        tmp_path: Path) -> None:
    """Every --ping-seconds the server pings each connection (keepalive.py's wheel, one timer
    for all): a client that answers stays however long it is silent, one that reads the ping
    but never answers is closed with 1011 about a ping period later."""
    server = guarded_server(tmp_path / "plaza.db", PLAZA_PING_SECONDS="1").start()
    peer = Peer(server, "127.0.0.13")
    try:
        game = peer.create()["game_id"]
        answering = await websockets.connect(server.ws_url)  # answers pings by itself
        await answering.send(json.dumps({"op": "hello", "game": game}))
        await recv(answering, "welcome")
        silent = stuck_spectator(server.port, game)
        silent.settimeout(10)  # it reads until the server closes it

        def read_to_the_end() -> bytes:
            received = b""
            with contextlib.suppress(ConnectionResetError):
                while chunk := silent.recv(1 << 16):
                    received += chunk
            return received

        received = await asyncio.to_thread(read_to_the_end)
        for _ in range(20):  # the server counts the connection gone just after closing it
            if open_connections(peer) == 1:
                break
            await asyncio.sleep(0.1)
        assert open_connections(peer) == 1, "the client that never answers a ping is still open"
        assert b"\x89\x04" in received  # a ping with its 4-byte payload came first
        assert received.endswith(b"\x03\xf3keepalive ping timeout")
        silent.close()
        await asyncio.sleep(2.5)  # two more pings, answered
        assert open_connections(peer) == 1
        await asyncio.wait_for(await answering.ping(), 2)
        await answering.close()
    finally:
        peer.close()
        server.stop()


def _opcodes(sock: socket.socket, seconds: float, say: bytes | None = None) -> list[int]:
    """The opcodes of the frames the server sent over `seconds` (its frames are unmasked),
    sending the text frame `say` every 0.3 s meanwhile if given."""
    sock.settimeout(0.05)
    data, opcodes = b"", []
    deadline, next_say = time.monotonic() + seconds, 0.0
    while time.monotonic() < deadline:
        if say is not None and time.monotonic() >= next_say:
            sock.sendall(masked_text(say))
            next_say = time.monotonic() + 0.3
        with contextlib.suppress(TimeoutError):
            data += sock.recv(1 << 16)
        while len(data) >= 2:
            size, start = data[1] & 0x7F, 2
            if size == 126:
                size, start = int.from_bytes(data[2:4], "big"), 4
            elif size == 127:
                size, start = int.from_bytes(data[2:10], "big"), 10
            if len(data) < start + size:
                break
            opcodes.append(data[0] & 0x0F)
            data = data[start + size:]
    return opcodes


async def test_a_connection_heard_from_within_the_ping_period_is_not_pinged(
        tmp_path: Path) -> None:
    """A ping asks whether the peer is still there; a frame from it within the period has
    answered that already, so only a silent connection is pinged (at 1,000 games a seat
    sends a command every few seconds: half the pings and pongs were for nothing)."""
    server = guarded_server(tmp_path / "plaza.db", PLAZA_PING_SECONDS="1").start()
    peer = Peer(server, "127.0.0.14")
    try:
        game = peer.create()["game_id"]
        client = stuck_spectator(server.port, game)
        talking = await asyncio.to_thread(_opcodes, client, 3.5, b'{"op":"ping"}')
        assert 0x1 in talking and 0x9 not in talking, talking  # answered in text, never pinged
        silent = await asyncio.to_thread(_opcodes, client, 3.5)
        assert 0x9 in silent, silent
        client.close()
    finally:
        peer.close()
        server.stop()
