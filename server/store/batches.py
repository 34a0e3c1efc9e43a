"""What both group-commit writers (SQLite's and PostgreSQL's) do alike: take the writes
waiting now as one batch, and answer each write's caller with its own fate."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Protocol, TypeVar


class Waiting(Protocol):
    @property
    def future(self) -> asyncio.Future[None]: ...


W = TypeVar("W", bound=Waiting)


async def next_batch(queue: asyncio.Queue[W], most: int) -> list[W]:
    """The next write, and every other one already waiting, up to `most`."""
    ops = [await queue.get()]
    while len(ops) < most and not queue.empty():
        ops.append(queue.get_nowait())
    return ops


def answer(ops: Iterable[Waiting], failed: Iterable[Exception | None]) -> None:
    """Settle each write's future: done, or failed with the error of its own."""
    for op, error in zip(ops, failed, strict=True):
        if op.future.done():
            continue
        if error is None:
            op.future.set_result(None)
        else:
            op.future.set_exception(error)
