"""Clients from chosen loopback addresses: an honest player, a stranger, an attacker."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from tests.support.live import LiveServer

SETTLE = 5.0  # seconds to wait for any one answer


class Peer:
    """HTTP and WebSocket from one source address."""

    def __init__(self, server: LiveServer, address: str) -> None:
        self.server = server
        self.address = address
        self.http = httpx.Client(base_url=server.url, timeout=SETTLE,
                                 transport=httpx.HTTPTransport(local_address=address))

    def close(self) -> None:
        self.http.close()

    def create(self, kind: str = "tinydraw", seats: int = 2, **body: Any) -> dict[str, Any]:
        answer = self.http.post("/api/games", json={"kind": kind, "seats": seats, **body})
        assert answer.status_code == 201, answer.text
        created: dict[str, Any] = answer.json()
        return created

    def join_all(self, game: str, seats: int) -> list[str]:
        tokens = []
        for seat in range(seats):
            answer = self.http.post(f"/api/games/{game}/join", json={"name": f"P{seat}", "seat": seat})
            assert answer.status_code == 200, answer.text
            tokens.append(answer.json()["token"])
        return tokens

    async def connect(self, game: str, token: str | None = None, **hello: Any) -> ClientConnection:
        ws = await websockets.connect(self.server.ws_url, local_addr=(self.address, 0),
                                      max_size=None, open_timeout=SETTLE)
        await ws.send(json.dumps({"op": "hello", "game": game, "token": token, **hello}))
        return ws


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def recv(ws: ClientConnection, op: str | None = None) -> dict[str, Any]:
    """The next frame (of kind `op`, skipping others) within SETTLE seconds."""
    while True:
        async with asyncio.timeout(SETTLE):
            data = await ws.recv()
        frame: dict[str, Any] = json.loads(data)
        if op is None or frame["op"] == op:
            return frame


def error_of(answer: httpx.Response) -> tuple[int, str]:
    """(status, code) of a JSON error answer; fails if the answer is not one."""
    assert answer.headers["content-type"].startswith("application/json"), answer.text[:200]
    return answer.status_code, answer.json()["error"]["code"]
