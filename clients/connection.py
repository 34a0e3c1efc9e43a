"""A reconnecting WebSocket connection following one game, as a seat or a spectator.

`GameConnection` reconnects by itself after a lost connection, saying `since` = the last
seq it has seen, so its updates carry every envelope exactly once and in order. A command
keeps its ref across reconnects (see outbox.py), so it is never applied twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from types import TracebackType
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from server import protocol as p

from .errors import ConnectionLost, PlazaError, ServerUnavailable
from .handshake import say_hello, welcome_events
from .http import ws_url
from .outbox import Outbox
from .updates import Answer, GameUpdate, SeqTracker, to_envelopes


class _Gap(Exception):
    """An envelope is missing: resynchronise by reconnecting with `since`."""


class GameConnection:
    """One WebSocket connection following one game, as a seat (with a token) or a spectator.

    Open it with `await conn.open()` or `async with conn:`. The current `view`, `legal`,
    `active`, `outcome`, `table` and `seq` are kept up to date; `updates()` yields every change.
    """

    def __init__(
        self,
        base_url: str,
        game: str,
        token: str | None = None,
        since: int | None = None,
        *,
        reconnect: bool = True,
        reconnect_for: float | None = 60.0,
        open_timeout: float = 10.0,
        on_status: Callable[[str], None] | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.url = ws_url(base_url)
        self.game = game
        self.token = token
        self.reconnect = reconnect
        self.reconnect_for = reconnect_for
        self.open_timeout = open_timeout
        self.on_status = on_status
        self.seat: int | None = None
        self.kind = ""
        self.view: Any = None
        self.legal: list[dict[str, Any]] = []
        self.active: list[int] = []
        self.outcome: Any = None
        self.table: Any = None  # clocks and who plays each seat (an extension; None: none sent)
        self.errors: list[p.Error] = []
        self.reconnects = 0
        self._tracker = SeqTracker(since)
        self._outbox = Outbox(lambda: self._ws)
        self._pings: deque[asyncio.Future[None]] = deque()
        self._updates: asyncio.Queue[GameUpdate | None] = asyncio.Queue()
        self._seq_event = asyncio.Event()
        self._ws: ClientConnection | None = None
        self._runner: asyncio.Task[None] | None = None
        self._closing = False
        self._fatal: PlazaError | None = None
        self._finished = False

    # -- reading ---------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """The last seq seen (0 before any)."""
        return self._tracker.seq or 0

    @property
    def connected(self) -> bool:
        return self._ws is not None

    @property
    def closed(self) -> bool:
        return self._finished

    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.active

    # -- lifecycle -------------------------------------------------------------------

    async def open(self) -> GameConnection:
        """Connect and say hello; raise `PlazaError` (`bad_token`, `unknown_game`, ...)."""
        try:
            ws = await self._handshake()
        except _Gap as exc:
            raise PlazaError("gap", f"The server's welcome misses envelopes: {exc}") from None
        self._runner = asyncio.create_task(self._run(ws), name=f"plaza-ws-{self.game}")
        return self

    async def close(self) -> None:
        self._closing = True
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()
        elif self._runner is not None:
            self._runner.cancel()  # reconnecting: stop trying now
        if self._runner is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
        self._finish(ConnectionLost("The connection was closed by this client."))

    async def __aenter__(self) -> GameConnection:
        return await self.open()

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.close()

    async def drop(self) -> None:
        """Close the socket as a network failure would; the connection then reconnects."""
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close(code=4000, reason="dropped by client")

    # -- acting ----------------------------------------------------------------------

    def new_ref(self) -> str:
        return self._outbox.new_ref()

    async def command(self, command: Any, after: int | None = None, *, ref: str | None = None,
                      timeout: float | None = 30.0, sync: bool = True) -> Answer:
        """Send one game command and return the server's answer for its ref.

        `command` is a dict with a `type` (such as an item of `legal`) or a tagged
        msgspec Struct. With `sync`, an accepted command returns once its update has
        arrived too, so `view` and `legal` already show its effect.
        """
        body = command if isinstance(command, dict) else msgspec.to_builtins(command)
        if not isinstance(body, dict) or "type" not in body:
            raise ValueError(f"a command is an object with a 'type', not {command!r}")
        ref = ref or self.new_ref()
        frame = p.encoder.encode(p.Command(ref=ref, command=body, after=after))
        return await self._request(ref, frame, timeout, sync)

    async def undo(self, *, ref: str | None = None, timeout: float | None = 30.0,
                   sync: bool = True) -> Answer:
        """Ask to undo this seat's last step(s); `Rejected` with `undo_refused` says why not."""
        return await self._op(p.Undo, ref, timeout, sync)

    async def leave(self, *, ref: str | None = None, timeout: float | None = 30.0) -> Answer:
        """Leave the game (an extension): a bot plays this seat until `reclaim()`."""
        return await self._op(p.Leave, ref, timeout, True)

    async def reclaim(self, *, ref: str | None = None, timeout: float | None = 30.0) -> Answer:
        """Take this seat back from the bot that plays it (an extension; any command does too)."""
        return await self._op(p.Reclaim, ref, timeout, True)

    async def _op(self, op: type[p.Undo | p.Leave | p.Reclaim], ref: str | None,
                  timeout: float | None, sync: bool) -> Answer:
        ref = ref or self.new_ref()
        return await self._request(ref, p.encoder.encode(op(ref=ref)), timeout, sync)

    async def ping(self, timeout: float = 10.0) -> float:
        """Round trip of a ping frame, in seconds."""
        ws = self._require_ws()
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pings.append(future)
        started = time.perf_counter()
        await ws.send(p.encoder.encode(p.Ping()))
        await asyncio.wait_for(future, timeout)
        return time.perf_counter() - started

    async def wait_for_seq(self, seq: int, timeout: float | None = 10.0) -> bool:
        """Wait until the connection has seen `seq`; false on timeout or close."""
        async def wait() -> None:
            while self.seq < seq and not self._finished:
                self._seq_event.clear()
                await self._seq_event.wait()

        try:
            await asyncio.wait_for(wait(), timeout)
        except TimeoutError:
            return False
        return self.seq >= seq

    async def updates(self) -> AsyncIterator[GameUpdate]:
        """Every update in order, from the welcome on, until the connection closes.

        Ends quietly after `close()`; raises the reason when the connection failed
        for good (the server gone for longer than `reconnect_for`, a bad token).
        One consumer at a time.
        """
        while True:
            update = await self._updates.get()
            if update is None:
                self._updates.put_nowait(None)  # later calls end too
                if self._fatal is not None and not self._closing:
                    raise self._fatal
                return
            yield update

    def __aiter__(self) -> AsyncIterator[GameUpdate]:
        return self.updates()

    async def next_update(self, timeout: float | None = 10.0) -> GameUpdate:
        """The next update; `ConnectionLost` when the connection is closed, TimeoutError."""
        update = await asyncio.wait_for(self._updates.get(), timeout)
        if update is None:
            self._updates.put_nowait(None)
            raise self._fatal or ConnectionLost()
        return update

    def pending_updates(self) -> list[GameUpdate]:
        """The updates received and not yet consumed, consumed now."""
        out: list[GameUpdate] = []
        while not self._updates.empty():
            update = self._updates.get_nowait()
            if update is None:
                self._updates.put_nowait(None)
                break
            out.append(update)
        return out

    # -- internals: requests -----------------------------------------------------------

    async def _request(self, ref: str, frame: bytes, timeout: float | None, sync: bool) -> Answer:
        if len(frame) > p.MAX_FRAME:
            raise PlazaError("too_large", f"The command is {len(frame)} bytes; the limit is "
                                          f"{p.MAX_FRAME}.")
        if self._fatal is not None or self._finished:
            raise self._fatal or ConnectionLost()
        future = await self._outbox.submit(ref, frame)
        try:
            answer = await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            self._outbox.forget(ref)
            raise PlazaError("timeout", f"The server did not answer command {ref} in time.") \
                from None
        if sync and isinstance(answer, p.Accepted):
            await self.wait_for_seq(answer.seq, timeout=5.0)
        return answer

    def _require_ws(self) -> ClientConnection:
        if self._ws is None:
            raise self._fatal or ConnectionLost("Not connected to the game right now.")
        return self._ws

    def _on_error(self, frame: p.Error) -> None:
        self.errors.append(frame)
        self._outbox.on_error(frame)

    # -- internals: the connection -------------------------------------------------------

    def _status(self, text: str) -> None:
        if self.on_status is not None:
            self.on_status(text)

    async def _handshake(self) -> ClientConnection:
        hello = p.Hello(game=self.game, token=self.token, since=self._tracker.seq)
        ws, frame = await say_hello(self.url, self.base_url, hello, self.open_timeout)
        events = await welcome_events(self.base_url, self.token, self.game, self._tracker.seq, frame)
        try:
            self._apply_welcome(frame, events)
        except _Gap:
            await ws.close()
            raise
        self._ws = ws
        await self._outbox.resend_all()
        return ws

    def _apply_welcome(self, frame: p.Welcome, events: list[p.Envelope] | None = None) -> None:
        self.seat = frame.seat
        self.kind = frame.kind
        if events is None:
            events = to_envelopes(frame.events)
        if self._tracker.seq is None:
            self._tracker.seq = min((env.seq - 1 for env in events), default=frame.seq)
        fresh, gap = self._tracker.admit(events)
        if gap or self.seq < frame.seq:
            raise _Gap(f"welcome at seq {frame.seq} left a gap after {self.seq}")
        self._deliver(frame, fresh, welcome=True)

    def _apply_update(self, frame: p.Update) -> None:
        fresh, gap = self._tracker.admit(to_envelopes(frame.events))
        if gap or frame.seq > self.seq:
            raise _Gap(f"update at seq {frame.seq} after {self.seq}")
        if fresh:
            self._deliver(frame, fresh)
        elif frame.seq == self.seq and frame.table is not None:
            self.table = frame.table  # nothing new but the table (the latest seq: current)

    def _deliver(self, frame: p.Welcome | p.Update, fresh: list[p.Envelope],
                 welcome: bool = False) -> None:
        self.view, self.legal, self.active = frame.view, list(frame.legal), list(frame.active)
        self.outcome, self.table = frame.outcome, frame.table
        self._updates.put_nowait(GameUpdate(self.seq, fresh, frame.view, list(frame.legal),
                                            list(frame.active), frame.outcome, welcome,
                                            frame.table))
        self._seq_event.set()

    async def _read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            try:
                frame = p.server_decoder.decode(raw)
            except msgspec.DecodeError:
                continue  # a frame of a newer protocol: ignore it
            match frame:
                case p.Update():
                    self._apply_update(frame)
                case p.Accepted() | p.Rejected():
                    self._outbox.answer(frame)
                case p.Error():
                    self._on_error(frame)
                case p.Pong():
                    while self._pings:
                        future = self._pings.popleft()
                        if not future.done():
                            future.set_result(None)
                            break
                case p.Welcome():
                    self._apply_welcome(frame)

    async def _run(self, ws: ClientConnection) -> None:
        fatal: PlazaError | None = None
        current: ClientConnection | None = ws
        while current is not None:
            try:
                await self._read(current)
            except (ConnectionClosed, _Gap):
                pass  # lost, or out of step: reconnect with `since`
            except (msgspec.ValidationError, msgspec.DecodeError, TypeError, ValueError) as exc:
                fatal = PlazaError("bad_answer", f"The server sent a frame this client cannot "
                                                 f"read: {exc}")
                break
            finally:
                self._ws = None
                with contextlib.suppress(Exception):
                    await current.close()
            current = None
            if self._closing:
                break
            if not self.reconnect:
                fatal = ConnectionLost("The connection to the server was lost.")
                break
            try:
                current = await self._reconnect()
            except PlazaError as exc:
                fatal = exc
        self._finish(fatal)

    async def _reconnect(self) -> ClientConnection:
        self._status("reconnecting")
        deadline = None if self.reconnect_for is None else time.monotonic() + self.reconnect_for
        delay = 0.05
        while True:
            if self._closing:
                raise ConnectionLost("The connection was closed by this client.")
            try:
                ws = await self._handshake()
            except _Gap:
                ws = None
            except ServerUnavailable as exc:
                if deadline is not None and time.monotonic() > deadline:
                    raise exc
                ws = None
            if ws is not None:
                self.reconnects += 1
                self._status("connected")
                return ws
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)

    def _finish(self, fatal: PlazaError | None) -> None:
        if self._finished:
            return
        self._finished = True
        if self._fatal is None:
            self._fatal = fatal
        self._outbox.fail_all(fatal or ConnectionLost())
        for future in self._pings:
            if not future.done():
                future.cancel()
        self._pings.clear()
        self._updates.put_nowait(None)
        self._seq_event.set()

