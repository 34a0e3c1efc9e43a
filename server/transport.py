"""uvicorn's protocols as Plaza runs them.

- HTTP with a deadline for a request's headers: uvicorn closes idle keep-alive connections,
  but waits forever for the headers of a request that is being sent one byte at a time, and
  a few hundred such clients hold as many sockets open for nothing.
- WebSocket with a synchronous write: every accepted command sends one frame to each of a
  game's connections, and through ASGI each frame costs a task switch, an awaited send and
  four layers of wrappers: a quarter of the server's CPU under load (bench/README.md). The
  scope's extension `plaza.write` frames and writes at once instead; the caller watches the
  bytes still buffered for the peer, as the ASGI path's flow control would.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.http11 import Request

WRITE_EXTENSION = "plaza.write"
CLOSE_LINGER = 5.0  # seconds a closed socket keeps its unread bytes for a peer that stopped


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


class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, with `write_now` in the scope's extensions."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if not self.close_sent:  # the handshake goes on: the scope exists, its task not yet run
            self.scope["extensions"][WRITE_EXTENSION] = {"write": self.write_now,
                                                          "close": self.close_now}

    def write_now(self, data: bytes) -> int:
        """Send `data` (UTF-8) as one text frame now; the bytes still buffered for the peer.
        Raises ClientDisconnected once the connection is closing or before it is accepted."""
        if (self.disconnected or self.close_sent or not self.handshake_complete
                or self.initial_response is not None):
            raise ClientDisconnected()
        try:
            self.conn.send_text(data)
        except InvalidState:
            raise ClientDisconnected() from None
        self.transport.write(b"".join(self.conn.data_to_send()))
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
