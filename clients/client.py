"""The Plaza client library: HTTP helpers and a reconnecting WebSocket game connection.

It speaks PROTOCOL.md and nothing else; of the server it imports only `server.protocol`
(the wire types). Typical use:

    async with PlazaClient("http://127.0.0.1:8000") as plaza:
        info = await plaza.new_game("tinydraw", seats=2)
        joined = await plaza.join(info.game_id, "Ada")
        async with plaza.connect(info.game_id, token=joined.token) as game:
            answer = await game.command(game.legal[0])
            async for update in game.updates():
                ...

`GameConnection` reconnects by itself after a lost connection, saying `since` = the last
seq it has seen, so its updates carry every envelope exactly once and in order. A command
keeps its ref across reconnects; the server answers a repeated ref with its first answer,
so a command is never applied twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import httpx
import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from server import protocol as p

DEFAULT_URL = "http://127.0.0.1:8000"
MAX_INCOMING = 64 * 1024 * 1024  # views of big games can be large; the server limits what we send


def default_url() -> str:
    """The server address: `PLAZA_URL`, else the local default."""
    return os.environ.get("PLAZA_URL") or DEFAULT_URL


def ws_url(base_url: str) -> str:
    """The `/ws` address of a server given by its HTTP base address."""
    base = base_url.rstrip("/")
    if base.startswith("https://"):
        return "wss://" + base[len("https://"):] + "/ws"
    if base.startswith("http://"):
        return "ws://" + base[len("http://"):] + "/ws"
    if base.startswith(("ws://", "wss://")):
        return base if base.endswith("/ws") else base + "/ws"
    return "ws://" + base + "/ws"


# Errors ---------------------------------------------------------------------------


class PlazaError(Exception):
    """An answer of the server that is not a success, with its protocol code and sentence."""

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def __str__(self) -> str:
        return self.message


class ServerUnavailable(PlazaError):
    """No Plaza server answers at the address."""

    def __init__(self, url: str, detail: str = "") -> None:
        why = f" ({detail})" if detail else ""
        super().__init__(
            "unavailable",
            f"No Plaza server answers at {url}{why}. Is it running? "
            "Start one with `plaza serve`, or say where it is with --server or PLAZA_URL.",
        )
        self.url = url


class ConnectionLost(PlazaError):
    """The game connection is closed, and was not (or could not be) re-established."""

    def __init__(self, message: str = "The connection to the game is closed.") -> None:
        super().__init__("closed", message)


# Envelopes and updates ---------------------------------------------------------------


Envelope = p.Envelope


def to_envelope(obj: Any) -> p.Envelope:
    """An envelope from its decoded JSON (a dict), or the envelope itself."""
    if isinstance(obj, p.Envelope):
        return obj
    return msgspec.convert(obj, p.Envelope)


def to_envelopes(objs: Iterable[Any]) -> list[p.Envelope]:
    return [to_envelope(obj) for obj in objs]


class SeqTracker:
    """The last seq seen of one game, and which envelopes are new.

    `seq` is None before the first welcome of a connection opened without `since`.
    """

    def __init__(self, seq: int | None = None) -> None:
        self.seq = seq

    def admit(self, envelopes: Iterable[p.Envelope]) -> tuple[list[p.Envelope], bool]:
        """The envelopes after `seq`, in order, each once; and whether one is missing.

        Envelopes at or below `seq` are duplicates and dropped. On a gap (an envelope
        further on than `seq + 1`) the ones before it are admitted and the rest are not.
        """
        fresh: list[p.Envelope] = []
        for env in sorted(envelopes, key=lambda e: e.seq):
            if self.seq is not None and env.seq <= self.seq:
                continue
            if self.seq is not None and env.seq != self.seq + 1:
                return fresh, True
            fresh.append(env)
            self.seq = env.seq
        return fresh, False


@dataclass(frozen=True)
class GameUpdate:
    """What changed: new envelopes (each delivered once, in seq order) and the game now.

    `welcome` is true for the first update of every (re)connection; after a reconnect
    its `events` are exactly the envelopes missed while away.
    """

    seq: int
    events: list[p.Envelope]
    view: Any
    legal: list[dict[str, Any]]
    active: list[int]
    outcome: Any
    welcome: bool = False


Answer = p.Accepted | p.Rejected


@dataclass
class _Pending:
    ref: str
    frame: bytes
    future: asyncio.Future[Answer]


class _Gap(Exception):
    """An envelope is missing: resynchronise by reconnecting with `since`."""


# The WebSocket game connection -------------------------------------------------------


class GameConnection:
    """One WebSocket connection following one game, as a seat (with a token) or a spectator.

    Open it with `await conn.open()` or `async with conn:`. The current `view`, `legal`,
    `active`, `outcome` and `seq` are kept up to date; `updates()` yields every change.
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
        self.errors: list[p.Error] = []
        self.reconnects = 0
        self._tracker = SeqTracker(since)
        self._prefix = secrets.token_hex(6)
        self._counter = itertools.count(1)
        self._pending: dict[str, _Pending] = {}
        self._unanswered: deque[str] = deque()
        self._pings: deque[asyncio.Future[None]] = deque()
        self._updates: asyncio.Queue[GameUpdate | None] = asyncio.Queue()
        self._seq_event = asyncio.Event()
        self._ws: ClientConnection | None = None
        self._runner: asyncio.Task[None] | None = None
        self._closing = False
        self._fatal: PlazaError | None = None
        self._finished = False
        self._tasks: set[asyncio.Future[None]] = set()

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
        return f"{self._prefix}-{next(self._counter)}"

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
        ref = ref or self.new_ref()
        return await self._request(ref, p.encoder.encode(p.Undo(ref=ref)), timeout, sync)

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
        if ref in self._pending:
            future = self._pending[ref].future
        else:
            future = asyncio.get_running_loop().create_future()
            self._pending[ref] = _Pending(ref, frame, future)
            await self._send(ref)
        try:
            answer = await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            self._pending.pop(ref, None)
            raise PlazaError("timeout", f"The server did not answer command {ref} in time.") \
                from None
        if sync and isinstance(answer, p.Accepted):
            await self.wait_for_seq(answer.seq, timeout=5.0)
        return answer

    async def _send(self, ref: str) -> None:
        """Send a pending frame now if connected; otherwise it goes after the reconnect."""
        ws = self._ws
        pending = self._pending.get(ref)
        if ws is None or pending is None:
            return
        self._unanswered.append(ref)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(pending.frame)

    def _require_ws(self) -> ClientConnection:
        if self._ws is None:
            raise self._fatal or ConnectionLost("Not connected to the game right now.")
        return self._ws

    def _answer(self, frame: Answer) -> None:
        with contextlib.suppress(ValueError):
            self._unanswered.remove(frame.ref)
        pending = self._pending.pop(frame.ref, None)
        if pending is not None and not pending.future.done():
            pending.future.set_result(frame)

    def _on_error(self, frame: p.Error) -> None:
        self.errors.append(frame)
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

    # -- internals: the connection -------------------------------------------------------

    def _status(self, text: str) -> None:
        if self.on_status is not None:
            self.on_status(text)

    async def _handshake(self) -> ClientConnection:
        try:
            ws = await connect(self.url, max_size=MAX_INCOMING, open_timeout=self.open_timeout)
        except InvalidStatus as exc:
            status = exc.response.status_code
            raise PlazaError(f"http_{status}", f"The server refused the WebSocket ({status}).",
                             status) from None
        except InvalidURI as exc:
            raise PlazaError("bad_url", f"{self.base_url!r} is not a server address: {exc}") \
                from None
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            raise ServerUnavailable(self.base_url, str(exc) or type(exc).__name__) from None
        try:
            hello = p.Hello(game=self.game, token=self.token, since=self._tracker.seq)
            await ws.send(p.encoder.encode(hello))
            while True:
                raw = await asyncio.wait_for(ws.recv(), self.open_timeout)
                frame = p.server_decoder.decode(raw)
                if isinstance(frame, p.Welcome):
                    break
                if isinstance(frame, p.Error):
                    await ws.close()
                    raise PlazaError(frame.code, frame.message)
        except (ConnectionClosed, TimeoutError) as exc:
            with contextlib.suppress(Exception):
                await ws.close()
            raise ServerUnavailable(self.base_url, f"the connection closed during hello: {exc}") \
                from None
        except msgspec.DecodeError as exc:
            await ws.close()
            raise PlazaError("bad_answer", f"The server sent an unreadable frame: {exc}") from None
        events = to_envelopes(frame.events)
        since = self._tracker.seq
        if since is not None and frame.seq > since:
            have = {env.seq for env in events}
            if any(seq not in have for seq in range(since + 1, frame.seq + 1)):
                events = await self._fetch(since, frame.seq, events)
        try:
            self._apply_welcome(frame, events)
        except _Gap:
            await ws.close()
            raise
        self._ws = ws
        self._unanswered.clear()
        for ref in list(self._pending):
            await self._send(ref)
        return ws

    async def _fetch(self, since: int, upto: int, have: list[p.Envelope]) -> list[p.Envelope]:
        """The envelopes after `since` up to `upto` from the store, when a welcome lacks some."""
        async with PlazaClient(self.base_url, token=self.token) as http:
            fetched = await http.all_events(self.game, since)
        merged = {env.seq: env for env in [*fetched, *have] if env.seq <= upto}
        return [merged[seq] for seq in sorted(merged)]

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
        self._set_game(frame.view, frame.legal, frame.active, frame.outcome)
        self._updates.put_nowait(GameUpdate(self.seq, fresh, frame.view, list(frame.legal),
                                            list(frame.active), frame.outcome, welcome=True))
        self._seq_event.set()

    def _apply_update(self, frame: p.Update) -> None:
        fresh, gap = self._tracker.admit(to_envelopes(frame.events))
        if gap or frame.seq > self.seq:
            raise _Gap(f"update at seq {frame.seq} after {self.seq}")
        if not fresh:
            return  # a duplicate: everything in it was seen already
        self._set_game(frame.view, frame.legal, frame.active, frame.outcome)
        self._updates.put_nowait(GameUpdate(self.seq, fresh, frame.view, list(frame.legal),
                                            list(frame.active), frame.outcome))
        self._seq_event.set()

    def _set_game(self, view: Any, legal: list[Any], active: list[int], outcome: Any) -> None:
        self.view = view
        self.legal = list(legal)
        self.active = list(active)
        self.outcome = outcome

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
                    self._answer(frame)
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
        error = fatal or ConnectionLost()
        for pending in self._pending.values():
            if not pending.future.done():
                pending.future.set_exception(error)
                pending.future.exception()  # mark retrieved: the caller may be gone
        self._pending.clear()
        for future in self._pings:
            if not future.done():
                future.cancel()
        self._pings.clear()
        self._updates.put_nowait(None)
        self._seq_event.set()


