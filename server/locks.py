"""A game's lock: asyncio.Lock, taken and let go without a coroutine when nobody waits.

Every command takes its game's lock, and `async with asyncio.Lock()` makes three coroutines
(`__aenter__`, `acquire`, `__aexit__`) even when the lock is free, as it nearly always is.
Each coroutine a command makes costs the server about a microsecond, and the collector one
more young object to walk (bench/README.md). Here a free lock is taken at once, as
`acquire` would take it (the same test: not locked and no live waiter, so a waiter woken by
`release` is never overtaken), and anything else goes through `acquire` itself. That test
reads asyncio.Lock's own `_locked` and `_waiters` (the same in CPython 3.10 to 3.13);
tests/server/test_locks.py would catch a change.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Generator
from typing import Any


class _Ready:
    """An awaitable that is already done: awaiting it never suspends."""

    def __await__(self) -> Generator[Any, None, None]:
        yield from ()


READY = _Ready()


class GameLock(asyncio.Lock):
    def __aenter__(self) -> Awaitable[Any]:  # type: ignore[override]
        waiters = self._waiters
        if not self._locked and (not waiters or all(w.cancelled() for w in waiters)):  # type: ignore[has-type]
            self._locked = True
            return READY
        return self.acquire()

    def __aexit__(self, *exc: object) -> Awaitable[None]:  # type: ignore[override]
        self.release()
        return READY
