"""Fan-out between server processes: one interface, in-process and Redis pub/sub.

The broker is only a wake-up call. A message carries a game's new envelopes
(unredacted, server to server); a node that misses one notices the gap in seq
and reads the store, and a node whose Redis connection comes back calls its
`on_reconnect` hooks so every game it serves catches up from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

Handler = Callable[[bytes], Awaitable[None]]
Hook = Callable[[], Awaitable[None]]

log = logging.getLogger("plaza.broker")


class Broker(Protocol):
    # False when no other process can be listening: the publisher's own runtime
    # has already applied and fanned out what it publishes, so it may skip publishing.
    shared: bool

    async def start(self) -> None: ...
    async def close(self) -> None: ...
    async def publish(self, game_id: str, payload: bytes) -> None: ...
    async def subscribe(self, game_id: str, handler: Handler) -> None: ...
    async def unsubscribe(self, game_id: str, handler: Handler) -> None: ...
    def on_reconnect(self, hook: Hook) -> None: ...


class _Handlers:
    """Handlers per game, shared by both brokers."""

    def __init__(self) -> None:
        self.by_game: dict[str, list[Handler]] = {}
        self.hooks: list[Hook] = []

    def add(self, game_id: str, handler: Handler) -> bool:
        """Add a handler; True when it is the game's first."""
        handlers = self.by_game.setdefault(game_id, [])
        handlers.append(handler)
        return len(handlers) == 1

    def remove(self, game_id: str, handler: Handler) -> bool:
        """Remove a handler; True when the game has none left."""
        handlers = self.by_game.get(game_id, [])
        if handler in handlers:
            handlers.remove(handler)
        if not handlers:
            self.by_game.pop(game_id, None)
            return True
        return False

    async def deliver(self, game_id: str, payload: bytes) -> None:
        for handler in list(self.by_game.get(game_id, ())):
            try:
                await handler(payload)
            except Exception:  # one broken viewer must not stop the others
                log.exception("broker handler failed for game %s", game_id)


class InProcessBroker:
    """The embedded default: delivers to handlers in this process, in publish order."""

    shared = False

    def __init__(self) -> None:
        self._handlers = _Handlers()

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def publish(self, game_id: str, payload: bytes) -> None:
        await self._handlers.deliver(game_id, payload)

    async def subscribe(self, game_id: str, handler: Handler) -> None:
        self._handlers.add(game_id, handler)

    async def unsubscribe(self, game_id: str, handler: Handler) -> None:
        self._handlers.remove(game_id, handler)

    def on_reconnect(self, hook: Hook) -> None:
        self._handlers.hooks.append(hook)


class RedisBroker:
    """Redis pub/sub, one channel per game under a key prefix; survives Redis restarts."""

    shared = True

    def __init__(self, url: str, prefix: str = "plaza:", retry_delay: float = 0.2) -> None:
        self.url = url
        self.prefix = prefix
        self.retry_delay = retry_delay
        self._handlers = _Handlers()
        self._client: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._connected = asyncio.Event()
        self.reconnects = 0

    def _channel(self, game_id: str) -> str:
        return f"{self.prefix}game:{game_id}"

    async def start(self) -> None:
        import redis.asyncio as redis

        self._client = redis.Redis.from_url(self.url, socket_connect_timeout=2,
                                            socket_keepalive=True)
        self._task = asyncio.create_task(self._listen(), name="redis-broker")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._connected.wait(), 5)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()

    async def publish(self, game_id: str, payload: bytes) -> None:
        try:
            await self._client.publish(self._channel(game_id), payload)
        except Exception as exc:  # the store has it; peers catch up when Redis is back
            log.warning("publish to Redis failed (%s); peers will catch up from the store", exc)

    async def subscribe(self, game_id: str, handler: Handler) -> None:
        if self._handlers.add(game_id, handler) and self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.subscribe(self._channel(game_id))

    async def unsubscribe(self, game_id: str, handler: Handler) -> None:
        if self._handlers.remove(game_id, handler) and self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.unsubscribe(self._channel(game_id))

    def on_reconnect(self, hook: Hook) -> None:
        self._handlers.hooks.append(hook)

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                await self._session(first)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("Redis subscription lost (%s); retrying", exc)
            self._connected.clear()
            first = False
            await asyncio.sleep(self.retry_delay)

    async def _session(self, first: bool) -> None:
        pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._pubsub = pubsub
        try:
            await pubsub.subscribe(f"{self.prefix}ctl")
            channels = [self._channel(g) for g in self._handlers.by_game]
            if channels:
                await pubsub.subscribe(*channels)
            self._connected.set()
            if not first:
                self.reconnects += 1
                for hook in list(self._handlers.hooks):
                    await hook()
            plen = len(self.prefix) + len("game:")
            while True:
                message = await pubsub.get_message(timeout=1.0)
                if message is None or message.get("type") != "message":
                    continue
                channel = message["channel"]
                channel = channel.decode() if isinstance(channel, bytes) else channel
                if channel.startswith(f"{self.prefix}game:"):
                    await self._handlers.deliver(channel[plen:], message["data"])
        finally:
            self._pubsub = None
            with contextlib.suppress(Exception):
                await pubsub.aclose()


def make_broker(redis_url: str | None, prefix: str = "plaza:") -> Broker:
    return RedisBroker(redis_url, prefix) if redis_url else InProcessBroker()
