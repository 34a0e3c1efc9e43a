"""How frames leave a connection: written at once, or queued for a sender task.

Every accepted command sends a frame to each of a game's connections, so this path is the
hottest in the server. uvicorn's transport (server/transport.py) offers a synchronous
write: a frame goes out during the fan-out itself, with no task per connection. A transport
with only an awaited send (the tests' in-memory pipe) gets a queue and a sender task. Either
way a client that stops reading never holds up a game's fan-out: `put` answers how much is
waiting for the peer, and the connection gives up on it past its limit (`close_behind`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

BEHIND = "too far behind: reconnect with since"


class PeerGone(Exception):
    """The peer went away; the receive loop will notice."""


class Outbox(Protocol):
    def put(self, data: bytes | str) -> int:
        """Send or queue one text frame; the bytes (or characters) waiting for the peer.
        Raises once the peer has gone."""

    def close_behind(self) -> None:
        """Close with 1013: the peer fell too far behind; what waits for it is dropped."""

    async def flush(self) -> None:
        """Write what is queued now (before a close, so the last errors arrive)."""

    def hold(self) -> None:
        """Keep what is put from now on for one write at `release`."""

    def release(self) -> int:
        """Write what was held; the bytes (or characters) waiting for the peer."""

    def stop(self) -> None:
        """The connection is over."""


@dataclass
class Direct:
    """A transport's synchronous write and close (server/transport.py `write_now`,
    `close_now`): nothing is queued here, the transport buffers what the peer has not read.

    While held, frames wait here for one write: a seat's command is answered right after its
    update, and a system call per frame is the fan-out's largest cost (bench/README.md)."""

    write: Callable[..., int]  # frames as bytes, one or more, in one write
    close: Callable[[int, str], None]
    held: list[bytes] | None = None

    def put(self, data: bytes | str) -> int:
        frame = data if isinstance(data, bytes) else data.encode()
        if self.held is not None:
            self.held.append(frame)
            return 0  # weighed when released
        return self.write(frame)

    def hold(self) -> None:
        self.held = []

    def release(self) -> int:
        held, self.held = self.held, None
        return self.write(*held) if held else 0

    def close_behind(self) -> None:
        self.close(1013, BEHIND)

    async def flush(self) -> None:
        return None

    def stop(self) -> None:
        return None


class Queued:
    """Frames in a queue, written in order by a task of their own through `send`."""

    def __init__(self, send: Callable[[str], Awaitable[None]],
                 close: Callable[[int, str], Awaitable[None]]) -> None:
        self._send, self._close = send, close
        self.backlog: deque[str] = deque()
        self.queued = 0  # characters in the backlog
        self.ready = asyncio.Event()
        self.gone = self.behind = self.stopped = False
        self.task = asyncio.create_task(self._drain())

    def put(self, data: bytes | str) -> int:
        if self.gone:
            raise PeerGone
        text = data if isinstance(data, str) else data.decode()
        self.backlog.append(text)
        self.queued += len(text)
        self.ready.set()
        return self.queued

    def hold(self) -> None:
        return None  # the sender task writes frame by frame anyway

    def release(self) -> int:
        return self.queued

    def close_behind(self) -> None:
        self.backlog.clear()
        self.queued = 0
        self.behind = True
        self.ready.set()  # the task closes it

    async def flush(self) -> None:
        while self.backlog:
            with contextlib.suppress(Exception):
                await self._send(self._pop())

    def stop(self) -> None:
        self.stopped = True
        self.task.cancel()

    def _pop(self) -> str:
        text = self.backlog.popleft()
        self.queued -= len(text)
        return text

    async def _drain(self) -> None:
        try:
            while not (self.stopped or self.behind):
                await self.ready.wait()
                self.ready.clear()
                while self.backlog:
                    await self._send(self._pop())
        except Exception:  # the peer went away; the receive loop will notice
            self.gone = True
        if self.behind:  # any other close is the receive loop's to make, after its last frames
            with contextlib.suppress(Exception):
                await self._close(1013, BEHIND)
