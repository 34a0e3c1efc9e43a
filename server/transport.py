"""uvicorn's HTTP protocol with a deadline for a request's headers.

uvicorn closes idle keep-alive connections, but waits forever for the headers of a
request that is being sent one byte at a time: a few hundred such clients hold as
many sockets open for nothing. Here each request's headers must arrive in time.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


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