# HTTP ----------------------------------------------------------------------------------


class KindInfo(msgspec.Struct, frozen=True):
    kind: str
    title: str
    seats: list[int]
    options_schema: Any = None
    command_schema: Any = None
    view_schema: Any = None


def _error_of(resp: httpx.Response) -> PlazaError:
    try:
        body = resp.json()
        error = body["error"]
        return PlazaError(str(error["code"]), str(error["message"]), resp.status_code)
    except (ValueError, KeyError, TypeError):
        text = resp.reason_phrase or "error"
        return PlazaError(f"http_{resp.status_code}",
                          f"The server answered {resp.status_code} {text} to "
                          f"{resp.request.method} {resp.request.url.path}.", resp.status_code)


def _convert(obj: Any, type_: Any, what: str) -> Any:
    try:
        return msgspec.convert(obj, type_)
    except msgspec.ValidationError as exc:
        raise PlazaError("bad_answer", f"The server's answer to {what} is not as expected: {exc}") \
            from None


class PlazaClient:
    """HTTP helpers for the `/api` routes, and the door to game connections."""

    def __init__(self, base_url: str | None = None, token: str | None = None,
                 timeout: float = 10.0, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.base_url = (base_url or default_url()).rstrip("/")
        self.token = token
        self.http = httpx.AsyncClient(base_url=self.base_url, timeout=timeout, transport=transport)

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> PlazaClient:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()

    async def request(self, method: str, path: str, *, json: Any = None,
                      content: bytes | None = None, params: dict[str, Any] | None = None,
                      token: str | None = None) -> httpx.Response:
        """One HTTP request; raise `ServerUnavailable` or `PlazaError` for failures."""
        headers = {}
        bearer = token or self.token
        if bearer:
            headers["Authorization"] = f"Bearer {bearer}"
        if content is not None:
            headers["Content-Type"] = "application/x-ndjson"
        query = {k: v for k, v in (params or {}).items() if v is not None}
        try:
            resp = await self.http.request(method, path, json=json, content=content,
                                           params=query, headers=headers)
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            raise ServerUnavailable(self.base_url, str(exc)) from None
        except httpx.TimeoutException:
            raise ServerUnavailable(self.base_url, "it did not answer in time") from None
        except httpx.HTTPError as exc:
            raise PlazaError("http", f"HTTP to {self.base_url} failed: {exc}") from None
        if resp.status_code >= 400:
            raise _error_of(resp)
        return resp

    async def _json(self, method: str, path: str, **kwargs: Any) -> Any:
        resp = await self.request(method, path, **kwargs)
        try:
            return msgspec.json.decode(resp.content)
        except msgspec.DecodeError:
            raise PlazaError("bad_answer", f"{method} {path} did not answer JSON.") from None

    async def health(self) -> bool:
        try:
            await self.request("GET", "/healthz")
        except PlazaError:
            return False
        return True

    async def kinds(self) -> list[KindInfo]:
        body = await self._json("GET", "/api/kinds")
        if isinstance(body, dict):
            body = body.get("kinds", [])
        return list(_convert(body, list[KindInfo], "GET /api/kinds"))

    async def games(self, status: str | None = None) -> list[p.GameInfo]:
        body = await self._json("GET", "/api/games", params={"status": status})
        if isinstance(body, dict):
            body = body.get("games", [])
        return list(_convert(body, list[p.GameInfo], "GET /api/games"))

    async def game(self, game_id: str) -> p.GameInfo:
        body = await self._json("GET", f"/api/games/{game_id}")
        info: p.GameInfo = _convert(body, p.GameInfo, f"GET /api/games/{game_id}")
        return info

    async def new_game(self, kind: str, seats: int, options: dict[str, Any] | None = None,
                       seed: int | None = None) -> p.Created:
        """Create a game: its metadata and `creator_token`, which may seat the server's bots
        (a GameInfo, so callers that want only the metadata need not change)."""
        body = msgspec.to_builtins(p.NewGame(kind, seats, options or {}, seed))
        answer = await self._json("POST", "/api/games", json=body)
        info: p.Created = _convert(answer, p.Created, "POST /api/games")
        return info

    async def join(self, game_id: str, name: str, seat: int | None = None,
                   source_token: str | None = None) -> p.Joined:
        """Take a seat. A fork of an unfinished game is joined with `source_token`, the token
        of the same seat in the game it was forked from (the seat follows from it)."""
        body = msgspec.to_builtins(p.JoinGame(name, seat, source_token))
        answer = await self._json("POST", f"/api/games/{game_id}/join", json=body)
        joined: p.Joined = _convert(answer, p.Joined, "join")
        return joined

    async def add_bots(self, game_id: str, token: str | None = None) -> p.GameInfo:
        """Seat the server's bots on every free seat (an extension of PROTOCOL.md); `token`
        is the game's creator token or one of its seat tokens (else the client's own)."""
        answer = await self._json("POST", f"/api/games/{game_id}/bots", token=token)
        info: p.GameInfo = _convert(answer, p.GameInfo, "bots")
        return info

    async def state(self, game_id: str, at: int | None = None,
                    token: str | None = None) -> p.StateAnswer:
        answer = await self._json("GET", f"/api/games/{game_id}/state", params={"at": at},
                                  token=token)
        state: p.StateAnswer = _convert(answer, p.StateAnswer, "state")
        return state

    async def events(self, game_id: str, since: int = 0, limit: int | None = None,
                     token: str | None = None) -> tuple[int, list[p.Envelope]]:
        """One page of envelopes after `since`: (the game's seq, the envelopes)."""
        answer = await self._json("GET", f"/api/games/{game_id}/events",
                                  params={"since": since, "limit": limit}, token=token)
        page: p.EventsAnswer = _convert(answer, p.EventsAnswer, "events")
        return page.seq, _convert(page.events, list[p.Envelope], "events")

    async def all_events(self, game_id: str, since: int = 0,
                         token: str | None = None) -> list[p.Envelope]:
        """Every envelope after `since`, paging on until the game's seq."""
        out: list[p.Envelope] = []
        while True:
            seq, page = await self.events(game_id, since, token=token)
            page = [env for env in page if env.seq > since]
            out.extend(page)
            if not page or out[-1].seq >= seq:
                return out
            since = out[-1].seq

    async def fork(self, game_id: str, at: int, token: str | None = None) -> p.Forked:
        """A new waiting game from the source's history up to `at`. An unfinished game may be
        forked only by one of its seats (`token`), who then holds the same seat in the fork:
        `joined` says which, with its token."""
        body = msgspec.to_builtins(p.ForkGame(at))
        answer = await self._json("POST", f"/api/games/{game_id}/fork", json=body, token=token)
        info: p.Forked = _convert(answer, p.Forked, "fork")
        return info

    async def replay(self, game_id: str, token: str | None = None) -> bytes:
        """The replay file of a game (JSON Lines)."""
        resp = await self.request("GET", f"/api/games/{game_id}/replay", token=token)
        return resp.content

    async def import_replay(self, data: bytes) -> p.GameInfo:
        answer = await self._json("POST", "/api/replays", content=data)
        info: p.GameInfo = _convert(answer, p.GameInfo, "POST /api/replays")
        return info

    def connect(self, game_id: str, token: str | None = None, since: int | None = None,
                **options: Any) -> GameConnection:
        """A connection to one game (not yet open: `async with` it or `await .open()`)."""
        return GameConnection(self.base_url, game_id, token or self.token, since, **options)
