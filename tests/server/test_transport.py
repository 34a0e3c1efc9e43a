"""uvicorn's protocols as Plaza runs them (server/transport.py), in a real uvicorn server on a
real socket, with an app that only echoes."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator
from typing import Any

import uvicorn
import websockets

from server.transport import DirectWebSocketProtocol, with_header_deadline
from tests.support.live import free_port

HTTP = with_header_deadline(10)


async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (message := await receive())["type"] == "websocket.receive":
        await send({"type": "websocket.send", "text": message["text"]})


@contextlib.asynccontextmanager
async def serving() -> AsyncIterator[str]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(echo, host="127.0.0.1", port=port, http=HTTP,
                                           ws=DirectWebSocketProtocol, log_level="warning"))
    task = asyncio.create_task(server.serve())
    for _ in range(500):  # uvicorn says when its socket listens only by this flag
        if server.started:
            break
        await asyncio.sleep(0.01)
    assert server.started, "uvicorn did not start within 5 s"
    try:
        yield f"ws://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        await task


def alive(kind: type) -> int:
    return sum(isinstance(obj, kind) for obj in gc.get_objects())


async def test_the_http_protocol_a_websocket_was_upgraded_from_is_freed_at_once() -> None:
    """Once upgraded, the HTTP protocol and its parser (a cycle through the parser's
    callbacks) go by reference counting, not at a rare full collection: with the collector
    off, none is left while the WebSockets stay open."""
    async with serving() as url:
        gc.collect()
        gc.disable()
        try:
            before = alive(HTTP)
            sockets = [await websockets.connect(url) for _ in range(5)]
            for ws in sockets:
                await ws.send("hi")
                assert await ws.recv() == "hi"
            assert alive(HTTP) == before
            for ws in sockets:
                await ws.close()
        finally:
            gc.enable()
