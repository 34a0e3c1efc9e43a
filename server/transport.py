"""uvicorn's protocols as Plaza runs them.

- HTTP with a deadline for a request's headers: uvicorn closes idle keep-alive connections,
  but waits forever for the headers of a request that is being sent one byte at a time, and
  a few hundred such clients hold as many sockets open for nothing.
- WebSocket with a synchronous write: every accepted command sends one frame to each of a
  game's connections, and through ASGI each frame costs a task switch, an awaited send and
  four layers of wrappers: a quarter of the server's CPU under load (bench/README.md). The
  scope's extension `plaza.write` frames and writes at once instead; the caller watches the
  bytes still buffered for the peer, as the ASGI path's flow control would. Its `next`
  gives the next frame's text as a Future (`Inbox`).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import struct
from collections import deque
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.frames import Frame
from websockets.http11 import Request
from websockets.protocol import OPEN
from websockets.server import ServerProtocol

from .keepalive import Wheel, wheel

WRITE_EXTENSION = "plaza.write"
CLOSE_LINGER = 5.0  # seconds a closed socket keeps its unread bytes for a peer that stopped

_TEXT = 0x81  # FIN and opcode 1: a whole text frame, unmasked as a server sends it (RFC 6455)
_HEAD16 = struct.Struct("!BBH").pack
_HEAD64 = struct.Struct("!BBQ").pack
_last = [b"", b"\x81\x00"]  # the last payload and its frame


def text_frame(data: bytes) -> bytes:
    """`data` as one text frame, the bytes websockets writes on a server connection with no
    extension. Made here, not by websockets (a Frame made, checked and copied through a
    BytesIO for every connection: 1.1 against 0.16 µs a frame), and the last one kept: the
    fan-out hands an audience's bytes to each of its connections in turn."""
    if data is _last[0]:
        return _last[1]
    n = len(data)
    head = (bytes((_TEXT, n)) if n < 126 else _HEAD16(_TEXT, 126, n) if n < 65536
            else _HEAD64(_TEXT, 127, n))
    _last[0], _last[1] = data, head + data
    return _last[1]


