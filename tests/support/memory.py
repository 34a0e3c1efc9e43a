"""Plaza in this test's own process: the real service, runtime, session and connection
driver over the in-memory store and broker, with in-memory WebSockets.

Protocol tests run here in milliseconds; tests/server keeps real processes for what only
processes show (restarts, kill -9, several processes, Redis, real sockets and limits).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import websockets

from server.app import register_extra_games
from server.broker import InProcessBroker
from server.games import Runtime
from server.limits import Limits
from server.runtime import Settings
from server.service import Service
from server.store import MemoryStore
from server.ws import Connection
from tests.support.live import TEST_GAMES
from tests.support.wsclient import WsClient

GONE = object()  # what a closed pipe yields


class MemoryTransport:
    """Both ends of one in-memory WebSocket: the server side is this Transport, the client
    side is `client` (what `WsClient` expects of a websockets connection)."""

    def __init__(self) -> None:
        self.to_server: asyncio.Queue[str | None] = asyncio.Queue()
        self.to_client: asyncio.Queue[Any] = asyncio.Queue()
        self.close_code: int | None = None
        self.client = _ClientEnd(self)

    async def accept(self) -> None:
        return None

    def direct(self) -> None:  # frames go through the connection's queue
        return None

    async def receive(self) -> str | None:
        return await self.to_server.get()

    async def send(self, text: str) -> None:
        if self.close_code is None:
            self.to_client.put_nowait(text)

    async def close(self, code: int, reason: str) -> None:
        if self.close_code is None:
            self.close_code = code
            self.to_client.put_nowait(GONE)
            self.to_server.put_nowait(None)


class _ClientEnd:
    def __init__(self, pipe: MemoryTransport) -> None:
        self.pipe = pipe

    async def send(self, text: str) -> None:
        if self.pipe.close_code is not None:
            raise websockets.ConnectionClosed(None, None)
        self.pipe.to_server.put_nowait(text)

    async def recv(self) -> str:
        item = await self.pipe.to_client.get()
        if item is GONE:
            self.pipe.to_client.put_nowait(GONE)
            raise websockets.ConnectionClosed(None, None)
        return str(item)

    async def close(self) -> None:
        self.pipe.to_server.put_nowait(None)

    @property
    def close_code(self) -> int | None:
        return self.pipe.close_code


class MemoryPlaza:
    def __init__(self, limits: Limits | None = None, bot_delay: float = 0.0,
                 rate: float = 100.0, burst: int = 200) -> None:
        register_extra_games((TEST_GAMES,))
        self.store = MemoryStore()
        self.broker = InProcessBroker()
        self.runtime = Runtime(self.store, self.broker, Settings(bot_delay=bot_delay))
        self.service = Service(self.store, self.runtime, limits or Limits())
        self.rate, self.burst = rate, burst
        self.tasks: list[asyncio.Task[None]] = []

    async def new_game(self, seats: int = 2, kind: str = "tinydraw", seed: int | None = None,
                       options: dict[str, Any] | None = None) -> str:
        row, _ = await self.service.create(kind, seats, options or {}, seed)
        return row.game_id

    async def join_all(self, game: str, seats: int) -> list[str]:
        return [(await self.service.join(game, f"P{seat}", seat))[1] for seat in range(seats)]

    def open(self, hello_seconds: float = 5.0) -> MemoryTransport:
        """A raw connection: nothing sent yet."""
        pipe = MemoryTransport()
        connection = Connection(pipe, self.service, self.rate, self.burst, hello_seconds)
        self.tasks.append(asyncio.create_task(connection.serve()))
        return pipe

    async def connect(self, game: str, token: str | None = None, since: int | None = None) -> WsClient:
        client = WsClient(self.open().client)
        hello: dict[str, Any] = {"op": "hello", "game": game}
        if token is not None:
            hello["token"] = token
        if since is not None:
            hello["since"] = since
        await client.send(hello)
        client.welcome = await client.expect("welcome")
        return client

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.runtime.close()


@contextlib.asynccontextmanager
async def memory_plaza(**kwargs: Any) -> AsyncIterator[MemoryPlaza]:
    plaza = MemoryPlaza(**kwargs)
    try:
        yield plaza
    finally:
        await plaza.close()
