"""The requests of a game connection that await the server's answer, by ref.

A request keeps its ref across reconnects: after one, every unanswered frame is sent again
under the same ref, and the server answers a repeated ref with its first answer, so nothing
is applied twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from server import protocol as p

from .errors import PlazaError
from .updates import Answer


@dataclass
class _Pending:
    ref: str
    frame: bytes
    future: asyncio.Future[Answer]


class Outbox:
    """Refs and their frames until answered; `socket()` is the connection's WebSocket now
    (None while it reconnects: the frames go after the reconnect)."""

    def __init__(self, socket: Callable[[], ClientConnection | None]) -> None:
        self._socket = socket
        self._prefix = secrets.token_hex(6)
        self._counter = itertools.count(1)
        self._pending: dict[str, _Pending] = {}
        self._unanswered: deque[str] = deque()  # sent on this socket, in order
        self._tasks: set[asyncio.Future[None]] = set()

    def new_ref(self) -> str:
        return f"{self._prefix}-{next(self._counter)}"

    async def submit(self, ref: str, frame: bytes) -> asyncio.Future[Answer]:
        """The future answer of `ref`: sent now, or the one already on its way."""
        if ref in self._pending:
            return self._pending[ref].future
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._pending[ref] = _Pending(ref, frame, future)
        await self._send(ref)
        return future

    def forget(self, ref: str) -> None:
        self._pending.pop(ref, None)

    async def resend_all(self) -> None:
        """On a new socket: every unanswered frame again, under its ref."""
        self._unanswered.clear()
        for ref in list(self._pending):
            await self._send(ref)

    async def _send(self, ref: str) -> None:
        """Send a pending frame now if connected; otherwise it goes after the reconnect."""
        ws = self._socket()
        pending = self._pending.get(ref)
        if ws is None or pending is None:
            return
        self._unanswered.append(ref)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(pending.frame)

    def answer(self, frame: Answer) -> None:
        with contextlib.suppress(ValueError):
            self._unanswered.remove(frame.ref)
        pending = self._pending.pop(frame.ref, None)
        if pending is not None and not pending.future.done():
            pending.future.set_result(frame)

    def on_error(self, frame: p.Error) -> None:
        if frame.code == "rate_limited":
            # Not recorded under any ref: send everything unanswered again a bit later.
            asyncio.get_running_loop().call_later(0.5, self._resend_soon)
            return
        if frame.code in ("bad_frame", "bad_json", "too_large") and len(self._unanswered) == 1:
            ref = self._unanswered.popleft()
            pending = self._pending.pop(ref, None)
            if pending is not None and not pending.future.done():
                pending.future.set_exception(PlazaError(frame.code, frame.message))

    def _resend_soon(self) -> None:
        refs = list(self._unanswered)
        self._unanswered.clear()
        for ref in refs:
            task = asyncio.ensure_future(self._send(ref))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def fail_all(self, error: PlazaError) -> None:
        for pending in self._pending.values():
            if not pending.future.done():
                pending.future.set_exception(error)
                pending.future.exception()  # mark retrieved: the caller may be gone
        self._pending.clear()
