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
from websockets.protocol import OPEN
from websockets.server import ServerProtocol

from server.transport import (
    WRITE_EXTENSION,
    DirectWebSocketProtocol,
    text_frame,
    with_header_deadline,
)
from tests.support.live import free_port, in_this_process

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


async def echo_next(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """`echo` as Plaza's connections read and write: through the `plaza.write` extension."""
    if scope["type"] != "websocket":
        return await echo(scope, receive, send)
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    direct = scope["extensions"][WRITE_EXTENSION]
    while (text := await direct["next"]()) is not None:
        direct["write"](text.encode())


@contextlib.asynccontextmanager
async def serving(app: Any = echo) -> AsyncIterator[str]:
    port = free_port()
    async with in_this_process(uvicorn.Config(app, host="127.0.0.1", port=port, http=HTTP,
                                              ws=DirectWebSocketProtocol, log_level="warning")):
        yield f"ws://127.0.0.1:{port}/"


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


def waiting_coroutines(*names: str) -> int:
    return sum(type(obj).__name__ == "coroutine" and obj.cr_code.co_name in names
               for obj in gc.get_objects())


async def test_a_connection_waits_for_its_next_frame_on_a_future_alone() -> None:
    """What waits for each connection's next frame lives for seconds with many games, past
    the young collections: a Future, not uvicorn's `receive` and asyncio's `Queue.get`."""
    async with serving(echo_next) as url:
        server_wide = waiting_coroutines("receive", "get")  # the lifespan's
        sockets = [await websockets.connect(url) for _ in range(20)]
        for ws in sockets:
            await ws.send("hi")
            assert await ws.recv() == "hi"
        assert waiting_coroutines("receive", "get") == server_wide
        for ws in sockets:
            await ws.close()
    async with serving(echo) as url:  # the same count on uvicorn's own path, for contrast
        server_wide = waiting_coroutines("receive", "get")
        sockets = [await websockets.connect(url) for _ in range(20)]
        for ws in sockets:
            await ws.send("hi")
            assert await ws.recv() == "hi"
        assert waiting_coroutines("receive", "get") == server_wide + 40
        for ws in sockets:
            await ws.close()


async def test_frames_sent_faster_than_read_all_come_in_order() -> None:
    # uvicorn stops reading the socket after each message until the app asks for the next:
    # the next one must start it again, whether a message was waiting or not.
    async with serving(echo_next) as url, websockets.connect(url) as ws:
        for n in range(300):
            await ws.send(f"m{n}")
        assert [await asyncio.wait_for(ws.recv(), 10) for _ in range(300)] == [
            f"m{n}" for n in range(300)]
        await ws.send("last")
        assert await asyncio.wait_for(ws.recv(), 10) == "last"


SIZES = (0, 1, 125, 126, 127, 65535, 65536, 70000)  # each side of the three header lengths


def test_a_text_frame_is_the_bytes_websockets_writes_for_it() -> None:
    reference = ServerProtocol()
    reference.state = OPEN
    for n in SIZES:
        data = b"x" * n
        reference.send_text(data)
        assert text_frame(data) == reference.data_to_send()[0], n
        assert text_frame(data) is text_frame(data)  # the same payload framed once


async def test_frames_of_every_header_length_arrive_whole_and_in_order() -> None:
    async with serving(echo_next) as url, websockets.connect(url, max_size=None) as ws:
        for n in SIZES:
            await ws.send("é" * (n // 2) + "a" * (n % 2))
        for n in SIZES:
            assert await asyncio.wait_for(ws.recv(), 10) == "é" * (n // 2) + "a" * (n % 2)
