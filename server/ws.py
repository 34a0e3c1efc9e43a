"""The WebSocket endpoint `/ws`: one connection follows one game (PROTOCOL.md).

Bad frames get an `error` and change nothing; the connection stays open unless
it floods, in which case it is closed with 1008 after a run of refused frames.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import Any

import msgspec
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import faults, metrics
from .limits import Refused, check_plain
from .protocol import MAX_FRAME, Command, Error, Hello, Ping, Pong, Rejected, Undo, client_decoder
from .runtime import BadCommand, GameRuntime
from .service import Problem, Service

log = logging.getLogger("plaza.ws")
_encoder = msgspec.json.Encoder()
PONG = _encoder.encode(Pong())
FLOOD_CLOSE_AFTER = 50  # refused frames in a row before the connection is closed
MAX_BACKLOG = 1024  # frames queued for one connection before it counts as gone


class RateLimit:
    """A token bucket: `rate` frames a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    """One client. Frames go out through a queue drained by the connection's own
    sender task, so a client that stops reading never holds up a game's fan-out;
    one that falls `MAX_BACKLOG` frames behind is closed and may come back with `since`."""

    def __init__(self, ws: WebSocket, service: Service, rate: float, burst: int,
                 hello_seconds: float = 5.0) -> None:
        self.ws = ws
        self.hello_seconds = hello_seconds
        self.service = service
        self.seat: int | None = None
        self.runtime: GameRuntime | None = None
        self.limit = RateLimit(rate, burst)
        self.closed = False
        self.floods = 0
        self.backlog: deque[bytes] = deque()
        self.ready = asyncio.Event()
        self.sender: asyncio.Task[None] | None = None

    async def send(self, data: bytes) -> None:
        if self.closed:
            return
        if len(self.backlog) >= MAX_BACKLOG:
            log.info("closing a connection %d frames behind", len(self.backlog))
            self.closed = True
            self.backlog.clear()
            self.ready.set()
            return
        self.backlog.append(data)
        self.ready.set()

    async def drain(self) -> None:
        """The sender task: writes queued frames in order until the connection closes."""
        backlog, ws = self.backlog, self.ws
        try:
            while not self.closed:
                await self.ready.wait()
                self.ready.clear()
                while backlog:
                    await ws.send({"type": "websocket.send", "text": backlog.popleft().decode()})
        except Exception:  # the peer went away; the receive loop will notice
            self.closed = True
        if self.closed and self.ws.client_state.name == "CONNECTED":
            with contextlib.suppress(Exception):
                await self.ws.close(code=1013, reason="too far behind: reconnect with since")

    async def flush(self) -> None:
        """Write what is queued now (before a close, so the last errors arrive)."""
        while self.backlog:
            with contextlib.suppress(Exception):
                await self.ws.send({"type": "websocket.send", "text": self.backlog.popleft().decode()})

    async def error(self, code: str, message: str, ref: str | None = None) -> None:
        metrics.REJECTIONS.labels(code).inc()
        await self.send(_encoder.encode(Error(code, message, ref)))

    # -- the receive loop -----------------------------------------------------------

    async def serve(self) -> None:
        await self.ws.accept()
        metrics.CONNECTIONS.inc()
        self.sender = asyncio.create_task(self.drain())
        hello_by = time.monotonic() + self.hello_seconds
        try:
            while not self.closed:
                message = await self.receive(hello_by)
                if message is None or message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                if not await self.admit(text):
                    continue
                try:
                    await self.handle(text)
                except Exception as exc:  # a fault of ours: say so, and keep the connection
                    faults.report(exc, "a WebSocket frame")
                    await self.error("internal", "The server failed to handle that frame; "
                                     "nothing was changed.")
        except WebSocketDisconnect:
            pass
        finally:
            self.closed = True
            self.ready.set()
            if self.runtime is not None:
                self.runtime.audiences.detach(self)
            if self.sender is not None:
                self.sender.cancel()
            metrics.CONNECTIONS.dec()

    async def receive(self, hello_by: float) -> Message | None:
        """The next message; None once a connection that never said hello has had its time."""
        if self.runtime is not None:
            return await self.ws.receive()
        try:
            async with asyncio.timeout(max(0.0, hello_by - time.monotonic())):
                return await self.ws.receive()
        except TimeoutError:
            await self.error("no_hello", f"Send a hello within {self.hello_seconds:g} s of connecting.")
            self.closed = True
            await self.flush()
            with contextlib.suppress(Exception):
                await self.ws.close(code=1008, reason="no hello")
            return None

    async def admit(self, text: str) -> bool:
        """Rate and size limits; closes the connection on a flood."""
        if not self.limit.allow():
            self.floods += 1
            if self.floods >= FLOOD_CLOSE_AFTER:
                self.closed = True
                await self.flush()
                await self.ws.close(code=1008, reason="flood")
                return False
            await self.error("rate_limited", "Too many frames: slow down (at most about "
                             f"{int(self.limit.rate)} a second).")
            return False
        self.floods = 0
        if len(text) > MAX_FRAME // 4 and len(text.encode()) > MAX_FRAME:
            await self.error("too_large", f"The frame is over {MAX_FRAME} bytes.")
            return False
        return True

    async def handle(self, text: str) -> None:
        try:
            frame = client_decoder.decode(text)
        except msgspec.ValidationError as exc:
            await self.error("bad_frame", f"The frame does not fit the protocol: {exc}.")
            return
        except msgspec.DecodeError:
            await self.error("bad_json", "The frame is not valid JSON.")
            return
        except RecursionError:
            await self.error("bad_frame", "The frame is nested too deep.")
            return
        if isinstance(frame, Command):
            try:
                check_plain(frame.command, "command")
            except Refused as exc:
                await self.error("bad_frame", str(exc), frame.ref)
                return
        match frame:
            case Ping():
                await self.send(PONG)
            case Hello():
                await self.hello(frame)
            case Command() | Undo():
                await self.act(frame)

    async def hello(self, frame: Hello) -> None:
        if self.runtime is not None:
            await self.error("bad_frame", f"This connection already follows game {self.runtime.game_id}.")
            return
        runtime = await self.service.runtime.get(frame.game)
        if runtime is None:
            await self.error("unknown_game", f"There is no game {frame.game!r}.")
            return
        try:
            seat = await self.service.caller(frame.game, frame.token)
        except Problem as problem:
            await self.error(problem.code, problem.message)
            return
        self.seat = seat
        async with runtime.lock:
            pairs: list[tuple[Any, Any]] = []
            if frame.since is not None and frame.since < runtime.seq:
                envs = await runtime.store.events(runtime.game_id, after=frame.since, upto=runtime.seq)
                pairs = [(env, runtime.codec.decode(env)) for env in envs]
            data = runtime.audiences.welcome(seat, pairs)
            self.runtime = runtime
            runtime.audiences.attach(self)
            await self.send(data)

    async def act(self, frame: Command | Undo) -> None:
        runtime = self.runtime
        if runtime is None:
            await self.error("bad_frame", "Send a hello for a game before commands.")
            return
        if not frame.ref or len(frame.ref) > 128:
            await self.error("bad_frame", "ref: give a ref of 1 to 128 characters.")
            return
        if self.seat is None:
            metrics.REJECTIONS.labels("not_a_seat").inc()
            await self.send(_encoder.encode(Rejected(
                frame.ref, "not_a_seat", "Spectators cannot play: join a seat to send commands.")))
            return
        try:
            if isinstance(frame, Undo):
                answer = await runtime.undo(self.seat, frame.ref)
            else:
                answer = await runtime.command(self.seat, frame.ref, frame.after, frame.command)
        except BadCommand as exc:
            await self.error("bad_frame", str(exc), frame.ref)
            return
        await self.send(answer)


def endpoint(service: Service, rate: float, burst: int, hello_seconds: float = 5.0) -> Any:
    async def ws_endpoint(ws: WebSocket) -> None:
        await Connection(ws, service, rate, burst, hello_seconds).serve()

    return ws_endpoint
