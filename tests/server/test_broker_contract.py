"""One contract for every broker, run against the in-process broker and real Redis."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest

from server.broker import Broker, InProcessBroker, RedisBroker
from tests.support.live import PrivateRedis


class Inbox:
    def __init__(self) -> None:
        self.got: list[bytes] = []
        self.event = asyncio.Event()

    async def __call__(self, payload: bytes) -> None:
        self.got.append(payload)
        self.event.set()

    async def wait_for(self, count: int, timeout: float = 5.0) -> list[bytes]:
        async def enough() -> None:
            while len(self.got) < count:
                self.event.clear()
                await self.event.wait()

        await asyncio.wait_for(enough(), timeout)
        return self.got


class BrokerContract:
    """Subclasses provide `broker` (started, closed after)."""

    async def test_delivers_in_publish_order_to_every_subscriber(self, broker: Broker) -> None:
        first, second = Inbox(), Inbox()
        await broker.subscribe("g1", first)
        await broker.subscribe("g1", second)
        await asyncio.sleep(0.1)
        for n in range(20):
            await broker.publish("g1", str(n).encode())
        expected = [str(n).encode() for n in range(20)]
        assert await first.wait_for(20) == expected
        assert await second.wait_for(20) == expected

    async def test_delivers_only_to_the_game_published_to(self, broker: Broker) -> None:
        mine, other = Inbox(), Inbox()
        await broker.subscribe("mine", mine)
        await broker.subscribe("other", other)
        await asyncio.sleep(0.1)
        await broker.publish("mine", b"x")
        assert await mine.wait_for(1) == [b"x"]
        await asyncio.sleep(0.1)
        assert other.got == []

    async def test_unsubscribed_handler_receives_nothing_more(self, broker: Broker) -> None:
        inbox, witness = Inbox(), Inbox()
        await broker.subscribe("g", inbox)
        await broker.subscribe("g", witness)
        await asyncio.sleep(0.1)
        await broker.publish("g", b"1")
        await inbox.wait_for(1)
        await broker.unsubscribe("g", inbox)
        await broker.publish("g", b"2")
        await witness.wait_for(2)
        assert inbox.got == [b"1"]

    async def test_a_failing_handler_does_not_stop_the_others(self, broker: Broker) -> None:
        async def broken(payload: bytes) -> None:
            raise RuntimeError("viewer gone")

        inbox = Inbox()
        await broker.subscribe("g", broken)
        await broker.subscribe("g", inbox)
        await asyncio.sleep(0.1)
        await broker.publish("g", b"ok")
        assert await inbox.wait_for(1) == [b"ok"]


class TestInProcessBroker(BrokerContract):
    @pytest.fixture
    async def broker(self) -> AsyncIterator[Broker]:
        broker = InProcessBroker()
        await broker.start()
        yield broker
        await broker.close()


class TestRedisBroker(BrokerContract):
    @pytest.fixture
    async def broker(self, redis_url: str) -> AsyncIterator[Broker]:
        broker = RedisBroker(redis_url, prefix=f"plaza-test-{uuid.uuid4().hex[:8]}:")
        await broker.start()
        yield broker
        await broker.close()



class TestRedisShardedBroker(BrokerContract):
    @pytest.fixture
    async def broker(self, redis_url: str) -> AsyncIterator[Broker]:
        broker = RedisBroker(redis_url, prefix=f"plaza-test-{uuid.uuid4().hex[:8]}:", sharded=True)
        await broker.start()
        yield broker
        await broker.close()


@pytest.mark.parametrize("sharded", [False, True], ids=["plain", "sharded"])
async def test_redis_broker_resubscribes_and_calls_hooks_after_redis_restarts(
        private_redis: PrivateRedis, sharded: bool) -> None:
    broker = RedisBroker(private_redis.url, prefix="t:", retry_delay=0.1, sharded=sharded)
    await broker.start()
    reconnected = asyncio.Event()

    async def hook() -> None:
        reconnected.set()

    broker.on_reconnect(hook)
    inbox = Inbox()
    await broker.subscribe("g", inbox)
    private_redis.stop()
    await broker.publish("g", b"lost")  # must not raise while Redis is down
    private_redis.start()
    await asyncio.wait_for(reconnected.wait(), 10)
    await broker.publish("g", b"after")
    assert await inbox.wait_for(1) == [b"after"]
    await broker.close()