def with_header_deadline(seconds: float) -> type[asyncio.Protocol]:
    class TimedHttpToolsProtocol(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def handle_websocket_upgrade(self) -> None:
            super().handle_websocket_upgrade()
            # The WebSocket protocol has the socket now. This one and its parser refer to
            # each other (the parser's callbacks), a cycle only a full collection would
            # free, and those are rare here (server/collector.py): let it go at once, as
            # uvicorn's connection_lost does. 31.3 -> 26.5 KiB an idle connection (bench idle).
            self.parser = None  # type: ignore[assignment]

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            if not self.transport.is_closing():
                self.transport.close()

    return TimedHttpToolsProtocol


def text_of(message: Any) -> str | None:
    """An ASGI receive message as the text of its frame; None once the peer has gone."""
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if text is not None else (message.get("bytes") or b"").decode("utf-8", "replace")


def _nothing() -> None:
    pass


class Inbox:
    """What uvicorn's protocol hands its app (the queue it calls `self.queue`), with the
    next frame's text also to be had as a Future.

    A connection waits seconds for its next frame once the server holds 1,000 games. Through
    uvicorn's `receive` that wait kept alive three coroutines, a Future and the queue's
    bookkeeping, made anew for every frame, so they outlived the young collections and made
    most of what the middle ones walked (bench/README.md, "What the collector walks"). A
    Future awaited directly keeps itself and the awaiting Task's wake-up alone."""

    def __init__(self, loop: asyncio.AbstractEventLoop, taken: Callable[[], None]) -> None:
        self.loop = loop
        self.messages: deque[Any] = deque()
        self.waiter: asyncio.Future[Any] | None = None
        self.as_text = False  # whether the waiter wants `text_of` the message
        self.taken = taken  # the app has taken a message: uvicorn's protocol may read on

    def put_nowait(self, message: Any) -> None:
        waiter = self.waiter
        if waiter is not None and not waiter.done():  # one cancelled (a deadline) waits no more
            self.waiter = None
            waiter.set_result(text_of(message) if self.as_text else message)
        else:
            self.messages.append(message)

    def empty(self) -> bool:
        return not self.messages

    def next(self, as_text: bool) -> asyncio.Future[Any]:
        """The next message (or `text_of` it): at once if one is here, else when it comes."""
        future = self.loop.create_future()
        if self.messages:
            message = self.messages.popleft()
            future.set_result(text_of(message) if as_text else message)
        else:
            self.waiter, self.as_text = future, as_text
        self.taken()
        return future

    async def get(self) -> Any:
        """As asyncio.Queue's, for uvicorn's own `receive` (the handshake's messages)."""
        return await self.next(as_text=False)


class KeptListsServerProtocol(ServerProtocol):
    """websockets' protocol, keeping its two buffers (frames parsed, bytes to write) as the
    same lists for the connection's life.

    websockets hands each buffer over and starts a new empty list, once per frame sent or
    received. With 1,000 games, a connection's next frame comes seconds later, so each of
    those lists outlived two young collections and filled the middle generation: the largest
    kind of object there (bench scale: its passes over 5 ms made p99 grow with the table).
    Handing over a copy lets the copy die young instead."""

    def events_received(self) -> list[Any]:
        events = self.events[:]
        self.events.clear()
        return events

    def data_to_send(self) -> list[bytes]:
        writes = self.writes[:]
        self.writes.clear()
        return writes


class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, with `write_now` in the scope's extensions."""

    keepalive_due: int | None = None
    heard = False  # a text frame came from the peer since keepalive last acted

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # uvicorn builds its ServerProtocol itself; the subclass only overrides two methods,
        # so the instance can take its class without being built again.
        self.conn.__class__ = KeptListsServerProtocol
        self.queue = Inbox(self.loop, self._taken)  # type: ignore[assignment]

    def _taken(self) -> None:
        """As uvicorn's `receive` does once its queue is empty: read from the socket again
        (it stops after each message until the app asks for the next)."""
        if self.read_paused and self.queue.empty():
            self.read_paused = False
            self.transport.resume_reading()

    def next_text(self) -> asyncio.Future[str | None]:
        assert isinstance(self.queue, Inbox)
        return self.queue.next(as_text=True)

    # -- keepalive: uvicorn's pings and deadlines, from the loop's wheel (keepalive.py) ------

    def _wheel(self) -> Wheel:
        return wheel(self.loop, max(self.ping_interval or 0.0, self.ping_timeout or 0.0))

    def schedule_ping(self) -> None:
        assert self.ping_interval is not None
        self._wheel().file(self, self.ping_interval - self.last_ping_rtt)

    def stop_keepalive(self) -> None:
        self._wheel().unfile(self)
        self.pending_ping_payload = None

    def keepalive_act(self) -> None:
        if self.pending_ping_payload is not None:
            self.keepalive_timeout()  # uvicorn's: 1011, and the socket closed
        elif self.close_sent or self.transport.is_closing():
            return
        elif self.heard:
            # A frame from the peer within the period has answered what a ping would ask.
            # At 1,000 games a seat sends a command every few seconds: half of the 400 pings
            # and pongs a second were for nothing, and each pong left parser objects alive
            # for the collector's middle passes (bench/README.md).
            self.heard = False
            self.schedule_ping()
        else:
            self._ping()

    def handle_text(self, event: Frame) -> None:
        self.heard = True
        super().handle_text(event)

    def _ping(self) -> None:
        # A random payload, as uvicorn sends, so a stale or unsolicited pong is ignored.
        self.pending_ping_payload = struct.pack("!I", random.getrandbits(32))
        self.ping_sent_at = self.loop.time()
        self.conn.send_ping(self.pending_ping_payload)
        self.transport.write(b"".join(self.conn.data_to_send()))
        if self.ping_timeout is not None:
            self._wheel().file(self, self.ping_timeout)
        else:
            self.schedule_ping()

    def handle_pong(self, event: Frame) -> None:
        if self.pending_ping_payload is None or bytes(event.data) != self.pending_ping_payload:
            return
        self.last_ping_rtt = self.loop.time() - self.ping_sent_at
        self.pending_ping_payload = None
        if self.ping_timeout is not None:  # else the next ping is filed already
            self.schedule_ping()

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if not self.close_sent:  # the handshake goes on: the scope exists, its task not yet run
            self.scope["extensions"][WRITE_EXTENSION] = {"write": self.write_now,
                                                          "close": self.close_now,
                                                          "next": self.next_text}

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # The inbox and the scope's extension hold this protocol's bound methods, and the
        # protocol holds both: a cycle, so a closed connection's ~90 objects (transport,
        # parsers, headers, request) waited for a full collection, counted as old meanwhile
        # and brought that collection nearer (bench/README.md, "Full passes that walk only
        # what grew old"). Cut, they go as the last reference does. The session may still hold the
        # extension's methods; they find `disconnected` set and raise ClientDisconnected.
        assert isinstance(self.queue, Inbox)
        self.queue.taken = _nothing
        scope: Any = getattr(self, "scope", None)  # none if the handshake never came
        if scope is not None:
            scope["extensions"].pop(WRITE_EXTENSION, None)

    def write_now(self, *frames: bytes) -> int:
        """Send each of `frames` (UTF-8) as a text frame now, all in one write; the bytes
        still buffered for the peer. Raises ClientDisconnected once the connection is
        closing or before it is accepted."""
        if (self.disconnected or self.close_sent or not self.handshake_complete
                or self.initial_response is not None):
            raise ClientDisconnected()
        conn = self.conn
        if conn.state is OPEN and not conn.extensions:  # else websockets frames them
            self.transport.write(text_frame(frames[0]) if len(frames) == 1
                                 else b"".join(map(text_frame, frames)))
            return int(self.transport.get_write_buffer_size())
        try:
            for data in frames:
                conn.send_text(data)
        except InvalidState:
            raise ClientDisconnected() from None
        writes = conn.writes  # the kept list itself: no copy on the hottest path
        self.transport.write(b"".join(writes))
        writes.clear()
        return int(self.transport.get_write_buffer_size())

    def close_now(self, code: int, reason: str) -> None:
        """Send a close frame after what is buffered and let the socket go once the peer has
        read it, or after CLOSE_LINGER seconds if it never reads: a client that stopped
        reading must not hold the bytes written for it."""
        if self.close_sent or self.disconnected:
            return
        self.close_sent = True
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        with contextlib.suppress(InvalidState):
            self.conn.send_close(code, reason)
            self.transport.write(b"".join(self.conn.data_to_send()))
        self.transport.close()
        self.loop.call_later(CLOSE_LINGER, self.transport.abort)
