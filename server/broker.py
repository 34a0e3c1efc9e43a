"""Fan-out between server processes: one interface, in-process and Redis pub/sub.

Redis carries it in one of two modes. Plain pub/sub (the default) sends every message to
every node of a Redis Cluster, so the cluster's bus carries all of them; sharded pub/sub
(Redis 7: SSUBSCRIBE/SPUBLISH, `PLAZA_REDIS_SHARDED=1`) keeps each game's channel on the
node that owns its slot, so a cluster spreads the fan-out instead of repeating it. On a
single Redis 7 both work the same; against a cluster, sharded mode talks to each node.

The broker is only a wake-up call. A message carries a game's new envelopes
(unredacted, server to server); a node that misses one notices the gap in seq
and reads the store, and a node whose Redis connection comes back calls its
`on_reconnect` hooks so every game it serves catches up from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable
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
    """Redis pub/sub, one channel per game under a key prefix; survives Redis restarts.
    `sharded`: Redis 7's sharded pub/sub, through a cluster client when Redis is a cluster."""

    shared = True

    def __init__(self, url: str, prefix: str = "plaza:", retry_delay: float = 0.2,
                 sharded: bool = False) -> None:
        self.url = url
        self.prefix = prefix
        self.retry_delay = retry_delay
        self.sharded = sharded
        self.cluster = False  # found out on the first connection, in sharded mode
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
            if self.sharded:
                await self._client.spublish(self._channel(game_id), payload)
            else:
                await self._client.publish(self._channel(game_id), payload)
        except Exception as exc:  # the store has it; peers catch up when Redis is back
            log.warning("publish to Redis failed (%s); peers will catch up from the store", exc)

    async def subscribe(self, game_id: str, handler: Handler) -> None:
        if self._handlers.add(game_id, handler) and self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._join(self._pubsub, [self._channel(game_id)])

    async def unsubscribe(self, game_id: str, handler: Handler) -> None:
        if self._handlers.remove(game_id, handler) and self._pubsub is not None:
            with contextlib.suppress(Exception):
                if self.sharded:
                    await self._pubsub.sunsubscribe(self._channel(game_id))
                else:
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

    async def _join(self, pubsub: Any, channels: list[str]) -> None:
        if self.sharded:
            await pubsub.ssubscribe(*channels)
        else:
            await pubsub.subscribe(*channels)

    async def _messages(self, pubsub: Any) -> AsyncIterator[Any]:
        if self.cluster:
            async for message in self._cluster_messages(pubsub):
                yield message
        while True:
            message = await pubsub.get_message(timeout=1.0)
            if message is not None:
                yield message

    async def _cluster_messages(self, pubsub: Any) -> AsyncIterator[Any]:
        """Each node's connection awaited at once. redis-py's own round robin waits out its
        timeout on each quiet node in turn, which held messages back a second per node."""
        waiting: dict[str, asyncio.Task[Any]] = {}
        try:
            while True:
                for name in list(pubsub.node_pubsub_mapping):
                    if name not in waiting:  # a node that holds a channel of ours since last time
                        waiting[name] = asyncio.create_task(pubsub.get_sharded_message(
                            ignore_subscribe_messages=True, timeout=0.25,
                            target_node=self._client.get_node(node_name=name)))
                if not waiting:
                    await asyncio.sleep(0.25)
                    continue
                done, _ = await asyncio.wait(waiting.values(), return_when=asyncio.FIRST_COMPLETED)
                for name, task in list(waiting.items()):
                    if task in done:
                        del waiting[name]
                        message = task.result()
                        if message is not None:
                            yield message
        finally:
            for task in waiting.values():
                task.cancel()

    async def _find_cluster(self) -> None:
        """In sharded mode, a Redis Cluster needs a client that sends each channel's SSUBSCRIBE
        and SPUBLISH to the node owning its slot: swap the plain client for one."""
        if self.cluster:  # the slots may have moved while we were away
            await self._client.initialize()
        if not self.sharded or self.cluster:
            return
        info = await self._client.info("cluster")
        if info.get("cluster_enabled"):
            import redis.asyncio as redis

            plain = self._client
            self._client = redis.RedisCluster.from_url(self.url, socket_connect_timeout=2,
                                                       socket_keepalive=True)
            self.cluster = True
            with contextlib.suppress(Exception):
                await plain.aclose()
            await self._client.initialize()

    async def _session(self, first: bool) -> None:
        await self._find_cluster()
        pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._pubsub = pubsub
        try:
            # The control channel holds the connection open even before any game is watched.
            channels = [f"{self.prefix}ctl", *(self._channel(g) for g in self._handlers.by_game)]
            await self._join(pubsub, channels)
            self._connected.set()
            if not first:
                self.reconnects += 1
                for hook in list(self._handlers.hooks):
                    await hook()
            plen = len(self.prefix) + len("game:")
            async for message in self._messages(pubsub):
                if message.get("type") not in ("message", "smessage"):
                    continue
                channel = message["channel"]
                channel = channel.decode() if isinstance(channel, bytes) else channel
                if channel.startswith(f"{self.prefix}game:"):
                    await self._handlers.deliver(channel[plen:], message["data"])
        finally:
            self._pubsub = None
            with contextlib.suppress(Exception):
                await pubsub.aclose()


def make_broker(redis_url: str | None, prefix: str = "plaza:", sharded: bool | None = None) -> Broker:
    """Redis when a URL is given, else the in-process broker. `sharded` defaults to the
    variable PLAZA_REDIS_SHARDED=1."""
    if not redis_url:
        return InProcessBroker()
    if sharded is None:
        sharded = os.environ.get("PLAZA_REDIS_SHARDED", "") == "1"
    return RedisBroker(redis_url, prefix, sharded=sharded)
