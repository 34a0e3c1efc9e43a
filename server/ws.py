"""The WebSocket endpoint `/ws`: real sockets around the sans-I/O `Session` (session.py).

`Connection` feeds each received frame to its session and carries out what the session
asks: send a frame, close, resolve a hello against the games, run a command. A transport
(Starlette's WebSocket here, an in-memory pair in the tests) moves the text; frames leave
through an outbox (outbox.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect

from domain.core.table import SeatReclaimed, SeatTakenOver

from . import faults, metrics
from .outbox import Direct, Outbox, Queued
from .protocol import Hello, Leave, Reclaim, Undo
from .refusals import BadCommand
from .runtime import GameRuntime
from .service import Problem, Service
from .session import Act, Close, Follow, Output, Send, Session, error
from .transport import WRITE_EXTENSION, text_of

log = logging.getLogger("plaza.ws")


class Transport(Protocol):
    async def accept(self) -> None: ...

    def direct(self) -> Direct | None:
        """Synchronous write and close, once accepted, if the transport has them."""

    def receive(self) -> Awaitable[str | None]:
        """The next text frame; None once the peer has gone."""

    async def send(self, text: str) -> None: ...

    async def close(self, code: int, reason: str) -> None: ...


class StarletteTransport:
    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        # Straight from uvicorn's protocol when it offers it: a Future, not four coroutines,
        # waits for each connection's next frame (transport.py `Inbox`; Starlette's own
        # receive only tracks state we keep).
        extension = ws.scope.get("extensions", {}).get(WRITE_EXTENSION)
        self._next: Callable[[], Awaitable[str | None]] | None = (
            None if extension is None else extension["next"])

    async def accept(self) -> None:
        await self.ws.accept()

    def direct(self) -> Direct | None:
        extension = self.ws.scope.get("extensions", {}).get(WRITE_EXTENSION)
        return None if extension is None else Direct(extension["write"], extension["close"])

    def receive(self) -> Awaitable[str | None]:
        return self._next() if self._next is not None else self._receive()

    async def _receive(self) -> str | None:
        try:
            return text_of(await self.ws.receive())
        except WebSocketDisconnect:
            return None

    async def send(self, text: str) -> None:
        await self.ws.send({"type": "websocket.send", "text": text})

    async def close(self, code: int, reason: str) -> None:
        if self.ws.client_state.name == "CONNECTED":
            await self.ws.close(code=code, reason=reason)


class Connection:
    """One client. Frames leave through an outbox (outbox.py): written at once when the
    transport can, else queued for a sender task; a client with more than `max_buffered`
    bytes waiting for it is closed (1013) and may come back with `since`."""

    def __init__(self, transport: Transport, service: Service, rate: float, burst: int,
                 hello_seconds: float = 5.0, max_buffered: int = 4 << 20) -> None:
        self.transport = transport
        self.service = service
        self.session = Session(rate, burst, hello_seconds, time.monotonic())
        self.runtime: GameRuntime | None = None
        self.max_buffered = max_buffered
        self.out: Outbox | None = None  # once accepted
        self.closed = False

    @property
    def seat(self) -> int | None:
        return self.session.seat

    # -- sending --------------------------------------------------------------------------

    def send(self, data: bytes | str) -> None:
        """Put one frame in the outbox; it never waits (a plain call, not a coroutine: the
        fan-out sends 8 frames a command, and a coroutine each cost about a microsecond)."""
        out = self.out
        if self.closed or out is None:
            return
        try:
            waiting = out.put(data)
        except Exception:  # the peer went away; the receive loop will notice
            self.closed = True
            return
        if waiting > self.max_buffered:
            self._behind(waiting)

    def _release(self) -> None:
        out = self.out
        if out is None:
            return
        try:
            waiting = out.release()
        except Exception:
            self.closed = True
            return
        if waiting > self.max_buffered:
            self._behind(waiting)

    def _behind(self, waiting: int) -> None:
        """Close a connection too far behind."""
        assert self.out is not None
        log.info("closing a connection %d bytes behind", waiting)
        self.closed = True
        self.out.close_behind()

    async def flush(self) -> None:
        if self.out is not None:
            await self.out.flush()

    # -- the receive loop -------------------------------------------------------------------

    async def serve(self) -> None:
        await self.transport.accept()
        self.out = self.transport.direct() or Queued(self.transport.send, self.transport.close)
        metrics.CONNECTIONS.inc()
        try:
            while not self.closed:
                text = await self._receive()
                if text is None:
                    break
                await self.carry_out(self.session.receive(text, time.monotonic()))
        finally:
            self.closed = True
            if self.runtime is not None:
                self.runtime.audiences.detach(self)
            self.out.stop()
            metrics.CONNECTIONS.dec()

    def _receive(self) -> Awaitable[str | None]:
        """The next frame; before the hello, only until the session's deadline.

        Not a coroutine itself: a connection waits for its next frame for seconds, and each
        coroutine waiting that long outlives the young collections."""
        deadline = self.session.hello_by
        if deadline is None or self.session.pending_hello:
            return self.transport.receive()
        return self._receive_by(deadline)

    async def _receive_by(self, deadline: float) -> str | None:
        try:
            async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                return await self.transport.receive()
        except TimeoutError:
            # The loop's timers may fire a millisecond before time.monotonic() reaches the
            # deadline (uvloop rounds to milliseconds): the deadline has passed all the same.
            await self.carry_out(self.session.expire(max(time.monotonic(), deadline)))
            return None

    async def carry_out(self, outputs: list[Output]) -> None:
        for output in outputs:
            try:
                step = self._step(output)
                if step is not None:
                    await step
            except Exception as exc:  # a fault of ours: say so, and keep the connection
                faults.report(exc, "a WebSocket frame")
                self._send(error("internal", "The server failed to handle that frame; "
                                       "nothing was changed."))

    def _step(self, output: Output) -> Awaitable[None] | None:
        """Carry out a frame to send at once; the coroutine of any other output. (Not a
        coroutine itself: a command passes through here, and each coroutine a command makes
        costs the server ~1 µs and the collector a young object.)"""
        match output:
            case Send():
                self._send(output)
            case Close(code, reason):
                return self._close(code, reason)
            case Follow(hello):
                return self._follow(hello)
            case Act(seat, frame):
                return self._act(seat, frame)
        return None

    async def _close(self, code: int, reason: str) -> None:
        self.closed = True
        await self.flush()
        with contextlib.suppress(Exception):
            await self.transport.close(code, reason)

    def _send(self, output: Send) -> None:
        if output.code is not None:
            metrics.REJECTIONS.labels(output.code).inc()
        self.send(output.data)

    async def _follow(self, hello: Hello) -> None:
        runtime = await self.service.runtime.get(hello.game)
        if runtime is None:
            self.session.unresolved()
            self._send(error("unknown_game", f"There is no game {hello.game!r}."))
            return
        try:
            seat = await self.service.caller(hello.game, hello.token)
        except Problem as problem:
            self.session.unresolved()
            self._send(error(problem.code, problem.message))
            return
        async with runtime.lock:
            pairs: list[tuple[Any, Any]] = []
            if hello.since is not None and hello.since < runtime.seq:
                envs = await runtime.store.events(runtime.game_id, after=hello.since, upto=runtime.seq)
                pairs = [(env, runtime.codec.decode(env)) for env in envs]
            self.session.followed(hello.game, seat)
            data = runtime.audiences.welcome(seat, pairs)
            self.runtime = runtime
            runtime.audiences.attach(self)
            self.send(data)

    async def _act(self, seat: int, frame: Any) -> None:
        """Carry out a seat's move; its update and its answer leave in one write (frames for
        this connection meanwhile wait for that write too: the move's own commit, a few ms)."""
        assert self.out is not None
        self.out.hold()
        try:
            self.send(await self._move(seat, frame))
        except BadCommand as exc:
            self._send(error("bad_frame", str(exc), frame.ref))
        finally:
            self._release()

    def _move(self, seat: int, frame: Any) -> Awaitable[bytes]:
        """The runtime's coroutine for the move the frame names; it gives the answer."""
        runtime = self.runtime
        assert runtime is not None
        match frame:
            case Undo():
                return runtime.undo(seat, frame.ref)
            case Leave():
                level = runtime.tableside.options.bot_level
                return runtime.table_move(seat, frame.ref, SeatTakenOver(seat, "left", level))
            case Reclaim():
                return runtime.table_move(seat, frame.ref, SeatReclaimed(seat))
        return runtime.command(seat, frame.ref, frame.after, frame.command)


def endpoint(service: Service, rate: float, burst: int, hello_seconds: float = 5.0,
             max_buffered: int = 4 << 20) -> Any:
    async def ws_endpoint(ws: WebSocket) -> None:
        await Connection(StarletteTransport(ws), service, rate, burst, hello_seconds,
                         max_buffered).serve()

    return ws_endpoint

