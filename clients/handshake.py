"""Opening a game's WebSocket: connect, say hello, wait for the welcome (PROTOCOL.md)."""

from __future__ import annotations

import asyncio
import contextlib

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from server import protocol as p

from .errors import PlazaError, ServerUnavailable
from .http import PlazaClient
from .updates import to_envelopes

MAX_INCOMING = 64 * 1024 * 1024  # views of big games can be large; the server limits what we send


async def say_hello(url: str, base_url: str, hello: p.Hello,
                    open_timeout: float) -> tuple[ClientConnection, p.Welcome]:
    """The open socket and its welcome; `PlazaError` (`bad_token`, `unknown_game`, ...) when
    the server refuses, `ServerUnavailable` when nothing answers."""
    try:
        ws = await connect(url, max_size=MAX_INCOMING, open_timeout=open_timeout)
    except InvalidStatus as exc:
        status = exc.response.status_code
        raise PlazaError(f"http_{status}", f"The server refused the WebSocket ({status}).",
                         status) from None
    except InvalidURI as exc:
        raise PlazaError("bad_url", f"{base_url!r} is not a server address: {exc}") from None
    except (OSError, InvalidHandshake, TimeoutError) as exc:
        raise ServerUnavailable(base_url, str(exc) or type(exc).__name__) from None
    try:
        await ws.send(p.encoder.encode(hello))
        while True:
            frame = p.server_decoder.decode(await asyncio.wait_for(ws.recv(), open_timeout))
            if isinstance(frame, p.Welcome):
                return ws, frame
            if isinstance(frame, p.Error):
                await ws.close()
                raise PlazaError(frame.code, frame.message)
    except (ConnectionClosed, TimeoutError) as exc:
        with contextlib.suppress(Exception):
            await ws.close()
        raise ServerUnavailable(base_url, f"the connection closed during hello: {exc}") from None
    except msgspec.DecodeError as exc:
        await ws.close()
        raise PlazaError("bad_answer", f"The server sent an unreadable frame: {exc}") from None


async def welcome_events(base_url: str, token: str | None, game: str, since: int | None,
                         frame: p.Welcome) -> list[p.Envelope]:
    """The welcome's envelopes after `since`, those it lacks fetched from the store."""
    events = to_envelopes(frame.events)
    if since is None or frame.seq <= since:
        return events
    have = {env.seq for env in events}
    if all(seq in have for seq in range(since + 1, frame.seq + 1)):
        return events
    async with PlazaClient(base_url, token=token) as http:
        fetched = await http.all_events(game, since)
    merged = {env.seq: env for env in [*fetched, *events] if env.seq <= frame.seq}
    return [merged[seq] for seq in sorted(merged)]
