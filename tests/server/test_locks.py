"""GameLock (server/locks.py): asyncio.Lock's behaviour, a free lock taken without suspending."""

from __future__ import annotations

import asyncio

import pytest

from server.locks import GameLock


async def test_a_free_lock_is_taken_without_giving_the_loop_a_turn() -> None:
    lock, ran = GameLock(), []
    other = asyncio.get_running_loop().call_soon(ran.append, "other")
    async with lock:
        assert lock.locked()
        assert ran == []  # nothing else ran: taking it did not suspend
    assert not lock.locked()
    assert ran == []
    other.cancel()


async def test_waiters_take_the_lock_in_the_order_they_came() -> None:
    lock, order = GameLock(), []

    async def hold(name: str) -> None:
        async with lock:
            order.append(name)
            await asyncio.sleep(0)

    await asyncio.gather(*(hold(name) for name in "abcd"))
    assert order == list("abcd")


async def test_a_waiter_woken_by_release_is_not_overtaken_by_a_newcomer() -> None:
    lock, order = GameLock(), []
    await lock.acquire()

    async def wait() -> None:
        async with lock:
            order.append("first")

    first = asyncio.create_task(wait())
    await asyncio.sleep(0)  # first now waits
    lock.release()  # first is woken, but has not run yet: the lock looks free
    async with lock:  # at once, before first runs (a check of `locked()` alone would take it)
        order.append("late")
    await first
    assert order == ["first", "late"]


async def test_a_cancelled_waiter_does_not_keep_the_lock_from_the_next() -> None:
    lock = GameLock()
    await lock.acquire()
    waiter = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.sleep(0)
    lock.release()
    async with lock:  # the only waiter was cancelled: taken at once
        assert lock.locked()
    assert not lock.locked()


async def test_an_error_in_the_block_lets_the_lock_go() -> None:
    lock = GameLock()
    with pytest.raises(ValueError):
        async with lock:
            raise ValueError("boom")
    assert not lock.locked()
