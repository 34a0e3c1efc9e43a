"""Memory per idle WebSocket connection: N spectators hold one game open."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import httpx
import msgspec
import websockets


async def hold(url: str, ws_url: str, kind: str, count: int, read_rss: Any) -> tuple[int, int]:
    """Open `count` spectator connections; the server's RSS (KiB) before and after."""
    async with httpx.AsyncClient(base_url=url) as http:
        answer = await http.post("/api/games", json={"kind": kind, "seats": 2})
        game = answer.json()["game_id"]
    gc.collect()
    await asyncio.sleep(0.5)
    before = read_rss()
    conns = []
    hello = msgspec.json.encode({"op": "hello", "game": game})
    for start in range(0, count, 250):
        batch = await asyncio.gather(*(websockets.connect(ws_url, compression=None, ping_interval=None,
                                                          max_size=None)
                                       for _ in range(min(250, count - start))))
        for ws in batch:
            await ws.send(hello)
        for ws in batch:
            await ws.recv()
        conns.extend(batch)
    await asyncio.sleep(1.0)
    after = read_rss()
    for ws in conns:
        await ws.close()
    return before, after
