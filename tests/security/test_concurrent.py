"""Honest people play on while a stranger sends every bad input at the same server."""

from __future__ import annotations

import asyncio
import json
import random
import time

import httpx
import websockets

from tests.support.live import LiveServer

from .peers import Peer, auth, recv
from .test_isolation import BAD_BODIES

SECONDS = 6.0
ROUNDS = 4


async def attack(server: LiveServer, victim: str, victim_token: str) -> int:
    """Every kind of bad input, over and over, from 127.0.0.66; how many were sent."""
    sent = 0
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.66")
    async with httpx.AsyncClient(base_url=server.url, timeout=10, transport=transport) as http:
        stop = time.monotonic() + SECONDS
        while time.monotonic() < stop:
            method, path, body = random.choice(BAD_BODIES)
            content = body if isinstance(body, str) else None if body is None else json.dumps(body)
            await http.request(method, path.format(game=victim), content=content)
            await http.post("/api/games", json={"kind": "tinydraw", "seats": 2})  # flooding the lobby
            await http.post(f"/api/games/{victim}/bots")
            await http.post(f"/api/games/{victim}/fork", json={"at": 1})
            await http.post(f"/api/games/{victim}/join",
                            json={"name": "\x1b[2J", "source_token": victim_token[:8]})
            await http.post("/api/replays", content=b'{"format":"plaza-replay/1","kind":"tinydraw",'
                            b'"options":{},"seats":100000,"names":[]}\n')
            sent += 6
            await hostile_socket(server, victim)
            sent += 1
    return sent


async def hostile_socket(server: LiveServer, victim: str) -> None:
    ws = await websockets.connect(server.ws_url, local_addr=("127.0.0.66", 0), max_size=None)
    try:
        for frame in ['{"op":"hello","game":"' + victim + '","since":' + str(10**30) + "}",
                      '{"op":"command","ref":"x","command":' + "[" * 1000 + "]" * 1000 + "}",
                      "not json", '{"op":"hello","game":"' + victim + '"}',
                      '{"op":"command","ref":"y","command":{"type":"Draw"}}']:
            await ws.send(frame)
            await recv(ws)
    finally:
        await ws.close()


async def play_honestly(server: LiveServer, address: str) -> int:
    """Create, join and play Tiny Draw games to the end, at most one game a second as people
    do; every request must succeed."""
    peer = Peer(server, address)
    commands = 0
    stop = time.monotonic() + SECONDS
    while time.monotonic() < stop:
        started = time.monotonic()
        game = peer.create("tinydraw", 2, options={"rounds": ROUNDS})["game_id"]
        seats = [await peer.connect(game, token) for token in peer.join_all(game, 2)]
        for ws in seats:
            await recv(ws, "welcome")
        for n in range(2 * ROUNDS):
            turn = n % 2
            for command in ({"type": "Draw"}, {"type": "EndTurn"}):
                ref = f"{n}{command['type']}"
                await seats[turn].send(json.dumps({"op": "command", "ref": ref, "command": command}))
                answer = await recv(seats[turn], "accepted")
                assert answer["ref"] == ref, answer
                commands += 1
        for ws in seats:
            await ws.close()
        info = peer.http.get(f"/api/games/{game}")
        assert info.status_code == 200 and info.json()["status"] == "finished", info.text
        await asyncio.sleep(max(0.0, started + 0.5 - time.monotonic()))
    peer.close()
    return commands


async def test_honest_play_and_bots_go_on_while_a_stranger_sends_every_bad_input(
        server: LiveServer) -> None:
    host = Peer(server, "127.0.0.30")
    victim = host.create("tinydraw", 2, options={"rounds": 40})
    seat = host.http.post(f"/api/games/{victim['game_id']}/join", json={"name": "Ann"}).json()["token"]
    created = host.create("tinydraw", 2, options={"rounds": 30})
    bot_game = created["game_id"]
    seated = host.http.post(f"/api/games/{bot_game}/bots", headers=auth(created["creator_token"]))
    assert seated.status_code == 200, seated.text
    seq_before = host.http.get(f"/api/games/{bot_game}").json()["seq"]

    results = await asyncio.gather(attack(server, victim["game_id"], seat),
                                   play_honestly(server, "127.0.0.31"),
                                   play_honestly(server, "127.0.0.32"))
    sent, *played = results
    assert sent > 50 and all(n > 0 for n in played), results
    after = host.http.get(f"/api/games/{bot_game}").json()
    assert after["seq"] > seq_before + 20 or after["status"] == "finished", "the bots kept moving"
    assert host.http.get("/healthz").status_code == 200
    host.close()
